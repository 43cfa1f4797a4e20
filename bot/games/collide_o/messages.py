"""Collide-o's words in every language (issue 30): the message makers of the ``collide-o``
catalog and the names its data gives.

A section is written as its spec from ``data/collide-o/cards.json`` ("red", "blue/red",
"wild"); every spec is a catalog entry (:func:`data_messages`) and is written through
:func:`said`. A card reads "card 47 (red · blue/yellow · wild)" (:func:`card_text`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.words import Text, chain, texts
from bot.engine.words import ordinal as ordinal  # re-exported: the game's modules import it from here

SLUG = "collide-o"
T, Tn, Tp = texts(SLUG)


def data_messages() -> list[str]:
    """Every section of the deck as printed (colours, two-colour pairs, "wild"), for the catalog."""
    from bot.games.collide_o.rules import CARDS, COLOURS

    return [*COLOURS, *sorted({spec for card in CARDS.values() for spec in card.sections})]


def said(spec: str) -> Text:
    """A section as printed ("red", "blue/red", "wild") as a text of the catalog."""
    return Text(SLUG, spec)


def section_name(spec: str) -> Text:
    """A section for people: "red", "blue or red", "wild"."""
    if "/" in spec:
        first, second = spec.split("/")
        return T("{first} or {second}", first=said(first), second=said(second))
    return said(spec)


def card_text(card: int, sections: Sequence[str]) -> Text:
    """"card 47 (red · blue/yellow · wild)": a card and its sections in the order they lie."""
    first, middle, last = (said(spec) for spec in sections)
    return T("card {card} ({first} · {middle} · {last})", card=card, first=first, middle=middle, last=last)


def cards(n: int) -> Text:
    """"1 card", "6 cards"."""
    return Tn("{n} card", "{n} cards", n)


def commas(items: Sequence[Any]) -> Any:
    """``items`` joined by commas ("left, right (turned)"), sayable item by item."""
    return chain(items, lambda head, item: T("{items}, {item}", items=head, item=item))
