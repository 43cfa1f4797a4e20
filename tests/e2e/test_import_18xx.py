"""``/game import`` of an 18xx.games 1856 record through Discord, end to end: the real bot
process against the fake Discord. The moderator names the members for the record's players;
each accepts with a button; the game goes on where the record stops, with its picture."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_by_post import Clock, private, public, ready, start_bot
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

RECORD = Path(__file__).parent.parent / "games" / "data" / "1856" / "89363.json"


async def test_a_moderator_imports_an_18xx_record_and_its_players_go_on(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake, clock = fake_discord, Clock(tmp_path / "clock")
    proc = start_bot(fake, bot_processes, tmp_path, clock)
    await ready(fake)
    channel = fake.channel("games")
    whole = json.loads(RECORD.read_text())
    record = dict(whole, actions=whole["actions"][:120], status="active")  # a game still going on
    record.pop("result")
    upload = ("89363.json", json.dumps(record).encode())
    seats = {"seat1": "alice", "seat2": "bob", "seat3": "carol", "seat4": "dave"}

    member = await fake.slash("alice", channel, "game import", options={"record": upload, **seats})
    assert "Only a moderator" in private(member).text
    unnamed = await fake.slash("mod", channel, "game import", options={"record": upload})
    assert "Player 1, Player 2, Player 3, Player 4" in private(unnamed).text
    assert "seat1 … seat4" in private(unnamed).text
    gap = await fake.slash("mod", channel, "game import", options={"record": upload, "seat1": "alice", "seat3": "bob"})
    assert "without gaps" in private(gap).text

    offer = public(await fake.slash("mod", channel, "game import", options={"record": upload, **seats}))
    assert sorted(offer.pinged_user_ids) == sorted(fake.user(u).id for u in seats.values())
    take = next(b["custom_id"] for b in offer.buttons if b["custom_id"].endswith(":import:yes"))
    for name in ("alice", "bob", "carol"):
        assert "waiting for" in public(await fake.click(name, offer, take)).text
    begun = public(await fake.click("dave", offer, take))
    assert "Everyone took their seat" in begun.text
    [picture] = begun.attachments
    assert picture.data.startswith(b"\x89PNG")
    [to_move] = begun.pinged_user_ids
    mover = next(name for name in seats.values() if fake.user(name).id == to_move)
    status = public(await fake.slash(mover, channel, "game status"))
    assert "1856" in status.text and "playing" in status.text
    wrong = next(name for name in seats.values() if name != mover)
    assert "not your turn" in private(await fake.slash(wrong, channel, "play", options={"move": "pass"})).text.lower()
    moved = public(await fake.slash(mover, channel, "play", options={"move": "pass"}))
    assert moved.attachments and moved.attachments[0].data.startswith(b"\x89PNG")
    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()
