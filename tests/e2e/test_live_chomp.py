"""A live Chomp round end to end: clicks judged by the bot's clock and the tie window.

The bot reads its time from a file the test writes, so "100 ms later" is exact. The table
seeds are reproducible (``GAMEMASTER_SEED``, derived with the installation's secret, which the
test reads from the database it prepares), so the test knows the cards: it picks a seed where
two players each have a good chomp and the third can only chomp badly, then checks that

- two good chomps inside the tie window (300 ms) make a tie round;
- a good chomp after the window is refused as too late, and the first chomper wins when
  the window closes (the bot's timer resolves the deadline with nobody clicking);
- a bad chomp is penalised at once.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.config import SEED_KEY, derive_seed
from bot.games.chomp.rules import GOOD, NORMAL, Chomp, judge
from bot.store import Store
from tests.e2e.test_play_by_post import T0, Clock, private, public, ready
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import Message

pytestmark = pytest.mark.e2e
PLAYERS = ("alice", "bob", "carol")


def plan(seed: int, user_ids: list[int]) -> dict[str, Any] | None:
    """Who sits where and who can chomp whom in round 1 of a table with ``seed``."""
    order = list(user_ids)
    random.Random(seed).shuffle(order)  # as the session layer seats players
    game = Chomp()
    state = game.setup(3, game.resolve_options({}), seed)
    if state["kind"] != NORMAL:
        return None
    cards = game.face_up(state)
    good = {seat: [t for t in range(3) if judge(cards, seat, t) == GOOD] for seat in range(3)}
    chompers = [seat for seat in range(3) if good[seat]]
    bad = [seat for seat in range(3) if not good[seat]]
    if len(chompers) != 2 or len(bad) != 1:
        return None
    first, second = chompers
    return {"order": order, "first": first, "second": second, "bad": bad[0], "good": good, "cards": cards}


async def seeds_of(db_path: Path) -> Callable[[int, int], int]:
    """Table seeds the bot will use with this database: (GAMEMASTER_SEED, table number) -> seed."""
    store = await Store.open(db_path)
    try:
        key = await store.secret(SEED_KEY, now=T0)
    finally:
        await store.close()
    return lambda base, number: derive_seed(key, base, number)


def find_seeds(user_ids: list[int], seed_of: Callable[[int, int], int]) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """A GAMEMASTER_SEED under which both the first table and the second suit the test."""
    for base in range(1000, 5000):
        one, two = plan(seed_of(base, 1), user_ids), plan(seed_of(base, 2), user_ids)
        if one and two:
            return base, one, two
    raise AssertionError("no suitable seeds")


async def open_live_table(fake: FakeDiscord, channel: Any) -> Message:
    await fake.slash("alice", channel, "game new", options={"game": "chomp", "options": "mode=live tie=300"})
    for name in PLAYERS[1:]:
        await fake.slash(name, channel, "game join")
    board = public(await fake.slash("alice", channel, "game start"))
    # The board is posted with its buttons disabled, then enabled: wait for the enabling edit.
    return await fake.wait_until(
        lambda: (m := fake.get_message(board.id)).buttons and not any(b.get("disabled") for b in m.buttons) and m,
        what="the board's buttons to be enabled",
    )


def button(board: Message, key: str) -> str:
    found = [b["custom_id"] for b in board.buttons if b["custom_id"].endswith(f":{key}")]
    assert found, (key, [b["custom_id"] for b in board.buttons], board.text)
    return found[0]


async def test_a_live_chomp_round_judged_by_time(fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path) -> None:
    fake, clock = fake_discord, Clock(tmp_path / "clock")
    users = [fake.user(name) for name in PLAYERS]
    seed, inside, outside = find_seeds([u.id for u in users], await seeds_of(tmp_path / "gm.sqlite3"))
    name_of = {u.id: u.username for u in users}
    env = fake.env(GAMEMASTER_DB=str(tmp_path / "gm.sqlite3"), GAMEMASTER_SEED=str(seed),
                   GAMEMASTER_CLOCK_FILE=str(clock.path), GAMEMASTER_TICK="0.05")
    proc = bot_processes([sys.executable, "-m", "bot", "run"]).start(env)
    await ready(fake)

    # 1. Inside the tie window: two good chomps 250 ms apart make a tie round.
    board = await open_live_table(fake, fake.channel("games"))
    first, second = (name_of[inside["order"][inside[k]]] for k in ("first", "second"))
    clock.set(T0 + 1.0)
    chomp = public(await fake.click(first, board, button(board, f"chomp:{inside['good'][inside['first']][0] + 1}")))
    assert "Chomp!" in chomp.text
    clock.set(T0 + 1.25)
    tie = public(await fake.click(second, board, button(board, f"chomp:{inside['good'][inside['second']][0] + 1}")))
    assert "250 ms later" in tie.text
    clock.set(T0 + 1.35)  # the window (first chomp + 300 ms) closes; the bot's timer settles the round
    settled = await fake.wait_message("games", lambda m: "A tie between" in m.text)
    assert settled.attachments and settled.attachments[0].image().width >= 400

    # 2. Outside the window, with a bad chomp: the first good chomp wins; the late one is refused.
    clock.set(T0 + 100.0)
    board = await open_live_table(fake, fake.channel("general"))
    first, second, bad = (name_of[outside["order"][outside[k]]] for k in ("first", "second", "bad"))
    clock.set(T0 + 101.0)
    await fake.click(first, board, button(board, f"chomp:{outside['good'][outside['first']][0] + 1}"))
    clock.set(T0 + 101.1)
    penalised = public(await fake.click(bad, board, button(board, f"chomp:{outside['bad'] + 1}")))
    assert "Bad chomp!" in penalised.text and "penalty card" in penalised.text
    clock.set(T0 + 101.5)  # 500 ms after the first chomp: the 300 ms window has closed
    late = await fake.click(second, board, button(board, f"chomp:{outside['good'][outside['second']][0] + 1}"))
    assert "Too late" in private(late).text
    won = await fake.wait_message("general", lambda m: "chomps first" in m.text)
    winner_name = next(u.global_name or u.username for u in users if u.username == first)
    assert winner_name in won.text.split("chomps first")[0]

    await fake.settle()
    assert fake.errors == []
    proc.assert_clean()
