"""What an operator watches: Prometheus metrics and a health check, on a local port.

Every metric the bot exports is defined here, in one registry (:data:`REGISTRY`); the few
places that observe something call one function of this module (``move_committed`` in the
session layer, ``interaction_outcome`` in the cogs, ``store_retried`` / ``store_fault`` in the
store, the gateway hooks in :mod:`bot.app`). With ``METRICS_PORT`` set, :func:`start_server`
serves on the bot's own event loop (aiohttp, which discord.py already depends on):

``/metrics``
    the Prometheus text format: the metrics below plus the process's CPU, memory and
    garbage collector figures.
``/healthz``
    ``200 {"status": "healthy", ...}`` when the store answers and the gateway is connected,
    else ``503 {"status": "unhealthy", ...}`` with a sentence per failing check. Docker's
    HEALTHCHECK and a load balancer read it.

The metrics (``_total`` is added to counters by the exposition format):

- ``gamemaster_moves_total{game}`` — moves committed (players, bots, timeouts alike);
- ``gamemaster_move_seconds{game}`` — time to apply one move's rules and commit it;
- ``gamemaster_interaction_ack_seconds`` — from an interaction's arrival on the gateway to
  Discord accepting the bot's first answer or deferral (Discord allows 3 s);
- ``gamemaster_interactions_total{outcome}`` — ``ok``, ``refused`` (a rule or permission said
  no), ``stale`` (an outdated board), ``store_unavailable``, ``error`` (the apology),
  ``delivery_failed`` (done, but showing it failed);
- ``gamemaster_errors_total{logger}`` — log records at ERROR or above;
- ``gamemaster_store_retries_total{backend}`` — write-lock waits retried (SQLite's busy wait);
- ``gamemaster_store_faults_total{kind}`` — full / read-only disk, PostgreSQL unreachable, …;
- ``gamemaster_bot_fallbacks_total{game}`` — hard bots' moves played at the normal level
  because the search failed or ran past the workers' timeout;
- ``gamemaster_discord_request_seconds{kind}`` — REST requests to Discord;
- ``gamemaster_tables_loaded`` — tables held in memory;
- ``gamemaster_gateway_latency_seconds{shard}`` and ``gamemaster_shard_up{shard}`` — the
  heartbeat latency and connection of each shard this process runs.
"""

from __future__ import annotations

import json
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

REGISTRY = CollectorRegistry(auto_describe=True)
"""The bot's metrics (not prometheus_client's global registry, so tests and tools that
import the bot never collide with other users of that library)."""
ProcessCollector(registry=REGISTRY)
PlatformCollector(registry=REGISTRY)
GCCollector(registry=REGISTRY)

MOVES = Counter("gamemaster_moves", "Moves committed, by game.", ["game"], registry=REGISTRY)
MOVE_SECONDS = Histogram(
    "gamemaster_move_seconds", "Seconds to apply one move's rules and commit it to the store, by game.", ["game"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0), registry=REGISTRY,
)
ACK_SECONDS = Histogram(
    "gamemaster_interaction_ack_seconds",
    "Seconds from an interaction's arrival to Discord accepting the first answer or deferral (Discord allows 3).",
    buckets=(0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0), registry=REGISTRY,
)
INTERACTIONS = Counter(
    "gamemaster_interactions", "Interactions handled, by outcome (ok, refused, stale, store_unavailable, error, "
    "delivery_failed).", ["outcome"], registry=REGISTRY,
)
ERRORS = Counter("gamemaster_errors", "Log records at ERROR or above, by logger.", ["logger"], registry=REGISTRY)
STORE_RETRIES = Counter(
    "gamemaster_store_retries", "Waits for the database's write lock that were retried, by backend.", ["backend"],
    registry=REGISTRY,
)
STORE_FAULTS = Counter(
    "gamemaster_store_faults", "Database faults (full or read-only disk, server unreachable, ...), by kind.",
    ["kind"], registry=REGISTRY,
)
BOT_FALLBACKS = Counter(
    "gamemaster_bot_fallbacks", "Hard bots' moves played at the normal level because the search failed, by game.",
    ["game"], registry=REGISTRY,
)
DISCORD_REQUESTS = Histogram(
    "gamemaster_discord_request_seconds", "Seconds per REST request to Discord, by kind.", ["kind"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0), registry=REGISTRY,
)

OUTCOMES = ("ok", "refused", "stale", "store_unavailable", "error", "delivery_failed")


# -- the observing calls -----------------------------------------------------------------------


def move_committed(game: str, seconds: float) -> None:
    """A move of ``game`` was committed ``seconds`` after its rules began to run."""
    MOVES.labels(game).inc()
    MOVE_SECONDS.labels(game).observe(seconds)


def interaction_outcome(outcome: str) -> None:
    """An interaction ended as ``outcome`` (one of :data:`OUTCOMES`)."""
    INTERACTIONS.labels(outcome).inc()


def store_retried(backend: str) -> None:
    STORE_RETRIES.labels(backend).inc()


def store_fault(kind: str) -> None:
    STORE_FAULTS.labels(kind).inc()


def bot_fell_back(game: str) -> None:
    """A hard bot of ``game`` could not search a position: the normal level played the move."""
    BOT_FALLBACKS.labels(game).inc()


class _Arrivals:
    """When each recent interaction arrived (monotonic seconds), until its answer goes out.

    Bounded: an interaction that is never answered (Discord gave up, the bot crashed in a
    handler) is forgotten after :attr:`limit` newer ones."""

    def __init__(self, limit: int = 2000) -> None:
        self.limit = limit
        self._at: OrderedDict[int, float] = OrderedDict()

    def arrived(self, interaction_id: int, at: float | None = None) -> None:
        self._at[interaction_id] = time.monotonic() if at is None else at
        while len(self._at) > self.limit:
            self._at.popitem(last=False)

    def acknowledged(self, interaction_id: int, at: float | None = None) -> float | None:
        """Observe the acknowledgement latency (the first answer only); returns it."""
        began = self._at.pop(interaction_id, None)
        if began is None:
            return None
        seconds = (time.monotonic() if at is None else at) - began
        ACK_SECONDS.observe(seconds)
        return seconds


ARRIVALS = _Arrivals()
interaction_arrived = ARRIVALS.arrived
interaction_acknowledged = ARRIVALS.acknowledged


def request_kind(path: str) -> str:
    """A REST path's kind, for a label with few values (ids and tokens never become labels)."""
    parts = [p for p in path.split("/") if p]
    if "interactions" in parts and parts[-1] == "callback":
        return "interaction_callback"
    if "webhooks" in parts:
        return "followup"
    if "channels" in parts:
        return "channel"
    if "commands" in parts:
        return "commands"
    return "other"


def interaction_id_of_callback(path: str) -> int | None:
    """``/api/v10/interactions/<id>/<token>/callback`` → ``<id>``."""
    parts = [p for p in path.split("/") if p]
    if len(parts) >= 4 and parts[-1] == "callback" and parts[-4] == "interactions" and parts[-3].isdigit():
        return int(parts[-3])
    return None


def discord_request_done(path: str, seconds: float, status: int | None) -> None:
    """A REST request finished: its latency; an accepted interaction callback is the acknowledgement."""
    DISCORD_REQUESTS.labels(request_kind(path)).observe(seconds)
    interaction_id = interaction_id_of_callback(path)
    if interaction_id is not None and status is not None and status < 300:
        interaction_acknowledged(interaction_id)


class ErrorCounter(logging.Handler):
    """Counts log records at ERROR and above (everything that would page someone)."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        ERRORS.labels(record.name).inc()


def count_logged_errors(logger: logging.Logger | None = None) -> None:
    """Put one :class:`ErrorCounter` on ``logger`` (the root logger by default)."""
    target = logger or logging.getLogger()
    if not any(isinstance(h, ErrorCounter) for h in target.handlers):
        target.addHandler(ErrorCounter())


# -- what is true right now: tables loaded, shards -------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShardState:
    shard: int
    connected: bool
    latency: float | None
    """Heartbeat round trip in seconds; ``None`` before the first heartbeat."""


@dataclass
class LiveSources:
    """Callables read at each scrape (set by the bot; empty outside it)."""

    tables_loaded: Callable[[], int] | None = None
    shards: Callable[[], Iterable[ShardState]] | None = None


class _LiveCollector(Collector):
    def __init__(self) -> None:
        self.sources = LiveSources()

    def collect(self) -> Iterator[Metric]:
        loaded = GaugeMetricFamily("gamemaster_tables_loaded", "Tables held in memory now.")
        if self.sources.tables_loaded is not None:
            loaded.add_metric([], float(self.sources.tables_loaded()))
        yield loaded
        up = GaugeMetricFamily("gamemaster_shard_up", "1 while the shard's gateway session is connected.",
                               labels=["shard"])
        latency = GaugeMetricFamily("gamemaster_gateway_latency_seconds",
                                    "Heartbeat round trip of each shard's gateway session.", labels=["shard"])
        for state in self.sources.shards() if self.sources.shards is not None else ():
            up.add_metric([str(state.shard)], 1.0 if state.connected else 0.0)
            if state.latency is not None:
                latency.add_metric([str(state.shard)], state.latency)
        yield up
        yield latency

    def describe(self) -> Iterator[Metric]:
        return iter(())  # computed at scrape time; nothing to check against at registration


LIVE = _LiveCollector()
REGISTRY.register(LIVE)


def watch(*, tables_loaded: Callable[[], int] | None = None,
          shards: Callable[[], Iterable[ShardState]] | None = None) -> None:
    """Tell the scrape where to read the live figures (the bot does this once at start)."""
    LIVE.sources = LiveSources(tables_loaded=tables_loaded, shards=shards)


def render() -> bytes:
    """The current metrics in the Prometheus text format."""
    return generate_latest(REGISTRY)


# -- health ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Health:
    """Each check's name and ``None`` (fine) or the sentence saying what is wrong."""

    checks: dict[str, str | None] = field(default_factory=dict)

    @property
    def healthy(self) -> bool:
        return all(problem is None for problem in self.checks.values())

    def as_json(self) -> dict[str, Any]:
        return {"status": "healthy" if self.healthy else "unhealthy",
                "checks": {name: problem or "ok" for name, problem in self.checks.items()}}


HealthCheck = Callable[[], Awaitable[Health]]


class MetricsServer:
    """``/metrics`` and ``/healthz`` on ``host:port`` (port 0: a free one, see :attr:`port`)."""

    def __init__(self, health: HealthCheck, host: str = "127.0.0.1", port: int = 0) -> None:
        self.health = health
        self.host = host
        self.port = port
        self._runner: Any = None

    async def start(self) -> MetricsServer:
        from aiohttp import web

        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        sockets = site._server.sockets if site._server is not None else []  # type: ignore[union-attr]
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        return self

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, request: Any) -> Any:
        from aiohttp import web

        return web.Response(body=render(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, request: Any) -> Any:
        from aiohttp import web

        try:
            health = await self.health()
        except Exception as error:  # a check that fails is an unhealthy answer, not a 500
            health = Health({"check": f"the health check itself failed: {type(error).__name__}: {error}"})
        return web.Response(text=json.dumps(health.as_json()), status=200 if health.healthy else 503,
                            content_type="application/json")


async def start_server(health: HealthCheck, host: str, port: int) -> MetricsServer:
    return await MetricsServer(health, host, port).start()
