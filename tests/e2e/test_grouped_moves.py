"""Grouped moves, end to end: the real bot against the fake Discord, played only by taps.

Treasure of Silver Lake files its permit moves in groups ("Mortgage", "Redeem", …): the board
shows each as one select (or, when they do not fit, one select of group names that opens a
private step). A permit is mortgaged through its group after the bot restarted mid-game, and
a board that went out of date meanwhile is refused privately.

The toy game ``toy-tiles`` (``tests/toygame.py``) files its tiles two levels deep: the board's
select names the hexes, a hex opens a private step with one select per tile listing its
rotations; the step outlives a restart, and an older step, out of date, is refused privately.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from tests.e2e.test_bot_hisss import EPHEMERAL, board_of, bot_env, move_controls, open_two_player_table
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import Message

pytestmark = pytest.mark.e2e

WITH_TOY_TILES = (
    "import sys; from bot.engine import register; from tests.toygame import ToyTiles; register(ToyTiles()); "
    "from bot.__main__ import main; sys.exit(main(['run']))"
)
"""The bot, with the toy game registered (``-c``: the repository root is on the path)."""
PREFER = ("buy", "roll", "exploit", "pass", "decline", "shortcut:skip")
"""The Silver Lake moves the test taps to move the game on, best first."""


async def _last_action(tmp_path: Path, table_id: int) -> str:
    store = await Store.open(tmp_path / "gm.sqlite3", exclusive=False)
    try:
        return (await store.actions(table_id))[-1].action_key
    finally:
        await store.close()


def _key(component: dict[str, Any]) -> str:
    """The action key of a move button (``gm:<table>:<revision>:<key>``)."""
    return component["custom_id"].split(":", 3)[3]


def _mortgage_pick(board: Message) -> tuple[str, str] | None:
    """(select custom_id, value) that mortgages or opens the Mortgage group, if the board offers it."""
    for component in move_controls(board):
        if component.get("type") != 3:
            continue
        for option in component["options"]:
            if option["value"].startswith("mortgage:") or option["value"] == "group:Mortgage":
                return component["custom_id"], option["value"]
    return None


async def _played_on_step(fake: FakeDiscord, played: Any, step: Message) -> Message:
    """The public board a move picked on a private step posts: the click is answered first (the
    step is cleared), the board follows; wait for both, however long the board takes to draw."""
    await fake.wait_until(
        lambda: not fake.get_message(step.id).interactive_components()
        and any(not m.flags & EPHEMERAL for m in played.messages),
        what="the step cleared and the new board posted",
    )
    return board_of(played)


async def _next(fake: FakeDiscord, users: dict[int, str], board: Message) -> Message:
    """Move the game on by one tap on the board: a preferred move button, else the first control."""
    [mover_id] = board.mentioned_user_ids
    controls = move_controls(board)
    buttons = [c for c in controls if c.get("type") == 2 and c["custom_id"].startswith("gm:")]
    for wanted in PREFER:
        for button in buttons:
            if _key(button) == wanted:
                return board_of(await fake.click(users[mover_id], board, button["custom_id"]))
    if buttons:
        return board_of(await fake.click(users[mover_id], board, buttons[0]["custom_id"]))
    select = next(c for c in controls if c.get("type") == 3)
    value = next(o["value"] for o in select["options"] if not o["value"].startswith("group"))
    return board_of(await fake.select(users[mover_id], board, select["custom_id"], [value]))


async def test_silver_lake_mortgage_through_its_group_after_a_restart(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    proc, channel, users, board = await open_two_player_table(fake, bot_processes, tmp_path, "silver-lake")
    table_id = int(board.interactive_components()[0]["custom_id"].split(":")[1])
    for _ in range(200):
        if _mortgage_pick(board) is not None and any(_key(c) == "roll" for c in move_controls(board)
                                                     if c["custom_id"].startswith("gm:")):
            break
        board = await _next(fake, users, board)
    else:
        raise AssertionError("no permit to mortgage was ever offered")
    [mover_id] = board.mentioned_user_ids
    mover = users[mover_id]

    # The bot restarts mid-game; then /board posts the same board again (the restarted process
    # does not know the old one, which keeps its controls).
    await proc.restart()
    await fake.wait_ready(min_sessions=2)
    old = board
    board = board_of(await fake.slash(mover, channel, "board"))
    select_id, value = _mortgage_pick(board)  # type: ignore[misc]
    picked = await fake.select(mover, board, select_id, [value])
    if value == "group:Mortgage":
        # Too many groups for the board: the group opens as a private step.
        step = picked.message
        assert step.flags & EPHEMERAL and "Mortgage" in step.text
        assert not [m for m in picked.messages if not m.flags & EPHEMERAL]  # opening a group posts nothing
        select_id, value = next((c["custom_id"], o["value"]) for c in step.interactive_components()
                                if c.get("type") == 3 for o in c["options"] if o["value"].startswith("mortgage:"))
        after = await _played_on_step(fake, await fake.select(mover, step, select_id, [value]), step)
    else:
        after = board_of(picked)
    assert "ortgage" in after.text
    assert await _last_action(tmp_path, table_id) == value

    # The board from before the restart is out of date now: refused privately, nothing played.
    roll = next(c["custom_id"] for c in move_controls(old) if c["custom_id"].endswith(":roll"))
    refused = await fake.click(mover, old, roll)
    assert refused.ephemeral and "out of date" in refused.text
    assert not [m for m in refused.messages if not m.flags & EPHEMERAL]
    assert await _last_action(tmp_path, table_id) == value
    assert fake.errors == [], fake.errors
    proc.assert_clean()


async def test_toy_tiles_narrow_hex_then_tile_across_a_restart(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    # No worker processes: they would not know the toy (only heavy games' moves go to them).
    proc = bot_processes([sys.executable, "-c", WITH_TOY_TILES]).start(bot_env(fake, tmp_path, GAMEMASTER_WORKERS="0"))
    await fake.wait_ready()
    await fake.wait_commands(["game", "play", "hand", "board"])
    channel = fake.channel("games")
    users = {fake.user("alice").id: "alice", fake.user("bob").id: "bob"}
    await fake.slash("alice", channel, "game new", options={"game": "toy-tiles"})
    await fake.slash("bob", channel, "game join")
    board = board_of(await fake.slash("alice", channel, "game start"))
    [mover_id] = board.mentioned_user_ids
    mover = users[mover_id]
    [hexes] = [c for c in move_controls(board) if c.get("type") == 3]
    assert [o["value"] for o in hexes["options"]] == ["group:Tiles/A1", "group:Tiles/B2", "group:Tiles/C3"]
    table_id = int(hexes["custom_id"].split(":")[1])

    # A hex opens a private step: one select per tile, listing its rotations.
    first = (await fake.select(mover, board, hexes["custom_id"], ["group:Tiles/A1"])).message
    opened = await fake.select(mover, board, hexes["custom_id"], ["group:Tiles/B2"])
    step = opened.message
    assert step.flags & EPHEMERAL and "Tiles › B2" in step.text and len(opened.messages) == 1
    tiles = [c for c in step.interactive_components() if c.get("type") == 3]
    assert [t["placeholder"] for t in tiles] == ["7", "8"]
    assert [o["value"] for o in tiles[1]["options"]] == ["lay:B2:8:0", "lay:B2:8:1", "lay:B2:8:2"]

    await proc.restart()  # the step outlives the process that showed it
    await fake.wait_ready(min_sessions=2)
    after = await _played_on_step(fake, await fake.select(mover, step, tiles[1]["custom_id"], ["lay:B2:8:2"]), step)
    assert "lays tile 8 on B2" in after.text
    assert await _last_action(tmp_path, table_id) == "lay:B2:8:2"
    # The step opened first (A1) is out of date now: refused privately, nothing played.
    [stale_select, _] = [c for c in fake.get_message(first.id).interactive_components() if c.get("type") == 3]
    refused = await fake.select(mover, first, stale_select["custom_id"], ["lay:A1:7:0"])
    assert refused.ephemeral and "out of date" in refused.text
    assert await _last_action(tmp_path, table_id) == "lay:B2:8:2"
    assert fake.errors == [], fake.errors
    proc.assert_clean()
