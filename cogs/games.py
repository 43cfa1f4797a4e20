"""``/game …``: open, join, start, inspect and cancel tables. Thin: every rule is in bot.tables."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.bots import DEFAULT_LEVEL, LEVELS
from bot.engine import UnknownGame, all_games, get_game
from bot.engine.words import CORE, texts
from bot.i18n import LANGUAGE_NAMES, discord_commands, language_of, say
from bot.playbypost import check_deadlines
from bot.rulebook import NoSuchPage, rules_text, which_game
from bot.tables import Reply, TableError, User
from cogs._ui import (
    MAX_OPTION_INTEGER,
    bot_of,
    channel_language,
    clip,
    is_moderator,
    language_in,
    publish,
    reply_message,
    run,
    send_error,
    send_reply,
    table_language,
    tables_of,
    user_of,
)

T, Tn, Tp = texts(CORE)
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()]
"""``/game new language:``: each language named in its own words (the same in every client)."""


def parse_options(text: str | None) -> dict[str, str]:
    """``"mode=turns variant=expert"`` -> ``{"mode": "turns", "variant": "expert"}``."""
    options: dict[str, str] = {}
    for item in (text or "").replace(",", " ").split():
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise ValueError(T("Options are written name=value (for example mode=turns), not {item}.", item=repr(item)))
        options[name.strip().lower()] = value.strip().lower()
    return options


class Games(commands.Cog):
    game = app_commands.Group(name="game", description="Open, join and run game tables", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # -- autocomplete ------------------------------------------------------------------------

    async def game_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed, language = current.lower(), language_in(interaction)
        found = []
        for g in all_games():
            title = say(g.title, language, (g.slug,))  # found by its own name or its name in the user's language
            if not g.slug.startswith("toy") and (typed in g.slug or typed in g.title.lower() or typed in title.lower()):
                label = say(T("{title} ({least}–{most} players)", title=title, least=g.min_players, most=g.max_players),
                            language)
                found.append(app_commands.Choice(name=clip(label, 100), value=g.slug))
        return found[:25]

    async def option_values(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Offer ``name=value`` completions for the game chosen in the same command."""
        try:
            game = get_game(str(getattr(interaction.namespace, "game", "") or ""))
        except UnknownGame:
            return []
        words = current.split()
        done = words[:-1] if words and not current.endswith(" ") else words
        last = "" if current.endswith(" ") or not words else words[-1]
        given = {word.partition("=")[0] for word in done}
        prefix = " ".join(done)
        choices = []
        for option in game.options:
            if option.name in given:
                continue
            for value in option.choices:
                pair = f"{option.name}={value}"
                if pair.startswith(last.lower()):
                    text = f"{prefix} {pair}".strip()
                    choices.append(app_commands.Choice(name=clip(text, 100), value=clip(text, 100)))
        return choices[:25]

    # -- commands ---------------------------------------------------------------------------------

    @game.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", options="Variants as name=value, e.g. mode=turns",
                           reminder_hours="Play-by-post: remind a player after this many hours",
                           timeout_hours="Play-by-post: then apply the policy after this many hours",
                           policy="What a timeout does: skip, auto (a bot move) or replace (a bot takes the seat)",
                           language="The language of the table's posts (default: the server's)")
    @app_commands.autocomplete(game=game_names, options=option_values)
    @app_commands.choices(policy=[app_commands.Choice(name=p, value=p) for p in ("none", "skip", "auto", "replace")],
                          language=LANGUAGE_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str, options: str | None = None,
                  reminder_hours: float | None = None, timeout_hours: float | None = None,
                  policy: str | None = None, language: str | None = None) -> None:
        spoken = language_of(language) if language else table_language(interaction)
        try:
            chosen = parse_options(options)
            deadlines = None
            if reminder_hours is not None or timeout_hours is not None or policy is not None:
                deadlines = check_deadlines(reminder_hours, timeout_hours, policy or "none")
        except (ValueError, TableError) as error:
            await send_error(interaction, error.args[0] if error.args else str(error))
            return
        tables, user = tables_of(interaction), user_of(interaction)
        channel = interaction.channel
        settings = await tables.store.channel_settings(interaction.channel_id or 0)
        if settings.get("threads") and isinstance(channel, discord.TextChannel):
            await self._new_in_thread(interaction, channel, game, chosen, deadlines.to_json() if deadlines else None,
                                      spoken)
            return
        await run(
            interaction,
            lambda: tables.create(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0, host=user, slug=game,
                options=chosen, deadlines=deadlines.to_json() if deadlines else None, language=spoken,
            ),
            lambda reply: publish(interaction, reply),
        )

    async def _new_in_thread(
        self, interaction: discord.Interaction, channel: discord.TextChannel, game: str, options: dict[str, str],
        deadlines: dict[str, Any] | None = None, language: str = "en",
    ) -> None:
        """Channels set to "a thread per table": each table lives in a thread of its own."""
        tables, user = tables_of(interaction), user_of(interaction)
        try:
            title = get_game(game).title
        except UnknownGame as error:
            await send_error(interaction, str(error))
            return
        await interaction.response.defer(thinking=True)
        title = say(title, language, (get_game(game).slug,))
        thread = await channel.create_thread(name=clip(say(T("{title} — {name}'s table", title=title, name=user.name),
                                                           language), 100),
                                             type=discord.ChannelType.public_thread)

        async def deliver(reply: Reply) -> None:
            await thread.send(**reply_message(reply))
            await interaction.followup.send(say(T("{title}: the table is open in {thread}.", title=title,
                                                  thread=thread.mention), language))

        await run(
            interaction,
            lambda: tables.create(guild_id=interaction.guild_id, channel_id=thread.id, host=user, slug=game, options=options,
                                  deadlines=deadlines, language=language),
            deliver,
        )

    @game.command(name="join", description="Take a seat at this channel's table")
    async def join(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        await run(interaction, lambda: tables.join(channel_id=interaction.channel_id or 0, user=user),
                  lambda reply: publish(interaction, reply))

    @game.command(name="leave", description="Leave this channel's table before it starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        await run(interaction, lambda: tables.leave(channel_id=interaction.channel_id or 0, user=user),
                  lambda reply: publish(interaction, reply))

    @game.command(name="start", description="Start the game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        await run(interaction, lambda: tables.start(channel_id=interaction.channel_id or 0, user=user),
                  lambda reply: publish(interaction, reply))

    @game.command(name="status", description="The table in this channel, with its board")
    async def status(self, interaction: discord.Interaction) -> None:
        tables = tables_of(interaction)
        await run(interaction, lambda: tables.status(channel_id=interaction.channel_id or 0),
                  lambda reply: send_reply(interaction, _quiet(reply)))

    @game.command(name="history", description="The moves of this channel's game, newest first")
    @app_commands.describe(page="Page 1 is the latest 20 moves")
    async def history(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10_000] = 1) -> None:
        tables = tables_of(interaction)

        async def deliver(text: str) -> None:
            await send_reply_text(interaction, clip(text), ephemeral=True)

        await run(interaction, lambda: tables.history(channel_id=interaction.channel_id or 0, page=page,
                                                      language=language_in(interaction)), deliver, ephemeral=True)

    @game.command(name="archive", description="Finished games in this server, newest first")
    @app_commands.describe(game="Only this game", member="Only games this member played", page="Page (10 games each)")
    @app_commands.autocomplete(game=game_names)
    async def archive(self, interaction: discord.Interaction, game: str | None = None, member: discord.Member | None = None,
                      page: app_commands.Range[int, 1, 10_000] = 1) -> None:
        from cogs.stats import show_archive

        await show_archive(interaction, game, member, page)

    @game.command(name="replay", description="Step through a finished game, move by move")
    @app_commands.describe(table="The table's number (see /game archive)", move="Start at this move (default: the end)")
    async def replay(self, interaction: discord.Interaction, table: app_commands.Range[int, 1, MAX_OPTION_INTEGER],
                     move: app_commands.Range[int, 0, 1_000_000] | None = None) -> None:
        from cogs.stats import show_replay

        await show_replay(interaction, table, move)

    @game.command(name="web", description="Your private link to watch and play this table in a browser")
    @app_commands.describe(revoke="True: refuse every link you were given for this table (then ask for a new one)",
                           everyone="True (host or moderator): send every player their own link by direct message")
    async def web(self, interaction: discord.Interaction, revoke: bool = False, everyone: bool = False) -> None:
        from cogs._web import web_command

        await web_command(interaction, revoke, everyone)

    @game.command(name="list", description="Open tables in this server")
    async def list_tables(self, interaction: discord.Interaction) -> None:
        tables = tables_of(interaction)

        async def deliver(summaries: list) -> None:
            language = language_in(interaction)
            if not summaries:
                await send_reply_text(interaction, say(T("No open tables in this server. Start one with /game new."),
                                                       language), ephemeral=True)
                return
            lines = []
            for s in summaries:
                title = f"**{say(s.title, language, (s.slug,))}**"
                status = say({"lobby": T("lobby"), "playing": T("playing")}.get(s.status, s.status), language)
                if s.waiting_for:
                    line = T("{title} in {channel} ({status}): {players} — waiting for {waiting} since {since}",
                             title=title, channel=f"<#{s.channel_id}>", status=status, players=", ".join(s.players),
                             waiting=", ".join(s.waiting_for), since=f"<t:{int(s.since)}:R>")
                else:
                    line = T("{title} in {channel} ({status}): {players}", title=title, channel=f"<#{s.channel_id}>",
                             status=status, players=", ".join(s.players))
                lines.append(say(line, language))
            await send_reply_text(interaction, clip("\n".join(lines)), ephemeral=True)

        await run(interaction, lambda: tables.list_open(guild_id=interaction.guild_id), deliver, ephemeral=True)

    @game.command(name="cancel", description="Cancel this channel's table (host or moderator)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        moderator = await is_moderator(interaction)
        await run(
            interaction,
            lambda: tables.cancel(channel_id=interaction.channel_id or 0, user=user, moderator=moderator),
            lambda reply: publish(interaction, reply),
        )

    @game.command(name="undo", description="Take back your last move (others may need to approve)")
    async def undo(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        moderator = await is_moderator(interaction)
        await run(interaction, lambda: tables.undo(channel_id=interaction.channel_id or 0, user=user, moderator=moderator),
                  lambda reply: publish(interaction, reply))

    @game.command(name="mine", description="Tables in this server waiting for your move")
    async def mine(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)

        async def deliver(summaries: list) -> None:
            language = language_in(interaction)
            if not summaries:
                await send_reply_text(interaction, say(T("Nothing is waiting for you. 🎉"), language), ephemeral=True)
                return
            lines = [
                say(T("{title} in {link} — waiting since {since}", title=f"**{say(s.title, language, (s.slug,))}**",
                      link=f"https://discord.com/channels/{interaction.guild_id}/{s.channel_id}",
                      since=f"<t:{int(s.since)}:R>"), language)
                for s in summaries
            ]
            await send_reply_text(interaction, clip("\n".join(lines)), ephemeral=True)

        await run(interaction, lambda: tables.mine(guild_id=interaction.guild_id, user=user), deliver, ephemeral=True)

    @game.command(name="export", description="This channel's game as a JSON file (running games: moderators)")
    async def export(self, interaction: discord.Interaction) -> None:
        pbp = bot_of(interaction).pbp
        moderator = await is_moderator(interaction)

        async def deliver(named: tuple[str, bytes]) -> None:
            name, data = named
            file = discord.File(io.BytesIO(data), filename=name)
            if interaction.response.is_done():
                await interaction.followup.send(say(T("The game record:"), language_in(interaction)), file=file, ephemeral=True)
            else:
                await interaction.response.send_message(say(T("The game record:"), language_in(interaction)), file=file, ephemeral=True)

        await run(interaction, lambda: pbp.export(channel_id=interaction.channel_id or 0, moderator=moderator), deliver,
                  ephemeral=True)

    @game.command(name="import", description="Rebuild a table in this channel from an exported JSON file")
    @app_commands.describe(
        record="A file made by /game export, or an 18xx.games 1856 game's JSON download",
        seat1="For a record from 18xx.games: the member who plays its first player",
        seat2="… its second player", seat3="… its third player", seat4="… its fourth player",
        seat5="… its fifth player", seat6="… its sixth player",
    )
    async def import_(
        self, interaction: discord.Interaction, record: discord.Attachment,
        seat1: discord.User | None = None, seat2: discord.User | None = None, seat3: discord.User | None = None,
        seat4: discord.User | None = None, seat5: discord.User | None = None, seat6: discord.User | None = None,
    ) -> None:
        pbp, user = bot_of(interaction).pbp, user_of(interaction)
        named = [seat1, seat2, seat3, seat4, seat5, seat6]
        while named and named[-1] is None:
            named.pop()
        if any(member is None for member in named):
            await send_error(interaction, T("Name the seats in order, without gaps (seat1, seat2, …)."))
            return
        members = [User(member.id, member.display_name) for member in named if member is not None]
        moderator = await is_moderator(interaction)
        if record.size > 8 * 1024 * 1024:
            await send_error(interaction, T("That file is too large to be a game record (8 MB at most)."))
            return

        async def work() -> Reply:
            data = await record.read()
            return await pbp.import_table(guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0,
                                          user=user, data=data, moderator=moderator, members=members)

        await run(interaction, work, lambda reply: publish(interaction, reply))

    @game.command(name="deadline", description="Reminder and timeout for this table (host or moderator)")
    @app_commands.describe(reminder_hours="Remind the player after this many hours",
                           timeout_hours="Then apply the policy after this many hours",
                           policy="What a timeout does: none, skip (pass), auto (a bot move), replace (a bot takes the seat)")
    @app_commands.choices(policy=[app_commands.Choice(name=p, value=p) for p in ("none", "skip", "auto", "replace")])
    async def deadline(self, interaction: discord.Interaction, reminder_hours: float | None = None,
                       timeout_hours: float | None = None, policy: str = "none") -> None:
        pbp, user = bot_of(interaction).pbp, user_of(interaction)
        moderator = await is_moderator(interaction)

        async def deliver(text: str) -> None:
            await send_reply_text(interaction, text, ephemeral=False, language=await channel_language(interaction))

        await run(interaction, lambda: pbp.set_deadlines(
            channel_id=interaction.channel_id or 0, user=user, moderator=moderator,
            reminder_hours=reminder_hours, timeout_hours=timeout_hours, policy=policy), deliver)

    @game.command(name="language", description="The language of this channel's table (host or moderator)")
    @app_commands.describe(language="The language its posts speak from now on")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        moderator = await is_moderator(interaction)
        await run(interaction, lambda: tables.set_language(channel_id=interaction.channel_id or 0, user=user,
                                                           language=language, moderator=moderator),
                  lambda reply: publish(interaction, reply))

    @game.command(name="addbot", description="Seat a bot player in the lobby (host)")
    @app_commands.describe(level="easy: makes mistakes; normal: the game's heuristic (default); hard: searches")
    @app_commands.choices(level=[app_commands.Choice(name=level, value=level) for level in LEVELS])
    async def addbot(self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        moderator = await is_moderator(interaction)
        await run(interaction, lambda: tables.add_bot(channel_id=interaction.channel_id or 0, user=user,
                                                      moderator=moderator, level=level),
                  lambda reply: publish(interaction, reply))

    @game.command(name="remove", description="Remove a player from the lobby (host)")
    @app_commands.describe(player="Who to remove")
    async def remove(self, interaction: discord.Interaction, player: discord.User) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        moderator = await is_moderator(interaction)
        await run(interaction, lambda: tables.remove_player(channel_id=interaction.channel_id or 0, user=user,
                                                            target=player.id, moderator=moderator),
                  lambda reply: publish(interaction, reply))

    @game.command(name="rules", description="How a game is played: summary, options, how to play, the rulebook")
    @app_commands.describe(game="Which game (leave it out for the list)", page="Rules page (1 is the summary)")
    @app_commands.autocomplete(game=game_names)
    async def rules(self, interaction: discord.Interaction, game: str | None = None,
                    page: app_commands.Range[int, 1, 99] = 1) -> None:
        if not (game or "").strip():
            await send_reply_text(interaction, which_game(all_games(), language=language_in(interaction)), ephemeral=True)
            return
        try:
            chosen = get_game(game.strip())
        except UnknownGame as error:
            await send_error(interaction, str(error))
            return
        # Our how-to-play pages (data/<slug>/rules.md) come first; the rulebook folder is extra.
        try:
            text = rules_text(chosen, page, bot_of(interaction).settings.rules_dir,
                              language=language_of(str(interaction.locale)))
        except NoSuchPage as error:
            await send_error(interaction, error.args[0] if error.args else str(error))
            return
        await send_reply_text(interaction, clip(text), ephemeral=True)


def _quiet(reply: Reply) -> Reply:
    """Status and board re-posts show whose turn it is without pinging again."""
    reply.mentions = []
    return reply


async def send_reply_text(interaction: discord.Interaction, text: str, *, ephemeral: bool,
                          language: str | None = None) -> None:
    """A plain answer: ``text`` (a Text is said) in ``language``, by default the user's, with the
    commands it names as their Discord lists them."""
    language = language or language_in(interaction)
    text = clip(discord_commands(say(text, language), language))
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Games(bot))
