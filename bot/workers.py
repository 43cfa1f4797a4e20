"""Game work off the event loop: worker processes for heavy moves, bot choices and pictures.

Every table of a bot process shares one asyncio event loop, and a Discord interaction must be
acknowledged within 3 seconds: CPU work on the loop delays every other table's answer. The
session layer (:class:`bot.tables.Tables`) therefore hands its CPU-heavy jobs to a
:class:`Workers` and awaits them, holding the table's lock, so each table's moves are still
applied one at a time and in order while other tables go on.

What runs where (the figures behind it are in the README's "Figures" section):

- **drawing** (the board and private pictures, tens to a hundred milliseconds of Pillow
  work) always goes to the workers;
- **a heavy game's work** — ``apply`` of a move, the bot's choice with its move, the prompts
  after a move or a load — goes to the workers for games that declare ``Game.heavy`` (1856:
  its route search and legal tile lays take up to seconds of CPU);
- **a light game's work** stays in-process: HISSS, Chomp or Puerto Rico apply a move in
  20–50 µs, less than pickling its state to another process and back costs.

Two implementations:

- :class:`LocalWorkers` (the default of ``Tables``): game work inline, drawing in a thread —
  what tests, the console and the command-line tools use;
- :class:`ProcessWorkers` (the bot): a fixed number of worker processes started with
  ``spawn`` (safe with threads and asyncio in the parent). Each worker runs one job at a
  time; a job that raises (``IllegalAction``) raises the same exception here. A worker that
  dies (a segfault, ``os._exit``, the OOM killer) or runs past the job's timeout is killed and
  replaced, and only its own job fails, with :class:`WorkerCrashed` or :class:`WorkerTimedOut`
  — the session layer refuses that one move with a sentence and commits nothing.

Jobs are top-level functions of this module with plain arguments (a slug, a state as JSON
text, a seat, a key): states are JSON data, so they cross the process boundary cheaply.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import pickle
import random
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Protocol, TypeVar

from bot.bots import choose
from bot.engine import Event, Prompt, get_game

log = logging.getLogger(__name__)
T = TypeVar("T")

DEFAULT_TIMEOUT = 30.0
"""Seconds one job may take: 1856's worst route search is about 3 s of CPU; on a machine
several times oversubscribed that is still well inside."""
WORKER_NICENESS = 10
"""How much lower than the bot process its workers run (``nice``; ``GAMEMASTER_WORKER_NICE``).
Higher protects the event loop's process more but starves heavy work on a machine busy with
other programs (see the README's figures); 10 is the compromise."""
STARTUP_TIMEOUT = 120.0
"""Seconds a fresh worker may take to import the games before it is called broken."""


class JobFailed(Exception):
    """A worker could not finish a job; nothing it computed is used."""


class WorkerCrashed(JobFailed):
    """The worker process died during the job (it was replaced)."""


class WorkerTimedOut(JobFailed):
    """The job ran past its timeout; the worker was killed and replaced."""


class Workers(Protocol):
    """Where the session layer runs CPU work. ``draw`` marks picture jobs."""

    async def run(self, fn: Callable[..., T], *args: Any, draw: bool = False) -> T: ...

    async def close(self) -> None: ...


class LocalWorkers:
    """Game work inline on the caller's loop, drawing in a thread (today's behaviour).

    For tests, the console and one-shot tools, where one table is played at a time and
    starting processes would cost more than it saves.
    """

    async def run(self, fn: Callable[..., T], *args: Any, draw: bool = False) -> T:
        if draw:
            return await asyncio.to_thread(fn, *args)
        return fn(*args)

    async def close(self) -> None:
        return None


def default_size() -> int:
    """One worker per core but one: a core is left for the event loop that answers everyone
    (on 2 cores, 1 worker; measured in the README's figures)."""
    return max(1, (os.cpu_count() or 2) - 1)


def workers_from_env(environ: Mapping[str, str] | None = None) -> Workers:
    """The bot's pool: ``GAMEMASTER_WORKERS`` processes (default :func:`default_size`; 0 keeps
    everything in the bot's process, as :class:`LocalWorkers`), ``GAMEMASTER_WORKER_TIMEOUT``
    seconds per job (default 30). The workers start at once, so they are ready by the first move."""
    env = os.environ if environ is None else environ
    size_text = (env.get("GAMEMASTER_WORKERS") or "").strip()
    timeout_text = (env.get("GAMEMASTER_WORKER_TIMEOUT") or "").strip()
    nice_text = (env.get("GAMEMASTER_WORKER_NICE") or "").strip()
    try:
        size = int(size_text) if size_text else default_size()
        timeout = float(timeout_text) if timeout_text else DEFAULT_TIMEOUT
        niceness = int(nice_text) if nice_text else WORKER_NICENESS
    except ValueError:
        raise ValueError(
            f"GAMEMASTER_WORKERS and GAMEMASTER_WORKER_NICE must be whole numbers and GAMEMASTER_WORKER_TIMEOUT "
            f"seconds, not {size_text!r}, {nice_text!r} and {timeout_text!r}"
        ) from None
    if not 0 <= size <= 64 or not timeout > 0 or not 0 <= niceness <= 19:
        raise ValueError(f"GAMEMASTER_WORKERS must be 0–64 (not {size}), the timeout positive (not {timeout:g}) "
                         f"and GAMEMASTER_WORKER_NICE 0–19 (not {niceness})")
    if size == 0:
        return LocalWorkers()
    pool = ProcessWorkers(size, timeout=timeout, niceness=niceness)
    pool.start()
    return pool


class ProcessWorkers:
    """``size`` worker processes, each running one job at a time; see the module docstring.

    ``setup`` (a top-level function, so ``spawn`` can pickle it by name) runs in each worker
    after the games are registered: tests use it to register games of their own. Workers
    start on first use; :meth:`close` stops them.
    """

    def __init__(self, size: int = 2, *, timeout: float = DEFAULT_TIMEOUT, setup: Callable[[], None] | None = None,
                 startup_timeout: float = STARTUP_TIMEOUT, niceness: int = WORKER_NICENESS) -> None:
        if size < 1:
            raise ValueError("a pool needs at least one worker")
        self.size = size
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self._setup = setup
        self.niceness = niceness
        self._context = multiprocessing.get_context("spawn")
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: set[_Worker] = set()
        self.replaced = 0
        """Workers killed and replaced so far (crashes and timeouts)."""
        self.jobs = 0

    def start(self) -> None:
        """Start the worker processes now (otherwise they start with the first job)."""
        self._start()

    def _start(self) -> asyncio.Queue[_Worker]:
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.size):
                self._idle.put_nowait(self._spawn())
        return self._idle

    def _spawn(self) -> _Worker:
        worker = _Worker(self._context, self._setup, self.niceness)
        self._all.add(worker)
        return worker

    async def run(self, fn: Callable[..., T], *args: Any, draw: bool = False, timeout: float | None = None) -> T:
        """Run ``fn(*args)`` in a worker; raises what ``fn`` raised, or :class:`JobFailed`."""
        idle = self._start()
        worker = await idle.get()
        self.jobs += 1
        try:
            return await worker.call(fn, args, self.timeout if timeout is None else timeout, self.startup_timeout)
        except BaseException as error:
            if worker.broken:
                if isinstance(error, JobFailed):
                    log.error("worker %s: %s running %s; replaced", worker.pid, error, getattr(fn, "__name__", fn))
                self._all.discard(worker)
                worker.kill()
                worker = self._spawn()
                self.replaced += 1
            raise
        finally:
            idle.put_nowait(worker)

    async def close(self) -> None:
        for worker in list(self._all):
            worker.stop()
        self._all.clear()
        self._idle = None

    @property
    def pids(self) -> list[int]:
        return [worker.pid for worker in self._all if worker.pid is not None]


class _Worker:
    """One process, a pipe for its jobs and one for its answers. ``broken`` once its state is
    unknown (died, timed out, cancelled mid-job): the pool then kills it and starts another.

    Answers are read without ever blocking the event loop: a board picture of a megabyte does
    not fit a pipe's buffer, and a blocking read would wait for the (lower-priority) worker to
    be scheduled again for every buffer-full. The answer pipe is read in the loop as bytes
    arrive, in :class:`multiprocessing.connection.Connection`'s framing, and unpickled once
    complete.
    """

    def __init__(self, context: Any, setup: Callable[[], None] | None, niceness: int) -> None:
        jobs_in, jobs_out = context.Pipe(duplex=False)
        answers_in, answers_out = context.Pipe(duplex=False)
        self.process = context.Process(target=_serve, args=(jobs_in, answers_out, setup, niceness), daemon=True,
                                       name="gamemaster-worker")
        self.process.start()
        jobs_in.close()
        answers_out.close()
        self.conn: Connection = jobs_out
        self.answers: Connection = answers_in
        os.set_blocking(answers_in.fileno(), False)
        self.ready = False
        self.broken = False

    @property
    def pid(self) -> int | None:
        return self.process.pid

    async def _message(self, timeout: float) -> Any:
        """The worker's next message, read as it arrives (see the class docstring)."""
        loop = asyncio.get_running_loop()
        arrived: asyncio.Future[bytes | None] = loop.create_future()
        fd = self.answers.fileno()
        buffer = bytearray()

        def readable() -> None:
            if arrived.done():
                return
            try:
                chunk = os.read(fd, 1 << 20)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:  # end of file: the worker is gone
                arrived.set_result(None)
                return
            buffer.extend(chunk)
            try:
                message = _framed(buffer)
            except WorkerCrashed as error:
                arrived.set_exception(error)
                return
            if message is not None:
                arrived.set_result(message)

        loop.add_reader(fd, readable)
        try:
            payload = await asyncio.wait_for(arrived, timeout)
        except TimeoutError:
            self.broken = True
            raise WorkerTimedOut(f"the job ran past {timeout:g} s") from None
        except BaseException:
            self.broken = True  # cancelled: the answer would reach the next job
            raise
        finally:
            loop.remove_reader(fd)
        if payload is None:
            self.broken = True
            raise WorkerCrashed(f"the worker process died (exit code {self._exit_code()})")
        return pickle.loads(payload)

    def _exit_code(self) -> int | None:
        self.process.join(1)
        return self.process.exitcode

    async def call(self, fn: Callable[..., T], args: tuple[Any, ...], timeout: float, startup_timeout: float) -> T:
        if not self.ready:
            hello = await self._message(startup_timeout)
            if hello != ("ready", None):
                self.broken = True
                raise WorkerCrashed(f"the worker did not start: {hello!r}")
            self.ready = True
        try:
            self.conn.send((fn, args))
        except (BrokenPipeError, EOFError, OSError):
            self.broken = True
            raise WorkerCrashed("the worker process had died") from None
        kind, value = await self._message(timeout)
        if kind == "ok":
            return value  # type: ignore[no-any-return]
        raise value

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.conn.close()
        self.answers.close()

    def stop(self) -> None:
        with contextlib.suppress(BrokenPipeError, OSError):
            self.conn.send(None)  # asks the worker to leave its loop
        self.process.join(2)
        self.kill()


def _framed(buffer: bytearray) -> bytes | None:
    """The payload of one complete message in ``Connection.send_bytes`` framing, or None yet:
    a 4-byte big-endian length, or -1 and an 8-byte length for messages over 2 GiB."""
    if len(buffer) < 4:
        return None
    (size,) = struct.unpack("!i", buffer[:4])
    start = 4
    if size == -1:
        if len(buffer) < 12:
            return None
        (size,) = struct.unpack("!Q", buffer[4:12])
        start = 12
    if len(buffer) < start + size:
        return None
    if len(buffer) > start + size:
        raise WorkerCrashed("the worker sent more than one answer")  # one job, one answer: never expected
    return bytes(buffer[start:])


def _serve(jobs: Connection, conn: Connection, setup: Callable[[], None] | None,
           niceness: int = WORKER_NICENESS) -> None:
    """A worker's life: register the games, say ready, then run jobs until told to stop."""
    try:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the parent, which stops us
        # Below the bot's own priority: when the cores are busy, the event loop that answers
        # every table (acknowledgements, light games' moves) runs first, heavy work after.
        os.nice(niceness)
        from bot.games import load_all

        load_all()
        import bot.render  # noqa: F401  Pillow and the fonts, before the first picture is asked for

        if setup is not None:
            setup()
    except Exception as error:  # tell the parent why instead of dying silently
        _send_to_parent(conn, ("failed", repr(error)))
        return
    if not _send_to_parent(conn, ("ready", None)):
        return
    while True:
        try:
            job = jobs.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        fn, args = job
        try:
            answer: tuple[str, Any] = ("ok", fn(*args))
        except Exception as error:
            answer = ("error", error)
        try:
            conn.send(answer)
        except (BrokenPipeError, ConnectionResetError, EOFError):
            return  # the bot stopped or restarted while this job ran: nobody is waiting for it
        except Exception as error:  # an answer that does not pickle must not kill the worker
            if not _send_to_parent(conn, ("error", RuntimeError(f"the worker's answer could not be sent back: {error!r}"))):
                return


def _send_to_parent(conn: Connection, message: tuple[str, Any]) -> bool:
    """Send ``message`` to the bot; False when the bot is gone (it stopped or restarted while
    this worker started or worked), so the worker ends quietly instead of with a traceback."""
    try:
        conn.send(message)
    except (BrokenPipeError, ConnectionResetError, EOFError):
        return False
    return True


# -- jobs -------------------------------------------------------------------------------------------
#
# Top-level functions with plain arguments: what a worker process runs. They return a state as
# JSON text (the form the store keeps) together with what the session layer reads next.


@dataclass(frozen=True, slots=True)
class Applied:
    """A move done: its key (a bot's choice), events, the new state, whether it ended the game,
    and the prompts of the new state (so the event loop need not compute them)."""

    key: str
    events: list[Event]
    state_json: str
    over: bool
    prompts: list[Prompt]


def apply_move(slug: str, state_json: str, seat: int, key: str, at: int | None) -> Applied:
    """``game.apply`` on a copy of the state; raises ``IllegalAction`` as the game does."""
    game = get_game(slug)
    state = json.loads(state_json)
    events = game.apply(state, seat, key, at)
    return _applied(game, key, events, state)


def bot_move(slug: str, state_json: str, seat: int, chooser_seed: str, at: int | None,
             level: str = "normal") -> Applied:
    """A bot seat's choice at its level (:mod:`bot.bots`; seeded) and the move itself."""
    game = get_game(slug)
    state = json.loads(state_json)
    key = choose(game, state, seat, level, random.Random(chooser_seed))
    state = json.loads(state_json)  # the agent may have looked ahead in the state it was given
    events = game.apply(state, seat, key, at)
    return _applied(game, key, events, state)


def bot_choice(slug: str, state_json: str, seat: int, chooser_seed: str) -> str:
    """Only the bot's choice (a timeout's fallback move, which the caller then plays)."""
    return get_game(slug).agent(json.loads(state_json), seat, random.Random(chooser_seed))


def replay_moves(slug: str, state_json: str, moves: list[tuple[int, str, int | None]]) -> str:
    """The state after logged moves ``(seat, key, table-clock ms)`` (an undo, a load after a crash)."""
    game = get_game(slug)
    state = json.loads(state_json)
    for seat, key, at in moves:
        game.apply(state, seat, key, at)
    return json.dumps(state)


def prompts_of(slug: str, state_json: str) -> list[Prompt]:
    return get_game(slug).prompts(json.loads(state_json))


def _applied(game: Any, key: str, events: list[Event], state: dict[str, Any]) -> Applied:
    state_json = json.dumps(state)
    # Prompts of the state as the event loop will hold it: decoded from the same text.
    return Applied(key, events, state_json, game.outcome(state) is not None, game.prompts(json.loads(state_json)))


def draw_board(slug: str, view: dict[str, Any], language: str = "en") -> bytes:
    """The public board PNG from a public view (Pillow loads in the worker only), its words
    said in ``language`` (the table's)."""
    from bot.i18n import speaking
    from bot.render import board_png

    with speaking(language, slug):
        return board_png(get_game(slug), view)


def draw_table(slug: str, view: dict[str, Any], language: str = "en") -> tuple[bytes, list[str]]:
    """The table card PNG from a public view, and the standings it prints (one string per seat,
    the render module's ``card_standings(view)``; empty for a game without it), its words said
    in ``language`` (the standings are said by the session layer)."""
    from bot.i18n import speaking
    from bot.render import card_png, card_standings

    game = get_game(slug)
    with speaking(language, slug):
        return card_png(game, view), card_standings(game, view)


def draw_private(slug: str, view: dict[str, Any], language: str = "en") -> bytes | None:
    """A seat's private picture from its view, its words said in ``language`` (the player's)."""
    from bot.i18n import speaking
    from bot.render import private_png

    with speaking(language, slug):
        return private_png(get_game(slug), view)
