"""``/game import`` of an 18xx.games record does its CPU work in a worker process, not in the
interpreter that answers every other table's clicks."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from bot import foreign_records, playbypost
from bot.engine import get_game
from bot.store import Store
from bot.tables import LobbyError, User
from tests.conftest import ANA, BO, CY, FakeClock
from tests.test_trust import MOD, services

RECORD = Path(__file__).parent / "games" / "data" / "1856" / "89363.json"


async def test_the_work_runs_in_another_process() -> None:
    assert await playbypost._in_worker_process(os.getpid) != os.getpid()


async def test_a_worker_that_dies_costs_a_sentence_not_the_process() -> None:
    with pytest.raises(LobbyError, match="the worker converting the record stopped; nothing was imported"):
        await playbypost._in_worker_process(os._exit, 3)


async def test_an_18xx_import_is_converted_and_checked_in_the_worker(
    store: Store, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[Any] = []
    real = playbypost._in_worker_process

    async def watched(work: Any, *args: Any) -> Any:
        sent.append(work)
        return await real(work, *args)

    monkeypatch.setattr(playbypost, "_in_worker_process", watched)
    _, pbp = services(store, clock)
    source = json.loads(RECORD.read_text())
    source = dict(source, actions=source["actions"][:40], status="active")
    offer = await pbp.import_table(guild_id=1, channel_id=5, user=MOD, data=json.dumps(source).encode(),
                                   moderator=True, members=[ANA, BO, CY, User(104, "Dee")])
    assert sent == [foreign_records.convert_and_check]
    assert offer.request is not None and len(offer.request.waiting_for) == 4


def test_convert_and_check_gives_what_the_two_steps_give() -> None:
    source = json.loads(RECORD.read_text())
    members = [(200 + n, f"M{n}") for n in range(len(source["players"]))]
    record, checked = foreign_records.convert_and_check(source, members)
    assert record == foreign_records.convert(source, members)
    assert checked.game is get_game("1856") and len(checked.actions) == len(record["actions"])
