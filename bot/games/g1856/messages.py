"""1856's words in other languages (issue 30): the message makers of its catalog (``1856``)
and the names from its data files that players see (cities, companies, privates).

Companies and privates keep their English names in every language (the rulebooks and the
18xx community use them); cities too, as the map prints them. They still get catalog
entries (equal to the English where that is what players use), so the language test knows
they are said on purpose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine.contract import fill_seat_refs
from bot.engine.words import Text, texts

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


class Code:
    """An action key written into a text verbatim in every language ("'no-such-move'"): not
    a ``str``, so :func:`bot.i18n.untranslated` and :func:`bot.i18n.say` pass it by, and a
    template writes it as it is. (Refusals only: a ``Text`` holding one is not stored.)"""

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


def stored(lines: Sequence[str]) -> list[Any]:
    """Log lines for the JSON state: a :class:`Text` as its message, a plain line as it is."""
    return [line.to_json() if isinstance(line, Text) else line for line in lines]


def restored(line: Any) -> str:
    """A stored log line back as text (a :class:`Text` again where it was one)."""
    return Text.from_json(line) if isinstance(line, Mapping) else line


def named(line: str, names: Sequence[str]) -> str:
    """``line`` with its ``{seatN}`` marks replaced by players' names, still a :class:`Text`
    where it was one (its params get the names), so a picture can say it in any language."""
    if not isinstance(line, Text):
        return fill_seat_refs(line, names)
    params = {key: named(value, names) if isinstance(value, str) else value for key, value in line.params.items()}
    seats = {f"seat{seat}": name for seat, name in enumerate(names)}  # a template's own {seatN}
    return Text(line.domain, line.template, {**seats, **params}, plural=line.plural, count=line.count,
                context=line.context)
