"""Bullfrog Goldfield's words in other languages (issue 30): the message makers of its catalog
(``bot/locales/<lang>/LC_MESSAGES/bullfrog-goldfield.po``) and the names its data files give.

Amounts are kept in thousands of dollars in the game; a message gets them in dollars
(:func:`usd`) under a ``{name:$}`` field, so each language writes them its own way.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bot.engine.words import Code as Code  # re-exported: the game's modules import them from here
from bot.engine.words import Text, chain, texts
from bot.engine.words import named as named
from bot.engine.words import restored as restored
from bot.engine.words import stored as stored

SLUG = "bullfrog-goldfield"
T, Tn, Tp = texts(SLUG)


def usd(thousands: int) -> int:
    """An amount kept in thousands as dollars, for a ``{name:$}`` field: ``usd(12)`` -> 12000."""
    return thousands * 1000


def data_text(name: str) -> Text:
    """A name or sentence from the data files as a :class:`Text` of this catalog (its English
    is the message; :func:`data_messages` gives it an entry), so it is said in every language
    wherever it goes: a param, a label, a picture."""
    return Text(SLUG, name)


def commas(items: Sequence[str]) -> str:
    """``items`` written "a, b, c" (a list, not a sentence: no "and"), sayable."""
    return chain(items, lambda head, item: T("{items}, {item}", items=head, item=item))


def semicolons(items: Sequence[str]) -> str:
    """``items`` written "a; b; c", sayable."""
    return chain(items, lambda head, item: T("{items}; {item}", items=head, item=item))


def sums(items: Sequence[str]) -> str:
    """``items`` written "a + b + c" (bonds), sayable."""
    return chain(items, lambda head, item: T("{items} + {item}", items=head, item=item))


def sentences(items: Sequence[str]) -> str:
    """Sentences one after another, "A. B.", sayable."""
    return chain(items, lambda head, item: T("{text} {more}", text=head, more=item))


def clause(sentence: str) -> str:
    """A card's effect sentence as a clause in brackets: lower-case start, no full stop."""
    return sentence[:1].lower() + sentence[1:].rstrip(".")


def data_messages() -> Iterator[str]:
    """The names and sentences of ``data/bullfrog-goldfield/``: areas, companies, character
    cards and their effects (also as the clause the orders quote)."""
    from .components import components

    parts = components()
    yield from (str(area.name) for area in parts.areas.values())
    yield from (str(company.name) for company in (*parts.railroads, *parts.mines))
    for card in parts.characters:
        yield from (str(card.name), str(card.effect), clause(card.effect))
