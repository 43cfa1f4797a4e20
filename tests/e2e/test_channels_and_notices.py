"""Channel settings and notifications end to end: a live edited board with a log thread, a
thread per table, DMs with the closed-DM fallback, /game mine, away, and lobby expiry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_by_post import HOUR, T0, Clock, private, public, ready, start_bot
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_edit_mode_keeps_one_live_board_with_a_log_thread(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake, clock = fake_discord, Clock(tmp_path / "clock")
    proc = start_bot(fake, bot_processes, tmp_path, clock)
    await ready(fake)
    channel = fake.channel("games")
    refused = await fake.slash("alice", channel, "admin settings", options={"posting": "edit"})
    assert "Only moderators" in private(refused).text
    saved = await fake.slash("mod", channel, "admin settings", options={"posting": "edit"})
    assert "Posting: edit" in private(saved).text

    await fake.slash("alice", channel, "game new", options={"game": "hisss"})
    await fake.slash("bob", channel, "game join")
    live = public(await fake.slash("alice", channel, "game start"))
    [thread] = await fake.wait_until(lambda: fake.threads, what="the log thread of the live board")
    assert thread.parent_id == channel.id
    for step in range(4):
        await fake.wait_until(lambda n=step: len(fake.messages_in(thread)) >= n, what="the log line")
        board = fake.get_message(live.id)
        component = board.interactive_components()[0]
        who = next(u.username for u in fake.world.all_users() if u.id in _waiting(fake, thread, board))
        if component.get("type") == 2:  # five moves or fewer come as buttons
            result = await fake.click(who, board, component["custom_id"])
        else:
            result = await fake.select(who, board, component["custom_id"], [component["options"][0]["value"]])
        # The live message itself is updated: at once (7), or after a deferred update (6) when
        # the move outlasts the bot's defer timer on a busy machine — never a new message.
        assert result.response_type in (6, 7) and result.original is not None and result.original.id == live.id
    # Each move's log line is posted after its board edit: four lines, four edits.
    log_lines = await fake.wait_until(lambda: len(fake.messages_in(thread)) >= 4 and fake.messages_in(thread),
                                      what="four log lines")
    # Each names the player to move; it pings them when the decision is new to them (not for its steps).
    assert len(log_lines) >= 4 and all(len(m.mentioned_user_ids) == 1 for m in log_lines)
    assert all(set(m.pinged_user_ids) <= set(m.mentioned_user_ids) for m in log_lines)
    assert any(m.pinged_user_ids for m in log_lines)
    board = fake.get_message(live.id)
    # The live board is a table message: its gallery shows the card of the last edit.
    assert board.edits >= 4 and board.flags & (1 << 15) and not board.content
    assert board.gallery_attachments() == board.attachments and board.attachments[0].image().format == "PNG"
    public_boards = [m for m in fake.messages_in(channel) if m.attachments]
    assert len(public_boards) == 1  # no new board message per move
    assert not [m for m in fake.messages_in(channel) if "Done" in m.text]
    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()


def _waiting(fake: FakeDiscord, thread: Any, board: Any) -> list[int]:
    """Who must move: pinged on the live board at first, then in the newest log line."""
    lines = fake.messages_in(thread)
    return lines[-1].mentioned_user_ids if lines else board.mentioned_user_ids


async def test_thread_per_table_dms_mine_away_and_lobby_expiry(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake, clock = fake_discord, Clock(tmp_path / "clock")
    shy = fake.add_user("shy", accepts_dms=False)
    proc = start_bot(fake, bot_processes, tmp_path, clock)
    await ready(fake)
    channel = fake.channel("games")
    await fake.slash("mod", channel, "admin settings", options={"threads": True})

    opened = await fake.slash("alice", channel, "game new", options={"game": "hisss"})
    [thread] = await fake.wait_until(lambda: fake.threads, what="the table's thread")
    assert thread.mention in opened.messages[0].text
    lobby = (await fake.wait_until(lambda: fake.messages_in(thread), what="the lobby in the thread"))[0]
    assert "opened a table for HISSS" in lobby.text and lobby.buttons

    # Notifications: alice by DM, shy by DM but their DMs are closed.
    assert "direct message" in private(await fake.slash("alice", thread, "settings notify", options={"mode": "dm"})).text
    await fake.slash(shy, thread, "settings notify", options={"mode": "dm"})
    await fake.click(shy, lobby, next(b["custom_id"] for b in lobby.buttons if b["custom_id"].endswith(":join")))
    started = public(await fake.click("alice", lobby, next(b["custom_id"] for b in lobby.buttons if b["custom_id"].endswith(":start"))))
    assert started.pinged_user_ids == []  # both asked for DMs: nobody is pinged on the board
    alice = fake.user("alice")
    # The turn line names the player who must act ("Shy: draw a card…"); standings follow it.
    whose_turn = next(line for line in started.text.lower().splitlines() if line.startswith(("alice:", "shy:")))
    first_is_alice = whose_turn.startswith("alice")
    assert first_is_alice or whose_turn.startswith("shy"), whose_turn
    if first_is_alice:
        await fake.wait_until(lambda: fake.dms("alice"), what="a DM to alice")
        assert "Your move" in fake.dms("alice")[-1].text
    else:
        fallback = await fake.wait_message(thread, lambda m: "DMs are closed" in m.text)
        assert fallback.pinged_user_ids == [shy.id]

    mine = private(await fake.slash("alice" if first_is_alice else shy, channel, "game mine"))
    assert "HISSS" in mine.text and str(thread.id) in mine.text

    away = private(await fake.slash("alice", thread, "settings away", options={"days": 2.0}))
    assert "paused until" in away.text
    status = public(await fake.slash("bob", thread, "game status"))
    assert "is away until" in status.text and alice.id not in status.pinged_user_ids

    # A lobby in another channel that never starts expires with a notice.
    other = fake.add_channel("lobbies")
    await fake.slash("bob", other, "game new", options={"game": "hisss"})
    mark = fake.mark()
    clock.set(T0 + 8 * 24 * HOUR)
    expired = await fake.wait_message(other, lambda m: "expired" in m.text, since=mark)
    assert "lobby expired" in expired.text
    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()
