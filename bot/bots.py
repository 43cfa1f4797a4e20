"""Bot levels: how a bot seat chooses its move — easy, normal or hard.

- **easy**: the game's heuristic (``game.agent``), but one move in three (:data:`EASY_NOISE`)
  is a uniformly random legal move: it plays the game, and makes mistakes a person can punish;
- **normal**: the game's heuristic, written per game from its rulebook (``agent.py``);
- **hard**: a paired rollout search (:func:`bot.engine.search.paired_search`): every candidate
  move is rolled out with the heuristic on the same redrawn states and the same dice, and the
  heuristic's own choice is overruled only by a move that beats it beyond doubt; in a game
  with nothing left to chance (``Game.deterministic``: 1856), and at the prompts a game
  asks for it (``Game.looks_ahead``: Puerto Rico's role choice), a one-move lookahead
  (:func:`bot.engine.search.lookahead`) that plays each candidate on once;
  :data:`HARD_BUDGET_S` of CPU per decision. It runs in a
  worker process (:func:`bot.workers.bot_move`), never on the event loop; a search that
  fails or runs past the workers' timeout gives that move to :data:`FALLBACK_LEVEL`.

Every level uses only what its seat can see: the heuristic is written from the seat's view,
the random moves are the seat's own legal actions, and the search looks at the state only
through the game's ``conceal``.

The level is stored with the seat, in its name ("Bot 2 (hard)"): the name is what the table
message, the standings and the log print, so the level shows wherever the seat does, and no
column (nor migration) is needed. A bot name without a level (tables from before levels,
"Bot (for Ana)") plays at :data:`DEFAULT_LEVEL`.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable

from bot.engine import Game, IllegalAction, State
from bot.engine.search import Clock, SearchResult, lookahead, paired_search, search

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
REPLACEMENT_LEVEL = "normal"
"""The level of the bot that takes a seat whose player ran out of time (timeout policy
``replace``): the heuristic, which answers at once and costs the workers nothing."""
FALLBACK_LEVEL = "normal"
"""The level that plays a hard bot's move when its search fails or runs past the workers'
timeout (``GAMEMASTER_WORKER_TIMEOUT``): the heuristic, which answers at once."""
EASY_NOISE = 1 / 3
"""The share of an easy bot's moves that are random legal moves instead of the heuristic's."""
HARD_BUDGET_S = 0.8
"""CPU seconds a hard bot searches per decision, the heuristic's own choice (its guide)
included. The search reads its clock before each iteration and every few rollout moves, so it
overshoots by at most a few moves: HISSS measured 800.7 / 803.4 / 807.9 ms (p50 / p95 / max) in
``python -m bot arena hisss --players 2 --seats hard,normal --budget-ms 800``, under the 1 s
the project allows. Only a heuristic that alone takes longer (1856's route search, up to a few
seconds in the worst positions) makes a decision longer, as it does at the normal level."""

_LEVEL_SUFFIX = re.compile(r"\s*\((easy|normal|hard)\)\s*$")


class UnknownLevel(ValueError):
    """A level that is not easy, normal or hard."""


def check_level(level: str | None) -> str:
    """``level`` in lower case, or :data:`DEFAULT_LEVEL` for ``None``/empty; refuses others."""
    if not level:
        return DEFAULT_LEVEL
    chosen = level.strip().lower()
    if chosen not in LEVELS:
        raise UnknownLevel(f"A bot's level is easy, normal or hard, not {level!r}.")
    return chosen


def bot_name(base: str, level: str) -> str:
    """The seat name of a bot: ``bot_name("Bot 2", "hard")`` -> ``"Bot 2 (hard)"``."""
    return f"{base} ({check_level(level)})"


def level_of(name: str) -> str:
    """The level stored in a bot seat's name; :data:`DEFAULT_LEVEL` when it names none."""
    match = _LEVEL_SUFFIX.search(name)
    return match.group(1) if match else DEFAULT_LEVEL


def runs_in_worker(game: Game, level: str) -> bool:
    """Whether this bot's choice is CPU work for a worker process: a hard bot's search, or
    any bot of a game whose moves are heavy."""
    return game.heavy or level == "hard"


def choose(
    game: Game,
    state: State,
    seat: int,
    level: str,
    rng: random.Random,
    *,
    budget_s: float | None = None,
    clock: Clock = time.process_time,
) -> str:
    """The action key a bot of ``level`` plays for ``seat`` (``state`` is not changed).

    ``budget_s``: a hard bot's CPU seconds (default :func:`hard_budget`, read at the call)."""
    if level == "hard":
        return think(game, state, seat, rng, budget_s=budget_s, clock=clock).key
    if level == "easy":
        actions = next((p.actions for p in game.prompts(state) if p.seat == seat), ())
        if not actions:
            raise IllegalAction("This seat has nothing to decide now.")
        if rng.random() < EASY_NOISE:
            return rng.choice(actions).key
    elif level != "normal":
        check_level(level)
    return game.agent(state, seat, rng)


def hard_budget(game: Game) -> float:
    """A hard bot's CPU seconds per decision in ``game``: the level's, :data:`HARD_BUDGET_S`,
    or less when the game has measured that less serves it as well (``Game.search_budget_s``)."""
    return HARD_BUDGET_S if game.search_budget_s is None else min(game.search_budget_s, HARD_BUDGET_S)


def think(
    game: Game,
    state: State,
    seat: int,
    rng: random.Random,
    *,
    budget_s: float | None = None,
    clock: Clock = time.process_time,
    tree: bool = False,
    max_iterations: int | None = None,
) -> SearchResult:
    """A hard bot's search with its figures (iterations, CPU), for the arena and benchmarks.

    ``tree``: the tree search (:func:`bot.engine.search.search`) hard bots played until issue
    26's paired search replaced it — the arena's ``hard-tree`` seat, a baseline to measure against.
    ``max_iterations`` caps the samples (paired search) or iterations (tree search) a decision
    takes, whatever is left of the budget (the arena's ``--samples``); the lookahead
    (``Game.looks_ahead``) has no samples and ignores it."""
    budget = hard_budget(game) if budget_s is None else budget_s
    if not tree and game.looks_ahead(state, seat):
        return lookahead(game, state, seat, rng, budget_s=budget, clock=clock)
    searcher = search if tree else paired_search
    return searcher(game, state, seat, rng, budget_s=budget, clock=clock, max_iterations=max_iterations)


Chooser = Callable[[Game, State, int, random.Random], str]
"""A seat's way to choose: ``(game, state, seat, rng) -> action key`` (levels and strategies)."""
