"""The real bot syncs its slash commands with Polish, Hungarian and German names and
descriptions (from the catalogs in ``bot/locales``), and the fake Discord, which checks the
sync as Discord does, accepts them."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_bot_hisss import bot_env
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_the_bot_syncs_its_commands_with_localizations(fake_discord: FakeDiscord, bot_processes: Any,
                                                             tmp_path: Path) -> None:
    fake = fake_discord
    bot_processes([sys.executable, "-m", "bot", "run"]).start(bot_env(fake, tmp_path))
    await fake.wait_ready()
    await fake.wait_commands(["game", "play", "hand", "board", "settings"])
    game = fake.command("game")
    assert game["name_localizations"] == {"pl": "gra", "hu": "játék", "de": "spiel"}
    new = next(option for option in game["options"] if option["name"] == "new")
    assert new["name_localizations"] == {"pl": "nowa", "hu": "új", "de": "neu"}
    assert new["description_localizations"]["hu"] == "Asztal nyitása egy játékhoz ezen a csatornán"
    play = fake.command("play")
    assert play["name_localizations"]["de"] == "zug" and play["description_localizations"]["pl"].startswith("Wykonaj")
    notify = next(o for o in fake.command("settings")["options"] if o["name"] == "notify")
    [mode] = notify["options"]
    choices = {c["value"]: c.get("name_localizations", {}) for c in mode["choices"]}
    assert choices["dm"] == {"pl": "wiadomość prywatna", "hu": "privát üzenet", "de": "Direktnachricht"}
