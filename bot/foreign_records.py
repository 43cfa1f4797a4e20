"""Game records made on other sites that ``/game import`` can turn into a table.

Today one kind: an 18xx.games 1856 export (its JSON download). Such a record names its
players by their 18xx.games names, so the moderator who imports it names the member who
takes each seat, in the record's order; the record then becomes one of our own (unsigned)
records and follows the path of every foreign import: each seated member accepts first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.words import CORE, Text, texts
from bot.records import BadRecord, CheckedRecord, check_record

T, Tn, Tp = texts(CORE)


def describe(raw: Any) -> Text | None:
    """What ``raw`` is, when it is a record from another site we can import; else None."""
    from bot.games.g1856 import table_import

    if table_import.is_18xx_record(raw):
        return T("an 18xx.games 1856 record with players {names}", names=commas(_names(raw)))
    return None


def commas(items: list[str]) -> str:
    """``"a, b, c"`` that can be said in another language (a list's separator is a message)."""
    joined = items[0] if items else ""
    for item in items[1:]:
        joined = T("{first}, {next}", first=joined, next=item)
    return joined


def player_count(raw: Any) -> int:
    return len(_names(raw))


def _names(raw: Any) -> list[str]:
    from bot.games.g1856 import table_import

    try:
        return table_import.player_names(raw)
    except (AttributeError, TypeError, KeyError, ValueError) as error:
        raise BadRecord(T("The 18xx.games record is damaged (its players: {error}).", error=str(error))) from None


def convert(raw: Any, members: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """Our record for ``raw``, seat *n* going to ``members[n]`` (user id, name).

    Raises :class:`BadRecord` with the reason (the action number when a move cannot be
    followed). Pure and synchronous: run it in a worker thread.
    """
    from bot.games.g1856 import table_import

    try:
        return table_import.gamemaster_record(raw, members)
    except table_import.NotAnImport as error:
        raise BadRecord(str(error)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        # A damaged or hand-edited export: any field may be missing or of the wrong type.
        raise BadRecord(T("The 18xx.games record is damaged ({error}).",
                          error=f"{type(error).__name__}: {error}")) from None


def convert_and_check(raw: Any, members: Sequence[tuple[int, str]]) -> tuple[dict[str, Any], CheckedRecord]:
    """:func:`convert`, then :func:`bot.records.check_record` of the result: all of an import's
    CPU work in one call, made to run in a worker process (its arguments and results are plain
    data, and it registers the games itself, as a fresh interpreter has none)."""
    from bot.games import load_all

    load_all()
    record = convert(raw, members)
    return record, check_record(record)
