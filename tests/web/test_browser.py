"""The web table in a real browser (Debian's Chromium, driven by Playwright): two players in two
browser contexts play by clicking, a spectator watches, the channel sees the same moves, and
forged or expired links are refused.

The whole game of Schwarzes Gold is marked slow (``make soak``); ``make test`` plays its
opening and a stretch of 1856 covering a stock round, a tile lay and a run.
"""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser

from bot.web.limits import RateLimit
from tests.web.browser import (
    CHROMIUM,
    WAIT_MS,
    launch,
    logged_public_lines,
    open_page,
    play_by_clicking,
    seat_page,
    showing,
)
from tests.web.conftest import Harness

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed (make chromium)"),
    pytest.mark.xdist_group("browser"),
]


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async for found in launch():
        yield found


@pytest.fixture
async def site(harness: Harness) -> AsyncIterator[TestServer]:
    """The web table on a real port of 127.0.0.1; its links point there."""
    server = TestServer(harness.web.app(), host="127.0.0.1")
    await server.start_server()
    harness.web.base_url = f"http://127.0.0.1:{server.port}"
    yield server
    await server.close()


async def check_channel_saw_every_move(harness: Harness, table_id: int, clicks: int, after: int = 0) -> None:
    """What Discord was handed (one reply per move made on the page) holds every public line of
    the log (from the moves after position ``after``: those before were not made on a page)."""
    await harness.web.settle()
    live = await harness.tables.load(table_id)
    posted_at = [reply.position for reply in harness.posted]
    assert len(harness.posted) == clicks, (posted_at, [row.position for row in await harness.store.actions(table_id)
                                                       if not row.events or "(forced)" not in row.events[0]["text"]])
    posted = "\n".join(reply.text for reply in harness.posted)
    actions = [row for row in await harness.store.actions(table_id) if row.position > after]
    lines = logged_public_lines(actions, live.names)
    assert lines and [line for line in lines if line not in posted] == []


async def play_schwarzes_gold(harness: Harness, browser: Browser, limit: int) -> tuple[int, list[tuple[str, str]]]:
    table_id = await harness.open("schwarzes-gold")
    pages = {seat: await seat_page(browser, harness, table_id, seat) for seat in (0, 1)}
    spectator = await open_page(browser, harness.web.table_url(table_id), width=400)
    await spectator.wait_for_selector("#board-img[src]", timeout=WAIT_MS)
    assert await spectator.locator("#me").is_hidden()
    played = await play_by_clicking(harness, pages, table_id, limit=limit, watchers=(spectator,))
    # The spectator never had a player's controls, and no page showed a refusal.
    assert await spectator.locator("#controls *").count() == 0
    for page in pages.values():
        assert await page.locator("#error").is_hidden()
    await check_channel_saw_every_move(harness, table_id, len(played))
    return table_id, played


async def test_schwarzes_gold_opening_by_clicking_two_players_and_a_spectator(
    harness: Harness, site: TestServer, browser: Browser
) -> None:
    table_id, played = await play_schwarzes_gold(harness, browser, limit=12)
    assert len(played) == 12
    assert any(how.startswith("region") for _, how in played), played  # fields picked on the board
    assert (await harness.tables.load(table_id)).position >= 12


@pytest.mark.slow
async def test_a_whole_game_of_schwarzes_gold_by_clicking(harness: Harness, site: TestServer, browser: Browser) -> None:
    table_id, played = await play_schwarzes_gold(harness, browser, limit=1000)
    live = await harness.tables.load(table_id)
    assert live.row.status == "over", f"stopped after {len(played)} moves"
    # The end: the result on the page and the game's replay, stepped through in the browser.
    page = await open_page(browser, harness.web.table_url(table_id))
    await page.wait_for_selector("#replay:not([hidden])", timeout=WAIT_MS)
    assert "wins" in (await page.inner_text("#turn")) or "Game over" in (await page.inner_text("#turn"))
    replay = await open_page(browser, harness.web.replay_url(table_id))
    await replay.wait_for_function("() => document.body.dataset.move !== undefined", timeout=WAIT_MS)
    assert await replay.evaluate("document.body.dataset.move") == str(live.position)
    await replay.click("#first")
    await replay.wait_for_function("() => document.body.dataset.move === '0'", timeout=WAIT_MS)
    await replay.click("#next")
    await replay.wait_for_function("() => document.body.dataset.move === '1'", timeout=WAIT_MS)


async def test_a_stretch_of_1856_by_clicking_a_stock_round_a_tile_lay_and_a_run(
    harness: Harness, site: TestServer, browser: Browser
) -> None:
    table_id = await harness.open("1856", players=3)
    # The bot waits in the private auction until each private is free (some 230 passes), so the
    # auction is played by the agents directly, and the pages click from the first par on.
    for _ in range(400):
        live = await harness.tables.load(table_id)
        turn = harness.tables.turns(live)[0]
        if live.game.agent(json.loads(live.state_json or "{}"), turn.seat, random.Random(0)).startswith("par:"):
            break
        await harness.play_agents(table_id, 1)
    auction_over = (await harness.tables.load(table_id)).position
    # Three pages on one address follow every move, a run comes some 40 moves after the first
    # par, and the bucket refills on the real clock: the limits have their own tests.
    harness.web.address_limit = RateLimit(rate=1000.0, burst=10_000, clock=harness.clock)
    pages = {seat: await seat_page(browser, harness, table_id, seat) for seat in (0, 1, 2)}
    kinds: list[str] = []

    def first_run_done(live: object) -> bool:
        return "run" in kinds

    played: list[tuple[str, str]] = []
    while "run" not in kinds and len(played) < 80:
        step = await play_by_clicking(harness, pages, table_id, limit=1, until=first_run_done, seed=len(played))
        if not step:
            break
        played += step
        kinds.append(step[0][0].split(":")[0])
    assert {"par", "lay", "run"} <= set(kinds), kinds  # a company started in a stock round, track, a run
    # The tile was laid by clicking its hex on the map, then narrowing to the tile and rotation.
    assert next(how for key, how in played if key.startswith("lay:")).startswith("region"), played
    await check_channel_saw_every_move(harness, table_id, len(played), after=auction_over)


async def test_forged_and_expired_links_are_refused_in_the_browser(
    harness: Harness, site: TestServer, browser: Browser
) -> None:
    table_id = await harness.open("schwarzes-gold")
    live = await harness.tables.load(table_id)
    link, _ = harness.web.seat_link(table_id, 0, live.user_at(0).user_id)
    forged = link[:-4] + ("AAAA" if not link.endswith("AAAA") else "BBBB")
    page = await open_page(browser, forged)
    await page.wait_for_selector("#claim.alert", timeout=WAIT_MS)
    assert "signature does not match" in await page.inner_text("#claim")
    assert "#" not in page.url  # the token is wiped from the address bar
    assert await page.context.cookies() == []
    harness.clock.advance(harness.web.link_hours * 3600 + 5)
    page = await open_page(browser, link)
    await page.wait_for_selector("#claim.alert", timeout=WAIT_MS)
    assert "expired" in await page.inner_text("#claim")
    # A page opened with a link that has since expired falls back to watching, and says why.
    harness.clock.advance(-(harness.web.link_hours * 3600 + 5))
    player = await seat_page(browser, harness, table_id, 0)
    harness.clock.advance(harness.web.link_hours * 3600 + 5)
    await harness.play_agents(table_id, 1)
    await showing(player, (await harness.tables.load(table_id)).revision)
    await player.wait_for_selector("#link-refused:not([hidden])", timeout=WAIT_MS)
    assert "expired" in await player.inner_text("#link-refused")
    assert await player.locator("#me").is_hidden()


async def test_a_polish_tables_page_is_polish_in_the_browser(harness: Harness, site: TestServer, browser: Browser) -> None:
    """The scripts write their words from the page's data-words (the server's Polish), not English."""
    table_id = await harness.open("schwarzes-gold", language="pl")
    player = await seat_page(browser, harness, table_id, 0)
    await player.wait_for_function("document.getElementById('conn').textContent === 'na żywo'", timeout=WAIT_MS)
    assert await player.get_attribute("html", "lang") == "pl"
    live = await harness.tables.load(table_id)
    assert await player.inner_text("#me-name") == f"Ty: {live.user_at(0).name}"
    assert await player.inner_text("#title") == f"Schwarzes Gold · stół {table_id}"
    assert "ty" in await player.inner_text("#players") and "you" not in await player.inner_text("#players")
    assert "Ostatnie ruchy" in await player.inner_text("aside")
