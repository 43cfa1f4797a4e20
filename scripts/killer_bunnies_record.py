"""Record a whole Killer Bunnies game (heuristic agents, fixed seed) as a replay file.

``python scripts/killer_bunnies_record.py`` writes ``data/killer-bunnies/replays/<name>.json``
with the seed, options, every action and the winner; ``tests/games/test_killer_bunnies.py``
replays it through the engine and checks the same winner and magic carrot come out.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.games.killer_bunnies.cards import CARROTS
from bot.games.killer_bunnies.rules import KillerBunnies

OUT = Path(__file__).resolve().parents[1] / "data" / "killer-bunnies" / "replays"


def record(players: int, seed: int, name: str) -> None:
    game = KillerBunnies()
    options = {"mode": "turns"}
    state = game.setup(players, options, seed)
    chooser = random.Random(seed)
    log = []
    while prompts := game.prompts(state):
        prompt = chooser.choice(prompts)
        key = game.agent(state, prompt.seat, chooser)
        game.apply(state, prompt.seat, key)
        log.append([prompt.seat, key])
    outcome = game.outcome(state)
    assert outcome is not None
    data = {
        "players": players, "seed": seed, "options": options,
        "winners": outcome.winners, "magic": CARROTS[state["revealed"][-1]],
        "reason": outcome.reason, "log": log,
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{name}.json").write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    print(f"{name}: {len(log)} actions, winners {outcome.winners}: {outcome.reason}")


if __name__ == "__main__":
    record(4, 2026, "four-players-seed-2026")
