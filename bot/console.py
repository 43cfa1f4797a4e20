"""A local table in the terminal, on the same session layer and store as the Discord bot.

Commands come one per line from stdin, so a session can be typed or scripted::

    /as ana
    /game new hisss
    /as bo
    /game join
    /as ana
    /game start
    /play draw:3

Pictures are saved to the images folder and their paths printed: after every move the table
card (the phone-first picture Discord shows), with the standings it prints as text; ``/board
full`` writes the detailed full board. Errors are printed as sentences, never as tracebacks.

Moves are offered the way the Discord board offers them (:mod:`bot.engine.choices`): the
current user's choices are printed as a numbered menu — the main choices, then each group
under its name, a long choice among amounts as its lowest, its highest and "Enter amount…" —
and typing a number picks one. A group that needs narrowing (a hex, then a tile) opens the
next menu, ``0`` goes back; "Enter amount…" asks for the number on the next line and refuses
an illegal one with the legal range. ``/play MOVE`` still works for any move.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import shlex
import sys
import zlib
from collections.abc import AsyncIterable, AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from bot.bots import DEFAULT_LEVEL
from bot.config import WebSettings, load_settings
from bot.engine import Action, AmountChoice, all_games, parse_amount
from bot.engine.choices import ChoiceLayoutError, Option, layout
from bot.engine.choices import Path as GroupPath
from bot.engine.words import CORE, texts
from bot.games import load_all
from bot.i18n import LANGUAGES, language_of, say
from bot.rulebook import NoSuchPage, rules_text, which_game
from bot.standing_orders import ConfirmOrder
from bot.store import Store
from bot.tables import ConfirmMove, Private, Reply, TableError, Tables, UnsureMove, User

if TYPE_CHECKING:
    from bot.web.server import WebTable

CONSOLE_CHANNEL = 1
OFFER_LIMIT = 20
"""Moves listed (numbered) when typed text matches several."""
CONSOLE_GUILD = None
log = logging.getLogger(__name__)
T, Tn, Tp = texts(CORE)


def help_text(games: str) -> str:
    """The console's /help: its commands, and the games it can open."""
    return T("""\
Commands:
  /as NAME                      act as another (simulated) user
  /game new SLUG [opt=value]    open a table here (games: {games})
  /game join | leave | start    lobby
  /game addbot [easy|normal|hard]  seat a bot player of that level (default normal)
  /game status | history | cancel | list | language LANG
  /game rules [SLUG [PAGE]]     how a game is played: summary, how to play, rulebook
  /play MOVE                    a move: its key (draw:3) or words of its label
  /moves                        your legal moves now
  /hand                         your private view
  /board [full]                 the table card again, or the detailed full board
  /orders [set ORDER [N] [confirm] | cancel [ORDER]]
                                your standing orders here: list, set (N: its number), cancel
  /web                          links to this table's web page (with WEB_PORT set)
  /help, /quit""", games=games)


FLAT_LIMIT = 60
"""Moves a menu lists for a game that files none in groups (past that: /moves and /play)."""


@dataclass
class Menu:
    """The moves of one user on one board, shown as numbered picks like the Discord controls.

    ``path`` is the group being narrowed (``()``: the board's own controls). A pick is an
    action to play, a group to open, or an amount choice whose number is asked for next.
    """

    table_id: int
    revision: int
    user_id: int
    actions: list[Action]
    grouped: bool
    path: GroupPath = ()
    trail: tuple[GroupPath, ...] = ()
    """The menus this one was opened from (``0`` goes back to the last)."""
    language: str = "en"
    """The language the menu's labels are in (its user's)."""
    picks: list[Action | GroupPath | AmountChoice] = field(default_factory=list)

    def at(self, path: GroupPath, trail: tuple[GroupPath, ...]) -> Menu:
        """The same moves shown at another step."""
        return Menu(self.table_id, self.revision, self.user_id, self.actions, self.grouped, path, trail, self.language)

    def lines(self) -> list[str]:
        """The menu as printed; fills :attr:`picks` (number ``n`` is ``picks[n - 1]``)."""
        self.picks = []
        out: list[str] = []

        def pick(label: str, what: Action | GroupPath | AmountChoice, indent: str = "  ") -> None:
            self.picks.append(what)
            out.append(f"{indent}{len(self.picks)}. {label}")

        try:
            rows = layout(self.actions, self.path).rows if self.grouped else None
        except ChoiceLayoutError:
            rows = None  # a bug in the game's groups (the kit checks them): show the moves flat
        if rows is None:
            for action in self.actions[:FLAT_LIMIT]:
                pick(action.label, action)
            if len(self.actions) > FLAT_LIMIT:
                out.append(T("  … and {n} more: /moves lists them, /play plays one", n=len(self.actions) - FLAT_LIMIT))
            return out
        for row in rows:
            for control in row:
                if control.kind == "amount" and control.amount is not None:
                    choice = control.amount
                    low, high = choice.actions[choice.amounts[0]], choice.actions[choice.amounts[-1]]
                    pick(low.label, low)
                    pick(high.label, high)
                    pick(T("Enter amount… ({label})", label=say(choice.field_label(), self.language)[:45]), choice)
                elif control.kind == "select":
                    out.append(T("  {placeholder}:", placeholder=control.placeholder))
                    for option in control.options:
                        pick(_option_label(option), _option_target(option), indent="    ")
                else:
                    option = control.options[0]
                    pick(_option_label(option), _option_target(option))
        return out


def _option_label(option: Option) -> str:
    return option.label if option.action is not None else f"{option.label} …"


def _option_target(option: Option) -> Action | GroupPath:
    return option.action if option.action is not None else (option.group or ())


def user_named(name: str, language: str = "en") -> User:
    """A stable simulated user: the same name always gets the same id."""
    return User(id=zlib.crc32(name.encode()) + 1000, name=name, language=language)


class Console:
    """The terminal table. ``language`` (``--lang``) is what it speaks: its own words, the
    tables it opens and every user it plays as."""

    def __init__(self, tables: Tables, images: Path, out: TextIO = sys.stdout, rules_dir: Path | None = None,
                 language: str = "en") -> None:
        self.language = language_of(language)
        self.tables = tables
        self.images = images
        self.rules_dir = rules_dir if rules_dir is not None else load_settings().rules_dir
        """Where the publisher's rulebooks are (``GAMEMASTER_RULES_DIR``); our own pages need none."""
        self.out = out
        self.user = user_named("you", self.language)
        self.offer: UnsureMove | None = None
        """A typed move that matched only partly, waiting for "y" (or a number) on the next line."""
        self.menu: Menu | None = None
        """The current user's moves as last printed: a number on its own line picks one."""
        self.asking: tuple[Menu, AmountChoice] | None = None
        """An "Enter amount…" picked: the next line is the number."""
        self.web: WebTable | None = None
        """The web table served beside the console (``WEB_PORT``), if any."""

    def say(self, text: str) -> None:
        """Print ``text`` in the console's language (a :class:`~bot.engine.words.Text` is said;
        what the session layer returns is said already)."""
        print(say(text, self.language), file=self.out, flush=True)

    def refuse(self, error: TableError) -> None:
        self.say(f"✗ {error.said(self.language)}")

    async def run(self, lines: Iterable[str] | AsyncIterable[str], interactive: bool = False) -> None:
        self.say(T("gamemaster console — you are {name}. Type /help for commands.", name=self.user.name))
        if interactive:
            print("> ", end="", file=self.out, flush=True)
        async for line in _each(lines):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line in ("/quit", "/exit"):
                break
            offer, self.offer = self.offer, None
            asking, self.asking = self.asking, None
            if offer is not None and not line.startswith("/"):
                await self.answer(offer, line)
            elif asking is not None and not line.startswith("/"):
                await self.amount(*asking, line)
            elif line.isdigit():
                await self.pick(self.menu, int(line))
            else:
                await self.handle(line)
            if interactive:
                print("> ", end="", file=self.out, flush=True)

    async def handle(self, line: str) -> None:
        try:
            words = shlex.split(line)
        except ValueError as error:
            self.say(T("Cannot read that line: {error}.", error=str(error)))
            return
        command, args = words[0].lower(), words[1:]
        handlers: dict[str, Callable[[list[str]], Awaitable[None]]] = {
            "/as": self.as_user,
            "/game": self.game,
            "/play": self.play,
            "/moves": self.moves,
            "/hand": self.hand,
            "/board": self.board,
            "/orders": self.orders,
            "/help": self.help,
            "/web": self.web_links,
        }
        handler = handlers.get(command)
        if handler is None:
            self.say(T("Unknown command {command}. Type /help.", command=command))
            return
        try:
            await handler(args)
        except TableError as error:
            self.refuse(error)
        except Exception:  # a console must never die on one bad line
            log.exception("console command failed: %s", line)
            self.say(T("✗ Something went wrong with that command; the table is unchanged. (See the log.)"))

    async def help(self, args: list[str]) -> None:
        self.say(help_text(", ".join(game.slug for game in all_games())))

    async def as_user(self, args: list[str]) -> None:
        if not args:
            self.say(T("Usage: /as NAME"))
            return
        self.user = user_named(" ".join(args), self.language)
        self.say(T("You are now {name}.", name=self.user.name))
        self.menu = None
        try:
            reply = await self.tables.board(channel_id=CONSOLE_CHANNEL)
        except TableError:
            return  # no table here yet
        self.show_menu(reply)

    async def game(self, args: list[str]) -> None:
        if not args:
            self.say(T("Usage: /game new|join|addbot|leave|start|status|history|cancel|list|rules"))
            return
        sub, rest = args[0].lower(), args[1:]
        channel = CONSOLE_CHANNEL
        if sub == "new":
            if not rest:
                self.say(T("Usage: /game new SLUG [option=value ...]"))
                return
            options = {}
            for item in rest[1:]:
                name, sep, value = item.partition("=")
                if not sep:
                    self.say(T("Options are name=value, not {item}.", item=repr(item)))
                    return
                options[name] = value
            self.show(
                await self.tables.create(
                    guild_id=CONSOLE_GUILD, channel_id=channel, host=self.user, slug=rest[0], options=options,
                    language=self.language,
                )
            )
        elif sub == "join":
            self.show(await self.tables.join(channel_id=channel, user=self.user))
        elif sub == "addbot":
            level = rest[0] if rest else DEFAULT_LEVEL
            self.show(await self.tables.add_bot(channel_id=channel, user=self.user, level=level))
        elif sub == "leave":
            self.show(await self.tables.leave(channel_id=channel, user=self.user))
        elif sub == "start":
            self.show(await self.tables.start(channel_id=channel, user=self.user))
        elif sub == "status":
            self.show(await self.tables.status(channel_id=channel))
        elif sub == "history":
            self.say(await self.tables.history(channel_id=channel, language=self.language))
        elif sub == "cancel":
            self.show(await self.tables.cancel(channel_id=channel, user=self.user))
        elif sub == "language":
            if not rest or rest[0].lower() not in LANGUAGES:
                self.say(T("Usage: /game language {languages}", languages="|".join(LANGUAGES)))
                return
            self.show(await self.tables.set_language(channel_id=channel, user=self.user, language=rest[0].lower()))
        elif sub == "list":
            summaries = await self.tables.list_open(guild_id=CONSOLE_GUILD)
            if not summaries:
                self.say(T("No open tables."))
            for s in summaries:
                title = say(s.title, self.language, (s.slug,))
                status = {"lobby": T("lobby"), "playing": T("playing")}.get(s.status, s.status)
                if s.waiting_for:
                    self.say(T("#{table} {title} ({status}): {players}, waiting for {waiting}", table=s.table_id,
                               title=title, status=status, players=", ".join(s.players), waiting=", ".join(s.waiting_for)))
                else:
                    self.say(T("#{table} {title} ({status}): {players}", table=s.table_id, title=title, status=status,
                               players=", ".join(s.players)))
        elif sub == "rules":
            self.rules(rest)
        else:
            self.say(T("Unknown /game command {command}.", command=repr(sub)))

    def rules(self, args: list[str]) -> None:
        """``/game rules [SLUG [PAGE]]``: the same pages as Discord's, in plain text."""
        from bot.engine import UnknownGame, get_game

        if not args:
            self.say(which_game(all_games(), markup=False, language=self.language))
            return
        try:
            game = get_game(args[0])
        except UnknownGame as error:
            self.say(f"✗ {say(error.args[0] if error.args else str(error), self.language)}")
            return
        if len(args) > 1 and not args[1].isdigit():
            self.say(T("✗ The page is a number (1 is the summary), not {page}.", page=repr(args[1])))
            return
        try:
            self.say(rules_text(game, int(args[1]) if len(args) > 1 else 1, self.rules_dir, markup=False,
                                language=self.language))
        except NoSuchPage as error:
            self.say(f"✗ {say(error.args[0] if error.args else str(error), self.language)}")

    async def play(self, args: list[str]) -> None:
        if not args:
            self.say(T("Usage: /play MOVE (see /moves)"))
            return
        try:
            reply = await self.tables.act(user=self.user, move=" ".join(args), channel_id=CONSOLE_CHANNEL)
        except UnsureMove as unsure:
            # Never a surprise move: a partial match is asked about, several are listed.
            self.offer = unsure
            said = unsure.said(self.language)
            if isinstance(unsure, ConfirmMove):
                self.say(T("? {offer} Play it? (y/n)", offer=said))
            else:
                self.say(f"? {said}")
                for number, action in enumerate(unsure.candidates[:OFFER_LIMIT], start=1):
                    self.say(f"  {number}. {say(action.label, self.language)}  [{action.key}]")
                if len(unsure.candidates) > OFFER_LIMIT:
                    self.say(T("Type a number to play it, anything else to cancel (or be more specific)."))
                else:
                    self.say(T("Type a number to play it, anything else to cancel."))
            return
        self.show(reply)

    async def answer(self, offer: UnsureMove, line: str) -> None:
        """The line after an offer: "y" plays a confirmation, a number picks one of several.

        The move is played for the board the offer was made for, so if the table moved on
        meanwhile it is refused as out of date instead of played blindly.
        """
        answer = line.strip().lower()
        if isinstance(offer, ConfirmMove):
            chosen = offer.candidates[0] if answer in ("y", "yes") else None
        else:
            index = int(answer) - 1 if answer.isdigit() else -1
            chosen = offer.candidates[index] if 0 <= index < min(len(offer.candidates), OFFER_LIMIT) else None
        if chosen is None:
            self.say(T("Cancelled — nothing was played."))
            return
        try:
            reply = await self.tables.act(user=self.user, move=chosen.key, table_id=offer.table_id,
                                          expected_revision=offer.revision, channel_id=CONSOLE_CHANNEL)
        except TableError as error:
            self.refuse(error)
            return
        self.show(reply)

    async def moves(self, args: list[str]) -> None:
        actions = await self.tables.moves(channel_id=CONSOLE_CHANNEL, user=self.user)
        if not actions:
            self.say(T("You have nothing to decide right now."))
        for action in actions:
            self.say(f"  {action.key:<24} {action.label}")

    async def hand(self, args: list[str]) -> None:
        private = await self.tables.private_view(channel_id=CONSOLE_CHANNEL, user=self.user)
        self.show_private(private, "hand")

    async def orders(self, args: list[str]) -> None:
        """``/orders`` lists, ``/orders set ORDER [N] [confirm]`` sets, ``/orders cancel [ORDER]`` cancels."""
        orders = self.tables.orders
        sub, rest = (args[0].lower(), args[1:]) if args else ("list", [])
        if sub == "list":
            self.say((await orders.menu(user=self.user, channel_id=CONSOLE_CHANNEL)).text())
            return
        if sub == "cancel":
            result = await orders.cancel(user=self.user, key=" ".join(rest) or None, channel_id=CONSOLE_CHANNEL)
        elif sub == "set" and rest:
            confirmed = rest[-1].lower() == "confirm"
            rest = rest[:-1] if confirmed else rest
            amount = int(rest.pop()) if len(rest) > 1 and rest[-1].lstrip("-").isdigit() else None
            try:
                result = await orders.set(user=self.user, key=" ".join(rest), amount=amount, confirmed=confirmed,
                                          channel_id=CONSOLE_CHANNEL)
            except ConfirmOrder as asked:
                self.say(T("{question} Add 'confirm' to set it.", question=asked.said(self.language)))
                return
        else:
            self.say(T("Usage: /orders, /orders set ORDER [N] [confirm], /orders cancel [ORDER]"))
            return
        self.say(result.text)
        if result.reply is not None:
            self.show(result.reply)

    async def board(self, args: list[str]) -> None:
        if args[:1] == ["full"]:
            picture = await self.tables.full_board(channel_id=CONSOLE_CHANNEL)
            reply = await self.tables.board(channel_id=CONSOLE_CHANNEL)
            path = self.save(picture, f"table{reply.table_id}-{reply.position:04d}-full.png")
            self.say(T("[full board: {path}]", path=str(path)))
            return
        if args:
            self.say(T("Usage: /board or /board full"))
            return
        self.show(await self.tables.board(channel_id=CONSOLE_CHANNEL))

    async def web_links(self, args: list[str]) -> None:
        """``/web``: the table link, and a seat link for every player (the console plays them all)."""
        if self.web is None:
            self.say(T("The web page is off: set WEB_PORT (e.g. WEB_PORT=8080 make run) to serve it."))
            return
        live = await self.tables.load(await self.tables.latest_id_in(CONSOLE_CHANNEL))
        self.say(T("Watch: {link}", link=self.web.table_url(live.id)))
        if live.row.status == "over":
            self.say(T("Replay: {link}", link=self.web.replay_url(live.id)))
        if live.row.status == "playing":
            for seat in live.seats:
                if not seat.is_bot:
                    self.say(T("Play as {name}: {link}", name=seat.name,
                               link=self.web.seat_link(live.id, seat.seat, seat.user_id)[0]))

    async def show_web_move(self, reply: Reply) -> None:
        """A move made on the web page, shown here as it would be in a Discord channel."""
        self.say(T("(from the web page)"))
        self.show(reply)

    def show(self, reply: Reply) -> None:
        self.say(reply.text)
        if reply.standings:
            self.say(T("Standings: {standings}", standings="; ".join(reply.standings)))
        if reply.picture:
            path = self.save(reply.picture, f"table{reply.table_id}-{reply.position:04d}.png")
            self.say(T("[picture: {path}] (the table card; /board full for the detailed board)", path=str(path)))
        for user_id, private in reply.private.items():
            if user_id == self.user.id:
                self.show_private(private, "private")
        self.show_menu(reply)

    def show_menu(self, reply: Reply) -> None:
        """Who must act; for the current user, their moves as a numbered menu (the board's controls)."""
        self.menu = None
        if reply.status != "playing":
            return
        # The reply's moves are in the table's language; this user's own are asked for in theirs.
        mine = [action for turn in reply.turns if turn.user_id == self.user.id for action in turn.actions]
        if mine and self.user.language != reply.language:
            live = self.tables._live.get(reply.table_id)
            if live is not None:
                mine = [a for turn in self.tables.turns(live, self.user.language) if turn.user_id == self.user.id
                        for a in turn.actions]
        for turn in reply.turns:
            if turn.user_id != self.user.id:
                self.say(T("  → {name} to play (/as {name} to take that seat)", name=turn.name))
        if not mine:
            return
        self.show_step(Menu(reply.table_id, reply.revision, self.user.id, mine, reply.grouped,
                            language=self.user.language))

    def show_step(self, menu: Menu) -> None:
        if menu.path:
            self.say(T("  {heading} (type a number, 0 to go back; or /play MOVE):", heading=" › ".join(menu.path)))
        else:
            self.say(T("  Your moves (type a number; or /play MOVE):"))
        for line in menu.lines():
            self.say(line)
        self.menu = menu

    async def pick(self, menu: Menu | None, number: int) -> None:
        """A number typed under a menu: play its move, open its group, or ask for its amount."""
        if menu is None:
            self.say(T("✗ There is no menu to pick from: /board shows the table and your moves."))
            return
        if number == 0 and menu.path:
            self.show_step(menu.at(menu.trail[-1] if menu.trail else (), menu.trail[:-1]))
            return
        if menu.user_id != self.user.id or not 1 <= number <= len(menu.picks):
            self.say(T("✗ Choose a number from 1 to {n} of the menu above.", n=len(menu.picks))
                     if menu.user_id == self.user.id else T("✗ That menu was someone else's: /board shows yours."))
            if menu.user_id == self.user.id:
                self.menu = menu
            return
        chosen = menu.picks[number - 1]
        if isinstance(chosen, Action):
            await self.play_picked(menu, chosen.key)
        elif isinstance(chosen, AmountChoice):
            self.asking = (menu, chosen)
            self.say(T("  Enter the amount ({label}; like 15000, $15,000 or 15k):", label=say(chosen.field_label(), self.language)[:45]))
        else:
            self.show_step(menu.at(chosen, (*menu.trail, menu.path)))

    async def amount(self, menu: Menu, choice: AmountChoice, text: str) -> None:
        """The line after "Enter amount…": a legal amount is played; else the range, and ask again."""
        written = parse_amount(text)
        action = None if written is None else choice.action_for(written)
        if action is None:
            why = choice.refusal(written) if written is not None else T('"{text}" is not an amount; {range}.', text=text,
                                                                        range=choice.range_text())
            self.say(T("✗ {why} Type another amount, or anything starting with / to do something else.", why=why))
            self.asking = (menu, choice)
            return
        await self.play_picked(menu, action.key)

    async def play_picked(self, menu: Menu, key: str) -> None:
        """Play a move picked from a menu, for the board it was printed for (else: out of date)."""
        try:
            reply = await self.tables.act(user=self.user, move=key, table_id=menu.table_id,
                                          expected_revision=menu.revision, channel_id=CONSOLE_CHANNEL)
        except TableError as error:
            self.refuse(error)
            return
        self.show(reply)

    def show_private(self, private: Private, kind: str) -> None:
        self.say(T("(only you see this) {text}", text=private.text))
        if private.picture:
            path = self.save(private.picture, f"{kind}-{self.user.name}.png")
            self.say(T("[private picture: {path}]", path=str(path)))

    def save(self, png: bytes, name: str) -> Path:
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / name
        path.write_bytes(png)
        return path


async def _each(lines: Iterable[str] | AsyncIterable[str]) -> AsyncIterator[str]:
    if isinstance(lines, AsyncIterable):
        async for line in lines:
            yield line
    else:
        for line in lines:
            yield line


async def _stdin_lines() -> AsyncIterator[str]:
    """Lines of stdin read in a thread, so the web server keeps answering while we wait."""
    while line := await asyncio.to_thread(sys.stdin.readline):
        yield line


async def run_console(
    db_path: str, images: Path, lines: Iterable[str] | None = None, seed: int | None = None,
    web: WebSettings | None = None, language: str = "en",
) -> None:
    """The console table, speaking ``language``; with ``web`` its tables are also served as web
    pages (``make run``)."""
    load_all()
    store = await Store.open(db_path)
    running = None
    try:
        seeds = None if seed is None else itertools.count(seed).__next__
        console = Console(Tables(store, seeds=seeds), images, language=language)
        source: Iterable[str] | AsyncIterable[str] = lines if lines is not None else sys.stdin
        if web is not None:
            from bot.web.server import start_web

            running = await start_web(console.tables, web, publish=console.show_web_move)
            console.web = running.table
            console.say(T("The web table is on {link} — after /game start, /web prints the links.",
                          link=running.table.base_url))
            if lines is None:
                source = _stdin_lines()
        interactive = lines is None and sys.stdin.isatty()
        await console.run(source, interactive=interactive)
    finally:
        if running is not None:
            await running.stop()
        await store.close()
