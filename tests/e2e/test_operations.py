"""What an operator sees of the real bot process (``python -m bot run``).

- ``METRICS_PORT``: ``/healthz`` and ``/metrics`` over 127.0.0.1 while a game is played through
  the fake Discord — the counters move, the acknowledgement latency is observed;
- ``LOG_FORMAT=json``: every line is a JSON object, lines about an interaction carry its id,
  guild and shard, lines about a table its id; no interaction token in any line, even at DEBUG;
- the faults that stop it at start give one line and an exit status, never a traceback:
  a wrong token, an unreachable Discord, a data folder the bot may not write.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import stat
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.app import EXIT_CONFIG, EXIT_RETRY, WRONG_TOKEN
from tests.e2e.test_bot_hisss import board_of, play_one_move
from tests.fakediscord import BotProcess, FakeDiscord

pytestmark = pytest.mark.e2e

BOT = [sys.executable, "-m", "bot", "run"]


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a /metrics page by (name, sorted labels)."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


async def _get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


async def _exited(proc: BotProcess, timeout: float = 30.0) -> int:
    """The exit status of a process that stops by itself (bounded wait)."""
    deadline = time.monotonic() + timeout
    while proc.running:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the bot did not exit:\n{proc.tail()}")
        await asyncio.sleep(0.05)
    assert proc.returncode is not None
    return proc.returncode


BOT_TOKEN = "MTE5MTE2ODkxNDIyNzIwMDAwMA.Gx7Qz_.distinctive-bot-token-0123456789"
"""A token that cannot appear in a log by accident (the default fake token is the word "fake")."""


async def test_metrics_health_and_json_logs_of_a_played_game(tmp_path: Path) -> None:
    fake = await FakeDiscord(token=BOT_TOKEN).start()
    proc = BotProcess(BOT, log_path=tmp_path / "bot.log")
    try:
        await _play_and_scrape(fake, proc, tmp_path)
    finally:
        await proc.stop()
        await fake.stop()


async def _play_and_scrape(fake: FakeDiscord, proc: BotProcess, tmp_path: Path) -> None:
    env = fake.env(GAMEMASTER_DB=str(tmp_path / "gm.sqlite3"), GAMEMASTER_SEED="4242", LOG_LEVEL="DEBUG",
                   LOG_FORMAT="json", METRICS_PORT="0")
    proc.start(env)
    await proc.wait_for_output("metrics and health on http://127.0.0.1:")
    await fake.wait_ready()
    await fake.wait_commands(["game", "play"])
    await proc.wait_for_output('"message": "ready as ')
    lines = [json.loads(line) for line in proc.output.splitlines() if line.startswith("{")]
    [where] = [line["message"] for line in lines if line["message"].startswith("metrics and health on")]
    base = where.split(" ")[4].removesuffix("/metrics")

    status, body = await _get(f"{base}/healthz")
    assert status == 200 and json.loads(body) == {"status": "healthy", "checks": {"store": "ok", "gateway": "ok"}}
    before = _samples((await _get(f"{base}/metrics"))[1])

    channel = fake.channel("games")
    users = {fake.user(name).id: name for name in ("alice", "bob")}
    results = [
        await fake.slash("alice", channel, "game new", options={"game": "hisss"}),
        await fake.slash("bob", channel, "game join"),
        await fake.slash("alice", channel, "game start"),
    ]
    board = board_of(results[-1])
    moved, _ = await play_one_move(fake, board, users, 1)
    results.append(moved)
    results.append(await fake.slash("carol", channel, "play", options={"move": "draw:1"}))  # not seated: refused
    await fake.settle()

    status, page = await _get(f"{base}/metrics")
    after = _samples(page)
    assert status == 200
    assert after[("gamemaster_moves_total", (("game", "hisss"),))] >= 1
    assert before.get(("gamemaster_moves_total", (("game", "hisss"),)), 0) == 0
    assert after[("gamemaster_move_seconds_count", (("game", "hisss"),))] >= 1
    assert after[("gamemaster_interactions_total", (("outcome", "refused"),))] >= 1
    assert after[("gamemaster_interactions_total", (("outcome", "ok"),))] >= 2
    acks = after[("gamemaster_interaction_ack_seconds_count", ())] - before.get(
        ("gamemaster_interaction_ack_seconds_count", ()), 0)
    assert acks >= len(results)  # every interaction's first answer was timed
    assert after[("gamemaster_tables_loaded", ())] >= 1
    assert after[("gamemaster_shard_up", (("shard", "0"),))] == 1
    assert ("gamemaster_gateway_latency_seconds", (("shard", "0"),)) in after
    assert after[("gamemaster_discord_request_seconds_count", (("kind", "interaction_callback"),))] >= len(results)

    lines = [json.loads(line) for line in proc.output.splitlines() if line.startswith("{")]
    assert len(lines) == len([line for line in proc.output.splitlines() if line.strip() and not line.startswith("====")])
    interaction_ids = {r.id for r in results}
    about = [line for line in lines if line.get("interaction") in interaction_ids]
    assert about, "no line names an interaction"
    assert all(line["guild"] == fake.guild.id and line["shard"] == 0 for line in about)
    assert any("table" in line for line in about)
    output = proc.output
    assert BOT_TOKEN not in output and BOT_TOKEN.split(".")[-1] not in output
    for result in results:
        assert result.token not in output
    assert fake.errors == []
    proc.assert_clean()


async def test_a_wrong_token_stops_the_bot_with_one_sentence(fake_discord: FakeDiscord, bot_processes: Any,
                                                            tmp_path: Path) -> None:
    token = "Wrong.Token-" + "x" * 40
    proc = bot_processes(BOT).start(fake_discord.env(GAMEMASTER_DB=str(tmp_path / "gm.sqlite3"), DISCORD_TOKEN=token))
    assert await _exited(proc) == EXIT_CONFIG
    assert WRONG_TOKEN in proc.output and token not in proc.output
    proc.assert_clean()


async def test_an_unreachable_discord_stops_the_bot_with_one_sentence(fake_discord: FakeDiscord, bot_processes: Any,
                                                                     tmp_path: Path) -> None:
    with socket.socket() as sock:  # a port on 127.0.0.1 that nobody listens on
        sock.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{sock.getsockname()[1]}"
    env = fake_discord.env(GAMEMASTER_DB=str(tmp_path / "gm.sqlite3"), GAMEMASTER_DISCORD_API=closed)
    proc = bot_processes(BOT).start(env)
    assert await _exited(proc) == EXIT_RETRY
    assert f"Cannot reach Discord at {closed} (" in proc.output and "start the bot again once Discord is reachable" in proc.output
    proc.assert_clean()


async def test_a_data_folder_the_bot_may_not_write_stops_it_with_one_sentence(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    argv = BOT
    if os.geteuid() == 0:  # root ignores file modes: run the bot without the capabilities that let it
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: cannot make a folder unwritable for the bot")
        argv = [setpriv, "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search,-fowner", *BOT]
    proc = bot_processes(argv).start(fake_discord.env(GAMEMASTER_DB=str(data / "gm.sqlite3")))
    try:
        assert await _exited(proc) == EXIT_CONFIG
    finally:
        data.chmod(stat.S_IRWXU)
    assert f"game store {data / 'gm.sqlite3'} unavailable: this user may not write there" in proc.output
    assert "give the bot's user write access to that folder" in proc.output
    proc.assert_clean()
