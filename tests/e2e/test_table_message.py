"""The table message, end to end: the real bot process against the fake Discord.

After each move the bot posts a components-v2 message: text displays saying whose turn it is
(and pinging that player), the table card attached and shown in a media gallery, the move
controls and a "Full board" button. The test decodes what the fake stored and compares it with
what the render kit draws from the public view of the table as the bot saved it:

- the gallery's picture is exactly ``card_png(game, view)``;
- "Full board", clicked after the bot process restarted, answers privately with exactly
  ``board_png(game, view)``; ``/board full`` posts the same picture publicly;
- ``/hand`` answers with an ephemeral components-v2 panel whose gallery shows the private picture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.engine import get_game
from bot.render import board_png, card_png, private_png
from bot.store import Store
from bot.tables import Tables
from tests.e2e.test_bot_hisss import (
    COMPONENTS_V2,
    EPHEMERAL,
    board_of,
    check_board,
    move_controls,
    open_two_player_table,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import Message

pytestmark = pytest.mark.e2e


async def _public_view(tmp_path: Path, table_id: int) -> dict[str, Any]:
    """The public view of the table as the bot last saved it (read beside the running bot)."""
    store = await Store.open(tmp_path / "gm.sqlite3", exclusive=False)
    try:
        tables = Tables(store, render=False)
        return tables.public_view(await tables.load(table_id))
    finally:
        await store.close()


async def _private_view(tmp_path: Path, table_id: int, user_id: int) -> dict[str, Any]:
    store = await Store.open(tmp_path / "gm.sqlite3", exclusive=False)
    try:
        tables = Tables(store, render=False)
        live = await tables.load(table_id)
        seat = live.seat_of(user_id)
        assert live.state is not None and seat is not None
        view = live.game.view(live.state, seat)
        view["names"], view["me"] = live.names, seat
        return view
    finally:
        await store.close()


def _full_board_button(board: Message) -> str:
    [custom_id] = [c["custom_id"] for c in board.interactive_components() if c["custom_id"].startswith("gm-full:")]
    return custom_id


async def test_table_message_full_board_after_a_restart_and_private_panel(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    game = get_game("collide-o")
    fake = fake_discord
    proc, channel, users, board = await open_two_player_table(fake, bot_processes, tmp_path, "collide-o", "mode=turns")
    check_board(board)
    table_id = int(_full_board_button(board).split(":")[1])
    view = await _public_view(tmp_path, table_id)

    # The gallery shows the table card of the public view, and the text says whose turn it is.
    [card] = board.gallery_attachments()
    assert card.data == card_png(game, view)
    [mover_id] = board.mentioned_user_ids
    assert f"{users[mover_id]}: ".lower() in board.text.lower() and f"<@{mover_id}>" in board.text  # its turn line

    # A move from the private panel: the next table message replaces it, the old one keeps its
    # text and card and loses its controls.
    opener = next(c for c in move_controls(board) if c["custom_id"].startswith("gm-mine:"))
    panel = (await fake.click(users[mover_id], board, opener["custom_id"])).messages[0]
    assert panel.flags & EPHEMERAL and panel.flags & COMPONENTS_V2 and "Only you see" in panel.text
    component = move_controls(panel)[0]
    if component.get("type") == 2:
        played = await fake.click(users[mover_id], panel, component["custom_id"])
    else:
        played = await fake.select(users[mover_id], panel, component["custom_id"], [component["options"][0]["value"]])
    await fake.wait_until(lambda: any(not m.flags & EPHEMERAL for m in played.messages), what="the next board")
    old_text = board.text
    board = board_of(played)
    check_board(board)
    previous = [m for m in fake.messages_in(channel)
                if m.flags & COMPONENTS_V2 and not m.flags & EPHEMERAL and m.id != board.id]
    await fake.wait_until(lambda: all(not m.interactive_components() for m in previous),
                          what="earlier boards losing their controls")
    assert [m.text for m in previous if m.text == old_text] and all(m.gallery_attachments() for m in previous)

    # Full board after a restart of the bot process: the button is persistent.
    await proc.restart()
    await fake.wait_ready(min_sessions=2)
    view = await _public_view(tmp_path, table_id)
    clicked = await fake.click("bob", board, _full_board_button(board))
    [full] = clicked.messages
    assert full.flags & EPHEMERAL
    [picture] = [a for a in full.attachments if a.filename.endswith(".png")]
    assert picture.data == board_png(game, view)
    posted = board_of(await fake.slash("alice", channel, "board", options={"full": True}))
    assert [a.data for a in posted.attachments] == [picture.data] and not posted.pinged_user_ids

    # /hand: an ephemeral components-v2 panel whose gallery shows the private picture.
    hand = (await fake.slash("alice", channel, "hand")).messages
    [panel] = hand
    assert panel.flags & EPHEMERAL and panel.flags & COMPONENTS_V2 and "You are seat" in panel.text
    [private] = panel.gallery_attachments()
    alice_view = await _private_view(tmp_path, table_id, fake.user("alice").id)
    assert private.filename == "private.png" and private.data == private_png(game, alice_view)

    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()
