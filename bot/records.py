"""Table records: export a game as JSON, and validate a record before it becomes a table.

A record holds what rebuilds a game exactly: the game and its engine version, options, the
seed, the seats and the action log. A checksum over the canonical JSON catches corruption;
a signature (HMAC-SHA256 with the installation's secret key, see :func:`sign`) tells a record
this installation exported, unchanged, from anything else — the checksum alone proves
nothing, since anyone can recompute it. Every action is then replayed through the rules, so
a record that is not a legal game is refused with the first move that breaks it.

Limits (a record beyond them is refused with a sentence, never a traceback): the file is at
most :data:`MAX_RECORD_BYTES`; JSON nests at most :data:`MAX_DEPTH` levels; numbers have at
most :data:`MAX_DIGITS` digits; ids and the seed fit SQLite's signed 64 bits; a move's time
is at most :data:`MAX_TIME_MS`; an action key has at most :data:`MAX_KEY_CHARS` characters,
a name at most :data:`MAX_NAME_CHARS`; seats and moves at most what the game allows.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from dataclasses import dataclass
from typing import Any

from bot.engine import SYSTEM_SEAT, BadOptions, Event, Game, IllegalAction, UnknownGame, get_game
from bot.engine.words import CORE, Text, texts
from bot.store import fits_sql

FORMAT = "gamemaster-table"
FORMAT_VERSION = 1
MAX_RECORD_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 16
"""Deepest nesting of arrays and objects in a record (a real one needs 4)."""
MAX_DIGITS = 40
"""Longest number literal (a 64-bit id has 19 digits)."""
MAX_TIME_MS = 10**12
"""Latest move time on a table clock, in ms (about 31 years)."""
MAX_KEY_CHARS = 200
MAX_NAME_CHARS = 100
MAX_OPTIONS = 50
SIGNING_KEY = "record-signing"
"""The name of the installation secret that signs exports (see :meth:`bot.store.Store.secret`)."""

log = logging.getLogger(__name__)
T, Tn, Tp = texts(CORE)


class BadRecord(ValueError):
    """A record that cannot become a table; the message (``args[0]``, a
    :class:`~bot.engine.words.Text`) says why, for the person importing it."""


def _canonical(body: dict[str, Any]) -> bytes:
    # surrogatepass: a lone surrogate (valid JSON escape, invalid UTF-8) must not crash the check.
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8", "surrogatepass")


def checksum(record: dict[str, Any]) -> str:
    """SHA-256 of everything but the checksum: catches damage, not forgery."""
    return hashlib.sha256(_canonical({k: v for k, v in record.items() if k != "checksum"})).hexdigest()


def sign(record: dict[str, Any], key: bytes) -> str:
    """HMAC-SHA256 of everything but the checksum and the signature, with the installation key."""
    body = {k: v for k, v in record.items() if k not in ("checksum", "signature")}
    return hmac.new(key, _canonical(body), hashlib.sha256).hexdigest()


def signed_by(record: dict[str, Any], key: bytes) -> bool:
    """Whether this installation signed ``record`` and nothing in it changed since."""
    signature = record.get("signature")
    return isinstance(signature, str) and hmac.compare_digest(signature, sign(record, key))


def build_record(
    *, game: Game, options: dict[str, str], seed: int, status: str,
    seats: list[dict[str, Any]], actions: list[dict[str, Any]], key: bytes | None = None,
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
    if key is not None:
        record["signature"] = sign(record, key)
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


def _require(condition: bool, message: Text) -> None:
    if not condition:
        raise BadRecord(message)


def _number(text: str) -> int:
    _require(len(text) <= MAX_DIGITS, T("The file holds a number with {n} digits; a record's numbers have at most "
                                        "{most}.", n=len(text), most=MAX_DIGITS))
    return int(text)


def _float(text: str) -> float:
    _require(len(text) <= MAX_DIGITS, T("The file holds a number with {n} characters; a record's numbers have at "
                                        "most {most}.", n=len(text), most=MAX_DIGITS))
    return float(text)


def _depth_ok(value: Any) -> bool:
    """Nesting of at most :data:`MAX_DEPTH` levels (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return True


def _nesting_before_decode(data: bytes) -> int:
    """The deepest bracket nesting in the raw text (strings skipped): refuses 100k nested
    arrays before the decoder recurses into them."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return deepest
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def decode_json(data: bytes) -> Any:
    """Decode a file's JSON within the limits (size, nesting, digits), whatever made it."""
    _require(len(data) <= MAX_RECORD_BYTES, T("The file is larger than {mb} MB.", mb=MAX_RECORD_BYTES // 1024 // 1024))
    _require(_nesting_before_decode(data) <= MAX_DEPTH, _too_deep())
    try:
        record = json.loads(data.decode("utf-8"), parse_int=_number, parse_float=_float)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        if isinstance(error, BadRecord):
            raise
        raise BadRecord(T("This is not a gamemaster export (not JSON: {error}).", error=str(error))) from None
    _require(_depth_ok(record), _too_deep())
    return record


def _too_deep() -> Text:
    return T("This is not a gamemaster export (its JSON nests deeper than {most} levels).", most=MAX_DEPTH)


def parse_record(data: bytes) -> dict[str, Any]:
    """Decode a record's JSON within the limits; the checksum must match (damage check)."""
    return check_envelope(decode_json(data))


def check_envelope(record: Any) -> dict[str, Any]:
    """A decoded file is one of our exports, of a format we read, and undamaged (its checksum)."""
    _require(isinstance(record, dict) and record.get("format") == FORMAT, T("This is not a gamemaster export."))
    _require(record.get("format_version") == FORMAT_VERSION,
             T("This export has format version {given}; this bot reads {read}.",
               given=repr(record.get("format_version")), read=FORMAT_VERSION))
    _require(record.get("checksum") == checksum(record),
             T("The file's checksum does not match its contents: it was changed or damaged after export."))
    return record


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_text(value: Any) -> bool:
    """A string the database can store: JSON may escape lone surrogates that UTF-8 cannot encode."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_record(record: dict[str, Any]) -> CheckedRecord:
    """Validate every field and replay every action; raises :class:`BadRecord` with the reason.

    Pure and synchronous: the session layer runs it in a worker thread, so a long log does
    not stall the bot.
    """
    slug = record.get("game")
    _require(isinstance(slug, str) and len(slug) <= MAX_KEY_CHARS, T("The game's name is missing or damaged."))
    try:
        game = get_game(str(slug))
    except UnknownGame as error:
        raise BadRecord(_reason(error)) from None
    _require(record.get("engine_version") == game.version,
             T("This {title} game was recorded with engine version {recorded}; this bot plays version {version}, "
               "which may not replay it.", title=game.title, recorded=str(record.get("engine_version")),
               version=game.version))
    options = record.get("options")
    _require(isinstance(options, dict) and len(options) <= MAX_OPTIONS
             and all(isinstance(v, str) for v in options.values()), T("The options are damaged."))
    try:
        options = game.resolve_options(options)
    except BadOptions as error:
        raise BadRecord(_reason(error)) from None
    seed = record.get("seed")
    _require(_is_int(seed), T("The seed is missing or not a number."))
    _require(fits_sql(seed), T("The seed is out of range (a seed fits in 64 bits)."))
    raw_seats = record.get("seats")
    _require(isinstance(raw_seats, list), T("The seats are missing."))
    _require(len(raw_seats) <= game.max_players, _seat_count(game, len(raw_seats)))
    seats: list[tuple[int, str, bool]] = []
    for number, seat in enumerate(raw_seats):
        where = number + 1
        _require(isinstance(seat, dict) and seat.get("seat") == number,
                 T("Seat {seat} is damaged (its seat number).", seat=where))
        user_id, name, bot = seat.get("user_id"), seat.get("name"), seat.get("bot", False)
        _require(_is_int(user_id), T("Seat {seat} is damaged (its user id is not a number).", seat=where))
        _require(fits_sql(user_id), T("Seat {seat} has a user id out of range (ids fit in 64 bits).", seat=where))
        _require(_is_text(name) and name.strip() != "", T("Seat {seat} is damaged (its name).", seat=where))
        _require(isinstance(bot, bool), T("Seat {seat} is damaged (whether it is a bot).", seat=where))
        seats.append((user_id, name[:MAX_NAME_CHARS], bot))
    _require(len({user for user, _, _ in seats}) == len(seats), T("Two seats belong to the same user."))
    _require(game.min_players <= len(seats) <= game.max_players, _seat_count(game, len(seats)))
    raw_actions = record.get("actions")
    _require(isinstance(raw_actions, list), T("The action log is missing."))
    _require(len(raw_actions) <= game.max_actions(len(seats)), T("The action log is longer than any real game."))

    try:
        state = game.setup(len(seats), options, seed)
    except BadOptions as error:
        raise BadRecord(_reason(error)) from None
    states = [json.dumps(state)]
    actions: list[tuple[int, int | None, str, list[Event], int | None]] = []
    for number, action in enumerate(raw_actions, start=1):
        _require(isinstance(action, dict), T("Move {move} is damaged (not an object).", move=number))
        seat, key, at, user_id = action.get("seat"), action.get("key"), action.get("at"), action.get("user_id")
        _require(_is_int(seat) and (0 <= seat < len(seats) or seat == SYSTEM_SEAT),
                 T("Move {move} is damaged (its seat).", move=number))
        _require(_is_text(key) and 0 < len(key) <= MAX_KEY_CHARS,
                 T("Move {move} is damaged (its key is missing or longer than {most} characters).", move=number,
                   most=MAX_KEY_CHARS))
        _require(at is None or (_is_int(at) and 0 <= at <= MAX_TIME_MS),
                 T("Move {move} has a damaged time.", move=number))
        _require(user_id is None or (_is_int(user_id) and fits_sql(user_id)),
                 T("Move {move} has a damaged user id (ids fit in 64 bits).", move=number))
        timed = game.is_timed(state)
        _require(at is not None or not timed,
                 T("Move {move} has no time, but this {title} game is timed.", move=number, title=game.title))
        _require(at is None or timed,
                 T("Move {move} has a time, but this {title} game is not timed.", move=number, title=game.title))
        try:
            events = game.apply(state, seat, key) if at is None else game.apply(state, seat, key, at)
        except IllegalAction as error:
            who = T("the clock") if seat == SYSTEM_SEAT else T("seat {seat}", seat=seat + 1)
            raise BadRecord(T("Move {move} ({key} by {who}) is not legal: {why}", move=number, key=repr(key),
                              who=who, why=_reason(error))) from None
        except Exception:
            # A game that crashes on some input is a bug to fix, but the import must still
            # answer with a sentence, and the database stays as it was.
            log.exception("replaying move %s (%r) of a %s record failed", number, key, game.slug)
            raise BadRecord(T("Move {move} ({key}) could not be replayed; the game refused it.", move=number,
                              key=repr(key))) from None
        actions.append((seat, user_id, key, events, at))
        states.append(json.dumps(state))
    over = game.outcome(state) is not None
    return CheckedRecord(game, options, seed, seats, actions, states, over)


def _seat_count(game: Game, seats: int) -> Text:
    return T("{title} is for {fewest}–{most} players; the file has {seats}.", title=game.title,
             fewest=game.min_players, most=game.max_players, seats=seats)


def _reason(error: Exception) -> Any:
    """What an error says: its message as made (a ``Text`` keeps its words), else its English."""
    return error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) else str(error)
