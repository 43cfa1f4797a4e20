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
"""

from __future__ import annotations

import itertools
import logging
import shlex
import sys
import zlib
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import TextIO

from bot.bots import DEFAULT_LEVEL
from bot.config import load_settings
from bot.engine import all_games
from bot.games import load_all
from bot.rulebook import NoSuchPage, rules_text, which_game
from bot.store import Store
from bot.tables import ConfirmMove, Private, Reply, TableError, Tables, UnsureMove, User

CONSOLE_CHANNEL = 1
OFFER_LIMIT = 20
"""Moves listed (numbered) when typed text matches several."""
CONSOLE_GUILD = None
log = logging.getLogger(__name__)

HELP = """\
Commands:
  /as NAME                      act as another (simulated) user
  /game new SLUG [opt=value]    open a table here (games: {games})
  /game join | leave | start    lobby
  /game addbot [easy|normal|hard]  seat a bot player of that level (default normal)
  /game status | history | cancel | list
  /game rules [SLUG [PAGE]]     how a game is played: summary, how to play, rulebook
  /play MOVE                    a move: its key (draw:3) or words of its label
  /moves                        your legal moves now
  /hand                         your private view
  /board [full]                 the table card again, or the detailed full board
  /help, /quit"""


def user_named(name: str) -> User:
    """A stable simulated user: the same name always gets the same id."""
    return User(id=zlib.crc32(name.encode()) + 1000, name=name)


class Console:
    def __init__(self, tables: Tables, images: Path, out: TextIO = sys.stdout, rules_dir: Path | None = None) -> None:
        self.tables = tables
        self.images = images
        self.rules_dir = rules_dir if rules_dir is not None else load_settings().rules_dir
        """Where the publisher's rulebooks are (``GAMEMASTER_RULES_DIR``); our own pages need none."""
        self.out = out
        self.user = user_named("you")
        self.offer: UnsureMove | None = None
        """A typed move that matched only partly, waiting for "y" (or a number) on the next line."""

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def run(self, lines: Iterable[str], interactive: bool = False) -> None:
        self.say(f"gamemaster console — you are {self.user.name}. Type /help for commands.")
        if interactive:
            print("> ", end="", file=self.out, flush=True)
        for line in lines:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line in ("/quit", "/exit"):
                break
            offer, self.offer = self.offer, None
            if offer is not None and not line.startswith("/"):
                await self.answer(offer, line)
            else:
                await self.handle(line)
            if interactive:
                print("> ", end="", file=self.out, flush=True)

    async def handle(self, line: str) -> None:
        try:
            words = shlex.split(line)
        except ValueError as error:
            self.say(f"Cannot read that line: {error}.")
            return
        command, args = words[0].lower(), words[1:]
        handlers: dict[str, Callable[[list[str]], Awaitable[None]]] = {
            "/as": self.as_user,
            "/game": self.game,
            "/play": self.play,
            "/moves": self.moves,
            "/hand": self.hand,
            "/board": self.board,
            "/help": self.help,
        }
        handler = handlers.get(command)
        if handler is None:
            self.say(f"Unknown command {command}. Type /help.")
            return
        try:
            await handler(args)
        except TableError as error:
            self.say(f"✗ {error}")
        except Exception:  # a console must never die on one bad line
            log.exception("console command failed: %s", line)
            self.say("✗ Something went wrong with that command; the table is unchanged. (See the log.)")

    async def help(self, args: list[str]) -> None:
        self.say(HELP.format(games=", ".join(game.slug for game in all_games())))

    async def as_user(self, args: list[str]) -> None:
        if not args:
            self.say("Usage: /as NAME")
            return
        self.user = user_named(" ".join(args))
        self.say(f"You are now {self.user.name}.")

    async def game(self, args: list[str]) -> None:
        if not args:
            self.say("Usage: /game new|join|addbot|leave|start|status|history|cancel|list|rules")
            return
        sub, rest = args[0].lower(), args[1:]
        channel = CONSOLE_CHANNEL
        if sub == "new":
            if not rest:
                self.say("Usage: /game new SLUG [option=value ...]")
                return
            options = {}
            for item in rest[1:]:
                name, sep, value = item.partition("=")
                if not sep:
                    self.say(f"Options are name=value, not {item!r}.")
                    return
                options[name] = value
            self.show(
                await self.tables.create(
                    guild_id=CONSOLE_GUILD, channel_id=channel, host=self.user, slug=rest[0], options=options
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
            self.say(await self.tables.history(channel_id=channel))
        elif sub == "cancel":
            self.show(await self.tables.cancel(channel_id=channel, user=self.user))
        elif sub == "list":
            summaries = await self.tables.list_open(guild_id=CONSOLE_GUILD)
            if not summaries:
                self.say("No open tables.")
            for s in summaries:
                waiting = f", waiting for {', '.join(s.waiting_for)}" if s.waiting_for else ""
                self.say(f"#{s.table_id} {s.title} ({s.status}): {', '.join(s.players)}{waiting}")
        elif sub == "rules":
            self.rules(rest)
        else:
            self.say(f"Unknown /game command {sub!r}.")

    def rules(self, args: list[str]) -> None:
        """``/game rules [SLUG [PAGE]]``: the same pages as Discord's, in plain text."""
        from bot.engine import UnknownGame, get_game

        if not args:
            self.say(which_game(all_games(), markup=False))
            return
        try:
            game = get_game(args[0])
        except UnknownGame as error:
            self.say(f"✗ {error}")
            return
        if len(args) > 1 and not args[1].isdigit():
            self.say(f"✗ The page is a number (1 is the summary), not {args[1]!r}.")
            return
        try:
            self.say(rules_text(game, int(args[1]) if len(args) > 1 else 1, self.rules_dir, markup=False))
        except NoSuchPage as error:
            self.say(f"✗ {error}")

    async def play(self, args: list[str]) -> None:
        if not args:
            self.say("Usage: /play MOVE (see /moves)")
            return
        try:
            reply = await self.tables.act(user=self.user, move=" ".join(args), channel_id=CONSOLE_CHANNEL)
        except UnsureMove as unsure:
            # Never a surprise move: a partial match is asked about, several are listed.
            self.offer = unsure
            if isinstance(unsure, ConfirmMove):
                self.say(f"? {unsure} Play it? (y/n)")
            else:
                self.say(f"? {unsure}")
                for number, action in enumerate(unsure.candidates[:OFFER_LIMIT], start=1):
                    self.say(f"  {number}. {action.label}  [{action.key}]")
                more = " (or be more specific)" if len(unsure.candidates) > OFFER_LIMIT else ""
                self.say(f"Type a number to play it, anything else to cancel{more}.")
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
            self.say("Cancelled — nothing was played.")
            return
        try:
            reply = await self.tables.act(user=self.user, move=chosen.key, table_id=offer.table_id,
                                          expected_revision=offer.revision, channel_id=CONSOLE_CHANNEL)
        except TableError as error:
            self.say(f"✗ {error}")
            return
        self.show(reply)

    async def moves(self, args: list[str]) -> None:
        actions = await self.tables.moves(channel_id=CONSOLE_CHANNEL, user=self.user)
        if not actions:
            self.say("You have nothing to decide right now.")
        for action in actions:
            self.say(f"  {action.key:<24} {action.label}")

    async def hand(self, args: list[str]) -> None:
        private = await self.tables.private_view(channel_id=CONSOLE_CHANNEL, user=self.user)
        self.show_private(private, "hand")

    async def board(self, args: list[str]) -> None:
        if args[:1] == ["full"]:
            picture = await self.tables.full_board(channel_id=CONSOLE_CHANNEL)
            reply = await self.tables.board(channel_id=CONSOLE_CHANNEL)
            path = self.save(picture, f"table{reply.table_id}-{reply.position:04d}-full.png")
            self.say(f"[full board: {path}]")
            return
        if args:
            self.say("Usage: /board or /board full")
            return
        self.show(await self.tables.board(channel_id=CONSOLE_CHANNEL))

    def show(self, reply: Reply) -> None:
        self.say(reply.text)
        if reply.standings:
            self.say("Standings: " + "; ".join(reply.standings))
        if reply.picture:
            path = self.save(reply.picture, f"table{reply.table_id}-{reply.position:04d}.png")
            self.say(f"[picture: {path}] (the table card; /board full for the detailed board)")
        for user_id, private in reply.private.items():
            if user_id == self.user.id:
                self.show_private(private, "private")
        for turn in reply.turns:
            shown = ", ".join(action.key for action in turn.actions[:8])
            more = f" … ({len(turn.actions)} moves)" if len(turn.actions) > 8 else ""
            self.say(f"  → {turn.name} may play: {shown}{more}")

    def show_private(self, private: Private, kind: str) -> None:
        self.say(f"(only you see this) {private.text}")
        if private.picture:
            path = self.save(private.picture, f"{kind}-{self.user.name}.png")
            self.say(f"[private picture: {path}]")

    def save(self, png: bytes, name: str) -> Path:
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / name
        path.write_bytes(png)
        return path


async def run_console(
    db_path: str, images: Path, lines: Iterable[str] | None = None, seed: int | None = None
) -> None:
    load_all()
    store = await Store.open(db_path)
    try:
        seeds = None if seed is None else itertools.count(seed).__next__
        console = Console(Tables(store, seeds=seeds), images)
        interactive = lines is None and sys.stdin.isatty()
        await console.run(lines if lines is not None else sys.stdin, interactive=interactive)
    finally:
        await store.close()
