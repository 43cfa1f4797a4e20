"""The faults an operator meets give sentences, not tracebacks: a full or read-only disk, a
database path that cannot exist, PostgreSQL down at start or in the middle of a game.

The player is told what happened to their action and to tell the admin; the operator gets
one log line (no traceback) naming the database, the cause and the fix. The faults are real
where they can be made real here: SQLite's own SQLITE_FULL (``max_page_count``) and
SQLITE_READONLY (``query_only``), a path whose parent is a file, a PostgreSQL server stopped
mid-game. Only a full disk at start is injected (an ``OSError(ENOSPC)`` at the lock file).
"""

from __future__ import annotations

import errno
import logging
import socket
from pathlib import Path
from typing import Any

import pytest

from bot import store_backends
from bot.store import Store, StoreUnavailable
from bot.tables import Tables
from cogs.play import Play
from tests.conftest import ANA, BO, CY, FakeClock
from tests.pgserver import PostgresServer
from tests.test_cogs import FakeInteraction, _started_hisss, _whose_turn, call, client  # noqa: F401

FULL = "The game store cannot be written (the disk is full); your action was not saved — tell the server's admin."
READ_ONLY = "The game store cannot be written (it is read-only); your action was not saved — tell the server's admin."
UNREACHABLE = ("The game database cannot be reached right now; your action was not saved — try again in a minute, "
               "and tell the server's admin if it lasts.")


def _operator_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "gamemaster.store" and r.levelno == logging.ERROR]


async def _game(tables: Tables, slug: str = "hisss", channel: int = 10) -> int:
    reply = await tables.create(guild_id=1, channel_id=channel, host=ANA, slug=slug)
    await tables.join(channel_id=channel, user=BO)
    if slug == "1856":
        await tables.join(channel_id=channel, user=CY)
    await tables.start(channel_id=channel, user=ANA)
    return reply.table_id


async def _a_move(tables: Tables, table_id: int) -> tuple[Any, str]:
    live = await tables.load(table_id)
    assert live.state is not None
    prompt = live.game.prompts(live.state)[0]
    user = next(u for u in (ANA, BO, CY) if u.id == live.user_at(prompt.seat).user_id)
    return user, prompt.actions[0].key


# -- at start ------------------------------------------------------------------------------------


async def test_a_database_path_under_a_file_is_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    with pytest.raises(StoreUnavailable) as caught:
        await Store.open(tmp_path / "data" / "gm.sqlite3")
    assert str(caught.value) == caught.value.operator
    assert "part of its path is a file, not a folder" in str(caught.value)
    assert "point GAMEMASTER_DB at a file inside a folder" in str(caught.value)
    assert "\n" not in str(caught.value)


async def test_a_full_disk_at_start_is_one_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_space(path: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device", f"{path}.lock")

    monkeypatch.setattr(store_backends, "_lock_file", no_space)
    with pytest.raises(StoreUnavailable, match=r"the disk is full .*free some space on that disk"):
        await Store.open(tmp_path / "gm.sqlite3")


async def test_postgres_unreachable_or_missing_at_start(postgres_server: PostgresServer) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(StoreUnavailable, match="the PostgreSQL server cannot be reached") as caught:
        await Store.open(f"postgresql://gm:secret@127.0.0.1:{port}/gamemaster")
    assert "gm:***@127.0.0.1" in str(caught.value) and "secret" not in str(caught.value)
    with pytest.raises(StoreUnavailable, match="that PostgreSQL database does not exist"):
        await Store.open(postgres_server.url_for("no_such_database"))


# -- on a move -----------------------------------------------------------------------------------


async def test_a_disk_that_fills_up_refuses_the_move_with_a_sentence(
    tmp_path: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    store = await Store.open(tmp_path / "gm.sqlite3")
    try:
        tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
        table_id = await _game(tables, "1856")  # its snapshot needs new pages (> 4 KB)
        raw = store._db._db  # type: ignore[union-attr]
        async with raw.execute("PRAGMA page_count") as cursor:
            pages = (await cursor.fetchone())[0]
        await raw.execute(f"PRAGMA max_page_count={pages}")  # SQLite's own "database or disk is full"
        user, key = await _a_move(tables, table_id)
        before = (await tables.load(table_id)).state_json
        with caplog.at_level(logging.ERROR), pytest.raises(StoreUnavailable) as caught:
            await tables.act(user=user, move=key, table_id=table_id)
        assert str(caught.value) == FULL
        [line, *_] = _operator_lines(caplog)
        assert line.exc_info is None and "the disk is full" in line.getMessage() and str(tmp_path) in line.getMessage()
        assert (await store.table(table_id)).position == 0  # type: ignore[union-attr]
        assert (await tables.load(table_id)).state_json == before
        assert await store.ping() is not None  # the health check says so

        await raw.execute("PRAGMA max_page_count=1073741823")  # space again: the same move now works
        await tables.act(user=user, move=key, table_id=table_id)
        assert (await store.table(table_id)).position >= 1  # type: ignore[union-attr]
        assert await store.ping() is None
    finally:
        await store.close()


async def test_a_read_only_store_refuses_the_click_privately_with_a_sentence(
    client: Any, caplog: pytest.LogCaptureFixture  # noqa: F811
) -> None:
    _, play = await _started_hisss(client)
    store = client.tables.store
    await store._db._db.execute("PRAGMA query_only=ON")  # SQLite's own "attempt to write a readonly database"
    with caplog.at_level(logging.ERROR):
        [refused] = await call(Play.play, play, FakeInteraction(client, _whose_turn(client), "Mover"), move="draw:1")
    assert refused.ephemeral and refused.content == READ_ONLY
    [line] = _operator_lines(caplog)
    assert "read-only" in line.getMessage() and line.exc_info is None
    assert not [r for r in caplog.records if r.exc_info]  # no traceback anywhere
    await store._db._db.execute("PRAGMA query_only=OFF")
    [*_, played] = await call(Play.play, play, FakeInteraction(client, _whose_turn(client), "Mover"), move="draw:1")
    assert not played.ephemeral


class _StoppablePostgres(PostgresServer):
    """A server of this test's own that can be stopped and started again on the same port."""

    def halt(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        options = f"-h 127.0.0.1 -p {self.port} -k {self.root} -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")


async def test_a_postgres_outage_mid_game_refuses_moves_until_it_is_back(
    clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    server = _StoppablePostgres().start()
    try:
        store = await Store.open(server.new_database())
        try:
            tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
            table_id = await _game(tables)
            user, key = await _a_move(tables, table_id)
            server.halt()
            with caplog.at_level(logging.ERROR), pytest.raises(StoreUnavailable) as caught:
                await tables.act(user=user, move=key, table_id=table_id)
            assert str(caught.value) == UNREACHABLE
            [line] = _operator_lines(caplog)
            assert "the PostgreSQL server cannot be reached" in line.getMessage() and line.exc_info is None
            assert await store.ping() is not None
            server.resume()
            await tables.act(user=user, move=key, table_id=table_id)  # the pool reconnects
            assert (await store.table(table_id)).position >= 1  # type: ignore[union-attr]
        finally:
            await store.close()
    finally:
        server.stop()


async def test_a_command_outside_the_cogs_runner_gets_the_same_sentence(client: Any, tmp_path: Path) -> None:  # noqa: F811
    """Commands whose errors reach the tree's error handler (not cogs/_ui.run) say the same."""
    from types import SimpleNamespace

    import discord

    from bot.app import GameMasterBot
    from bot.config import Settings

    bot = GameMasterBot(Settings("token", None, str(tmp_path / "gm.sqlite3"), "INFO", None, tmp_path, None))
    fault = StoreUnavailable(FULL, "game store x unavailable: the disk is full", "full")
    interaction = FakeInteraction(client, 101, "Ana")
    await bot.on_app_command_error(interaction, discord.app_commands.CommandInvokeError(SimpleNamespace(name="game"), fault))
    [answer] = interaction.log
    assert answer.ephemeral and answer.content == FULL
