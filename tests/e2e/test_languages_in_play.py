"""Languages at the edges, end to end (issue 30): the real bot against the fake Discord.

A table opened in a server whose locale is Hungarian speaks Hungarian in public (its lobby, its
buttons, the post that starts the game); a Polish user's ``/hand`` answers in Polish; a German
user's refused move is refused in German. The expected words come from the catalogs (the bot's
own ``messages`` domain), never from English text or strings written here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from bot.engine.words import CORE, Text
from bot.i18n import catalog, discord_commands, say
from tests.e2e.test_bot_hisss import EPHEMERAL, board_of, bot_env
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


def words(language: str, template: str, context: str | None = None) -> str:
    """A message of the bot's catalog in ``language``, as far as its first placeholder."""
    said = catalog(language, CORE).pgettext(context, template) if context else catalog(language, CORE).gettext(template)
    assert said != template, f"{template!r} has no {language} translation"
    return said.split("{")[0].strip()


async def test_a_hungarian_server_table_a_polish_hand_and_a_german_refusal(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.guild.locale = "hu"
    proc = bot_processes([sys.executable, "-m", "bot", "run"]).start(bot_env(fake, tmp_path))
    await fake.wait_ready()
    await fake.wait_commands(["game", "play", "hand", "board"])
    channel = fake.channel("games")

    lobby = board_of(await fake.slash("alice", channel, "game new", options={"game": "hisss"}))
    join = say(Text(CORE, "Join with the button below or /game join; the host starts the game."), "hu")
    assert discord_commands(join, "hu") in lobby.text and "/játék csatlakozás" in discord_commands(join, "hu")
    assert say(Text(CORE, "Language: {language}", {"language": "Magyar"}), "hu") in lobby.text
    assert {button["label"] for button in lobby.buttons} >= {
        say(Text(CORE, "Join", context="button"), "hu"), say(Text(CORE, "Start", context="button"), "hu")}
    await fake.slash("bob", channel, "game join")
    started = board_of(await fake.slash("alice", channel, "game start"))
    assert words("hu", "{title} begins. Seats: {seats}.") in started.text
    assert say(Text(CORE, "Full board", context="button"), "hu") in {c.get("label") for c in started.all_components()}
    assert "Join with the button" not in started.text and "begins. Seats" not in started.text

    hand = await fake.slash("bob", channel, "hand", locale="pl")
    assert hand.ephemeral
    assert words("pl", "You are seat {seat} ({name}) at {title}.") in hand.text
    assert "You are seat" not in hand.text

    refused = await fake.slash("carol", channel, "play", options={"move": "draw"}, locale="de")
    assert refused.ephemeral and refused.message.flags & EPHEMERAL
    assert refused.text == say(Text(CORE, "You are not seated at this table."), "de")
    proc.assert_clean()
