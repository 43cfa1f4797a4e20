"""Amounts by form, end to end: the real bot against the fake Discord, across a restart.

A Bullfrog Goldfield charter price (one action per price, in thousands) is offered on the
board as its minimum, its maximum and "Enter amount…". The button opens a modal whose field
label states the legal range; the bot restarts while the form is open; a refused amount is
answered privately with the range and changes nothing; a legal amount, typed as "15k"-style
text, is played. Partial typing (``/play pay``) is offered back, privately, and not played.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_bot_hisss import EPHEMERAL, board_of, open_two_player_table
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import Message

pytestmark = pytest.mark.e2e


def pick(board: Message) -> tuple[str, str, str | None]:
    """The next component to use on the way to a charter: (kind, custom_id, value)."""
    for component in board.interactive_components():
        if component.get("type") == 3:
            for option in component["options"]:
                if option["value"].startswith("charter:"):
                    return "select", component["custom_id"], option["value"]
        elif ":charter:" in component["custom_id"]:
            return "click", component["custom_id"], None
    first = board.interactive_components()[0]
    if first.get("type") == 3:
        return "select", first["custom_id"], first["options"][0]["value"]
    return "click", first["custom_id"], None


async def test_a_charter_price_by_form_across_a_restart(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    proc, channel, users, board = await open_two_player_table(fake, bot_processes, tmp_path, "bullfrog-goldfield")
    for _ in range(40):
        if any(c["custom_id"].startswith("gm-amount:") for c in board.interactive_components()):
            break
        [mover_id] = board.mentioned_user_ids
        kind, custom_id, value = pick(board)
        if kind == "click":
            result = await fake.click(users[mover_id], board, custom_id)
        else:
            result = await fake.select(users[mover_id], board, custom_id, [value])
        board = board_of(result)
    else:
        raise AssertionError("no amount form was offered")
    [mover_id] = board.mentioned_user_ids
    mover = users[mover_id]
    opener = next(c for c in board.interactive_components() if c["custom_id"].startswith("gm-amount:"))

    # Partial typing is offered back privately, never played.
    offered = await fake.slash(mover, channel, "play", options={"move": "pay"})
    [offer] = offered.messages
    assert offer.flags & EPHEMERAL and "Pick one" in offer.text

    opened = await fake.click(mover, board, opener["custom_id"])
    assert opened.modal is not None
    [row] = opened.modal["components"]
    field = row.get("component") or row["components"][0]
    low, _high = re.fullmatch(r"Price: \$([\d,]+) to \$([\d,]+)", field["label"]).groups()
    await proc.restart()  # the form outlives the process that opened it
    await fake.wait_ready(min_sessions=2)

    refused = await fake.submit_modal(mover, opened, {"amount": "1.5k"})
    [refusal] = refused.messages
    assert refusal.flags & EPHEMERAL and f"prices go from ${low}" in refusal.text and "nearest" in refusal.text
    played = await fake.submit_modal(mover, opened, {"amount": f"{int(low.replace(',', '')) // 1000}k"})
    after = board_of(played)
    assert not after.flags & EPHEMERAL and after.attachments
    assert f"${low}" in after.text
    # The board the form came from has lost its controls.
    await fake.settle()
    assert fake.get_message(board.id).interactive_components() == []
    assert fake.errors == [], fake.errors
    proc.assert_clean()
