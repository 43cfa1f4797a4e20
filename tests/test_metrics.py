"""``/metrics`` and ``/healthz`` over 127.0.0.1: a move played through the session layer moves
the counters; the health check is unhealthy when the store or the gateway is."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot import logs, metrics
from bot.app import GameMasterBot
from bot.config import Settings
from bot.store import Store
from bot.tables import Tables
from tests.conftest import ANA, BO, FakeClock


def _value(page: str, name: str, **labels: str) -> float:
    for family in text_string_to_metric_families(page):
        for sample in family.samples:
            if sample.name == name and sample.labels == labels:
                return sample.value
    return 0.0


async def _get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


async def test_a_move_moves_the_counters_and_health_follows_store_and_gateway(
    tmp_path: Path, clock: FakeClock
) -> None:
    store = await Store.open(tmp_path / "gm.sqlite3")
    tables = Tables(store, clock=clock, seeds=lambda: 3, render=False)
    gateway = {"connected": True}

    async def health() -> metrics.Health:
        return metrics.Health({"store": await store.ping(),
                               "gateway": None if gateway["connected"] else "not connected to Discord"})

    metrics.watch(tables_loaded=lambda: tables.loaded_count)
    server = await metrics.start_server(health, "127.0.0.1", 0)
    base = f"http://127.0.0.1:{server.port}"
    try:
        assert server.port > 0
        _, page = await _get(f"{base}/metrics")
        moves_before = _value(page, "gamemaster_moves_total", game="chomp")
        timed_before = _value(page, "gamemaster_move_seconds_count", game="chomp")

        await tables.create(guild_id=1, channel_id=5, host=ANA, slug="chomp")
        await tables.join(channel_id=5, user=BO)
        await tables.start(channel_id=5, user=ANA)
        live = await tables.load(await tables.table_id_in(5))
        assert live.state is not None
        prompt = live.game.prompts(live.state)[0]
        mover = ANA if live.user_at(prompt.seat).user_id == ANA.id else BO
        await tables.act(user=mover, move=prompt.actions[0].key, channel_id=5)

        status, page = await _get(f"{base}/metrics")
        assert status == 200
        assert _value(page, "gamemaster_moves_total", game="chomp") == moves_before + 1
        assert _value(page, "gamemaster_move_seconds_count", game="chomp") == timed_before + 1
        assert _value(page, "gamemaster_tables_loaded") == 1
        assert _value(page, "process_cpu_seconds_total") > 0

        status, body = await _get(f"{base}/healthz")
        assert (status, json.loads(body)["status"]) == (200, "healthy")
        gateway["connected"] = False
        status, body = await _get(f"{base}/healthz")
        assert status == 503 and json.loads(body) == {
            "status": "unhealthy", "checks": {"store": "ok", "gateway": "not connected to Discord"}}
        gateway["connected"] = True
        await store.close()  # the store is gone: the read fails
        status, body = await _get(f"{base}/healthz")
        assert status == 503 and json.loads(body)["checks"]["store"].startswith(f"game store {tmp_path}")
    finally:
        metrics.watch()
        await server.stop()


async def test_the_bot_is_unhealthy_until_its_gateway_is_ready(tmp_path: Path) -> None:
    settings = Settings("token", None, str(tmp_path / "gm.sqlite3"), "INFO", None, tmp_path, None)
    bot = GameMasterBot(settings)
    assert (await bot.health()).checks == {"store": "the store is not open yet",
                                           "gateway": "not connected to Discord yet (or reconnecting)"}
    bot.store = await Store.open(settings.db_path)
    try:
        health = await bot.health()
        assert health.checks["store"] is None and not health.healthy
        assert [s.connected for s in bot.shard_states()] == [False]
    finally:
        await bot.store.close()


def test_logged_errors_are_counted_by_logger() -> None:
    logger = logging.getLogger("gamemaster.test-errors")
    metrics.count_logged_errors(logger)
    before = _value(metrics.render().decode(), "gamemaster_errors_total", logger="gamemaster.test-errors")
    logger.warning("not an error")
    logger.error("an error")
    after = _value(metrics.render().decode(), "gamemaster_errors_total", logger="gamemaster.test-errors")
    assert after == before + 1


def test_interaction_acknowledgement_is_timed_from_arrival_to_the_accepted_callback() -> None:
    before = _value(metrics.render().decode(), "gamemaster_interaction_ack_seconds_count")
    metrics.interaction_arrived(77, at=100.0)
    metrics.discord_request_done("/api/v10/interactions/77/secret-token/callback", 0.1, 400)  # refused: not yet
    assert metrics.ARRIVALS.acknowledged(78) is None  # never arrived: nothing to time
    metrics.discord_request_done("/api/v10/interactions/77/secret-token/callback", 0.1, 204)
    assert _value(metrics.render().decode(), "gamemaster_interaction_ack_seconds_count") == before + 1
    assert metrics.request_kind("/api/v10/webhooks/1/tok/messages/@original") == "followup"
    assert "secret-token" not in metrics.render().decode()


def test_json_lines_carry_the_context_and_no_tokens() -> None:
    record = logging.LogRecord("discord.http", logging.DEBUG, __file__, 1,
                               "POST /api/v10/interactions/5/abc.DEF-123/callback", None, None)
    with logs.context(interaction=5, guild=9, shard=0):
        logs.bind(table=12)
        line = json.loads(logs.JsonFormatter().format(record))
    assert line["message"] == "POST /api/v10/interactions/5/<token>/callback"
    assert (line["interaction"], line["guild"], line["shard"], line["table"]) == (5, 9, 0, 12)
    assert "table" not in json.loads(logs.JsonFormatter().format(record))  # outside the block: unknown
    with pytest.raises(ValueError):
        logs.bind(user=1)
