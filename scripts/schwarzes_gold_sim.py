"""Schwarzes Gold simulations: the heuristic agent against random players, and board statistics.

    .venv/bin/python scripts/schwarzes_gold_sim.py [games] [board ...]
    .venv/bin/python scripts/schwarzes_gold_sim.py --balance [games] [board ...]

Default: one seat is the heuristic agent (which seat rotates with the game number, so the
seat order does not favour it) and the others play random legal moves. Prints the agent's
win rate (ties broken by the rules), the mean scores, and what ended phase 1.

``--balance``: agents in every seat, so the board is played the way people play it. Prints
what ended phase 1 (which area filled up, or the tokens running out), the mean score of the
winner and the last place, and how often each seat (in the order of play) won.
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


def balance(games: int, boards: list[str]) -> None:
    for board in boards:
        for players in (2, 3, 4):
            endings: collections.Counter[str] = collections.Counter()
            seat_wins = [0] * players
            best = worst = 0.0
            for seed in range(games):
                rng = random.Random(seed)
                state = GAME.setup(players, options_for(board, rng), seed)
                ended = ""
                while prompts := GAME.prompts(state):
                    seat = prompts[0].seat
                    for event in GAME.apply(state, seat, GAME.agent(state, seat, rng)):
                        if event.text.startswith("Phase 1 ends"):
                            ended = event.text
                outcome = GAME.outcome(state)
                assert outcome is not None
                endings[ended.removeprefix("Phase 1 ends: ").rstrip(".")] += 1
                first = state["first"]
                for seat in outcome.winners:
                    seat_wins[(seat - first) % players] += 1
                best += max(state["points"])
                worst += min(state["points"])
            print(
                f"board {board}, {players} players, agents only: winner {best / games:.1f} points, "
                f"last {worst / games:.1f}; wins by seat in turn order {seat_wins}"
            )
            print("  phase 1 ended by:", ", ".join(f"{k} {v}" for k, v in endings.most_common()))


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--balance":
        balance(int(args[1]) if len(args) > 1 else 100, args[2:] or ["1901", "1926"])
        return
    games = int(args[0]) if args else 200
    boards = args[1:] or ["1901", "1926"]
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
