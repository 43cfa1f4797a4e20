"""What the hard bot's search needs from The Construction Game: a position's win chances.

A whole game is 700 (two contractors) to 1,900 (four) decisions, each about 0.2 ms of CPU
with the heuristic playing, so a rollout to the end costs 140-400 ms: a search of a fraction
of a second would see a handful. The search instead cuts its rollouts after
``ConstructionGame.rollout_cut`` moves (8 a seat) and asks :func:`win_chances` what they are worth.

The audit ranks net worth (cash + equipment and deeds at their listed price − notes), and
the game ends when the first contractor reaches $1.5M (or at the year-8 safeguard, or after
the table's years). So a position is worth what each contractor's net worth will be when
the game ends: today's net worth, less what a thin cash cushion is likely to lose in forced
auctions (:func:`_crunch_risk`), plus what the yard earns a year (:func:`yearly_income`:
every week of the track at the chance of landing on it, jobs only when they pay) times the
years left (:func:`years_left`). The projections are squashed to win chances by a softmax
whose spread grows with the years left: dice decide much of a long game.

Everything here reads public facts only (cash, notes, fleets, deeds, positions, years, hot
markets): the only hidden thing in the game is the Contingency deck's order, which the
evaluation never looks at.
"""

from __future__ import annotations

import math

from bot.engine import State

from .components import CHART_PIECES, DEEDS, RATES, SLOT, TRACK, TRUCK, TYPES, WEEKS
from .rules import GOAL, INTEREST_PERCENT, SAFEGUARD_YEARS, net_worth, pieces

LAND_CHANCE = 1 / 3.5
"""The chance of landing on a given week in one lap of the year (one die, mean 3.5)."""
MEAN_RATE = {kind: sum(RATES[kind]) / 6 for kind in TYPES}
SPREAD_BASE = 40_000
"""The softmax's spread (dollars) with no time left: the audit is near certain..."""
SPREAD_PER_ROOT_YEAR = 150_000
"""... plus this much times the square root of the years left (dice add up like a random walk)."""
MIN_YEARS = 0.05
LIQUID_BASE = 25_000
LIQUID_PER_PIECE = 3_000
"""Cash a contractor wants in hand against the bills of the weeks ahead (corners, winter): a
bill beyond the cash forces an auction, where a piece fetches about half its price..."""
CRUNCH_LOSS = 1.0
"""... so each dollar short of that cushion counts as this much net worth lost."""


def _job_net(state: State, seat: int, square: dict, hot: bool) -> float:
    """Expected net of one job week for ``seat``, or 0 when it would not pay (refused)."""
    kind = square["type"]
    count = min(CHART_PIECES, state["fleet"][seat][SLOT[kind]])
    if count == 0:
        return 0.0
    gross = MEAN_RATE[kind] * count * (2 if hot else 1)
    net = gross - square["cost"] + square.get("bonus", 0)
    fee = square.get("fee")
    if fee and state["deeds"][fee["property"]] != seat:
        net -= fee["per_piece"] * count
    if "truck" in square and state["fleet"][seat][SLOT[TRUCK]] == 0:
        net -= square["truck"] // 2
    return max(0.0, net)


def yearly_income(state: State, seat: int) -> float:
    """What ``seat``'s yard is expected to earn in one lap of the year, less its bills.

    Each week of the track counts at :data:`LAND_CHANCE`: jobs (at this year's hot markets
    for the weeks still ahead, next year's for those behind), the corner and winter bills,
    the snow-plowing contract; plus the fees the deeds collect from the others' jobs, and
    less the interest on the notes."""
    fleet = state["fleet"][seat]
    owned = pieces(state, seat)
    pos = state["pos"][seat]
    income = 0.0
    for week, square in enumerate(TRACK):
        kind = square["kind"]
        if kind == "job":
            markets = state["hot"][seat] if week > pos else state["hot_next"][seat]
            income += LAND_CHANCE * _job_net(state, seat, square, square["type"] in markets)
            corner = square.get("corner")
            if corner:
                income -= LAND_CHANCE * (corner.get("flat", 0) + corner.get("per_piece", 0) * owned)
        elif kind == "winter":
            bill = square.get("per_piece", 0) * owned
            if "truck" in square and fleet[SLOT[TRUCK]] == 0:
                bill += square["truck"] // 2
            fee = square.get("fee")
            if fee and state["deeds"][fee["property"]] != seat:
                bill += fee.get("amount", 0)
            earn = square.get("earn")
            if earn:
                bill -= earn["each"] * fleet[SLOT[earn["type"]]]
            income -= LAND_CHANCE * bill
    income += _fees_collected(state, seat)
    return income - state["notes"][seat] * INTEREST_PERCENT / 100


def _fees_collected(state: State, seat: int) -> float:
    """Fees a year that ``seat``'s deeds collect from the other solvent contractors."""
    owned = [deed for deed in DEEDS if state["deeds"][deed] == seat]
    if not owned:
        return 0.0
    total = 0.0
    for other in range(state["players"]):
        if other == seat or state["out"][other]:
            continue
        for square in TRACK:
            fee = square.get("fee")
            if not fee or fee["property"] not in owned:
                continue
            count = min(CHART_PIECES, state["fleet"][other][SLOT[square["type"]]]) if "type" in square else 0
            total += LAND_CHANCE * (fee.get("amount", 0) + fee.get("per_piece", 0) * count)
    return total


def _crunch_risk(state: State, seat: int) -> float:
    """Net worth a thin cash cushion is expected to lose in forced auctions (see :data:`CRUNCH_LOSS`)."""
    short = LIQUID_BASE + LIQUID_PER_PIECE * pieces(state, seat) - state["cash"][seat]
    return CRUNCH_LOSS * short if short > 0 else 0.0


def progress(state: State, seat: int) -> float:
    """Years of play ``seat`` has done, with the part of the current one."""
    return state["years"][seat] + state["pos"][seat] / WEEKS


def years_left(state: State, worths: list[float], incomes: list[float]) -> float:
    """Years until the game is expected to end: the first contractor to reach the goal (in
    a networth game) or the end of the years the table set (years game; year 8 caps both)."""
    solvent = [s for s in range(state["players"]) if not state["out"][s]]
    ahead = max(progress(state, s) for s in solvent)
    if state["end"] == "years":
        return max(MIN_YEARS, state["target_years"] - ahead)
    cap = max(MIN_YEARS, SAFEGUARD_YEARS - ahead)
    to_goal = [(GOAL - worths[s]) / incomes[s] for s in solvent if incomes[s] > 0]
    return max(MIN_YEARS, min([cap, *to_goal]))


def projected_worths(state: State) -> tuple[list[float], float]:
    """Each contractor's net worth at the expected end, and the years until then."""
    players = state["players"]
    worths = [float(net_worth(state, s)) - _crunch_risk(state, s) for s in range(players)]
    incomes = [yearly_income(state, s) for s in range(players)]
    left = years_left(state, worths, incomes)
    return [worths[s] + incomes[s] * left for s in range(players)], left


def win_chances(state: State) -> list[float]:
    """Each seat's chance of winning, in [0, 1], summing to 1 over the solvent seats.

    A finished game gives its result (the richest solvent contractor wins, ties split)."""
    players = state["players"]
    solvent = [s for s in range(players) if not state["out"][s]]
    if len(solvent) == 1:
        return [1.0 if s in solvent else 0.0 for s in range(players)]
    if state["over"]:
        worths = {s: net_worth(state, s) for s in solvent}
        best = max(worths.values())
        winners = [s for s in solvent if worths[s] == best]
        return [1 / len(winners) if s in winners else 0.0 for s in range(players)]
    projected, left = projected_worths(state)
    spread = SPREAD_BASE + SPREAD_PER_ROOT_YEAR * math.sqrt(left)
    top = max(projected[s] for s in solvent)
    weights = [math.exp((projected[s] - top) / spread) if s in solvent else 0.0 for s in range(players)]
    total = sum(weights)
    return [weight / total for weight in weights]


__all__ = ["projected_worths", "win_chances", "yearly_income", "years_left"]
