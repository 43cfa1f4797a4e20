"""Game work in worker processes (:mod:`bot.workers`): a real spawned pool plays a heavy game
through the session layer, and a worker that crashes or hangs costs only its own move."""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Mapping
from typing import Any

import pytest

from bot import metrics
from bot.engine import (
    Action,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Prompt,
    State,
    get_game,
    register,
    seat_ref,
)
from bot.store import Store
from bot.tables import EngineFailed, Tables, User
from bot.workers import (
    LocalWorkers,
    ProcessWorkers,
    WorkerCrashed,
    WorkerTimedOut,
    apply_move,
    bot_move,
    prompts_of,
    workers_from_env,
)
from tests.conftest import ANA, BO, FakeClock

CHANNEL = 91


class ToyHeavy(Game):
    """A counting game that declares itself heavy, with moves that kill or hang the process
    computing them."""

    slug = "toy-heavy"
    title = "Toy Heavy"
    min_players = 1
    max_players = 3
    summary = "Count to six; some moves break the engine on purpose."
    heavy = True

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"count": 0, "turn": 0, "players": players}

    def legal_prompts(self, state: State) -> list[Prompt]:
        if state["count"] >= 6:
            return []
        actions = (Action("step", "Count one"), Action("crash", "Crash the engine"), Action("hang", "Hang the engine"))
        return [Prompt(state["turn"], f"{seat_ref(state['turn'])}: count", actions)]

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        if key == "crash":
            os._exit(3)  # what a segfault or the OOM killer looks like from outside
        if key == "hang":
            time.sleep(3600)
        state["count"] += 1
        state["turn"] = (seat + 1) % state["players"]
        return [Event(f"{seat_ref(seat)} counts {state['count']}.")]

    def agent(self, state: State, seat: int, rng: Any) -> str:
        return "step"

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"count": state["count"]}

    def outcome(self, state: State) -> Outcome | None:
        return Outcome.ranked([0] * state["players"], "Six.") if state["count"] >= 6 else None


def register_toy_heavy() -> None:
    """The workers' setup: the toy game exists in every worker process too."""
    register(ToyHeavy())


register_toy_heavy()


def refuse(_: int) -> None:
    raise IllegalAction("Not like that.")


async def _table(tables: Tables, players: tuple[User, ...] = (ANA, BO), bots: int = 0) -> int:
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=players[0], slug="toy-heavy")
    for user in players[1:]:
        await tables.join(channel_id=CHANNEL, user=user)
    for _ in range(bots):
        await tables.add_bot(channel_id=CHANNEL, user=players[0])
    await tables.start(channel_id=CHANNEL, user=players[0])
    return reply.table_id


async def _mover(tables: Tables, table_id: int) -> User:
    live = await tables.load(table_id)
    turn = tables.turns(live)[0]
    return User(turn.user_id, turn.name)


def test_jobs_compute_what_the_game_computes_in_process() -> None:
    """The jobs are plain functions of JSON text: the same answer as the game itself."""
    game = get_game("toy-heavy")
    state = game.setup(2, {}, 1)

    applied = apply_move("toy-heavy", json.dumps(state), 0, "step", None)
    game.apply(state, 0, "step")
    assert json.loads(applied.state_json) == state and applied.prompts == game.prompts(state) and not applied.over
    by_bot = bot_move("toy-heavy", applied.state_json, 1, "7:1:1", None)
    assert by_bot.key == "step" and json.loads(by_bot.state_json)["count"] == 2
    assert prompts_of("toy-heavy", applied.state_json) == game.prompts(state)
    with pytest.raises(IllegalAction, match="not a legal move"):
        apply_move("toy-heavy", applied.state_json, 1, "fly", None)


async def test_a_real_worker_pool_plays_and_loses_only_the_move_that_crashed_or_hung(store: Store, clock: FakeClock) -> None:
    pool = ProcessWorkers(1, timeout=30.0, setup=register_toy_heavy)
    tables = Tables(store, clock=clock, seeds=lambda: 11, render=False, workers=pool)
    try:
        # An exception inside a job comes back as that exception; the worker lives on.
        with pytest.raises(IllegalAction, match="Not like that"):
            await pool.run(refuse, 1)
        first_pid = pool.pids
        table_id = await _table(tables)
        user = await _mover(tables, table_id)
        reply = await tables.act(user=user, move="step", table_id=table_id)
        assert reply.position == 1 and "counts 1" in reply.text and pool.jobs >= 2 and pool.replaced == 0

        # A crash: that move is refused with a sentence, nothing is committed, the pool heals.
        user = await _mover(tables, table_id)
        with pytest.raises(EngineFailed, match="failed while working on that; nothing was recorded"):
            await tables.act(user=user, move="crash", table_id=table_id)
        assert pool.replaced == 1 and pool.pids != first_pid
        assert len(await store.actions(table_id)) == 1 and (await tables.load(table_id)).position == 1
        reply = await tables.act(user=user, move="step", table_id=table_id)
        assert reply.position == 2

        # A hang: stopped at the timeout, refused, and the next move works again.
        pool.timeout = 0.5
        user = await _mover(tables, table_id)
        with pytest.raises(EngineFailed, match="took too long on that and was stopped"):
            await tables.act(user=user, move="hang", table_id=table_id)
        pool.timeout = 30.0
        assert pool.replaced == 2 and len(await store.actions(table_id)) == 2
        reply = await tables.act(user=user, move="step", table_id=table_id)
        assert reply.position == 3
        assert (await tables.load(table_id)).state == {"count": 3, "turn": 1, "players": 2}
    finally:
        await pool.close()
    assert pool.pids == []


async def test_pool_failures_are_job_failures_not_process_failures() -> None:
    pool = ProcessWorkers(1, timeout=30.0, setup=register_toy_heavy)
    try:
        state = '{"count": 0, "turn": 0, "players": 1}'
        with pytest.raises(WorkerCrashed, match="died \\(exit code 3\\)"):
            await pool.run(apply_move, "toy-heavy", state, 0, "crash", None)
        pool.timeout = 0.5
        with pytest.raises(WorkerTimedOut, match=r"ran past 0\.5 s"):
            await pool.run(apply_move, "toy-heavy", state, 0, "hang", None)
        pool.timeout = 30.0
        applied = await pool.run(apply_move, "toy-heavy", state, 0, "step", None)
        assert applied.state_json == '{"count": 1, "turn": 0, "players": 1}'
        assert pool.replaced == 2
    finally:
        await pool.close()


async def test_a_hung_job_holds_up_only_itself() -> None:
    """Two workers: while one hangs, the other worker's job is answered; a job given up on (its
    caller cancelled) takes its worker with it, so a late answer cannot reach the next job."""
    pool = ProcessWorkers(2, timeout=30.0, setup=register_toy_heavy)
    try:
        state = '{"count": 0, "turn": 0, "players": 1}'
        await asyncio.gather(*(pool.run(apply_move, "toy-heavy", state, 0, "step", None) for _ in range(2)))  # both up
        hung = asyncio.create_task(pool.run(apply_move, "toy-heavy", state, 0, "hang", None))
        other = asyncio.create_task(pool.run(apply_move, "toy-heavy", state, 0, "step", None))
        done, _ = await asyncio.wait({hung, other}, return_when=asyncio.FIRST_COMPLETED)
        assert done == {other} and json.loads(other.result().state_json)["count"] == 1
        hung.cancel()
        with pytest.raises(asyncio.CancelledError):
            await hung
        assert pool.replaced == 1
        answers = await asyncio.gather(*(pool.run(apply_move, "toy-heavy", state, 0, "step", None) for _ in range(2)))
        assert [json.loads(a.state_json)["count"] for a in answers] == [1, 1]
    finally:
        await pool.close()


async def test_a_bot_whose_choice_fails_leaves_the_players_move_committed(store: Store, clock: FakeClock) -> None:
    """The player's move stands; the reply says the bot will try again; the table resumes later."""
    tables = Tables(store, clock=clock, seeds=lambda: 11, render=False, workers=LocalWorkers())
    game = get_game("toy-heavy")
    table_id = await _table(tables, (ANA,), bots=1)
    live = await tables.load(table_id)
    if tables.turns(live)[0].user_id != ANA.id:  # the bot sat first and has moved already
        assert live.position == 1
    calls = []

    def failing(self: ToyHeavy, state: State, seat: int, rng: Any) -> str:
        calls.append(seat)
        raise RuntimeError("the bot's search broke")

    original = ToyHeavy.agent
    ToyHeavy.agent = failing  # type: ignore[method-assign]
    try:
        before = live.position
        reply = await tables.act(user=ANA, move="step", table_id=table_id)
        assert reply.position == before + 1 and calls
        assert "Bot 1 (normal) could not decide this time; it tries again shortly." in reply.text
        assert (await store.table(table_id)).position == before + 1  # type: ignore[union-attr]
    finally:
        ToyHeavy.agent = original  # type: ignore[method-assign]
    assert await tables.resume_due(clock.now) == []  # its pause is not over yet
    clock.advance(31)
    [resumed] = await tables.resume_due(clock.now)
    assert resumed.position == before + 2 and "Bot 1 (normal) counts" in resumed.text
    assert game.prompts((await tables.load(table_id)).state)[0].seat == tables.turns(live)[0].seat


async def test_a_hard_bot_whose_search_breaks_the_worker_plays_the_normal_move(store: Store, clock: FakeClock) -> None:
    """A hard bot's search tries every move, and in this toy game two of them kill or hang the
    process computing it: the worker is stopped at the pool's timeout (here 2 s) or when it
    dies, and replaced, and the normal level (the heuristic) plays the move instead, so the
    table goes on at once rather than waiting to try the same search again."""
    def fallbacks() -> float:
        return metrics.REGISTRY.get_sample_value("gamemaster_bot_fallbacks_total", {"game": "toy-heavy"}) or 0.0

    fallbacks_before = fallbacks()
    pool = ProcessWorkers(1, timeout=2.0, setup=register_toy_heavy)
    try:
        tables = Tables(store, clock=clock, seeds=lambda: 11, render=False, workers=pool)
        await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-heavy")
        await tables.add_bot(channel_id=CHANNEL, user=ANA, level="hard")
        started = await tables.start(channel_id=CHANNEL, user=ANA)
        live = await tables.load(started.table_id)
        if tables.turns(live)[0].user_id != ANA.id:  # the bot sat first: it has moved by now
            assert live.position == 1 and "Bot 1 (hard) counts 1." in started.text
        before = live.position
        reply = await tables.act(user=ANA, move="step", table_id=started.table_id)
        assert reply.position == before + 2, reply.text
        assert "Bot 1 (hard) counts" in reply.text and "could not decide" not in reply.text
        assert pool.replaced >= 1  # the search's worker died and was replaced
        assert fallbacks() > fallbacks_before  # counted for the operator (/metrics)
        assert (await store.table(started.table_id)).position == before + 2  # type: ignore[union-attr]
    finally:
        await pool.close()


def test_the_pool_size_and_timeout_come_from_the_environment() -> None:
    assert isinstance(workers_from_env({"GAMEMASTER_WORKERS": "0"}), LocalWorkers)
    with pytest.raises(ValueError, match="must be whole numbers"):
        workers_from_env({"GAMEMASTER_WORKERS": "two"})
    with pytest.raises(ValueError, match="0–64 \\(not 65\\)"):
        workers_from_env({"GAMEMASTER_WORKERS": "65"})
    with pytest.raises(ValueError, match="timeout positive"):
        workers_from_env({"GAMEMASTER_WORKER_TIMEOUT": "-1"})
    with pytest.raises(ValueError, match="GAMEMASTER_WORKER_NICE 0–19 \\(not 25\\)"):
        workers_from_env({"GAMEMASTER_WORKER_NICE": "25"})


_ANSWERS_READER: list[Any] = []


def _bot_goes_away() -> int:
    """A job during which the bot stops: the worker's answer finds nobody listening."""
    _ANSWERS_READER.pop().close()
    return 1


def test_a_worker_whose_bot_went_away_ends_quietly() -> None:
    """A restart while workers start or work must not print a BrokenPipeError traceback: the
    worker sees the bot is gone and ends (here in-process, so a traceback would fail the test)."""
    from multiprocessing import Pipe

    from bot.workers import _serve

    jobs_out, jobs_in = Pipe(duplex=False)
    answers_out, answers_in = Pipe(duplex=False)
    answers_out.close()  # gone before the worker could say it is ready
    assert _serve(jobs_out, answers_in, None, niceness=0) is None

    jobs_out, jobs_in = Pipe(duplex=False)
    answers_out, answers_in = Pipe(duplex=False)
    _ANSWERS_READER.append(answers_out)
    jobs_in.send((_bot_goes_away, ()))
    assert _serve(jobs_out, answers_in, None, niceness=0) is None  # returns after the lost answer
    assert not _ANSWERS_READER
