"""Fuzzing the import: any bytes, and any edit of a real export, end in a table or in a
:class:`BadRecord` with a sentence — never another exception.

``make test`` runs :data:`QUICK` examples per test (≥ 2,000 records in all); ``make soak`` adds
the slow test with :data:`DEEP` examples. ``IMPORT_FUZZ_EXAMPLES`` overrides both.
Each accepted record is also checked for what the store needs (ints that fit 64 bits).
"""

from __future__ import annotations

import json
import os
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import get_game
from bot.records import BadRecord, build_record, check_record, checksum, parse_record
from bot.store import fits_sql

QUICK = int(os.environ.get("IMPORT_FUZZ_EXAMPLES", "1200"))
DEEP = int(os.environ.get("IMPORT_FUZZ_EXAMPLES", "20000"))
GAMES = (("toy-draw", 2, {"deck": "6"}), ("toy-race", 2, {"mode": "live"}), ("hisss", 3, {}), ("puerto-rico", 3, {}))


@cache
def base_record(slug: str, players: int, options: tuple[tuple[str, str], ...], moves: int = 6) -> dict[str, Any]:
    """A real record: ``moves`` agent moves from seed 11 (times 100 ms apart in timed play)."""
    game = get_game(slug)
    resolved = game.resolve_options(dict(options))
    state = game.setup(players, resolved, 11)
    actions = []
    chooser = random.Random(3)
    for step in range(moves):
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = prompts[0].seat
        key = game.agent(state, seat, chooser)
        at = (step + 1) * 100 if game.is_timed(state) else None
        game.apply(state, seat, key) if at is None else game.apply(state, seat, key, at)
        actions.append({"seat": seat, "key": key, "user_id": 1000 + seat, **({"at": at} if at is not None else {})})
    seats = [{"seat": n, "name": f"P{n}", "user_id": 1000 + n, "bot": False} for n in range(players)]
    return build_record(game=game, options=resolved, seed=11, status="playing", seats=seats, actions=actions,
                        key=b"k" * 32)


def records() -> list[dict[str, Any]]:
    return [base_record(slug, players, tuple(sorted(options.items()))) for slug, players, options in GAMES]


SCALARS = (
    st.none() | st.booleans() | st.integers() | st.integers(min_value=2**62, max_value=2**70)
    | st.integers(min_value=-(2**70), max_value=-(2**62)) | st.floats(allow_nan=True)
    | st.text(max_size=12) | st.sampled_from(["draw", "grab", "pass", "expire", "", "x" * 300, "\ud800", "P\udfff"])
)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                      max_leaves=8)
FIELDS = ("format", "format_version", "game", "engine_version", "options", "seed", "status", "seats", "actions")
SEAT_FIELDS = ("seat", "name", "user_id", "bot")
ACTION_FIELDS = ("seat", "key", "user_id", "at")


@st.composite
def edited_records(draw: st.DrawFn) -> bytes:
    """A real export with a few edits, resealed so that the checksum matches."""
    record = json.loads(json.dumps(draw(st.sampled_from(records()))))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        where = draw(st.sampled_from(("top", "seat", "action", "drop-action", "add-action", "drop-field")))
        if where == "top":
            record[draw(st.sampled_from(FIELDS))] = draw(VALUES)
        elif where == "drop-field":
            record.pop(draw(st.sampled_from(FIELDS)), None)
        elif where == "seat" and isinstance(record.get("seats"), list) and record["seats"]:
            seat = draw(st.sampled_from(record["seats"]))
            if isinstance(seat, dict):
                seat[draw(st.sampled_from(SEAT_FIELDS))] = draw(VALUES)
        elif where == "action" and isinstance(record.get("actions"), list) and record["actions"]:
            action = draw(st.sampled_from(record["actions"]))
            if isinstance(action, dict):
                action[draw(st.sampled_from(ACTION_FIELDS))] = draw(VALUES)
        elif where == "drop-action" and isinstance(record.get("actions"), list) and record["actions"]:
            record["actions"].pop(draw(st.integers(min_value=0, max_value=len(record["actions"]) - 1)))
        elif where == "add-action" and isinstance(record.get("actions"), list):
            record["actions"].append(draw(st.dictionaries(st.sampled_from(ACTION_FIELDS), VALUES, max_size=4)))
    record["checksum"] = checksum(record)
    return json.dumps(record).encode()


RAW = st.binary(max_size=200) | st.sampled_from([b"[" * 5000, b"{" * 300, b'{"a":' + b"1" * 5000 + b"}", b"\xff\xfe"])


def check_once(data: bytes) -> None:
    """Parse and check; a refusal must be a BadRecord, an acceptance must fit the store."""
    try:
        checked = check_record(parse_record(data))
    except BadRecord as refusal:
        assert str(refusal)
        return
    assert fits_sql(checked.seed)
    assert all(fits_sql(user) for user, _, _ in checked.seats)
    assert all(user is None or fits_sql(user) for _, user, _, _, _ in checked.actions)
    assert all(at is None or fits_sql(at) for *_, at in checked.actions)
    for text in [name for _, name, _ in checked.seats] + [key for _, _, key, _, _ in checked.actions]:
        text.encode("utf-8")  # SQLite stores UTF-8: a lone surrogate must have been refused


FUZZ = settings(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@settings(FUZZ, max_examples=QUICK)
@given(edited_records())
def test_edited_exports_are_imported_or_refused_with_a_sentence(data: bytes) -> None:
    check_once(data)


@settings(FUZZ, max_examples=max(QUICK // 2, 800))
@given(RAW)
def test_arbitrary_bytes_are_refused_with_a_sentence(data: bytes) -> None:
    check_once(data)


@pytest.mark.slow
@settings(FUZZ, max_examples=DEEP)
@given(edited_records() | RAW)
def test_import_fuzz_deep(data: bytes) -> None:
    check_once(data)


def test_the_unedited_bases_import() -> None:
    for record in records():
        checked = check_record(parse_record(json.dumps(record).encode()))
        assert checked.actions and len(checked.states) == len(checked.actions) + 1
