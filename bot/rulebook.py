"""Rules pages for ``/game rules``: our own how-to-play pages, then (optionally) the rulebook.

Every game ships a how-to-play reference written by us in ``data/<slug>/rules.md``: one
page per ``## `` section (setup, a turn, the actions, the end, the table options, the bot
commands). The same page in Polish, Hungarian or German is ``rules.pl.md``, ``rules.hu.md``,
``rules.de.md`` beside it (our own words too, with the game's own name in that language);
a player whose Discord speaks one of those reads it, everyone else the English one. It travels with the repository, so a fresh clone shows it. The publisher's
rulebook files live outside the repository (``GAMEMASTER_RULES_DIR``, by default
``../shared/rules``); when that folder is there, its pages follow ours.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bot.engine import Game
from bot.engine.words import CORE, texts
from bot.i18n import say

T, Tn, Tp = texts(CORE)

PAGE_CHARS = 1800
"""At most this many characters a page: a Discord message (2000) with room for a header."""
DATA_DIR = Path(__file__).resolve().parents[1] / "data"
"""The repository's ``data`` folder: ``data/<slug>/rules.md`` is a game's own rules page."""
OWN_RULES = "rules.md"
_BLOCK = re.compile(r"^(#|[-*] |\d+\. |\|)")
"""A line that starts its own block in Markdown: heading, list item, numbered item, table row."""


def paginate(text: str, limit: int = PAGE_CHARS) -> list[str]:
    """Split at paragraph breaks (then lines, then words) into pages of at most ``limit`` characters."""
    pages: list[str] = []
    current = ""
    for paragraph in _pieces(text.strip(), limit):
        joined = f"{current}\n\n{paragraph}" if current else paragraph
        if len(joined) <= limit:
            current = joined
        else:
            pages.append(current)
            current = paragraph
    if current:
        pages.append(current)
    return pages or [""]


def _pieces(text: str, limit: int) -> list[str]:
    pieces: list[str] = []
    for paragraph in (p.strip() for p in text.split("\n\n")):
        if not paragraph:
            continue
        while len(paragraph) > limit:
            cut = paragraph.rfind("\n", 0, limit)
            if cut <= 0:
                cut = paragraph.rfind(" ", 0, limit)
            if cut <= 0:
                cut = limit
            pieces.append(paragraph[:cut].strip())
            paragraph = paragraph[cut:].strip()
        pieces.append(paragraph)
    return pieces


def unwrap(text: str) -> str:
    """Join the hard-wrapped lines of each paragraph or list item into one line.

    The files are wrapped at ~90 characters for editing, but Discord shows every newline,
    which makes ragged text on a phone. Headings, list items and table rows keep their
    own lines; blank lines between paragraphs stay.
    """
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        joinable = out and out[-1] and not out[-1].lstrip().startswith(("#", "|"))
        if stripped and joinable and not _BLOCK.match(stripped):
            out[-1] = f"{out[-1]} {stripped}"
        else:
            out.append(line.rstrip())
    return "\n".join(out)


def sections(text: str, limit: int = PAGE_CHARS) -> list[str]:
    """One page per ``## `` section of a Markdown text, heading included.

    A ``# `` title line before the first section is dropped (the command prints the game's
    title); other text before it becomes a page of its own. A section longer than ``limit``
    is split at paragraphs, and its heading is repeated with "(continued)". Hard-wrapped
    lines are joined (:func:`unwrap`).
    """
    chunks: list[str] = []
    current: list[str] = []
    for line in unwrap(text.strip()).splitlines():
        if line.startswith("## ") and current:
            chunks.append("\n".join(current).strip())
            current = []
        if line.startswith("# ") and not chunks and not any(c.strip() for c in current):
            continue  # the title
        current.append(line)
    if current:
        chunks.append("\n".join(current).strip())
    pages: list[str] = []
    for chunk in filter(None, chunks):
        heading = chunk.splitlines()[0] if chunk.startswith("## ") else ""
        parts = paginate(chunk, limit - len(" (continued)") - 1)
        pages.append(parts[0])
        pages += [f"{heading} (continued)\n{part}" if heading else part for part in parts[1:]]
    return pages


def own_rules_path(slug: str, language: str = "en", data_dir: Path = DATA_DIR) -> Path:
    """``data/<slug>/rules.<language>.md`` where it exists, else the English ``rules.md``."""
    if language != "en":
        translated = data_dir / slug / f"rules.{language}.md"
        if translated.is_file():
            return translated
    return data_dir / slug / OWN_RULES


_COMMAND_SPAN = re.compile(r"`(/[a-z-]+)((?: [a-z-]+)?)((?: [a-z_]+:[^`\s]*| <[^>`]*>)*)`")
"""A command in a code span: ``/game new``, ``/play move:roll``, ``/game new game:hisss``."""


def localize_commands(text: str, language: str) -> str:
    """Write the slash commands quoted in ``text`` as Discord shows them in ``language``.

    A Polish player's Discord lists ``/game new`` as ``/gra nowa`` (the command catalog,
    :mod:`bot.i18n`), so a page that says `/game new` would send them looking for a command
    they cannot see. The pages keep the English spans (one source for every language); they
    are rewritten here when shown. Option values (``move:roll``) are what players type and stay.
    """
    if language == "en":
        return text
    from bot.i18n import translate

    def word(context: str, english: str) -> str:
        return translate(language, "commands", context, english) or english

    def rewrite(match: re.Match[str]) -> str:
        head, sub, options = match.group(1)[1:], match.group(2).strip(), match.group(3)
        group = translate(language, "commands", "group_name", head)
        parts = ["/" + (group or word("command_name", head))]
        if sub:
            parts.append(word("command_name", sub))
        for option in options.split():
            name, colon, value = option.partition(":")
            parts.append(f"{word('parameter_name', name)}:{value}" if colon else option)  # <move> stays
        return "`" + " ".join(parts) + "`"

    return _COMMAND_SPAN.sub(rewrite, text)


def own_pages(slug: str, data_dir: Path = DATA_DIR, language: str = "en") -> list[str]:
    """Our how-to-play pages for a game in ``language`` (English where it has none, and the
    commands it quotes as ``language``'s Discord names them); empty when the game has no page."""
    path = own_rules_path(slug, language, data_dir)
    if not path.is_file():
        return []
    return sections(localize_commands(path.read_text(encoding="utf-8"), language))


def rule_pages(rules_dir: Path, rules_file: str) -> list[str] | None:
    """The pages of a game's rulebook file, or None when the file is not there."""
    if not rules_file:
        return None
    path = rules_dir / rules_file
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8", errors="replace")
    # Shop blurbs appended to some rulebook files are not rules.
    text = text.split("• Shop")[0]
    return paginate(text)


@dataclass(frozen=True)
class RulePages:
    """What ``/game rules`` pages through after its summary page: ours first, then the book."""

    own: list[str]
    book: list[str]

    @property
    def all(self) -> list[str]:
        return self.own + self.book


def game_pages(slug: str, rules_file: str, rules_dir: Path, data_dir: Path = DATA_DIR,
               language: str = "en") -> RulePages:
    """Our pages for ``slug`` and, when ``rules_dir`` holds it, the rulebook ``rules_file``."""
    return RulePages(own=own_pages(slug, data_dir, language), book=rule_pages(rules_dir, rules_file) or [])


class NoSuchPage(ValueError):
    """A page number beyond a game's rules; the message says which pages there are."""


def rules_text(game: Game, page: int, rules_dir: Path, *, markup: bool = True, data_dir: Path = DATA_DIR,
               language: str = "en") -> str:
    """Page ``page`` of ``/game rules`` for ``game``, the same for every front end.

    Page 1 is the summary (players, options, where the other pages are); then our
    how-to-play pages; then the rulebook when ``rules_dir`` holds it. ``markup`` writes
    Discord's bold and code marks and its ``page:N`` syntax; without it, plain text and the
    console's ``/game rules SLUG N``. ``language`` chooses our pages' language (see
    :func:`own_rules_path`). Raises :class:`NoSuchPage` beyond the last page.
    """
    found = game_pages(game.slug, game.rules_file, rules_dir, data_dir, language)
    pages, own = found.all, len(found.own)
    total = len(pages) + 1
    if not 1 <= page <= total:
        raise NoSuchPage(T("{title} has {total} pages of rules; choose 1–{total}.", title=game.title, total=total))
    bold = (lambda text: f"**{text}**") if markup else (lambda text: text)
    code = (lambda text: f"`{text}`") if markup else (lambda text: text)
    domains = (game.slug,)  # the game's own words (its title, summary, options) are in its catalog
    title = say(game.title, language, domains)
    if page > 1:
        part = T("how to play") if page - 2 < own else T("rulebook")
        heading = say(T("{title} — {part}, page {page}/{total}", title=title, part=part, page=page, total=total),
                      language)
        return f"{bold(heading)}\n{pages[page - 2]}"
    players = T("Players: {least}–{most}.", least=game.min_players, most=game.max_players)
    if game.realtime:
        players = T("{players} A speed game: live races, or turns for play-by-post.", players=players)
    lines: list[str] = [f"{bold(title)} — {say(game.summary, language, domains)}", say(players, language)]
    for option in game.options:
        lines.append(say(T("Option {name}: {choices} (default {default}). {help}", name=code(option.name),
                           choices=" | ".join(option.choices), default=option.default,
                           help=say(option.help, language, domains)), language))
    if own:
        command = f"/game rules {game.slug} page:2" if markup else f"/game rules {game.slug} 2"
        lines.append(say(T("How to play, on pages 2–{last}: {command}.", last=own + 1,
                           command=code(localize_commands(command, language))), language))
    if found.book:
        lines.append(say(T("The publisher's rulebook follows on pages {first}–{last}.", first=own + 2, last=total),
                         language))
    elif not own:
        lines.append(say(T("The full rulebook is not installed on this bot."), language))
    return "\n".join(lines)


def which_game(games: Iterable[Game], *, markup: bool = True, language: str = "en") -> str:
    """The answer to ``/game rules`` without a game: which games there are (their titles said in
    ``language``), and how to ask (a :class:`~bot.engine.words.Text`)."""
    listed = [game for game in games if not game.slug.startswith("toy")]
    command = "/game rules game:<game>" if markup else "/game rules GAME [PAGE]"
    shown = f"`{command}`" if markup else command
    names = ", ".join(f"{say(game.title, language, (game.slug,))} ({game.slug})" for game in listed)
    return T("Which game? Ask with {command}. The games: {games}.", command=shown, games=names)
