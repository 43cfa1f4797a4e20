"""Screenshots of the web table for the README: ``python scripts/web_screenshots.py``.

Three games (1856, Puerto Rico, Schwarzes Gold) are opened on a temporary database and played
on by their own bots through the session layer, then a player's page (opened with that
player's seat link, so it shows their moves and the board's clickable regions) is captured in
Debian's Chromium at phone width (400 px) and desktop width (1280 px):
``images/readme/web-<slug>-phone.png`` and ``web-<slug>-desktop.png``. Seeded: the pictures
change only when a game, its drawing or the page changes.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aiohttp import web
from playwright.async_api import async_playwright

from bot.games import load_all
from bot.replies import User
from bot.store import Store
from bot.tables import Tables
from bot.web.links import Signer
from bot.web.page import region_targets
from bot.web.server import WebTable

OUT = Path(__file__).resolve().parents[1] / "images" / "readme"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NAMES = ["Ana", "Bo", "Cy", "Dee"]
GAMES = {"1856": (3, 40, "Lay a tile"), "puerto-rico": (3, 60, ""), "schwarzes-gold": (2, 30, "")}
"""slug: (players, bot moves at least, a group the shown decision must offer, if any)."""
WIDTHS = {"phone": (400, 860), "desktop": (1280, 900)}


async def clickable(front: WebTable, tables: Tables, table_id: int, group: str) -> bool:
    """Whether the player to move now can pick a move on the board (so the picture shows regions)."""
    live = await tables.load(table_id)
    turns = tables.turns(live)
    if not turns or (group and not any(action.group[:1] == (group,) for action in turns[0].actions)):
        return False
    board = await front._board(live)
    return bool(board and region_targets(turns[0].actions, board.regions))


async def open_table(front: WebTable, tables: Tables, slug: str, players: int, moves: int, group: str,
                     channel: int) -> tuple[int, int]:
    """A table played at least ``moves`` moves on by the game's agent, on to a decision taken on
    the board; its id and the seat to show."""
    users = [User(700 + i, NAMES[i]) for i in range(players)]
    await tables.create(guild_id=1, channel_id=channel, host=users[0], slug=slug)
    for user in users[1:]:
        await tables.join(channel_id=channel, user=user)
    table_id = (await tables.start(channel_id=channel, user=users[0])).table_id
    rng = random.Random(7)
    for played in range(moves + 80):
        if played >= moves and await clickable(front, tables, table_id, group):
            break
        live = await tables.load(table_id)
        turns = tables.turns(live)
        if not turns:
            break
        seat = turns[0].seat
        key = live.game.agent(json.loads(live.state_json or "{}"), seat, rng)
        await tables.act(user=User(live.user_at(seat).user_id, live.user_at(seat).name), move=key, table_id=table_id)
    live = await tables.load(table_id)
    return table_id, tables.turns(live)[0].seat


async def main() -> None:
    load_all()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "web.sqlite3")
        seeds = iter(range(31, 1000))
        tables = Tables(store, seeds=lambda: next(seeds))
        front = WebTable(tables, Signer(b"screenshots, not a real key"), base_url="http://127.0.0.1")
        runner = web.AppRunner(front.app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        front.base_url = f"http://127.0.0.1:{port}"
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for channel, (slug, (players, moves, group)) in enumerate(GAMES.items(), start=1):
                    table_id, seat = await open_table(front, tables, slug, players, moves, group, channel)
                    live = await tables.load(table_id)
                    link, _ = front.seat_link(table_id, seat, live.user_at(seat).user_id)
                    for name, (width, height) in WIDTHS.items():
                        context = await browser.new_context(viewport={"width": width, "height": height},
                                                            color_scheme="light")
                        page = await context.new_page()
                        await page.goto(link)
                        await page.wait_for_selector("#me:not([hidden])")
                        await page.wait_for_function("() => document.getElementById('board-img').complete")
                        path = OUT / f"web-{slug}-{name}.png"
                        await page.screenshot(path=str(path), full_page=name == "phone")
                        print(path)
                        await context.close()
                await browser.close()
        finally:
            await runner.cleanup()
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
