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
import io
import re
from functools import cache
from pathlib import Path

LOCALES = Path(__file__).with_name("locales")
LANGUAGES = ("en", "pl", "hu", "de")
"""English first (the source), then the languages with catalogs."""
TRANSLATED = LANGUAGES[1:]

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
    if language not in TRANSLATED:
        return None
    text = catalog(language, domain).pgettext(context, message)
    return text if text != message or _has_entry(language, domain, context, message) else None


@cache
def _entries(language: str, domain: str) -> frozenset[tuple[str, str]]:
    """(context, msgid) pairs the catalog translates; an entry may equal its English ("gif")."""
    po = LOCALES / language / "LC_MESSAGES" / f"{domain}.po"
    if not po.exists():
        return frozenset()
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        messages = read_po(file, locale=language)
    return frozenset((m.context or "", m.id) for m in messages if m.id and m.string and not m.fuzzy)


def _has_entry(language: str, domain: str, context: str, message: str) -> bool:
    return (context, message) in _entries(language, domain)
