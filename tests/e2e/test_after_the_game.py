"""After a game, end to end: the result post with its GIF, the leaderboard and profile, and a
replay whose ◀ ▶ buttons still work after the bot restarts."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.e2e.test_bot_hisss import EPHEMERAL, board_of, bot_env, play_one_move
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_result_gif_stats_and_replay_after_a_restart(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    proc = bot_processes([sys.executable, "-m", "bot", "run"]).start(bot_env(fake, tmp_path))
    await fake.wait_ready()
    await fake.wait_commands(["game", "play", "stats"])
    channel = fake.channel("games")
    alice, bob = fake.user("alice"), fake.user("bob")
    users = {alice.id: "alice", bob.id: "bob"}

    await fake.slash("alice", channel, "game new", options={"game": "hisss"})
    await fake.slash("bob", channel, "game join")
    board = board_of(await fake.slash("alice", channel, "game start"))
    for step in range(300):
        if "Game over" in board.text:
            break
        result, _ = await play_one_move(fake, board, users, step)
        board = board_of(result)
    assert "Game over" in board.text and "moves in" in board.text and "Ratings:" in board.text

    # The whole game as an animated GIF follows the result.
    gif_post = await fake.wait_message(channel, lambda m: any(a.filename.endswith(".gif") for a in m.attachments),
                                       timeout=60)
    [attachment] = gif_post.attachments
    animation = Image.open(io.BytesIO(attachment.data))
    assert animation.format == "GIF" and animation.n_frames > 5
    table_id = int(re.search(r"table (\d+)", gif_post.text).group(1))  # type: ignore[union-attr]

    leaderboard = board_of(await fake.slash("bob", channel, "stats leaderboard", options={"game": "hisss"}))
    assert "Alice" in leaderboard.text and "Bob" in leaderboard.text and "2 rated players" in leaderboard.text
    assert leaderboard.attachments[0].image().format == "PNG"
    profile = board_of(await fake.slash("bob", channel, "stats player", options={"member": alice}))
    assert "HISSS: 1 games" in profile.text and "rating" in profile.text
    archive = await fake.slash("alice", channel, "game archive")
    assert f"`{table_id}`" in archive.messages[0].text

    replay = await fake.slash("alice", channel, "game replay", options={"table": table_id, "move": 3})
    [shown] = replay.messages
    assert shown.flags & EPHEMERAL and "move 3 of" in shown.text and shown.attachments

    await proc.restart()
    await fake.wait_ready(min_sessions=2)
    back = next(c for c in shown.interactive_components() if "back" in c.get("label", ""))
    await fake.click("alice", shown, back["custom_id"])
    # Answered at once (an update) or deferred and edited after: wait for the edit either way.
    await fake.wait_until(lambda: "move 2 of" in fake.get_message(shown.id).text, what="the replay at move 2")
    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()
