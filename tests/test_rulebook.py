"""Rules pages: every game ships its own how-to-play pages (``data/<slug>/rules.md``), so
``/game rules`` teaches the game on a machine without the rulebook folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import games
from bot.config import load_settings
from bot.engine import Game, all_games
from bot.rulebook import PAGE_CHARS, game_pages, own_pages, paginate, sections, unwrap

games.load_all()
# The product's games (tests/conftest.py also registers toy games, which have no pages).
GAMES = sorted((g for g in all_games() if type(g).__module__.startswith("bot.games.")), key=lambda g: g.slug)


@pytest.fixture(params=["unset", "missing"])
def rules_dir(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[Path, bool]:
    """The rulebook folder from the settings, with ``GAMEMASTER_RULES_DIR`` unset (the
    default ``../shared/rules``, which a fresh clone lacks but this machine may have) or
    pointing at a folder that does not exist; and whether the folder is surely missing."""
    if request.param == "unset":
        monkeypatch.delenv("GAMEMASTER_RULES_DIR", raising=False)
    else:
        monkeypatch.setenv("GAMEMASTER_RULES_DIR", str(tmp_path / "no-such-folder"))
    folder = load_settings(tmp_path / "no.env").rules_dir
    return folder, request.param == "missing"


@pytest.mark.parametrize("game", GAMES, ids=[game.slug for game in GAMES])
def test_every_game_has_its_own_pages_naming_every_option(game: Game, rules_dir: tuple[Path, bool]) -> None:
    folder, missing = rules_dir
    found = game_pages(game.slug, game.rules_file, folder)
    if missing:
        assert found.book == [] and found.all == found.own
    assert found.own, f"{game.slug} has no data/{game.slug}/rules.md"
    text = "\n".join(found.own)
    for option in game.options:
        assert f"`{option.name}`" in text, f"option {option.name} is not explained"
        for value in option.choices:
            assert f"`{value}`" in text, f"value {value} of option {option.name} is not explained"
    assert all(0 < len(page) <= PAGE_CHARS for page in found.own)
    # Discord shows no Markdown tables: rows of pipes would reach the player as they are
    assert not any(line.startswith("|") for page in found.own for line in page.splitlines())


@pytest.mark.parametrize("slug", ["hisss", "puerto-rico", "finders-keepers"])
def test_our_pages_cover_the_whole_game(slug: str) -> None:
    headings = [page.splitlines()[0] for page in own_pages(slug)]
    assert all(heading.startswith("## ") for heading in headings)
    text = "\n".join(own_pages(slug)).lower()
    for topic in ("setup", "end", "table options", "/play", "/hand", "/board", "button"):
        assert topic in text, f"{slug} pages say nothing about {topic}"


def test_sections_make_one_page_each_and_split_long_ones() -> None:
    text = "# Title\n\n## One\nfirst\n\n## Two\n" + "\n\n".join(["word " * 60] * 12)
    pages = sections(text, limit=800)
    assert pages[0] == "## One\nfirst"
    assert pages[1].startswith("## Two\n") and pages[2].startswith("## Two (continued)\n")
    assert all(len(page) <= 800 for page in pages)
    assert "".join(pages).count("word") == 60 * 12
    assert sections("Intro text.\n\n## A\nx") == ["Intro text.", "## A\nx"]


def test_rulebook_folder_pages_come_after_ours(tmp_path: Path) -> None:
    (tmp_path / "hisss.txt").write_text("Para one.\n\n" + "word " * 800 + "\n\nLast para.")
    found = game_pages("hisss", "hisss.txt", tmp_path)
    assert found.own == own_pages("hisss") and found.book == paginate((tmp_path / "hisss.txt").read_text())
    assert found.all == found.own + found.book and found.book[0].startswith("Para one.")


def test_a_game_without_a_page_has_none(tmp_path: Path) -> None:
    assert own_pages("hisss", data_dir=tmp_path) == []


def test_hard_wrapped_lines_are_joined_for_discord() -> None:
    text = "## Head\nA paragraph wrapped\nover lines.\n\n- an item\n  continued\n- next\n1. one\n2. two\n| a |\n| b |"
    assert unwrap(text) == (
        "## Head\nA paragraph wrapped over lines.\n\n- an item continued\n- next\n1. one\n2. two\n| a |\n| b |"
    )
    page = sections("# T\n\n## A\nword\nword")[0]
    assert page == "## A\nword word"
