"""Standing orders in the session layer: setting them, keeping them, and playing what they answer.

A player leaves orders for one table (``/orders``, the "Orders" button of their private panel,
``orders`` in the console); each game declares which it offers (:meth:`Game.standing_orders`)
and what each answers (:meth:`Game.order_choice`, through :func:`bot.engine.orders.answer`).
Orders are stored per table and seat (:meth:`bot.store.Store.set_standing_order`), survive a
restart, and go when their player leaves the seat or the game ends.

After every committed move the session layer's bot loop (:meth:`bot.tables.Tables.run_bots`)
asks :meth:`StandingOrders.next_move` what plays itself next: a forced move (one action that is
public knowledge), else the answer of a human seat's order to its waiting prompt. Either is
committed like any move, logged with why ("Bo: Pass (standing order: pass reaction windows)."),
and nobody is pinged for it. Orders of a lapsed scope ("pass in this stock round" once the round
is over) are dropped when met. Bot seats play as bots; orders are never asked for them.

An order chooses only among the legal actions its player had, from what that player can see
(the test kit checks the answer does not change when hidden information is redrawn); one that
can tell the others something (a window that closes at once because its holder has nothing to
play) says so when it is set and asks its player to confirm.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot import tables as session
from bot.engine import Prompt, StandingOrder, seat_ref
from bot.engine.orders import OrderSetting, answer, lapsed
from bot.engine.words import CORE, texts
from bot.replies import Reply, User
from bot.store import StoreError

if TYPE_CHECKING:
    from bot.tables import LiveTable, Tables

log = logging.getLogger(__name__)
T, _, _ = texts(CORE)

MAX_AMOUNT = 10**9
"""The largest number an order takes (prices, bids): far above any game's money."""


@dataclass(frozen=True, slots=True)
class AutoMove:
    """A move that plays itself: a seat's forced move, or what one of its orders answers."""

    seat: int
    key: str
    label: str
    why: str
    """For the log: ``forced`` or ``standing order: pass reaction windows``."""

    def line(self) -> str:
        """The log line that goes before the move's own events."""
        return T("{who}: {move} ({why}).", who=seat_ref(self.seat), move=self.label, why=self.why)


class ConfirmOrder(session.TableError):
    """An order that can reveal something was asked for without confirming: the message says
    what it reveals; front ends offer to set it anyway (``confirmed=True``)."""

    def __init__(self, message: str, table_id: int, key: str, amount: int | None) -> None:
        super().__init__(message)
        self.table_id, self.key, self.amount = table_id, key, amount


@dataclass(frozen=True, slots=True)
class OrderOffer:
    """One order a player may set at their table, as a front end lists it."""

    key: str
    label: str
    help: str
    reveals: str
    amount: str
    """The label of the number it takes ("Lowest price you buy at"), or empty."""
    set_amount: int | None
    active: bool
    """Whether the player has it set now."""


@dataclass(frozen=True, slots=True)
class OrdersMenu:
    """A player's orders at one table: what the game offers and which are set."""

    table_id: int
    title: str
    offers: tuple[OrderOffer, ...]

    def text(self) -> str:
        """The private answer to "/orders list"."""
        if not self.offers:
            return f"{self.title} (table {self.table_id}) has no standing orders: every decision is yours."
        active = [offer for offer in self.offers if offer.active]
        lines = [f"**Your standing orders at {self.title} (table {self.table_id})**"]
        lines += [f"• {describe(offer)}" for offer in active] or ["None set: every decision is yours."]
        lines.append("**Orders you can set** (/orders set, /orders cancel)")
        for offer in self.offers:
            reveals = f" ⚠ Reveals: {offer.reveals}" if offer.reveals else ""
            lines.append(f"• {offer.label} — {offer.help}{reveals}".replace(" — .", "."))
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class OrderResult:
    """What setting or cancelling an order says privately, and the public reply of the moves it
    played at once (an order that answers the prompt waiting on its player now), if any."""

    text: str
    reply: Reply | None = None


def describe(offer: OrderOffer) -> str:
    amount = f": {offer.amount.lower()} {offer.set_amount}" if offer.amount and offer.set_amount is not None else ""
    return f"{offer.label}{amount}"


class StandingOrders:
    """The standing orders of every table of one :class:`bot.tables.Tables`."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store

    # -- playing ----------------------------------------------------------------------------

    async def settings(self, live: LiveTable) -> dict[int, list[OrderSetting]]:
        """Each seat's orders, in the order they are tried (read once per loaded table)."""
        if live.orders is None:
            rows = await self.store.standing_orders(live.id)
            owners = {seat.seat: seat.user_id for seat in live.seats}
            orders: dict[int, list[OrderSetting]] = {}
            for row in rows:
                if owners.get(row.seat) == row.user_id:  # only the orders of the seat's present player
                    orders.setdefault(row.seat, []).append(OrderSetting(row.order_key, row.amount, row.scope))
            live.orders = orders
        return live.orders

    async def next_move(self, live: LiveTable, prompts: list[Prompt]) -> AutoMove | None:
        """The move that plays itself now: a forced move first, else an order's answer to a
        human seat's waiting prompt; ``None`` when every waiting prompt needs its player."""
        forced = self.tables._forced_prompt(live, prompts)
        if forced is not None:
            return AutoMove(forced.seat, forced.actions[0].key, forced.actions[0].label, T("forced"))
        if not live.game.standing_orders() or not prompts:
            return None
        assert live.state is not None
        by_seat = await self.settings(live)
        for prompt in prompts:
            if not 0 <= prompt.seat < len(live.seats) or live.user_at(prompt.seat).is_bot:
                continue
            mine = by_seat.get(prompt.seat)
            if not mine:
                continue
            await self._drop_lapsed(live, prompt.seat, mine)
            try:
                found = answer(live.game, live.state, prompt, by_seat.get(prompt.seat, []))
            except Exception:  # a broken order must cost its answer, never the move already committed
                log.exception("table %s: the standing orders of seat %s failed; the player decides", live.id, prompt.seat)
                continue
            if found is None:
                continue
            key, setting = found
            label = next(action.label for action in prompt.actions if action.key == key)
            return AutoMove(prompt.seat, key, label, T("standing order: {order}", order=order_label(live, setting.key)))
        return None

    async def waiting(self, live: LiveTable) -> bool:
        """Whether an order answers a prompt waiting now (e.g. the process stopped before it played)."""
        if live.row.status != "playing" or live.row.paused or live.state is None or live.outdated:
            return False
        return await self.next_move(live, self.tables.prompts(live)) is not None

    async def _drop_lapsed(self, live: LiveTable, seat: int, mine: list[OrderSetting]) -> None:
        assert live.state is not None and live.orders is not None
        gone = [setting for setting in mine if lapsed(live.game, live.state, setting)]
        if gone:
            await self.store.cancel_standing_orders(live.id, seat=seat, keys=[setting.key for setting in gone])
            live.orders[seat] = [setting for setting in mine if setting not in gone]

    # -- what players set -------------------------------------------------------------------

    async def _seat(self, user: User, channel_id: int | None, table_id: int | None) -> tuple[int, int]:
        """The table (named, or this channel's) and the user's seat at it, for a game in play."""
        named = table_id is not None
        if table_id is None:
            if channel_id is None:
                raise ValueError("orders need a channel_id or a table_id")
            table_id = await self.tables.table_id_in(channel_id)
        session.check_id(table_id, "That table no longer exists.")
        live = await self.tables.load(table_id)
        if named and channel_id is not None:  # a button names its table: it must be this channel's
            self.tables.check_channel(live, channel_id)
        if live.row.status != "playing":
            raise session.GameNotRunning(
                "Standing orders are for a game in play." if live.row.status == "lobby"
                else f"This {live.game.title} game is {live.row.status}."
            )
        seat = live.seat_of(user.id)
        if seat is None:
            raise session.NotSeated("You are not seated at this table.")
        return table_id, seat

    async def menu(self, *, user: User, channel_id: int | None = None, table_id: int | None = None) -> OrdersMenu:
        """The orders the user's game offers, and which of them they set."""
        table_id, seat = await self._seat(user, channel_id, table_id)
        live = await self.tables.load(table_id)
        mine = {setting.key: setting for setting in (await self.settings(live)).get(seat, [])}
        offers = tuple(
            OrderOffer(order.key, order.label, order.help, order.reveals, order.amount,
                       mine[order.key].amount if order.key in mine else None, order.key in mine)
            for order in live.game.standing_orders()
        )
        return OrdersMenu(table_id, live.game.title, offers)

    async def set(
        self, *, user: User, key: str, amount: int | None = None, confirmed: bool = False,
        channel_id: int | None = None, table_id: int | None = None,
    ) -> OrderResult:
        """Set an order (``key``: its key or label); it answers from now on, the prompt waiting
        on the player now included. An order that can reveal something needs ``confirmed``."""
        table_id, seat = await self._seat(user, channel_id, table_id)
        async with self.tables.lock(table_id):
            live = await self.tables.load(table_id)
            self.tables.check_running(live)
            order = find_order(live.game.standing_orders(), key, live.game.title)
            amount = check_amount(order, amount)
            if order.reveals and not confirmed:
                raise ConfirmOrder(
                    f"“{order.label}” can tell the others something: {order.reveals} Set it anyway?",
                    table_id, order.key, amount,
                )
            assert live.state is not None
            scope = live.game.order_scope(live.state, order.key)
            try:
                await self.store.set_standing_order(table_id, seat=seat, user_id=user.id, key=order.key,
                                                    amount=amount, scope=scope, now=self.tables.clock())
            except StoreError as error:
                raise session.TableError(str(error)) from None
            live.orders = None  # read again, in the stored order
            text = f"Standing order set at {live.game.title} (table {table_id}): {order.label}"
            text += f" ({order.amount.lower()} {amount})." if amount is not None else "."
            if order.reveals:
                text += f" Remember: {order.reveals}"
            text += (" It ends by itself when the part of the game it names is over, or when you cancel it."
                     if scope is not None else " It lasts until you cancel it (/orders cancel) or the game ends.")
            position = live.position
            events = await self.tables.run_bots(live)  # it may answer what waits on you now
            if live.position == position:
                return OrderResult(text)
            return OrderResult(text + " It answered your waiting decision at once.",
                               await self.tables.play_reply(live, events=events))

    async def cancel(
        self, *, user: User, key: str | None = None, channel_id: int | None = None, table_id: int | None = None,
    ) -> OrderResult:
        """Cancel one order (its key or label) or, with no ``key``, all of the user's orders here."""
        table_id, seat = await self._seat(user, channel_id, table_id)
        async with self.tables.lock(table_id):
            live = await self.tables.load(table_id)
            keys = None if key is None else [find_order(live.game.standing_orders(), key, live.game.title).key]
            dropped = await self.store.cancel_standing_orders(table_id, seat=seat, keys=keys)
            live.orders = None
        if key is None:
            return OrderResult(f"Cancelled your {dropped} standing order{'s' if dropped != 1 else ''} at "
                               f"{live.game.title} (table {table_id}): every decision is yours again."
                               if dropped else "You had no standing orders at this table.")
        return OrderResult("Cancelled: every decision it answered is yours again." if dropped
                           else "That order was not set.")


def order_label(live: LiveTable, key: str) -> str:
    return next((order.label for order in live.game.standing_orders() if order.key == key), key)


def find_order(orders: tuple[StandingOrder, ...], wanted: str, title: str) -> StandingOrder:
    """The order named by its key or its label (any case); a precise refusal otherwise."""
    folded = wanted.strip().casefold()
    for order in orders:
        if folded in (order.key.casefold(), order.label.casefold()):
            return order
    if not orders:
        raise session.TableError(f"{title} has no standing orders.")
    names = "; ".join(order.label for order in orders)
    raise session.TableError(f"{title} has no order “{wanted.strip()}”. Its orders: {names}.")


def check_amount(order: StandingOrder, amount: int | None) -> int | None:
    """The order's number: required exactly when the order takes one, and within reason."""
    if not order.amount:
        if amount is not None:
            raise session.TableError(f"“{order.label}” takes no number.")
        return None
    if amount is None:
        raise session.TableError(f"“{order.label}” needs a number: {order.amount.lower()}.")
    if not 0 <= amount <= MAX_AMOUNT:
        raise session.TableError(f"{order.amount} must be between 0 and {MAX_AMOUNT:,}, not {amount:,}.")
    return amount
