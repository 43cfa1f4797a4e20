"""Simulations behind the Construction Game's designed numbers (see data/construction-game/README.md).

``python scripts/construction_game_sim.py --games 200 --players 4`` plays heuristic
contractors against each other and prints the median game length (years of the first
contractor to finish, and turns), the share of games that reach the $1.5M goal, how often
each equipment type was bought, and win rates by strategy (seats rotate strategies).
``--vs-random`` plays one heuristic seat against random seats instead.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.construction_game.agent import STRATEGIES, choose
from bot.games.construction_game.components import EQUIPMENT
from bot.games.construction_game.rules import ConstructionGame

GAME = ConstructionGame()


def play(players: int, seed: int, strategies: list[str | None], options: dict[str, str] | None = None) -> dict:
    """One game; ``None`` in ``strategies`` is a random seat. Returns a summary."""
    state = GAME.setup(players, options or {}, seed)
    rng = random.Random(seed)
    bought: Counter[str] = Counter()
    while GAME.prompts(state):
        prompt = rng.choice(GAME.prompts(state))
        name = strategies[prompt.seat]
        if name is None:
            key = rng.choice(prompt.actions).key
        else:
            key = choose(state, prompt.seat, rng, STRATEGIES[name])
        if key.startswith("buy:"):
            parts = key.split(":")
            bought[parts[1]] += int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 1
        GAME.apply(state, prompt.seat, key)
    outcome = GAME.outcome(state)
    return {
        "winners": outcome.winners,
        "years": max(state["years"]),
        "turns": state["turns"],
        "actions": state["actions"],
        "reason": outcome.reason,
        "bought": bought,
        "fleets": state["fleet"],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--vs-random", action="store_true")
    parser.add_argument("--all-random", action="store_true")
    parser.add_argument("--strategies", default="balanced")
    args = parser.parse_args()
    names = args.strategies.split(",")
    wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    years, turns, actions, reasons, bought = [], [], [], Counter(), Counter()
    for seed in range(args.games):
        if args.all_random:
            lineup: list[str | None] = [None] * args.players
        elif args.vs_random:
            lineup = [None] * args.players
            lineup[seed % args.players] = names[0]
        else:
            lineup = [names[(seed + i) % len(names)] for i in range(args.players)]
        result = play(args.players, seed, lineup)
        for seat, name in enumerate(lineup):
            seats[str(name)] += 1
            if seat in result["winners"]:
                wins[str(name)] += 1 / len(result["winners"])
        years.append(result["years"])
        turns.append(result["turns"] / args.players)
        actions.append(result["actions"])
        reasons[result["reason"].split(";")[0]] += 1
        bought.update(result["bought"])
    print(f"{args.games} games, {args.players} players")
    print(f"years (first contractor): median {statistics.median(years)}, quartiles "
          f"{statistics.quantiles(years, n=4)}; turns per player median {statistics.median(turns):.0f}; "
          f"actions median {statistics.median(actions)}")
    print("endings:", dict(reasons))
    print("bought:", {item: bought[item] for item in (*EQUIPMENT, 'landfill', 'sand-gravel', 'paving', 'concrete')})
    for name in seats:
        print(f"  {name}: win rate {wins[name] / seats[name]:.1%} over {seats[name]} seats")


if __name__ == "__main__":
    main()
