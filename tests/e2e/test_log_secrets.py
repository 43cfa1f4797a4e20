"""At DEBUG, discord.py logs REST URLs and gateway payloads; interaction tokens must not reach
the bot's log output (a token lets anyone answer or edit the bot's messages for 15 minutes)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_interaction_tokens_are_redacted_at_debug(fake_discord: FakeDiscord, bot_processes: Any,
                                                        tmp_path: Path) -> None:
    fake = fake_discord
    env = fake.env(GAMEMASTER_DB=str(tmp_path / "gm.sqlite3"), LOG_LEVEL="DEBUG")
    proc = bot_processes([sys.executable, "-m", "bot", "run"]).start(env)
    await fake.wait_ready()
    await fake.wait_commands(["game", "play"])
    channel = fake.channel("games")
    results = [
        await fake.slash("alice", channel, "game new", options={"game": "hisss"}),
        await fake.slash("bob", channel, "game join"),
        await fake.slash("carol", channel, "game status"),
    ]
    # discord.py logs each answer's URL once the answer is back: wait for those lines, redacted.
    for result in results:
        await proc.wait_for_output(f"/interactions/{result.id}/<token>/callback")
    await fake.settle()
    output = proc.output
    assert "DEBUG" in output
    for result in results:
        assert result.token not in output
    assert fake.errors == []
    proc.assert_clean()
