"""``/orders`` and the "Orders" button of a player's private panel: standing orders, privately.

A thin adapter over :mod:`bot.standing_orders`: ``/orders list`` shows the orders the table's
game offers and which are set, ``/orders set`` sets one (its number as the ``amount`` option),
``/orders cancel`` cancels one or all. The panel (from ``/orders list`` or the private panel's
"Orders" button) offers the same with a menu: picking an order that takes a number opens a
form for it. An order that can reveal something says what and is set only with "Set it
anyway". Every answer is private; when a new order answers the decision waiting on its player
at once, the resulting board is posted in the channel like any move.

Every custom_id names its table, so panels and forms keep working after a restart.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine.words import CORE, texts
from bot.i18n import say
from bot.standing_orders import MAX_AMOUNT, ConfirmOrder, OrderResult, OrdersMenu
from bot.tables import TableError, Tables, User
from cogs._ui import (
    MAX_LAYOUT_TEXT,
    _send,
    clip,
    language_in,
    notify_direct,
    post_notice,
    run,
    send_error,
    table_layout,
    tables_of,
    user_of,
)

T, Tn, Tp = texts(CORE)
FORM = "gm-order-form"
FIELD = "gm-order-amount"


class OrdersButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gm-orders:(?P<table>\d+)"):
    """"Orders" on a player's private panel: their standing orders at this table, privately."""

    def __init__(self, table_id: int, language: str = "en") -> None:
        super().__init__(discord.ui.Button(label=say(Tp("button", "Orders"), language), emoji="📋",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"gm-orders:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /
                             ) -> OrdersButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        await run(interaction, lambda: tables.orders.menu(user=user, table_id=self.table_id,
                                                          channel_id=interaction.channel_id or 0),
                  lambda menu: _send(interaction, **panel(menu, user.language)), ephemeral=True,
                  table_id=self.table_id)


class OrderPick(discord.ui.DynamicItem[discord.ui.Select], template=r"gm-order-(?P<verb>set|drop):(?P<table>\d+)"):
    """The panel's menus: pick an order to set (``set``) or to cancel (``drop``)."""

    def __init__(self, table_id: int, verb: str, options: list[discord.SelectOption] | None = None,
                 language: str = "en") -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"gm-order-{verb}:{table_id}",
            placeholder=say(T("Set an order…") if verb == "set" else T("Cancel an order…"), language),
            options=options or [discord.SelectOption(label="-", value="-")],
        ))
        self.table_id, self.verb = table_id, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: Any, /
                             ) -> OrderPick:
        return cls(int(match["table"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        if not values:
            await send_error(interaction, T("Pick an order from the menu."))
            return
        key = str(values[0])
        tables, user = tables_of(interaction), user_of(interaction)
        if self.verb == "drop":
            await run(interaction, lambda: tables.orders.cancel(user=user, key=key, table_id=self.table_id,
                                                                channel_id=interaction.channel_id or 0),
                      lambda result: deliver(interaction, result), ephemeral=True, table_id=self.table_id)
            return
        try:
            menu = await tables.orders.menu(user=user, table_id=self.table_id, channel_id=interaction.channel_id or 0)
        except TableError as error:
            await send_error(interaction, error.said(user.language))
            return
        offer = next((offer for offer in menu.offers if offer.key == key), None)
        if offer is not None and offer.amount:  # a number first: the form carries the order
            await interaction.response.send_modal(AmountForm(self.table_id, key, say(offer.label, user.language),
                                                             say(offer.amount, user.language), user.language))
            return
        await set_order(interaction, tables, user, self.table_id, key, None, confirmed=False)


class ConfirmOrderButton(discord.ui.DynamicItem[discord.ui.Button],
                         template=r"gm-order-ok:(?P<table>\d+):(?P<amount>\d*):(?P<key>.+)"):
    """"Set it anyway" under the warning of an order that can reveal something."""

    def __init__(self, table_id: int, key: str, amount: int | None, language: str = "en") -> None:
        super().__init__(discord.ui.Button(label=say(Tp("button", "Set it anyway"), language),
                                           style=discord.ButtonStyle.danger,
                                           custom_id=f"gm-order-ok:{table_id}:{'' if amount is None else amount}:{key}"))
        self.table_id, self.key, self.amount = table_id, key, amount

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /
                             ) -> ConfirmOrderButton:
        return cls(int(match["table"]), match["key"], int(match["amount"]) if match["amount"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await set_order(interaction, tables_of(interaction), user_of(interaction), self.table_id, self.key,
                        self.amount, confirmed=True)


class AmountForm(discord.ui.Modal):
    """The number an order takes; its custom_id ``gm-order-form:<table>:<key>`` names the order."""

    def __init__(self, table_id: int, key: str, label: str, amount_label: str, language: str = "en") -> None:
        super().__init__(title=clip(label, 45), custom_id=f"{FORM}:{table_id}:{key}")
        self.add_item(discord.ui.TextInput(label=clip(amount_label, 45), custom_id=FIELD, required=True, max_length=12,
                                           placeholder=say(T("a whole number, e.g. 10"), language)))


def panel(menu: OrdersMenu, language: str = "en") -> dict[str, Any]:
    """The private orders panel, in the player's ``language``: the list, a menu of orders to
    set, one of those to cancel."""
    rows: list[list[discord.ui.Item[Any]]] = []
    unset = [offer for offer in menu.offers if not offer.active][:25]
    if unset:
        warning = say(T("⚠ reveals something."), language)
        rows.append([OrderPick(menu.table_id, "set", [
            discord.SelectOption(label=clip(say(offer.label, language), 100), value=offer.key,
                                 description=clip((f"{warning} " if offer.reveals else "") + say(offer.help, language),
                                                  100) or None)
            for offer in unset], language)])
    active = [offer for offer in menu.offers if offer.active][:25]
    if active:
        rows.append([OrderPick(menu.table_id, "drop", [
            discord.SelectOption(label=clip(say(offer.label, language), 100), value=offer.key) for offer in active],
            language)])
    return {"view": table_layout([clip(say(menu.text(), language), MAX_LAYOUT_TEXT)], None, rows), "ephemeral": True}


async def set_order(interaction: discord.Interaction, tables: Tables, user: User, table_id: int | None, key: str,
                    amount: int | None, *, confirmed: bool) -> None:
    """Set an order and answer privately (a warning with "Set it anyway" when it can reveal something)."""

    async def work() -> OrderResult | ConfirmOrder:
        try:
            return await tables.orders.set(user=user, key=key, amount=amount, confirmed=confirmed, table_id=table_id,
                                           channel_id=interaction.channel_id or 0)
        except ConfirmOrder as asked:
            return asked

    async def answer(result: OrderResult | ConfirmOrder) -> None:
        if isinstance(result, ConfirmOrder):
            view = discord.ui.View(timeout=None)
            view.add_item(ConfirmOrderButton(result.table_id, result.key, result.amount, user.language))
            await _send(interaction, content=clip(result.said(user.language)), view=view, ephemeral=True)
            return
        await deliver(interaction, result)

    await run(interaction, work, answer, ephemeral=True, table_id=table_id)


async def deliver(interaction: discord.Interaction, result: OrderResult) -> None:
    """The private answer; and the board in the channel when the order played at once."""
    await _send(interaction, content=clip(say(result.text, language_in(interaction))), ephemeral=True)
    if result.reply is not None:
        channel_id = interaction.channel_id or 0
        await post_notice(interaction.client, interaction.guild_id, channel_id, result.reply)
        await notify_direct(interaction.client, interaction.guild_id, channel_id, result.reply)


def submitted(interaction: discord.Interaction) -> str:
    for row in (interaction.data or {}).get("components", []):
        for component in row.get("components", [row.get("component", {})]):
            if component.get("custom_id") == FIELD:
                return str(component.get("value") or "")
    return ""


class Orders(commands.Cog):
    orders = app_commands.Group(name="orders", description="Standing orders: answers to your future decisions here",
                                guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def order_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            menu = await tables_of(interaction).orders.menu(user=user_of(interaction),
                                                            channel_id=interaction.channel_id or 0)
        except TableError:
            return []
        wanted = current.strip().casefold()
        return [app_commands.Choice(name=clip(offer.label, 100), value=offer.key) for offer in menu.offers
                if wanted in offer.label.casefold() or wanted in offer.key][:25]

    @orders.command(name="list", description="Your standing orders at this table, and the orders you can set")
    async def list_orders(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        await run(interaction, lambda: tables.orders.menu(user=user, channel_id=interaction.channel_id or 0),
                  lambda menu: _send(interaction, **panel(menu)), ephemeral=True)

    @orders.command(name="set", description="Leave an order that answers your future decisions here")
    @app_commands.describe(order="Which order (type to search the game's orders)",
                           amount="The number the order takes, when it takes one (a price, a bid)")
    @app_commands.autocomplete(order=order_names)
    async def set_command(self, interaction: discord.Interaction, order: str,
                  amount: app_commands.Range[int, 0, MAX_AMOUNT] | None = None) -> None:
        await set_order(interaction, tables_of(interaction), user_of(interaction), None, order, amount,
                        confirmed=False)

    @orders.command(name="cancel", description="Cancel one of your standing orders here, or all of them")
    @app_commands.describe(order="Which order to cancel (leave empty to cancel all of yours here)")
    @app_commands.autocomplete(order=order_names)
    async def cancel(self, interaction: discord.Interaction, order: str | None = None) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        await run(interaction, lambda: tables.orders.cancel(user=user, key=order, channel_id=interaction.channel_id or 0),
                  lambda result: deliver(interaction, result), ephemeral=True)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """An order's number form, answered from its custom_id alone (it survives a restart)."""
        if getattr(interaction, "type", None) is not discord.InteractionType.modal_submit:
            return
        parts = str((interaction.data or {}).get("custom_id", "")).split(":", 2)
        if len(parts) != 3 or parts[0] != FORM or not parts[1].isdigit():
            return
        text = submitted(interaction).strip().replace(",", "").removeprefix("$")
        if not text.isdigit():
            await send_error(interaction, f'"{clip(text, 20)}" is not a whole number; write it like 10 or 2500.')
            return
        await set_order(interaction, tables_of(interaction), user_of(interaction), int(parts[1]), parts[2],
                        int(text), confirmed=False)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(OrdersButton, OrderPick, ConfirmOrderButton)  # persistent: they work after a restart
    await bot.add_cog(Orders(bot))
