"""Fixtures for the web table: a real session layer on a real SQLite file, the web front end
on it, a fake clock, and the replies the page's moves hand to the channel (what Discord posts)."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.replies import Reply, User
from bot.store import Store
from bot.tables import Tables
from bot.web.limits import RateLimit
from bot.web.links import Signer
from bot.web.server import WebTable
from tests.conftest import FakeClock

KEY = b"a test key, not the installation's"
CHANNEL = 4242
GUILD = 77


def player(index: int) -> User:
    return User(501 + index, ["Ana", "Bo", "Cy", "Di"][index])


@dataclass
class Harness:
    """A session layer, its web front end and the channel's posts of the page's moves."""

    store: Store
    tables: Tables
    web: WebTable
    clock: FakeClock
    posted: list[Reply] = field(default_factory=list)

    async def open(self, slug: str, players: int = 2, options: dict[str, str] | None = None,
                   channel: int = CHANNEL, language: str = "en") -> int:
        """Open, fill and start a table (its public words in ``language``); its id."""
        host = player(0)
        await self.tables.create(guild_id=GUILD, channel_id=channel, host=host, slug=slug, options=options,
                                 language=language)
        for index in range(1, players):
            await self.tables.join(channel_id=channel, user=player(index))
        reply = await self.tables.start(channel_id=channel, user=host)
        return reply.table_id

    async def play_agents(self, table_id: int, moves: int, seed: int = 1) -> None:
        """Advance a table by its game's own agent (through Tables.act, like any player)."""
        rng = random.Random(seed)
        for _ in range(moves):
            live = await self.tables.load(table_id)
            turns = self.tables.turns(live)
            if not turns:
                return
            seat = turns[0].seat
            key = live.game.agent(json.loads(live.state_json or "{}"), seat, rng)
            user = User(live.user_at(seat).user_id, live.user_at(seat).name)
            await self.tables.act(user=user, move=key, table_id=table_id)

    def link_token(self, table_id: int, seat: int, user_id: int) -> str:
        return self.web.seat_link(table_id, seat, user_id)[0].split("#", 1)[1]


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    store = await Store.open(tmp_path / "web.sqlite3")
    clock = FakeClock(1_800_000_000.0)
    seeds = itertools.count(9000)
    tables = Tables(store, clock=clock, seeds=lambda: next(seeds))
    found = Harness(store, tables, WebTable(tables, Signer(KEY), base_url="http://table.test", clock=clock), clock)

    async def publish(reply: Reply) -> None:
        found.posted.append(reply)

    found.web.publish = publish
    yield found
    await found.web.settle()
    await store.close()


@pytest.fixture
async def client(harness: Harness) -> AsyncIterator[TestClient[Any, Any]]:
    test_client = TestClient(TestServer(harness.web.app()))
    await test_client.start_server()
    yield test_client
    await test_client.close()


def strict_limits(harness: Harness, burst: int) -> None:
    """Small rate limits on the harness's clock (so a test moves time instead of sleeping)."""
    harness.web.address_limit = RateLimit(rate=1.0, burst=burst, clock=harness.clock)
    harness.web.seat_limit = RateLimit(rate=1.0, burst=burst, clock=harness.clock)
