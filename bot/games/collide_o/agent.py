"""A heuristic Collide-o player for bot seats (the normal level).

Everyone races to be rid of their cards, so a turn lost to a pass is the one thing that
decides a game: the heuristic plays to make the next seat pass and to keep a play for itself.
Among the plays that fit, :func:`choose` weighs, per play:

1. **the next seat's chance to be stuck** (:data:`BLOCK_WEIGHT`): the next seat holds
   ``h`` cards (their number is public) drawn from the cards this seat has not seen, so the
   chance that none of them fits the ends left by the play is hypergeometric
   (:func:`stuck_chance`). When the next seat has passed since the line last changed (the
   passes are public), its hand fits neither end now, so only the unseen cards that fit
   neither end can be in it: a play that leaves ends as hard as the ones it just failed on
   keeps it stuck;
2. **its own next play** (:data:`FOLLOW_WEIGHT`): if the next seat is stuck the ends stay
   as they are, and the rest of its own hand should fit them; if it plays, one end changes
   and the other stays, and the rest of the hand should fit that one;
3. **flexibility** (:data:`FLEX_WEIGHT`): a wild card fits almost anywhere, so it is the card
   to keep for when nothing else fits: a play costs the colours its three sections match.

It reads only what its player sees: its own hand, the line, the discards, the hand sizes and
the passes since the line changed. Unseen cards are those not on the line, not discarded and
not in its own hand.

``python -m bot arena collide-o --players 2 --seats normal,solid-first --games 600 --option
mode=turns`` measured the first two terms at 70.3% of the games against ``solid-first``,
whose rule is the third term alone; with the flexibility rule and a blocking tie-break only
(the heuristic before), 65.0%.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any

from bot.games.collide_o.rules import CARDS, LEFT, MASKS, RIGHT, fitting, lay_ends, parse_play

State = dict[str, Any]

BLOCK_WEIGHT = 3.0
"""What making the next seat pass for sure is worth, in colours of flexibility."""
FOLLOW_WEIGHT = 1.0
"""What having a play of its own on its next turn for sure is worth, in colours of flexibility."""
FLEX_WEIGHT = 1.0
"""What each colour a played card's sections match costs (wild cards are worth keeping)."""


def flexibility(card: int) -> int:
    """How many colours a card's three sections match in all (a wild section matches every one)."""
    return sum(bin(mask).count("1") for mask in MASKS[card])


def unseen(state: State, seat: int) -> list[int]:
    """The cards ``seat`` has not seen: in other hands, in piles or set aside, in any order."""
    seen = {int(text.split(":")[0]) for text in state["line"]} | set(state["discards"]) | set(state["hands"][seat])
    return [card for card in CARDS if card not in seen]


def stuck_chance(pool: list[int], ends: list[list[int]], hand_size: int) -> float:
    """The chance that ``hand_size`` cards drawn from ``pool`` hold none that fits ``ends``."""
    if not pool or hand_size <= 0:
        return 1.0
    fit = len({card for card, _, _ in fitting(pool, ends)})
    drawn = min(hand_size, len(pool))
    return comb(len(pool) - fit, drawn) / comb(len(pool), drawn)


def passed_since_change(state: State, seat: int) -> set[int]:
    """The seats that passed since the line last changed, in turns mode: the ``passes`` seats
    just before ``seat`` in turn order (each one's hand fits neither end now)."""
    players = state["players"]
    return {(seat - back) % players for back in range(1, state.get("passes", 0) + 1)}


def choose(state: State, seat: int, plays: list[str], rng: random.Random) -> str:
    """The best of ``plays`` (fitting ``play:`` keys of ``seat``), by the weighing above."""
    pool = unseen(state, seat)
    following = (seat + 1) % state["players"]
    if following in passed_since_change(state, seat):
        fit_now = {card for card, _, _ in fitting(pool, state["ends"])}
        pool = [card for card in pool if card not in fit_now]
    following_hand = len(state["hands"][following])
    hand = state["hands"][seat]

    def value(key: str) -> float:
        parsed = parse_play(key)
        assert parsed is not None
        card, side, turned = parsed
        ends = lay_ends(state["ends"], card, side, turned)
        stuck = stuck_chance(pool, ends, following_hand)
        rest = [other for other in hand if other != card]
        both = 1.0 if fitting(rest, ends) else 0.0
        one = sum(1.0 for end in (LEFT, RIGHT) if fitting(rest, ends, sides=(end,))) / 2
        follow = stuck * both + (1 - stuck) * one
        return BLOCK_WEIGHT * stuck + FOLLOW_WEIGHT * follow - FLEX_WEIGHT * flexibility(card)

    scored = [(value(key), key) for key in plays]
    top = max(score for score, _ in scored)
    return rng.choice([key for score, key in scored if score >= top - 1e-12])
