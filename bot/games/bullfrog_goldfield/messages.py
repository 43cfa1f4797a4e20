"""Bullfrog Goldfield's words in other languages (issue 30): the message makers of its catalog
(``bot/locales/<lang>/LC_MESSAGES/bullfrog-goldfield.po``) and the names its data files give.

Amounts are kept in thousands of dollars in the game; a message gets them in dollars
(:func:`usd`) under a ``{name:$}`` field, so each language writes them its own way.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from bot.engine.words import Text, texts

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


def stored(text: str) -> Any:
    """A text as the state keeps it: a :class:`Text` as its message (the state is JSON and a
    ``Text`` would come back as plain English), anything else as it is."""
    return text.to_json() if isinstance(text, Text) else text


def restored(value: Any) -> str:
    """A text the state kept (see :func:`stored`); a plain string (a table saved before the
    game spoke other languages) stays English."""
    return Text.from_json(value) if isinstance(value, dict) else str(value)


def named(text: str, names: Sequence[str]) -> str:
    """``text`` with its ``{seatN}`` marks filled with players' names, still a :class:`Text`
    (the pictures say it in the language being spoken; ``fill_seat_refs`` would give English)."""
    from bot.engine import fill_seat_refs

    if not isinstance(text, Text):
        return fill_seat_refs(text, names)
    params: dict[str, Any] = {key: named(value, names) if isinstance(value, str) else value
                              for key, value in text.params.items()}
    params.update({f"seat{seat}": name for seat, name in enumerate(names) if f"seat{seat}" not in params})
    return Text(text.domain, text.template, params, plural=text.plural, count=text.count, context=text.context)


class Code:
    """A code written into a text as it is in every language: an action key, a player's typed
    input ("'no-such-move'"). Keys are the same in every language, so a code is not English to
    translate; it is not a ``str``, so :func:`bot.i18n.say` and :func:`bot.i18n.untranslated`
    pass it by, and a template writes it verbatim."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code

    def __str__(self) -> str:
        return self.code

    def __format__(self, spec: str) -> str:
        return format(self.code, spec)

    def __repr__(self) -> str:
        return f"Code({self.code!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Code) and other.code == self.code

    def __hash__(self) -> int:
        return hash(self.code)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Code, (self.code,))


def commas(items: Sequence[str]) -> str:
    """``items`` written "a, b, c" (a list, not a sentence: no "and"), sayable."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = T("{items}, {item}", items=text, item=item)
    return text


def semicolons(items: Sequence[str]) -> str:
    """``items`` written "a; b; c", sayable."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = T("{items}; {item}", items=text, item=item)
    return text


def sums(items: Sequence[str]) -> str:
    """``items`` written "a + b + c" (bonds), sayable."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = T("{items} + {item}", items=text, item=item)
    return text


def sentences(items: Sequence[str]) -> str:
    """Sentences one after another, "A. B.", sayable."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = T("{text} {more}", text=text, more=item)
    return text


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
