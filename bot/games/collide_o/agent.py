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

import math
import random
from functools import cache
from math import comb
from typing import Any

from bot.games.collide_o.rules import CARDS, LEFT, MASKS, RIGHT, Ref, lay_ends, parse_play

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


def card_bits(cards: list[int]) -> int:
    """A set of cards as one integer, bit ``card`` set for each: set algebra in a few machine
    operations (the bots weigh every play against the whole unseen pool)."""
    bits = 0
    for card in cards:
        bits |= 1 << card
    return bits


@cache
def _fit_one_end(end: int, next_to: int) -> int:
    """The cards (as bits) that fit an end whose end section and next section have these
    colour sets, laid either way round: the middle on the end section, either end section of
    the card on the next one."""
    bits = 0
    for card in CARDS:
        first, middle, last = MASKS[card]
        if middle & end and (first | last) & next_to:
            bits |= 1 << card
    return bits


def fit_bits(ends: list[Ref], sides: tuple[str, ...] = (LEFT, RIGHT)) -> int:
    """The cards (as bits) that fit ``ends`` on any of ``sides``: what :func:`fitting` finds,
    for every card at once."""
    (a, i), (b, j), (d, m), (c, k) = ends
    bits = 0
    if LEFT in sides:
        bits |= _fit_one_end(MASKS[a][i], MASKS[b][j])
    if RIGHT in sides:
        bits |= _fit_one_end(MASKS[c][k], MASKS[d][m])
    return bits


def stuck_chance(pool: list[int], ends: list[Ref], hand_size: int) -> float:
    """The chance that ``hand_size`` cards drawn from ``pool`` hold none that fits ``ends``."""
    return _stuck_chance(card_bits(pool), len(pool), ends, hand_size)


def _stuck_chance(pool: int, size: int, ends: list[Ref], hand_size: int) -> float:
    """:func:`stuck_chance` for a pool given as bits (``size`` of them)."""
    if not size or hand_size <= 0:
        return 1.0
    fit = (pool & fit_bits(ends)).bit_count()
    drawn = min(hand_size, size)
    return comb(size - fit, drawn) / comb(size, drawn)


def passed_since_change(state: State, seat: int) -> set[int]:
    """The seats that passed since the line last changed, in turns mode: the ``passes`` seats
    just before ``seat`` in turn order (each one's hand fits neither end now)."""
    players = state["players"]
    return {(seat - back) % players for back in range(1, state.get("passes", 0) + 1)}


def choose(state: State, seat: int, plays: list[str], rng: random.Random) -> str:
    """The best of ``plays`` (fitting ``play:`` keys of ``seat``), by the weighing above."""
    pool = card_bits(unseen(state, seat))
    following = (seat + 1) % state["players"]
    if following in passed_since_change(state, seat):
        pool &= ~fit_bits(state["ends"])
    size = pool.bit_count()
    following_hand = len(state["hands"][following])
    hand = state["hands"][seat]

    def value(key: str) -> float:
        parsed = parse_play(key)
        assert parsed is not None
        card, side, turned = parsed
        ends = lay_ends(state["ends"], card, side, turned)
        stuck = _stuck_chance(pool, size, ends, following_hand)
        rest = card_bits(hand) & ~(1 << card)
        both = 1.0 if rest & fit_bits(ends) else 0.0
        one = sum(1.0 for end in (LEFT, RIGHT) if rest & fit_bits(ends, (end,))) / 2
        follow = stuck * both + (1 - stuck) * one
        return BLOCK_WEIGHT * stuck + FOLLOW_WEIGHT * follow - FLEX_WEIGHT * flexibility(card)

    scored = [(value(key), key) for key in plays]
    top = max(score for score, _ in scored)
    return rng.choice([key for score, key in scored if score >= top - 1e-12])


# -- for the hard level's search ------------------------------------------------------------
# The search (bot.engine.search) sees the game only through states redrawn by ``conceal``:
# every hand in them is one possible deal, so the rollout policy below may read them.

FLEX: list[int] = [0] + [flexibility(card) for card in range(1, 91)]
""":func:`flexibility` by card id, looked up in every rollout move."""


def rollout_choice(state: State, seat: int, plays: list[tuple[int, str, bool]], rng: random.Random) -> tuple[int, str, bool]:
    """The heuristic's weighing with the next seat's hand known (in a redrawn state it is one
    possible hand): a play that leaves it nothing that fits is worth :data:`BLOCK_WEIGHT`
    for sure. Much cheaper than :func:`choose` (no pool to count), so the search gets many
    more rollouts for its budget, and it plays the blocks the heuristic can only hope for.

    It runs for every move of every rollout, so it works on the cards that fit each end as
    bits: a play changes one end only (both, on the bare starting card), so the other end's
    bits are found once for all the plays."""
    following = (seat + 1) % state["players"]
    theirs = card_bits(state["hands"][following])
    hand = card_bits(state["hands"][seat])
    (a, i), (b, j), (d, m), (c, k) = state["ends"]
    bare = (b, j) == (d, m)
    left_end, right_end = MASKS[a][i], MASKS[c][k]
    left_now = _fit_one_end(left_end, MASKS[b][j])
    right_now = _fit_one_end(right_end, MASKS[d][m])
    best: list[tuple[int, str, bool]] = []
    top = float("-inf")
    for play in plays:
        card, side, turned = play
        first, middle, last = MASKS[card]
        if turned:
            first, last = last, first
        # as lay_ends lays it: ``first`` sticks out on the left end, ``last`` on the right
        if side == LEFT:
            left = _fit_one_end(first, middle)
            right = _fit_one_end(right_end, last) if bare else right_now
        else:
            right = _fit_one_end(last, middle)
            left = _fit_one_end(left_end, first) if bare else left_now
        rest = hand & ~(1 << card)
        if theirs & (left | right):
            value = FOLLOW_WEIGHT * 0.5 * (bool(rest & left) + bool(rest & right))
        else:
            value = BLOCK_WEIGHT + (FOLLOW_WEIGHT if rest & (left | right) else 0.0)
        value -= FLEX_WEIGHT * FLEX[card]
        if value > top + 1e-12:
            top, best = value, [play]
        elif value >= top - 1e-12:
            best.append(play)
    return best[0] if len(best) == 1 else rng.choice(best)


RACE_FIT: dict[int, tuple[float, float, float]] = {
    2: (1.31, 0.19, 2.4),
    3: (1.80, 0.38, 2.06),
    4: (2.72, 0.71, 0.76),
    5: (2.72, 0.82, 0.03),
}
"""Per player count, the (``k``, ``b``, ``c``) of :func:`race_chances`, fitted by maximum
likelihood to positions of games between normal bots (see the data README)."""


def race_chances(to_shed: list[int], turn: int | None) -> list[float]:
    """Each seat's chance to win when they still have ``to_shed`` cards to get rid of (cards
    left − 1) and ``turn`` is to move: a softmax over ``-k · d / √(mean d + c)``, ``d`` a
    seat's cards to shed, plus ``b`` for the seat to move, less for the seats further from
    the turn.

    A lead of a few cards is decisive near the end and worth little at the start (the
    passes to come add up like a random walk, hence the square root)."""
    players = len(to_shed)
    k, b, c = RACE_FIT[players]
    scale = (sum(to_shed) / players + c) ** 0.5
    scores = []
    for s in range(players):
        ahead = 0.0 if turn is None else b * (players - 1 - (s - turn) % players) / (players - 1)
        scores.append(-k * to_shed[s] / scale + ahead)
    top = max(scores)
    weights = [math.exp(score - top) for score in scores]
    total = sum(weights)
    return [weight / total for weight in weights]
