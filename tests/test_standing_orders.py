"""Standing orders in the session layer (issue 25): set privately, stored per table and seat on
SQLite and PostgreSQL, played through the same commit as any move with the reason in the log,
nobody pinged for them, dropped when they lapse, when their player leaves the seat and when
the game ends. Toy Draw gets a few orders here; the real games' orders are checked by the kit."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.engine import Game, Prompt, StandingOrder, State
from bot.standing_orders import ConfirmOrder
from bot.store import Store
from bot.tables import GameNotRunning, NotSeated, TableError, Tables, User
from tests.conftest import ANA, BO, CY, FakeClock
from tests.toygame import ToyDraw

CHANNEL = 61

ORDERS = (
    StandingOrder("pass", "Pass when I can", "Passes whenever passing is allowed."),
    StandingOrder("draw-above", "Draw while the deck is above X", "Draws while more cards than X are left.",
                  amount="Smallest deck you draw from"),
    StandingOrder("pass-quarter", "Pass while the deck is above 6", "Passes while more than 6 cards are left."),
    StandingOrder("tell", "Pass a hand without good cards", "Never answers in this test.",
                  reveals="A pass played at once tells the others your hand is poor."),
)


def _orders(self: Game) -> tuple[StandingOrder, ...]:
    return ORDERS


def _choice(self: Game, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
    keys = prompt.keys()
    if order in ("pass", "pass-quarter") and "pass" in keys:
        return "pass"
    if order == "draw-above" and amount is not None and len(state["deck"]) > amount:
        return "draw"
    return None


def _scope(self: Game, state: State, order: str) -> str | None:
    return str(len(state["deck"]) > 6) if order == "pass-quarter" else None


@pytest.fixture(autouse=True)
def toy_orders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyDraw, "standing_orders", _orders)
    monkeypatch.setattr(ToyDraw, "order_choice", _choice)
    monkeypatch.setattr(ToyDraw, "order_scope", _scope)


async def _started(tables: Tables, *users: User, deck: str = "12", channel: int = CHANNEL) -> int:
    reply = await tables.create(guild_id=1, channel_id=channel, host=users[0], slug="toy-draw", options={"deck": deck})
    for user in users[1:]:
        await tables.join(channel_id=channel, user=user)
    await tables.start(channel_id=channel, user=users[0])
    return reply.table_id


async def _mover(tables: Tables, table_id: int, *users: User) -> User:
    live = await tables.load(table_id)
    waiting = tables.turns(live)[0].user_id
    return next(user for user in users if user.id == waiting)


async def _seated(tables: Tables, table_id: int, *users: User) -> list[User]:
    """The users in seat order."""
    live = await tables.load(table_id)
    return [next(user for user in users if user.id == seat.user_id) for seat in live.seats]


async def test_an_order_answers_later_prompts_logged_unpinged_and_survives_a_restart(
    any_store: Store, clock: FakeClock
) -> None:
    tables = Tables(any_store, clock=clock, seeds=lambda: 7, render=False)
    table_id = await _started(tables, ANA, BO, CY)
    first, second, third = await _seated(tables, table_id, ANA, BO, CY)
    result = await tables.orders.set(user=third, key="Pass when I can", channel_id=CHANNEL)
    assert "Pass when I can" in result.text and result.reply is None  # nothing of theirs waits now
    await tables.act(user=first, move="draw", table_id=table_id)  # 11 left
    reply = await tables.act(user=second, move="draw", table_id=table_id)  # 10 left: the third may pass, and does
    assert reply.position == 3
    assert f"{third.name}: Pass (standing order: Pass when I can)." in reply.text
    assert third.id not in reply.mentions and reply.mentions == [first.id]
    history = await tables.history(channel_id=CHANNEL)
    assert f"3. {third.name}: Pass (standing order: Pass when I can)." in history
    # A fresh session layer (a restart) reads the order from the store and keeps playing it.
    restarted = Tables(any_store, clock=clock, seeds=lambda: 7, render=False)
    menu = await restarted.orders.menu(user=third, channel_id=CHANNEL)
    assert [offer.key for offer in menu.offers if offer.active] == ["pass"]
    await restarted.act(user=first, move="draw", table_id=table_id)  # 9 left
    reply = await restarted.act(user=second, move="draw", table_id=table_id)  # 8 left: passed by order again
    assert reply.position == 6 and f"{third.name}: Pass (standing order" in reply.text
    await restarted.act(user=first, move="draw", table_id=table_id)  # 7 left
    cancelled = await restarted.orders.cancel(user=third, key="pass", channel_id=CHANNEL)
    assert "Cancelled" in cancelled.text
    assert await any_store.standing_orders(table_id) == []
    reply = await restarted.act(user=second, move="draw", table_id=table_id)  # 6 left: the third decides
    assert reply.position == 8 and reply.mentions == [third.id]


async def test_setting_an_order_answers_the_prompt_waiting_now(tables: Tables) -> None:
    table_id = await _started(tables, ANA, BO, deck="6")  # 6 cards: pass allowed at once
    first = await _mover(tables, table_id, ANA, BO)
    result = await tables.orders.set(user=first, key="pass", channel_id=CHANNEL)
    assert result.reply is not None and result.reply.position == 1
    assert "(standing order: Pass when I can)" in result.reply.text
    assert "answered your waiting decision" in result.text


async def test_orders_are_checked_and_refused_precisely(tables: Tables, store: Store) -> None:
    with pytest.raises(TableError, match="no open table"):
        await tables.orders.menu(user=ANA, channel_id=CHANNEL)
    table_id = await _started(tables, ANA, BO)
    with pytest.raises(NotSeated):
        await tables.orders.set(user=CY, key="pass", channel_id=CHANNEL)
    with pytest.raises(TableError, match=r"no order “fly”\. Its orders: Pass when I can;"):
        await tables.orders.set(user=ANA, key="fly", channel_id=CHANNEL)
    with pytest.raises(TableError, match="needs a number: smallest deck you draw from"):
        await tables.orders.set(user=ANA, key="draw-above", channel_id=CHANNEL)
    with pytest.raises(TableError, match="takes no number"):
        await tables.orders.set(user=ANA, key="pass", amount=3, channel_id=CHANNEL)
    with pytest.raises(TableError, match="between 0 and"):
        await tables.orders.set(user=ANA, key="draw-above", amount=-1, channel_id=CHANNEL)
    # An order that can reveal something says what, and is set only once confirmed.
    with pytest.raises(ConfirmOrder, match="your hand is poor") as asked:
        await tables.orders.set(user=ANA, key="tell", channel_id=CHANNEL)
    assert (asked.value.table_id, asked.value.key) == (table_id, "tell")
    assert await store.standing_orders(table_id) == []
    result = await tables.orders.set(user=ANA, key="tell", confirmed=True, channel_id=CHANNEL)
    assert "Remember: A pass played at once tells the others" in result.text
    # A button names its table: elsewhere it is refused.
    with pytest.raises(TableError, match="another channel"):
        await tables.orders.menu(user=ANA, table_id=table_id, channel_id=CHANNEL + 1)
    menu = await tables.orders.menu(user=ANA, table_id=table_id, channel_id=CHANNEL)
    assert "⚠ Reveals: A pass played at once" in menu.text() and "• Pass a hand without good cards" in menu.text()


async def test_orders_are_tried_in_the_order_set_and_take_their_number(tables: Tables, store: Store) -> None:
    table_id = await _started(tables, ANA, BO)
    first = await _mover(tables, table_id, ANA, BO)
    other = BO if first is ANA else ANA
    await tables.act(user=first, move="draw", table_id=table_id)  # 11 left
    await tables.orders.set(user=first, key="draw-above", amount=8, channel_id=CHANNEL)
    await tables.orders.set(user=first, key="pass", channel_id=CHANNEL)
    reply = await tables.act(user=other, move="draw", table_id=table_id)  # 10 left: 10 > 8, first draws by order
    assert f"{first.name}: Draw the top card (standing order: Draw while the deck is above X)." in reply.text
    assert reply.position == 3 and first.id not in reply.mentions
    reply = await tables.act(user=other, move="draw", table_id=table_id)  # 8 left: not above 8, so the pass order
    assert f"{first.name}: Pass (standing order: Pass when I can)." in reply.text and reply.position == 5
    await tables.orders.set(user=first, key="draw-above", amount=2, channel_id=CHANNEL)  # set again: tried last
    assert [row.order_key for row in await store.standing_orders(table_id)] == ["pass", "draw-above"]
    assert [row.amount for row in await store.standing_orders(table_id)] == [None, 2]


async def test_a_lapsed_order_is_dropped_not_played(tables: Tables, store: Store) -> None:
    table_id = await _started(tables, ANA, BO, CY)
    holder = await _mover(tables, table_id, ANA, BO, CY)
    await tables.act(user=holder, move="draw", table_id=table_id)  # 11 left
    await tables.orders.set(user=holder, key="pass-quarter", channel_id=CHANNEL)  # lasts while the deck is above 6
    for _ in range(5):  # by hand: 11 -> 6 (the holder draws at 9, which allows no pass)
        await tables.act(user=await _mover(tables, table_id, ANA, BO, CY), move="draw", table_id=table_id)
    live = await tables.load(table_id)
    assert live.position == 6 and tables.turns(live)[0].user_id == holder.id  # 6 left: a pass is allowed
    assert await store.standing_orders(table_id) == []  # met after it lapsed: dropped, not played


async def test_orders_go_when_the_seat_changes_hands_and_when_the_game_ends(tables: Tables, store: Store,
                                                                            clock: FakeClock) -> None:
    table_id = await _started(tables, ANA, BO, deck="6")
    first = await _mover(tables, table_id, ANA, BO)
    other = BO if first is ANA else ANA
    await tables.orders.set(user=other, key="draw-above", amount=100, channel_id=CHANNEL)
    await store.replace_seat(table_id, other.id, new_user_id=CY.id, name=CY.name, is_bot=False, actor_id=1,
                             now=clock(), kind="substitute")
    assert await store.standing_orders(table_id) == []
    tables.forget(table_id)
    await tables.orders.set(user=CY, key="pass", channel_id=CHANNEL)
    assert len(await store.standing_orders(table_id)) == 1
    while (live := await tables.load(table_id)).row.status == "playing":
        waiting = tables.turns(live)[0].user_id
        await tables.act(user=first if waiting == first.id else CY, move="draw", table_id=table_id)
    assert await store.standing_orders(table_id) == []
    with pytest.raises(GameNotRunning):
        await tables.orders.set(user=first, key="pass", table_id=table_id)
    second = await _started(tables, ANA, BO, channel=CHANNEL + 1)
    await tables.orders.set(user=ANA, key="tell", confirmed=True, channel_id=CHANNEL + 1)
    await tables.cancel(channel_id=CHANNEL + 1, user=ANA)
    assert await store.standing_orders(second) == []


async def test_the_console_lists_sets_confirms_and_cancels_orders(tables: Tables, store: Store, tmp_path: Path) -> None:
    from bot.console import CONSOLE_CHANNEL, Console

    table_id = await _started(tables, ANA, BO, deck="12", channel=CONSOLE_CHANNEL)
    first = await _mover(tables, table_id, ANA, BO)
    out = io.StringIO()
    console = Console(tables, tmp_path, out)
    console.user = BO if first is ANA else ANA  # not waiting: nothing plays at once
    await console.run(["/orders", "/orders set draw-above 3", "/orders set tell", "/orders set tell confirm",
                       "/orders set fly", "/orders cancel draw-above"])
    text = out.getvalue()
    assert "None set: every decision is yours." in text
    assert "Standing order set at Toy Draw (table 1): Draw while the deck is above X (smallest deck you draw from 3)." in text
    assert "your hand is poor. Set it anyway? Add 'confirm' to set it." in text
    assert "✗ Toy Draw has no order “fly”." in text and "Cancelled: every decision it answered" in text
    assert [row.order_key for row in await store.standing_orders(table_id)] == ["tell"]


async def test_a_sealed_answer_played_by_an_order_stays_sealed_until_the_round_settles(tables: Tables) -> None:
    """Chomp by turns keeps every answer secret until all have answered ("Bo has answered"):
    the log line of an answer its order played goes to its player alone, never on the board."""
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="chomp", options={"mode": "turns"})
    for user in (BO, CY):
        await tables.join(channel_id=CHANNEL, user=user)
    await tables.start(channel_id=CHANNEL, user=ANA)
    users = await _seated(tables, reply.table_id, ANA, BO, CY)
    for user in users:
        await tables.orders.set(user=user, key="hold-unless-able", channel_id=CHANNEL)
    sealed = 0
    for _ in range(40):
        live = await tables.load(reply.table_id)
        if live.row.status != "playing":
            break
        waiting = tables.turns(live)[0].user_id
        answer = await tables.act(user=next(u for u in users if u.id == waiting), move="pass", table_id=reply.table_id)
        assert "(standing order" not in answer.text
        for owner, private in answer.private.items():
            if "(standing order: Hold when I have no good chomp)" in private.text:
                sealed += 1
                name = next(u.name for u in users if u.id == owner)
                assert f"{name}: Hold: don't chomp this round (standing order" in private.text
                assert f"{name} has answered." in answer.text
    assert sealed > 0
