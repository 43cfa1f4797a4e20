"""How much the answers in Schwarzes Gold's pumping (phase 2) decide a two-player game.

    python scripts/schwarzes_gold_pumping.py [starts] [first seed]     # default 60 100

Plays normal-against-normal games (the heuristic, ``agent.choose``, in both seats) to the
start of phase 2 and, from there, replays the pumping four ways for each seat in turn (so
every start counts twice), the other seat always answering with the heuristic:

- ``heuristic``: the seat pumps as the heuristic does (the start's own result);
- ``paired``: the hard bot's sampled search, ``search.paired_search`` with 0.3 s of CPU
  a decision, made to sample by calling it as a game that is never settled;
- ``best reply``: ``search.best_reply``, every order of the seat's own pumps played out
  against the heuristic (what a hard bot plays since stop 51);
- ``minimax``: the pumps that win against *any* answers of the other seat, where some do
  (an exact search of both seats' orders, the rival assumed to answer its best).

It prints how many of the replays the seat won each way. Phase 2 has no dice and nothing
hidden, so the four differ only in the seat's own answers. About 15 minutes for 60 starts.
"""

from __future__ import annotations

import json
import random
import sys

from bot.engine.contract import State, clone_state
from bot.engine.registry import get_game
from bot.engine.search import best_reply, paired_search
from bot.games import load_all
from bot.games.schwarzes_gold.rules import SchwarzesGold

load_all()
GAME = get_game("schwarzes-gold")


class Unsettled(SchwarzesGold):
    """The same game, never settled: the paired search samples as it did before stop 51."""

    def settled(self, state: State) -> bool:
        return False


UNSETTLED = Unsettled()


def wins(state: State, seat: int) -> bool:
    outcome = GAME.outcome(state)
    assert outcome is not None
    return outcome.ranks[seat] == 1


def minimax(state: State, seat: int, memo: dict[str, bool]) -> bool:
    """Whether ``seat`` wins from ``state`` whatever the other seat answers."""
    if GAME.outcome(state) is not None:
        return wins(state, seat)
    key = json.dumps([state["tokens"], sorted(state["barrels"]), state["pieces"], state["index"], state["points"]],
                     sort_keys=True)
    if key not in memo:
        prompt = GAME.prompts(state)[0]
        results = []
        for action in prompt.actions:
            tried = clone_state(state)
            GAME.apply(tried, prompt.seat, action.key)
            results.append(minimax(tried, seat, memo))
        memo[key] = any(results) if prompt.seat == seat else all(results)
    return memo[key]


def minimax_choice(state: State, seat: int, memo: dict[str, bool]) -> str:
    keys = GAME.prompts(state)[0].keys()
    for key in keys:
        tried = clone_state(state)
        GAME.apply(tried, seat, key)
        if minimax(tried, seat, memo):
            return key
    return GAME.agent(state, seat, random.Random(0))


def replay(start: State, seat: int, way: str) -> bool:
    state = clone_state(start)
    memo: dict[str, bool] = {}
    rng = random.Random(1)
    while GAME.outcome(state) is None:
        prompt = GAME.prompts(state)[0]
        if prompt.seat != seat or way == "heuristic" or len(prompt.actions) == 1:
            key = GAME.agent(state, prompt.seat, rng)
        elif way == "paired":
            key = paired_search(UNSETTLED, state, seat, random.Random(2), budget_s=0.3).key
        elif way == "best reply":
            guide = GAME.agent(state, seat, rng)
            found = best_reply(GAME, state, seat, random.Random(2), guide=guide, budget_s=60.0)
            assert found is not None
            key = found
        else:
            key = minimax_choice(state, seat, memo)
        GAME.apply(state, prompt.seat, key)
    return wins(state, seat)


def main() -> None:
    starts = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    ways = ("heuristic", "paired", "best reply", "minimax")
    won = dict.fromkeys(ways, 0)
    replays = 0
    for seed in range(first, first + starts):
        rng = random.Random(seed)
        state = GAME.setup(2, {}, seed)
        while state["stage"] != "score" and GAME.outcome(state) is None:
            prompt = GAME.prompts(state)[0]
            GAME.apply(state, prompt.seat, GAME.agent(state, prompt.seat, rng))
        if GAME.outcome(state) is not None:
            continue
        for seat in (0, 1):
            replays += 1
            for way in ways:
                won[way] += replay(state, seat, way)
    print(f"{replays} replays of phase 2 from {starts} normal-against-normal games (seeds {first}-{first + starts - 1});"
          " the seat's wins, the other seat answering with the heuristic:")
    for way in ways:
        print(f"  {way:<11} {won[way]:>4} of {replays} ({won[way] / max(replays, 1):.1%})")


if __name__ == "__main__":
    main()
