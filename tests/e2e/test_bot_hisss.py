"""The real bot process (``python -m bot``) plays a whole HISSS game against the fake Discord.

Two fake users open, join and start a table with ``/game`` commands, then play every move
with ``/play`` (after asking autocomplete), select menus and buttons. After every move the
test checks what a player would see: a PNG that decodes, exactly the next player named,
components only while the game runs. Midway the bot process is stopped and started again:
the table, its state and its buttons survive. An outdated board is clicked and refused.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import Message

pytestmark = pytest.mark.e2e

EPHEMERAL = 64
COMPONENTS_V2 = 1 << 15


def bot_env(fake: FakeDiscord, tmp_path: Path, **extra: str) -> dict[str, str]:
    return fake.env(
        GAMEMASTER_DB=str(tmp_path / "gm.sqlite3"),
        GAMEMASTER_SEED="4242",
        LOG_LEVEL="INFO",
        **extra,
    )


def board_of(result: Any) -> Message:
    """The public message a command or click produced (its first non-ephemeral message)."""
    public = [m for m in result.messages if not m.flags & EPHEMERAL]
    assert public, f"no public message in {result.messages}"
    return public[0]


async def open_two_player_table(
    fake: FakeDiscord, bot_processes: Any, tmp_path: Path, game: str, options: str | None = None
) -> tuple[Any, Any, dict[int, str], Message]:
    """Start the real bot, then alice opens a ``game`` table, bob joins and alice starts it.

    Returns the bot process, the channel, the players by user id, and the first board.
    """
    proc = bot_processes([sys.executable, "-m", "bot", "run"]).start(bot_env(fake, tmp_path))
    await fake.wait_ready()
    await fake.wait_commands(["game", "play", "hand", "board"])
    channel = fake.channel("games")
    users = {fake.user("alice").id: "alice", fake.user("bob").id: "bob"}
    await fake.slash("alice", channel, "game new", options={"game": game, **({"options": options} if options else {})})
    await fake.slash("bob", channel, "game join")
    board = board_of(await fake.slash("alice", channel, "game start"))
    return proc, channel, users, board


def move_controls(message: Message) -> list[dict[str, Any]]:
    """A board's move buttons and selects: its controls but the Full board button."""
    return [c for c in message.interactive_components() if not c["custom_id"].startswith("gm-full:")]


def check_board(message: Message, *, over: bool = False) -> None:
    """A table message: components v2, its gallery showing the attached card (a PNG that
    decodes), exactly the next player named by its text (pinged only when the decision is new
    to them), moves only while the game runs, and
    a Full board button."""
    assert message.flags & COMPONENTS_V2 and not message.content
    [card] = message.gallery_attachments()
    assert card.filename == "card.png" and card in message.attachments
    image = card.image()
    assert image.format == "PNG" and image.width >= 400
    assert [c["custom_id"] for c in message.interactive_components()][-1].startswith("gm-full:")
    if over:
        assert "Game over" in message.text and not move_controls(message)
        assert message.pinged_user_ids == []
    else:
        # One player is named; they are pinged only when the decision is new to them (a step
        # of the decision they are on names them without pinging them again).
        assert len(message.mentioned_user_ids) == 1, message.allowed_mentions
        assert set(message.pinged_user_ids) <= set(message.mentioned_user_ids)
        assert move_controls(message)


async def play_one_move(fake: FakeDiscord, board: Message, users: dict[int, str], step: int) -> tuple[Any, str]:
    """Make the next move the way a player might, varying the way between moves.

    Up to five moves come as buttons; more as menus, used on even steps. On odd steps the
    player types the start of a move the menus offer ("draw" for the fan, "place" when a
    drawn card fits in more than five places) and plays an autocomplete suggestion. Which
    of these comes up depends on the table's seed, which is new with every installation.
    """
    [mover_id] = board.mentioned_user_ids
    mover = users[mover_id]
    buttons = [c for c in move_controls(board) if c.get("type") == 2]
    selects = [c for c in move_controls(board) if c.get("type") == 3]
    if buttons:
        return await fake.click(mover, board, buttons[-1]["custom_id"]), "button"
    assert selects, f"a board of a running game without its moves: {board.text!r}"
    if step % 2 == 0:
        menu = selects[step % len(selects)]
        value = menu["options"][0]["value"]
        picked = await fake.select(mover, board, menu["custom_id"], [value])
        if not value.startswith("group:"):
            return picked, "select"
        # A group (a run of the fan, "Cards 1–10"): its moves come as a private step; pick there.
        step_message = picked.message
        control = next(c for c in step_message.interactive_components() if c.get("type") in (2, 3))
        if control["type"] == 2:
            played = await fake.click(mover, step_message, control["custom_id"])
        else:
            played = await fake.select(mover, step_message, control["custom_id"], [control["options"][0]["value"]])
        await fake.wait_until(lambda: any(not m.flags & EPHEMERAL for m in played.messages),
                              what="the board after a move picked on a private step")
        return played, "step"
    values = [option["value"] for menu in selects for option in menu["options"]]
    moves = [value for value in values if not value.startswith("group:")]
    # The verb a player would type: a move's, or the name of the group holding the moves ("Draw").
    verb = moves[0].split(":")[0] if moves else values[0].removeprefix("group:").split("/")[0].lower()
    choices = await fake.autocomplete(mover, board.channel_id, "play", options={"move": verb}, focused="move")
    assert choices and all(choice["value"].startswith(f"{verb}:") for choice in choices), (verb, choices)
    return await fake.slash(mover, board.channel_id, "play", options={"move": choices[-1]["value"]}), "slash"


async def click_an_outdated_board(fake: FakeDiscord, boards: list[Message], users: dict[int, str]) -> None:
    """An old board whose controls survived: its component still reaches the bot, which refuses it as outdated.

    Every new board takes the controls off the one before it, so the earlier boards show none;
    the last board posted before the restart keeps them (the new process never knew it).
    """
    assert not any(b.interactive_components() for b in boards[1:15])
    # They keep their words and their card (the gallery still shows the attachment).
    assert all(b.text and [a.filename for a in b.gallery_attachments()] == ["card.png"] for b in boards[1:15])
    old = next(b for b in boards[:-1] if move_controls(b) and b.mentioned_user_ids)
    component = move_controls(old)[0]
    clicker = users[old.mentioned_user_ids[0]]
    if component.get("type") == 2:
        stale = await fake.click(clicker, old, component["custom_id"])
    else:
        stale = await fake.select(clicker, old, component["custom_id"], [component["options"][0]["value"]])
    [refusal] = stale.messages
    assert refusal.flags & EPHEMERAL and refusal.pinged_user_ids == []
    assert "out of date" in refusal.text and refusal.attachments  # with the current board


async def test_a_whole_hisss_game_with_a_restart(fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path) -> None:
    fake = fake_discord
    proc = bot_processes([sys.executable, "-m", "bot", "run"]).start(bot_env(fake, tmp_path))
    await fake.wait_ready()
    await fake.wait_commands(["game", "play", "hand", "board"])
    channel = fake.channel("games")
    alice, bob = fake.user("alice"), fake.user("bob")
    users = {alice.id: "alice", bob.id: "bob"}

    created = await fake.slash("alice", channel, "game new", options={"game": "hisss"})
    assert "opened a table for HISSS" in board_of(created).text
    joined = await fake.slash("bob", channel, "game join")
    assert "joined" in board_of(joined).text
    not_host = await fake.slash("bob", channel, "game start")
    assert not_host.messages[0].flags & EPHEMERAL and "Only the host" in not_host.messages[0].text
    started = await fake.slash("alice", channel, "game start")
    board = board_of(started)
    check_board(board)
    boards = [board]

    stranger = await fake.slash("carol", channel, "play", options={"move": "draw:1"})
    assert stranger.messages[0].flags & EPHEMERAL and "not seated" in stranger.messages[0].text

    ways: set[str] = set()
    restarted = False
    for step in range(200):
        if "Game over" in board.text:
            break
        if step == 20 and not restarted:
            restarted = True
            await proc.restart()
            await fake.wait_ready(min_sessions=2)
            status = await fake.slash("alice", channel, "game status")
            assert "HISSS" in board_of(status).text and board_of(status).attachments
            # Pictures of the same position from before and after the restart are the same state.
            assert board_of(status).attachments[0].image().size == board.attachments[0].image().size
        if step == 22:
            await click_an_outdated_board(fake, boards, users)
        result, way = await play_one_move(fake, board, users, step)
        ways.add(way)
        board = board_of(result)
        over = "Game over" in board.text
        check_board(board, over=over)
        boards.append(board)
        if step == 3:
            hand = await fake.slash("bob", channel, "hand")
            assert hand.messages and all(m.flags & EPHEMERAL for m in hand.messages)
    assert "Game over" in board.text, "the game did not finish"
    assert restarted and ways >= {"button", "select", "slash"}

    final = await fake.slash("bob", channel, "game status")
    assert "Game over" in board_of(final).text

    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()
