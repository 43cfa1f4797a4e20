"""Chomp!'s words in every language (issue 30): the message makers of the ``chomp`` catalog,
the creatures' names and how a number of them is written.

The creatures' names ("shark", "big fish", ...) are keys of the state and the views; they
are catalog entries (:func:`data_messages`) and written through :func:`said`. A sentence
names a card through :func:`a_name` ("a shark", "an octopus") and counts cards with
:func:`counted` ("2 seals") or :func:`cards` ("3 cards").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.engine.words import Text, chain, texts
from bot.engine.words import ordinal as ordinal  # re-exported: the game's modules import it from here

SLUG = "chomp"
T, Tn, Tp = texts(SLUG)


def data_messages() -> list[str]:
    """The creatures and action cards, for the catalog."""
    from bot.games.chomp.rules import DECK_SPLIT

    return list(DECK_SPLIT)


def said(english: str) -> Text:
    """A card's name (a catalog entry, see :func:`data_messages`) as a text of the catalog."""
    return Text(SLUG, english)


def a_name(card: str) -> Text:
    """"a shark", "an octopus": a card named in a sentence."""
    if card[0] in "aeiou":
        return T("an {card}", card=said(card))
    return T("a {card}", card=said(card))


_COUNTED: dict[str, Callable[[int], Text]] = {
    "shark": lambda n: Tn("a shark", "{n} sharks", n),
    "seal": lambda n: Tn("a seal", "{n} seals", n),
    "big fish": lambda n: Tn("a big fish", "{n} big fish", n),
    "little fish": lambda n: Tn("a little fish", "{n} little fish", n),
    "shrimp": lambda n: Tn("a shrimp", "{n} shrimp", n),
    "plankton": lambda n: Tn("a plankton", "{n} plankton", n),
    "octopus": lambda n: Tn("an octopus", "{n} octopuses", n),
    "electric eel": lambda n: Tn("an electric eel", "{n} electric eels", n),
}


def counted(card: str, n: int) -> Text:
    """``n`` cards of one kind: "a seal" (one), "2 seals", "3 big fish"."""
    return _COUNTED[card](n)


_TWO: dict[str, Callable[[], Text]] = {
    "shark": lambda: T("Two sharks: war! Each lays two cards face down and turns one up."),
    "seal": lambda: T("Two seals: war! Each lays two cards face down and turns one up."),
    "big fish": lambda: T("Two big fish: war! Each lays two cards face down and turns one up."),
    "little fish": lambda: T("Two little fish: war! Each lays two cards face down and turns one up."),
    "shrimp": lambda: T("Two shrimp: war! Each lays two cards face down and turns one up."),
    "plankton": lambda: T("Two plankton: war! Each lays two cards face down and turns one up."),
}


def two_alike(creature: str) -> Text:
    """The log line of a War battle between two cards of the same creature."""
    return _TWO[creature]()


def cards(n: int) -> Text:
    """"1 card", "6 cards"."""
    return Tn("{n} card", "{n} cards", n)


def commas(items: Sequence[Any]) -> Any:
    """``items`` joined by commas ("{seat0} shark, {seat1} seal"), sayable item by item."""
    return chain(items, lambda head, item: T("{items}, {item}", items=head, item=item))


def stored(text: Text) -> dict[str, Any]:
    """A text kept in the state (the last round's line, the end's reason): its message."""
    return text.to_json()


def shown(kept: Any) -> Any:
    """A text kept by :func:`stored` back as a :class:`Text` (a plain string stays as it is)."""
    return Text.from_json(kept) if isinstance(kept, dict) else kept
