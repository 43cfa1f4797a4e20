"""A heuristic Finders Keepers player for bot seats (the normal level).

Basic game: the bot claims every card of its spread that shows the revealed object (the easy
level misses some, see :mod:`bot.bots`). Expert game: everyone's face-up tiles are on the
table, so a player can see what the others would take next. :func:`expert` plays the tile
worth the most points now minus :data:`THREAT_WEIGHT` times the most any other player could
take right after it. What the refilled grid will show is hidden: it tries each tile on one
redrawing of the hidden reserve and stacks (``game.conceal``), the same one for every tile.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from bot.games.finders_keepers.rules import CARDS

if TYPE_CHECKING:
    from bot.games.finders_keepers.rules import FindersKeepers

State = dict[str, Any]

THREAT_WEIGHT = 0.6
"""How much the best capture left to another player counts against a tile's own points."""


def worth(state: State, thing: str) -> int:
    """Points a tile of ``thing`` takes from the grid now (2 for a card with the owl, else 1)."""
    return sum(CARDS[c].points for c in state["grid"] if c is not None and CARDS[c].shows(thing))


def expert(game: FindersKeepers, state: State, seat: int, keys: list[str], rng: random.Random) -> str:
    """The Expert tile to play among ``keys`` (``tile:<object>``)."""
    redrawn = game.conceal(state, seat, random.Random(rng.getrandbits(63)))
    text = json.dumps(redrawn)

    def value(key: str) -> float:
        after = json.loads(text)
        game.apply(after, seat, key)
        threat = max(
            (worth(after, thing) for other, hand in enumerate(after["hands"]) if other != seat for thing in hand),
            default=0,
        )
        return worth(state, key[5:]) - THREAT_WEIGHT * threat

    scored = [(value(key), key) for key in keys]
    top = max(score for score, _ in scored)
    return rng.choice([key for score, key in scored if score == top])
