"""Play-by-post and moderation, end to end: the real bot process against the fake Discord.

Time is controlled with GAMEMASTER_CLOCK_FILE: the test writes the "current time" to a file
the bot reads, and waits for the messages the bot's scheduler posts (no sleeping: every wait
is for an event, bounded by a timeout).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import Message

pytestmark = pytest.mark.e2e

EPHEMERAL = 64
T0 = 1_800_000_000.0
HOUR = 3600.0


class Clock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.set(T0)

    def set(self, now: float) -> None:
        self.path.write_text(repr(now))


def start_bot(fake: FakeDiscord, bot_processes: Any, tmp_path: Path, clock: Clock) -> Any:
    env = fake.env(
        GAMEMASTER_DB=str(tmp_path / "gm.sqlite3"),
        GAMEMASTER_SEED="777",
        GAMEMASTER_CLOCK_FILE=str(clock.path),
        GAMEMASTER_TICK="0.1",
    )
    return bot_processes([sys.executable, "-m", "bot", "run"]).start(env)


def public(result: Any) -> Message:
    messages = [m for m in result.messages if not m.flags & EPHEMERAL]
    assert messages, [m.text for m in result.messages]
    return messages[0]


def private(result: Any) -> Message:
    messages = [m for m in result.messages if m.flags & EPHEMERAL]
    assert messages, [m.text for m in result.messages]
    return messages[0]


async def ready(fake: FakeDiscord) -> None:
    await fake.wait_ready()
    await fake.wait_commands(["game", "play", "admin", "settings"])


async def open_hisss(fake: FakeDiscord, channel: Any, *players: str) -> Message:
    await fake.slash(players[0], channel, "game new", options={"game": "hisss"})
    for name in players[1:]:
        await fake.slash(name, channel, "game join")
    return public(await fake.slash(players[0], channel, "game start"))


def name_of(fake: FakeDiscord, user_id: int) -> str:
    return next(u.username for u in fake.world.all_users() if u.id == user_id)


def offered_keys(board: Message) -> list[str]:
    """The action keys a board's buttons and menus offer (``gm:<table>:<revision>:<key>``, menu values)."""
    keys = []
    for component in board.interactive_components():
        if component.get("type") == 2 and component["custom_id"].startswith("gm:"):
            keys.append(component["custom_id"].split(":", 3)[3])
        keys += [option["value"] for option in component.get("options", [])]
    return keys


async def move(fake: FakeDiscord, board: Message) -> Message:
    """The player pinged on ``board`` picks the first option of its first component."""
    [mover] = board.mentioned_user_ids
    component = board.interactive_components()[0]
    if component.get("type") == 2:
        result = await fake.click(name_of(fake, mover), board, component["custom_id"])
    else:
        result = await fake.select(name_of(fake, mover), board, component["custom_id"], [component["options"][0]["value"]])
    return public(result)


async def test_reminder_then_timeout_auto_move_fires_once_across_a_restart(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake, clock = fake_discord, Clock(tmp_path / "clock")
    proc = start_bot(fake, bot_processes, tmp_path, clock)
    await ready(fake)
    channel = fake.channel("games")
    board = await open_hisss(fake, channel, "alice", "bob")
    [waiting] = board.mentioned_user_ids
    refused = await fake.slash("bob", channel, "game deadline", options={"reminder_hours": 1.0, "timeout_hours": 3.0, "policy": "auto"})
    assert "Only the host" in private(refused).text
    set_ = await fake.slash("alice", channel, "game deadline", options={"reminder_hours": 1.0, "timeout_hours": 3.0, "policy": "auto"})
    assert "reminder after 1 h" in public(set_).text

    mark = fake.mark()
    clock.set(T0 + 1.5 * HOUR)
    reminder = await fake.wait_message(channel, lambda m: "Reminder" in m.text, since=mark)
    assert reminder.pinged_user_ids == [waiting] and not reminder.attachments

    await proc.stop()
    clock.set(T0 + 10 * HOUR)  # the timeout falls due while the bot is down
    mark = fake.mark()
    proc.start()
    await fake.wait_ready(min_sessions=2)
    timed_out = await fake.wait_message(channel, lambda m: "ran out of time" in m.text, since=mark)
    assert "the bot plays for them" in timed_out.text and timed_out.attachments
    assert len(timed_out.pinged_user_ids) == 1  # whoever must act next, and only them

    # Exactly once: another restart and more scheduler runs post nothing more.
    await proc.restart()
    await fake.wait_ready(min_sessions=3)
    status = await fake.slash("alice", channel, "game status")
    # One timeout's moves, not two: a draw and its placing (", then") or a single move.
    moves = 1 + timed_out.text.count(", then ")
    assert f"move {moves}," in public(status).text
    await fake.settle(quiet=0.5)
    after = [m for m in fake.messages_in(channel) if "ran out of time" in m.text or "Reminder" in m.text]
    assert [("Reminder" in m.text) for m in after] == [True, False]
    assert fake.errors == []
    proc.assert_clean()


async def test_undo_with_and_without_consent(fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path) -> None:
    fake, clock = fake_discord, Clock(tmp_path / "clock")
    proc = start_bot(fake, bot_processes, tmp_path, clock)
    await ready(fake)
    channel = fake.channel("games")
    board = await open_hisss(fake, channel, "alice", "bob")

    # A draw reveals a card: taking it back needs the other player's consent — asked at once,
    # while the drawn card may still wait for its place (the table's seed decides; it comes
    # from the installation's secret, so it is another game every run).
    [drawer] = board.mentioned_user_ids
    board = await move(fake, board)
    asked = public(await fake.slash(name_of(fake, drawer), channel, "game undo"))
    [other] = asked.pinged_user_ids
    assert other != drawer and "asks to take back" in asked.text
    not_needed = await fake.click(name_of(fake, drawer), asked, asked.buttons[0]["custom_id"])
    assert "not needed" in private(not_needed).text
    agreed = public(await fake.click(name_of(fake, other), asked, asked.buttons[0]["custom_id"]))
    assert "Everyone agreed" in agreed.text and agreed.pinged_user_ids == [drawer]
    board = agreed

    # A placement after a draw reveals nothing: its player takes it back alone.
    for _ in range(120):
        if any(key.startswith("place:") for key in offered_keys(board)):
            break
        board = await move(fake, board)
    else:
        pytest.fail("no placement choice came up")
    [placer] = board.mentioned_user_ids
    choice = offered_keys(board)  # (the bot takes the buttons off a board once it is played)
    placed = await move(fake, board)
    free = public(await fake.slash(name_of(fake, placer), channel, "game undo"))
    assert "took back a move" in free.text and free.pinged_user_ids == [placer]
    assert offered_keys(free) == choice  # the same choice is offered again
    assert placed.id != free.id
    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()


async def test_export_import_round_trip_and_tampering(fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path) -> None:
    fake, clock = fake_discord, Clock(tmp_path / "clock")
    proc = start_bot(fake, bot_processes, tmp_path, clock)
    await ready(fake)
    games, general = fake.channel("games"), fake.channel("general")
    board = await open_hisss(fake, games, "alice", "bob")
    for _ in range(6):
        board = await move(fake, board)
    refused = await fake.slash("alice", games, "game export")
    assert "moderator" in private(refused).text
    exported = private(await fake.slash("mod", games, "game export"))
    [record_file] = exported.attachments
    record = json.loads(record_file.data)
    assert record["game"] == "hisss" and len(record["actions"]) >= 6

    imported = public(await fake.slash("alice", general, "game import", options={"record": ("t.json", record_file.data)}))
    assert "imported a HISSS game" in imported.text and imported.attachments
    assert imported.pinged_user_ids == board.mentioned_user_ids  # the same player is to move, called again
    record["seed"] += 1  # tampered, checksum left as it was
    other = fake.add_channel("more-games")
    tampered = await fake.slash("alice", other, "game import",
                                options={"record": ("t.json", json.dumps(record).encode())})
    assert "checksum does not match" in private(tampered).text
    nothing = await fake.slash("alice", other, "game status")
    assert "No game has been played" in private(nothing).text

    # Edited and resealed (anyone can recompute a checksum): not this bot's signature any more,
    # so a moderator's action, and the game begins only when every seated player accepts.
    from bot.records import checksum

    record["seed"] -= 1  # the real seed again (the moves replay), but no longer signed:
    record["status"] = "imported elsewhere"  # any edit outside the rules' reach will do
    record["checksum"] = checksum(record)
    resealed = ("t.json", json.dumps(record).encode())
    member = await fake.slash("alice", other, "game import", options={"record": resealed})
    assert "Only a moderator" in private(member).text
    offer = public(await fake.slash("mod", other, "game import", options={"record": resealed}))
    assert sorted(offer.pinged_user_ids) == sorted([fake.user("alice").id, fake.user("bob").id])
    take = next(b["custom_id"] for b in offer.buttons if b["custom_id"].endswith(":import:yes"))
    stranger = await fake.click("carol", offer, take)
    assert "No seat in this import is yours" in private(stranger).text
    assert "waiting for" in public(await fake.click("alice", offer, take)).text
    begun = public(await fake.click("bob", offer, take))
    assert "Everyone took their seat" in begun.text and begun.attachments
    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()


async def test_substitute_takes_over_a_seat(fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path) -> None:
    fake, clock = fake_discord, Clock(tmp_path / "clock")
    proc = start_bot(fake, bot_processes, tmp_path, clock)
    await ready(fake)
    channel = fake.channel("games")
    await open_hisss(fake, channel, "alice", "bob")
    refused = await fake.slash("alice", channel, "admin substitute", options={"player": "bob", "new_player": "carol"})
    assert "Only moderators" in private(refused).text
    offer = public(await fake.slash("mod", channel, "admin substitute", options={"player": "bob", "new_player": "carol"}))
    assert offer.pinged_user_ids == [fake.user("carol").id]
    wrong = await fake.click("dave", offer, offer.buttons[0]["custom_id"])
    assert "someone else" in private(wrong).text
    taken = public(await fake.click("carol", offer, offer.buttons[0]["custom_id"]))
    assert "takes over" in taken.text
    # Carol now plays Bob's seat.
    for _ in range(6):
        if fake.user("carol").id in taken.pinged_user_ids:
            break
        taken = await move(fake, taken)
    assert fake.user("carol").id in taken.pinged_user_ids
    moved = await move(fake, taken)
    assert moved.attachments
    bob_tries = await fake.slash("bob", channel, "play", options={"move": "draw:1"})
    assert "not seated" in private(bob_tries).text
    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()


async def test_a_bot_seat_plays_a_hisss_game_to_the_end(fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path) -> None:
    fake, clock = fake_discord, Clock(tmp_path / "clock")
    proc = start_bot(fake, bot_processes, tmp_path, clock)
    await ready(fake)
    channel = fake.channel("games")
    lobby = public(await fake.slash("alice", channel, "game new", options={"game": "hisss"}))
    add_bot = next(b for b in lobby.buttons if b["custom_id"].endswith(":bot"))
    lobby = public(await fake.click("alice", lobby, add_bot["custom_id"]))
    assert "Bot 1" in lobby.text
    start = next(b for b in lobby.buttons if b["custom_id"].endswith(":start"))
    board = public(await fake.click("alice", lobby, start["custom_id"]))
    alice = fake.user("alice").id
    for _ in range(120):
        if "Game over" in board.text:
            break
        assert board.mentioned_user_ids == [alice]  # the bot never has to be waited for
        assert board.pinged_user_ids in ([alice], [])  # pinged for a new decision, not for its steps
        board = await move(fake, board)
    assert "Game over" in board.text and "Bot 1" in board.text
    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()
