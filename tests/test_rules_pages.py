"""``/game rules`` pages our own how-to-play text first, then the rulebook folder if present."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.config import Settings
from bot.rulebook import own_pages
from cogs.games import Games
from tests.test_cogs import FakeInteraction, call


def _games(rules_dir: Path) -> tuple[Games, Any]:
    settings = Settings(None, None, ":memory:", "INFO", None, rules_dir, None)
    client = SimpleNamespace(settings=settings)
    return Games(client), client


async def test_rules_without_the_rulebook_folder_page_our_own_text(tmp_path: Path) -> None:
    games, client = _games(tmp_path / "not-installed")
    own = own_pages("puerto-rico")
    [summary] = await call(Games.rules, games, FakeInteraction(client, 1, "Ana"), game="puerto-rico", page=1)
    assert summary.ephemeral and "Option `production`: auto | choose (default auto)" in summary.content
    assert f"How to play, on pages 2–{len(own) + 1}" in summary.content
    assert "not installed" not in summary.content and "publisher" not in summary.content
    [first] = await call(Games.rules, games, FakeInteraction(client, 1, "Ana"), game="puerto-rico", page=2)
    assert first.content == f"**Puerto Rico — how to play, page 2/{len(own) + 1}**\n{own[0]}"
    last = len(own) + 1
    [end] = await call(Games.rules, games, FakeInteraction(client, 1, "Ana"), game="puerto-rico", page=last)
    assert own[-1] in end.content
    [too_far] = await call(Games.rules, games, FakeInteraction(client, 1, "Ana"), game="puerto-rico", page=last + 1)
    assert too_far.ephemeral and f"choose 1–{last}" in too_far.content


async def test_rulebook_folder_pages_follow_ours(tmp_path: Path) -> None:
    (tmp_path / "hisss.txt").write_text("Para one.\n\n" + "word " * 800 + "\n\nLast para.")
    games, client = _games(tmp_path)
    own = len(own_pages("hisss"))
    [summary] = await call(Games.rules, games, FakeInteraction(client, 1, "Ana"), game="hisss", page=1)
    assert f"How to play, on pages 2–{own + 1}" in summary.content
    assert f"The publisher's rulebook follows on pages {own + 2}–" in summary.content
    [book] = await call(Games.rules, games, FakeInteraction(client, 1, "Ana"), game="hisss", page=own + 2)
    assert f"HISSS — rulebook, page {own + 2}/" in book.content and "Para one." in book.content


async def test_a_player_reads_our_page_in_their_language_where_it_exists(tmp_path: Path) -> None:
    """``rules.<lang>.md`` beside ``rules.md`` is shown to a player whose Discord speaks it;
    a language without its page falls back to English."""
    data = tmp_path / "data"
    (data / "hisss").mkdir(parents=True)
    (data / "hisss" / "rules.md").write_text("# HISSS\n\n## Setup\nDeal the cards.\n", encoding="utf-8")
    (data / "hisss" / "rules.pl.md").write_text("# HISSS\n\n## Przygotowanie\nRozdaj karty.\n", encoding="utf-8")
    assert own_pages("hisss", data, "pl") == ["## Przygotowanie\nRozdaj karty."]
    assert own_pages("hisss", data, "de") == own_pages("hisss", data) == ["## Setup\nDeal the cards."]
    games, client = _games(tmp_path / "not-installed")
    [english] = await call(Games.rules, games, FakeInteraction(client, 1, "Ana"), game="hisss", page=2)
    [polish] = await call(Games.rules, games, FakeInteraction(client, 1, "Ola", locale="pl"), game="hisss", page=2)
    shipped = own_pages("hisss", language="pl")
    assert polish.content.endswith(shipped[0]) and english.content.endswith(own_pages("hisss")[0])


def test_the_commands_a_page_quotes_are_the_names_that_languages_discord_shows() -> None:
    """A Polish client lists /game new as /gra nowa: the Polish page must say so."""
    from bot.rulebook import localize_commands

    english = "Open with `/game new game:hisss`, then `/play move:roll` or `/play <move>`; see `/hand`."
    assert localize_commands(english, "en") == english
    assert localize_commands(english, "pl") == (
        "Open with `/gra nowa gra:hisss`, then `/ruch ruch:roll` or `/ruch <move>`; see `/ręka`."
    )
    assert localize_commands("`/game rules`", "de") == "`/spiel regeln`"
    polish = "\n".join(own_pages("hisss", language="pl"))
    assert "/gra nowa" in polish and "/game new" not in polish
