"""Imports that must be refused with a sentence, who may import what, signed exports, seeds
that do not predict each other, and secrets kept out of the logs."""

from __future__ import annotations

import json
import logging
import re
import threading
from pathlib import Path
from typing import Any

import pytest

import bot.playbypost
from bot.app import RedactTokens, seed_source
from bot.config import SEED_KEY, derive_seed
from bot.playbypost import PlayByPost
from bot.records import SIGNING_KEY, checksum
from bot.store import Store
from bot.tables import LobbyError, NotModerator, TableError, Tables, User
from tests.conftest import ANA, BO, CY, FakeClock

CHANNEL = 41
MOD = User(700, "Mod")
ALL = ("lobby", "playing", "over", "cancelled")


def services(store: Store, clock: FakeClock) -> tuple[Tables, PlayByPost]:
    counter = iter(range(5000, 9000))
    tables = Tables(store, clock=clock, seeds=lambda: next(counter), render=False)
    return tables, PlayByPost(tables)


async def start(tables: Tables, *users: User, slug: str = "toy-draw", options: dict[str, str] | None = None,
                channel: int = CHANNEL) -> int:
    reply = await tables.create(guild_id=1, channel_id=channel, host=users[0], slug=slug,
                                options=options if options is not None else {"deck": "12"})
    for user in users[1:]:
        await tables.join(channel_id=channel, user=user)
    await tables.start(channel_id=channel, user=users[0])
    return reply.table_id


async def play(tables: Tables, table_id: int, moves: int) -> None:
    for _ in range(moves):
        live = await tables.load(table_id)
        turn = tables.turns(live)[0]
        await tables.act(user=User(turn.user_id, turn.name), move=turn.actions[0].key, table_id=table_id)


def resealed(record: dict[str, Any], **change: Any) -> bytes:
    """An edited record with its checksum recomputed, as anyone can do."""
    edited = {**record, **change}
    edited["checksum"] = checksum(edited)
    return json.dumps(edited).encode()


async def exported(tables: Tables, pbp: PlayByPost, moves: int = 3, players: tuple[User, ...] = (ANA, BO),
                   **kw: Any) -> dict[str, Any]:
    table_id = await start(tables, *players, **kw)
    await play(tables, table_id, moves)
    _, data = await pbp.export(channel_id=kw.get("channel", CHANNEL), moderator=True)
    return json.loads(data)


async def count_tables(store: Store) -> int:
    return len(await store.tables(statuses=ALL))


# -- malformed records: a sentence naming what is wrong, and nothing changes --------------------


async def test_numbers_sqlite_cannot_hold_are_refused_by_field(store: Store, clock: FakeClock) -> None:
    tables, pbp = services(store, clock)
    record = await exported(tables, pbp)
    seats, actions = record["seats"], record["actions"]
    cases = {
        resealed(record, seed=2**63): "The seed is out of range",
        resealed(record, seats=[{**seats[0], "user_id": 2**63}, seats[1]]): "Seat 1 has a user id out of range",
        resealed(record, actions=[{**actions[0], "user_id": 2**64}, *actions[1:]]): "Move 1 has a damaged user id",
        resealed(record, actions=[{**actions[0], "at": 2**63}, *actions[1:]]): "Move 1 has a damaged time",
    }
    before = await count_tables(store)
    for data, reason in cases.items():
        with pytest.raises(LobbyError, match=re.escape(reason)):
            await pbp.import_table(guild_id=1, channel_id=CHANNEL + 1, user=MOD, data=data, moderator=True)
    assert await count_tables(store) == before


async def test_a_time_on_a_game_that_is_not_timed_is_refused(store: Store, clock: FakeClock) -> None:
    tables, pbp = services(store, clock)
    record = await exported(tables, pbp, slug="puerto-rico", options={}, moves=2, players=(ANA, BO, CY))
    timed = [{**action, "at": 5} for action in record["actions"]]
    with pytest.raises(LobbyError, match="Move 1 has a time, but this Puerto Rico game is not timed"):
        await pbp.import_table(guild_id=1, channel_id=CHANNEL + 1, user=MOD, data=resealed(record, actions=timed),
                               moderator=True)


async def test_a_timed_game_needs_a_time_on_every_move(store: Store, clock: FakeClock) -> None:
    tables, pbp = services(store, clock)
    table_id = await start(tables, ANA, BO, slug="toy-race", options={"mode": "live"})
    clock.advance(0.2)
    await tables.act(user=ANA, move="grab", table_id=table_id)
    _, data = await pbp.export(channel_id=CHANNEL, moderator=True)
    record = json.loads(data)
    assert record["actions"][0]["at"] == 200
    untimed = [{k: v for k, v in action.items() if k != "at"} for action in record["actions"]]
    with pytest.raises(LobbyError, match="Move 1 has no time, but this Toy Race game is timed"):
        await pbp.import_table(guild_id=1, channel_id=CHANNEL + 1, user=MOD, data=resealed(record, actions=untimed),
                               moderator=True)


async def test_deep_nesting_and_huge_numbers_are_refused_before_decoding(store: Store, clock: FakeClock) -> None:
    tables, pbp = services(store, clock)
    record = await exported(tables, pbp)
    deep = b"[" * 100_000 + b"]" * 100_000
    nested_field = json.dumps({**record, "options": "@"}).replace('"@"', "[" * 40 + "]" * 40).encode()
    long_number = json.dumps({**record, "seed": 0}).replace('"seed": 0', '"seed": ' + "9" * 5000).encode()
    for data, reason in ((deep, "nests deeper than 16"), (nested_field, "nests deeper than 16"),
                         (long_number, "5000 digits")):
        with pytest.raises(LobbyError, match=reason):
            await pbp.import_table(guild_id=1, channel_id=CHANNEL + 1, user=MOD, data=data, moderator=True)


async def test_the_replay_runs_in_a_worker_thread(store: Store, clock: FakeClock, monkeypatch: Any) -> None:
    tables, pbp = services(store, clock)
    record = await exported(tables, pbp)
    threads: list[str] = []
    original = bot.playbypost.check_record

    def spy(given: dict[str, Any]) -> Any:
        threads.append(threading.current_thread().name)
        return original(given)

    monkeypatch.setattr(bot.playbypost, "check_record", spy)
    await pbp.import_table(guild_id=1, channel_id=CHANNEL + 1, user=CY, data=json.dumps(record).encode())
    assert threads and threading.main_thread().name not in threads


async def test_undo_reads_only_the_moves_it_takes_back(store: Store, clock: FakeClock) -> None:
    tables, _ = services(store, clock)
    table_id = await start(tables, ANA, BO, options={"deck": "30"})
    await play(tables, table_id, 28)
    last = (await store.recent_actions(table_id, 1))[0]
    read: list[int] = []
    original = store.actions

    async def counted(*args: Any, **kw: Any) -> Any:
        rows = await original(*args, **kw)
        read.append(len(rows))
        return rows

    store.actions = counted  # type: ignore[method-assign]
    mover = ANA if last.user_id == ANA.id else BO
    await tables.undo(channel_id=CHANNEL, user=mover, moderator=True)
    # Not the 28-move log: the last move, and the replay from the nearest snapshot (at 25).
    assert sum(read) <= 3, read


# -- who may import what ---------------------------------------------------------------------------


async def test_a_signed_export_is_restored_as_it_was_by_any_member(store: Store, clock: FakeClock) -> None:
    tables, pbp = services(store, clock)
    record = await exported(tables, pbp)
    assert len(record["signature"]) == 64
    reply = await pbp.import_table(guild_id=1, channel_id=CHANNEL + 1, user=CY, data=json.dumps(record).encode())
    assert "3 moves replayed and checked" in reply.text
    copy = await tables.load(reply.table_id)
    assert copy.row.seed == record["seed"] and [s.user_id for s in copy.seats] == [s["user_id"] for s in record["seats"]]


async def test_an_edited_record_is_a_moderators_action(store: Store, clock: FakeClock) -> None:
    tables, pbp = services(store, clock)
    record = await exported(tables, pbp)
    before = await count_tables(store)
    for data in (resealed(record, seed=record["seed"] + 1),
                 resealed({k: v for k, v in record.items() if k != "signature"})):
        with pytest.raises(NotModerator, match="not exported by this bot"):
            await pbp.import_table(guild_id=1, channel_id=CHANNEL + 1, user=CY, data=data)
    assert await count_tables(store) == before


async def test_another_installations_record_seats_only_players_who_accept(db_path: Path, tmp_path: Path,
                                                                          clock: FakeClock) -> None:
    elsewhere = await Store.open(tmp_path / "elsewhere.sqlite3")
    try:
        tables, pbp = services(elsewhere, clock)
        record = await exported(tables, pbp)
    finally:
        await elsewhere.close()
    store = await Store.open(db_path)
    try:
        tables, pbp = services(store, clock)
        data = json.dumps(record).encode()
        with pytest.raises(NotModerator):
            await pbp.import_table(guild_id=1, channel_id=CHANNEL, user=ANA, data=data)
        offer = await pbp.import_table(guild_id=1, channel_id=CHANNEL, user=MOD, data=data, moderator=True)
        assert offer.request is not None and offer.request.kind == "import"
        assert sorted(offer.request.waiting_for) == sorted([ANA.id, BO.id]) == sorted(offer.mentions)
        assert "whoever made the file may know the hidden cards" in offer.text
        assert await count_tables(store) == 0  # nobody is seated before they accept
        with pytest.raises(TableError, match="No seat in this import is yours"):
            await pbp.answer_import(request_id=offer.request.id, user=CY, accept=True)
        with pytest.raises(TableError, match="another channel"):
            await pbp.answer_import(request_id=offer.request.id, user=ANA, accept=True, channel_id=CHANNEL + 3)
        waiting = await pbp.answer_import(request_id=offer.request.id, user=ANA, accept=True, channel_id=CHANNEL)
        assert waiting.request is not None and waiting.request.waiting_for == (BO.id,)
        assert await count_tables(store) == 0
        done = await pbp.answer_import(request_id=offer.request.id, user=BO, accept=True)
        assert "Everyone took their seat" in done.text
        live = await tables.load(done.table_id)
        assert live.position == 3 and live.row.host_id == MOD.id
        with pytest.raises(TableError, match="already been settled"):
            await pbp.answer_import(request_id=offer.request.id, user=BO, accept=True)
    finally:
        await store.close()


async def test_a_declined_seat_cancels_a_foreign_import(store: Store, clock: FakeClock) -> None:
    tables, pbp = services(store, clock)
    record = await exported(tables, pbp)
    offer = await pbp.import_table(guild_id=1, channel_id=CHANNEL + 1, user=MOD, moderator=True,
                                   data=resealed(record, seed=12345))
    assert offer.request is not None
    declined = await pbp.answer_import(request_id=offer.request.id, user=BO, accept=False)
    assert "import is cancelled" in declined.text
    with pytest.raises(TableError, match="already been settled"):
        await pbp.answer_import(request_id=offer.request.id, user=ANA, accept=True)
    assert await count_tables(store) == 1  # only the original


async def test_a_foreign_record_without_moves_gets_a_fresh_seed_and_bot_ids_of_ours(store: Store, clock: FakeClock) -> None:
    tables, pbp = services(store, clock)
    record = await exported(tables, pbp, moves=0)
    seats = [record["seats"][0], {**record["seats"][1], "user_id": CY.id, "bot": True}]  # a "bot" with a member's id
    offer = await pbp.import_table(guild_id=1, channel_id=CHANNEL + 1, user=MOD, moderator=True,
                                   data=resealed(record, seed=424242, seats=seats))
    assert offer.request is not None and "fresh seed" in offer.text
    done = await pbp.answer_import(request_id=offer.request.id, user=User(seats[0]["user_id"], "x"), accept=True)
    live = await tables.load(done.table_id)
    assert live.row.seed != 424242
    assert [s.is_bot for s in live.seats] == [False, True] and live.seats[1].user_id < 0
    assert not live.is_seated(CY.id)


async def test_the_signing_key_survives_a_restart_and_is_per_installation(db_path: Path, tmp_path: Path) -> None:
    first = await Store.open(db_path)
    key = await first.secret(SIGNING_KEY, now=1.0)
    await first.close()
    again = await Store.open(db_path)
    assert await again.secret(SIGNING_KEY, now=2.0) == key and len(key) == 32
    await again.close()
    other = await Store.open(tmp_path / "other.sqlite3")
    assert await other.secret(SIGNING_KEY, now=1.0) != key
    await other.close()


# -- seeds -------------------------------------------------------------------------------------


async def test_configured_seeds_are_reproducible_but_do_not_predict_each_other(db_path: Path, clock: FakeClock) -> None:
    store = await Store.open(db_path)
    try:
        seeds = await seed_source(store, 4242, clock())
        assert seeds is not None
        first, second = seeds(), seeds()
        assert {first, second}.isdisjoint({4242, 4243}) and second - first != 1
        key = await store.secret(SEED_KEY, now=clock())
        assert (first, second) == (derive_seed(key, 4242, 1), derive_seed(key, 4242, 2))
        assert 0 <= first < 2**62
        tables = Tables(store, clock=clock, seeds=seeds, render=False)
        await start(tables, ANA, BO)
        restarted = await seed_source(store, 4242, clock())  # numbering goes on after the last table
        assert restarted is not None and restarted() == derive_seed(key, 4242, 2)
        assert await seed_source(store, None, clock()) is None
    finally:
        await store.close()


# -- logs --------------------------------------------------------------------------------------


def test_interaction_tokens_never_reach_the_log() -> None:
    token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmFiY2RlZg.x-Y_z"
    lines = [
        ("POST %s with %s has returned %s", (f"https://discord.com/api/v10/interactions/123456789/{token}/callback",
                                             None, 204)),
        ("PATCH https://discord.com/api/v10/webhooks/987654321/%s/messages/@original", (token,)),
        ("For Shard ID %s: WebSocket Event: %s", (None, {"t": "INTERACTION_CREATE", "d": {"token": token, "id": "1"}})),
    ]
    for message, args in lines:
        record = logging.LogRecord("discord.http", logging.DEBUG, __file__, 1, message, args, None)
        assert RedactTokens().filter(record)
        shown = record.getMessage()
        assert token not in shown and "<token>" in shown
