"""Command line: ``python -m bot [run|console|selfplay|arena|bench|loadtest|crashsoak|migrate|healthcheck]``.

With no command the Discord bot runs; without a token it explains how to get one and
exits with status 2. ``run-or-console`` (what ``make run`` calls) opens the console table
instead when there is no token. With ``WEB_PORT`` set, the bot and the console also serve each
table as a web page (:mod:`bot.web`).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from bot.config import Settings, load_settings
from bot.i18n import LANGUAGES

NO_TOKEN = """\
No DISCORD_TOKEN is set, so the Discord bot cannot start.

To run it on Discord:
  1. Create an application at https://discord.com/developers/applications,
     open "Bot", press "Reset Token" and copy the token.
  2. cp .env.example .env and put the token after DISCORD_TOKEN=
  3. make run   (README.md explains inviting the bot to a server)

To try the games without Discord, open a table in this terminal:
  python -m bot console      (or: make run, which does this when no token is set)
"""


def _options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option takes NAME=VALUE, not {pair!r}")
        options[name] = value
    return options


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="python -m bot", description="gamemaster: a Discord game master.")
    commands = root.add_subparsers(dest="command")
    commands.add_parser("run", help="run the Discord bot (the default)")
    commands.add_parser("run-or-console", help="the bot if a token is set, else the console")
    console = commands.add_parser("console", help="a local table in this terminal (stdin commands)")
    console.add_argument("--db", help="SQLite file (default: GAMEMASTER_DB or data/gamemaster.sqlite3)")
    console.add_argument("--images", default="out", help="folder for pictures (default ./out)")
    console.add_argument("--seed", type=int, help="seed the first table with this (then +1 each); for scripts")
    console.add_argument("--lang", choices=LANGUAGES, default="en",
                         help="the language the console and its tables speak (default en)")
    play = commands.add_parser("selfplay", help="random agents play whole games through the session layer")
    play.add_argument("slug")
    play.add_argument("--games", type=int, default=10)
    play.add_argument("--players", type=int)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument("--db", help="keep the games in this SQLite file (default: a temporary one)")
    play.add_argument("--images", help="save each game's final picture here")
    play.add_argument("--agents", action="store_true", help="use the game's own bot agent instead of random")
    play.add_argument("--bots", choices=("easy", "normal", "hard"),
                      help="one simulated player, bot seats of this level in the others")
    play.add_argument("--budget-ms", type=float, help="--bots hard: CPU per decision (default: the hard level's)")
    arena = commands.add_parser("arena", help="bot levels and simple strategies play each other: win rates, CPU")
    arena.add_argument("slug")
    arena.add_argument("--players", type=int, required=True)
    arena.add_argument("--seats", required=True,
                       help="one kind per seat, rotated over games: easy, normal, hard, random or a strategy")
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument("--budget-ms", type=float, default=None,
                       help="a hard seat's CPU per decision (default: the game's, bot.bots.hard_budget)")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--samples", type=int, default=None,
                       help="hard seats search this many samples a decision instead of a CPU budget: "
                            "the same seed then replays the same games, so two versions of a bot "
                            "can be compared game by game")
    arena.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    bench = commands.add_parser("bench", help="print load, move, render and playout figures")
    bench.add_argument("slugs", nargs="*")
    taps = commands.add_parser("taps", help="taps per decision over self-played games, before and with groups")
    taps.add_argument("slugs", nargs="*", help="games (default: all)")
    taps.add_argument("--games", type=int, default=50)
    taps.add_argument("--players", type=int, help="default: 4, or the game's maximum if smaller")
    decisions = commands.add_parser("decisions", help="human decisions per game: today, with forced moves, with orders")
    decisions.add_argument("slugs", nargs="*", help="games (default: all)")
    decisions.add_argument("--games", type=int, default=20)
    decisions.add_argument("--players", type=int, help="default: 4, or the game's maximum if smaller")
    load = commands.add_parser("loadtest", help="many tables, concurrent users: moves/s, latency, memory")
    load.add_argument("--tables", type=int, default=1000)
    load.add_argument("--moves", type=int, default=20000)
    load.add_argument("--users", type=int, default=50, help="concurrent simulated users")
    load.add_argument("--db", help="SQLite path or postgresql:// URL (default: a temporary SQLite file)")
    load.add_argument("--mix", action="store_true", help="light tables alone, then beside bot-played heavy ones")
    load.add_argument("--heavy", type=int, default=4, help="--mix: 1856 and Puerto Rico tables played by bots")
    load.add_argument("--heavy-games", metavar="SLUG,SLUG|all",
                      help="--mix: the games of the heavy tables (default 1856,puerto-rico; all: every game)")
    load.add_argument("--bot-level", default="hard", choices=("easy", "normal", "hard"),
                      help="--mix: the level of the heavy tables' bots (default hard)")
    load.add_argument("--workers", type=int, default=None,
                      help="--mix: worker processes (default: one per core but one, as the bot; 0: all in one process)")
    soak = commands.add_parser("crashsoak", help="SIGKILL a process applying moves; check nothing acknowledged is lost")
    soak.add_argument("--kills", type=int, default=50)
    soak.add_argument("--db", help="SQLite path or postgresql:// URL (default: a temporary SQLite file)")
    soak.add_argument("--seed", type=int, default=1)
    soak.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    soak.add_argument("--acks", help=argparse.SUPPRESS)
    imp = commands.add_parser("import-18xx", help="replay an 18xx.games 1856 record (JSON export) through our rules")
    imp.add_argument("file")
    ratings = commands.add_parser("ratings", help="recompute every rating from the finished games")
    ratings.add_argument("--rebuild", action="store_true", required=True)
    ratings.add_argument("--db", help="SQLite path or postgresql:// URL (default: GAMEMASTER_DB)")
    commands.add_parser("healthcheck", help="ask the running bot's /healthz (METRICS_PORT); exit 0 if healthy")
    migrate = commands.add_parser("migrate", help="copy every table, log and setting to another database")
    migrate.add_argument("--from", dest="source", required=True, help="sqlite:///old.sqlite3 or a path")
    migrate.add_argument("--to", dest="target", required=True, help="postgresql://… (or another SQLite file)")
    messages = commands.add_parser("messages", help="the language catalogs: write the template from the commands")
    messages.add_argument("action", choices=("extract", "update"),
                          help="extract: rewrite bot/locales/*.pot (commands, messages, one per game); "
                               "update: extract, then merge each template into pl, hu and de")
    messages.add_argument("--domain", action="append", help="only this catalog (commands, messages or a game's slug); repeatable")
    return root


def run_bot(settings: Settings) -> int:
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.app import run

    run(settings)
    return 0


def healthcheck(settings: Settings, timeout: float = 4.0) -> int:
    """GET the running bot's ``/healthz`` (what Docker's HEALTHCHECK runs): print its answer,
    exit 0 when healthy, 1 when not or when nothing answers."""
    import urllib.error
    import urllib.request

    if settings.metrics_port is None:
        print("METRICS_PORT is not set, so the bot serves no /healthz.", file=sys.stderr)
        return 1
    host = "127.0.0.1" if settings.metrics_host in ("0.0.0.0", "", "::") else settings.metrics_host
    url = f"http://{host}:{settings.metrics_port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            print(response.read().decode())
            return 0
    except urllib.error.HTTPError as error:  # 503: unhealthy, with the reasons
        print(error.read().decode())
        return 1
    except OSError as error:
        print(f"no answer from {url}: {error}", file=sys.stderr)
        return 1


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    settings = load_settings()
    command = args.command or "run"
    if command == "run" or (command == "run-or-console" and settings.discord_token):
        return run_bot(settings)  # the bot sets up its own logging (text or JSON: bot.app.setup_logging)
    if command == "healthcheck":
        return healthcheck(settings)
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if command == "run-or-console":
        print("No DISCORD_TOKEN set: opening the console table instead (python -m bot console).\n")
        command, args.db, args.images, args.seed, args.lang = "console", None, "out", None, "en"
    if command == "console":
        from bot.console import run_console

        asyncio.run(run_console(args.db or settings.db_path, Path(args.images), seed=args.seed, web=settings.web,
                                language=args.lang))
        return 0
    if command == "selfplay":
        from bot import bots
        from bot.engine import BadOptions, UnknownGame
        from bot.selfplay import selfplay

        if args.budget_ms is not None:
            bots.HARD_BUDGET_S = args.budget_ms / 1000

        try:
            return asyncio.run(
                selfplay(
                    args.slug,
                    games=args.games,
                    players=args.players,
                    seed=args.seed,
                    options=_options(args.option),
                    db=args.db,
                    images=Path(args.images) if args.images else None,
                    agents=args.agents,
                    bots=args.bots,
                )
            )
        except (UnknownGame, BadOptions) as error:
            print(error, file=sys.stderr)
            return 2

    if command == "arena":
        from bot.arena import main as arena_main
        from bot.bots import hard_budget
        from bot.engine import UnknownGame, get_game
        from bot.games import load_all

        try:
            load_all()
            budget = args.budget_ms if args.budget_ms is not None else hard_budget(get_game(args.slug)) * 1000
            return arena_main(args.slug, args.players, args.seats, args.games, budget, args.seed, _options(args.option),
                              args.samples)
        except UnknownGame as error:
            print(error, file=sys.stderr)
            return 2
    if command == "import-18xx":
        from bot.games.g1856.replay18xx import report

        text, matched = report(args.file)
        print(text)
        return 0 if matched else 1
    if command == "bench":
        from bot.bench import bench

        return asyncio.run(bench(args.slugs))
    if command == "messages":
        from bot.i18n import LOCALES, write_message_templates
        from cogs._translator import TEMPLATE, write_template

        if not args.domain or "commands" in args.domain:
            count = asyncio.run(write_template())
            print(f"wrote {count} command strings to {TEMPLATE}")
        for domain, messages in write_message_templates(args.domain).items():
            print(f"wrote {messages} messages to {LOCALES / (domain + '.pot')}")
        if args.action == "update":
            from bot.i18n import update_catalogs

            for pot in sorted(LOCALES.glob("*.pot")):
                if not args.domain or pot.stem in args.domain:
                    update_catalogs(pot.stem)
            print("merged into pl, hu and de: translate the new entries (msgstr \"\")")
        else:
            print("merge them into each language with `make messages`")
        return 0
    if command == "taps":
        from bot.taps import run as run_taps

        return run_taps(args.slugs, args.games, args.players)
    if command == "decisions":
        from bot.decisions import run as run_decisions

        return run_decisions(args.slugs, args.games, args.players)
    if command == "loadtest":
        from bot.engine import UnknownGame
        from bot.loadtest import heavy_games, run_load, run_mix

        if args.mix:
            try:
                games = heavy_games(args.heavy_games)
            except UnknownGame as error:
                print(error, file=sys.stderr)
                return 2
            asyncio.run(run_mix(args.db, light=args.tables, heavy=args.heavy, moves=args.moves, users=args.users,
                                workers=args.workers, bot_level=args.bot_level, games=games))
            return 0
        asyncio.run(run_load(args.db, table_count=args.tables, moves=args.moves, users=args.users))
        return 0
    if command == "crashsoak":
        from bot.soak import child, crash_soak

        if args.child:
            asyncio.run(child(args.db, Path(args.acks), args.seed))
            return 0
        return crash_soak(args.db, args.kills, args.seed)
    if command == "ratings":
        from bot.ratings import rebuild_command

        return asyncio.run(rebuild_command(args.db or settings.db_path))
    if command == "migrate":
        from bot.migrate import migrate

        return asyncio.run(migrate(args.source, args.target))
    raise SystemExit(f"unknown command {command}")


def run_cli() -> int:
    """:func:`main`, quiet when its reader goes away: ``python -m bot arena … | head`` closes
    the pipe after a few lines, and the rest of the output is simply not wanted (the advice of
    Python's ``signal`` documentation: point stdout at devnull so the exit flush is silent)."""
    try:
        return main()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(run_cli())
