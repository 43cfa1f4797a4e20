"""Play-by-post and moderation in the session layer, on a real SQLite file with a fake clock."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.i18n import say
from bot.moderation import Moderation
from bot.playbypost import HOUR, PlayByPost
from bot.records import checksum
from bot.store import Store
from bot.tables import (
    GameNotRunning,
    IllegalMove,
    LobbyError,
    NotHost,
    NotModerator,
    StaleBoard,
    TableError,
    Tables,
    User,
)
from tests.conftest import ANA, BO, CY, EVE, FakeClock

CHANNEL = 31
MOD = User(700, "Mod")


def services(store: Store, clock: FakeClock, seed: int = 7) -> tuple[Tables, PlayByPost, Moderation]:
    tables = Tables(store, clock=clock, seeds=lambda: seed, render=False)
    pbp = PlayByPost(tables)
    return tables, pbp, Moderation(tables, pbp)


async def start(tables: Tables, *users: User, deck: str = "12", slug: str = "toy-draw", channel: int = CHANNEL) -> int:
    reply = await tables.create(guild_id=1, channel_id=channel, host=users[0], slug=slug, options={"deck": deck} if deck else {})
    for user in users[1:]:
        await tables.join(channel_id=channel, user=user)
    await tables.start(channel_id=channel, user=users[0])
    return reply.table_id


async def mover(tables: Tables, table_id: int) -> User:
    live = await tables.load(table_id)
    turn = tables.turns(live)[0]
    return User(turn.user_id, turn.name)


# -- bot seats ---------------------------------------------------------------------------------


async def test_bot_seats_play_on_their_own_to_the_end(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    with pytest.raises(NotHost):
        await tables.add_bot(channel_id=CHANNEL, user=BO)
    reply = await tables.add_bot(channel_id=CHANNEL, user=ANA)
    assert "Bot 1" in reply.text and reply.lobby
    await tables.add_bot(channel_id=CHANNEL, user=ANA)
    reply = await tables.start(channel_id=CHANNEL, user=ANA)
    table_id = reply.table_id
    # Whatever the seat order, after each reply only Ana (or nobody) is waited for.
    while reply.turns:
        assert [t.user_id for t in reply.turns] == [ANA.id] and reply.mentions == [ANA.id]
        reply = await tables.act(user=ANA, move="draw", table_id=table_id)
    assert reply.status == "over"
    rows = await store.actions(table_id)
    assert {r.user_id for r in rows} == {ANA.id, -1, -2}


async def test_bots_play_the_same_way_on_replay(store: Store, clock: FakeClock) -> None:
    logs = []
    for channel in (1, 2):
        tables, _, _ = services(store, clock, seed=99)
        await tables.create(guild_id=1, channel_id=channel, host=ANA, slug="toy-draw")
        await tables.add_bot(channel_id=channel, user=ANA)
        reply = await tables.start(channel_id=channel, user=ANA)
        while reply.turns:
            reply = await tables.act(user=ANA, move="draw", table_id=reply.table_id)
        logs.append([(r.seat, r.action_key) for r in await store.actions(reply.table_id)])
    assert logs[0] == logs[1]


async def test_host_removes_a_player_from_the_lobby(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    await tables.join(channel_id=CHANNEL, user=BO)
    with pytest.raises(NotHost):
        await tables.remove_player(channel_id=CHANNEL, user=BO, target=ANA.id)
    reply = await tables.remove_player(channel_id=CHANNEL, user=ANA, target=BO.id)
    assert "removed Bo" in reply.text and "Bo" not in reply.text.split("Players")[1]


# -- undo --------------------------------------------------------------------------------------


async def test_undo_own_move_when_nothing_was_revealed(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    table_id = await start(tables, ANA, BO, deck="12")  # 12 cards: even, so "pass" is offered
    first = await mover(tables, table_id)
    before = (await tables.load(table_id)).state
    await tables.act(user=first, move="pass", table_id=table_id)
    reply = await tables.undo(channel_id=CHANNEL, user=first)
    assert "took back a move" in reply.text and reply.position == 0 and reply.revision == 2
    live = await tables.load(table_id)
    assert live.state == before and live.position == 0
    assert await store.actions(table_id) == []
    [undo] = [row for row in await store.audit(table_id) if row.kind == "undo"]
    assert undo.detail["undone"][0]["key"] == "pass"  # the undone move stays in the audit


async def test_undo_after_others_moved_needs_their_consent(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    table_id = await start(tables, ANA, BO, CY, deck="12")  # three players: two passes do not end it
    first = await mover(tables, table_id)
    await tables.act(user=first, move="pass", table_id=table_id)
    second = await mover(tables, table_id)
    await tables.act(user=second, move="pass", table_id=table_id)
    asked = await tables.undo(channel_id=CHANNEL, user=first)
    assert asked.request is not None and asked.request.waiting_for == (second.id,)
    assert asked.mentions == [second.id] and (await tables.load(table_id)).position == 2
    with pytest.raises(TableError, match="not needed"):
        await tables.answer_request(request_id=asked.request.id, user=first, approve=True)
    done = await tables.answer_request(request_id=asked.request.id, user=second, approve=True)
    assert "Everyone agreed" in done.text and done.position == 0
    with pytest.raises(TableError, match="already been settled"):
        await tables.answer_request(request_id=asked.request.id, user=second, approve=True)


async def test_undo_refused_or_outdated(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    table_id = await start(tables, ANA, BO, deck="12")
    first = await mover(tables, table_id)
    await tables.act(user=first, move="draw", table_id=table_id)  # a draw reveals a card
    second = await mover(tables, table_id)
    asked = await tables.undo(channel_id=CHANNEL, user=first)
    assert asked.request is not None and asked.request.waiting_for == (second.id,)
    refused = await tables.answer_request(request_id=asked.request.id, user=second, approve=False)
    assert "refused" in refused.text and (await tables.load(table_id)).position == 1
    asked = await tables.undo(channel_id=CHANNEL, user=first)
    await tables.act(user=second, move="draw", table_id=table_id)
    assert asked.request is not None
    with pytest.raises(StaleBoard, match="moved on"):
        await tables.answer_request(request_id=asked.request.id, user=second, approve=True)


async def test_a_reveal_against_bots_only_a_moderator_can_undo(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    await tables.add_bot(channel_id=CHANNEL, user=ANA)
    reply = await tables.start(channel_id=CHANNEL, user=ANA)
    reply = await tables.act(user=ANA, move="draw", table_id=reply.table_id)
    with pytest.raises(IllegalMove, match="only a moderator"):
        await tables.undo(channel_id=CHANNEL, user=ANA)
    forced = await tables.undo(channel_id=CHANNEL, user=MOD, moderator=True)
    assert "took back" in forced.text


async def test_undo_across_a_snapshot_gap_rebuilds_from_the_log(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    table_id = await start(tables, ANA, deck="30")
    states = []
    for _ in range(28):
        states.append((await tables.load(table_id)).state)
        await tables.act(user=ANA, move="draw", table_id=table_id)
    # Position 27 has no snapshot of its own (kept: 0, 25, latest): undo rebuilds it from 25.
    assert await store.snapshot_positions(table_id) == [0, 25, 28]
    await tables.undo(channel_id=CHANNEL, user=MOD, moderator=True)
    fresh = await Tables(store, render=False).load(table_id)
    assert fresh.position == 27 and fresh.state == states[27]


# -- export / import -----------------------------------------------------------------------


async def test_export_import_round_trip(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    table_id = await start(tables, ANA, BO, deck="6")
    while (await tables.load(table_id)).row.status == "playing":
        await tables.act(user=await mover(tables, table_id), move="draw", table_id=table_id)
    name, data = await pbp.export(channel_id=CHANNEL, moderator=False)
    assert name.endswith(".json")
    record = json.loads(data)
    assert record["game"] == "toy-draw" and len(record["actions"]) == 6
    reply = await pbp.import_table(guild_id=1, channel_id=CHANNEL + 1, user=CY, data=data)
    assert "6 moves replayed and checked" in reply.text and reply.status == "over"
    original, copy = await tables.load(table_id), await tables.load(reply.table_id)
    assert copy.state == original.state and copy.names == original.names


async def test_running_games_export_for_moderators_only(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    await start(tables, ANA, BO)
    with pytest.raises(NotModerator, match="hidden cards"):
        await pbp.export(channel_id=CHANNEL, moderator=False)
    _, data = await pbp.export(channel_id=CHANNEL, moderator=True)
    assert json.loads(data)["status"] == "playing"


async def test_corrupt_or_tampered_records_are_refused_and_create_nothing(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    table_id = await start(tables, ANA, BO, deck="6")
    for _ in range(3):
        await tables.act(user=await mover(tables, table_id), move="draw", table_id=table_id)
    _, data = await pbp.export(channel_id=CHANNEL, moderator=True)
    record = json.loads(data)

    def resealed(change: dict) -> bytes:
        edited = {**record, **change}
        edited["checksum"] = checksum(edited)
        return json.dumps(edited).encode()

    cases = {
        b"not json at all": "not JSON",
        json.dumps({**record, "seed": record["seed"] + 1}).encode(): "checksum does not match",
        resealed({"actions": [*record["actions"], {"seat": 0, "key": "fly", "user_id": 1}]}): "Move 4 ('fly' by seat 1) is not legal",
        resealed({"game": "chess"}): "no game called 'chess'",
        resealed({"engine_version": 99}): "engine version 99",
        resealed({"seats": record["seats"][:1]}): "Move",
        resealed({"options": {"deck": "7"}}): "one of 6, 12, 30",
    }
    before = len(await store.tables(statuses=("lobby", "playing", "over", "cancelled")))
    for data_bytes, reason in cases.items():
        with pytest.raises(LobbyError, match=re.escape(reason)):
            await pbp.import_table(guild_id=1, channel_id=CHANNEL + 5, user=CY, data=data_bytes)
    assert len(await store.tables(statuses=("lobby", "playing", "over", "cancelled"))) == before


# -- deadlines ----------------------------------------------------------------------------


async def test_reminder_then_timeout_auto_move_each_exactly_once(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    table_id = await start(tables, ANA, BO)
    await pbp.set_deadlines(channel_id=CHANNEL, user=ANA, moderator=False, reminder_hours=12, timeout_hours=24, policy="auto")
    waiting = await mover(tables, table_id)
    clock.advance(11 * HOUR)
    assert await pbp.run_due(clock()) == []
    clock.advance(2 * HOUR)
    [reminder] = await pbp.run_due(clock())
    assert reminder.kind == "reminder" and reminder.reply.mentions == [waiting.id] and "Reminder" in reminder.reply.text
    assert await pbp.run_due(clock()) == []  # once
    clock.advance(12 * HOUR)
    [timeout] = await pbp.run_due(clock())
    assert timeout.kind == "timeout" and f"{waiting.name} ran out of time" in timeout.reply.text
    assert (await tables.load(table_id)).position == 1
    [row] = await store.actions(table_id)
    assert row.user_id is None and row.seat == (await tables.load(table_id)).names.index(waiting.name)
    assert await pbp.run_due(clock()) == []


async def test_a_timeout_plays_the_whole_decision_and_pings_whoever_is_next(store: Store, clock: FakeClock) -> None:
    # Table seed 14: the bot's move for the HISSS seat that times out is to draw, after which
    # the same seat must place the drawn card. The timeout plays both, not half a turn.
    tables, pbp, _ = services(store, clock, seed=14)
    table_id = await start(tables, ANA, BO, slug="hisss", deck="")
    await pbp.set_deadlines(channel_id=CHANNEL, user=ANA, moderator=False, reminder_hours=None, timeout_hours=1, policy="auto")
    waiting = await mover(tables, table_id)
    clock.advance(2 * HOUR)
    [timeout] = await pbp.run_due(clock())
    keys = [row.action_key for row in await store.actions(table_id)]
    assert len(keys) == 2 and keys[0].startswith("draw") and keys[1].startswith("place")
    assert re.search(rf"{waiting.name} ran out of time: the bot plays for them \(Draw .*\), then Add ", timeout.reply.text)
    [other] = [user for user in (ANA, BO) if user != waiting]
    assert [t.user_id for t in timeout.reply.turns] == [other.id] and timeout.reply.mentions == [other.id]
    assert await pbp.run_due(clock()) == []


async def test_a_timeout_does_not_name_a_move_from_a_hidden_hand(store: Store, clock: FakeClock) -> None:
    # Collide-o's prompt is private (its actions name the cards in a hidden hand): the public
    # timeout line says the bot moved, not which card it chose from that hand.
    tables, pbp, _ = services(store, clock)
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="collide-o", options={"mode": "turns"})
    await tables.join(channel_id=CHANNEL, user=BO)
    await tables.start(channel_id=CHANNEL, user=ANA)
    await pbp.set_deadlines(channel_id=CHANNEL, user=ANA, moderator=False, reminder_hours=None, timeout_hours=1, policy="auto")
    live = await tables.load(reply.table_id)
    [prompt] = tables.prompts(live)
    assert prompt.private
    hand_labels = {say(action.label) for action in prompt.actions if action.key != "pass"}
    clock.advance(2 * HOUR)
    [timeout] = await pbp.run_due(clock())
    [line] = [line for line in timeout.reply.text.splitlines() if "ran out of time" in line]
    assert "the bot plays for them (a move only they may see)" in line
    assert not any(label in line for label in hand_labels)


async def test_deadlines_missed_while_down_fire_once_after_restart(db_path: Path, clock: FakeClock) -> None:
    store = await Store.open(db_path)
    tables, pbp, _ = services(store, clock)
    table_id = await start(tables, ANA, BO)
    await pbp.set_deadlines(channel_id=CHANNEL, user=ANA, moderator=False, reminder_hours=1, timeout_hours=2, policy="skip")
    await store.close()
    clock.advance(30 * HOUR)  # the bot was down through both the reminder and the timeout
    reopened = await Store.open(db_path)
    tables, pbp, _ = services(reopened, clock)
    notices = await pbp.run_due(clock())
    assert [n.kind for n in notices] == ["timeout"]  # the moot reminder is not posted
    assert "they pass" in notices[0].reply.text  # 12 cards left: toy-draw offers a pass
    assert await pbp.run_due(clock()) == []
    await reopened.close()
    again = await Store.open(db_path)
    _, pbp2, _ = services(again, clock)
    assert await pbp2.run_due(clock()) == []  # and not again after another restart
    assert len(await again.actions(table_id)) == 1
    await again.close()


async def test_replace_policy_hands_the_seat_to_a_bot(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    table_id = await start(tables, ANA, BO)
    await pbp.set_deadlines(channel_id=CHANNEL, user=ANA, moderator=False, reminder_hours=None, timeout_hours=1, policy="replace")
    waiting = await mover(tables, table_id)
    clock.advance(2 * HOUR)
    [notice] = await pbp.run_due(clock())
    assert "a bot takes over" in notice.reply.text
    live = await tables.load(table_id)
    assert not live.is_seated(waiting.id) and f"Bot for {waiting.name} (normal)" in live.names
    assert all(t.user_id != waiting.id for t in tables.turns(live))


async def test_away_pauses_deadlines(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    table_id = await start(tables, ANA, BO)
    await pbp.set_deadlines(channel_id=CHANNEL, user=ANA, moderator=False, reminder_hours=None, timeout_hours=5, policy="auto")
    waiting = await mover(tables, table_id)
    assert "paused until" in await pbp.set_away(waiting, 2)
    assert f"{waiting.name} is away until" in (await tables.status(channel_id=CHANNEL)).text
    clock.advance(47 * HOUR)
    assert await pbp.run_due(clock()) == []
    clock.advance(2 * HOUR)  # back after 48 h: the full 5 h run from the return
    assert await pbp.run_due(clock()) == []
    clock.advance(4 * HOUR)
    assert [n.kind for n in await pbp.run_due(clock())] == ["timeout"]


async def test_deadline_settings_are_checked(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    await start(tables, ANA, BO)
    with pytest.raises(NotHost):
        await pbp.set_deadlines(channel_id=CHANNEL, user=BO, moderator=False, reminder_hours=1, timeout_hours=2, policy="auto")
    for reminder, timeout, policy, message in [
        (5, 2, "auto", "before the timeout"), (1, 2, "nap", "one of none"), (None, 2, "none", "needs a policy"),
        (-1, None, "none", "between"),
    ]:
        with pytest.raises(TableError, match=message):
            await pbp.set_deadlines(channel_id=CHANNEL, user=ANA, moderator=False, reminder_hours=reminder,
                                    timeout_hours=timeout, policy=policy)


async def test_lobbies_expire_with_a_notice(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    clock.advance(6 * 24 * HOUR)
    assert await pbp.run_due(clock()) == []
    clock.advance(2 * 24 * HOUR)
    [notice] = await pbp.run_due(clock())
    assert notice.kind == "lobby" and "expired" in notice.reply.text
    assert await store.open_table_in(CHANNEL) is None


# -- personal settings ----------------------------------------------------------------------


async def test_notify_modes_choose_mention_dm_or_nothing(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    table_id = await start(tables, ANA, BO)
    first = await mover(tables, table_id)
    second = BO if first.id == ANA.id else ANA
    await pbp.set_notify(second, "dm")
    reply = await tables.act(user=first, move="draw", table_id=table_id)
    assert reply.mentions == [] and reply.direct == [second.id]
    await pbp.set_notify(first, "off")
    reply = await tables.act(user=second, move="draw", table_id=table_id)
    assert reply.mentions == [] and reply.direct == []
    with pytest.raises(TableError):
        await pbp.set_notify(first, "carrier-pigeon")


async def test_forget_me_anonymises_finished_games_only(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    finished = await start(tables, ANA, BO, deck="6")
    while (await tables.load(finished)).row.status == "playing":
        await tables.act(user=await mover(tables, finished), move="draw", table_id=finished)
    running = await start(tables, ANA, CY, channel=CHANNEL + 1)
    await pbp.set_notify(ANA, "dm")
    text = await pbp.forget_me(ANA)
    assert "1 finished game" in text
    assert await store.user_settings(ANA.id) == {"notify": "mention", "away_until": None, "digest_at": None,
                                                 "language": None}
    assert "Former player" in (await tables.load(finished)).names
    assert "Ana" in (await tables.load(running)).names
    assert all(row.user_id != ANA.id for row in await store.actions(finished))


# -- moderation -------------------------------------------------------------------------------


async def test_every_admin_command_refuses_non_moderators(store: Store, clock: FakeClock) -> None:
    tables, _, mod = services(store, clock)
    await start(tables, ANA, BO)
    calls = [
        mod.cancel(channel_id=CHANNEL, user=ANA, moderator=False),
        mod.pause(channel_id=CHANNEL, user=ANA, moderator=False, paused=True),
        mod.pause(channel_id=CHANNEL, user=ANA, moderator=False, paused=False),
        mod.kick(channel_id=CHANNEL, user=ANA, moderator=False, target=BO),
        mod.substitute(channel_id=CHANNEL, user=ANA, moderator=False, target=BO, new=CY),
        mod.skip(channel_id=CHANNEL, user=ANA, moderator=False),
        mod.transfer_host(channel_id=CHANNEL, user=ANA, moderator=False, new_host=BO),
        mod.set_deadlines(channel_id=CHANNEL, user=ANA, moderator=False, reminder_hours=1, timeout_hours=2, policy="auto"),
        mod.channel_settings(channel_id=CHANNEL, guild_id=1, user=ANA, moderator=False, posting="edit"),
        mod.set_role(guild_id=1, user=ANA, moderator=False, role_id=5, role_name="Referee"),
        mod.log(channel_id=CHANNEL, guild_id=1, moderator=False),
    ]
    for call in calls:
        with pytest.raises(NotModerator):
            await call
    assert (await store.open_table_in(CHANNEL)) is not None and await store.actions((await store.open_table_in(CHANNEL)).id) == []


async def test_pause_blocks_moves_and_deadlines_until_resumed(store: Store, clock: FakeClock) -> None:
    tables, pbp, mod = services(store, clock)
    table_id = await start(tables, ANA, BO)
    await pbp.set_deadlines(channel_id=CHANNEL, user=ANA, moderator=False, reminder_hours=None, timeout_hours=1, policy="auto")
    reply = await mod.pause(channel_id=CHANNEL, user=MOD, moderator=True, paused=True)
    assert "paused the game" in reply.text and reply.turns
    with pytest.raises(GameNotRunning, match="paused"):
        await tables.act(user=await mover(tables, table_id), move="draw", table_id=table_id)
    clock.advance(5 * HOUR)
    assert await pbp.run_due(clock()) == []
    await mod.pause(channel_id=CHANNEL, user=MOD, moderator=True, paused=False)
    assert await pbp.run_due(clock()) == []  # the clock restarts at resume
    await tables.act(user=await mover(tables, table_id), move="draw", table_id=table_id)


async def test_kick_substitute_skip_and_audit(store: Store, clock: FakeClock) -> None:
    tables, _, mod = services(store, clock)
    table_id = await start(tables, ANA, BO, CY)
    asked = await mod.substitute(channel_id=CHANNEL, user=MOD, moderator=True, target=BO, new=EVE)
    assert asked.request is not None and asked.mentions == [EVE.id]
    with pytest.raises(TableError, match="someone else"):
        await mod.answer_substitute(request_id=asked.request.id, user=CY, accept=True)
    taken = await mod.answer_substitute(request_id=asked.request.id, user=EVE, accept=True)
    assert "Eve takes over Bo's seat" in taken.text
    live = await tables.load(table_id)
    assert live.is_seated(EVE.id) and not live.is_seated(BO.id)
    kicked = await mod.kick(channel_id=CHANNEL, user=MOD, moderator=True, target=CY)
    assert "a bot plays their seat" in kicked.text
    before = (await tables.load(table_id)).position
    skipped = await mod.skip(channel_id=CHANNEL, user=MOD, moderator=True)
    assert "skipped" in skipped.text and (await tables.load(table_id)).position > before
    kinds = [row.kind for row in await mod.log(channel_id=CHANNEL, guild_id=1, moderator=True)]
    assert {"substitute-requested", "substitute", "kick", "skip"} <= set(kinds)
    assert all(row.actor_id is not None for row in await store.audit(table_id) if row.kind in {"kick", "skip"})


async def test_channel_settings_limit_games_and_set_default_deadlines(store: Store, clock: FakeClock) -> None:
    tables, _, mod = services(store, clock)
    text = await mod.channel_settings(channel_id=CHANNEL, guild_id=1, user=MOD, moderator=True, games="hisss",
                                      reminder_hours=2, timeout_hours=10, policy="auto", posting="edit")
    assert "Games allowed: hisss" in text and "Posting: edit" in text and "after 10 h: auto" in text
    with pytest.raises(LobbyError, match="This channel is for hisss"):
        await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="hisss")
    assert (await tables.load(reply.table_id)).row.deadlines["timeout_hours"] == 10
    with pytest.raises(TableError, match="no game called"):
        await mod.channel_settings(channel_id=CHANNEL, guild_id=1, user=MOD, moderator=True, games="chess")
    assert "Games allowed: hisss" in await mod.channel_settings(channel_id=CHANNEL, guild_id=1, user=ANA, moderator=False)


async def test_game_mine_lists_tables_waiting_for_me(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    first = await start(tables, ANA, BO)
    await start(tables, CY, ANA, channel=CHANNEL + 1)
    who = await mover(tables, first)
    mine = await tables.mine(guild_id=1, user=who)
    assert first in [s.table_id for s in mine]


async def test_history_pages_newest_first(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    table_id = await start(tables, ANA, deck="30")
    for _ in range(25):
        await tables.act(user=ANA, move="draw", table_id=table_id)
    first = await tables.history(channel_id=CHANNEL)
    assert first.splitlines()[0].endswith("moves 6–25 (page 1/2)") and len(first.splitlines()) == 21
    second = await tables.history(channel_id=CHANNEL, page=2)
    assert "moves 1–5 (page 2/2)" in second and second.splitlines()[1].startswith("1. Ana")
    with pytest.raises(TableError, match="choose 1–2"):
        await tables.history(channel_id=CHANNEL, page=3)


async def test_deadlines_set_when_the_table_is_opened(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw",
                                deadlines={"reminder_hours": 2, "timeout_hours": 6, "policy": "skip"})
    assert (await tables.load(reply.table_id)).row.deadlines["policy"] == "skip"


async def test_adding_a_bot_is_audited_as_the_hosts_action(store: Store, clock: FakeClock) -> None:
    tables, _, _ = services(store, clock)
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    await tables.add_bot(channel_id=CHANNEL, user=ANA)
    [join] = [row for row in await store.audit(reply.table_id) if row.kind == "join"]
    assert join.actor_id == ANA.id and join.detail == {"bot": "Bot 1 (normal)"}


async def test_a_foreign_imports_offer_and_refusals_speak_the_moderators_language(store: Store, clock: FakeClock) -> None:
    tables, pbp, _ = services(store, clock)
    table_id = await start(tables, ANA, BO, deck="6")
    await tables.act(user=await mover(tables, table_id), move="draw", table_id=table_id)
    _, data = await pbp.export(channel_id=CHANNEL, moderator=True)
    record = json.loads(data)
    record.pop("signature", None)  # not signed here: a foreign record, offered seat by seat
    record["checksum"] = checksum(record)
    polish = User(MOD.id, MOD.name, language="pl")
    reply = await pbp.import_table(guild_id=1, channel_id=CHANNEL + 7, user=polish, data=json.dumps(record).encode(),
                                   moderator=True)
    assert reply.request is not None and reply.language == "pl"
    assert reply.text.startswith("Mod (moderator) imports a ")  # the English as before
    said = say(reply.text, "pl")
    assert said.startswith("Mod (moderator) importuje partię ") and "Miejsca: 1. Ana, 2. Bo. " in said
    assert "Każdy gracz: zajmij swoje miejsce przyciskiem" in said
    answer = await pbp.answer_import(request_id=reply.request.id, user=User(ANA.id, ANA.name, language="de"),
                                     accept=True)
    assert say(answer.text, answer.language) == "Ana hat den Platz eingenommen; es wird gewartet auf Bo."
    with pytest.raises(LobbyError) as refused:
        await pbp.import_table(guild_id=1, channel_id=CHANNEL + 8, user=polish, data=b"[" * 100, moderator=True)
    assert refused.value.said("hu") == ("Importálás elutasítva: Ez nem gamemaster-export (a JSON-ja 16 szintnél "
                                        "mélyebben egymásba ágyazott).")
