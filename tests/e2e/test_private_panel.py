"""Moves from a "Your moves (private)" panel, end to end against the fake Discord.

Collide-o hides hands, so its boards carry a "Your moves (private)" button that opens each
player's own buttons in an ephemeral message. A click there plays the move; the used panel
loses its buttons. Discord refuses channel-route edits of ephemeral messages (404 Unknown
Message) and so does the fake (recorded as an error): the bot must edit the panel through
the interaction. Several turns are played this way and the fake must record no error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_bot_hisss import EPHEMERAL, board_of, open_two_player_table
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_moves_from_private_panels_edit_the_panel_through_the_interaction(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    proc, _channel, users, board = await open_two_player_table(fake, bot_processes, tmp_path, "collide-o", "mode=turns")

    panel_moves = 0
    for _ in range(6):
        if "Game over" in board.text or not board.mentioned_user_ids:
            break
        [mover_id] = board.mentioned_user_ids
        mover = users[mover_id]
        opener = next(c for c in board.interactive_components() if c["custom_id"].startswith("gm-mine:"))
        opened = await fake.click(mover, board, opener["custom_id"])
        [panel] = opened.messages
        assert panel.flags & EPHEMERAL
        component = panel.interactive_components()[0]
        if component.get("type") == 2:
            played = await fake.click(mover, panel, component["custom_id"])
        else:
            played = await fake.select(mover, panel, component["custom_id"], [component["options"][0]["value"]])
        # The click is answered first (the panel is cleared, or the answer deferred), and the
        # public board follows: wait for both, however long the board takes to draw.
        await fake.wait_until(
            lambda: not fake.get_message(panel.id).interactive_components()  # noqa: B023
            and any(not m.flags & EPHEMERAL for m in played.messages),  # noqa: B023
            what="the panel cleared and the new board posted",
        )
        assert fake.errors == [], fake.errors
        board = board_of(played)
        assert not board.flags & EPHEMERAL and board.attachments
        panel_moves += 1
    assert panel_moves >= 2
    proc.assert_clean()
