"""1856's words in other languages (issue 30): the message makers of its catalog (``1856``)
and the names from its data files that players see (cities, companies, privates).

Companies and privates keep their English names in every language (the rulebooks and the
18xx community use them); cities too, as the map prints them. They still get catalog
entries (equal to the English where that is what players use), so the language test knows
they are said on purpose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import words
from bot.engine.words import Code as Code  # re-exported for the game's modules
from bot.engine.words import named as named
from bot.engine.words import restored as restored
from bot.engine.words import texts

DOMAIN = "1856"
T, Tn, Tp = texts(DOMAIN)


def money(amount: int) -> str:
    """An amount as the panels print it ("$1032", ungrouped; "1032 $" in Polish)."""
    return T("${amount}", amount=amount)


def worth(amount: float) -> str:
    """An amount grouped as scores are ("$1,515"; "1 515 $" in Polish)."""
    return T("{amount:$}", amount=amount)


RIGHTS = {"tunnel": T("tunnel"), "bridge": T("bridge")}
"""The two kinds of bonus rights (St. Clair's tunnel, Niagara's bridge), in sentences."""


def data_messages() -> list[str]:
    """The names the map and the companies' data give to be drawn or said."""
    from bot.games.g1856 import board, economy

    names = {h["name"] for h in board.hexes().values() if h.get("name")}
    # The labels printed on hexes and tiles ("Bar" for Barrie, "Lon" for London): codes, the
    # same in every language, but with lowercase letters.
    names |= {place["label"] for place in (*board.hexes().values(), *board.tiles().values()) if place.get("label")}
    names |= {c["name"] for c in board.corporations().values() if c.get("name")}
    names |= {p["name"] for p in economy.privates().values() if p.get("name")}
    return sorted(names)


def stored(lines: Sequence[str]) -> list[Any]:
    """Log lines for the JSON state: a :class:`Text` as its message, a plain line as it is."""
    return [words.stored(line) for line in lines]


