"""The web table's server through aiohttp's test client, over a real session layer and SQLite:
links, CSRF, rate limits, live events, moves through Tables.act, replays, and hidden
information checked against redrawn hidden information."""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.reply_text import whose_turn
from bot.store import Store
from bot.web.links import SeatPass
from bot.web.server import CSP
from tests.web.conftest import CHANNEL, Harness, player, strict_limits

CHANNEL_EN = CHANNEL + 1

Client = TestClient[Any, Any]


async def claim(client: Client, harness: Harness, table_id: int, seat: int) -> dict[str, Any]:
    """Open seat ``seat``'s link the way the /s page does; the page's state afterwards."""
    live = await harness.tables.load(table_id)
    token = harness.link_token(table_id, seat, live.user_at(seat).user_id)
    response = await client.post("/s", json={"token": token})
    assert response.status == 200, await response.text()
    path = (await response.json())["to"]
    assert path == harness.web.table_path(table_id)
    assert "HttpOnly" in response.headers["Set-Cookie"] and "SameSite=Strict" in response.headers["Set-Cookie"]
    return await state(client, harness, table_id)


async def state(client: Client, harness: Harness, table_id: int) -> dict[str, Any]:
    response = await client.get(harness.web.table_path(table_id) + "/state")
    assert response.status == 200
    return await response.json()  # type: ignore[no-any-return]


async def move(client: Client, harness: Harness, table_id: int, body: dict[str, Any], csrf: str | None,
               **headers: str) -> tuple[int, dict[str, Any]]:
    if csrf is not None:
        headers["X-CSRF-Token"] = csrf
    response = await client.post(harness.web.table_path(table_id) + "/move", json=body, headers=headers)
    return response.status, await response.json()


async def test_a_spectator_sees_the_public_table_with_strict_headers(harness: Harness, client: Client) -> None:
    table_id = await harness.open("schwarzes-gold")
    page = await client.get(harness.web.table_path(table_id))
    assert page.status == 200 and "/static/table.js" in await page.text()
    assert page.headers["Content-Security-Policy"] == CSP
    assert "script-src 'self'" in CSP and "default-src 'none'" in CSP
    assert page.headers["X-Frame-Options"] == "DENY" and page.headers["Referrer-Policy"] == "no-referrer"
    data = await state(client, harness, table_id)
    assert data["title"] == "Schwarzes Gold" and data["me"] is None
    assert sorted(p["name"] for p in data["players"]) == ["Ana", "Bo"]
    assert any(p["turn"] for p in data["players"])
    assert data["turn_line"]
    board = await client.get(harness.web.table_path(table_id) + "/" + data["board"]["url"])
    assert board.status == 200 and board.content_type == "image/png"
    assert (await board.read())[:8] == b"\x89PNG\r\n\x1a\n"
    # A wrong MAC is no table at all (and neither is another table's MAC).
    assert (await client.get(f"/t/{table_id}/notthemac/state")).status == 404
    assert (await client.get(f"/t/{table_id + 1}/{harness.web.signer.watch(table_id)}")).status == 404
    for asset in ("table.js", "table.css", "claim.js", "replay.js"):
        assert (await client.get(f"/static/{asset}")).status == 200


async def test_a_player_plays_from_the_page_through_tables_act(harness: Harness, client: Client) -> None:
    table_id = await harness.open("schwarzes-gold")
    live = await harness.tables.load(table_id)
    seat = harness.tables.turns(live)[0].seat
    data = await claim(client, harness, table_id, seat)
    me = data["me"]
    assert me["seat"] == seat and me["csrf"]
    key = me["step"]["rows"][0][0]["options"][0]["key"]
    status, body = await move(client, harness, table_id, {"key": key, "revision": data["revision"]}, me["csrf"])
    assert status == 200 and body["ok"], body
    rows = await harness.store.actions(table_id)
    assert [(row.seat, row.action_key, row.user_id) for row in rows][:1] == [(seat, key, live.user_at(seat).user_id)]
    await harness.web.settle()
    assert len(harness.posted) == 1 and harness.posted[0].position == (await harness.tables.load(table_id)).position
    after = await state(client, harness, table_id)
    assert after["version"] > data["version"] and after["recent"]


async def test_moves_are_refused_like_buttons_and_without_csrf_or_from_another_site(
    harness: Harness, client: Client
) -> None:
    table_id = await harness.open("schwarzes-gold")
    live = await harness.tables.load(table_id)
    seat = harness.tables.turns(live)[0].seat
    other = 1 - seat
    waiting = await claim(client, harness, table_id, other)
    key = "first:1"
    csrf = waiting["me"]["csrf"]
    status, body = await move(client, harness, table_id, {"key": key, "revision": waiting["revision"]}, csrf)
    assert status == 400 and body["error"].startswith("It is not your turn")
    data = await claim(client, harness, table_id, seat)
    csrf = data["me"]["csrf"]
    for bad_csrf in (None, "", waiting["me"]["csrf"]):
        status, body = await move(client, harness, table_id, {"key": key, "revision": data["revision"]}, bad_csrf)
        assert status == 403 and "reload" in body["error"]
    status, body = await move(client, harness, table_id, {"key": key, "revision": data["revision"]}, csrf,
                              Origin="https://evil.example")
    assert status == 403 and "another site" in body["error"]
    status, body = await move(client, harness, table_id, {"key": key, "revision": data["revision"] + 5}, csrf)
    assert status == 409 and body["stale"]
    status, body = await move(client, harness, table_id, {"key": "first:9", "revision": data["revision"]}, csrf)
    assert status == 400 and body["error"]
    status, body = await move(client, harness, table_id, {"key": key}, csrf)
    assert status == 400
    assert await harness.store.actions(table_id) == []  # nothing refused was played
    assert harness.posted == []


async def test_forged_expired_and_revoked_links_are_refused(harness: Harness, client: Client) -> None:
    table_id = await harness.open("schwarzes-gold")
    live = await harness.tables.load(table_id)
    token = harness.link_token(table_id, 0, live.user_at(0).user_id)
    forged = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    response = await client.post("/s", json={"token": forged})
    assert response.status == 403 and "signature" in (await response.json())["error"]
    assert "Set-Cookie" not in response.headers
    someone_else = harness.link_token(table_id, 0, live.user_at(1).user_id)  # signed, but not that seat's player
    response = await client.post("/s", json={"token": someone_else})
    assert response.status == 403 and "no longer hold" in (await response.json())["error"]
    # A good link works, then stops working when it expires: the page falls back to watching.
    assert (await claim(client, harness, table_id, 0))["me"]["seat"] == 0
    harness.clock.advance(harness.web.link_hours * 3600 + 1)
    data = await state(client, harness, table_id)
    assert data["me"] is None and "expired" in data["link_refused"]
    response = await client.post("/s", json={"token": token})
    assert response.status == 403 and "expired" in (await response.json())["error"]
    # Revoked: links issued before the revocation are refused, a new one works.
    data = await claim(client, harness, table_id, 0)
    harness.clock.advance(1)
    await harness.web.revoke(table_id, 0)
    data = await state(client, harness, table_id)
    assert data["me"] is None and "revoked" in data["link_refused"]
    harness.clock.advance(1)
    assert (await claim(client, harness, table_id, 0))["me"]["seat"] == 0


async def test_requests_are_rate_limited_per_address_and_moves_per_seat(harness: Harness, client: Client) -> None:
    table_id = await harness.open("schwarzes-gold")
    strict_limits(harness, burst=4)
    path = harness.web.table_path(table_id) + "/state"
    statuses = [(await client.get(path)).status for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    limited = await client.get(path)
    assert limited.status == 429 and int(limited.headers["Retry-After"]) >= 1
    harness.clock.advance(10)
    assert (await client.get(path)).status == 200


async def test_the_event_stream_announces_every_change(harness: Harness, client: Client) -> None:
    table_id = await harness.open("schwarzes-gold")
    harness.web.keepalive = 0.05
    response = await client.get(harness.web.table_path(table_id) + "/events")
    assert response.headers["Content-Type"] == "text/event-stream"

    async def next_event() -> dict[str, Any]:
        while True:
            line = (await asyncio.wait_for(response.content.readline(), 10)).decode()
            if line.startswith("data: "):
                return json.loads(line[6:])  # type: ignore[no-any-return]

    first = await next_event()
    assert first["version"] == (await harness.tables.load(table_id)).revision
    await harness.play_agents(table_id, 1)
    assert (await next_event())["version"] == (await harness.tables.load(table_id)).revision > first["version"]
    response.close()


async def test_a_finished_game_has_a_replay_and_a_running_one_has_none(harness: Harness, client: Client) -> None:
    table_id = await harness.open("chomp")
    replay = f"/r/{table_id}/{harness.web.signer.watch(table_id)}"
    assert (await client.get(replay + "/frame")).status == 404  # still running: its future stays unseen
    await harness.play_agents(table_id, 500)
    live = await harness.tables.load(table_id)
    assert live.row.status == "over"
    data = await state(client, harness, table_id)
    assert data["replay"] == harness.web.replay_url(table_id)
    assert (await client.get(replay)).status == 200
    start = await (await client.get(replay + "/frame?move=0")).json()
    assert (start["move"], start["total"]) == (0, live.position)
    end = await (await client.get(replay + "/frame")).json()
    assert end["move"] == live.position
    picture = await client.get(replay + f"/frame.png?move={live.position}")
    assert picture.status == 200 and (await picture.read())[:4] == b"\x89PNG"
    assert (await client.get(f"/r/{table_id}/wrong/frame")).status == 404


@pytest.mark.parametrize("slug", ["killer-bunnies", "puerto-rico"])
async def test_pages_show_nothing_that_redrawn_hidden_information_changes(
    harness: Harness, client: Client, slug: str
) -> None:
    """The spectator's page (JSON and board) and a player's page (JSON, board, private picture)
    are the same when everything they cannot see is redrawn (``game.conceal``)."""
    table_id = await harness.open(slug, players=3)
    await harness.play_agents(table_id, 12)

    async def snapshot(seat: int | None) -> tuple[str, bytes, bytes | None]:
        data = await state(client, harness, table_id)
        board = await (await client.get(harness.web.table_path(table_id) + "/board.png")).read()
        mine = None
        if data["me"] is not None:
            mine = await (await client.get(harness.web.table_path(table_id) + "/mine.png")).read()
        return json.dumps(data, sort_keys=True), board, mine

    async def redraw(viewer: int | None, seed: int) -> None:
        live = await harness.tables.load(table_id)
        assert live.state is not None
        hidden = live.game.conceal(live.state, viewer, random.Random(seed))
        live.state, live.state_json, live.prompts = hidden, json.dumps(hidden), None
        harness.web.forget_pictures()  # drawn again from the redrawn state, not the cached ones

    live = await harness.tables.load(table_id)
    original = live.state
    watched = await snapshot(None)
    for seed in (1, 2):
        await redraw(None, seed)
        assert await snapshot(None) == watched
    live.state, live.state_json, live.prompts = original, json.dumps(original), None
    await claim(client, harness, table_id, 0)
    played = await snapshot(0)
    assert played[2] is not None  # this game has a private picture, and it is compared too
    for seed in (3, 4):
        await redraw(0, seed)
        assert await snapshot(0) == played


async def test_revocations_are_kept_by_both_backends(any_store: Store) -> None:
    table_id = await any_store.create_table(guild_id=1, channel_id=2, slug="chomp", options={}, seed=1, host_id=5,
                                            host_name="Ana", engine_version=1, now=0.0, deadlines={})
    assert await any_store.web_links_revoked(table_id, 0) is None
    await any_store.revoke_web_links(table_id, 0, now_ms=1000)
    await any_store.revoke_web_links(table_id, 0, now_ms=2000)
    await any_store.revoke_web_links(table_id, 1, now_ms=1500)
    assert await any_store.web_links_revoked(table_id, 0) == 2000
    assert await any_store.web_links_revoked(table_id, 1) == 1500


async def test_only_the_seat_cookie_shows_moves_and_private_pictures(harness: Harness, client: Client) -> None:
    table_id = await harness.open("killer-bunnies", players=2)
    path = harness.web.table_path(table_id)
    assert (await client.get(path + "/mine.png")).status == 403
    assert (await client.get(path + "/step?path=x&v=0")).status == 403
    status, body = await move(client, harness, table_id, {"key": "x", "revision": 0}, "whatever")
    assert status == 403 and "/game web" in body["error"]
    assert player(0).name in [p["name"] for p in (await state(client, harness, table_id))["players"]]


def page_words(page: str) -> dict[str, str]:
    """The words a page's scripts write, as the server put them in the page (``data-words``)."""
    found = re.search(r'<body data-words="([^"]*)">', page)
    assert found is not None
    return json.loads(html.unescape(found[1]))  # type: ignore[no-any-return]


async def test_a_polish_tables_page_speaks_polish(harness: Harness, client: Client) -> None:
    english_id = await harness.open("schwarzes-gold", channel=CHANNEL_EN)
    table_id = await harness.open("schwarzes-gold", language="pl")
    english = await (await client.get(harness.web.table_path(english_id))).text()
    polish = await (await client.get(harness.web.table_path(table_id))).text()
    assert '<html lang="en">' in english and "<h2>Latest moves</h2>" in english and "{{" not in english
    assert page_words(english)["move_of"] == "Move {move} of {total}"
    # The fixed HTML is filled in Polish, and the scripts' words come with it (no inline script).
    assert '<html lang="pl">' in polish and "{{" not in polish and "<script>" not in polish
    assert "<h2>Ostatnie ruchy</h2>" in polish and "<h2>Gracze</h2>" in polish and "Latest moves" not in polish
    words = page_words(polish)
    assert words["no_table"] == "Tu nie ma stołu" and words["move_of"] == "Ruch {move} z {total}"
    assert words.keys() == page_words(english).keys()
    # The state's own lines are the table's language: whose turn differs from the English table's.
    live = await harness.tables.load(table_id)
    data = await state(client, harness, table_id)
    assert data["language"] == "pl" and data["turn_line"] != whose_turn(harness.tables.turns(live, "en"), "en")
    assert data["turn_line"] == whose_turn(harness.tables.turns(live, "pl"), "pl")
    # Refusals: a move without a seat, and an expired link, in Polish.
    status, body = await move(client, harness, table_id, {"key": "x", "revision": data["revision"]}, None)
    assert status == 403 and body["error"] == "Otwórz swój własny link (z /gra www), aby grać przy tym stole."
    assert (await claim(client, harness, table_id, 0))["me"]["seat"] == 0
    harness.clock.advance(harness.web.link_hours * 3600 + 1)
    data = await state(client, harness, table_id)
    assert data["me"] is None and data["link_refused"].startswith("Ten link wygasł.")


async def test_the_seat_link_page_follows_the_browsers_language(harness: Harness, client: Client) -> None:
    page = await client.get("/s", headers={"Accept-Language": "fr-FR,pl;q=0.8,en;q=0.5"})
    text = await page.text()
    assert page.headers["Content-Security-Policy"] == CSP
    assert '<html lang="pl">' in text and "Otwieranie twojego miejsca…" in text
    # Its commands as a Polish Discord client lists them.
    assert page_words(text)["link_incomplete"] == "Ten link jest niepełny: otwórz cały link z /gra www."
    english = await (await client.get("/s")).text()
    assert '<html lang="en">' in english and "Opening your seat…" in english
    response = await client.post("/s", json={"token": "1.2.3"}, headers={"Accept-Language": "de"})
    assert response.status == 403 and (await response.json())["error"].startswith("Dieser Link ist beschädigt")


async def test_a_polish_players_regions_are_named_and_found_in_polish(harness: Harness) -> None:
    """The board's regions are named like the moves' groups, in the table's language: a mine
    of Bullfrog Goldfield ("Belmont mine", "kopalnia Belmont" in Polish) stays clickable."""
    table_id = await harness.open("bullfrog-goldfield", language="pl")
    for step in range(60):
        live = await harness.tables.load(table_id)
        seat = harness.tables.turns(live)[0].seat
        seat_pass = SeatPass(table_id, seat, live.user_at(seat).user_id, 0, 2_000_000_000)
        regions = (await harness.web.seat_part(live, seat_pass, harness.web.signer.seat_token(seat_pass)))["regions"]
        mines = [region for region in regions if region["name"].startswith("kopalnia ")]
        if mines:
            break
        await harness.play_agents(table_id, 1, seed=step)
    assert mines, "no mine was ever choosable"
    groups = {name for turn in harness.tables.turns(live) if turn.seat == seat for action in turn.actions
              for name in (action.label, *action.group)}
    assert all(region["name"] in groups and ("key" in region or region["paths"]) for region in mines)
    assert not any(region["name"].endswith(" mine") for region in regions)
