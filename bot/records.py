"""Table records: export a game as JSON, and validate a record before it becomes a table.

A record holds what rebuilds a game exactly: the game and its engine version, options, the
seed, the seats and the action log. A checksum over the canonical JSON catches corruption
and hand edits; every action is then replayed through the rules, so a record that is not a
legal game is refused with the first move that breaks it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from bot.engine import SYSTEM_SEAT, BadOptions, Event, Game, IllegalAction, UnknownGame, get_game

FORMAT = "gamemaster-table"
FORMAT_VERSION = 1
MAX_RECORD_BYTES = 8 * 1024 * 1024


class BadRecord(ValueError):
    """A record that cannot become a table; the message says why, for the person importing it."""


def checksum(record: dict[str, Any]) -> str:
    body = {key: value for key, value in record.items() if key != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def build_record(
    *, game: Game, options: dict[str, str], seed: int, status: str,
    seats: list[dict[str, Any]], actions: list[dict[str, Any]],
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.slug,
        "engine_version": game.version,
        "options": options,
        "seed": seed,
        "status": status,
        "seats": seats,
        "actions": actions,
    }
    record["checksum"] = checksum(record)
    return record


@dataclass(frozen=True, slots=True)
class CheckedRecord:
    """A record that replayed cleanly, with what the store needs to create its table."""

    game: Game
    options: dict[str, str]
    seed: int
    seats: list[tuple[int, str, bool]]
    actions: list[tuple[int, int | None, str, list[Event], int | None]]
    """(seat, user id, key, events, table clock in ms or None) per move."""
    states: list[str]
    """The state after setup and after each action, as JSON."""
    over: bool


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise BadRecord(message)


def parse_record(data: bytes) -> dict[str, Any]:
    _require(len(data) <= MAX_RECORD_BYTES, f"The file is larger than {MAX_RECORD_BYTES // 1024 // 1024} MB.")
    try:
        record = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadRecord(f"This is not a gamemaster export (not JSON: {error}).") from None
    _require(isinstance(record, dict) and record.get("format") == FORMAT, "This is not a gamemaster export.")
    _require(record.get("format_version") == FORMAT_VERSION,
             f"This export has format version {record.get('format_version')!r}; this bot reads {FORMAT_VERSION}.")
    _require(record.get("checksum") == checksum(record),
             "The file's checksum does not match its contents: it was changed or damaged after export.")
    return record


def check_record(record: dict[str, Any]) -> CheckedRecord:
    """Validate every field and replay every action; raises :class:`BadRecord` with the reason."""
    try:
        game = get_game(str(record.get("game")))
    except UnknownGame as error:
        raise BadRecord(str(error)) from None
    _require(record.get("engine_version") == game.version,
             f"This {game.title} game was recorded with engine version {record.get('engine_version')}; "
             f"this bot plays version {game.version}, which may not replay it.")
    options = record.get("options")
    _require(isinstance(options, dict) and all(isinstance(v, str) for v in options.values()), "The options are damaged.")
    try:
        options = game.resolve_options(options)
    except BadOptions as error:
        raise BadRecord(str(error)) from None
    seed = record.get("seed")
    _require(isinstance(seed, int) and not isinstance(seed, bool), "The seed is missing or not a number.")
    raw_seats = record.get("seats")
    _require(isinstance(raw_seats, list), "The seats are missing.")
    seats: list[tuple[int, str, bool]] = []
    for number, seat in enumerate(raw_seats):
        _require(isinstance(seat, dict) and seat.get("seat") == number, f"Seat {number + 1} is damaged.")
        user_id, name = seat.get("user_id"), seat.get("name")
        _require(isinstance(user_id, int) and isinstance(name, str) and name.strip() != "", f"Seat {number + 1} is damaged.")
        seats.append((user_id, name[:100], bool(seat.get("bot", False))))
    _require(len({user for user, _, _ in seats}) == len(seats), "Two seats belong to the same user.")
    _require(game.min_players <= len(seats) <= game.max_players,
             f"{game.title} is for {game.min_players}–{game.max_players} players; the file has {len(seats)}.")
    raw_actions = record.get("actions")
    _require(isinstance(raw_actions, list), "The action log is missing.")
    _require(len(raw_actions) <= game.max_actions(len(seats)), "The action log is longer than any real game.")

    state = game.setup(len(seats), options, seed)
    states = [json.dumps(state)]
    actions: list[tuple[int, int | None, str, list[Event], int | None]] = []
    for number, action in enumerate(raw_actions, start=1):
        _require(isinstance(action, dict), f"Move {number} is damaged.")
        seat, key, at = action.get("seat"), action.get("key"), action.get("at")
        _require(isinstance(seat, int) and (0 <= seat < len(seats) or seat == SYSTEM_SEAT) and isinstance(key, str),
                 f"Move {number} is damaged.")
        _require(at is None or (isinstance(at, int) and not isinstance(at, bool) and at >= 0),
                 f"Move {number} has a damaged time.")
        try:
            events = game.apply(state, seat, key) if at is None else game.apply(state, seat, key, at)
        except IllegalAction as error:
            who = "the clock" if seat == SYSTEM_SEAT else f"seat {seat + 1}"
            raise BadRecord(f"Move {number} ({key!r} by {who}) is not legal: {error}") from None
        user_id = action.get("user_id")
        actions.append((seat, user_id if isinstance(user_id, int) else None, key, events, at))
        states.append(json.dumps(state))
    over = game.outcome(state) is not None
    return CheckedRecord(game, options, seed, seats, actions, states, over)
