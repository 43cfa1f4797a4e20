"""The Discord side of the web table: ``/game web`` and posting moves made on the page.

Thin: links and revocation are :mod:`bot.web.commands`; this module only talks to Discord.
"""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from bot.replies import Reply
from bot.store import TableRow
from bot.web.commands import revoke_links, web_links
from cogs._ui import (
    _mention_line,
    bot_of,
    clip,
    is_table_message,
    notify_direct,
    post_game_gif,
    post_notice,
    reply_message,
    run,
    send_error,
    tables_of,
    user_of,
)

NOT_ENABLED = ("The web table is not switched on for this bot: its operator sets WEB_PORT (and WEB_BASE_URL) "
               "to serve it. Until then, play here with the buttons or /play.")


async def web_command(interaction: discord.Interaction, revoke: bool) -> None:
    """``/game web``: the caller's links, privately; ``revoke:True`` refuses their old ones."""
    front = getattr(bot_of(interaction), "web", None)
    if front is None:
        await send_error(interaction, NOT_ENABLED)
        return
    tables, user, channel_id = tables_of(interaction), user_of(interaction), interaction.channel_id or 0
    work = revoke_links if revoke else web_links

    async def deliver(text: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(clip(text), ephemeral=True)
        else:
            await interaction.response.send_message(clip(text), ephemeral=True)

    await run(interaction, lambda: work(front.table, tables, channel_id=channel_id, user=user), deliver,
              ephemeral=True)


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
            await thread.send(clip(reply.text + _mention_line(reply.mentions, True)),  # type: ignore[union-attr]
                              allowed_mentions=message["allowed_mentions"])
    await notify_direct(client, row.guild_id, row.channel_id, reply)
    if reply.ended:
        post_game_gif(client, row.channel_id, reply.table_id)
