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
from dataclasses import dataclass
from typing import Any

from bot.engine.contract import fill_seat_refs
from bot.engine.words import Text, texts

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
    head: Any = items[0] if items else ""
    for item in items[1:]:
        head = T("{first}, {next}", first=head, next=item)
    return head


def sentences(items: Sequence[str]) -> str:
    """Sentences one after the other, separated by a space, each still said in its language."""
    head: str = items[0] if items else ""
    for item in items[1:]:
        head = T("{first} {next}", first=head, next=item)
    return head


def named(value: Any, names: Sequence[str]) -> Any:
    """``value`` with its ``{seatN}`` marks replaced by player names, keeping what it says: a
    :class:`Text` is rebuilt with its params named (so a picture still says it in the language
    being spoken), a plain string is filled as :func:`fill_seat_refs` does."""
    if isinstance(value, Text):
        params = {key: named(param, names) for key, param in value.params.items()}
        return Text(value.domain, value.template, params, plural=value.plural, count=value.count,
                    context=value.context)
    if isinstance(value, str):
        return fill_seat_refs(value, names)
    return value


def ordinal(n: int) -> Text:
    """A place in the ranking: "1st", "2nd", "3rd", "4th" ("1." in Polish, Hungarian, German)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return T("{n}th", n=n)
    if n % 10 == 1:
        return T("{n}st", n=n)
    if n % 10 == 2:
        return T("{n}nd", n=n)
    return T("{n}rd", n=n)


def stored(text: str) -> Any:
    """A text as the game state keeps it (plain JSON): a :class:`Text` as its message."""
    return text.to_json() if isinstance(text, Text) else text


def restored(data: Any) -> Any:
    """The text :func:`stored` kept (older snapshots kept plain English strings)."""
    return Text.from_json(data) if isinstance(data, dict) else data


@dataclass(frozen=True, slots=True)
class Verbatim:
    """What the player typed (a move key, a field, an option name), quoted as it is in every
    language: not a ``str``, so it is never looked up in a catalog."""

    typed: str

    def __format__(self, spec: str) -> str:
        return format(self.typed, spec)

    def __str__(self) -> str:
        return self.typed
