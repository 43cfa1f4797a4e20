"""A heuristic Schwarzes Gold player for bot seats.

The idea is the one a person uses: oil only counts for whoever can reach it in phase 2.
:func:`evaluate` estimates, for every field with oil, which players' unused rigs and trucks
reach it and splits its value between them by the number of pieces that reach it; pieces
that still have free fields around them are worth a little for the oil still to come. The
agent then plays, in phase 1, the placement that raises its share against the best rival's
the most (trying each one on a copy of the state), and rerolls when the rolled area offers
nothing worth having. In phase 2 it pumps the piece with the most oil, preferring oil a
rival could also take, so contested oil goes first.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from bot.games.schwarzes_gold.board import neighbours8

if TYPE_CHECKING:
    from bot.games.schwarzes_gold.rules import SchwarzesGold

State = dict[str, Any]

REROLL_BELOW = 0.35
"""Reroll when the best placement in the rolled area gains less than this (in points)."""


def reach_map(game: SchwarzesGold, state: State) -> dict[str, list[int]]:
    """Field -> owners of the unused pieces that would take oil from it (one entry per piece)."""
    out: dict[str, list[int]] = {}
    for field, piece in state["pieces"].items():
        if piece["used"]:
            continue
        for f in game.reach(state, field):
            out.setdefault(f, []).append(piece["owner"])
    return out


def evaluate(game: SchwarzesGold, state: State, me: int) -> float:
    """My expected points minus the best rival's (see the module docstring)."""
    n = state["players"]
    share = [float(p) for p in state["points"]]
    reached = reach_map(game, state)
    for field, count in state["tokens"].items():
        owners = reached.get(field)
        if not owners:
            continue
        value = count + (1 if field in state["barrels"] else 0)
        # one token per piece and field: a stack is shared among the pieces that reach it
        for owner in owners:
            share[owner] += value / len(owners)
    if state["stage"] not in ("score", "over"):
        for field, piece in state["pieces"].items():
            if piece["used"]:
                continue
            room = [f for f in (neighbours8(field) if piece["kind"] == "rig" else game.reach(state, field))
                    if not game.occupied(state, f)]
            share[piece["owner"]] += 0.3 * len(room) / max(1, len(reached.get(field, [])) + 1)
        for seat in range(n):
            share[seat] += 0.8 * state["rigs_left"][seat] + (1.0 if state["truck"][seat] == "hand" else 0.0)
    rivals = [share[s] for s in range(n) if s != me]
    return share[me] - max(rivals)


def _try(game: SchwarzesGold, state: State, seat: int, key: str) -> float:
    trial = json.loads(json.dumps(state))
    game.perform(trial, seat, key)
    return evaluate(game, trial, seat)


def choose(game: SchwarzesGold, state: State, seat: int, rng: random.Random) -> str:
    prompt = next(p for p in game.prompts(state) if p.seat == seat)
    keys = prompt.keys()
    stage = state["stage"]
    if stage == "score":
        return max(keys, key=lambda k: (_pump_value(game, state, seat, k.split(":")[2]), k))
    if stage in ("act", "place", "swap", "rotate"):
        base = evaluate(game, state, seat)
        options = [k for k in keys if k != "reroll"]
        if not options:  # the rolled area has no free field for the train
            return "reroll"
        scored = [(_try(game, state, seat, k) + rng.random() * 1e-3, k) for k in options]
        best_value, best = max(scored)
        if "reroll" in keys and best_value - base < REROLL_BELOW:
            return "reroll"
        return best
    if stage == "decide":
        if "start" in keys and _first_pick(game, state, seat) >= 3:
            return "start"
        if "train" in keys:
            return "train"
        return "pass"
    return rng.choice(keys)


def _pump_value(game: SchwarzesGold, state: State, seat: int, field: str) -> float:
    reached = reach_map(game, state)
    value = 0.0
    for f in game.haul(state, field):
        rivals = sum(1 for o in reached.get(f, []) if o != seat)
        points = 1 + (1 if f in state["barrels"] else 0)
        value += points * (1 + 0.5 * rivals) if state["tokens"][f] == 1 else points
    return value


def _first_pick(game: SchwarzesGold, state: State, seat: int) -> float:
    mine = [f for f, p in state["pieces"].items() if p["owner"] == seat and not p["used"]]
    return max((len(game.haul(state, f)) for f in mine), default=0)
