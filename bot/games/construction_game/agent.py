"""A heuristic contractor for bot seats (and the strategies in the design simulations).

It plays like a careful contractor: keep a cash cushion against the winter bills and the
corner expenses, take a job only when its expected net is positive, grow the fleet of the
type that pays best per dollar (hot markets double that), buy one truck, buy deeds when rich,
bid up to about half of what a job is worth, auction the cheapest piece that clears a
crunch, and pick up auctioned machines at a discount. A :class:`Strategy` changes what it
buys, so the simulations in ``scripts/construction_game_sim.py`` can compare styles; bot
seats play :data:`NORMAL`; :data:`JOBS_FIRST` ranks the types by what more pieces add to a
year of their jobs (:func:`fleet_yield`) and buys machines on landing on a job of their type.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.engine import State

from .components import CARDS, CHART_PIECES, DEEDS, PROPERTIES, RATES, SLOT, TRACK, TRUCK, TYPES, WEEKS, price
from .rules import ConstructionGame, pieces, purchase_cost

MEAN_RATE = {kind: sum(RATES[kind]) // 6 for kind in TYPES}
"""Expected gross income of one piece on one job, by type."""
CARD_GROSS = sum(card["effect"].get("gross", 0) for card in CARDS) / len(CARDS)
CARD_CASH = sum(card["effect"].get("cash", 0) - card["effect"].get("trucking", 0) for card in CARDS) / len(CARDS)
WEEKS_OF = {kind: [i for i, sq in enumerate(TRACK) if sq.get("kind") == "job" and sq["type"] == kind] for kind in TYPES}


@dataclass(frozen=True)
class Strategy:
    """What a contractor is willing to buy, and how boldly."""

    name: str = "balanced"
    types: tuple[str, ...] = TYPES
    trucks: bool = True
    deeds: bool = True
    credit: bool = True
    cushion: int = 15_000
    per_piece_cushion: int = 2_000
    max_notes: int = 100_000
    marginal: bool = False
    """Rank machine types by what more pieces add to a year of their jobs (:func:`fleet_yield`)
    instead of by the chart's mean rate per dollar."""
    buy_at_jobs: bool = False
    """Buy machines only on landing on a job, of the job's type (up to three at a time, so they
    earn at once), and never shop at the start of a turn: no trucks and no deeds, whose price
    on notes takes the credit the machines need (measured: ``JOBS_FIRST``'s docstring)."""
    refuse_when_short: bool = True
    """Refuse even a paying job while cash is under a third of the cushion. The job's income is
    what would refill the cash, so refusing it starves a short contractor into the next crunch
    (:data:`NORMAL` does not)."""
    offer_needs_yield: bool = False
    """Accept a rival's machine at its listed price only when one more piece of its type adds
    to a year of its jobs (:func:`fleet_yield`) and the cushion plus three tenths of the price
    (a down payment's worth) stays in hand; otherwise any type it uses, while the cushion stays."""
    extra: dict[str, Any] = field(default_factory=dict)


BALANCED = Strategy()
CAREFUL = Strategy("careful", cushion=25_000, per_piece_cushion=3_000, max_notes=300_000)
"""The normal level until issue 26's red team: balanced, with a deeper cash cushion and all the
bank's credit. Equipment counts at its price in the audit, so a piece bought on notes costs net
worth only its 10% interest while it earns about a third of its price a year: the credit limit
(which grows after 5 and 10 years) is worth using to the full.
``python -m bot arena construction-game --players 2 --seats normal,cash-buyer --games 300``
measured 77.3% against ``cash-buyer`` with it and 67.7% with :data:`BALANCED` ($15,000 + $2,000
a piece, notes up to $100,000); on fresh deals (``--seed 1001``) 75.7% and 60.3%. The
``leverage`` strategy beat it (33.7% of 300 two-player games): see :data:`JOBS_FIRST` and
:data:`NORMAL`."""
JOBS_FIRST = Strategy("jobs-first", cushion=25_000, per_piece_cushion=3_000, max_notes=300_000, marginal=True,
                      buy_at_jobs=True)
""":data:`CAREFUL`, ranking machine types by what more pieces add to a year of their jobs
(:func:`fleet_yield`) and buying them on landing on a job of their type (issue 26's red team).

Ranking types by their marginal yield rather than by the chart's rate per dollar grows one
season's fleet instead of buying a lone scraper and a lone excavator with the first credit;
buying machines on landing on their job makes them earn at once. Against the ``leverage``
strategy (up to three of a job's machines before each job) in 300 two-player games
:data:`CAREFUL` won 33.7%, with the ranking 58.0% and with both 66.7%; against ``cash-buyer``
77.3%, 81.3% and 90.0%. Still shopping at the start of a turn for trucks and deeds (machines
only at jobs) won 39.3% against ``leverage``: a deed on notes takes the credit the machines
need. Kept as an arena seat (``jobs-first``) to measure :data:`NORMAL` against."""
NORMAL = Strategy("normal", cushion=5_000, per_piece_cushion=500, max_notes=300_000, marginal=True,
                  buy_at_jobs=True, refuse_when_short=False, offer_needs_yield=True)
"""What a bot seat plays (the normal level): :data:`JOBS_FIRST` that takes every paying job
however short of cash it is, with a thin cushion ($5,000 + $500 a piece).

:data:`JOBS_FIRST` refused paying jobs while its cash was under a third of its cushion: after
one crunch it stopped earning, so the next bill crunched it again (at a cushion of $10,000 +
$1,000 a piece, 6.4 crunch auctions a game in the games it lost to ``leverage``, and 30.3% of
them won). Taking the job, whose income is what refills the cash, turns the thin cushion into
the better one: more of the money works as down payments. Measured in the arena (seeds 1-300,
two players, against ``leverage``): JOBS_FIRST 66.7%; taking jobs when short with its cushion
70.0%, with $10,000 + $1,000 a piece 81.7%, $5,000 + $500 84.3%, no cushion at all 85.3%
(data/construction-game/README.md has the figures against every strategy)."""
STRATEGIES = {
    "balanced": BALANCED,
    "normal": NORMAL,
    "careful": CAREFUL,
    "jobs-first": JOBS_FIRST,
    "small-iron": Strategy("small-iron", types=("backhoe", "dozer", "excavator")),
    "big-iron": Strategy("big-iron", types=("excavator", "grader", "scraper")),
    "no-deeds": Strategy("no-deeds", deeds=False),
    "cash-only": Strategy("cash-only", credit=False),
    "no-trucks": Strategy("no-trucks", trucks=False),
    "deeds-first": Strategy("deeds-first", extra={"deed_bias": 4.0}),
    "no-graders": Strategy("no-graders", types=("backhoe", "dozer", "excavator", "scraper")),
    "no-scrapers": Strategy("no-scrapers", types=("backhoe", "dozer", "excavator", "grader")),
    "no-backhoes": Strategy("no-backhoes", types=("dozer", "excavator", "grader", "scraper")),
}

_GAME = ConstructionGame()


def reserve(state: State, seat: int, strategy: Strategy) -> int:
    return strategy.cushion + strategy.per_piece_cushion * pieces(state, seat)


def job_value(state: State, seat: int, square: int, count_extra: int = 0) -> float:
    """Expected net income of the job on ``square`` for ``seat`` (before any bid)."""
    sq = TRACK[square]
    kind = sq["type"]
    count = min(CHART_PIECES, state["fleet"][seat][SLOT[kind]] + count_extra)
    gross = MEAN_RATE[kind] * count * (2 if kind in state["hot"][seat] else 1)
    if sq.get("card"):
        gross = gross * (100 + CARD_GROSS) / 100 + CARD_CASH
    value = gross - sq["cost"] + sq.get("bonus", 0)
    if "fee" in sq and state["deeds"][sq["fee"]["property"]] != seat:
        value -= sq["fee"]["per_piece"] * count
    if "truck" in sq and state["fleet"][seat][SLOT[TRUCK]] == 0:
        value -= sq["truck"] // 2
    return value


JOBS_PER_SEASON = 8 / 3.5
"""A contractor lands on about 8/3.5 of a season's 8 weeks a year (one die, mean 3.5)."""
FEE_SQUARES = {deed: [sq for sq in TRACK if sq.get("fee", {}).get("property") == deed] for deed in DEEDS}


def deed_yield(state: State, seat: int, deed: str) -> float:
    """Expected fees a year from a deed (others' jobs and winter bills) plus own fees saved, per dollar."""
    income = 0.0
    for other in range(state["players"]):
        if state["out"][other]:
            continue
        share = 1 / 3.5  # chance to land on a given square in one lap
        for square in FEE_SQUARES[deed]:
            fee = square["fee"]
            amount = fee.get("amount", 0) + fee.get("per_piece", 0) * min(CHART_PIECES, (
                state["fleet"][other][SLOT[square["type"]]] if "type" in square else 0))
            income += share * amount
    return income / price(deed)


def fleet_yield(state: State, seat: int, kind: str, most: int) -> float:
    """What more pieces of ``kind`` add to a year of its jobs, per dollar of their price: the
    best of 1 to ``most`` more pieces.

    A job's operating cost is the same whatever the fleet, and deeds' fees and trucking bills
    come on top, so a season's first piece can earn less than its job costs while the fifth
    backhoe pays its way; a job not worth taking counts nothing (it is refused). A contractor
    lands on a given week in about one lap in 3.5 (one die, mean 3.5)."""
    have = state["fleet"][seat][SLOT[kind]]

    def year(extra: int) -> float:
        return sum(max(0.0, job_value(state, seat, week, extra)) for week in WEEKS_OF[kind]) / 3.5

    now = year(0)
    best = 0.0
    for extra in range(1, min(most, CHART_PIECES - have) + 1):
        best = max(best, (year(extra) - now) / (price(kind) * extra))
    return best


def _season_weight(state: State, seat: int, kind: str) -> float:
    """Jobs left this year for ``kind`` (a fraction of a season's worth), plus next year's."""
    pos = state["pos"][seat]
    ahead = sum(1 for week in WEEKS_OF[kind] if week > pos)
    return ahead / len(WEEKS_OF[kind]) * 0.6 + 1.0


def best_purchase(state: State, seat: int, strategy: Strategy, counts: tuple[int, ...] = (1,)) -> str | None:
    """The purchase key this contractor wants most now, or ``None``."""
    cash = state["cash"][seat]
    keep = reserve(state, seat, strategy)
    choices: list[tuple[float, str]] = []
    fleet = state["fleet"][seat]
    for kind in strategy.types:
        if fleet[SLOT[kind]] >= CHART_PIECES:
            continue
        if strategy.marginal:
            # job_value already doubles a market hot this year; next year's counts here.
            score = fleet_yield(state, seat, kind, max(counts)) / JOBS_PER_SEASON
            if kind in state["hot_next"][seat] and kind not in state["hot"][seat]:
                score *= 2
            if score <= 0:
                continue
        else:
            hot = 2 if kind in state["hot"][seat] or kind in state["hot_next"][seat] else 1
            score = MEAN_RATE[kind] * hot / price(kind)
        choices.append((score * _season_weight(state, seat, kind), kind))
    if strategy.trucks and fleet[SLOT[TRUCK]] == 0:
        choices.append((0.2, TRUCK))
    if strategy.deeds:
        for deed in DEEDS:
            if state["deeds"][deed] is None:
                bias = strategy.extra.get("deed_bias", 1.0)
                choices.append((bias * deed_yield(state, seat, deed) / JOBS_PER_SEASON, deed))
    choices.sort(reverse=True)
    for _score, item in choices:
        for note in ((False, True) if strategy.credit else (False,)):
            for count in sorted(counts, reverse=True):
                if item in PROPERTIES and count != 1:
                    continue
                cost = purchase_cost(state, seat, item, count, note)
                if cost is None or cash - cost < keep + (3 * price(item) // 10 if item in PROPERTIES else 0):
                    continue
                if note and state["notes"][seat] + price(item) * count - cost > strategy.max_notes:
                    continue
                base = f"buy:{item}" if item in PROPERTIES else f"buy:{item}:{count}"
                return base + (":note" if note else "")
    return None


def _machines_for_the_job(state: State, seat: int, strategy: Strategy, keys: list[str], keep: int) -> str | None:
    """Up to three more machines of the job's type, when more of them add to a year of their
    jobs (:func:`fleet_yield`) and the cushion stays: the most at once, cash before notes."""
    kind = state["job"]["type"]
    have = state["fleet"][seat][SLOT[kind]]
    if kind not in strategy.types or have >= CHART_PIECES or fleet_yield(state, seat, kind, 3) <= 0:
        return None
    for count in range(min(3, CHART_PIECES - have), 0, -1):
        for note in (False, True) if strategy.credit else (False,):
            key = f"buy:{kind}:{count}" + (":note" if note else "")
            cost = purchase_cost(state, seat, kind, count, note)
            if key not in keys or cost is None or state["cash"][seat] - cost < keep:
                continue
            if note and state["notes"][seat] + price(kind) * count - cost > strategy.max_notes:
                continue
            return key
    return None


REPAY_MARGIN = 20_000
"""Notes are repaid only with cash this much above the cushion, which the next purchases need."""


def repay_choice(state: State, seat: int, keys: list[str], strategy: Strategy = NORMAL) -> str | None:
    """The largest repayment of notes (``repay:N`` among ``keys``) that leaves
    :data:`REPAY_MARGIN` above the cushion in cash, or ``None``: notes cost 10% a year."""
    keep = reserve(state, seat, strategy) + REPAY_MARGIN
    repays = sorted((int(k.split(":")[1]) for k in keys if k.startswith("repay:")), reverse=True)
    return next((f"repay:{amount}" for amount in repays if state["cash"][seat] - amount >= keep), None)


def job_choice(state: State, seat: int, keys: list[str], strategy: Strategy = NORMAL) -> str:
    """What to do on the job prompt: buy machines for it (see :func:`_machines_for_the_job`; a
    first one when the job pays with it), else take it when it is expected to pay."""
    job = state["job"]
    kind = job["type"]
    cash = state["cash"][seat]
    keep = reserve(state, seat, strategy)
    if strategy.buy_at_jobs:
        key = _machines_for_the_job(state, seat, strategy, keys, keep)
        if key is not None:
            return key
    if state["fleet"][seat][SLOT[kind]] == 0 and kind in strategy.types and job_value(state, seat, job["square"], 1) > 0:
        for key in (f"buy:{kind}:1", f"buy:{kind}:1:note" if strategy.credit else ""):
            if key in keys and cash - (purchase_cost(state, seat, kind, 1, key.endswith("note")) or 0) >= keep:
                return key
    # A paying job is taken however short the cash (unless the style says otherwise): its income
    # is what refills it.
    short = strategy.refuse_when_short and cash <= keep // 3
    if "accept" in keys and job_value(state, seat, job["square"]) > 0 and not short:
        return "accept"
    return "refuse"


def choose(state: State, seat: int, rng: random.Random, strategy: Strategy = NORMAL) -> str:
    """The key this seat plays now."""
    prompt = next(p for p in _GAME.prompts(state) if p.seat == seat)
    keys = prompt.keys()
    phase = state["phase"]
    cash = state["cash"][seat]
    keep = reserve(state, seat, strategy)
    if phase == "turn":
        repay = repay_choice(state, seat, keys, strategy)
        if repay is not None:
            return repay
        if "shop" in keys and not strategy.buy_at_jobs and best_purchase(state, seat, strategy, (1, 2, 3)):
            return "shop"
        return "roll"
    if phase == "shop":
        key = best_purchase(state, seat, strategy, (1, 2, 3))
        return key if key in keys else "done"
    if phase == "trade":
        return "back"
    if phase == "offer":
        offer = state["offer"]
        item = offer["item"]
        useful = item in strategy.types or (item == TRUCK and state["fleet"][seat][SLOT[TRUCK]] == 0)
        if strategy.offer_needs_yield and item != TRUCK:
            useful = useful and fleet_yield(state, seat, item, 1) > 0
            keep += price(item) * 3 // 10
        if useful and offer["price"] <= price(item) and cash - offer["price"] >= keep:
            return "accept"
        return "decline"
    if phase == "job":
        return job_choice(state, seat, keys, strategy)
    if phase == "bid":
        bid = state["bid"]
        worth = job_value(state, seat, bid["square"]) * 0.5
        raises = sorted(int(k.split(":")[1]) for k in keys if k.startswith("bid:"))
        for amount in raises:
            if amount <= worth and cash - amount >= keep:
                return f"bid:{amount}"
        return "pass"
    if phase == "window":
        if cash > keep + 150_000:
            key = best_purchase(state, seat, strategy)
            if key in keys:
                return key
        return "roll" if seat == state["job"]["worker"] else "pass"  # the bid's winner rolls when done
    if phase == "crunch":
        short = -cash
        items = [k.split(":")[1] for k in keys]
        enough = [item for item in items if price(item) // 2 >= short]
        pick = min(enough, key=price) if enough else max(items, key=price)
        return f"auction:{pick}"
    if phase == "auction":
        auction = state["auction"]
        item = auction["item"]
        wanted = item in strategy.types or (item in DEEDS and strategy.deeds)
        bids = sorted(int(k.split(":")[1]) for k in keys if k.startswith("bid:"))
        for amount in bids:
            if wanted and amount <= price(item) * 7 // 10 and cash - amount >= keep:
                return f"bid:{amount}"
        return "pass"
    return rng.choice(keys)


__all__ = ["STRATEGIES", "WEEKS", "Strategy", "choose", "job_value"]
