"""Simulations behind the Bullfrog Goldfield component design (numbers quoted in the README).

    .venv/bin/python scripts/bullfrog_sim.py mines     # 10,000 mines: lifetimes and final values
    .venv/bin/python scripts/bullfrog_sim.py agent     # the heuristic agent against random play
    .venv/bin/python scripts/bullfrog_sim.py games     # whole games between agents: length, endings

Mines are dug with the engine's own ``develop`` (shared draw piles, tiles added from and
returned to the Deep Dig pile, reshuffles), seven at a time as in a game, each opened at
20 with enough buildings that no limit interferes; one dig per cycle until exhausted.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import Counter

from bot.games.bullfrog_goldfield.messages import restored
from bot.games.bullfrog_goldfield.rules import MINES, BullfrogGoldfield, develop


def mines(count: int = 10_000, length: str = "standard") -> None:
    game = BullfrogGoldfield()
    lifetimes: list[int] = []
    finals: list[int] = []
    seed = 0
    while len(lifetimes) < count:
        state = game.setup(4, {"length": length}, seed)
        seed += 1
        for mine in MINES:
            state["cos"][mine].update({"status": "open", "value": 20, "charter": 0})
            state["buildings"][state_area(mine)] = 5
        alive = set(MINES)
        cycle = 0
        while alive:
            cycle += 1
            for mine in MINES:
                if mine in alive:
                    develop(state, mine, [])
            for mine in list(alive):
                if not state["cos"][mine]["tiles"]:
                    alive.discard(mine)
                    lifetimes.append(cycle)
                    finals.append(state["cos"][mine]["value"])
    lifetimes, finals = lifetimes[:count], finals[:count]
    print(f"{count} mines ({length}), each opened at 20 with no limit in the way")
    print(f"lifetime in cycles: mean {statistics.mean(lifetimes):.2f}, median {statistics.median(lifetimes)}, "
          f"min {min(lifetimes)}, max {max(lifetimes)}")
    for cycles, n in sorted(Counter(lifetimes).items()):
        print(f"  {cycles:2d} cycles: {n / count:6.1%}")
    print(f"final value: mean {statistics.mean(finals):.1f}, median {statistics.median(finals)}, "
          f"min {min(finals)}, max {max(finals)}")
    buckets = Counter(min(v // 10, 8) for v in finals)
    for bucket, n in sorted(buckets.items()):
        label = f"{bucket * 10}-{bucket * 10 + 9}" if bucket < 8 else "80+"
        print(f"  {label:>6}: {n / count:6.1%}")


def state_area(mine: str) -> str:
    from bot.games.bullfrog_goldfield.components import components

    return components().companies[mine].area


def play(game: BullfrogGoldfield, players: int, seed: int, agents: set[int]) -> dict:
    state = game.setup(players, {}, seed)
    rng = random.Random(seed)
    while game.prompts(state):
        prompt = game.prompts(state)[0]
        key = game.agent(state, prompt.seat, rng) if prompt.seat in agents else rng.choice(prompt.actions).key
        game.apply(state, prompt.seat, key)
    return state


def agent(games: int = 200, players: int = 4) -> None:
    game = BullfrogGoldfield()
    wins = 0.0
    for seed in range(games):
        seat = seed % players
        state = play(game, players, seed, {seat})
        outcome = game.outcome(state)
        if outcome.ranks[seat] == 1:
            wins += 1 / outcome.ranks.count(1)
    print(f"agent vs {players - 1} random players, {games} games: wins {wins:.0f} ({wins / games:.1%}); "
          f"a random seat would win {1 / players:.0%}")


def games(count: int = 200) -> None:
    game = BullfrogGoldfield()
    for players in range(2, 6):
        cycles, reasons, railroads, opened, winners = [], Counter(), [], [], Counter()
        first_wins = 0.0
        for seed in range(count // 4):
            first = game.setup(players, {}, 1000 + seed)["picker"]
            state = play(game, players, 1000 + seed, set(range(players)))
            outcome = game.outcome(state)
            if outcome.ranks[first] == 1:
                first_wins += 1 / outcome.ranks.count(1)
            cycles.append(state["cycle"])
            for reason in map(str, map(restored, state["end"])):  # kept as messages (issue 30)
                reasons[reason.split(" passed")[0] if "passed" in reason else reason] += 1
            railroads.append(sum(1 for r in ("sp", "bg", "tg", "lv", "tt") if state["cos"][r]["trains"]))
            opened.append(sum(1 for m in MINES if state["cos"][m]["status"] != "closed"))
            for seat in game.outcome(state).winners:
                winners[seat] += 1
        print(f"{players} agents, {len(cycles)} games: cycles mean {statistics.mean(cycles):.1f} "
              f"(min {min(cycles)}, max {max(cycles)}); railroads with track {statistics.mean(railroads):.1f}; "
              f"mines opened {statistics.mean(opened):.1f}; wins by seat {dict(sorted(winners.items()))}")
        print(f"   endings: {dict(reasons.most_common(6))}")
        print(f"   the first to choose a character in cycle 1 won {first_wins / len(cycles):.0%} "
              f"(an even share is {1 / players:.0%})")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "mines"
    {"mines": mines, "agent": agent, "games": games}[what]()
