"""Simulate Killer Bunnies games to check the deck's balance and the heuristic agent.

``python scripts/killer_bunnies_sim.py --games 200 --players 4`` plays games where seat 0
(rotating, so no seat has the first-player edge) is the heuristic agent and the others play
uniformly random legal moves, then games with agents in every seat, and prints the win rate
and how games go (turns, carrots bought, bunnies killed, games nobody could win).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from bot.games.killer_bunnies.rules import OVER, KillerBunnies


def play(game: KillerBunnies, players: int, seed: int, smart: set[int]) -> dict[str, int]:
    state = game.setup(players, {}, seed)
    chooser = random.Random(seed)
    stats: Counter[str] = Counter()
    while prompts := game.prompts(state):
        prompt = chooser.choice(prompts)
        if prompt.seat in smart:
            key = game.agent(state, prompt.seat, chooser)
        else:
            key = chooser.choice(prompt.actions).key
        if key == "flip":
            stats["turns"] += 1
        if key.startswith("buy:") and key not in ("buy:cabbage", "buy:water"):
            stats["bought"] += 1
        before = len(state["circle"])
        game.apply(state, prompt.seat, key)
        stats["deaths"] += max(0, before - len(state["circle"]))
        stats["actions"] += 1
    assert state["phase"] == OVER
    stats["winner"] = -1 if state["winner"] is None else state["winner"]
    return dict(stats)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = KillerBunnies()
    n = args.players
    wins = nobody = 0
    totals: Counter[str] = Counter()
    for seed in range(args.games):
        smart = seed % n
        result = play(game, n, seed, {smart})
        wins += result["winner"] == smart
        nobody += result["winner"] == -1
        totals.update({k: v for k, v in result.items() if k != "winner"})
    g = args.games
    print(f"{n} players, heuristic agent in one seat vs random: won {wins}/{g} = {100 * wins / g:.1f}% "
          f"(a fair share is {100 / n:.1f}%); no winner in {nobody}")
    print(f"  per game: {totals['turns'] / g:.1f} turns, {totals['actions'] / g:.0f} actions, "
          f"{totals['bought'] / g:.1f} carrots bought, {totals['deaths'] / g:.1f} bunnies died")
    totals = Counter()
    nobody = 0
    seats: Counter[int] = Counter()
    for seed in range(args.games):
        result = play(game, n, 10_000 + seed, set(range(n)))
        nobody += result["winner"] == -1
        seats[result["winner"]] += 1
        totals.update({k: v for k, v in result.items() if k != "winner"})
    print(f"{n} heuristic agents: {totals['turns'] / g:.1f} turns ({totals['turns'] / g / n:.1f} rounds), "
          f"{totals['bought'] / g:.1f} carrots bought, {totals['deaths'] / g:.1f} bunnies died, no winner in {nobody}; "
          f"wins by seat {dict(sorted(seats.items()))}")


if __name__ == "__main__":
    main()
