"""Puerto Rico's words in other languages (issue 30): the catalog's message makers and the
names that come from the component tables.

Goods are said in three shapes, because Polish, Hungarian and German bend a good's name
differently by where it stands, and a template cannot: the plain name (a list of what is on
offer), the name *as a cargo* (after a count of barrels: "3 indigo", Polish "3 beczki indygo",
German "3 Fässer Indigo"), and the single barrel or plantation a move takes ("an indigo",
"an indigo plantation"), each its own message so each language writes its own case.
"""

from __future__ import annotations

from bot.engine.words import Text, texts

from .buildings import BUILDINGS, ROLE_NAMES

DOMAIN = "puerto-rico"
T, Tn, Tp = texts(DOMAIN)


def data_text(name: str) -> Text:
    """A name from the component tables as text that can be said: its English is its catalog
    entry (listed by :func:`data_messages`)."""
    return Text(DOMAIN, name)


BUILDING_NAMES: tuple[Text, ...] = tuple(data_text(building.name) for building in BUILDINGS)
"""Each building's name, in the order of ``BUILDINGS``."""

ROLE_TITLES: tuple[Text, ...] = tuple(data_text(name) for name in ROLE_NAMES)
"""Each role card's name, in the order of ``ROLE_NAMES``."""

TILE_TITLES: dict[str, Text] = {
    tile: data_text(tile.capitalize()) for tile in ("corn", "indigo", "sugar", "tobacco", "coffee", "quarry")
}
"""A good's or tile's short name as tiles and chips print it ("Corn", "Quarry")."""

GOOD_NAMES: tuple[Text, ...] = (T("corn"), T("indigo"), T("sugar"), T("tobacco"), T("coffee"))
"""A good's plain name ("New plantations on offer: corn, indigo.")."""

CARGO: tuple[Text, ...] = (
    Tp("cargo", "corn"),
    Tp("cargo", "indigo"),
    Tp("cargo", "sugar"),
    Tp("cargo", "tobacco"),
    Tp("cargo", "coffee"),
)
"""A good as what barrels hold, after a count ("3 {good}"): Polish genitive, a German noun
after "Fässer", a Hungarian compound stem before "-hordó"."""

A_BARREL: tuple[Text, ...] = (
    T("a corn"),
    T("an indigo"),
    T("a sugar"),
    T("a tobacco"),
    T("a coffee"),
)
"""One barrel of a good as the object of a sale ("sells an indigo for 1 doubloon")."""

A_TILE: tuple[Text, ...] = (
    T("a corn plantation"),
    T("an indigo plantation"),
    T("a sugar plantation"),
    T("a tobacco plantation"),
    T("a coffee plantation"),
    T("a quarry"),
)
"""An island tile as the object of taking or drawing it ("takes an indigo plantation")."""

PLACED_ON: tuple[Text, ...] = (
    Tp("colonist moved to", "a corn plantation"),
    Tp("colonist moved to", "an indigo plantation"),
    Tp("colonist moved to", "a sugar plantation"),
    Tp("colonist moved to", "a tobacco plantation"),
    Tp("colonist moved to", "a coffee plantation"),
    Tp("colonist moved to", "a quarry"),
)
"""The tile a colonist was moved to, named as buildings are ("moves a colonist to a quarry")."""


def barrels(kind: int, count: int) -> Text:
    """``count`` barrels of good ``kind``: "3 indigo"."""
    return Tn("{n} {good}", "{n} {good}", count, good=CARGO[kind])


def doubloons(count: int) -> Text:
    """"1 doubloon", "3 doubloons"."""
    return Tn("{n} doubloon", "{n} doubloons", count)


def data_messages() -> list[str]:
    """Names from the component tables, said as plain strings: buildings, roles, and the
    goods' short names printed on tiles and chips."""
    return [
        *(building.name for building in BUILDINGS),
        *dict.fromkeys(ROLE_NAMES),
        *(str(name) for name in TILE_TITLES.values()),
    ]
