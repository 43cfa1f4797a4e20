"""Sharding: Discord's shard arithmetic, the SHARD_COUNT / SHARD_IDS settings, and which
tables a process that runs some of the shards loads and schedules."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Shards, check_can_run, load_settings, parse_shards, shard_of
from bot.playbypost import DAY, HOUR, PlayByPost
from bot.store import Store
from bot.tables import Tables
from tests.conftest import ANA, BO, FakeClock
from tests.fakediscord import default_world
from tests.fakediscord import shard_of as fake_shard_of

# Guild ids whose creation-time bits (id >> 22) are 6 and 7: shards 0 and 1 of 2, whatever
# the low 22 bits (worker, process, increment) say.
EVEN_GUILD = (6 << 22) | 0x3FFFFF
ODD_GUILD = (7 << 22) | 12345


def test_shard_of_is_the_creation_time_bits_modulo_the_count() -> None:
    assert [shard_of(EVEN_GUILD, 2), shard_of(ODD_GUILD, 2)] == [0, 1]
    assert [shard_of(EVEN_GUILD, 4), shard_of(ODD_GUILD, 4)] == [2, 3]
    assert [shard_of(EVEN_GUILD, 5), shard_of(ODD_GUILD, 5)] == [1, 2]
    assert shard_of(ODD_GUILD, 1) == 0  # one shard carries everything
    assert shard_of(None, 7) == 0  # direct messages and guild-less tables: shard 0
    real = 1_191_168_914_231_394_304  # a snowflake of January 2024
    assert shard_of(real, 16) == (real // 2**22) % 16
    with pytest.raises(ValueError):
        shard_of(EVEN_GUILD, 0)


def test_the_fake_discord_routes_guilds_by_the_same_rule() -> None:
    world = default_world(guilds=5)
    for count in range(1, 6):
        shards = [shard_of(g.id, count) for g in world.guilds]
        assert shards == [fake_shard_of(g.id, count) for g in world.guilds]
        assert shards == [k % count for k in range(5)]  # as default_world documents


def test_shards_own_the_guilds_of_their_ids() -> None:
    odd = Shards(2, (1,))
    assert not odd.owns(EVEN_GUILD) and odd.owns(ODD_GUILD) and not odd.owns(None)
    even = Shards(2, (0,))
    assert even.owns(EVEN_GUILD) and not even.owns(ODD_GUILD) and even.owns(None)
    assert not odd.all and Shards(2, (0, 1)).all
    assert Shards(3, (0, 2)).describe() == "shards 0, 2 of 3" and odd.describe() == "shard 1 of 2"


def test_settings_without_shards_mean_one_process_for_everything() -> None:
    assert parse_shards(None, None) is None and parse_shards(" ", "") is None
    assert parse_shards("3", None) == Shards(3, (0, 1, 2))  # a count alone: every shard here
    assert parse_shards("1", "0") == Shards(1, (0,))
    assert parse_shards("4", " 3, 1 ") == Shards(4, (1, 3))


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        ("0", None, "SHARD_COUNT must be at least 1, not 0."),
        ("-2", "0", "SHARD_COUNT must be at least 1, not -2."),
        ("two", None, "SHARD_COUNT must be a whole number of shards (1 or more), not 'two'."),
        ("2", "2", "SHARD_IDS has 2, which is out of range: with SHARD_COUNT=2 the shards are 0 to 1."),
        ("3", "0,-1", "SHARD_IDS has -1, which is out of range: with SHARD_COUNT=3 the shards are 0 to 2."),
        ("2", "1,1", "SHARD_IDS lists shard 1 twice."),
        ("2", "0;1", "SHARD_IDS must be shard numbers separated by commas (e.g. 0,1), not '0;1'."),
        ("2", "0,", "SHARD_IDS must be shard numbers separated by commas (e.g. 0,1), not '0,'."),
    ],
)
def test_bad_shard_settings_stop_with_a_sentence(count: str, ids: str | None, message: str) -> None:
    with pytest.raises(SystemExit) as stop:
        parse_shards(count, ids)
    assert str(stop.value) == message


def test_shard_ids_need_a_count() -> None:
    with pytest.raises(SystemExit, match="SHARD_IDS=1 needs SHARD_COUNT"):
        parse_shards(None, "1")


def test_load_settings_reads_the_shards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "1")
    settings = load_settings(tmp_path / "no.env")
    assert settings.shards == Shards(2, (1,))
    assert settings.owns(ODD_GUILD) and not settings.owns(EVEN_GUILD)
    assert "shards=Shards(count=2, ids=(1,))" in repr(settings)
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.delenv("SHARD_IDS")
    unsharded = load_settings(tmp_path / "no.env")
    assert unsharded.shards is None and unsharded.owns(EVEN_GUILD) and unsharded.owns(None)


def test_sharding_on_sqlite_is_refused_at_start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GAMEMASTER_DB", str(tmp_path / "gm.sqlite3"))
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "0")
    with pytest.raises(SystemExit, match="several processes, and they must share one PostgreSQL database"):
        check_can_run(load_settings(tmp_path / "no.env"))
    monkeypatch.setenv("SHARD_IDS", "0,1")  # all shards in one process: still refused, as the issue asks
    with pytest.raises(SystemExit, match="GAMEMASTER_DB=postgresql://"):
        check_can_run(load_settings(tmp_path / "no.env"))
    monkeypatch.setenv("SHARD_COUNT", "1")
    monkeypatch.setenv("SHARD_IDS", "0")
    check_can_run(load_settings(tmp_path / "no.env"))  # one shard on SQLite is fine
    monkeypatch.setenv("SHARD_COUNT", "3")
    monkeypatch.setenv("SHARD_IDS", "2")
    monkeypatch.setenv("GAMEMASTER_DB", "postgresql://gm@db.example/gm")
    check_can_run(load_settings(tmp_path / "no.env"))
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.delenv("SHARD_IDS")
    monkeypatch.setenv("GAMEMASTER_DB", str(tmp_path / "gm.sqlite3"))
    check_can_run(load_settings(tmp_path / "no.env"))  # unsharded, as before


# -- which tables a process sees -----------------------------------------------------------------

CHANNELS = {EVEN_GUILD: 10, ODD_GUILD: 11, None: 12}


def process(store: Store, clock: FakeClock, shards: Shards | None) -> tuple[Tables, PlayByPost]:
    """The session layer one bot process builds (``owns`` as :meth:`Settings.owns`)."""
    tables = Tables(store, clock=clock, seeds=lambda: 7, render=False,
                    owns=None if shards is None else shards.owns)
    return tables, PlayByPost(tables)


async def open_everywhere(tables: Tables, *, slug: str, options: dict[str, str], start: bool = True) -> dict[int | None, int]:
    ids = {}
    for guild, channel in CHANNELS.items():
        reply = await tables.create(guild_id=guild, channel_id=channel, host=ANA, slug=slug, options=options)
        ids[guild] = reply.table_id
        if start:
            await tables.join(channel_id=channel, user=BO)
            await tables.start(channel_id=channel, user=ANA)
    return ids


async def test_a_process_lists_and_schedules_only_its_shards_tables(store: Store, clock: FakeClock) -> None:
    everything, _ = process(store, clock, None)
    ids = await open_everywhere(everything, slug="toy-draw", options={"deck": "12"})
    odd, odd_pbp = process(store, clock, Shards(2, (1,)))
    even, even_pbp = process(store, clock, Shards(2, (0,)))

    assert [s.table_id for s in await everything.list_open(guild_id=None)] == sorted(ids.values())
    assert [s.table_id for s in await odd.list_open(guild_id=None)] == [ids[ODD_GUILD]]
    assert [s.table_id for s in await even.list_open(guild_id=None)] == [ids[EVEN_GUILD], ids[None]]
    assert await odd.list_open(guild_id=EVEN_GUILD) == []

    for channel in CHANNELS.values():
        await PlayByPost(everything).set_deadlines(channel_id=channel, user=ANA, moderator=False,
                                                   reminder_hours=1, timeout_hours=None, policy="none")
    odd.forget()  # the deadlines were set through another session layer
    even.forget()
    clock.advance(2 * HOUR)
    assert {d.table_id for d in await odd_pbp.due(clock())} == {ids[ODD_GUILD]}
    assert {d.table_id for d in await even_pbp.due(clock())} == {ids[EVEN_GUILD], ids[None]}
    # Each process posts its own reminders, and nothing of the other's: together, each once.
    assert [n.table_id for n in await odd_pbp.run_due(clock())] == [ids[ODD_GUILD]]
    assert sorted(n.table_id for n in await even_pbp.run_due(clock())) == [ids[EVEN_GUILD], ids[None]]
    assert await odd_pbp.run_due(clock()) == [] and await even_pbp.run_due(clock()) == []
    assert await PlayByPost(everything).run_due(clock()) == []  # all claimed


async def test_lobbies_expire_through_their_own_shards_process(store: Store, clock: FakeClock) -> None:
    everything, _ = process(store, clock, None)
    ids = await open_everywhere(everything, slug="toy-draw", options={"deck": "12"}, start=False)
    _, odd_pbp = process(store, clock, Shards(2, (1,)))
    _, even_pbp = process(store, clock, Shards(2, (0,)))
    clock.advance(8 * DAY)
    assert [(n.table_id, n.kind) for n in await odd_pbp.run_due(clock())] == [(ids[ODD_GUILD], "lobby")]
    assert (await store.table(ids[EVEN_GUILD])).status == "lobby"  # not the odd process's to expire
    assert sorted(n.table_id for n in await even_pbp.run_due(clock())) == [ids[EVEN_GUILD], ids[None]]


async def test_timed_deadlines_resolve_in_their_own_shards_process(store: Store, clock: FakeClock) -> None:
    everything, _ = process(store, clock, None)
    ids = await open_everywhere(everything, slug="toy-race", options={"mode": "live"})
    odd, _ = process(store, clock, Shards(2, (1,)))
    even, _ = process(store, clock, Shards(2, (0,)))
    clock.advance(1.5)
    assert [r.table_id for r in await odd.expire_due(clock())] == [ids[ODD_GUILD]]
    assert [a.action_key for a in await store.actions(ids[EVEN_GUILD])] == []  # untouched
    assert sorted(r.table_id for r in await even.expire_due(clock())) == [ids[EVEN_GUILD], ids[None]]
    assert await odd.expire_due(clock()) == [] and await even.expire_due(clock()) == []
