"""``/game rules`` in both front ends: the same pages, and a real answer without a game."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import Console
from bot.engine import all_games
from bot.rulebook import own_pages
from bot.store import Store
from bot.tables import Tables
from cogs.games import Games
from tests.test_cogs import FakeInteraction, call
from tests.test_rules_pages import _games


async def _console(tmp_path: Path, rules_dir: Path) -> tuple[Console, io.StringIO, Store]:
    store = await Store.open(tmp_path / "console.sqlite3")
    out = io.StringIO()
    return Console(Tables(store, render=False), tmp_path, out=out, rules_dir=rules_dir), out, store


async def test_the_console_pages_the_same_rules_as_discord(tmp_path: Path) -> None:
    (tmp_path / "books").mkdir()
    (tmp_path / "books" / "hisss.txt").write_text("Para one of the book.\n\nLast para.")
    console, out, store = await _console(tmp_path, tmp_path / "books")
    own = own_pages("construction-game")
    try:
        await console.handle("/game rules construction-game")
        summary = out.getvalue()
        assert "The Construction Game — " in summary and "Option end: networth | years" in summary
        assert f"How to play, on pages 2–{len(own) + 1}: /game rules construction-game 2." in summary
        assert "**" not in summary and "`" not in summary  # plain text in a terminal
        out.truncate(0), out.seek(0)
        await console.handle("/game rules construction-game 2")
        assert out.getvalue().strip() == f"The Construction Game — how to play, page 2/{len(own) + 1}\n{own[0]}"
        out.truncate(0), out.seek(0)
        book = len(own_pages("hisss")) + 2
        await console.handle(f"/game rules hisss {book}")
        assert "HISSS — rulebook" in out.getvalue() and "Para one of the book." in out.getvalue()
        out.truncate(0), out.seek(0)
        await console.handle("/game rules hisss 99")
        assert "✗ HISSS has" in out.getvalue() and "choose 1–" in out.getvalue()
        out.truncate(0), out.seek(0)
        await console.handle("/game rules hisss two")
        assert "✗ The page is a number" in out.getvalue()
    finally:
        await store.close()
    # Discord's page 2 is the same text, with its own bold marks
    games, client = _games(tmp_path / "books")
    [page] = await call(Games.rules, games, FakeInteraction(client, 1, "Ana"), game="construction-game", page=2)
    assert page.content == f"**The Construction Game — how to play, page 2/{len(own) + 1}**\n{own[0]}"


async def test_rules_without_a_game_list_the_games_in_both_front_ends(tmp_path: Path) -> None:
    console, out, store = await _console(tmp_path, tmp_path / "none")
    try:
        await console.handle("/game rules")
    finally:
        await store.close()
    text = out.getvalue()
    assert "There is no game called" not in text
    assert "Which game? Ask with /game rules GAME [PAGE]." in text
    real = [game for game in all_games() if not game.slug.startswith("toy")]
    assert all(f"{game.title} ({game.slug})" in text for game in real) and "toy-draw" not in text
    games, client = _games(tmp_path / "none")
    for empty in (None, "", "  "):
        [reply] = await call(Games.rules, games, FakeInteraction(client, 1, "Ana"), game=empty)
        assert reply.ephemeral and "Which game?" in reply.content and "There is no game called" not in reply.content
        assert "Treasure of Silver Lake (silver-lake)" in reply.content
