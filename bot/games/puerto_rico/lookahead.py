"""The normal bot's role choice: each role tried, the round played out, the end of it scored.

The heuristic (:mod:`.agent`) values a role by what it brings this seat now, plus the
doubloons lying on it. That misses what the role hands the others and what they take after
it. Against two or three players who race for the VP chips (``ship-bank``: the Captain
whenever three barrels wait, the Craftsman whenever it makes four) it won only 44.8% of
3-player games, 1.34× its fair share: it left them the Captain and the Craftsman (1.4–1.7
and 1.0–1.2 picks a game, the two ``ship-bank`` seats together 8.5–9.3 and about 9), and the
chips ran out before its buildings paid (data/puerto-rico/README.md, "Red-team pass 3").

So the normal bot tries each role it may take on a copy of the position: it takes the role,
and every seat, itself included, plays the rest of the round as the heuristic does. The end
of the round is scored by the evaluation the hard bot's search uses (:func:`.evaluation.evaluate`:
VP, barrels, doubloons and production, turned into a chance to win), plus a twentieth of
the heuristic's worth of the role, which keeps what the evaluation sees only through
production (a plantation not yet manned, a colonist on the way) from counting for nothing.
The role with the highest score is taken. It costs a few milliseconds (over all the normal
bot's decisions in 300-game arena runs, p95 3.1–3.7 ms at 3 players and 4.5–5.4 ms at 4,
the slowest 33 ms), so the bot still plays on the event loop.

The hard bot looks further the same way (stop 58): at a role it uses the engine's
:func:`bot.engine.search.lookahead` (``PuertoRico.looks_ahead``) on this module's public copy
(``lookahead_position``), plays each role on for three rounds with *this* bot for every seat
(the rollout policy, the contract's default) and scores it as here, the heuristic's worth
included (``lookahead_prior``). So the hard bot expects the others to look ahead as the
normal bot does, and sees three rounds where the normal bot sees one. Its other decisions
are the paired search's, whose rollouts also play this bot for every seat.

Why the normal bot does not call that lookahead itself: it is the hard level's search, with
a CPU budget, a margin the heuristic's move must be beaten by, and the rollout policy inside
(which here is this very bot). The normal bot needs every role scored against the plain
heuristic's round, the same answer on every call, in a few milliseconds.

It decides on what the seat can see: the copy has the face-down plantation stack in one
fixed order (which plantations it holds is public, only their order is not), the other
seats' VP chips split evenly (their sum is public) and a fixed random seed, so the choice
is the same however the hidden information lies (``tests/games/test_puerto_rico_lookahead.py``
redraws it and checks).
"""

from __future__ import annotations

import math
import random

from bot.engine import State

from . import agent
from .evaluation import evaluate
from .legal import copy_state, legal_keys
from .phases import perform

HEURISTIC_WEIGHT = 0.05
"""How much of the heuristic's worth of a role (in rough VP) is added to the chance to win
at the end of the round. Without it (0) the bot lost ground to ``ship-bank`` at 4 players
(31.7% of 300 games, the heuristic alone 39.0%): it took the Prospector, which gives the
others nothing, nine times as often. Against ``ship-bank``, 300 games at each of the seeds
7, 5001 and 9001: 0.05 won 51.7% at 3 players and 39.7% at 4, 0.1 won 52.8% and 37.3%."""

ROUND_MOVES = 200
"""A bound on the moves of one looked-ahead round (a round is 10–40 moves), should the
heuristic ever fail to finish one."""


def role_choice(state: State) -> list[str]:
    """The roles the seat to act may take, when it has two or more to choose from; else
    empty. Where the normal bot looks ahead, and the hard bot too (``PuertoRico.looks_ahead``)."""
    if state["phase"] == "over" or state["sub"] != "":
        return []
    keys = legal_keys(state)
    return keys if len(keys) > 1 else []


def choose(state: State, seat: int, rng: random.Random) -> str:
    """The normal bot's key for ``seat``, the seat to act: the look-ahead for a role, the
    heuristic for everything else."""
    keys = role_choice(state)
    if keys:
        return choose_role(state, seat, keys)
    return agent.choose(state, seat, rng)


def choose_role(state: State, seat: int, keys: list[str]) -> str:
    """The role key among ``keys`` whose round, played out by the heuristic, ends best for
    ``seat`` (see the module's docstring); the first of ``keys`` on a tie."""
    public = public_copy(state, seat)
    best_key, best_value = keys[0], -math.inf
    for key in keys:
        position = copy_state(public)
        perform(position, seat, key)
        _finish_round(position, state["round"])
        value = evaluate(position)[seat] + HEURISTIC_WEIGHT * agent.role_worth(state, seat, key)
        if value > best_value:
            best_key, best_value = key, value
    return best_key


def public_copy(state: State, seat: int) -> State:
    """A copy of ``state`` with what ``seat`` cannot see put one fixed way: the face-down
    stack sorted, the other seats' VP chips split evenly (the first seats take the
    remainder) and the random seed fixed."""
    public = copy_state(state)
    public["stack"].sort()
    public["rng"] = 0
    others = [other for other in range(state["n"]) if other != seat]
    total = sum(public["seats"][other]["vp"] for other in others)
    share, remainder = divmod(total, len(others))
    for index, other in enumerate(others):
        public["seats"][other]["vp"] = share + (1 if index < remainder else 0)
    return public


def _finish_round(position: State, round_number: int) -> None:
    """Play ``position`` on, every seat choosing as the heuristic does, until the round
    after ``round_number`` begins or the game ends."""
    rng = random.Random(0)
    for _ in range(ROUND_MOVES):
        if position["phase"] == "over" or position["round"] != round_number:
            return
        actor = position["actor"]
        perform(position, actor, agent.choose(position, actor, rng))


__all__ = ["HEURISTIC_WEIGHT", "choose", "choose_role", "public_copy", "role_choice"]
