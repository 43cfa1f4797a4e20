"""The discord.py application: opens the store, loads the cogs, syncs commands, runs.

``python -m bot`` (and ``make run`` with a token) calls :func:`run`. No privileged intents
are needed: everything happens through interactions.

With ``SHARD_COUNT`` / ``SHARD_IDS`` a process runs only some of the bot's Discord shards
(:class:`ShardedGameMasterBot`); several such processes share one PostgreSQL database, each
loading, scheduling and answering the tables of the guilds on its own shards.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import math
import pkgutil
import time
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import yarl
from discord.ext import commands

import cogs
from bot import logs, metrics
from bot.config import SEED_KEY, Settings, check_can_run, derive_seed, make_clock, shard_of
from bot.digest import Digests
from bot.engine.words import CORE, texts
from bot.games import load_all
from bot.logs import RedactTokens  # noqa: F401  (re-exported: tests import it from here)
from bot.logs import install_filters as install_log_filter
from bot.moderation import Moderation
from bot.playbypost import PlayByPost
from bot.store import Store, StoreError, StoreUnavailable, redact_url
from bot.tables import Reply, Tables
from bot.web.server import RunningWeb, start_web
from bot.workers import workers_from_env
from cogs._translator import CommandTranslator
from cogs._ui import (
    APOLOGY,
    LobbyButton,
    MoveButton,
    MoveSelect,
    MyMovesButton,
    RequestButton,
    post_notice,
    send_error,
)
from cogs._web import post_web_move

log = logging.getLogger("gamemaster")
T, _, _ = texts(CORE)


class GameMasterBot(commands.Bot):
    """The bot: one store, one session layer, every cog in ``cogs/``."""

    def __init__(self, settings: Settings, **client_options: object) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            http_trace=discord_trace(),
            **client_options,
        )
        self.settings = settings
        self.store: Store | None = None
        self._tables: Tables | None = None
        self.clock = make_clock(settings)
        self.pbp: PlayByPost
        self.moderation: Moderation
        self._scheduler: asyncio.Task[None] | None = None
        self._timers: set[asyncio.Task[None]] = set()
        self.metrics_server: metrics.MetricsServer | None = None
        self.web: RunningWeb | None = None
        """The web table (``WEB_PORT``), once started."""
        self._observe_interactions()

    @property
    def tables(self) -> Tables:
        if self._tables is None:
            raise RuntimeError("the bot has not been set up yet")
        return self._tables

    def _observe_interactions(self) -> None:
        """Wrap discord.py's INTERACTION_CREATE parser: note the arrival (for the
        acknowledgement-latency metric) and set the log context (interaction, guild, shard)
        *before* discord.py creates the task that handles it, so that task inherits them.

        ``ConnectionState.parsers`` is the dict every gateway session dispatches through
        (each session holds the same dict object), so replacing one entry here, before any
        session opens, covers every shard."""
        parsers = self._connection.parsers
        original = parsers["INTERACTION_CREATE"]
        count = self.settings.shards.count if self.settings.shards else 1

        def parse_interaction_create(data: Any) -> None:
            interaction_id = int(data["id"])
            guild_id = int(data["guild_id"]) if data.get("guild_id") else None
            metrics.interaction_arrived(interaction_id)
            with logs.context(interaction=interaction_id, guild=guild_id, shard=shard_of(guild_id, count), table=None):
                original(data)

        parsers["INTERACTION_CREATE"] = parse_interaction_create

    def shard_states(self) -> Iterator[metrics.ShardState]:
        """Each shard this process runs: connected or not, and its heartbeat latency."""
        shards = getattr(self, "shards", None)
        if isinstance(shards, dict):  # AutoShardedBot: ShardInfo per shard
            for shard_id, info in sorted(shards.items()):
                latency = info.latency
                yield metrics.ShardState(shard_id, not info.is_closed(), latency if math.isfinite(latency) else None)
            return
        ws = self.ws
        latency = self.latency
        yield metrics.ShardState(0, ws is not None and ws.open and self.is_ready(),
                                 latency if math.isfinite(latency) else None)

    async def health(self) -> metrics.Health:
        """Healthy when the store answers (and was not refusing writes just now) and every
        shard's gateway session is connected."""
        checks: dict[str, str | None] = {}
        checks["store"] = await self.store.ping() if self.store is not None else "the store is not open yet"
        down = [state.shard for state in self.shard_states() if not state.connected]
        if self.is_closed():
            checks["gateway"] = "the bot is shutting down"
        elif not self.is_ready():
            checks["gateway"] = "not connected to Discord yet (or reconnecting)"
        elif down:
            checks["gateway"] = f"shard{'s' if len(down) > 1 else ''} {', '.join(map(str, down))} disconnected"
        else:
            checks["gateway"] = None
        return metrics.Health(checks)

    async def setup_hook(self) -> None:
        load_all()
        self.store = await Store.open(self.settings.db_path)
        if self.settings.metrics_port is not None:
            self.metrics_server = await metrics.start_server(self.health, self.settings.metrics_host,
                                                             self.settings.metrics_port)
            log.info("metrics and health on http://%s:%d/metrics and /healthz", self.settings.metrics_host,
                     self.metrics_server.port)
        self._tables = Tables(self.store, seeds=await seed_source(self.store, self.settings.seed, self.clock()),
                              clock=self.clock, owns=self.settings.owns, workers=workers_from_env(),
                              on_resumed=self.post_resumed)
        metrics.watch(tables_loaded=lambda: self._tables.loaded_count if self._tables else 0, shards=self.shard_states)
        # Tables whose next decision is a bot's (the process died between a move and the bots'
        # answer) continue in the scheduler's first run, once the gateway can carry the reply.
        self.pbp = PlayByPost(self._tables)
        self.moderation = Moderation(self._tables, self.pbp)
        if self.settings.web is not None:
            self.web = await start_web(self._tables, self.settings.web, publish=self.post_web_move, clock=self.clock)
        # Results of games that ended while the bot was going down are recorded now.
        caught_up = await self._tables.ratings.record_finished()
        if caught_up:
            log.info("recorded %d results of games that finished before the restart", len(caught_up))
        for module in pkgutil.iter_modules(cogs.__path__):
            if not module.name.startswith("_"):
                await self.load_extension(f"cogs.{module.name}")
        # Buttons and selects of any board ever posted keep working after a restart.
        self.add_dynamic_items(MoveButton, MoveSelect, LobbyButton, RequestButton, MyMovesButton)
        self.tree.on_error = self.on_app_command_error
        # Command names and descriptions in Polish, Hungarian and German, from the catalogs.
        await self.tree.set_translator(CommandTranslator())
        open_tables = [row for row in await self.store.tables() if self.settings.owns(row.guild_id)]
        log.info("store %s: %d open tables%s", redact_url(self.settings.db_path), len(open_tables),
                 f" on {self.settings.shards.describe()}" if self.settings.shards else "")
        if not self.syncs_commands:
            log.info("commands are synced by the process that runs shard 0")
        elif self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.settings.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))
        self._scheduler = asyncio.create_task(self.run_scheduler(), name="gamemaster-scheduler")

    @property
    def syncs_commands(self) -> bool:
        """Whether this process registers the slash commands: the one running shard 0 does it
        for all (commands belong to the application, not to a shard)."""
        shards = self.settings.shards
        return shards is None or 0 in shards.ids

    async def run_scheduler(self) -> None:
        """Every tick: deadlines, reminders and lobby expiry that have fallen due, read from the store.

        The first run happens as soon as the gateway is ready, so whatever fell due while the
        bot was down is handled once, in order, one message per table at most. A sharded
        process handles only its own guilds' tables (:attr:`Tables.owns`).
        """
        await self.wait_until_ready()
        while not self.is_closed():
            logs.bind(table=None, guild=None)  # each run starts without the last run's table
            try:
                for notice in await self.pbp.run_due(self.clock()):
                    with logs.context(table=notice.reply.table_id, guild=notice.guild_id):
                        await post_notice(self, notice.guild_id, notice.channel_id, notice.reply)
                await self.expire_timed()
                if self.syncs_commands:  # one process sends the daily digests (they span every server)
                    await self.send_digests()
            except StoreUnavailable:
                pass  # the store logged its one line; the next tick tries again
            except Exception:
                log.exception("scheduler run failed")
            await asyncio.sleep(self.settings.tick)

    async def send_digests(self) -> None:
        """DM each player who asked for the daily digest the tables waiting on them (once a day)."""
        for digest in await Digests(self.tables).due(self.clock()):
            try:
                user = self.get_user(digest.user_id) or await self.fetch_user(digest.user_id)
                await user.send(digest.text()[:2000], allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException:
                log.info("could not send the daily digest to user %s (DMs closed?)", digest.user_id)

    async def post_resumed(self, reply: Reply) -> None:
        """Bots that continued a table in the background (it was loaded after a restart) say so."""
        await self.wait_until_ready()
        row = (await self.tables.load(reply.table_id)).row
        await post_notice(self, row.guild_id, row.channel_id, reply)

    async def post_web_move(self, reply: Reply) -> None:
        """A move made on the web page: the table's channel shows it like any move."""
        await self.wait_until_ready()
        row = (await self.tables.load(reply.table_id)).row
        with logs.context(table=reply.table_id, guild=row.guild_id):
            await post_web_move(self, row, reply)

    async def expire_timed(self) -> None:
        """Resolve live games whose deadline has passed (nobody clicked in time, a tie window closed)."""
        for reply in await self.tables.expire_due(self.clock()):
            row = (await self.tables.load(reply.table_id)).row
            await post_notice(self, row.guild_id, row.channel_id, reply)

    def watch_deadline(self, due: float) -> None:
        """Wake up when a live game's deadline comes, rather than at the next scheduler tick."""
        delay = max(0.0, due - self.clock()) + 0.01

        async def wake() -> None:
            await asyncio.sleep(delay)
            try:
                await self.expire_timed()
            except Exception:
                log.exception("resolving a deadline failed")

        task = asyncio.create_task(wake())
        self._timers.add(task)
        task.add_done_callback(self._timers.discard)

    async def on_ready(self) -> None:
        shards = f" ({self.settings.shards.describe()})" if self.settings.shards else ""
        log.info("ready as %s (id %s) in %d servers%s", self.user, self.user.id if self.user else "?",
                 len(self.guilds), shards)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        if isinstance(error, discord.app_commands.NoPrivateMessage):
            await send_error(interaction, T("Games are played in server channels, not in direct messages."))
            return
        if isinstance(error, discord.app_commands.TransformerError | discord.app_commands.CheckFailure):
            await send_error(interaction, str(error))
            return
        original = getattr(error, "original", None)
        if isinstance(original, StoreUnavailable):  # the store logged the operator's line
            metrics.interaction_outcome("store_unavailable")
            await send_error(interaction, str(original))
            return
        metrics.interaction_outcome("error")
        log.error("command %s failed in channel %s", interaction.command and interaction.command.name,
                  interaction.channel_id, exc_info=error)
        await send_error(interaction, APOLOGY)

    async def close(self) -> None:
        if self._scheduler is not None:
            self._scheduler.cancel()
        for timer in list(self._timers):
            timer.cancel()
        await super().close()
        if self._tables is not None:
            await self._tables.settle()
            await self._tables.workers.close()
        if self.web is not None:
            await self.web.stop()
            self.web = None
        if self.metrics_server is not None:
            await self.metrics_server.stop()
            self.metrics_server = None
        if self.store is not None:
            await self.store.close()
            self.store = None


class ShardedGameMasterBot(GameMasterBot, commands.AutoShardedBot):
    """The bot running some of the application's shards (``SHARD_IDS`` of ``SHARD_COUNT``).

    discord.py opens one gateway session per shard; Discord sends each session the events of
    the guilds on that shard only, so this process never hears of the others' guilds. The
    session layer is told the same (``owns``), so its scheduler and lists stay within them.
    """

    def __init__(self, settings: Settings) -> None:
        assert settings.shards is not None
        super().__init__(settings, shard_count=settings.shards.count, shard_ids=list(settings.shards.ids))


def make_bot(settings: Settings) -> GameMasterBot:
    """The bot these settings ask for: sharded when ``SHARD_COUNT`` is set, else the one process."""
    return GameMasterBot(settings) if settings.shards is None else ShardedGameMasterBot(settings)


async def seed_source(store: Store, base: int | None, now: float) -> Callable[[], int] | None:
    """Table seeds under ``GAMEMASTER_SEED``: derived from it, the table's number and the
    installation's secret (:func:`bot.config.derive_seed`); ``None`` (random seeds) when unset.

    Numbering continues after the highest table id, so a restart does not hand out the seeds
    of earlier tables again."""
    if base is None:
        return None
    key = await store.secret(SEED_KEY, now=now)
    numbers = itertools.count(await store.max_table_id() + 1)
    return lambda: derive_seed(key, base, next(numbers))


def point_at(api: str) -> None:
    """Send REST and gateway traffic to a stand-in Discord (tests only)."""
    base = api.rstrip("/")
    discord.http.Route.BASE = f"{base}/api/v10"
    gateway = yarl.URL(base.replace("http://", "ws://").replace("https://", "wss://") + "/gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


def discord_trace() -> aiohttp.TraceConfig:
    """Time every REST request to Discord (a metric); an accepted interaction callback is
    the acknowledgement, which ends that interaction's acknowledgement latency."""
    trace = aiohttp.TraceConfig()

    async def started(session: Any, context: SimpleNamespace, params: Any) -> None:
        context.began = time.monotonic()

    async def ended(session: Any, context: SimpleNamespace, params: Any) -> None:
        began = getattr(context, "began", None)
        if began is not None:
            metrics.discord_request_done(params.url.path, time.monotonic() - began, params.response.status)

    trace.on_request_start.append(started)
    trace.on_request_end.append(ended)
    return trace


EXIT_RETRY = 1
"""Exit status of a fault that may pass (Discord or the database unreachable): restart later."""
EXIT_CONFIG = 3
"""Exit status of a fault that a restart will not fix (a wrong token, a store that cannot be
made): systemd's unit does not restart on it (``RestartPreventExitStatus``)."""

WRONG_TOKEN = ("Discord refused the bot token (401 Unauthorized): DISCORD_TOKEN is wrong or was reset. "
               "Copy a new one from https://discord.com/developers/applications (your app, Bot, Reset Token) "
               "into .env or the service's environment.")


def setup_logging(settings: Settings) -> None:
    """Text (discord.py's format) or JSON lines on stderr; context, redaction and the error counter on both."""
    level = getattr(logging, settings.log_level, logging.INFO)
    if settings.log_format == "json":
        logs.setup_json(level)
    else:
        discord.utils.setup_logging(level=level, root=True)
        install_log_filter()
    metrics.count_logged_errors()


def fault_sentence(error: BaseException, settings: Settings) -> tuple[str, int] | None:
    """The one line (and exit status) for a fault that stops the bot at start, or ``None``."""
    if isinstance(error, discord.LoginFailure):
        return WRONG_TOKEN, EXIT_CONFIG
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return f"Discord refused the connection: {error}", EXIT_CONFIG
    if isinstance(error, StoreUnavailable):
        retry = error.kind in ("unreachable", "full", "io")
        return error.operator, EXIT_RETRY if retry else EXIT_CONFIG
    if isinstance(error, StoreError):
        return str(error), EXIT_CONFIG
    api = settings.discord_api or "https://discord.com"
    if isinstance(error, aiohttp.ClientConnectorError | discord.GatewayNotFound | OSError | aiohttp.ClientError):
        reason = getattr(error, "os_error", None) or error
        return (f"Cannot reach Discord at {api} ({type(reason).__name__}: {reason}): check this machine's network, "
                "DNS, firewall or proxy; nothing was changed, start the bot again once Discord is reachable."), EXIT_RETRY
    if isinstance(error, discord.HTTPException) and error.status >= 500:
        return (f"Discord answered {error.status} while the bot was connecting; it is having trouble, "
                "start the bot again in a few minutes."), EXIT_RETRY
    return None


def run(settings: Settings) -> None:
    setup_logging(settings)
    check_can_run(settings)
    if settings.discord_api:
        log.warning("using a stand-in Discord API at %s", settings.discord_api)
        point_at(settings.discord_api)
    bot = make_bot(settings)
    assert settings.discord_token is not None
    try:
        bot.run(settings.discord_token, log_handler=None)
    except Exception as error:
        found = fault_sentence(error, settings)
        if found is None:
            raise
        sentence, status = found
        log.critical("%s", sentence)
        raise SystemExit(status) from None
