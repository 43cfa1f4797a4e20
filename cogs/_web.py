"""The Discord side of the web table: ``/game web`` and posting moves made on the page.

Thin: links and revocation are :mod:`bot.web.commands`; this module only talks to Discord.
"""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from bot.engine.words import CORE, texts
from bot.i18n import discord_commands, say
from bot.replies import Reply, User
from bot.store import TableRow
from bot.tables import GameNotRunning, NotHost, Tables
from bot.web.commands import revoke_links, web_links
from bot.web.server import WebTable
from cogs._ui import (
    _mention_line,
    bot_of,
    clip,
    is_moderator,
    is_table_message,
    language_in,
    notify_direct,
    post_game_gif,
    post_notice,
    reply_message,
    run,
    send_error,
    tables_of,
    user_of,
)

T, Tn, Tp = texts(CORE)
NOT_ENABLED = T("The web table is not switched on for this bot: its operator sets WEB_PORT (and WEB_BASE_URL) "
                "to serve it. Until then, play here with the buttons or /play.")


async def web_command(interaction: discord.Interaction, revoke: bool, everyone: bool = False) -> None:
    """``/game web``: the caller's links, privately; ``revoke:True`` refuses their old ones;
    ``everyone:True`` (the host or a moderator) sends every player their own link by direct message."""
    front = getattr(bot_of(interaction), "web", None)
    if front is None:
        await send_error(interaction, NOT_ENABLED)
        return
    tables, user, channel_id = tables_of(interaction), user_of(interaction), interaction.channel_id or 0

    async def work(front: WebTable, tables: Tables, *, channel_id: int, user: User) -> str:
        if revoke:
            return await revoke_links(front, tables, channel_id=channel_id, user=user)
        if everyone:
            return await send_to_everyone(interaction, front, tables, channel_id=channel_id, user=user)
        return await web_links(front, tables, channel_id=channel_id, user=user)

    async def deliver(text: str) -> None:
        language = language_in(interaction)
        text = discord_commands(say(text, language), language)
        if interaction.response.is_done():
            await interaction.followup.send(clip(text), ephemeral=True)
        else:
            await interaction.response.send_message(clip(text), ephemeral=True)

    await run(interaction, lambda: work(front.table, tables, channel_id=channel_id, user=user), deliver,
              ephemeral=True)


async def send_to_everyone(interaction: discord.Interaction, front: WebTable, tables: Tables, *, channel_id: int,
                           user: User) -> str:
    """DM each seated player of this channel's running table their own links (host or moderator)."""
    live = await tables.load(await tables.latest_id_in(channel_id))
    if user.id != live.row.host_id and not await is_moderator(interaction):
        raise NotHost(T("Only the host or a moderator can send every player their link; /game web gives you yours."))
    if live.row.status != "playing":
        raise GameNotRunning(T("Players' links are for a running game; /game web gives the table's link."))
    sent, failed = [], []
    for seat in live.seats:
        if seat.is_bot:
            continue
        settings = await tables.store.user_settings(seat.user_id)  # a DM: the player's language, else the table's
        language = settings["language"] or live.row.language
        text = discord_commands(await web_links(front, tables, channel_id=channel_id,
                                                user=User(seat.user_id, seat.name, language=language)), language)
        try:
            member = interaction.client.get_user(seat.user_id) or await interaction.client.fetch_user(seat.user_id)
            await member.send(clip(text))
            sent.append(seat.name)
        except discord.HTTPException:
            failed.append(seat.name)
    answer = T("Sent each player their own link by direct message: {names}.", names=", ".join(sent) or T("nobody"))
    if failed:
        return T("{sent} Could not reach {names} (DMs closed): they can run /game web themselves.", sent=answer,
                 names=", ".join(failed))
    return answer


async def post_web_move(client: discord.Client, row: TableRow, reply: Reply) -> None:
    """Show a move made on the web page in the table's channel, as that channel shows moves:
    a new table message (posting mode "new"), or the live board edited in place with the move's
    line in its thread (mode "edit")."""
    tables = client.tables  # type: ignore[attr-defined]
    mode = (await tables.store.channel_settings(row.channel_id)).get("posting", "new")
    if mode != "edit" or row.message_id is None or not is_table_message(reply):
        await post_notice(client, row.guild_id, row.channel_id, reply)
        return
    message = reply_message(reply)
    edit: dict[str, Any] = {"content": message.get("content"), "view": message.get("view"),
                            "attachments": [message["file"]] if "file" in message else []}
    channel = client.get_channel(row.channel_id) or await client.fetch_channel(row.channel_id)
    with contextlib.suppress(discord.HTTPException):
        await channel.get_partial_message(row.message_id).edit(**edit)  # type: ignore[union-attr]
    if row.thread_id is not None:
        thread = client.get_channel(row.thread_id) or discord.Object(row.thread_id)
        with contextlib.suppress(discord.HTTPException, AttributeError):
            await thread.send(clip(reply.text + _mention_line(reply.mentions, True, reply.language)),  # type: ignore[union-attr]
                              allowed_mentions=message["allowed_mentions"])
    await notify_direct(client, row.guild_id, row.channel_id, reply)
    if reply.ended:
        post_game_gif(client, row.channel_id, reply.table_id)
