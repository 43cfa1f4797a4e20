"""Standing orders and one ping per decision, end to end: the real bot against the fake Discord.

Two players set orders privately — with ``/orders set`` (an order that reveals something is set
only after "Set it anyway"; an order's number as the ``amount`` option) and through the
"Orders" button of the ``/hand`` panel (a menu, then a form for the number) — and play a whole
Killer Bunnies game and a whole Construction Game with ``/play``, each move one of the legal
moves autocomplete offers. Afterwards the test reads the game's log from the bot's database,
replays it, and checks every ping of every board in the channel: a player is pinged exactly
when a decision of theirs (a run of consecutive prompts) is first shown on a board, never again
for the same decision, and never for a prompt that a forced move or one of their orders answers.
"""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.engine import get_game
from bot.engine.orders import OrderSetting, answer
from bot.games import load_all
from bot.store import Store
from tests.e2e.test_bot_hisss import EPHEMERAL, open_two_player_table
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

MOVE = re.compile(r"· move (\d+)")


async def set_order(fake: FakeDiscord, channel: Any, user: str, order: str, amount: int | None = None) -> str:
    """``/orders set``: the private answer's text (after "Set it anyway" when the order reveals something)."""
    options: dict[str, Any] = {"order": order, **({"amount": amount} if amount is not None else {})}
    result = await fake.slash(user, channel, "orders set", options=options)
    answer_message = result.message
    assert answer_message.flags & EPHEMERAL, answer_message.text
    confirm = [c for c in answer_message.interactive_components() if c["custom_id"].startswith("gm-order-ok:")]
    if confirm:
        assert "can tell the others something" in answer_message.text
        answer_message = (await fake.click(user, answer_message, confirm[0]["custom_id"])).message
        assert answer_message.flags & EPHEMERAL
    assert "Standing order set" in answer_message.text, answer_message.text
    return answer_message.text


async def set_order_on_the_panel(fake: FakeDiscord, channel: Any, user: str, order: str, amount: int) -> None:
    """``/hand`` → Orders → the menu → the form for the order's number."""
    hand = (await fake.slash(user, channel, "hand")).message
    button = next(c for c in hand.interactive_components() if c["custom_id"].startswith("gm-orders:"))
    panel = (await fake.click(user, hand, button["custom_id"])).message
    assert panel.flags & EPHEMERAL and "Orders you can set" in panel.text
    menu = next(c for c in panel.interactive_components() if c["custom_id"].startswith("gm-order-set:"))
    opened = await fake.select(user, panel, menu["custom_id"], [order])
    assert opened.modal is not None
    done = await fake.submit_modal(user, opened, {"gm-order-amount": str(amount)})
    assert done.message.flags & EPHEMERAL and "Standing order set" in done.message.text


async def play_to_the_end(fake: FakeDiscord, channel: Any, users: list[str], seed: int, limit: int) -> int:
    """Play every human decision with ``/play``, a legal move autocomplete offers; the moves played."""
    rng = random.Random(seed)
    for played in range(limit):
        deciders = []
        for user in users:
            choices = await fake.autocomplete(user, channel, "play", options={"move": ""}, focused="move")
            if choices:
                deciders.append((user, choices))
        if not deciders:
            return played
        user, choices = deciders[0]
        result = await fake.slash(user, channel, "play", options={"move": rng.choice(choices)["value"]})
        assert not result.message.flags & EPHEMERAL, result.message.text
    raise AssertionError(f"the game did not end within {limit} moves")


async def check_pings(fake: FakeDiscord, channel: Any, db: Path, orders: dict[str, list[OrderSetting]],
                      names: dict[int, str]) -> tuple[int, int, int]:
    """Every ping of every board, against the replayed log; (pings, moves by order, forced moves)."""
    boards: list[tuple[int, list[int]]] = []
    for message in fake.messages_in(channel):
        found = MOVE.search(message.text)
        if found and message.pinged_user_ids is not None:
            boards.append((int(found.group(1)), message.pinged_user_ids))
    load_all()
    store = await Store.open(db, exclusive=False)
    try:
        [row] = await store.tables(statuses=("over",))
        seats = await store.seats(row.id)
        actions = await store.actions(row.id)
    finally:
        await store.close()
    game = get_game(row.slug)
    state = game.setup(len(seats), row.options, row.seed)
    states = [state]
    for action in actions:
        state = copy.deepcopy(state)
        game.apply(state, action.seat, action.action_key, action.at_ms)
        states.append(state)
    waiting = [{prompt.seat: prompt for prompt in game.prompts(s)} for s in states]
    user_of = {seat.seat: seat.user_id for seat in seats}
    shown: set[tuple[int, int]] = set()  # (seat, run start) already pinged
    pings = 0
    for position, pinged in boards:
        expected = set()
        for seat, prompt in waiting[position].items():
            start = position
            while start > 0 and seat in waiting[start - 1]:
                start -= 1
            if (seat, start) not in shown:
                shown.add((seat, start))
                expected.add(user_of[seat])
            # Nobody is ever asked for what a forced move or their own order answers.
            assert not game.forced(states[position], prompt)
            assert answer(game, states[position], prompt, orders[names[user_of[seat]]]) is None
        assert sorted(pinged) == sorted(expected), (position, pinged, expected)
        pings += len(pinged)
    by_order = sum(1 for a in actions if any("(standing order:" in e["text"] for e in a.events))
    forced = sum(1 for a in actions if any("(forced)." in e["text"] for e in a.events))
    return pings, by_order, forced


async def test_killer_bunnies_with_orders_pings_only_for_real_decisions(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    proc, channel, users, _board = await open_two_player_table(fake, bot_processes, tmp_path, "killer-bunnies")
    await fake.wait_commands(["orders"])
    names = dict(users)
    said = await set_order(fake, channel, "alice", "pass-unless-able")
    assert "Remember: A window you pass at once tells the others" in said
    await set_order(fake, channel, "alice", "feed")
    await set_order(fake, channel, "bob", "pass-windows")
    await set_order(fake, channel, "bob", "flip")
    listed = (await fake.slash("bob", channel, "orders list")).message
    assert listed.flags & EPHEMERAL and "• Pass every reaction window" in listed.text and "• Flip" in listed.text
    orders = {"alice": [OrderSetting("pass-unless-able"), OrderSetting("feed")],
              "bob": [OrderSetting("pass-windows"), OrderSetting("flip")]}
    moves = await play_to_the_end(fake, channel, ["alice", "bob"], seed=5, limit=400)
    await proc.stop()
    pings, by_order, forced = await check_pings(fake, channel, tmp_path / "gm.sqlite3", orders, names)
    assert by_order > 0 and pings <= moves + 2
    print(f"killer bunnies: {moves} moves by hand, {pings} pings, {by_order} moves by order, {forced} forced")


async def test_construction_game_with_orders_pings_only_for_real_decisions(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    proc, channel, users, _board = await open_two_player_table(fake, bot_processes, tmp_path, "construction-game",
                                                               "end=years years=3")
    await fake.wait_commands(["orders"])
    names = dict(users)
    await set_order(fake, channel, "alice", "pass-windows")
    await set_order(fake, channel, "alice", "drop-bids-above", amount=0)
    await set_order(fake, channel, "bob", "pass-windows")
    await set_order_on_the_panel(fake, channel, "bob", "decline-offers-above", 0)
    await set_order(fake, channel, "bob", "roll")
    cancelled = (await fake.slash("bob", channel, "orders cancel", options={"order": "roll"})).message
    assert cancelled.flags & EPHEMERAL and "Cancelled" in cancelled.text
    orders = {"alice": [OrderSetting("pass-windows"), OrderSetting("drop-bids-above", 0)],
              "bob": [OrderSetting("pass-windows"), OrderSetting("decline-offers-above", 0)]}
    moves = await play_to_the_end(fake, channel, ["alice", "bob"], seed=9, limit=600)
    await proc.stop()
    pings, by_order, forced = await check_pings(fake, channel, tmp_path / "gm.sqlite3", orders, names)
    assert by_order > 0 and pings <= moves + 2
    print(f"construction game: {moves} moves by hand, {pings} pings, {by_order} moves by order, {forced} forced")


async def test_the_daily_digest_replaces_pings_with_one_dm_a_day(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    from tests.e2e.test_play_by_post import HOUR, T0, Clock, private, public, ready, start_bot

    fake, clock = fake_discord, Clock(tmp_path / "clock")
    start_bot(fake, bot_processes, tmp_path, clock)
    await ready(fake)
    channel = fake.channel("games")
    for name in ("alice", "bob"):
        said = private(await fake.slash(name, channel, "settings notify", options={"mode": "digest"}))
        assert "once a day" in said.text
    await fake.slash("alice", channel, "game new", options={"game": "hisss"})
    await fake.slash("bob", channel, "game join")
    started = public(await fake.slash("alice", channel, "game start"))
    assert started.pinged_user_ids == [] and started.mentioned_user_ids == []  # nobody is pinged, nor named
    # The scheduler's next tick sends the player it waits for one DM, linking the table's channel.
    await fake.wait_until(lambda: fake.dms("alice") or fake.dms("bob"), what="a digest DM")
    await fake.settle()
    digests = fake.dms("alice") + fake.dms("bob")
    assert len(digests) == 1 and "daily digest: 1 game waiting" in digests[0].text and str(channel.id) in digests[0].text
    clock.set(T0 + 23 * HOUR)  # within the day: no second digest
    await fake.settle(quiet=0.5)
    assert len(fake.dms("alice") + fake.dms("bob")) == 1
    clock.set(T0 + 25 * HOUR)
    await fake.wait_until(lambda: len(fake.dms("alice") + fake.dms("bob")) == 2, what="the next day's digest")
