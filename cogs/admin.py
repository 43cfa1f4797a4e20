"""``/admin``: moderator tools. The session layer checks the permission; these adapters only ask."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine.words import CORE, texts
from bot.i18n import discord_commands, say
from bot.moderation import audit_line
from bot.tables import Reply, User
from cogs._ui import (
    MAX_OPTION_INTEGER,
    bot_of,
    channel_language,
    clip,
    is_moderator,
    language_in,
    publish,
    run,
    user_of,
)

T, Tn, Tp = texts(CORE)


def _person(member: discord.User | discord.Member) -> User:
    return User(member.id, member.display_name)


async def _text(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """A moderator tool's answer: private in the moderator's language, public in the table's."""
    language = language_in(interaction) if ephemeral else await channel_language(interaction)
    text = discord_commands(say(text, language), language)
    if interaction.response.is_done():
        await interaction.followup.send(clip(text), ephemeral=ephemeral)
    else:
        await interaction.response.send_message(clip(text), ephemeral=ephemeral)


class Admin(commands.Cog):
    admin = app_commands.Group(name="admin", description="Moderator tools for game tables", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def _reply_command(self, interaction: discord.Interaction, call) -> None:  # type: ignore[no-untyped-def]
        moderation, user = bot_of(interaction).moderation, user_of(interaction)
        moderator = await is_moderator(interaction)

        async def work() -> Reply:
            return await call(moderation, user, moderator)

        await run(interaction, work, lambda reply: publish(interaction, reply))

    @admin.command(name="rate", description="Count an imported finished game for ratings (recomputes them)")
    @app_commands.describe(table="The finished table's number (see /game archive)")
    async def rate(self, interaction: discord.Interaction, table: app_commands.Range[int, 1, MAX_OPTION_INTEGER]) -> None:
        moderation, user = bot_of(interaction).moderation, user_of(interaction)
        moderator = await is_moderator(interaction)

        async def deliver(text: str) -> None:
            text = say(text, await channel_language(interaction))
            await interaction.followup.send(text) if interaction.response.is_done() else \
                await interaction.response.send_message(text)

        await run(interaction, lambda: moderation.rate(table_id=table, guild_id=interaction.guild_id, user=user,
                                                       moderator=moderator), deliver)

    @admin.command(name="cancel", description="Cancel this channel's table")
    async def cancel(self, interaction: discord.Interaction) -> None:
        ch = interaction.channel_id or 0
        await self._reply_command(interaction, lambda m, u, mod: m.cancel(channel_id=ch, user=u, moderator=mod))

    @admin.command(name="pause", description="Pause this channel's game (no moves, no deadlines)")
    async def pause(self, interaction: discord.Interaction) -> None:
        ch = interaction.channel_id or 0
        await self._reply_command(interaction, lambda m, u, mod: m.pause(channel_id=ch, user=u, moderator=mod, paused=True))

    @admin.command(name="resume", description="Resume a paused game")
    async def resume(self, interaction: discord.Interaction) -> None:
        ch = interaction.channel_id or 0
        await self._reply_command(interaction, lambda m, u, mod: m.pause(channel_id=ch, user=u, moderator=mod, paused=False))

    @admin.command(name="kick", description="Remove a player: a bot takes the seat, or the substitute you name")
    @app_commands.describe(player="Who to remove", substitute="Offer the seat to this person instead of a bot")
    async def kick(self, interaction: discord.Interaction, player: discord.User,
                   substitute: discord.User | None = None) -> None:
        ch, target = interaction.channel_id or 0, _person(player)
        if substitute is not None:
            new = _person(substitute)
            await self._reply_command(
                interaction, lambda m, u, mod: m.substitute(channel_id=ch, user=u, moderator=mod, target=target, new=new)
            )
            return
        await self._reply_command(interaction, lambda m, u, mod: m.kick(channel_id=ch, user=u, moderator=mod, target=target))

    @admin.command(name="substitute", description="Offer a player's seat to someone else (they accept with a button)")
    @app_commands.describe(player="Who leaves", new_player="Who takes the seat")
    async def substitute(self, interaction: discord.Interaction, player: discord.User, new_player: discord.User) -> None:
        ch, old, new = interaction.channel_id or 0, _person(player), _person(new_player)
        await self._reply_command(
            interaction, lambda m, u, mod: m.substitute(channel_id=ch, user=u, moderator=mod, target=old, new=new)
        )

    @admin.command(name="skip", description="Move the game on: a pass where the game has one, else a bot move")
    async def skip(self, interaction: discord.Interaction) -> None:
        ch = interaction.channel_id or 0
        await self._reply_command(interaction, lambda m, u, mod: m.skip(channel_id=ch, user=u, moderator=mod))

    @admin.command(name="host", description="Make another seated player the host")
    async def host(self, interaction: discord.Interaction, player: discord.User) -> None:
        moderation, user, new = bot_of(interaction).moderation, user_of(interaction), _person(player)
        moderator = await is_moderator(interaction)
        await run(interaction, lambda: moderation.transfer_host(channel_id=interaction.channel_id or 0, user=user,
                                                                moderator=moderator, new_host=new),
                  lambda text: _text(interaction, text, ephemeral=False))

    @admin.command(name="deadline", description="Set this table's reminder and timeout")
    @app_commands.choices(policy=[app_commands.Choice(name=p, value=p) for p in ("none", "skip", "auto", "replace")])
    async def deadline(self, interaction: discord.Interaction, reminder_hours: float | None = None,
                       timeout_hours: float | None = None, policy: str = "none") -> None:
        moderation, user = bot_of(interaction).moderation, user_of(interaction)
        moderator = await is_moderator(interaction)
        await run(interaction, lambda: moderation.set_deadlines(
            channel_id=interaction.channel_id or 0, user=user, moderator=moderator, reminder_hours=reminder_hours,
            timeout_hours=timeout_hours, policy=policy), lambda text: _text(interaction, text, ephemeral=False))

    @admin.command(name="settings", description="This channel's settings (give values to change them)")
    @app_commands.describe(games="Allowed games, e.g. 'hisss chomp' (or 'all')", posting="new message per move, or edit one",
                           threads="A thread per table", lobby_days="Lobbies expire after this many days",
                           gif="Post an animated GIF of each finished game",
                           reminder_hours="Default reminder", timeout_hours="Default timeout", policy="Default policy")
    @app_commands.choices(posting=[app_commands.Choice(name=p, value=p) for p in ("new", "edit")],
                          policy=[app_commands.Choice(name=p, value=p) for p in ("none", "skip", "auto", "replace")])
    async def settings(self, interaction: discord.Interaction, games: str | None = None, posting: str | None = None,
                       threads: bool | None = None, lobby_days: float | None = None, reminder_hours: float | None = None,
                       timeout_hours: float | None = None, policy: str | None = None, gif: bool | None = None) -> None:
        moderation, user = bot_of(interaction).moderation, user_of(interaction)
        moderator = await is_moderator(interaction)
        await run(interaction, lambda: moderation.channel_settings(
            channel_id=interaction.channel_id or 0, guild_id=interaction.guild_id, user=user, moderator=moderator,
            games=games, posting=posting, threads=threads, lobby_days=lobby_days, reminder_hours=reminder_hours,
            timeout_hours=timeout_hours, policy=policy, gif=gif), lambda text: _text(interaction, text), ephemeral=True)

    @admin.command(name="role", description="Members with this role may moderate games (leave empty to clear)")
    async def role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        moderation, user = bot_of(interaction).moderation, user_of(interaction)
        moderator = await is_moderator(interaction)
        await run(interaction, lambda: moderation.set_role(
            guild_id=interaction.guild_id or 0, user=user, moderator=moderator,
            role_id=role.id if role else None, role_name=role.name if role else ""),
            lambda text: _text(interaction, text), ephemeral=True)

    @admin.command(name="log", description="The audit log of this channel's table (or the server)")
    async def log(self, interaction: discord.Interaction) -> None:
        moderation = bot_of(interaction).moderation
        moderator = await is_moderator(interaction)

        async def deliver(rows: list) -> None:
            if not rows:
                await _text(interaction, T("The audit log is empty."))
                return
            language = language_in(interaction)  # a moderator's private answer: their language
            await _text(interaction, "\n".join(say(audit_line(row), language) for row in rows))

        await run(interaction, lambda: moderation.log(channel_id=interaction.channel_id or 0,
                                                      guild_id=interaction.guild_id, moderator=moderator),
                  deliver, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Admin(bot))
