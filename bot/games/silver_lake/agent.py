"""A heuristic Silver Lake player: own as many earning permits as it can, never gamble.

The arithmetic behind it (money in dollars, usage fees 60% of the price, mortgages half):

* A permit counts its purchase price at the end, so **buying** costs nothing in the final
  reckoning; it earns usage fees and a free exploit (two dice × 10 from the bank) whenever
  its owner lands on it. The agent buys every permit it can, and when short it **mortgages**
  its cheapest unmortgaged permit to pay for a dearer one (a mortgage is worth nothing
  either way at the end: cash + price − mortgage value; it only stops that permit's fees).
* **Redeeming** costs the price against the mortgage value received, half the price, so it
  pays only while enough laps remain for the fees to come back.
* **Debts** are paid by selling to the bank at the full price (worth nothing either way,
  and it raises twice what a mortgage would), cheapest fee first.
* **Auctions:** a permit bought below its price is that much worth gained; it bids up to
  the price while it can.
* It always exploits (free money) and throws again after doubles. It takes the optional
  Pony Express shortcut unless a rival's area waits where it lands (:func:`shortcut_choice`),
  and at the crossroads the branch whose landing is worth more: the
  steps left of the throw are known there, so it sees whether the River Trail would stop on
  the Silver Lake or the fresh horses, the Mountain Pass on Butte or the rockslide, either on
  a rival's area; otherwise the Mountain Pass, four spaces shorter (:func:`fork_choice`).
  Always the River Trail won 45.0% of 2,000 two-player games against always the Mountain
  Pass; choosing by the landing won 52.2% of 3,000 against always the Mountain Pass, and
  27.2% of 2,000 four-player games against three of it (see ``data/silver-lake/README.md``).
  In the last lap a Silver Lake nugget counts only with the chance of completing the laps
  first: nobody else reaches New Orleans to cash it (:func:`finish_first_chance`).

It reads only the public table (every player's cash and permits; the nuggets left, whose
values everyone can count — all eight are listed and each one found is shown — never their
order, nor the luck deck). Figures: ``data/silver-lake/README.md``.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from bot.engine import IllegalAction, State

from .board import BID_STEPS, BRANCHES, INSTRUCTIONS, NUGGETS, PERMIT, SPACES, step_back

if TYPE_CHECKING:
    from .rules import SilverLake

REDEEM_LAPS = 2
"""Redeem a mortgaged permit only while at least this many laps remain for the agent."""


def choose(game: SilverLake, state: State, seat: int, rng: random.Random) -> str:
    prompts = [p for p in game.prompts(state) if p.seat == seat]
    if not prompts:
        raise IllegalAction("This seat has nothing to decide now.")
    keys = prompts[0].keys()
    phase = state["phase"]
    cash = state["seats"][seat]["cash"]
    if phase == "roll":
        laps_left = state["laps"] - state["seats"][seat]["laps"]
        redeems = [k for k in keys if k.startswith("redeem:") and cash - PERMIT[k[7:]].price >= 200]
        if redeems and laps_left >= REDEEM_LAPS:
            return max(redeems, key=lambda k: (PERMIT[k[7:]].fee, k))
        return "roll"
    if phase == "buy":
        return _buy(state, seat, keys)
    if phase == "exploit":
        return "exploit"
    if phase == "fork":
        return fork_choice(state, seat)
    if phase == "shortcut":
        return shortcut_choice(state, seat)
    if phase == "debt":
        if "insolvent" in keys:
            auctions = [k for k in keys if k.startswith("auction:")]
            return max(auctions, key=lambda k: PERMIT[k[8:]].price) if auctions else "insolvent"
        sells = [k for k in keys if k.startswith("sell:")]
        return min(sells, key=lambda k: (PERMIT[k[5:]].fee, k))
    if phase == "auction":
        price = PERMIT[state["auction"]["permit"]].price
        bids = sorted(int(k[4:]) for k in keys if k.startswith("bid:"))
        if bids and bids[0] < price:
            return f"bid:{bids[0]}"
        return "pass"
    return rng.choice(keys)


MOUNTAIN_EDGE = 40
"""Dollars the Mountain Pass is worth over the River Trail before the landing: it is four
spaces shorter (in 2,000 two-player games of normal bots, one that always took the River
Trail won 45.0% and ended $118 poorer, about $40 for each of its three crossroads)."""
EXPLOIT_MEAN = 70
"""What exploiting an area brings on average: two dice (7) × 10."""
UNOWNED_SHARE = 0.5
"""The share of its usage fee that an unowned permit one can buy is worth as a landing."""


def fork_choice(state: State, seat: int) -> str:
    """The branch whose landing is worth more, the Mountain Pass's shortness included.

    At the crossroads the steps left of the throw are known (the prompt says them), so the
    space each branch ends on is known too: the River Trail's Silver Lake (a nugget), its
    fresh horses (three spaces on, onto Ogden for a double reimbursement), a city landed on
    exactly, one's own area (an exploit) or a rival's (its fee), or the Mountain Pass's
    rockslide (three spaces back)."""
    walk = state["walk"]
    if walk["until"]:
        return "branch:mountain"  # to the next city: Butte is nearer than Ogden, both pay double
    values = {name: _landing_value(state, seat, info["first"], walk["steps"] - 1)
              for name, info in BRANCHES.items()}
    values["mountain"] += MOUNTAIN_EDGE
    return "branch:river" if values["river"] > values["mountain"] else "branch:mountain"


SHORTCUT_EDGE = 50
"""Dollars the optional shortcut is worth over the main trail before its landing: ten spaces
saved against the two cities it skips ($150) and the landings on the way (never taking it
won 48.7% of 1,000 two-player games against the bot that always did)."""


def shortcut_choice(state: State, seat: int) -> str:
    """Take the optional shortcut unless the space it lands on costs more than it saves.

    The shortcut always lands on the same space (the Pony Express Trail on Antelope Flats,
    H7): a rival's area there is a usage fee paid for sure, where the main trail passes two
    cities and lands somewhere else."""
    target = SPACES[state["seats"][seat]["pos"]].target
    return "shortcut:take" if _landing_value(state, seat, target, 0) + SHORTCUT_EDGE >= 0 else "shortcut:skip"


RACE_SPREAD = 8.0
"""The logistic scale, in steps, of a lead in the race to complete the laps: two players'
moves over the five or six turns from the crossroads to New Orleans spread by about 14
steps (σ/1.7 ≈ 8)."""


def finish_first_chance(state: State, seat: int) -> float:
    """The chance that ``seat`` completes the laps before every rival, from the steps it leads
    each one by (the pieces are public)."""
    mine = progress(state["seats"][seat])
    chance = 1.0
    for other, rival in enumerate(state["seats"]):
        if other != seat and not rival["out"]:
            chance /= 1 + math.exp((progress(rival) - mine) / RACE_SPREAD)
    return chance


def _nugget_value(state: State, seat: int) -> float:
    """What the Silver Lake's next nugget is worth to ``seat``: the mean of those left, paid
    only in New Orleans. In the last lap only the player who completes the laps first gets
    there before the game ends; anyone else's nugget counts nothing."""
    pile = _pile(state)
    mean = sum(NUGGETS[i] for i in pile) / max(1, len(pile))
    if state["laps"] - state["seats"][seat]["laps"] <= 1:
        return mean * finish_first_chance(state, seat)
    return mean


def _landing_value(state: State, seat: int, position: int, steps: int) -> float:
    """Dollars (roughly) of stopping ``steps`` spaces after ``position`` on the way forward;
    progress counts :data:`WORTH_PER_STEP` a space (forward or back moves by the space)."""
    for _ in range(steps):
        position = SPACES[position].next[0]  # a branch has one way on; Boise joins them
        if position == 0:
            return 0.0
    space = SPACES[position]
    if space.kind == "city":
        return float(space.value)  # the second half of a double reimbursement
    if space.kind == "treasure":
        return _nugget_value(state, seat)
    if space.kind == "area":
        permit = PERMIT[space.permit]
        owner = state["owner"].get(permit.id)
        if owner is None:
            return UNOWNED_SHARE * permit.fee
        if owner == seat or permit.id in state["mortgaged"]:
            return EXPLOIT_MEAN
        return EXPLOIT_MEAN - permit.fee
    if space.kind == "text":
        effect = INSTRUCTIONS[space.text]
        if effect.effect == "forward":
            return effect.n * WORTH_PER_STEP + _landing_value(state, seat, position, effect.n)
        if effect.effect == "back":
            back = position
            for _ in range(effect.n):
                back = step_back(back, "mountain" if back <= 36 else "river")
            return -effect.n * WORTH_PER_STEP + _landing_value(state, seat, back, 0)
        if effect.effect == "gain":
            return float(effect.n)
        if effect.effect == "pay":
            return -float(effect.n)
    return 0.0


def _pile(state: State) -> list[int]:
    """The nuggets still in the pile (their values are public, their order is not)."""
    packed = state["pile"]
    return [int(packed[i : i + 2], 16) for i in range(0, len(packed), 2)]


def _buy(state: State, seat: int, keys: list[str]) -> str:
    """Buy; when short, mortgage the cheapest permit that is cheaper than this one."""
    if "buy" in keys:
        return "buy"
    permit = PERMIT[state["area"]]
    cash = state["seats"][seat]["cash"]
    mortgages = sorted((k for k in keys if k.startswith("mortgage:") and PERMIT[k[9:]].fee < permit.fee),
                       key=lambda k: (PERMIT[k[9:]].fee, k))
    # Only start mortgaging if the cheap permits together raise enough.
    if mortgages and cash + sum(PERMIT[k[9:]].mortgage for k in mortgages) >= permit.price:
        return mortgages[0]
    return "decline"


# -- for the hard bot's search (``SilverLake.evaluate`` and ``SilverLake.rollout_agent``) ------

LAP_STEPS = 72
"""Steps of a lap by the Mountain Pass (the River Trail's 15 spaces count as its 11)."""
STEPS_PER_TURN = 8.0
"""A turn's average move: two dice (7) and the extra throws of doubles."""
WORTH_PER_STEP = 6.0
"""What a step ahead of the others is worth at the end, in dollars (fitted below)."""
FEE_PER_TURN = 0.06
"""The share of the usage fees one player holds over another that comes in per turn left."""
NOISE_FLOOR = 150_000.0
NOISE_PER_TURN = 53_000.0
"""The variance (dollars²) of the final worth difference of two players around the projection:
``NOISE_FLOOR + NOISE_PER_TURN × turns left``. Fitted by least squares on 300 games of normal
bots at 2 players, 3 laps, from ~14,000 positions (the start of each turn): the final
difference was worth difference × 0.9–1.1, plus 3–8 $ per step of progress ahead, plus
0.04–0.08 × the usage-fee difference per turn left; the spread around that was $470 with 4
turns left and $1,180 with 23."""


def progress(seat_state: dict) -> float:
    """Steps travelled since the start (laps × 72 plus the distance round the current lap)."""
    position = seat_state["pos"]
    if position <= 36:  # the bottom edge, Eagle, the crossroads and the Mountain Pass
        along = float(position)
    elif position <= 51:  # the River Trail, 15 spaces that do the Mountain Pass's 11
        along = 26 + (position - 37) * 11 / 15
    else:  # from Boise round the top and the right edge
        along = float(position - 52 + 37)
    return seat_state["laps"] * LAP_STEPS + along


def projected_worth(game: SilverLake, state: State) -> tuple[list[float], float]:
    """Each seat's expected final worth, and the turns left until someone completes the laps.

    Worth now, plus the dollars that progress ahead of the others brings (cities passed before
    the end), plus the usage fees the seat's unmortgaged permits draw from the others less what
    theirs draw from it, for the turns left, plus the gold it carries to New Orleans."""
    seats = state["seats"]
    active = [i for i, s in enumerate(seats) if not s["out"]]
    worth = game.worth(state)
    fees = [0] * len(seats)
    for pid, owner in state["owner"].items():
        if pid not in state["mortgaged"]:
            fees[owner] += PERMIT[pid].fee
    ahead = max(progress(seats[i]) for i in active)
    turns_left = max(0.0, state["laps"] * LAP_STEPS - ahead) / STEPS_PER_TURN
    projected = []
    for i, me in enumerate(seats):
        if me["out"]:
            projected.append(float("-inf"))
            continue
        fee_edge = sum(fees[i] - fees[j] for j in active if j != i)
        projected.append(worth[i] + WORTH_PER_STEP * progress(me) + FEE_PER_TURN * turns_left * fee_edge
                         + sum(me["nuggets"]))
    return projected, turns_left


def win_chances(game: SilverLake, state: State) -> list[float]:
    """Each seat's chance to win, from :func:`projected_worth`: a softmax whose temperature is
    the spread of the outcome for the turns left (a logistic of scale σ/1.7 is close to a
    normal of spread σ, which is what the fit above measured). Seats out of the game get 0."""
    if state["phase"] == "over":
        outcome = game.outcome(state)
        assert outcome is not None
        return [1 / len(outcome.winners) if seat in outcome.winners else 0.0 for seat in range(len(outcome.ranks))]
    projected, turns_left = projected_worth(game, state)
    spread = math.sqrt(NOISE_FLOOR + NOISE_PER_TURN * turns_left) / 1.7
    best = max(projected)
    weights = [0.0 if value == float("-inf") else math.exp((value - best) / spread) for value in projected]
    total = sum(weights)
    return [weight / total for weight in weights]


def rollout_choice(state: State, seat: int) -> str:
    """The heuristic's play, read straight from the state (no prompt is built): for the
    search's rollouts, which play thousands of moves a decision. It makes the heuristic's
    choices except the rare ones that need the prompt's list (redeeming before a throw, and
    mortgaging to afford a permit: it declines instead)."""
    phase = state["phase"]
    me = state["seats"][seat]
    if phase == "buy":
        return "buy" if me["cash"] >= PERMIT[state["area"]].price else "decline"
    if phase == "exploit":
        return "exploit"
    if phase == "fork":
        return "branch:mountain"
    if phase == "shortcut":
        return shortcut_choice(state, seat)
    if phase == "debt":
        held = [pid for pid, owner in state["owner"].items() if owner == seat]
        refund = sum(PERMIT[pid].price - (PERMIT[pid].mortgage if pid in state["mortgaged"] else 0) for pid in held)
        if me["cash"] + refund < state["debt"]["amount"]:
            return "insolvent"
        return "sell:" + min(held, key=lambda pid: (PERMIT[pid].fee, pid))
    if phase == "auction":
        auction = state["auction"]
        bid = auction["high"] + BID_STEPS[0]
        price = PERMIT[auction["permit"]].price
        return f"bid:{bid}" if bid < price and bid <= me["cash"] else "pass"
    return "roll"
