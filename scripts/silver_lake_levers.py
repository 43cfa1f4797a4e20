"""How much each Silver Lake decision is worth, and what knowing the future would be worth.

    python scripts/silver_lake_levers.py levers [games]        # 2 players, default laps
    python scripts/silver_lake_levers.py foresight [games]     # 2 players, default laps
    python scripts/silver_lake_levers.py census [games] [strategy] [players]  # default 1000 rusher 2

``levers``: the normal bot (``agent.py``) against itself changed in one decision, seats
alternating, each game from its own seed: always the River Trail, always the Mountain Pass
(the bot before it chose by the landing), never the optional shortcut, selling a cheaper
permit to the bank (instead of mortgaging it) to afford a dearer one, never redeeming. A
change that wins 50% does not matter; the issue-26 goal (1.5× a fair share) is 75%.

``foresight``: a seat that **sees the hidden future** — it tries each of its choices on the
real state (the real dice and luck deck) and plays the game out with the normal bot in
every seat, then picks the choice whose real future it likes best (a win, then the margin).
Not a bot anyone may play (it reads what no seat can see); it measures how much of a game
the dice decide. Choices that consume dice (exploiting, throwing again) let it pick among
futures, so this is a ceiling far above any fair player's. Slow: about 4 s a game.

``census``: the normal bot in one seat (rotating) against a strategy of ``strategies.py`` in
the others: how many answers of each kind (the phase and the verb: "buy buy", "fork branch",
"buy mortgage") a player gives in a game, and how often the player who ends the game (the
first to complete the laps) wins it.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.arena import wilson
from bot.engine import State
from bot.games.silver_lake.agent import choose
from bot.games.silver_lake.board import PERMIT
from bot.games.silver_lake.rules import SilverLake

GAME = SilverLake()
Policy = Callable[[State, int], str]


def normal(state: State, seat: int) -> str:
    return choose(GAME, state, seat, random.Random(0))


def changed(phase: str, answer: Callable[[State, int], str]) -> Policy:
    """The normal bot with its answer in ``phase`` replaced."""
    def policy(state: State, seat: int) -> str:
        return answer(state, seat) if state["phase"] == phase else normal(state, seat)
    return policy


def _sell_to_upgrade(state: State, seat: int) -> str:
    keys = GAME.prompts(state)[0].keys()
    if "buy" in keys:
        return "buy"
    price = PERMIT[state["area"]].price
    sells = sorted((k for k in keys if k.startswith("sell:") and PERMIT[k[5:]].price < price),
                   key=lambda k: (PERMIT[k[5:]].price, k))
    refund = sum(PERMIT[k[5:]].price - (PERMIT[k[5:]].mortgage if k[5:] in state["mortgaged"] else 0) for k in sells)
    return sells[0] if sells and state["seats"][seat]["cash"] + refund >= price else "decline"


LEVERS: dict[str, Policy] = {
    "always the River Trail": changed("fork", lambda state, seat: "branch:river"),
    "always the Mountain Pass": changed("fork", lambda state, seat: "branch:mountain"),
    "never the optional shortcut": changed("shortcut", lambda state, seat: "shortcut:skip"),
    "sell a cheaper permit to afford a dearer one": changed("buy", _sell_to_upgrade),
    "never redeem": changed("roll", lambda state, seat: "roll"),
}


def play_out(state: State, policies: list[Policy]) -> State:
    while prompts := GAME.prompts(state):
        seat = prompts[0].seat
        GAME.apply(state, seat, policies[seat](state, seat))
    return state


def match(policy: Policy, games: int, players: int = 2) -> float:
    """The share of games ``policy`` wins against normal bots; it sits in each seat in turn."""
    wins = 0.0
    for index in range(games):
        seat = index % players
        policies = [normal] * players
        policies[seat] = policy
        outcome = GAME.outcome(play_out(GAME.setup(players, {}, 1 + index), policies))
        assert outcome is not None
        wins += 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    return wins


def foreseeing(me: int) -> Policy:
    """The seat that sees the real future (see the module docstring)."""
    def policy(state: State, seat: int) -> str:
        keys = GAME.prompts(state)[0].keys()
        if state["phase"] == "roll":
            keys = [key for key in keys if key in ("roll", "stop")]
        if state["phase"] == "debt" or len(keys) < 2:
            return normal(state, seat)
        best, best_value = normal(state, seat), -1e9
        for key in [best] + [key for key in keys if key != best]:
            future = json.loads(json.dumps(state))
            GAME.apply(future, seat, key)
            play_out(future, [normal] * state["players"])
            worth = GAME.worth(future)
            outcome = GAME.outcome(future)
            assert outcome is not None
            value = (me in outcome.winners) + 1e-5 * (worth[me] - max(w for s, w in enumerate(worth) if s != me))
            if value > best_value + 1e-9:
                best, best_value = key, value
        return best
    return policy


def census(games: int, strategy: str, players: int) -> None:
    """Decisions per game by kind, and who ends the game against who wins it (module docstring)."""
    from collections import Counter

    from bot.games.silver_lake.strategies import STRATEGIES

    def rival(state: State, seat: int) -> str:
        return STRATEGIES[strategy](GAME, state, seat, random.Random(0))

    decisions: dict[str, Counter[str]] = {"normal": Counter(), strategy: Counter()}
    ends = Counter[tuple[bool, bool]]()
    for index in range(games):
        me = index % players
        policies: list[Policy] = [rival] * players
        policies[me] = normal
        state = GAME.setup(players, {}, 1 + index)
        while prompts := GAME.prompts(state):
            seat = prompts[0].seat
            key = policies[seat](state, seat)
            kind = "normal" if seat == me else strategy
            decisions[kind][f"{state['phase']} {key.partition(':')[0]}"] += 1
            GAME.apply(state, seat, key)
        outcome = GAME.outcome(state)
        assert outcome is not None
        ends[(state["turn"] == me, me in outcome.winners)] += 1
    for kind, counted in decisions.items():
        rivals = 1 if kind == "normal" else players - 1
        print(f"{kind}: per seat and game  " + ", ".join(
            f"{name} {count / games / rivals:.2f}" for name, count in sorted(counted.items())))
    finished = ends[(True, True)] + ends[(True, False)]
    print(f"normal ended {finished} of {games} games and won {ends[(True, True)]} of them; "
          f"of the {games - finished} a rival ended, normal won {ends[(False, True)]}")


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "levers"
    if what == "census":
        census(int(sys.argv[2]) if len(sys.argv) > 2 else 1000, sys.argv[3] if len(sys.argv) > 3 else "rusher",
               int(sys.argv[4]) if len(sys.argv) > 4 else 2)
        return
    games = int(sys.argv[2]) if len(sys.argv) > 2 else (2000 if what == "levers" else 40)
    rows = LEVERS.items() if what == "levers" else [("sees the future", None)]
    for name, policy in rows:
        if policy is None:
            wins = 0.0
            for index in range(games):
                seat = index % 2
                policies: list[Policy] = [normal, normal]
                policies[seat] = foreseeing(seat)
                outcome = GAME.outcome(play_out(GAME.setup(2, {}, 1 + index), policies))
                assert outcome is not None
                wins += 1 / len(outcome.winners) if seat in outcome.winners else 0.0
        else:
            wins = match(policy, games)
        low, high = wilson(wins, games)
        print(f"{name:<45} {wins / games:6.1%}  ({low:.1%}–{high:.1%}, {games} games)")


if __name__ == "__main__":
    main()
