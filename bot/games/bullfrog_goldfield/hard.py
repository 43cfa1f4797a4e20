"""What a hard bot's search needs in Bullfrog Goldfield: a position evaluation for its cut rollouts.

A whole game is 100 to 200 moves, and a rollout to the end costs some 30 ms, so a search of
0.8 s would see a couple of dozen games: too few to overrule the heuristic. The search instead
plays ``ROLLOUT_STEPS`` moves (``rules.py``) and scores the position with :func:`evaluate`:

1. :func:`projected_worth`: each seat's net worth at the end, as the heuristic's money model
   (:class:`.agent.Worth`) foresees it: its cash, plus for every certificate the value it
   will count at the end and its third of what the company holds and will earn (a mine stops
   earning with its last dig tile; a railroad earns only once its track reaches a mine, and
   counts nothing while its bonds outrun what it can earn to repay them);
2. :func:`win_chances`: those projections squashed into each seat's share of the win, a
   softmax whose spread shrinks as the end comes closer (:func:`spread`, fitted on agent games),
   with the search's small reward for rank (a lost game is better lost second).

Everything read here is public: of the dig tiles only the count each mine has left. The
search calls it on states drawn by ``conceal`` only.
"""

from __future__ import annotations

import json
import math
import random

from bot.engine import Game, State
from bot.engine.search import RANK_WEIGHT, rewards

from .agent import Worth
from .rules import COMPANIES, holders, is_rr

SPREAD_BASE = 100.0
SPREAD_PER_CYCLE = 20.0
"""The softmax temperature (thousands of dollars) is ``SPREAD_BASE + SPREAD_PER_CYCLE`` per cycle left."""


def projected_worth(state: State) -> list[float]:
    """Each seat's foreseen net worth at the end of the game, in thousands of dollars."""
    model = Worth(state, 0)
    cycles = model.cycles_left
    worth = [float(cash) for cash in state["cash"]]
    for cid in COMPANIES:
        co = state["cos"][cid]
        if co["status"] != "open":
            continue
        owners = holders(state, cid)
        if not owners:
            continue
        value = co["value"]
        end_value = model.end_value_of(cid, value)
        payout = co["cash"] + model.flow_of(cid, value)
        if is_rr(cid) and co["bonds"]:
            debt = sum(co["bonds"]) + sum(co["bonds"]) // 10 * cycles
            if payout < debt:
                end_value = 0.0
                payout = 0.0
            else:
                payout -= debt
        per_certificate = end_value + payout / 3
        for seat in owners:
            worth[seat] += per_certificate
    return worth


def spread(state: State) -> float:
    """How far a projection may be off, in thousands: wide early, narrow at the end."""
    return SPREAD_BASE + SPREAD_PER_CYCLE * (Worth(state, 0).cycles_left - 1)


def win_chances(worth: list[float], temperature: float) -> list[float]:
    """Each seat's reward, as the search's own (a share of the win, a little for the rank),
    from projected worths: a softmax for the win and pairwise odds for the rank."""
    players = len(worth)
    top = max(worth)
    weights = [math.exp((w - top) / temperature) for w in worth]
    total = sum(weights)
    out = []
    for seat, w in enumerate(worth):
        beaten = sum(1.0 / (1.0 + math.exp((worth[other] - w) / temperature))
                     for other in range(players) if other != seat)
        out.append((1.0 - RANK_WEIGHT) * weights[seat] / total + RANK_WEIGHT * beaten / max(1, players - 1))
    return out


def evaluate(game: Game, state: State) -> list[float]:
    """Each seat's expected reward in ``state``: the real one once the game is over.

    A rollout cut in the middle of an action (an auction with bids to come, track half laid, a
    charter without its price) is first played to the end of that action by the heuristic on a
    copy: the money model sees a sold share, a railroad's track or a charter only once the
    action is done, and a cut halfway would score a sale as if it cost nothing."""
    if state["sub"] is not None or state["auction"] is not None:
        state = _finish_action(game, state)
    outcome = game.outcome(state)
    if outcome is not None:
        return rewards(outcome)
    return win_chances(projected_worth(state), spread(state))


FINISH_ACTION_STEPS = 40
"""At most this many moves finish a cut action (an auction at five players and top bids is less)."""


def _finish_action(game: Game, state: State) -> State:
    """A copy of ``state`` with its pending action (auction, charter, building, track) played
    to its end by the heuristic (its choices are deterministic given the seed)."""
    finished = json.loads(json.dumps(state))
    rng = random.Random(finished["steps"])
    for _ in range(FINISH_ACTION_STEPS):
        if finished["sub"] is None and finished["auction"] is None:
            break
        prompts = game.prompts(finished)
        if not prompts:
            break
        seat = prompts[0].seat
        game.apply(finished, seat, game.agent(finished, seat, rng))
    return finished
