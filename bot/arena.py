"""The arena: bots of several kinds play many games against each other; win rates with intervals.

    python -m bot arena puerto-rico --players 4 --seats normal,greedy,greedy,greedy --games 200

A *seat kind* is a bot level (``easy``, ``normal``, ``hard``: :mod:`bot.bots`), ``hard-tree``
(the tree search hard bots played before the paired search, kept as a baseline), ``random``
(a uniformly random legal move), or a simple strategy of the game: a named rule-based player
written from the rulebook in ``bot/games/<package>/strategies.py``::

    STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]]

Each returns the action key a seat plays and may use only what that seat can see (the tests
check its choice is the same on ``game.conceal(state, seat, rng)``).

Seats rotate: in game ``g`` seat ``s`` is played by kind ``seats[(s + g) % players]``, so
every kind sits in every position equally often over ``players`` games. The games are played
on the engine directly (no store: the arena measures play, not the session layer), each from
its own seed.

Per kind it prints the win share per seat (a game won by several seats is split between them)
with its 95% Wilson interval, the fair share (1 / players) and whether the interval lies above
or below it, the mean score, and the CPU per decision (p50 / p95 / max in milliseconds; for
``hard`` and ``hard-tree`` that is the search's budget at work).

A hard seat's budget is CPU time, so a replayed game is not the same game: one more sample
here or there changes a choice, and the game goes its own way (on the same 40 two-player
Collide-o deals the same code won 29 games in one run and 22 in another). ``--samples N``
searches N samples a decision instead (:func:`chooser`): a run replays move for move, and two
versions of a bot compared on the same seeds differ only where their choices do.
"""

from __future__ import annotations

import importlib
import math
import random
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bot.bots import LEVELS, Chooser, choose, think
from bot.engine import EXPIRE, SYSTEM_SEAT, BadOptions, Game, IllegalAction, Outcome, State, get_game
from bot.games import load_all

TIMED_STEP_MS = 500
"""In timed play every decision takes this long on the table clock (deadlines still expire)."""


class ArenaError(ValueError):
    """Arguments the arena cannot run (an unknown seat kind, a wrong number of seats)."""


def strategies(game: Game) -> dict[str, Chooser]:
    """The game's simple strategies (``STRATEGIES`` of its ``strategies`` module), or none."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.strategies")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.strategies":
            raise
        return {}
    return dict(module.STRATEGIES)


def random_move(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """A uniformly random legal action of ``seat``."""
    for prompt in game.prompts(state):
        if prompt.seat == seat:
            return rng.choice(prompt.actions).key
    raise IllegalAction("This seat has nothing to decide now.")


def seat_kinds(game: Game) -> list[str]:
    """Every kind a seat of ``game`` may be in the arena."""
    return [*LEVELS, "hard-tree", "random", *strategies(game)]


SAMPLES_CAP_S = 60.0
"""With ``--samples``, a hard seat's CPU cap per decision: far above what any game's samples
cost, so the cap never decides where a search stops and a run replays move for move."""


def chooser(game: Game, kind: str, *, budget_s: float, samples: int | None = None) -> Chooser:
    """How a seat of ``kind`` chooses; :class:`ArenaError` for a kind the game does not have.

    ``samples``: hard seats search that many samples a decision (the tree search that many
    iterations) under :data:`SAMPLES_CAP_S` instead of ``budget_s`` of CPU, so the same seed
    gives the same games every time (a CPU budget buys a different number of samples on every
    run, and a replayed game soon goes its own way)."""
    if samples is not None and kind in ("hard", "hard-tree"):
        tree = kind == "hard-tree"

        def counted_choice(game: Game, state: State, seat: int, rng: random.Random) -> str:
            return think(game, state, seat, rng, budget_s=SAMPLES_CAP_S, tree=tree, max_iterations=samples).key

        return counted_choice
    if kind in LEVELS:
        def level_choice(game: Game, state: State, seat: int, rng: random.Random) -> str:
            return choose(game, state, seat, kind, rng, budget_s=budget_s)

        return level_choice
    if kind == "hard-tree":
        def tree_choice(game: Game, state: State, seat: int, rng: random.Random) -> str:
            return think(game, state, seat, rng, budget_s=budget_s, tree=True).key

        return tree_choice
    if kind == "random":
        return random_move
    named = strategies(game)
    if kind in named:
        return named[kind]
    raise ArenaError(f"{game.title} has no seat kind {kind!r}; kinds: {', '.join(seat_kinds(game))}.")


@dataclass
class KindRecord:
    """What one seat kind did over the arena's games."""

    seats: int = 0
    """Seat-games played (a kind in two seats of one game counts twice)."""
    wins: float = 0.0
    """Win shares: 1 for a sole winner, 1/k for each of k tied winners."""
    score: float = 0.0
    cpu_ms: list[float] = field(default_factory=list)
    """CPU milliseconds of each decision."""

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for ``z`` = 1.96); fractional successes
    (split wins) are fine."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def play(
    game: Game,
    players: int,
    options: Mapping[str, str],
    seed: int,
    choosers: list[Chooser],
    cpu_ms: list[list[float]],
    rng: random.Random,
) -> Outcome:
    """One game from ``seed`` with ``choosers[s]`` playing seat ``s``; appends each decision's
    CPU milliseconds to ``cpu_ms[s]``. Simultaneous prompts are answered in random order."""
    state = game.setup(players, options, seed)
    now = 0
    for _ in range(game.max_actions(players)):
        prompts = game.prompts(state)
        if not prompts:
            break
        timed = game.is_timed(state)
        if timed:
            now += TIMED_STEP_MS
            due = game.deadline(state)
            if due is not None and now >= due:
                game.apply(state, SYSTEM_SEAT, EXPIRE, due)
                now = due
                continue
        prompt = rng.choice(prompts)
        began = time.process_time()
        key = choosers[prompt.seat](game, state, prompt.seat, rng)
        cpu_ms[prompt.seat].append((time.process_time() - began) * 1000)
        game.apply(state, prompt.seat, key, now if timed else None)
    outcome = game.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{game.slug} seed {seed}: not over after {game.max_actions(players)} actions")
    return outcome


def run_arena(
    slug: str,
    *,
    players: int,
    seats: list[str],
    games: int,
    budget_ms: float,
    seed: int = 1,
    options: Mapping[str, str] | None = None,
    out: Callable[[str], None] = print,
    progress: Callable[[str], None] | None = None,
    samples: int | None = None,
) -> dict[str, KindRecord]:
    """Play ``games`` games with ``seats`` rotating; print the table; return the records by kind.

    ``progress``, when given, hears one line after each game (its seed, the winners' kinds, the
    running win share of the first kind and each seat's score), so a run of hours shows how far
    it is, and a deterministic game's repeated games can be told apart by their scores."""
    load_all()
    game = get_game(slug)
    game.check_players(players)
    resolved = game.resolve_options(dict(options or {}))
    game.check_options(resolved)
    if len(seats) != players:
        raise ArenaError(f"--seats names {len(seats)} kinds for {players} players; name one per seat.")
    budget_s = budget_ms / 1000
    if samples is not None and samples < 1:
        raise ArenaError(f"--samples {samples}: a search needs at least one sample a decision.")
    kinds = {kind: chooser(game, kind, budget_s=budget_s, samples=samples) for kind in seats}
    records = {kind: KindRecord() for kind in kinds}
    started = time.perf_counter()
    for index in range(games):
        playing = [seats[(seat + index) % players] for seat in range(players)]
        cpu: list[list[float]] = [[] for _ in range(players)]
        rng = random.Random(f"arena:{slug}:{seed + index}")
        outcome = play(game, players, resolved, seed + index, [kinds[k] for k in playing], cpu, rng)
        winners = outcome.winners
        for seat, kind in enumerate(playing):
            record = records[kind]
            record.seats += 1
            record.wins += 1 / len(winners) if seat in winners else 0.0
            record.score += outcome.scores[seat]
            record.cpu_ms += cpu[seat]
        if progress is not None:
            lead = records[seats[0]]
            progress(
                f"game {index + 1}/{games} (seed {seed + index}): won by "
                f"{', '.join(playing[seat] for seat in sorted(winners)) or 'nobody'}; {seats[0]} so far "
                f"{lead.rate:.1%} of {lead.seats}; {time.perf_counter() - started:.0f} s; scores "
                f"{', '.join(f'{kind} {game.format_score(score)}' for kind, score in zip(playing, outcome.scores, strict=True))}"
            )
    elapsed = time.perf_counter() - started
    out(report(game, players, seats, games, budget_ms, resolved, records, elapsed, samples))
    return records


def report(
    game: Game,
    players: int,
    seats: list[str],
    games: int,
    budget_ms: float,
    options: Mapping[str, str],
    records: dict[str, KindRecord],
    elapsed: float,
    samples: int | None = None,
) -> str:
    """The arena's table, as printed."""
    fair = 1 / players
    changed = {k: v for k, v in options.items() if any(o.name == k and o.default != v for o in game.options)}
    setting = ", ".join(f"{k}={v}" for k, v in changed.items()) or "default options"
    lines = [
        f"{game.title}: {games} games, {players} players, seats {','.join(seats)} (rotated), {setting}; "
        f"{_search_setting(seats, budget_ms, samples)}{elapsed:.0f} s",
        f"{'kind':<14} {'seats':>5} {'win share':>9} {'95% interval':>15} {'vs fair':>8} {'mean score':>11} "
        f"{'CPU/decision ms p50 / p95 / max':>32}",
    ]
    for kind, record in records.items():
        low, high = wilson(record.wins, record.seats)
        verdict = "above" if low > fair else "below" if high < fair else "even"
        cpu = record.cpu_ms
        lines.append(
            f"{kind:<14} {record.seats:>5} {record.rate:>9.1%} {f'{low:.1%}–{high:.1%}':>15} "
            f"{record.rate / fair:>5.2f}× {verdict:<5} {record.score / max(record.seats, 1):>8.1f} "
            f"{f'{percentile(cpu, 0.5):.1f} / {percentile(cpu, 0.95):.1f} / {max(cpu, default=0):.1f}':>32}"
        )
    lines.append(f"(fair share {fair:.1%}; 'above': the whole interval is above it)")
    return "\n".join(lines)


def _search_setting(seats: list[str], budget_ms: float, samples: int | None) -> str:
    """What the hard seats searched with, for the table's first line ("" without hard seats)."""
    if not any(seat.startswith("hard") for seat in seats):
        return ""
    if samples is not None:
        return f"hard {samples} samples a decision (not a CPU budget); "
    return f"hard budget {budget_ms:g} ms; "


def main(slug: str, players: int, seats: str, games: int, budget_ms: float, seed: int,
         options: Mapping[str, str], samples: int | None = None) -> int:
    """The ``python -m bot arena`` command; returns an exit status."""
    try:
        run_arena(slug, players=players, seats=[s.strip() for s in seats.split(",") if s.strip()], games=games,
                  budget_ms=budget_ms, seed=seed, options=options, samples=samples,
                  progress=lambda line: print(line, file=sys.stderr, flush=True))
    except (ArenaError, BadOptions) as error:
        print(error)
        return 2
    return 0
