"""Schwarzes Gold simulations: the heuristic agent against random players, and board statistics.

    .venv/bin/python scripts/schwarzes_gold_sim.py [games] [board]

Seat 0 is the agent (the seat of the agent rotates with the game number so that starting
position and the table's choice of first player do not favour it); the others play random legal
moves. Prints the agent's win rate (ties broken by the rules), the mean scores, and how often
each area filled up first (the board's balance).
"""

from __future__ import annotations

import collections
import random
import sys
import time

from bot.games.schwarzes_gold.rules import SchwarzesGold

GAME = SchwarzesGold()
VARIANTS = ("start_or_train", "settlements", "wasteland", "own_trains", "black_train")


def options_for(board: str, rng: random.Random) -> dict[str, str]:
    """Random variants the rulebook allows on ``board``."""
    if board == "1901":
        return {"board": "1901", "start_or_train": rng.choice(["off", "on"])}
    opts = {"board": "1926", **{v: rng.choice(["off", "on"]) for v in VARIANTS}}
    trains = "on" in (opts["own_trains"], opts["black_train"])
    opts["junctions"] = rng.choice(["off", "on"]) if trains else "off"
    return opts


def play(players: int, seed: int, agent_seat: int, options: dict[str, str]) -> tuple[list[int], list[int], str]:
    state = GAME.setup(players, options, seed)
    rng = random.Random(seed)
    ended = ""
    while prompts := GAME.prompts(state):
        prompt = prompts[0]
        if prompt.seat == agent_seat:
            key = GAME.agent(state, prompt.seat, rng)
        else:
            key = rng.choice(prompt.actions).key
        for event in GAME.apply(state, prompt.seat, key):
            if event.text.startswith("Phase 1 ends"):
                ended = event.text
    outcome = GAME.outcome(state)
    assert outcome is not None
    return list(outcome.ranks), list(state["points"]), ended


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    boards = sys.argv[2:] or ["1901", "1926"]
    for board in boards:
        for players in (2, 3, 4):
            began = time.perf_counter()
            wins = 0
            totals = [0.0, 0.0]
            endings: collections.Counter[str] = collections.Counter()
            for seed in range(games):
                seat = seed % players
                ranks, points, ended = play(players, seed, seat, options_for(board, random.Random(seed)))
                wins += ranks[seat] == 1
                totals[0] += points[seat]
                totals[1] += sum(p for s, p in enumerate(points) if s != seat) / (players - 1)
                endings[ended.removeprefix("Phase 1 ends: ").rstrip(".")] += 1
            took = time.perf_counter() - began
            print(
                f"board {board}, {players} players: agent wins {wins}/{games} ({100 * wins / games:.0f}%, "
                f"random share {100 / players:.0f}%); mean points agent {totals[0] / games:.1f}, "
                f"random {totals[1] / games:.1f}; {took:.1f}s"
            )
            print("  phase 1 ended by:", ", ".join(f"{k} {v}" for k, v in endings.most_common()))


if __name__ == "__main__":
    main()
