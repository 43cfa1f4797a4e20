"""The Construction Game's components, read once from ``data/construction-game/``.

The board track, the rate chart, the equipment prices and the 48 Contractor's Contingency
cards are our own design (the rulebook only fixes the deeds, the stamp counts and the deck
size); ``scripts/construction_game_data.py`` writes the JSON files and
``data/construction-game/README.md`` explains the design.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .messages import T, data_text, machine, pieces_of

DATA = Path(__file__).resolve().parents[3] / "data" / "construction-game"


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _said(data: Any, keys: tuple[str, ...] = ("name", "text")) -> Any:
    """``data`` with every name and sentence (``keys``) made a :class:`~bot.engine.words.Text`
    of the game's catalog, so it is said in every language wherever it is shown."""
    if isinstance(data, list):
        return [_said(item, keys) for item in data]
    if isinstance(data, dict):
        return {key: data_text(value) if key in keys and isinstance(value, str) else _said(value, keys)
                for key, value in data.items()}
    return data


CHART: dict[str, Any] = _load("chart.json")
CHART["properties"] = _said(CHART["properties"])
CHART["seasons"] = {kind: data_text(season) for kind, season in CHART["seasons"].items()}
TRACK: list[dict[str, Any]] = _said(_load("track.json"))
CARDS: list[dict[str, Any]] = _said(_load("cards.json"))

TYPES: tuple[str, ...] = tuple(CHART["types"])
"""The five machine types, in season order: backhoe, dozer, excavator, grader, scraper."""
TRUCK = "truck"
EQUIPMENT: tuple[str, ...] = (*TYPES, TRUCK)
"""Everything with a stamp: the five machine types and trucks."""
SLOT: dict[str, int] = {item: index for index, item in enumerate(EQUIPMENT)}
"""A contractor's yard is a list of counts in :data:`EQUIPMENT` order: ``fleet[SLOT["dozer"]]``."""
SEASONS: dict[str, str] = CHART["seasons"]
PRICES: dict[str, int] = CHART["prices"]
RATES: dict[str, list[int]] = CHART["rates"]
CHART_PIECES: int = CHART["chart_pieces"]
STAMPS: dict[str, int] = CHART["stamps"]
PROPERTIES: dict[str, dict[str, Any]] = CHART["properties"]
DEEDS: tuple[str, ...] = tuple(PROPERTIES)
"""Property deeds in price order: landfill, sand-gravel, paving, concrete."""

WEEKS = len(TRACK)
"""Squares round the year; square 0 is YEAR END."""


def price(item: str) -> int:
    """The listed price of a piece of equipment, a truck or a property deed."""
    return PROPERTIES[item]["price"] if item in PROPERTIES else PRICES[item]


def item_name(item: str, count: int = 1) -> str:
    """``dozer`` -> "dozer"/"3 dozers"; deeds by their names ("the Paving Plant")."""
    if item in PROPERTIES:
        return T("the {deed}", deed=PROPERTIES[item]["name"])
    if count == 1:
        return machine(item)
    return pieces_of(item, count)


def on_job(owned: int) -> int:
    """The pieces that work a job: those owned of its type, at most :data:`CHART_PIECES`.

    The rate chart counts at most that many, so the job is sized by it: the gross, the
    fees charged per machine and the Contingency cards' per-piece amounts all count these
    pieces, never the idle ones in the yard (see the README's rulings).
    """
    return min(owned, CHART_PIECES)


def rate(kind: str, roll: int, pieces: int) -> int:
    """Gross income on the rate chart: a die roll (1-6) and the pieces of ``kind`` owned.

    The chart is per piece and stops at :data:`CHART_PIECES` pieces (:func:`on_job`): a
    bigger fleet of one type earns no more (more pieces only help to survive auctions and
    audits).
    """
    return RATES[kind][roll - 1] * on_job(pieces)


def _check() -> None:
    if len(CARDS) != 48 or [card["id"] for card in CARDS] != list(range(48)):
        raise ValueError("cards.json must hold 48 cards with ids 0..47")
    if TRACK[0]["kind"] != "yearend" or [s.get("type") for s in TRACK[1:6]] != list(TYPES):
        raise ValueError("track.json must start with YEAR END and the five market weeks")
    for square in TRACK:
        if square["kind"] == "job" and square["type"] not in TYPES:
            raise ValueError(f"track square {square['name']!r} has an unknown type")
    if set(STAMPS) != set(EQUIPMENT) or any(len(RATES[t]) != 6 for t in TYPES):
        raise ValueError("chart.json: stamps for every type and six rates per type")


_check()
