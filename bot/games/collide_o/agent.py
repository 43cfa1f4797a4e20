"""A heuristic Collide-o player for bot seats (the normal level).

Everyone races to be rid of their cards, and a wild card fits almost anywhere: it is the
card to keep for when nothing else fits. So among the plays that fit, :func:`choose` plays
the *least flexible* card (fewest colours over its three sections); between plays of equal
stiffness it leaves the ends that the fewest unseen cards fit (:data:`BLOCK_WEIGHT`), so the
others are more often stuck. Unseen cards are those not on the line, not discarded and not
in its own hand: it reads only what its player sees.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.collide_o.rules import CARDS, MASKS, fitting, lay_ends, parse_play

State = dict[str, Any]

BLOCK_WEIGHT = 1.0
"""What leaving ends that every unseen card fits costs, in colours of flexibility."""


def flexibility(card: int) -> int:
    """How many colours a card's three sections match in all (a wild section matches every one)."""
    return sum(bin(mask).count("1") for mask in MASKS[card])


def unseen(state: State, seat: int) -> list[int]:
    """The cards ``seat`` has not seen: in other hands, in piles or set aside, in any order."""
    seen = {int(text.split(":")[0]) for text in state["line"]} | set(state["discards"]) | set(state["hands"][seat])
    return [card for card in CARDS if card not in seen]


def choose(state: State, seat: int, plays: list[str], rng: random.Random) -> str:
    """The best of ``plays`` (fitting ``play:`` keys of ``seat``): stiffest, then most blocking."""
    others = unseen(state, seat)

    def value(key: str) -> float:
        parsed = parse_play(key)
        assert parsed is not None
        card, side, turned = parsed
        ends = lay_ends(state["ends"], card, side, turned)
        open_to = len({c for c, _, _ in fitting(others, ends)}) / max(len(others), 1)
        return -flexibility(card) - BLOCK_WEIGHT * open_to

    scored = [(value(key), key) for key in plays]
    top = max(score for score, _ in scored)
    return rng.choice([key for score, key in scored if score == top])
