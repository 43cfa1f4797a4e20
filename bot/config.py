"""Settings, read once from the environment and a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import hashlib
import hmac
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

from bot.store_backends import is_postgres_url

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = ROOT / "data" / "gamemaster.sqlite3"


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that carries a guild's events: Discord's rule ``(guild_id >> 22) % shard_count``.

    The top bits of a snowflake are its creation time, so guilds spread evenly over shards.
    Tables without a guild (direct messages, the console) belong to shard 0, the shard that
    Discord sends direct messages on.
    """
    if shard_count < 1:
        raise ValueError(f"a bot has at least one shard, not {shard_count}")
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class Shards:
    """The Discord shards one bot process runs: ``ids`` out of ``count`` (``SHARD_IDS`` of
    ``SHARD_COUNT``). The process loads, schedules and answers only the tables of guilds on
    its shards; other processes, on the same PostgreSQL database, run the rest."""

    count: int
    ids: tuple[int, ...]

    def owns(self, guild_id: int | None) -> bool:
        """Whether a table in ``guild_id`` (``None``: no guild) belongs to this process."""
        return shard_of(guild_id, self.count) in self.ids

    @property
    def all(self) -> bool:
        """Whether this process runs every shard (then it is the only bot process)."""
        return len(self.ids) == self.count

    def describe(self) -> str:
        return f"shard{'s' if len(self.ids) > 1 else ''} {', '.join(map(str, self.ids))} of {self.count}"


def parse_shards(count_text: str | None, ids_text: str | None) -> Shards | None:
    """``SHARD_COUNT`` and ``SHARD_IDS`` → :class:`Shards` (``None`` when neither is set: one
    process, unsharded, as before). ``SHARD_COUNT`` alone runs every shard in this process.
    Bad values stop the bot with a sentence saying what to write instead."""
    count_text = (count_text or "").strip()
    ids_text = (ids_text or "").strip()
    if not count_text:
        if ids_text:
            raise SystemExit(
                f"SHARD_IDS={ids_text} needs SHARD_COUNT, the total number of shards over all processes "
                "(e.g. SHARD_COUNT=3 with SHARD_IDS=0 on one process, 1 on the next, 2 on the last)."
            )
        return None
    try:
        count = int(count_text)
    except ValueError:
        raise SystemExit(f"SHARD_COUNT must be a whole number of shards (1 or more), not {count_text!r}.") from None
    if count < 1:
        raise SystemExit(f"SHARD_COUNT must be at least 1, not {count}.")
    if not ids_text:
        return Shards(count, tuple(range(count)))
    ids: list[int] = []
    for part in ids_text.split(","):
        try:
            shard = int(part.strip())
        except ValueError:
            raise SystemExit(
                f"SHARD_IDS must be shard numbers separated by commas (e.g. 0,1), not {ids_text!r}."
            ) from None
        if not 0 <= shard < count:
            raise SystemExit(
                f"SHARD_IDS has {shard}, which is out of range: with SHARD_COUNT={count} "
                f"the shards are 0 to {count - 1}."
            )
        if shard in ids:
            raise SystemExit(f"SHARD_IDS lists shard {shard} twice.")
        ids.append(shard)
    return Shards(count, tuple(sorted(ids)))


@dataclass(frozen=True, slots=True)
class WebSettings:
    """Where the web table listens and what its links look like (see :mod:`bot.web`)."""

    port: int
    """``WEB_PORT``: the TCP port (0: any free one, for tests)."""
    host: str = "127.0.0.1"
    """``WEB_HOST``: the address it listens on; loopback behind a reverse proxy, the default."""
    base_url: str | None = None
    """``WEB_BASE_URL``: how players reach it (``https://games.example.org``); links are made
    with it. Unset: ``http://<host>:<port>``, right only on this machine."""
    secret: str | None = None
    """``WEB_SECRET``: the key that signs links. Unset: a key generated on first use and kept in
    the database (the ``secrets`` table), the usual choice."""
    link_hours: float = 168.0
    """``WEB_LINK_HOURS``: how long a player's link works (default a week)."""

    def __repr__(self) -> str:
        secret = "set" if self.secret else "from the database"
        return (f"WebSettings(port={self.port}, host={self.host!r}, base_url={self.base_url!r}, "
                f"secret=<{secret}>, link_hours={self.link_hours})")


def parse_web(port_text: str | None, host: str | None, base_url: str | None, secret: str | None,
              hours_text: str | None) -> WebSettings | None:
    """The ``WEB_*`` variables → :class:`WebSettings` (``None`` when ``WEB_PORT`` is empty: off).
    Bad values stop the bot with a sentence saying what to write instead."""
    port_text = (port_text or "").strip()
    if not port_text:
        return None
    try:
        port = int(port_text)
    except ValueError:
        raise SystemExit(f"WEB_PORT must be a port number (e.g. 8080), or empty for no web page, not {port_text!r}.") from None
    if not 0 <= port <= 65535:
        raise SystemExit(f"WEB_PORT must be between 0 and 65535, not {port}.")
    base = (base_url or "").strip().rstrip("/") or None
    if base is not None and not base.startswith(("http://", "https://")):
        raise SystemExit(f"WEB_BASE_URL must start with https:// (or http://), not {base_url!r}.")
    secret = (secret or "").strip() or None
    if secret is not None and len(secret) < 16:
        raise SystemExit("WEB_SECRET must be at least 16 characters (or empty: a key is generated and stored).")
    try:
        hours = float((hours_text or "").strip() or 168)
    except ValueError:
        raise SystemExit(f"WEB_LINK_HOURS must be a number of hours, not {hours_text!r}.") from None
    if not 0 < hours <= 24 * 366:
        raise SystemExit(f"WEB_LINK_HOURS must be more than 0 and at most a year ({24 * 366}), not {hours}.")
    return WebSettings(port, (host or "127.0.0.1").strip() or "127.0.0.1", base, secret, hours)


@dataclass(frozen=True, slots=True)
class Settings:
    discord_token: str | None
    dev_guild_id: int | None
    db_path: str
    log_level: str
    game_master_role: str | None
    rules_dir: Path
    """Folder of the rulebooks shown by /game rules (default: ../shared/rules beside the repo)."""
    seed: int | None = None
    """Makes table seeds reproducible: each table's seed is :func:`derive_seed` of this number,
    the table's number and the installation's secret. Random when unset."""
    tick: float = 30.0
    """Seconds between scheduler runs (deadlines, reminders, lobby expiry)."""
    clock_file: str | None = None
    """Tests only: read the current time (Unix seconds) from this file instead of the system clock."""
    discord_api: str | None = None
    """Base URL of a stand-in Discord API (tests only), e.g. ``http://127.0.0.1:8123``."""
    shards: Shards | None = None
    """The Discord shards this process runs (``SHARD_COUNT`` / ``SHARD_IDS``); ``None``: one
    unsharded process that runs everything."""

    metrics_port: int | None = None
    """Port of ``/metrics`` and ``/healthz`` (``METRICS_PORT``); ``None``: not served. 0: any free port."""
    metrics_host: str = "127.0.0.1"
    """Address they listen on (``METRICS_HOST``): loopback unless a scraper elsewhere needs them."""
    log_format: str = "text"
    """``text`` (discord.py's coloured lines) or ``json`` (one object per line, with context)."""
    web: WebSettings | None = None
    """The web table (``WEB_PORT``, ``WEB_HOST``, ``WEB_BASE_URL``, ``WEB_SECRET``, ``WEB_LINK_HOURS``);
    ``None``: no web page is served."""

    def owns(self, guild_id: int | None) -> bool:
        """Whether a table in ``guild_id`` is this process's to load, schedule and answer."""
        return self.shards is None or self.shards.owns(guild_id)

    def __repr__(self) -> str:
        # The token must never reach a log line, even through a debug print of the settings.
        token = "set" if self.discord_token else "unset"
        return (
            f"Settings(discord_token=<{token}>, dev_guild_id={self.dev_guild_id}, db_path={self.db_path!r}, "
            f"log_level={self.log_level!r}, game_master_role={self.game_master_role!r}, "
            f"rules_dir={str(self.rules_dir)!r}, discord_api={self.discord_api!r}, shards={self.shards!r}, "
            f"metrics={self.metrics_host}:{self.metrics_port}, log_format={self.log_format!r}, web={self.web!r})"
        )


def _optional_int(value: str | None, name: str) -> int | None:
    if value is None or not value.strip():
        return None
    try:
        return int(value)
    except ValueError:
        raise SystemExit(f"{name} must be a number (a Discord id), not {value!r}.") from None


def parse_metrics_port(value: str | None) -> int | None:
    """``METRICS_PORT``: empty = no metrics endpoint; else a TCP port (0 = any free one)."""
    if value is None or not value.strip():
        return None
    try:
        port = int(value)
    except ValueError:
        raise SystemExit(f"METRICS_PORT must be a port number (e.g. 9464), or empty for none, not {value!r}.") from None
    if not 0 <= port <= 65535:
        raise SystemExit(f"METRICS_PORT must be between 0 and 65535, not {port}.")
    return port


def parse_log_format(value: str | None) -> str:
    fmt = (value or "text").strip().lower()
    if fmt not in ("text", "json"):
        raise SystemExit(f"LOG_FORMAT must be text or json, not {value!r}.")
    return fmt


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def parse_log_level(value: str | None) -> str:
    level = (value or "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise SystemExit(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {value!r}.")
    return level


def load_settings(env_file: str | Path | None = None) -> Settings:
    """Read settings; variables already in the environment win over the ``.env`` file."""
    load_dotenv(env_file or ROOT / ".env", override=False)
    return Settings(
        discord_token=os.environ.get("DISCORD_TOKEN") or None,
        dev_guild_id=_optional_int(os.environ.get("DEV_GUILD_ID"), "DEV_GUILD_ID"),
        db_path=os.environ.get("GAMEMASTER_DB") or str(DEFAULT_DB),
        log_level=parse_log_level(os.environ.get("LOG_LEVEL")),
        game_master_role=os.environ.get("GAME_MASTER_ROLE") or None,
        rules_dir=Path(os.environ.get("GAMEMASTER_RULES_DIR") or ROOT.parent / "shared" / "rules"),
        discord_api=os.environ.get("GAMEMASTER_DISCORD_API") or None,
        seed=_optional_int(os.environ.get("GAMEMASTER_SEED"), "GAMEMASTER_SEED"),
        tick=float(os.environ.get("GAMEMASTER_TICK") or 30.0),
        clock_file=os.environ.get("GAMEMASTER_CLOCK_FILE") or None,
        shards=parse_shards(os.environ.get("SHARD_COUNT"), os.environ.get("SHARD_IDS")),
        metrics_port=parse_metrics_port(os.environ.get("METRICS_PORT")),
        metrics_host=(os.environ.get("METRICS_HOST") or "127.0.0.1").strip(),
        log_format=parse_log_format(os.environ.get("LOG_FORMAT")),
        web=parse_web(os.environ.get("WEB_PORT"), os.environ.get("WEB_HOST"), os.environ.get("WEB_BASE_URL"),
                      os.environ.get("WEB_SECRET"), os.environ.get("WEB_LINK_HOURS")),
    )


def check_can_run(settings: Settings) -> None:
    """Refuse to start a bot whose settings cannot work together (before connecting anywhere).

    Several shards mean several processes sharing one database, and a SQLite file is locked
    to one process: sharding needs PostgreSQL.
    """
    shards = settings.shards
    if shards is not None and shards.count > 1 and not is_postgres_url(settings.db_path):
        raise SystemExit(
            f"SHARD_COUNT={shards.count} runs the bot as several processes, and they must share one "
            "PostgreSQL database: set GAMEMASTER_DB=postgresql://user:password@host/dbname "
            "(a SQLite file is locked to a single process), or leave SHARD_COUNT empty or 1."
        )


class FileClock:
    """A clock that tests move by writing a number to a file (the real time while there is none)."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)

    def __call__(self) -> float:
        try:
            return float(self.path.read_text().strip())
        except (OSError, ValueError):
            return time.time()


SEED_KEY = "table-seeds"
"""The installation secret that table seeds are derived from (see :func:`derive_seed`)."""


def derive_seed(key: bytes, base: int, number: int) -> int:
    """Table ``number``'s seed under ``GAMEMASTER_SEED=base``: reproducible on this installation,
    unpredictable without its secret ``key``.

    Consecutive seeds (base, base + 1, …) would let anyone holding one exported game (which
    shows its seed) compute the next table's hidden cards; an HMAC of the number does not.
    """
    digest = hmac.new(key, f"table-seed:{base}:{number}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 2  # 62 bits, like random seeds


def make_clock(settings: Settings) -> Callable[[], float]:
    return FileClock(settings.clock_file) if settings.clock_file else time.time
