"""The bot's last words outside the games said in every language (issue 30): an import's
refusal and a moderator's audit log (the web pages' are in tests/web/test_server.py)."""

from __future__ import annotations

import pytest

from bot.engine import get_game
from bot.games import load_all
from bot.i18n import say, untranslated
from bot.moderation import audit_line
from bot.records import BadRecord, check_record, decode_json
from bot.store import AuditRow

load_all()


def refusal(record: dict[str, object] | bytes) -> BadRecord:
    with pytest.raises(BadRecord) as refused:
        if isinstance(record, bytes):
            decode_json(record)
        else:
            check_record(record)
    return refused.value


def a_record() -> dict[str, object]:
    game = get_game("hisss")
    return {"game": "hisss", "engine_version": game.version, "options": {}, "seed": 1, "actions": [],
            "seats": [{"seat": 0, "user_id": 1, "name": "Ana"}, {"seat": 1, "user_id": 2, "name": " "}]}


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
def test_an_import_refusal_is_said_in_the_readers_language(language: str) -> None:
    for error in (refusal(a_record()), refusal(b"[" * 100), refusal({**a_record(), "seed": "x"})):
        why = error.args[0]
        assert untranslated(why, language) == [], why
        assert say(why, language) != str(why)
    assert str(refusal(a_record())) == "Seat 2 is damaged (its name)."  # the English as before
    assert say(refusal(a_record()).args[0], "pl") == "Miejsce 2 jest uszkodzone (jego nazwa)."


def test_an_illegal_move_in_a_record_names_the_move_in_the_language() -> None:
    record = {**a_record(), "seats": [{"seat": 0, "user_id": 1, "name": "Ana"}, {"seat": 1, "user_id": 2, "name": "Bo"}],
              "actions": [{"seat": 0, "key": "no-such-move"}]}
    why = refusal(record).args[0]
    assert str(why).startswith("Move 1 ('no-such-move' by seat 1) is not legal: ")
    assert say(why, "de").startswith("Zug 1 ('no-such-move' von Platz 1) ist nicht erlaubt: ")


def test_audit_lines_read_as_before_in_english_and_in_the_moderators_language() -> None:
    row = AuditRow(1, 7, None, 55, "pause", {"reason": "lunch"}, 1_800_000_000.0)
    bot_row = AuditRow(2, 7, None, None, "undo-requested", {}, 1_800_000_060.0)
    assert audit_line(row) == "`2027-01-15 08:00` pause by <@55>: reason=lunch"
    assert audit_line(bot_row) == "`2027-01-15 08:01` undo-requested by the bot"
    assert say(audit_line(row), "pl") == "`2027-01-15 08:00` pauza — <@55>: reason=lunch"
    assert say(audit_line(bot_row), "hu") == "`2027-01-15 08:01` visszavonás-kérve — a bot"
    assert say(audit_line(row), "de") == "`2027-01-15 08:00` Pause — <@55>: reason=lunch"
    unknown = AuditRow(3, 7, None, 55, "something-new", {}, 1_800_000_000.0)
    assert say(audit_line(unknown), "de") == "`2027-01-15 08:00` something-new — <@55>"
