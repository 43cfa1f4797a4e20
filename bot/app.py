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
import pkgutil
import re
from collections.abc import Callable

import discord
import yarl
from discord.ext import commands

import cogs
from bot.config import SEED_KEY, Settings, check_can_run, derive_seed, make_clock
from bot.games import load_all
from bot.moderation import Moderation
from bot.playbypost import PlayByPost
from bot.store import Store
from bot.tables import Reply, Tables
from bot.workers import workers_from_env
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

log = logging.getLogger("gamemaster")


class GameMasterBot(commands.Bot):
    """The bot: one store, one session layer, every cog in ``cogs/``."""

    def __init__(self, settings: Settings, **client_options: object) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
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

    @property
    def tables(self) -> Tables:
        if self._tables is None:
            raise RuntimeError("the bot has not been set up yet")
        return self._tables

    async def setup_hook(self) -> None:
        load_all()
        self.store = await Store.open(self.settings.db_path)
        self._tables = Tables(self.store, seeds=await seed_source(self.store, self.settings.seed, self.clock()),
                              clock=self.clock, owns=self.settings.owns, workers=workers_from_env(),
                              on_resumed=self.post_resumed)
        # Tables whose next decision is a bot's (the process died between a move and the bots'
        # answer) continue in the scheduler's first run, once the gateway can carry the reply.
        self.pbp = PlayByPost(self._tables)
        self.moderation = Moderation(self._tables, self.pbp)
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
            try:
                for notice in await self.pbp.run_due(self.clock()):
                    await post_notice(self, notice.guild_id, notice.channel_id, notice.reply)
                await self.expire_timed()
            except Exception:
                log.exception("scheduler run failed")
            await asyncio.sleep(self.settings.tick)

    async def post_resumed(self, reply: Reply) -> None:
        """Bots that continued a table in the background (it was loaded after a restart) say so."""
        await self.wait_until_ready()
        row = (await self.tables.load(reply.table_id)).row
        await post_notice(self, row.guild_id, row.channel_id, reply)

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
            await send_error(interaction, "Games are played in server channels, not in direct messages.")
            return
        if isinstance(error, discord.app_commands.TransformerError | discord.app_commands.CheckFailure):
            await send_error(interaction, str(error))
            return
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


def redact_url(location: str) -> str:
    """A database location for a log line: a URL's password replaced by ``***``."""
    return re.sub(r"(://[^:/@]+:)[^/]*@", r"\1***@", location)


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


_SECRETS_IN_LOGS = (
    # Interaction and webhook tokens in REST URLs: /interactions/<id>/<token>/callback,
    # /webhooks/<application id>/<token>/messages/@original
    (re.compile(r"(/(?:interactions|webhooks)/\d+/)[A-Za-z0-9_.\-]+"), r"\1<token>"),
    # ... and in gateway payloads logged at DEBUG: "token": "..."
    (re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+"""), r"\1<token>"),
)


class RedactTokens(logging.Filter):
    """Remove interaction tokens from log lines (discord.py logs URLs and payloads at DEBUG).

    An interaction token lets anyone answer, edit or delete the bot's messages for 15
    minutes; a log file is no place for it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = message
        for pattern, replacement in _SECRETS_IN_LOGS:
            redacted = pattern.sub(replacement, redacted)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


def install_log_filter() -> None:
    """Put :class:`RedactTokens` on every handler of the root logger."""
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, RedactTokens) for f in handler.filters):
            handler.addFilter(RedactTokens())


def point_at(api: str) -> None:
    """Send REST and gateway traffic to a stand-in Discord (tests only)."""
    base = api.rstrip("/")
    discord.http.Route.BASE = f"{base}/api/v10"
    gateway = yarl.URL(base.replace("http://", "ws://").replace("https://", "wss://") + "/gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


def run(settings: Settings) -> None:
    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO), root=True)
    install_log_filter()
    check_can_run(settings)
    if settings.discord_api:
        log.warning("using a stand-in Discord API at %s", settings.discord_api)
        point_at(settings.discord_api)
    bot = make_bot(settings)
    assert settings.discord_token is not None
    bot.run(settings.discord_token, log_handler=None)
