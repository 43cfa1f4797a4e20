"""Simple Collide-o players for the arena (``python -m bot arena collide-o``), from the rulebook.

Each plays a fitting card whenever it has one (passing or saying stuck only when it must):

- ``first-fit``: the first card of the hand that fits, left end first;
- ``wild-first``: the most flexible card that fits (wild and two-colour sections count most),
  to be rid of the cards that are easy to play;
- ``solid-first``: the least flexible card that fits, keeping wild cards for when nothing
  else fits;
- ``keep-options``: the play after which the most of its other cards still fit the line's
  ends (never be stuck yourself); the least flexible card on a tie;
- ``tight-ends``: the play that leaves ends the fewest unseen cards fit (cards not on the
  line, not discarded, not in its hand), to make everyone else pass; the least flexible card
  on a tie.

They read only their own hand, the line and the discards, which their player sees.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, State
from bot.engine.strategy import own_prompt
from bot.games.collide_o.rules import CARDS, MASKS, PASS, STUCK, fitting, lay_ends, parse_play, play_key


def flexibility(card: int) -> int:
    """How many colours a card's three sections match in all (a wild section matches every one)."""
    return sum(bin(mask).count("1") for mask in MASKS[card])


def _plays(game: Game, state: State, seat: int) -> tuple[list[str], list[str]]:
    """The fitting plays of ``seat`` in hand order, and every key of its prompt."""
    keys = own_prompt(game, state, seat).keys()
    offered = set(keys)
    plays = [play_key(*fit) for fit in fitting(state["hands"][seat], state["ends"])]
    return [key for key in plays if key in offered], keys


def _fallback(keys: list[str], rng: random.Random) -> str:
    for key in (STUCK, PASS):
        if key in keys:
            return key
    return rng.choice(keys)


def _by_flexibility(game: Game, state: State, seat: int, rng: random.Random, sign: int) -> str:
    plays, keys = _plays(game, state, seat)
    if not plays:
        return _fallback(keys, rng)
    top = max(sign * flexibility(int(key.split(":")[1])) for key in plays)
    return rng.choice([key for key in plays if sign * flexibility(int(key.split(":")[1])) == top])


def first_fit(game: Game, state: State, seat: int, rng: random.Random) -> str:
    plays, keys = _plays(game, state, seat)
    return plays[0] if plays else _fallback(keys, rng)


def wild_first(game: Game, state: State, seat: int, rng: random.Random) -> str:
    return _by_flexibility(game, state, seat, rng, +1)


def solid_first(game: Game, state: State, seat: int, rng: random.Random) -> str:
    return _by_flexibility(game, state, seat, rng, -1)


def _by_ends(game: Game, state: State, seat: int, rng: random.Random, cards: Callable[[int], list[int]],
             sign: int) -> str:
    """The play whose new ends the most (``sign`` +1) or fewest (-1) of ``cards(played)`` fit,
    the least flexible card on a tie."""
    plays, keys = _plays(game, state, seat)
    if not plays:
        return _fallback(keys, rng)

    def value(key: str) -> tuple[int, int]:
        parsed = parse_play(key)
        assert parsed is not None
        ends = lay_ends(state["ends"], *parsed)
        fit = len({card for card, _, _ in fitting(cards(parsed[0]), ends)})
        return sign * fit, -flexibility(parsed[0])

    top = max(value(key) for key in plays)
    return rng.choice([key for key in plays if value(key) == top])


def keep_options(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """The play after which the most of its other cards still fit; the least flexible on a tie."""
    hand = state["hands"][seat]
    return _by_ends(game, state, seat, rng, lambda played: [c for c in hand if c != played], +1)


def tight_ends(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """The play leaving ends that the fewest unseen cards fit; the least flexible on a tie."""
    seen = {int(text.split(":")[0]) for text in state["line"]} | set(state["discards"]) | set(state["hands"][seat])
    pool = [card for card in CARDS if card not in seen]
    return _by_ends(game, state, seat, rng, lambda played: pool, -1)


STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]] = {
    "first-fit": first_fit,
    "wild-first": wild_first,
    "solid-first": solid_first,
    "keep-options": keep_options,
    "tight-ends": tight_ends,
}
