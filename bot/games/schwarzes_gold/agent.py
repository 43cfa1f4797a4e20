"""A heuristic Schwarzes Gold player for bot seats.

The idea is the one a person uses: oil only counts for whoever can reach it in phase 2.
:func:`shares` estimates, for every field with oil, which players' unused rigs and trucks
reach it and splits its value between them by the number of pieces that reach it; pieces
that still have free fields around them are worth a little for the oil still to come. The
agent then plays, in phase 1, the placement that raises its share against the best rival's
the most (trying each one on a copy of the state), and rerolls when the rolled area offers
nothing worth having. In phase 2 it pumps the piece with the most oil, preferring oil a
rival could also take, so contested oil goes first.

The hard bot's search (``bot/engine/search.py``) uses the same estimate twice: its
evaluation is a softmax over :func:`shares`, and its rollouts play :func:`quick_choose`, the
same choice computed incrementally instead of on a copy of the state per placement.
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


def shares(game: SchwarzesGold, state: State) -> list[float]:
    """Every player's expected points: points so far, a split of the oil their unused pieces
    reach, and (in phase 1) a little for the room around their pieces and for the pieces
    still in hand (see the module docstring)."""
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
    return share


def evaluate(game: SchwarzesGold, state: State, me: int) -> float:
    """My expected points minus the best rival's (:func:`shares`)."""
    share = shares(game, state)
    rivals = [share[s] for s in range(state["players"]) if s != me]
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


def _pump_value(game: SchwarzesGold, state: State, seat: int, field: str,
                reached: dict[str, list[int]] | None = None) -> float:
    if reached is None:
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


def quick_choose(game: SchwarzesGold, state: State, seat: int, rng: random.Random) -> str:
    """A fast approximation of :func:`choose` for the hard bot's rollouts.

    :func:`choose` tries every placement on a copy of the state (1–4 ms a decision, so a
    rollout to the end of the game costs a few hundred milliseconds). This one computes the
    same shares once and, per placement, only what the placement changes: the oil it adds
    (a token or barrel goes to the pieces already reaching its field) or the oil a new rig or
    truck starts to share, and the piece leaving the hand. It leaves out the smaller effects
    (a piece cutting a truck's line, the room term of pieces a token crowds), which is what
    makes it some twenty times quicker."""
    prompt = next(p for p in game.prompts(state) if p.seat == seat)
    keys = prompt.keys()
    stage = state["stage"]
    if stage == "score":
        reached = reach_map(game, state)
        return max(keys, key=lambda k: (_pump_value(game, state, seat, k.split(":")[2], reached), k))
    if stage != "act":
        return choose(game, state, seat, rng)
    n = state["players"]
    reached = reach_map(game, state)
    base = shares(game, state)
    tokens, barrels, pieces = state["tokens"], state["barrels"], state["pieces"]

    def margin(gain: list[float]) -> float:
        after = [base[s] + gain[s] for s in range(n)]
        return after[seat] - max(after[s] for s in range(n) if s != seat)

    def oil_gain(field: str, amount: float) -> list[float]:
        gain = [0.0] * n
        owners = reached.get(field, ())
        for owner in owners:
            gain[owner] += amount / len(owners)
        return gain

    def piece_gain(at: str, fields: list[str], in_hand: float) -> list[float]:
        gain = [0.0] * n
        gain[seat] -= in_hand
        room = 0.3 / (len(reached.get(at, ())) + 1)  # per free field: oil still to come
        for field in fields:
            count = tokens.get(field)
            if count is None:
                if field not in pieces:
                    gain[seat] += room
                continue
            value = count + (1 if field in barrels else 0)
            owners = reached.get(field, ())
            for owner in owners:  # the new piece dilutes the shares already there
                gain[owner] -= value / len(owners) - value / (len(owners) + 1)
            gain[seat] += value / (len(owners) + 1)
        return gain

    best_value, best = -1e9, ""
    for key in keys:
        verb, _, rest = key.partition(":")
        if verb in ("token", "barrel"):  # one more point of oil on the field
            gain = oil_gain(rest, 1.0)
        elif verb == "rig":
            gain = piece_gain(rest, neighbours8(rest), 0.8)
        elif verb == "truck":
            field, direction = rest.split(":")
            gain = piece_gain(field, game.reach_of(state, field, "truck", direction), 1.0)
        else:  # reroll, done, a station: judged below / not by this estimate
            continue
        value = margin(gain) + rng.random() * 1e-3
        if value > best_value:
            best_value, best = value, key
    if not best:
        return "reroll" if "reroll" in keys else keys[0]
    if "reroll" in keys and best_value - margin([0.0] * n) < REROLL_BELOW:
        return "reroll"
    return best
