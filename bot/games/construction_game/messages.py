"""The Construction Game's words in other languages (issue 30): the message makers of its
catalog (``bot/locales/<lang>/LC_MESSAGES/construction-game.po``), the machines' names, and
the names and sentences its data files give (track weeks, Contingency cards, deeds, seasons).

Money is kept in whole dollars; a message takes an amount under a ``{name:$}`` field, so each
language writes it its own way.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from bot.engine.words import Code as Code  # re-exported: the game's modules import them from here
from bot.engine.words import Text, chain, texts
from bot.engine.words import named as named
from bot.engine.words import restored as restored
from bot.engine.words import stored as stored

SLUG = "construction-game"
T, Tn, Tp = texts(SLUG)


def data_text(name: str) -> Text:
    """A name or sentence from the data files as a :class:`Text` of this catalog (its English
    is the message; :func:`data_messages` gives it an entry), so it is said in every language
    wherever it goes: a param, a label, a picture."""
    return Text(SLUG, name)


@cache
def machine(item: str) -> Text:
    """One machine type (or the truck) by its name: "dozer"."""
    return {
        "backhoe": T("backhoe"), "dozer": T("dozer"), "excavator": T("excavator"), "grader": T("grader"),
        "scraper": T("scraper"), "truck": T("truck"),
    }[item]


@cache
def machines(item: str) -> Text:
    """A machine type in the plural, as a kind of work: "dozers"."""
    return {
        "backhoe": T("backhoes"), "dozer": T("dozers"), "excavator": T("excavators"), "grader": T("graders"),
        "scraper": T("scrapers"), "truck": T("trucks"),
    }[item]


@cache
def short_machine(item: str) -> Text:
    """A machine type's short name, for where its full name does not fit ("kop.-ład." in Polish)."""
    return {
        "backhoe": Tp("short", "backhoe"), "dozer": Tp("short", "dozer"), "excavator": Tp("short", "excavator"),
        "grader": Tp("short", "grader"), "scraper": Tp("short", "scraper"), "truck": Tp("short", "truck"),
    }[item]


@cache
def pieces_of(item: str, count: int) -> Text:
    """``count`` pieces of a type: "1 dozer", "3 dozers"."""
    if item == "backhoe":
        return Tn("{n} backhoe", "{n} backhoes", count)
    if item == "dozer":
        return Tn("{n} dozer", "{n} dozers", count)
    if item == "excavator":
        return Tn("{n} excavator", "{n} excavators", count)
    if item == "grader":
        return Tn("{n} grader", "{n} graders", count)
    if item == "scraper":
        return Tn("{n} scraper", "{n} scrapers", count)
    return Tn("{n} truck", "{n} trucks", count)


def commas(items: Sequence[str]) -> str:
    """``items`` written "a, b, c" (a list, not a sentence: no "and"), sayable."""
    return chain(items, lambda head, item: T("{items}, {item}", items=head, item=item))


def joined(items: Sequence[str], separator: str) -> str:
    """``items`` joined by ``separator`` ("; ", " · " or " "), sayable."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        if separator == "; ":
            text = T("{items}; {item}", items=text, item=item)
        elif separator == " · ":
            text = T("{items} · {item}", items=text, item=item)
        else:
            text = T("{text} {more}", text=text, more=item)
    return text


def data_messages() -> Iterator[str]:
    """The names and sentences of ``data/construction-game/``: the track's weeks and corner
    bills, the Contingency cards, the deeds and the seasons."""
    from .components import CARDS, PROPERTIES, SEASONS, TRACK

    for square in TRACK:
        yield square["name"]
        if "corner" in square:
            yield square["corner"]["text"]
    yield from (card["text"] for card in CARDS)
    yield from (deed["name"] for deed in PROPERTIES.values())
    yield from SEASONS.values()
