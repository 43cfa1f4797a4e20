"""Driving the web table in a real browser: Debian's Chromium through Playwright for Python.

The system browser is used (``executable_path``), never a downloaded one; ``make chromium``
installs it where it is missing. A player is a browser context that opened their own seat
link; :func:`click_move` plays one move the way a person would — on the board's regions when
the move is named there, else through the page's buttons, selects, narrowing steps and amount
form — and never by calling the server directly.
"""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page, async_playwright

from bot.engine import Action, amount_choices
from bot.tables import LiveTable
from tests.web.conftest import Harness

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 45_000


async def launch() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            await browser.close()


async def open_page(browser: Browser, url: str, width: int = 1280, height: int = 900) -> Page:
    context = await browser.new_context(viewport={"width": width, "height": height})
    page = await context.new_page()
    await page.goto(url)
    return page


async def seat_page(browser: Browser, harness: Harness, table_id: int, seat: int, width: int = 1280) -> Page:
    """A browser context that opened seat ``seat``'s own link and shows that player's panel."""
    live = await harness.tables.load(table_id)
    link, _ = harness.web.seat_link(table_id, seat, live.user_at(seat).user_id)
    page = await open_page(browser, link, width)
    await page.wait_for_url("**/t/**", timeout=WAIT_MS)
    await page.wait_for_selector("#me:not([hidden])", timeout=WAIT_MS)
    return page


async def showing(page: Page, version: int) -> None:
    """Wait until ``page`` shows the table at ``version`` or later (it follows by itself) and
    no move of its own is on its way."""
    await page.wait_for_function(
        "v => !document.body.dataset.busy && Number(document.body.dataset.version || -1) >= v", arg=version,
        timeout=WAIT_MS)


def _quoted(text: str) -> str:
    return json.dumps(text)


async def _changed(page: Page, before: str) -> None:
    await page.wait_for_function("html => document.getElementById('controls').innerHTML !== html", arg=before,
                                 timeout=WAIT_MS)


async def click_move(page: Page, action: Action, actions: list[Action]) -> str:
    """Play ``action`` on the page by clicking; how it was reached ("region", "button", …)."""
    key = action.key
    how = ""
    for name in [*action.group, action.label if action.main else ""]:
        region = page.locator(f"#regions [data-region={_quoted(name)}]") if name else None
        if region is not None and await region.count():
            before = await page.inner_html("#controls")
            sent = await page.evaluate("document.body.dataset.sent || '0'")
            await region.first.click()
            # The click either sent the move (the page counts moves sent) or opened a step.
            await page.wait_for_function(
                "([html, sent]) => (document.body.dataset.sent || '0') !== sent"
                " || document.getElementById('controls').innerHTML !== html", arg=[before, sent], timeout=WAIT_MS)
            if await page.evaluate("document.body.dataset.sent || '0'") != sent:
                return "region"
            how = "region+"
            break
    for _ in range(10):
        button = page.locator(f"#controls button[data-key={_quoted(key)}]")
        if await button.count():
            await button.first.click()
            return how + "button"
        select = page.locator(f"#controls select:has(option[data-key={_quoted(key)}])")
        if await select.count():
            value = await select.first.locator(f"option[data-key={_quoted(key)}]").get_attribute("value")
            await select.first.select_option(value)
            return how + "select"
        choice = next((c for c in amount_choices(actions) if key in {a.key for a in c.actions.values()}), None)
        if choice is not None and await page.locator(f"#controls form[data-prefix={_quoted(choice.prefix)}]").count():
            dollars = next(d for d, a in choice.actions.items() if a.key == key)
            form = page.locator(f"#controls form[data-prefix={_quoted(choice.prefix)}]")
            await form.locator("input").fill(str(dollars))
            await form.locator("button[type=submit]").click()
            return how + "amount"
        opened = False
        for depth in range(len(action.group), 0, -1):
            path = _quoted("/".join(action.group[:depth]))
            before = await page.inner_html("#controls")
            group_button = page.locator(f"#controls button[data-group={path}]")
            if await group_button.count():
                await group_button.first.click()
                await _changed(page, before)
                opened = True
                break
            group_select = page.locator(f"#controls select:has(option[data-group={path}])")
            if await group_select.count():
                value = await group_select.first.locator(f"option[data-group={path}]").get_attribute("value")
                await group_select.first.select_option(value)
                await _changed(page, before)
                opened = True
                break
        if not opened:
            break
        how += "step+"
    controls = await page.inner_text("#controls")
    raise AssertionError(f"{key!r} ({action.label}, group {action.group}) cannot be reached on the page: {controls!r}")


async def play_by_clicking(harness: Harness, pages: dict[int, Page], table_id: int, *, limit: int,
                           until: Callable[[LiveTable], bool] = lambda live: False, seed: int = 3,
                           watchers: tuple[Page, ...] = ()) -> list[tuple[str, str]]:
    """Play the game's agent's choices by clicking on the players' pages until it ends, ``until``
    says so or ``limit`` moves were made; every page (players' and ``watchers``) must follow each
    move by itself. The keys played and how each was reached."""
    rng = random.Random(seed)
    played: list[tuple[str, str]] = []
    everyone = [*pages.values(), *watchers]
    page_log: list[str] = []
    for seat, page in pages.items():
        page.on("response", lambda r, seat=seat: page_log.append(f"{seat}:{r.status} {r.request.method} {r.url[-28:]}"))
        page.on("console", lambda m, seat=seat: page_log.append(f"{seat}: console {m.text}"))
    while len(played) < limit:
        live = await harness.tables.load(table_id)
        turns = harness.tables.turns(live)
        if not turns or until(live):
            break
        turn = turns[0]
        assert live.state_json is not None
        key = live.game.agent(json.loads(live.state_json), turn.seat, rng)
        action = next(a for a in turn.actions if a.key == key)
        page = pages[turn.seat]
        revision = live.revision  # the cached table changes in place when the move is committed
        await showing(page, revision)
        error_before = await page.inner_text("#error")
        try:
            how = await click_move(page, action, list(turn.actions))
        except Exception as error:
            shown = await page.inner_html("#controls")
            title = await page.inner_text("#step-title")
            raise AssertionError(f"{key!r} ({action.group}) failed: {error}; step {title!r}: {shown[:1500]}") from None
        try:
            await showing(page, revision + 1)
        except Exception:
            error = await page.inner_text("#error")
            dataset = await page.evaluate("JSON.stringify(document.body.dataset)")
            now = (await harness.tables.load(table_id)).revision
            raise AssertionError(f"{key!r} ({how}) was not played: {error or error_before!r}; page {dataset}, "
                                 f"table at {now}, expected {revision + 1}; log {page_log[-12:]}") from None
        after = await harness.tables.load(table_id)
        for other in everyone:
            await showing(other, after.revision)  # server-sent events brought every page along
        played.append((key, how))
    return played


def logged_public_lines(rows: list[Any], names: list[str]) -> list[str]:
    from bot.tables import name_seats

    return [name_seats(event["text"], names) for row in rows for event in row.events
            if event.get("visible_to") is None and event.get("text")]
