"""``/settings``: how you are told it is your move (a mention, a DM, a daily digest DM, or not at
all), time away, and deleting your data."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import discord_commands, say
from cogs._ui import bot_of, language_in, run, user_of


async def _private(interaction: discord.Interaction, text: str) -> None:
    language = language_in(interaction)
    text = discord_commands(say(text, language), language)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class Settings(commands.Cog):
    settings = app_commands.Group(name="settings", description="Your gamemaster settings")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @settings.command(name="notify", description="How to tell you it is your move")
    @app_commands.describe(mode="mention in the channel, a direct message, one daily digest DM, or nothing")
    @app_commands.choices(mode=[app_commands.Choice(name=m, value=m) for m in ("mention", "dm", "digest", "off")])
    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        pbp, user = bot_of(interaction).pbp, user_of(interaction)
        await run(interaction, lambda: pbp.set_notify(user, mode), lambda text: _private(interaction, text), ephemeral=True)

    @settings.command(name="away", description="Pause your deadlines for some days (0 = back now)")
    @app_commands.describe(days="How many days you are away (0 to 60)")
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[float, 0, 60]) -> None:
        pbp, user = bot_of(interaction).pbp, user_of(interaction)
        await run(interaction, lambda: pbp.set_away(user, days), lambda text: _private(interaction, text), ephemeral=True)

    @settings.command(name="forget-me", description="Delete your settings; finished games show you as a former player")
    async def forget_me(self, interaction: discord.Interaction) -> None:
        pbp, user = bot_of(interaction).pbp, user_of(interaction)
        await run(interaction, lambda: pbp.forget_me(user), lambda text: _private(interaction, text), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(bot))
