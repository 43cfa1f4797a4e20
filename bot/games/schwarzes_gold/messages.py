"""Schwarzes Gold's words in every language (issue 30): the game's message makers, the names the
code builds from data (the nine areas, the four headings) for the catalog, and the small helpers
that compose text without losing its message.

English is written in the code (``T("{who} builds an oil rig on {field}.", ...)``); the Polish,
Hungarian and German wordings are in ``bot/locales/{pl,hu,de}/LC_MESSAGES/schwarzes-gold.po``.
A text is composed from smaller texts as params, never with ``+`` or an f-string, so each part is
still said in the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.words import Text, chain, texts
from bot.engine.words import ordinal as ordinal  # re-exported: the game's modules import it from here

SLUG = "schwarzes-gold"
T, Tn, Tp = texts(SLUG)

AREAS = ("2/3", "4", "5", "6", "7", "8", "9", "10", "11/12")
"""The nine areas, named by the dice sums they stand for (both boards)."""


def area_label(area: str) -> str:
    """"area 7": an area as the log names it (each area is its own catalog entry, so a language
    may inflect the number: "7-es terület")."""
    return Text(SLUG, f"area {area}")


def data_messages() -> list[str]:
    """The texts the code builds from data: the nine area names (see :func:`area_label`)."""
    return [f"area {area}" for area in AREAS]


def series(items: Sequence[Any]) -> Any:
    """"a, b, c" (no "and") that is still said in each language: a chain of ``{first}, {next}``."""
    return chain(items, lambda head, item: T("{first}, {next}", first=head, next=item))


def sentences(items: Sequence[str]) -> str:
    """Sentences one after the other, separated by a space, each still said in its language."""
    return chain(items, lambda head, item: T("{first} {next}", first=head, next=item))


