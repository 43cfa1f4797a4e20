"""1856's economic data (``data/1856/game.json``) and the small pure helpers on it:
the stock market grid and its moves, trains, phases, privates, certificate limits.

Everything here is static; the mutable game lives in :mod:`bot.games.g1856.core`.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[3] / "data" / "1856" / "game.json"

PAR_ROWS = {100: 0, 90: 1, 80: 2, 75: 3, 70: 4, 65: 5}
"""The par prices and their market rows; every par cell is in column 4."""
PAR_COLUMN = 4
TRAIN_ORDER = ("2", "3", "4", "5", "6", "D", "8")
SHARE_PRICE_FREE_KINDS = ("yellow", "orange")  # shares there do not count for the certificate limit
NO_HOLDING_LIMIT_KIND = "orange"  # a player may hold more than 60% there


@cache
def data() -> dict[str, Any]:
    return json.loads(DATA.read_text())


def market() -> list[list[dict[str, Any]]]:
    return data()["market"]


def cell(row: int, col: int) -> dict[str, Any]:
    return market()[row][col]


def price_at(pos: list[int]) -> int:
    return int(cell(pos[0], pos[1])["price"])


def exists(row: int, col: int) -> bool:
    return 0 <= row < len(market()) and 0 <= col < len(market()[row])


def move(pos: list[int], direction: str) -> list[int]:
    """The cell one step ``right``/``left``/``up``/``down`` of ``pos``.

    Right off the end of a row goes up instead; left off column 0 goes down instead;
    up from the top row and down off the bottom of a column stay put (the rulebook's grid).
    """
    row, col = pos
    if direction == "right":
        if exists(row, col + 1):
            return [row, col + 1]
        return [row - 1, col] if row > 0 else [row, col]
    if direction == "left":
        if col > 0:
            return [row, col - 1]
        return [row + 1, col] if exists(row + 1, col) else [row, col]
    if direction == "up":
        return [row - 1, col] if row > 0 and exists(row - 1, col) else [row, col]
    if direction == "down":
        return [row + 1, col] if exists(row + 1, col) else [row, col]
    raise ValueError(direction)


def trains(variant: str = "base") -> list[dict[str, Any]]:
    key = "in_eight_train_variant" if variant == "8" else "in_base_game"
    return [t for t in data()["trains"] if t[key]]


def train_info(name: str) -> dict[str, Any]:
    for t in data()["trains"]:
        if t["name"] == name:
            return t
    raise KeyError(name)


def phase_info(name: str) -> dict[str, Any]:
    for p in data()["phases"]:
        if p["name"] == name:
            return p
    raise KeyError(name)


def privates() -> dict[str, dict[str, Any]]:
    return {p["symbol"]: p for p in data()["privates"]}


def cert_limit(players: int, corporations_left: int | None = None) -> int:
    """The certificate limit; after the CGR forms it depends on how many companies remain."""
    if corporations_left is None:
        return int(data()["cert_limit"][str(players)])
    table = data()["post_nationalization_cert_limit"]
    return int(table[str(max(1, min(11, corporations_left)))][str(players)])
