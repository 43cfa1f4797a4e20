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

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = ROOT / "data" / "gamemaster.sqlite3"


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

    def __repr__(self) -> str:
        # The token must never reach a log line, even through a debug print of the settings.
        token = "set" if self.discord_token else "unset"
        return (
            f"Settings(discord_token=<{token}>, dev_guild_id={self.dev_guild_id}, db_path={self.db_path!r}, "
            f"log_level={self.log_level!r}, game_master_role={self.game_master_role!r}, "
            f"rules_dir={str(self.rules_dir)!r}, discord_api={self.discord_api!r})"
        )


def _optional_int(value: str | None, name: str) -> int | None:
    if value is None or not value.strip():
        return None
    try:
        return int(value)
    except ValueError:
        raise SystemExit(f"{name} must be a number (a Discord id), not {value!r}.") from None


def load_settings(env_file: str | Path | None = None) -> Settings:
    """Read settings; variables already in the environment win over the ``.env`` file."""
    load_dotenv(env_file or ROOT / ".env", override=False)
    return Settings(
        discord_token=os.environ.get("DISCORD_TOKEN") or None,
        dev_guild_id=_optional_int(os.environ.get("DEV_GUILD_ID"), "DEV_GUILD_ID"),
        db_path=os.environ.get("GAMEMASTER_DB") or str(DEFAULT_DB),
        log_level=(os.environ.get("LOG_LEVEL") or "INFO").upper(),
        game_master_role=os.environ.get("GAME_MASTER_ROLE") or None,
        rules_dir=Path(os.environ.get("GAMEMASTER_RULES_DIR") or ROOT.parent / "shared" / "rules"),
        discord_api=os.environ.get("GAMEMASTER_DISCORD_API") or None,
        seed=_optional_int(os.environ.get("GAMEMASTER_SEED"), "GAMEMASTER_SEED"),
        tick=float(os.environ.get("GAMEMASTER_TICK") or 30.0),
        clock_file=os.environ.get("GAMEMASTER_CLOCK_FILE") or None,
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
