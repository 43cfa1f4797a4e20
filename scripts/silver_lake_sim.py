"""Simulate Silver Lake games to check the design: ``python scripts/silver_lake_sim.py [games]``.

Plays the heuristic agent in every seat (and random players for comparison) and prints,
per player count: game length (turns and throws per player), how often a player restarts
or drops out, the money spread at the end (winner's worth vs the mean and the last), how
often the first player wins, and how the agent fares against random players.
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.silver_lake.rules import SilverLake

GAME = SilverLake()


def play(players: int, seed: int, bots: list[str], laps: str = "5") -> dict[str, object]:
    """One game; ``bots[seat]`` is "agent" or "random". Returns the figures of interest."""
    state = GAME.setup(players, {"laps": laps}, seed)
    rng = random.Random(seed)
    throws = 0
    restarts = 0
    while prompts := GAME.prompts(state):
        prompt = prompts[0]
        if bots[prompt.seat] == "agent":
            key = GAME.agent(state, prompt.seat, rng)
        else:
            key = rng.choice(prompt.actions).key
        throws += key == "roll"
        before = sum(s["restarted"] for s in state["seats"])
        GAME.apply(state, prompt.seat, key)
        restarts += sum(s["restarted"] for s in state["seats"]) - before
    outcome = GAME.outcome(state)
    assert outcome is not None
    worth = GAME.worth(state)
    return {
        "turns": state["turns"] / players,
        "throws": throws / players,
        "restarts": restarts,
        "dropped": len(state["dropped"]),
        "worth": worth,
        "winners": outcome.winners,
        "first": state["first"],
        "safeguard": "safeguard" in state["end"],
    }


def report(players: int, games: int) -> None:
    results = [play(players, seed, ["agent"] * players) for seed in range(games)]
    turns = [r["turns"] for r in results]
    spread = []
    for r in results:
        live = sorted(w for w in r["worth"] if w > 0)
        if len(live) >= 2:
            spread.append((live[-1] - live[-2]) / statistics.mean(live))
    print(
        f"{players}p: turns/player median {statistics.median(turns):.0f} (min {min(turns):.0f}, max {max(turns):.0f}); "
        f"restarts per game {sum(r['restarts'] for r in results) / games:.2f}, "
        f"games with a restart {sum(1 for r in results if r['restarts']) / games:.0%}, "
        f"drop-outs per game {sum(r['dropped'] for r in results) / games:.2f}; "
        f"winner's lead over 2nd {statistics.median(spread):.0%} of mean worth (median); "
        f"final worth median {statistics.median(w for r in results for w in r['worth']):,.0f}; "
        f"first player wins {sum(1 for r in results if r['first'] in r['winners']) / games:.0%}; "
        f"safeguard endings {sum(1 for r in results if r['safeguard'])}"
    )


def random_table(players: int, games: int) -> None:
    """Random players buy, sell and mortgage at random: they show how often debts bite."""
    results = [play(players, seed, ["random"] * players) for seed in range(games)]
    print(
        f"{players}p random players: {sum(r['restarts'] for r in results)} restarts in "
        f"{sum(1 for r in results if r['restarts'])} of {games} games, "
        f"{sum(r['dropped'] for r in results)} drop-outs, "
        f"safeguard endings {sum(1 for r in results if r['safeguard'])}"
    )


def agent_vs_random(games: int, players: int = 4) -> None:
    wins = 0
    for seed in range(games):
        seat = seed % players
        bots = ["random"] * players
        bots[seat] = "agent"
        wins += seat in play(players, seed, bots)["winners"]
    print(f"agent vs {players - 1} random players: wins {wins}/{games} ({wins / games:.0%}; chance {1 / players:.0%})")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for players in range(2, 7):
        report(players, games)
    for players in range(2, 7):
        random_table(players, games)
    agent_vs_random(games)


if __name__ == "__main__":
    main()
