"""What the hard bot's search needs from Puerto Rico: a position's worth without playing it out.

A whole game is about 200 moves at 3 players and a rollout from mid-game about a hundred,
each move costing the rules, the prompt and the heuristic's choice: at the hard level's
budget the search would finish only a few dozen rollouts per decision, too few to tell roles
apart through the noise of a whole game. So the search's rollouts stop after
``PuertoRico.rollout_steps`` moves (about a round at 4 players) and :func:`evaluate` scores the position.

The evaluation estimates each seat's final score from what is already certain (VP chips,
printed building VP, the large buildings' bonuses), what is in hand (barrels and doubloons,
converted at rough rates to VP) and what is coming (its production per round times the
rounds that are likely left), then turns the estimates into win chances with a softmax
whose temperature grows with the rounds left: early in the game a lead of a few VP says
little, at the end it says nearly everything.

It reads only the state it is given, which in the search is always one drawn by
``conceal``: the other seats' VP chips there are a guess that keeps their public sum.
"""

from __future__ import annotations

import math
from typing import Any

from bot.engine import State

from .agent import VIOLET_WORTH
from .buildings import BUILDING_VP, CIRCLES, CITY_HALL, CUSTOMS_HOUSE, FORTRESS, GUILD_HALL, RESIDENCE
from .legal import city_spaces_used, large_building_bonus, production, score

BARREL_VP = 0.6
"""A barrel in store: it will be shipped (1 VP, sometimes more) or sold (a few doubloons)."""
DOUBLOON_VP = 0.3
"""A doubloon: buildings cost 1–10 and give 1–4 VP plus what they do."""
PRODUCED_VP = 0.55
"""A barrel a seat can produce per round, for every round left (it is not produced every
round, and not every barrel is shipped)."""
LARGE_BUILDINGS = (GUILD_HALL, RESIDENCE, FORTRESS, CUSTOMS_HOUSE, CITY_HALL)
BASE_TEMPERATURE = 2.5
"""VP of lead worth e:1 odds at the very end of the game ..."""
TEMPERATURE_PER_ROUND = 0.6
"""... and this much more for every round still to play."""


def rounds_left(state: State) -> float:
    """Rounds likely still to play after this one, from the three clocks that end the game:
    the VP chips, the colonists and the fullest city (0 once the end is triggered)."""
    if state["end"] or state["phase"] == "over":
        return 0.0
    seats = state["seats"]
    made = sum(sum(production(p)) for p in seats)
    by_chips = state["vp_chips"] / max(2.0, 0.7 * made)
    by_city = (12 - max(city_spaces_used(p) for p in seats)) / 0.8
    empty = sum(sum(CIRCLES[b] for b in p["city"]) - sum(p["city_men"]) for p in seats)
    by_colonists = state["supply"] / max(float(state["n"]), float(empty), 1.0)
    return max(0.0, min(by_chips, by_city, by_colonists, 100.0 - state["round"]))


def estimated_score(p: dict[str, Any], left: float) -> float:
    """A seat's final score as it looks now: certain VP, goods and doubloons in hand at
    rough rates, and its production over the rounds left."""
    certain = p["vp"] + sum(BUILDING_VP[b] for b in p["city"])
    bonus = 0.0
    for building in LARGE_BUILDINGS:
        if building in p["city"]:
            # an empty large building is usually manned before the end
            value = large_building_bonus(p, building) if p["city_men"][p["city"].index(building)] else 0
            bonus += value if value else 0.5 * _bonus_if_manned(p, building)
    in_hand = BARREL_VP * sum(p["goods"]) + DOUBLOON_VP * p["money"]
    coming = PRODUCED_VP * sum(production(p)) * left
    # what the violet buildings will still do, at the heuristic's rough worth (a harbor pays
    # in every captain phase to come, which a rollout cut after a round barely sees)
    uses = min(1.0, left / 8.0)
    violet = sum(VIOLET_WORTH.get(b, 0.0) for b in p["city"]) * uses
    return certain + bonus + in_hand + coming + violet


def _bonus_if_manned(p: dict[str, Any], building: int) -> int:
    manned = dict(p)
    men = list(p["city_men"])
    men[p["city"].index(building)] = 1
    manned["city_men"] = men
    return large_building_bonus(manned, building)


def evaluate(state: State) -> list[float]:
    """Each seat's chance to win, estimated: a softmax over :func:`estimated_score`."""
    seats = state["seats"]
    if state["phase"] == "over":
        scores = [float(score(p)) for p in seats]
        temperature = 0.25
    else:
        left = rounds_left(state)
        scores = [estimated_score(p, left) for p in seats]
        temperature = BASE_TEMPERATURE + TEMPERATURE_PER_ROUND * left
    top = max(scores)
    weights = [math.exp((s - top) / temperature) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


__all__ = ["estimated_score", "evaluate", "rounds_left"]
