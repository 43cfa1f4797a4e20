"""The web table: an aiohttp server in the bot's process, one page per table.

Routes (``<watch>`` is the table link's MAC, :meth:`Signer.watch`)::

    GET  /t/<table>/<watch>            the page (fixed HTML in the table's language; its script loads the rest)
    GET  /t/<table>/<watch>/state      JSON: the public part, and the seat part for a player
    GET  /t/<table>/<watch>/step       JSON: a narrowing step of the player's moves (?path=a/b&r=rev)
    GET  /t/<table>/<watch>/board.png  the full board, drawn from the public view
    GET  /t/<table>/<watch>/mine.png   the player's private picture (seat cookie)
    GET  /t/<table>/<watch>/events     server-sent events: "change" whenever the table moves
    POST /t/<table>/<watch>/move       play a move (seat cookie + CSRF token): Tables.act
    GET  /s  ·  POST /s                a seat link (/s#token): the page posts the token, gets a cookie
    GET  /r/<table>/<watch>            a finished game's replay; /frame (JSON) and /frame.png
    GET  /static/…                     the page's own CSS and JS (nothing from elsewhere)

Security, in one place: the seat token lives in the URL fragment and then in an HttpOnly,
SameSite=Strict cookie scoped to its table's path; every move also needs the page's CSRF
token in a header and a same-origin request; requests are limited per client address and
moves per seat; every response carries a strict Content-Security-Policy (scripts, styles,
images and connections from this origin only); the access log never prints a link's secret.
A move goes through :meth:`bot.tables.Tables.act` exactly like a Discord button — the same
refusals (shown on the page), the same log — and its reply is handed to ``publish`` (the
bot posts it in the table's Discord channel; the console prints it).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import json
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

from bot import logs
from bot.config import WebSettings
from bot.engine import MAX_KEY_LENGTH, Action, amount_choices, parse_amount
from bot.engine.choices import ChoiceLayoutError, layout
from bot.engine.words import CORE, Text, texts
from bot.i18n import discord_commands, language_of, say
from bot.render.regions import Region, board_regions
from bot.replays import Replays
from bot.replies import Reply, User
from bot.reply_text import describe_outcome, whose_turn
from bot.store import Store, StoreBusy, StoreUnavailable
from bot.tables import AmountRefused, LiveTable, NoTable, StaleBoard, TableError, Tables, check_id
from bot.web.feed import TableFeed
from bot.web.limits import RateLimit
from bot.web.links import BadLink, SeatPass, Signer
from bot.web.page import png_size, region_targets, step_for, step_json
from bot.workers import draw_private

log = logging.getLogger("gamemaster.web")
T, Tn, Tp = texts(CORE)

WEB_KEY = "web-links"
"""The installation secret (the store's ``secrets`` table) that signs web links."""
COOKIE = "gm_seat"
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
KEEPALIVE_S = 15.0
"""Seconds between comments on an idle event stream (proxies close silent connections)."""
STREAMS_PER_ADDRESS = 16
BOARD_CACHE = 64
FLAT_SELECT = 25

Publish = Callable[[Reply], Awaitable[None]]


async def web_key(store: Store, settings: WebSettings, now: float) -> bytes:
    """The key that signs links: ``WEB_SECRET`` if set, else the database's generated secret."""
    if settings.secret:
        return hashlib.sha256(b"gamemaster-web|" + settings.secret.encode()).digest()
    return await store.secret(WEB_KEY, now=now)


def _static(name: str) -> bytes:
    return resources.files("bot.web").joinpath("static", name).read_bytes()


def _page_words() -> dict[str, Text]:
    """The words of the pages' fixed HTML (``{{name}}`` in ``static/*.html``), in English."""
    return {
        "claim_title": T("opening your seat"),
        "claim_opening": T("Opening your seat…"),
        "replay_title": T("replay"),
        "replay_heading": T("Replay"),
        "board": T("Board"),
        "the_board": T("The board"),
        "board_at_move": T("The board at this move"),
        "first_move": T("First move"),
        "previous_move": T("Previous move"),
        "next_move": T("Next move"),
        "last_move": T("Last move"),
        "first": Tp("replay button", "First"),
        "last": Tp("replay button", "Last"),
        "move": Tp("replay slider", "Move"),
        "table_title": Tp("page title", "table"),
        "loading_table": T("Loading the table…"),
        "only_you": T("What only you can see"),
        "players": T("Players"),
        "latest_moves": T("Latest moves"),
        "replay_link": T("Replay this game, move by move"),
        "connecting": T("connecting…"),
    }


def _script_words() -> dict[str, Text]:
    """The words the pages' scripts write (``word(name)`` in ``static/*.js``), in English; a
    ``{field}`` is filled in by the script."""
    return {
        "link_incomplete": T("This link is incomplete: open the whole link from /game web."),
        "link_refused": T("This link was refused."),
        "claim_unreachable": T("The table could not be reached; try the link again."),
        "replay_unavailable": T("This replay is not available."),
        "replay_of_table": T("Replay · table {table}", table="{table}"),
        "move_of": T("Move {move} of {total}", move="{move}", total="{total}"),
        "unreachable_retrying": T("The table cannot be reached; retrying…"),
        "no_table": T("No table here"),
        "wrong_link": T("This link is wrong or incomplete."),
        "not_loaded": T("The table could not be loaded."),
        "title_table": T("{title} · table {table}", title="{title}", table="{table}"),
        "bot": Tp("player tag", "bot"),
        "you": Tp("player tag", "you"),
        "to_play": Tp("player tag", "to play"),
        "you_name": T("You: {name}", name="{name}"),
        "nothing_to_decide": T("Nothing to decide right now."),
        "back": Tp("button", "Back"),
        "choose": Tp("menu", "Choose"),
        "play_amount": T("Play amount"),
        "not_sent": T("The move could not be sent; check your connection and try again."),
        "move_refused": T("That move was refused."),
        "live": Tp("connection", "live"),
        "reconnecting": T("reconnecting…"),
    }


_FIELD = re.compile(r"\{\{(\w+)\}\}")


def page_html(name: str, language: str) -> str:
    """A page's fixed HTML in ``language``: its ``{{word}}`` fields said and escaped, ``{{lang}}``
    the language, ``{{words}}`` the scripts' words as JSON in an attribute (the page runs no
    inline script, so the Content-Security-Policy stays strict)."""
    said = {key: said_on_page(text, language) for key, text in _page_words().items()}
    said["lang"] = language
    said["words"] = json.dumps({key: said_on_page(text, language) for key, text in _script_words().items()},
                               ensure_ascii=False)
    return _FIELD.sub(lambda match: html.escape(said[match[1]], quote=True), _static(name).decode("utf-8"))


def said_on_page(text: str, language: str) -> str:
    """``text`` in ``language``, the slash commands it names as a Discord client in that
    language lists them (a Polish player looks for ``/gra www``, not ``/game web``)."""
    return discord_commands(say(text, language), language)


def asked_language(request: web.Request) -> str:
    """The language a browser asks for first (``Accept-Language``) among ours, else English:
    for what is said before a table is known (a seat link being opened)."""
    weighted = []
    for order, part in enumerate(request.headers.get("Accept-Language", "").split(",")):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        if tag and (language_of(tag) != "en" or tag.lower().startswith("en")):
            weighted.append((-weight, order, language_of(tag)))
    return min(weighted)[2] if weighted else "en"


_SECRET_IN_PATH = re.compile(r"^/(t|r)/(\d+)/[^/?]+")


def redact_path(path: str) -> str:
    """A request path fit for a log: the table link's MAC replaced by ``…``."""
    return _SECRET_IN_PATH.sub(lambda m: f"/{m[1]}/{m[2]}/…", path.split("?", 1)[0])


class RedactedAccessLog(AbstractAccessLogger):
    """aiohttp's access log without secrets: no query strings, no link MACs, no cookies."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info("%s %s %s %.3fs", request.method, redact_path(request.path), response.status, time)


@dataclass(slots=True)
class _Board:
    revision: int
    png: bytes
    size: tuple[int, int]
    regions: list[Region]


class WebTable:
    """The web front end of one session layer. ``app()`` is the aiohttp application."""

    def __init__(
        self,
        tables: Tables,
        signer: Signer,
        *,
        base_url: str,
        link_hours: float = 168.0,
        publish: Publish | None = None,
        clock: Callable[[], float] = time.time,
        address_limit: RateLimit | None = None,
        seat_limit: RateLimit | None = None,
        keepalive: float = KEEPALIVE_S,
    ) -> None:
        self.tables = tables
        self.signer = signer
        self.base_url = base_url.rstrip("/")
        self.link_hours = link_hours
        self.publish = publish
        self.clock = clock
        self.address_limit = address_limit or RateLimit(rate=20.0, burst=120)
        self.seat_limit = seat_limit or RateLimit(rate=2.0, burst=10)
        self.keepalive = keepalive
        self.secure_cookies = self.base_url.startswith("https://")
        self.feed = TableFeed()
        tables.watchers.append(self.feed.changed)
        self.replays = Replays(tables)
        self._boards: OrderedDict[int, _Board] = OrderedDict()
        self._frames: OrderedDict[tuple[int, int], tuple[dict[str, Any], bytes | None]] = OrderedDict()
        self._privates: OrderedDict[tuple[int, int], tuple[int, bytes | None]] = OrderedDict()
        self._streams: dict[str, int] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    # -- links ------------------------------------------------------------------------------

    def table_path(self, table_id: int) -> str:
        return f"/t/{table_id}/{self.signer.watch(table_id)}"

    def table_url(self, table_id: int) -> str:
        """The table's link: anyone holding it watches the public board."""
        return self.base_url + self.table_path(table_id)

    def replay_url(self, table_id: int) -> str:
        """The shareable replay of a finished game."""
        return f"{self.base_url}/r/{table_id}/{self.signer.watch(table_id)}"

    def seat_link(self, table_id: int, seat: int, user_id: int) -> tuple[str, int]:
        """A player's own link (secret: send it privately) and when it expires (Unix seconds)."""
        now = self.clock()
        expires = int(now + self.link_hours * 3600)
        token = self.signer.seat_token(SeatPass(table_id, seat, user_id, int(now * 1000), expires))
        return f"{self.base_url}/s#{token}", expires

    async def revoke(self, table_id: int, seat: int) -> None:
        """Refuse every link of this seat issued until now (a new one works again)."""
        await self.tables.store.revoke_web_links(table_id, seat, now_ms=int(self.clock() * 1000))

    # -- the application --------------------------------------------------------------------

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=16 * 1024)
        app.on_response_prepare.append(_security_headers)
        table = r"/t/{table:\d+}/{watch:[A-Za-z0-9_-]+}"
        replay = r"/r/{table:\d+}/{watch:[A-Za-z0-9_-]+}"
        app.add_routes([
            web.get("/", self._home),
            web.get("/s", self._claim_page),
            web.post("/s", self._claim),
            web.get(table, self._page),
            web.get(table + "/state", self._state),
            web.get(table + "/step", self._step),
            web.get(table + "/board.png", self._board_png),
            web.get(table + "/mine.png", self._mine_png),
            web.get(table + "/events", self._events),
            web.post(table + "/move", self._move),
            web.get(replay, self._replay_page),
            web.get(replay + "/frame", self._frame),
            web.get(replay + "/frame.png", self._frame_png),
            web.get(r"/static/{name:[a-z]+\.(?:js|css)}", self._asset),
        ])
        app.on_shutdown.append(self._shutdown)
        return app

    async def _shutdown(self, app: web.Application) -> None:
        for task in list(self._tasks):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 5)

    @web.middleware
    async def _guard(self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                     ) -> web.StreamResponse:
        wait = self.address_limit.take(client_address(request))
        if wait:
            return _refuse(429, T("Too many requests from your address; try again in {wait} s.",
                                  wait=f"{wait:.0f}"), asked_language(request),
                           headers={"Retry-After": str(max(1, round(wait)))})
        try:
            return await handler(request)
        except (StoreBusy, StoreUnavailable) as error:
            return _refuse(503, error.args[0] if error.args else str(error), asked_language(request))

    # -- pages ------------------------------------------------------------------------------

    async def _home(self, request: web.Request) -> web.Response:
        text = said_on_page(T("gamemaster: open a table's link from /game web."), asked_language(request))
        return web.Response(text=text, content_type="text/plain")

    async def _asset(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        try:
            body = _static(name)
        except FileNotFoundError:
            raise web.HTTPNotFound() from None
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        return web.Response(body=body, content_type=kind, charset="utf-8", headers={"Cache-Control": "no-cache"})

    async def _page(self, request: web.Request) -> web.Response:
        table_id = self._table_id(request)
        return _html("table.html", await self._language(request, table_id))

    async def _claim_page(self, request: web.Request) -> web.Response:
        return _html("claim.html", asked_language(request))  # the token (in the fragment) is not sent

    async def _replay_page(self, request: web.Request) -> web.Response:
        table_id = self._table_id(request)
        return _html("replay.html", await self._language(request, table_id))

    async def _language(self, request: web.Request, table_id: int) -> str:
        """The language a table's pages speak: the table's (the browser's when there is no such table)."""
        row = await self.tables.store.table(table_id)
        return row.language if row is not None else asked_language(request)

    def _table_id(self, request: web.Request) -> int:
        """The table a ``/t/<table>/<watch>`` path names; 404 unless the MAC is right."""
        table_id = int(request.match_info["table"])
        if not 0 < table_id < 2**63 or not self.signer.check_watch(table_id, request.match_info["watch"]):
            text = T("There is no table at this address (the link is wrong or incomplete).")
            raise web.HTTPNotFound(text=say(text, asked_language(request)))
        return table_id

    # -- seats --------------------------------------------------------------------------------

    async def _check_pass(self, seat_pass: SeatPass, live: LiveTable) -> None:
        """Refuse a pass that was revoked or whose seat now belongs to someone else."""
        revoked = await self.tables.store.web_links_revoked(seat_pass.table_id, seat_pass.seat)
        if revoked is not None and seat_pass.issued_ms <= revoked:
            raise BadLink(T("This link was revoked. Ask for a new one with /game web."))
        if not 0 <= seat_pass.seat < len(live.seats) or live.user_at(seat_pass.seat).user_id != seat_pass.user_id:
            raise BadLink(T("This link is for a seat you no longer hold at this table."))

    async def _seat(self, request: web.Request, live: LiveTable) -> tuple[SeatPass | None, str | None, str]:
        """The viewer's seat pass from the cookie, its token, and why it was refused (or '')."""
        token = request.cookies.get(COOKIE)
        if not token:
            return None, None, ""
        try:
            seat_pass = self.signer.read_seat_token(token, now=self.clock())
            if seat_pass.table_id != live.id:
                return None, None, ""
            await self._check_pass(seat_pass, live)
        except BadLink as refusal:
            return None, None, said_on_page(refusal.args[0], live.row.language)
        return seat_pass, token, ""

    async def _verify_claim(self, token: str) -> tuple[SeatPass, str]:
        seat_pass = self.signer.read_seat_token(token, now=self.clock())
        try:
            live = await self.tables.load(seat_pass.table_id)
        except NoTable:
            raise BadLink(T("That table no longer exists.")) from None
        await self._check_pass(seat_pass, live)
        return seat_pass, self.table_path(seat_pass.table_id)

    async def _claim(self, request: web.Request) -> web.Response:
        """Exchange a seat link's token (posted by the /s page) for the table's seat cookie."""
        language = asked_language(request)  # the table is not known before the token is read
        if not _same_origin(request):
            return _refuse(403, T("This request came from another site."), language)
        try:
            body = await request.json()
            token = str(body.get("token", ""))[:200]
        except (ValueError, AttributeError):
            return _refuse(400, T("Send the link's token as JSON."), language)
        try:
            seat_pass, path = await self._verify_claim(token)
        except BadLink as refusal:
            log.info("a seat link was refused: %s", refusal)
            return _refuse(403, refusal.args[0], language)
        response = web.json_response({"to": path})
        response.set_cookie(COOKIE, token, path=path + "/", max_age=max(1, int(seat_pass.expires - self.clock())),
                            httponly=True, samesite="Strict", secure=self.secure_cookies)
        return response

    # -- state --------------------------------------------------------------------------------

    async def _board(self, live: LiveTable) -> _Board | None:
        """The full public board and its regions at the table's revision (drawn once per revision)."""
        if live.state is None or live.outdated or not live.game.render_module:
            return None
        cached = self._boards.get(live.id)
        if cached is not None and cached.revision == live.revision:
            return cached
        revision = live.revision
        try:
            png = await self.tables.full_board(table_id=live.id)
        except TableError:
            return None
        view = self.tables.public_view(live)
        regions = await asyncio.to_thread(board_regions, live.game, view)
        board = _Board(revision, png, png_size(png), regions)
        self._boards[live.id] = board
        self._boards.move_to_end(live.id)
        while len(self._boards) > BOARD_CACHE:
            self._boards.popitem(last=False)
        return board

    def forget_pictures(self) -> None:
        """Drop the pictures drawn so far (they are kept per table revision)."""
        self._boards.clear()
        self._privates.clear()
        self._frames.clear()

    def _actions(self, live: LiveTable, seat: int) -> list[Action]:
        return [action for turn in self.tables.turns(live) if turn.seat == seat for action in turn.actions]

    async def public_part(self, live: LiveTable) -> dict[str, Any]:
        """Everything a spectator sees: a function of public information only."""
        turns = self.tables.turns(live)
        waiting = {turn.seat for turn in turns}
        status, language = live.row.status, live.row.language  # the page speaks the table's language
        if status == "lobby":
            line = say(T("Waiting for players ({seated}/{most}); the host starts the game.", seated=len(live.seats),
                         most=live.game.max_players), language)
        elif live.outdated:
            line = say(T("This table was started under older rules and cannot go on."), language)
        elif live.state is not None and (outcome := live.game.outcome(live.state)) is not None:
            line = describe_outcome(outcome, live.names, live.game.format_score, language, live.game.slug)
        elif status == "cancelled":
            line = say(T("This table was cancelled."), language)
        elif live.row.paused:
            line = say(T("The game is paused."), language)
        else:
            line = whose_turn(turns, language) if turns else ""
        board = await self._board(live)
        revision = self.tables.board_revision(live) if live.state is not None else live.revision
        data: dict[str, Any] = {
            "table": live.id,
            "title": say(live.game.title, language, (live.game.slug,)),
            "language": language,
            "status": status,
            "revision": revision,
            "version": live.revision,
            "position": live.position,
            "players": [{"seat": seat.seat, "name": seat.name, "bot": seat.is_bot, "turn": seat.seat in waiting}
                        for seat in live.seats],
            "turn_line": line,
            "recent": await self.tables.recent_moves(live),
            "board": None,
            "replay": self.replay_url(live.id) if status == "over" else None,
        }
        if board is not None:
            data["board"] = {"url": f"board.png?v={live.revision}", "width": board.size[0], "height": board.size[1]}
        return data

    async def seat_part(self, live: LiveTable, seat_pass: SeatPass, token: str) -> dict[str, Any]:
        """What only this player sees: their moves, the regions to pick them on, their picture."""
        seat = seat_pass.seat
        actions = self._actions(live, seat)
        board = await self._board(live)
        mine: dict[str, Any] = {
            "seat": seat,
            "name": live.user_at(seat).name,
            "csrf": self.signer.csrf(token),
            "prompts": [turn.text for turn in self.tables.turns(live) if turn.seat == seat],
            "step": self._root_step(live, actions) if actions else None,
            "regions": region_targets(actions, self._said_regions(live, board)) if board is not None and actions else [],
            "picture": None,
        }
        if await self._private_png(live, seat) is not None:
            mine["picture"] = f"mine.png?v={live.revision}"
        return mine

    def _said_regions(self, live: LiveTable, board: _Board) -> list[Region]:
        """The board's regions named in the table's language, as the moves' labels and groups are
        (so a region still finds its moves, and its tooltip speaks the page's language)."""
        language = live.row.language
        if language == "en":
            return board.regions
        return [replace(region, name=self.tables.said(region.name, language, live)) for region in board.regions]

    def _root_step(self, live: LiveTable, actions: list[Action]) -> dict[str, Any]:
        try:
            return step_json(layout(actions), live.row.language)
        except ChoiceLayoutError:
            # Ungrouped and long: plain menus of every move (a web page has room for them all).
            log.warning("table %s: moves do not fit the grouped layout; showing flat menus", live.id)
            rows = [[{"kind": "select", "primary": False, "placeholder": say(T("Moves {first}–{last}", first=i + 1,
                                                                             last=i + len(part)), live.row.language),
                      "options": [{"label": a.label, "key": a.key} for a in part]}]
                    for i in range(0, len(actions), FLAT_SELECT) for part in [actions[i:i + FLAT_SELECT]]]
            return {"path": [], "title": "", "rows": rows}

    async def _private_png(self, live: LiveTable, seat: int) -> bytes | None:
        """The seat's private picture at the table's revision (drawn once per revision)."""
        if live.state is None or live.outdated or not live.game.render_module:
            return None
        cached = self._privates.get((live.id, seat))
        if cached is not None and cached[0] == live.revision:
            return cached[1]
        revision = live.revision
        view = live.game.view(live.state, seat)
        view["names"] = live.names
        view["me"] = seat
        try:
            png: bytes | None = await self.tables.workers.run(draw_private, live.game.slug, view, live.row.language,
                                                              draw=True)
        except Exception:
            log.exception("drawing the private picture of table %s seat %s failed", live.id, seat)
            return None
        self._privates[(live.id, seat)] = (revision, png)
        while len(self._privates) > BOARD_CACHE * 4:
            self._privates.popitem(last=False)
        return png

    async def _state(self, request: web.Request) -> web.Response:
        table_id = self._table_id(request)
        live = await self._load(table_id)
        data = await self.public_part(live)
        seat_pass, token, refused = await self._seat(request, live)
        data["me"] = await self.seat_part(live, seat_pass, token) if seat_pass and token else None
        data["link_refused"] = refused or None
        return web.json_response(data, headers={"Cache-Control": "no-store"})

    async def _load(self, table_id: int) -> LiveTable:
        """The table between moves: a move (with the bots' and forced moves that follow it) holds
        the table's lock while it commits, so waiting for the lock never shows half of one."""
        try:
            check_id(table_id, "That table no longer exists.")
            async with self.tables.lock(table_id):
                return await self.tables.load(table_id)
        except NoTable:
            # The pages show their own words for a missing table (a 404 of ./state).
            raise web.HTTPNotFound(text="That table no longer exists.") from None

    async def _step(self, request: web.Request) -> web.Response:
        table_id = self._table_id(request)
        live = await self._load(table_id)
        seat_pass, _, refused = await self._seat(request, live)
        language = live.row.language
        if seat_pass is None:
            return _refuse(403, refused or T("Only a player's own link shows their moves."), language)
        if request.query.get("v") != str(live.revision):
            return _refuse(409, T("The table moved on; here is the current board."), language, stale=True)
        path = [part for part in request.query.get("path", "").split("/") if part]
        try:
            return web.json_response(step_for(self._actions(live, seat_pass.seat), path, live.row.language))
        except (KeyError, ChoiceLayoutError):
            return _refuse(409, T("That choice is no longer open; here is the current board."), language, stale=True)

    async def _board_png(self, request: web.Request) -> web.Response:
        live = await self._load(self._table_id(request))
        board = await self._board(live)
        if board is None:
            raise web.HTTPNotFound(text=say(T("This table has no board to show yet."), live.row.language))
        return web.Response(body=board.png, content_type="image/png", headers={"Cache-Control": "no-cache"})

    async def _mine_png(self, request: web.Request) -> web.Response:
        live = await self._load(self._table_id(request))
        seat_pass, _, _ = await self._seat(request, live)
        if seat_pass is None:
            raise web.HTTPForbidden(text=say(T("Only a player's own link shows their private picture."),
                                             live.row.language))
        png = await self._private_png(live, seat_pass.seat)
        if png is None:
            raise web.HTTPNotFound(text=say(T("Nothing private to show."), live.row.language))
        return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "no-store"})

    # -- live updates ---------------------------------------------------------------------

    async def _events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: ``change`` with the table's version whenever it changes."""
        table_id = self._table_id(request)
        await self._load(table_id)
        address = client_address(request)
        if self._streams.get(address, 0) >= STREAMS_PER_ADDRESS:
            return _refuse(429, T("Too many open pages from your address."), asked_language(request))
        self._streams[address] = self._streams.get(address, 0) + 1
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                               "X-Accel-Buffering": "no"})
        try:
            await response.prepare(request)
            sent: int | None = None
            changed = True
            while True:
                live = await self._load(table_id)
                if live.revision != sent:
                    sent = live.revision
                    await response.write(f"event: change\ndata: {json.dumps({'version': sent})}\n\n".encode())
                elif not changed:
                    await response.write(b": still here\n\n")
                changed = await self.feed.wait(table_id, self.keepalive)
        except (ConnectionResetError, asyncio.CancelledError, web.HTTPNotFound):
            pass
        finally:
            self._streams[address] -= 1
            if not self._streams[address]:
                del self._streams[address]
        return response

    # -- moves ------------------------------------------------------------------------------

    async def _move(self, request: web.Request) -> web.Response:
        """Play a move from the page: the same :meth:`Tables.act` as a Discord button."""
        table_id = self._table_id(request)
        if not _same_origin(request):
            return _refuse(403, T("This request came from another site."), asked_language(request))
        live = await self._load(table_id)
        language = live.row.language  # the page speaks the table's language
        if request.content_type != "application/json":
            return _refuse(415, T("Moves are sent as JSON by the table's page."), language)
        seat_pass, token, refused = await self._seat(request, live)
        if seat_pass is None or token is None:
            return _refuse(403, refused or T("Open your own link (from /game web) to play at this table."), language)
        if not self.signer.check_csrf(token, request.headers.get("X-CSRF-Token", "")):
            return _refuse(403, T("This page is out of date or was not opened from your link; reload it."), language)
        wait = self.seat_limit.take((table_id, seat_pass.seat))
        if wait:
            return _refuse(429, T("Slow down: try again in {wait} s.", wait=f"{wait:.0f}"), language)
        try:
            body = await request.json()
            revision = int(body["revision"])
        except (ValueError, KeyError, TypeError):
            return _refuse(400, T("A move needs its key and the board's revision."), language)
        user = User(seat_pass.user_id, live.user_at(seat_pass.seat).name, language=language)
        logs.bind(table=table_id)
        try:
            key = self._move_key(live, seat_pass.seat, body)
            reply = await self.tables.act(user=user, move=key, table_id=table_id, expected_revision=revision)
        except StaleBoard as stale:
            return _refuse(409, stale.said(language), language, stale=True)
        except TableError as refusal:  # an unsure typed move too: the page offers no confirmation
            return _refuse(400, refusal.said(language), language)
        self._hand_on(reply)
        mine = reply.private.get(user.id)
        return web.json_response({"ok": True, "text": reply.text, "private": mine.text if mine else None})

    def _move_key(self, live: LiveTable, seat: int, body: dict[str, Any]) -> str:
        """The action key a posted move names: a key, or an amount typed into a form."""
        amount = body.get("amount")
        if isinstance(amount, dict):
            prefix, text = str(amount.get("prefix", "")), str(amount.get("text", ""))[:40]
            choice = next((c for c in amount_choices(self._actions(live, seat)) if c.prefix == prefix), None)
            if choice is None:
                raise StaleBoard(T("That amount is no longer asked for; here is the current board."), live.revision)
            written = parse_amount(text)
            if written is None:
                raise AmountRefused(T('"{text}" is not an amount: write it like 15000, $15,000 or 15k; {range}.',
                                      text=text, range=choice.range_text()))
            action = choice.action_for(written)
            if action is None:
                raise AmountRefused(choice.refusal(written))
            return action.key
        key = body.get("key")
        if not isinstance(key, str) or not key or len(key) > MAX_KEY_LENGTH:
            raise TableError(T("That is not a move."))
        return key

    def _hand_on(self, reply: Reply) -> None:
        """Give a web move's reply to the other front end (Discord's channel), in the background:
        the move is committed; posting it must not hold up the page."""
        if self.publish is None:
            return
        publish = self.publish

        async def post() -> None:
            try:
                await publish(reply)
            except Exception:
                log.exception("posting table %s's web move to its channel failed", reply.table_id)

        task = asyncio.create_task(post(), name=f"web-publish-{reply.table_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settle(self) -> None:
        """Wait for replies still being handed on (tests, closing)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # -- replays ----------------------------------------------------------------------------

    async def _replay_frame(self, request: web.Request) -> tuple[dict[str, Any], bytes | None]:
        table_id = self._table_id(request)
        text = request.query.get("move", "")
        move = int(text) if text.isdigit() and len(text) < 10 else None
        cached = self._frames.get((table_id, move if move is not None else -1))
        if cached is not None:
            return cached
        try:
            frame = await self.replays.frame(table_id, move)
        except TableError as refusal:
            raise web.HTTPNotFound(text=refusal.said(await self._language(request, table_id))) from None
        found = ({"table": table_id, "move": frame.move, "total": frame.total, "text": frame.text,
                  "picture": frame.picture is not None}, frame.picture)
        self._frames[(table_id, move if move is not None else -1)] = found
        while len(self._frames) > BOARD_CACHE:
            self._frames.popitem(last=False)
        return found

    async def _frame(self, request: web.Request) -> web.Response:
        try:
            data, _ = await self._replay_frame(request)
        except web.HTTPNotFound as missing:
            return _refuse(404, missing.text or T("No such replay."), asked_language(request))
        return web.json_response(data)

    async def _frame_png(self, request: web.Request) -> web.Response:
        _, png = await self._replay_frame(request)
        if png is None:
            raise web.HTTPNotFound(text=say(T("This game has no picture."), asked_language(request)))
        return web.Response(body=png, content_type="image/png")


def client_address(request: web.Request) -> str:
    """The client's address for rate limits: the peer, or — behind a reverse proxy on this
    machine — the last address the proxy put in ``X-Forwarded-For``."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For")
    if forwarded and peer in ("127.0.0.1", "::1"):
        return forwarded.split(",")[-1].strip() or peer
    return peer


def _same_origin(request: web.Request) -> bool:
    """A state-changing request must come from this site's own page (Origin, else Sec-Fetch-Site)."""
    origin = request.headers.get("Origin")
    if origin is not None:
        host = origin.split("://", 1)[-1]
        forwarded = request.headers.get("X-Forwarded-Host")
        return host in {request.host, forwarded}
    return request.headers.get("Sec-Fetch-Site", "same-origin") in ("same-origin", "none")


def _refuse(status: int, text: str, language: str, *, stale: bool = False,
            headers: dict[str, str] | None = None) -> web.Response:
    """A JSON refusal the page shows: ``text`` said in ``language`` (a plain string as it is)."""
    body: dict[str, Any] = {"error": said_on_page(text, language)}
    if stale:
        body["stale"] = True
    return web.json_response(body, status=status, headers=headers)


def _html(name: str, language: str) -> web.Response:
    return web.Response(text=page_html(name, language), content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-cache"})


async def _security_headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
    response.headers["Cross-Origin-Resource-Policy"] = "same-origin"


@dataclass(slots=True)
class RunningWeb:
    """A started web server: its front end, the port it listens on, and how to stop it."""

    table: WebTable
    runner: web.AppRunner
    port: int

    async def stop(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.table.settle(), 10)  # moves being posted to their channel
        await self.runner.cleanup()
        with contextlib.suppress(ValueError):
            self.table.tables.watchers.remove(self.table.feed.changed)


async def start_web(tables: Tables, settings: WebSettings, *, publish: Publish | None = None,
                    clock: Callable[[], float] = time.time) -> RunningWeb:
    """Serve the web table for ``tables`` on ``settings.host:port`` (port 0: any free one)."""
    key = await web_key(tables.store, settings, clock())
    placeholder = settings.base_url or f"http://{settings.host}:{settings.port}"
    front = WebTable(tables, Signer(key), base_url=placeholder, link_hours=settings.link_hours,
                     publish=publish, clock=clock)
    runner = web.AppRunner(front.app(), access_log_class=RedactedAccessLog,
                           access_log=logging.getLogger("gamemaster.web.access"))
    await runner.setup()
    site = web.TCPSite(runner, settings.host, settings.port)
    await site.start()
    port = settings.port
    server = site._server
    if server is not None and getattr(server, "sockets", None):
        port = server.sockets[0].getsockname()[1]
    if settings.base_url is None:
        host = "127.0.0.1" if settings.host in ("0.0.0.0", "", "::") else settings.host
        front.base_url = f"http://{host}:{port}"
        front.secure_cookies = False
    log.info("the web table listens on %s:%d (links: %s)", settings.host, port, front.base_url)
    return RunningWeb(front, runner, port)
