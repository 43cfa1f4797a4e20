"""Puerto Rico: the heuristic agent's win rate and the engine's random-playout speed.

    .venv/bin/python scripts/pr_eval.py [--games 200] [--speed-games 300]

Win rate: 4-player games, the heuristic agent in one seat (rotating through the seats so
the governor's advantage evens out) against three uniformly random seats; a shared first
place counts as a win. Speed: complete 4-player games with uniformly random legal actions,
engine only (setup, prompts, apply; no store, no pictures).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.puerto_rico.rules import PuertoRico


def win_rate(games: int, players: int = 4) -> tuple[float, float]:
    """Share of games the heuristic seat wins (ties included), and its mean score margin."""
    game = PuertoRico()
    wins = 0
    margin = 0.0
    for index in range(games):
        seed = 10_000 + index
        hero = index % players
        state = game.setup(players, {}, seed)
        rng = random.Random(seed)
        while prompts := game.prompts(state):
            prompt = prompts[0]
            key = game.agent(state, hero, rng) if prompt.seat == hero else rng.choice(prompt.actions).key
            game.apply(state, prompt.seat, key)
        outcome = game.outcome(state)
        assert outcome is not None
        if outcome.ranks[hero] == 1:
            wins += 1
        best_other = max(score for seat, score in enumerate(outcome.scores) if seat != hero)
        margin += outcome.scores[hero] - best_other
    return wins / games, margin / games


def playout_speed(games: int, players: int = 4) -> float:
    """Complete random games per second: the loop from the issue, nothing else."""
    game = PuertoRico()
    rng = random.Random(1)
    start = time.perf_counter()
    for seed in range(games):
        s = game.setup(players, {}, seed)
        while ps := game.prompts(s):
            p = rng.choice(ps)
            game.apply(s, p.seat, rng.choice(p.actions).key)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="win-rate games (default 200)")
    parser.add_argument("--speed-games", type=int, default=300, help="timed random games (default 300)")
    args = parser.parse_args()
    rate, margin = win_rate(args.games)
    print(f"heuristic agent vs 3 random, 4 players, {args.games} games: "
          f"win rate {rate:.1%} (random would be 25%), mean margin over the best other seat {margin:+.1f} VP")
    speed = playout_speed(args.speed_games)
    print(f"engine-only random playouts, 4 players: {speed:.1f} games/s over {args.speed_games} games")


if __name__ == "__main__":
    main()
