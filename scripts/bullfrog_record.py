"""Record a whole Bullfrog Goldfield game for the replay test.

    .venv/bin/python scripts/bullfrog_record.py

Four seats: two play the heuristic agent, two play uniformly at random, from a fixed seed;
the action log and the final result go to ``data/bullfrog-goldfield/replays/``. The test
``tests/games/test_bullfrog_goldfield_replay.py`` replays the log through the engine and
checks the result. Re-record only when a rule change makes old logs replay differently
(and bump ``BullfrogGoldfield.version``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.games.bullfrog_goldfield.rules import BullfrogGoldfield, net_worth

OUT = Path(__file__).resolve().parents[1] / "data" / "bullfrog-goldfield" / "replays"


def record(players: int, seed: int, agents: set[int], options: dict[str, str]) -> dict:
    game = BullfrogGoldfield()
    state = game.setup(players, options, seed)
    chooser = random.Random(seed)
    log = []
    while game.prompts(state):
        prompt = game.prompts(state)[0]
        if prompt.seat in agents:
            key = game.agent(state, prompt.seat, chooser)
        else:
            key = chooser.choice(prompt.actions).key
        game.apply(state, prompt.seat, key)
        log.append([prompt.seat, key])
    outcome = game.outcome(state)
    return {
        "players": players, "seed": seed, "options": options, "agents": sorted(agents),
        "log": log,
        "expected": {
            "cycle": state["cycle"],
            "reason": outcome.reason,
            "ranks": list(outcome.ranks),
            "cash": state["cash"],
            "worth": [net_worth(state, s) for s in range(players)],
            "values": {cid: co["value"] for cid, co in state["cos"].items() if co["status"] == "open"},
        },
    }


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    data = record(4, 2026, {0, 2}, {"length": "standard", "cash": "open"})
    path = OUT / "4p-seed2026.json"
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path}: {len(data['log'])} actions, {data['expected']}")
