"""``/play``, ``/hand`` and ``/board``: one set of commands for every game."""

from __future__ import annotations

import contextlib

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import Action
from bot.tables import Private, Reply, TableError, UnsureMove
from cogs._ui import (
    AmountButton,
    CancelButton,
    FullBoardButton,
    GroupButton,
    _send,
    clip,
    full_board_message,
    offer_message,
    play_amount_form,
    private_message,
    run,
    send_reply,
    tables_of,
    user_of,
)
from cogs.orders import OrdersButton


def rank_moves(actions: list[Action], typed: str, limit: int = 25) -> list[Action]:
    """The best matches for what the player typed: key prefix, then label word prefix, then substring."""
    text = typed.strip().lower()
    if not text:
        return actions[:limit]
    scored: list[tuple[int, int, Action]] = []
    for index, action in enumerate(actions):
        key, label = action.key.lower(), action.label.lower()
        words = label.replace("(", " ").replace(")", " ").split()
        if key.startswith(text) or label.startswith(text):
            score = 0
        elif all(any(w.startswith(t) for w in words) or t in key for t in text.split()):
            score = 1
        elif text in label or text in key:
            score = 2
        else:
            continue
        scored.append((score, index, action))
    return [action for _, _, action in sorted(scored, key=lambda item: item[:2])][:limit]


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def move_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            actions = await tables_of(interaction).moves(channel_id=interaction.channel_id or 0, user=user_of(interaction))
        except TableError:
            return []
        return [app_commands.Choice(name=clip(a.label, 100), value=a.key) for a in rank_moves(actions, current)]

    @app_commands.command(name="play", description="Make your move (type to search your legal moves)")
    @app_commands.describe(move="Your move: pick from the list or type its name")
    @app_commands.autocomplete(move=move_choices)
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        tables, user = tables_of(interaction), user_of(interaction)

        async def work() -> Reply | UnsureMove:
            try:
                return await tables.act(user=user, move=move, channel_id=interaction.channel_id or 0)
            except UnsureMove as unsure:  # a partial match: offered back privately, never played
                return unsure

        async def deliver(result: Reply | UnsureMove) -> None:
            if isinstance(result, UnsureMove):
                if interaction.response.is_done():
                    # A slow answer left a public "thinking…" placeholder: the offer is private.
                    with contextlib.suppress(discord.HTTPException):
                        await interaction.delete_original_response()
                    await interaction.followup.send(**offer_message(result, user.language))
                else:
                    await interaction.response.send_message(**offer_message(result, user.language))
                return
            await send_reply(interaction, result)

        await run(interaction, work, deliver)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Amount forms: their submissions are answered here, from the custom_id alone, so a
        form opened before a restart still works (discord.py keeps no modal across one)."""
        await play_amount_form(interaction)

    @app_commands.command(name="hand", description="What only you can see at this table (private)")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)

        async def deliver(private: Private) -> None:
            message = private_message(private, [[OrdersButton(private.table_id, user.language)]] if private.orders else None)
            if interaction.response.is_done():
                await interaction.followup.send(**message)
            else:
                await interaction.response.send_message(**message)

        await run(interaction, lambda: tables.private_view(channel_id=interaction.channel_id or 0, user=user), deliver,
                  ephemeral=True)

    @app_commands.command(name="board", description="Post the current board of this channel's game again")
    @app_commands.describe(full="Post the full, detailed board (for zooming) instead of the table card")
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction, full: bool = False) -> None:
        tables = tables_of(interaction)
        channel_id = interaction.channel_id or 0
        if full:
            async def post_full(picture: bytes) -> None:
                table_id = await tables.latest_id_in(channel_id)
                language = (await tables.load(table_id)).row.language  # a public post: the table's language
                await _send(interaction, **full_board_message(table_id, picture, ephemeral=False, language=language))

            await run(interaction, lambda: tables.full_board(channel_id=channel_id), post_full)
            return

        async def deliver(reply: Reply) -> None:
            reply.mentions = []
            await send_reply(interaction, reply)

        await run(interaction, lambda: tables.board(channel_id=channel_id), deliver)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(AmountButton, CancelButton, FullBoardButton, GroupButton)  # persistent: they work after a restart
    await bot.add_cog(Play(bot))
