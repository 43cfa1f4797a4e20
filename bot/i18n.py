"""Languages: message catalogs (gettext, kept with Babel) and the slash commands' translations.

English is the source language; ``pl``, ``hu`` and ``de`` have catalogs in
``bot/locales/<lang>/LC_MESSAGES/<domain>.po``. Each domain is one part of the product:

- ``commands``: slash-command names, descriptions, option names and choices. Discord shows
  them in each user's client language from the command definitions, which carry
  ``name_localizations`` / ``description_localizations``; :class:`CommandTranslator` fills
  them when the tree syncs. The message context (``msgctxt``) is where a string sits
  ("command_name", "parameter_description", ... — discord.py's
  :class:`~discord.app_commands.TranslationContextLocation`), so the option ``game`` and the
  command ``game`` may differ.

The catalogs are plain ``.po`` files. ``make`` compiles them to ``.mo`` at install (``pybabel
compile``); where a ``.mo`` is missing or older than its ``.po`` (an install without make, a
catalog just edited), :func:`catalog` compiles it in memory, so a running bot never serves a
stale translation. ``python -m bot messages extract`` rewrites the template from the command
tree and ``make messages`` merges it into each language (``pybabel update``).
"""

from __future__ import annotations

import gettext
import importlib
import io
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from bot.engine.words import CORE, Text, english_field, fill

LOCALES = Path(__file__).with_name("locales")
LANGUAGES = ("en", "pl", "hu", "de")
"""English first (the source), then the languages with catalogs."""
TRANSLATED = LANGUAGES[1:]
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "hu": "Magyar", "de": "Deutsch"}
"""Each language in its own words: the choices of ``/game new language:`` and ``/game status``."""

COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for command and option names (``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``,
lowercase where the letter has a case); Python's ``\\w`` is letters, digits and ``_``."""


def language_of(locale: str | None) -> str:
    """Our language for a Discord locale ("pl", "hu", "de", "en-US", "en-GB", ...): the first
    part if we have it, else English."""
    if not locale:
        return "en"
    head = str(locale).split("-")[0].lower()
    return head if head in LANGUAGES else "en"


@cache
def catalog(language: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``language`` (English and unknown: no translation)."""
    if language not in TRANSLATED:
        return gettext.NullTranslations()
    folder = LOCALES / language / "LC_MESSAGES"
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as file:
            return gettext.GNUTranslations(file)
    if not po.exists():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(_compile(po, language)))


def _compile(po: Path, language: str) -> bytes:
    """``pybabel compile`` in memory (Babel is a dependency; imported only when needed)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        messages = read_po(file, locale=language)
    out = io.BytesIO()
    write_mo(out, messages)
    return out.getvalue()


def translate(language: str, domain: str, context: str, message: str) -> str | None:
    """``message`` (in context ``context``) in ``language``, or None where the catalog has none."""
    if language not in TRANSLATED or not message:
        return None  # gettext("") is the catalog's header, not a translation
    found = catalog(language, domain)
    text = found.pgettext(context, message) if context else found.gettext(message)
    return text if text != message or _has_entry(language, domain, context, message) else None


@cache
def _entries(language: str, domain: str) -> frozenset[tuple[str, str]]:
    """(context, msgid) pairs the catalog translates (a plural entry by its singular, with every
    form translated); an entry may equal its English ("gif")."""
    po = LOCALES / language / "LC_MESSAGES" / f"{domain}.po"
    if not po.exists():
        return frozenset()
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        messages = read_po(file, locale=language)
    return frozenset((m.context or "", m.id[0] if isinstance(m.id, tuple) else m.id) for m in messages
                     if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string))


def _has_entry(language: str, domain: str, context: str, message: str) -> bool:
    return (context, message) in _entries(language, domain)


# ---------------------------------------------------------------------------------------------
# Messages: saying the product's words in a language (issue 30)
# ---------------------------------------------------------------------------------------------
#
# Every word the product shows is English text made by a catalog's message makers
# (:func:`bot.engine.words.texts`): a game's rules, labels, log lines and pictures use the
# game's catalog (its slug), the bot's replies, buttons and shared words use ``messages``.
# Front ends say a text in a language at the last moment, with :func:`say`: public posts in
# the table's language, private replies in the user's. Pictures are drawn inside
# ``speaking(language, slug)``, and :mod:`bot.render.text` says every string it measures or
# draws. Plain strings (a name from a data file, a word a picture prints) are looked up by
# their English in the catalogs being spoken; what has no entry stays English.

LANGUAGE: ContextVar[str] = ContextVar("language", default="en")
"""The language being spoken where no language is passed: pictures, the console."""
DOMAINS: ContextVar[tuple[str, ...]] = ContextVar("domains", default=(CORE,))
"""The catalogs plain strings are looked up in, first match wins (the game's, then ``messages``)."""

CATALOG_DOMAINS_FILE = "domains"


@contextmanager
def speaking(language: str, *domains: str) -> Iterator[None]:
    """Say plain strings and pictures' words in ``language``, looked up in ``domains`` then ``messages``."""
    language_token = LANGUAGE.set(language_of(language))
    domains_token = DOMAINS.set((*domains, CORE))
    try:
        yield
    finally:
        LANGUAGE.reset(language_token)
        DOMAINS.reset(domains_token)


def say(value: Any, language: str | None = None, domains: tuple[str, ...] = ()) -> Any:
    """``value`` in ``language`` (default: the one being spoken): a :class:`Text` through its
    catalog with its params said too, a plain string by its English in ``domains`` and the
    spoken catalogs (a plain param of a ``Text`` in the ``Text``'s catalog first); anything
    else, and anything with no translation, as it is."""
    language = language_of(language) if language is not None else LANGUAGE.get()
    if language not in TRANSLATED or not isinstance(value, str):
        return value
    if isinstance(value, Text):
        wording = _wording(value, language)
        inner = (value.domain, *domains)
        return fill(wording, {name: say(param, language, inner) for name, param in value.params.items()},
                    lambda field, spec: _write_field(field, spec, language))
    for domain in (*domains, *DOMAINS.get()):
        if (found := translate(language, domain, "", value)) is not None:
            return found
    return value


DRAWN: ContextVar[list[str] | None] = ContextVar("drawn", default=None)
"""Where the test of pictures' words collects every string a picture measures or draws, as the
renderer gave it (before it is said): set it to a list with :func:`recording_drawn`."""


class Said(str):
    """A piece of text already said in the language being spoken (a line of a wrapped
    paragraph): drawn as it is, and not recorded again."""


def say_drawn(text: str) -> str:
    """A picture's string in the language being spoken (the fonts call this for every string);
    recorded as given when :data:`DRAWN` collects."""
    if isinstance(text, Said):
        return text
    drawn = DRAWN.get()
    if drawn is not None:
        drawn.append(text)
    return say(text) if LANGUAGE.get() in TRANSLATED else text


@contextmanager
def recording_drawn() -> Iterator[list[str]]:
    """Collect the strings pictures draw inside the block (see :data:`DRAWN`)."""
    drawn: list[str] = []
    token = DRAWN.set(drawn)
    try:
        yield drawn
    finally:
        DRAWN.reset(token)


@contextmanager
def said_already() -> Iterator[None]:
    """Inside, pictures' strings are pieces of text already said (the lines of a wrapped
    paragraph): not recorded, not looked up again."""
    token, language_token = DRAWN.set(None), LANGUAGE.set("en")
    try:
        yield
    finally:
        DRAWN.reset(token)
        LANGUAGE.reset(language_token)


def _wording(text: Text, language: str) -> str:
    """The template of ``text`` in ``language``: the catalog's, or the English where it has none."""
    translations = catalog(language, text.domain)
    if text.plural is not None:
        count = text.count if text.count is not None else 1
        if text.context is not None:
            return translations.npgettext(text.context, text.template, text.plural, count)
        return translations.ngettext(text.template, text.plural, count)
    if text.context is not None:
        return translations.pgettext(text.context, text.template)
    return translations.gettext(text.template)


def _write_field(value: Any, spec: str, language: str) -> str:
    """A field written the language's way: amounts of dollars, grouped and decimal numbers."""
    from babel.numbers import format_decimal

    if isinstance(value, bool) or not isinstance(value, int | float):
        return english_field(value, spec)
    if spec == "$":
        amount = round(value)
        return f"{'-' if amount < 0 else ''}{format_decimal(abs(amount), locale=language)} $"
    if spec == ",":
        return format_decimal(value, locale=language)
    if not spec and isinstance(value, float):
        return format_decimal(value, locale=language, group_separator=False)
    return english_field(value, spec)


WORDS = re.compile(r"[^\W\d_]*[a-z][^\W\d_]*[^\W\d_]", re.UNICODE)
"""A word: two or more letters, one of them lowercase ("Pass", "mine"; not "THB", "D8", "B7")."""


def has_words(text: str) -> bool:
    """Whether ``text`` says something in English (beyond ``{seatN}`` marks, codes and numbers)."""
    return bool(WORDS.search(re.sub(r"\{seat\d+\}", "", text)))


def untranslated(value: Any, language: str, domains: tuple[str, ...] = (CORE,)) -> list[str]:
    """The English in ``value`` that ``language``'s catalogs do not translate (empty: all said).

    A :class:`Text` needs its template in its catalog, and each param that says something
    needs its own entry; a plain string with words needs an entry in one of ``domains``."""
    if not isinstance(value, str) or language not in TRANSLATED:
        return []
    if isinstance(value, Text):
        missing = [] if _has_message(value, language) else [f"{value.domain}: {value.template}"]
        for param in value.params.values():
            missing += untranslated(param, language, (value.domain, *domains))
        return missing
    if not has_words(value) or any(_has_entry(language, domain, "", value) for domain in domains):
        return []
    return [f"{'/'.join(domains)}: {value}"]


def _has_message(text: Text, language: str) -> bool:
    return _has_entry(language, text.domain, text.context or "", text.template)


# ---------------------------------------------------------------------------------------------
# Extraction: the templates (.pot) of the message catalogs
# ---------------------------------------------------------------------------------------------

KEYWORDS = {"T": None, "Tn": (1, 2), "Tp": ((1, "c"), 2)}
"""What ``pybabel extract`` looks for: the message makers of :func:`bot.engine.words.texts`."""
CORE_SOURCES = ("bot/*.py", "bot/engine/*.py", "bot/render/*.py", "bot/web/*.py", "cogs/*.py")
"""The files of the ``messages`` catalog; each game's package is its own catalog."""


def message_domains() -> dict[str, list[Path]]:
    """Each catalog and its source files: ``messages`` and one per game (its slug)."""
    root = LOCALES.parent.parent
    domains = {CORE: sorted(path for pattern in CORE_SOURCES for path in root.glob(pattern))}
    from bot.engine import all_games
    from bot.games import load_all

    load_all()
    for game in all_games():
        package = sys.modules[type(game).__module__].__name__.rsplit(".", 1)[0]
        folder = root / package.replace(".", "/")
        if folder.name != "games" and not game.slug.startswith("toy"):
            domains[game.slug] = sorted(folder.rglob("*.py"))
    return domains


def extract_messages(domain: str, files: list[Path]) -> Any:
    """The Babel catalog of ``domain``'s messages in ``files``, plus the strings its game's data
    gives to be said (a ``data_messages()`` function in the game package's ``messages`` module)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    template = Catalog(project="gamemaster", domain=domain, charset="utf-8")
    root = LOCALES.parent.parent
    for path in files:
        for line, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",),
            options={"encoding": "utf-8"},
        ):
            template.add(message, locations=[(str(path.relative_to(root)), line)],
                         auto_comments=comments, context=context)
    for message in _data_messages(domain, files):
        template.add(message, locations=[("data", 0)])
    return template


def _data_messages(domain: str, files: list[Path]) -> list[str]:
    if domain == CORE or not files:
        return []
    package = ".".join(files[0].relative_to(LOCALES.parent.parent).parent.parts)
    try:
        module = importlib.import_module(f"{package}.messages")
    except ModuleNotFoundError:
        return []
    return list(module.data_messages())


def write_message_templates(only: list[str] | None = None) -> dict[str, int]:
    """Write ``bot/locales/<domain>.pot`` for every message catalog (or those in ``only``); the
    number of messages in each."""
    from babel.messages.pofile import write_po

    counts = {}
    for domain, files in message_domains().items():
        if only and domain not in only:
            continue
        template = extract_messages(domain, files)
        with (LOCALES / f"{domain}.pot").open("wb") as file:
            write_po(file, template, width=100, omit_header=False, sort_output=True)
        counts[domain] = len(template)
    return counts


def update_catalogs(domain: str) -> None:
    """Merge ``bot/locales/<domain>.pot`` into each language's catalog (``pybabel update``
    without fuzzy matching), creating a catalog that does not exist yet (``pybabel init``)."""
    from babel.messages.pofile import read_po, write_po

    with (LOCALES / f"{domain}.pot").open("rb") as file:
        template = read_po(file)
    for language in TRANSLATED:
        po = LOCALES / language / "LC_MESSAGES" / f"{domain}.po"
        if po.exists():
            with po.open("rb") as file:
                messages = read_po(file, locale=language)
            messages.update(template, no_fuzzy_matching=True, update_header_comment=False)
            messages.obsolete.clear()  # a message gone from the code is not kept
            messages.fuzzy = False  # a fuzzy header makes `pybabel compile` skip the whole catalog
        else:
            from babel.messages.catalog import Catalog

            messages = Catalog(locale=language, domain=domain, project="gamemaster", charset="utf-8", fuzzy=False)
            for message in template:
                if message.id:
                    messages.add(message.id, locations=message.locations, flags=message.flags,
                                 auto_comments=message.auto_comments, context=message.context)
        po.parent.mkdir(parents=True, exist_ok=True)
        with po.open("wb") as file:
            write_po(file, messages, width=100)


# ---------------------------------------------------------------------------------------------
# Slash commands named in a message, as a Discord client in the language lists them
# ---------------------------------------------------------------------------------------------

_MENTION = re.compile(r"(?<![\w/`<])/([a-z][a-z-]*)((?: [a-z][a-z-]*)?)((?: [a-z_]+:)*)")
"""``/game new``, ``/play``, ``/game replay table:`` in running text (not a URL, not a path)."""


def discord_commands(text: str, language: str) -> str:
    """``text`` with the slash commands it names written as Discord lists them to a client in
    ``language``: a Polish player's Discord shows ``/game new`` as ``/gra nowa``, so a reply
    saying "start one with /game new" would send them looking for a command they cannot see.

    Only names the ``commands`` catalog knows are rewritten (a top-level command, a group and
    its subcommand, option names before a colon); anything else (``/moves`` in the console's
    help, a URL) stays. The console speaks its own English commands and does not call this."""
    if language not in TRANSLATED or "/" not in text:
        return text
    from bot.rulebook import localize_commands  # the same for commands in code spans

    text = localize_commands(text, language)

    def rewrite(match: re.Match[str]) -> str:
        head, sub, options = match.group(1), match.group(2).strip(), match.group(3)
        group = translate(language, "commands", "group_name", head)
        if group is not None:
            said_sub = translate(language, "commands", "command_name", sub) if sub else None
            if sub and said_sub is None:
                return match.group(0)  # not one of the group's commands: leave the words alone
            written = f"/{group}" + (f" {said_sub}" if said_sub else "")
        else:
            command = translate(language, "commands", "command_name", head)
            if command is None:
                return match.group(0)
            written = f"/{command}" + (f" {sub}" if sub else "")  # a word after a command is text
        for option in options.split():
            name = option[:-1]
            written += f" {translate(language, 'commands', 'parameter_name', name) or name}:"
        return written

    return _MENTION.sub(rewrite, text)
