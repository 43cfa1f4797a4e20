"""Finders Keepers' words in every language (issue 30): the message makers of the
``finders-keepers`` catalog and the names its data gives.

The 40 objects' names ("key", "ice cream") and the mascot's ("Pip") come from
``data/finders-keepers/objects.json``; they are catalog entries (:func:`data_messages`) and
are written through :func:`said`. A sentence names a tile's object with :func:`a_name`
("a key", "an anchor") and lists Keep Me cards by number with :func:`card_numbers`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.words import Text, listing, texts
from bot.engine.words import ordinal as ordinal  # re-exported: the game's modules import it from here

SLUG = "finders-keepers"
T, Tn, Tp = texts(SLUG)


def data_messages() -> list[str]:
    """The objects' names and the mascot's, for the catalog."""
    from bot.games.finders_keepers.rules import MASCOT_NAME, OBJECTS

    return [*(thing.name for thing in OBJECTS.values()), MASCOT_NAME]


def said(name: str) -> Text:
    """An object's (or the mascot's) name as a text of the catalog."""
    return Text(SLUG, name)


def a_name(name: str, article: str) -> Text:
    """"a key", "an anchor": an object named in a sentence."""
    if article == "an":
        return T("an {thing}", thing=said(name))
    return T("a {thing}", thing=said(name))


def card_numbers(ids: Sequence[int]) -> Text:
    """"card 7", "cards 3, 7 and 12" (sorted), "cards nothing" for none."""
    numbers = listing([str(i) for i in sorted(ids)], T("nothing"))
    return Tn("card {ids}", "cards {ids}", len(ids), ids=numbers)


def joined(parts: Sequence[Any]) -> Any:
    """Sentences one after another, separated by a space, each said in its language."""
    text: Any = parts[0] if parts else ""
    for part in parts[1:]:
        text = T("{text} {more}", text=text, more=part)
    return text


