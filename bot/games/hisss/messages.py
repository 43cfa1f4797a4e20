"""HISSS's words in every language (issue 30): the message makers of the ``hisss`` catalog,
the names its data gives (colours, card names), and a few helpers that keep texts sayable.

Card names come from ``data/hisss/cards.json`` ("red head", "red/blue body"); they stay plain
strings in the state and the views and are said through the catalog entries
:func:`data_messages` lists. Sentences name a card through ``Card.a_name`` ("the red head",
"a red/blue body"), a :class:`~bot.engine.words.Text` whose article the other languages drop.
"""

from __future__ import annotations

from bot.engine.words import Text, texts
from bot.engine.words import ordinal as ordinal  # re-exported: the game's modules import it from here

SLUG = "hisss"
T, Tn, Tp = texts(SLUG)


def data_messages() -> list[str]:
    """The colours and every card name of the deck, for the catalog."""
    from bot.games.hisss.rules import COLOURS, DECK, RAINBOW

    return [*COLOURS, RAINBOW, *dict.fromkeys(card.name for card in DECK)]


def cards(n: int) -> Text:
    """"1 card", "6 cards"."""
    return Tn("{n} card", "{n} cards", n)


def said(english: str) -> Text:
    """A name from the data (a colour, a card's name: :func:`data_messages` lists them all) as
    a text of the catalog, so it is said in every language wherever it is written."""
    return Text(SLUG, english)
