"""Collide-o: does the deck deadlock, and how long is a game? Random deals, real rules.

    .venv/bin/python scripts/collide_o_sim.py [--deals 10000] [--players 2 3 4 5] [--mode turns live]

For every player count, ``--deals`` games (seeds 0, 1, 2, ...) are played to the end with the
engine's own rules (``CollideO.setup``, ``plays``, ``perform``; prompts and labels are skipped
for speed, which is safe because only legal plays are chosen):

* ``turns``: seats in order; a seat with a fitting card plays a random one (a random way
  round), a seat without passes automatically (the engine does that without a prompt), and
  a full round of passes applies the stuck rule. Nobody passes by choice, so the number of
  player actions (prompts answered) equals the number of cards played;
* ``live``: tie window 0 and instant reactions: at each step a random seat among those who
  can play lands a random fitting card; when nobody can play, every seat says ``stuck`` (a
  live seat is never stuck until it says so) and the last declaration applies the stuck
  rule. Stuck declarations count as player actions; cards called out are not simulated
  (a misfit changes nothing but the time it costs).

A *deadlock* is everyone stuck with no played card left to remove (the stuck rule cannot
help). The rules raise on it, and the script counts it; the all-wild starting card makes it
impossible, and the counts confirm it. ``--coloured-starter`` shows what the all-wild starter
prevents: the line starts with the set-aside card instead (usually a coloured one). Printed per player count: deadlocks, games ending with
a winner, mean / max cards played (= player actions, the game's length), stuck-rule
removals, the longest run of removals in a row, how often the line went back to the bare
starting card, and the seconds taken.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.collide_o.rules import CollideO, ends_of, play_key, visible_of


@dataclass
class Tally:
    """Numbers for one player count and mode."""

    deadlocks: int = 0
    winners: int = 0
    plays: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    removals: list[int] = field(default_factory=list)
    longest_run: int = 0
    bare_returns: int = 0


def play_one(game: CollideO, players: int, mode: str, seed: int, tally: Tally, coloured: bool = False) -> None:
    state = game.setup(players, {"mode": mode, "tie": "0"}, seed)
    chooser = random.Random(seed)
    actions = 0
    run = 0
    try:
        if coloured:  # the counterfactual: start the line with the set-aside card instead
            card = state["aside"].pop()
            state["aside"].append(int(state["line"][0].split(":")[0]))
            state["line"][0] = f"{card}:start"
            state["ends"] = ends_of(visible_of(state["line"]))
            if mode == "turns":
                game._settle_turns(state)  # seat 0 may have nothing that fits: pass on
        while state["winner"] is None:
            removed_before = state["removals"]
            if mode == "turns":
                seat = state["turn"]
                options = game.plays(state, seat)
            else:
                able = [s for s in range(players) if game.can_play(state, s)]
                if not able:
                    if game.is_bare(state):  # live mode waits on a bare line nobody can play on
                        raise RuntimeError("deadlock")
                    for seat in range(players):  # everyone says so; the last one removes a card
                        if seat not in state["stuck"]:
                            game.perform(state, seat, "stuck")
                            actions += 1
                    removed = state["removals"] - removed_before
                    run += removed
                    tally.longest_run = max(tally.longest_run, run)
                    if len(state["line"]) == 1:
                        tally.bare_returns += 1
                    continue
                seat = chooser.choice(able)
                options = game.plays(state, seat)
            game.perform(state, seat, play_key(*chooser.choice(options)))
            actions += 1
            removed = state["removals"] - removed_before
            if removed:
                run += removed
                tally.longest_run = max(tally.longest_run, run)
                if len(state["line"]) == 1:
                    tally.bare_returns += 1
            else:
                run = 0
    except RuntimeError:  # the stuck rule on a bare line: a deadlock
        tally.deadlocks += 1
        return
    tally.winners += 1
    tally.plays.append(state["plays"])
    tally.removals.append(state["removals"])
    tally.actions.append(actions)


def simulate(players: int, mode: str, deals: int, coloured: bool = False) -> Tally:
    game = CollideO()
    tally = Tally()
    for seed in range(deals):
        play_one(game, players, mode, seed, tally, coloured)
    return tally


def _mean(values: list[int]) -> float:
    return statistics.fmean(values) if values else 0.0


def _sd(values: list[int]) -> float:
    return statistics.pstdev(values) if values else 0.0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--mode", nargs="+", default=["turns", "live"], choices=["turns", "live"])
    parser.add_argument(
        "--coloured-starter",
        action="store_true",
        help="counterfactual: start the line with the (random, usually coloured) set-aside card",
    )
    args = parser.parse_args(argv)
    starter = "a random set-aside card as the starter" if args.coloured_starter else "the all-wild starter"
    print(f"Collide-o: {args.deals} random deals per player count and mode, {starter}\n")
    header = (
        f"{'mode':<6}{'players':>8}{'deadlocks':>10}{'won':>7}{'plays':>8}{'sd':>6}{'max':>5}{'actions':>9}"
        f"{'removed':>9}{'max':>5}{'run':>5}{'bare':>6}{'sec':>6}"
    )
    print(header)
    for mode in args.mode:
        for players in args.players:
            started = time.perf_counter()
            tally = simulate(players, mode, args.deals, args.coloured_starter)
            seconds = time.perf_counter() - started
            print(
                f"{mode:<6}{players:>8}{tally.deadlocks:>10}{tally.winners:>7}"
                f"{_mean(tally.plays):>8.1f}{_sd(tally.plays):>6.1f}"
                f"{max(tally.plays, default=0):>5}{_mean(tally.actions):>9.1f}"
                f"{_mean(tally.removals):>9.2f}{max(tally.removals, default=0):>5}"
                f"{tally.longest_run:>5}{tally.bare_returns:>6}{seconds:>6.0f}"
            )
    print(
        "\nplays: cards landed per game (mean, standard deviation, max); actions: player actions"
        "\n(turns: = plays; live: plays + stuck declarations);"
        "\nremoved: stuck-rule removals per game (mean, max); run: most removals in a row;"
        "\nbare: times the line went back to the bare starting card (all deals together)."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
