"""Standing orders: which action a player's orders play for a prompt.

The session layer keeps, per table and seat, the orders a player set (``/orders``), each as
an :class:`OrderSetting`; after every move it asks :func:`answer` for each waiting prompt of a
human seat and plays the returned key like a move, logged as played by the order. The
decisions benchmark uses the same function, so what it counts is what the bot does.

An order never chooses anything its player could not have chosen: :func:`answer` returns
only one of the prompt's legal keys, and only a game's own :meth:`Game.order_choice` picks it.
Simultaneous, timed and private prompts are never answered by orders here unless the game's
``order_choice`` says so for that prompt; a private prompt's answer depends on the player's own
hidden cards, which is fine for them, but the game must make sure that answering it at once
tells the others nothing the order's ``reveals`` sentence does not say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.contract import Game, Prompt, State


@dataclass(frozen=True, slots=True)
class OrderSetting:
    """One order a player set: the order's key, its number if it takes one, and the scope
    token (:meth:`Game.order_scope`) at the moment it was set."""

    key: str
    amount: int | None = None
    scope: str | None = None


def lapsed(game: Game, state: State, setting: OrderSetting) -> bool:
    """Whether ``setting`` has run out (its scope token changed since it was set)."""
    return setting.scope is not None and game.order_scope(state, setting.key) != setting.scope


def answer(game: Game, state: State, prompt: Prompt, settings: Sequence[OrderSetting]) -> tuple[str, OrderSetting] | None:
    """The action key the first applicable order plays for ``prompt``, with that order; or None.

    Orders are tried in the order the player set them; lapsed ones are skipped. A key the game
    returns that is not among the prompt's legal actions is a bug in the game, and raises.
    """
    legal = set(prompt.keys())
    for setting in settings:
        if lapsed(game, state, setting):
            continue
        key = game.order_choice(state, prompt, setting.key, setting.amount)
        if key is None:
            continue
        if key not in legal:
            raise ValueError(
                f"{game.slug}: order {setting.key!r} chose {key!r}, which is not legal for seat {prompt.seat}"
            )
        return key, setting
    return None
