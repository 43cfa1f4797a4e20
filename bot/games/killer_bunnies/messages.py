"""Killer Bunnies' words in other languages (issue 30): the catalog's message makers and the
names that come from the deck's data file (``data/killer-bunnies/cards.json``).

Card names, carrot names, the bunnies' colours and kinds are catalog entries of their own
(:func:`data_messages`), said through :class:`~bot.engine.words.Text` objects made here, so
a template can carry them as params and a picture can draw them. Card types and dice
colours are messages with a context ("card type", "die"): a die's colour is said as an
adjective of a die, a bunny's as one of a bunny, which differ in Polish and German.
"""

from __future__ import annotations

from bot.engine.words import Text, texts

from .cards import CARROTS, DATA, DECK

DOMAIN = "killer-bunnies"
T, Tn, Tp = texts(DOMAIN)


def data_text(name: str) -> Text:
    """A name from the deck's data file as text that can be said (its English is its entry)."""
    return Text(DOMAIN, name)


CARD_NAMES: tuple[Text, ...] = tuple(data_text(card.name) for card in DECK)
"""Each card's name, by card id."""

CARROT_NAMES: tuple[Text, ...] = tuple(data_text(name) for name in CARROTS)
"""Each carrot's name ("Amber"), by carrot index."""

BUNNY_COLOURS: dict[str, Text] = {colour: data_text(colour) for colour in DATA["bunny_colours"]}
"""A bunny's colour as a word under its token ("blue")."""

BUNNY_KINDS: dict[str, Text] = {kind: data_text(kind) for kind in DATA["bunny_kinds"]}
"""A bunny's kind as its token prints it ("Timid")."""

DIE_COLOURS: dict[str, Text] = {
    "red": Tp("die", "red"),
    "orange": Tp("die", "orange"),
    "yellow": Tp("die", "yellow"),
    "green": Tp("die", "green"),
    "blue": Tp("die", "blue"),
    "violet": Tp("die", "violet"),
}
"""A die's colour, as in "the red die" (the deck file's dice, checked when it is read)."""

CARD_TYPES: dict[str, Text] = {
    "run": Tp("card type", "run"),
    "special": Tp("card type", "special"),
    "very special": Tp("card type", "very special"),
    "play immediately": Tp("card type", "play immediately"),
    "kaballa dolla": Tp("card type", "kaballa dolla"),
}
"""A card's type as its band prints it (in capitals) and labels name it ("[run]")."""


SMALL_CARDS: dict[str, Text] = {"cabbage": T("cabbage"), "water": T("water")}
"""The two small decks' goods, as in "a cabbage card"."""


def carrots(count: int) -> Text:
    """"1 carrot", "3 carrots"."""
    return Tn("{n} carrot", "{n} carrots", count)


def bunnies(count: int) -> Text:
    """"1 bunny", "3 bunnies"."""
    return Tn("{n} bunny", "{n} bunnies", count)


def data_messages() -> list[str]:
    """The names the deck's data file gives: cards, carrots, bunny colours and kinds."""
    return list(dict.fromkeys([*(card.name for card in DECK), *CARROTS, *DATA["bunny_colours"],
                               *DATA["bunny_kinds"]]))
