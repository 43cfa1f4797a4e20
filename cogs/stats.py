"""``/stats …`` (ratings, profiles, game figures) and the replay viewer's ◀ ▶ buttons.

Thin: the rules of rating live in :mod:`bot.ratings`, replays in :mod:`bot.replays`.
``/game archive`` and ``/game replay`` are in the ``/game`` group (cogs/games.py) and call
:func:`show_archive` and :func:`show_replay` here.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import UnknownGame, all_games, get_game
from bot.engine.words import CORE, texts
from bot.i18n import discord_commands, say, speaking
from bot.ratings import ordinal
from bot.replays import ReplayFrame, Replays
from bot.tables import TableError
from cogs._ui import channel_language, clip, language_in, run, send_error, tables_of

T, Tn, Tp = texts(CORE)


def _drawn(language: str, draw: Any, *args: Any) -> Any:
    """A picture drawn with its words said in ``language`` (run in a thread)."""
    with speaking(language):
        return draw(*args)

MAX_PAGE = 400


def _replays(interaction: discord.Interaction) -> Replays:
    return Replays(tables_of(interaction))


async def _game_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    typed = current.lower()
    return [app_commands.Choice(name=g.title, value=g.slug) for g in all_games()
            if not g.slug.startswith("toy") and (typed in g.slug or typed in g.title.lower())][:25]


def _png(image: Any, name: str) -> discord.File:
    from bot.render import encode_png

    return discord.File(io.BytesIO(encode_png(image)), filename=name)


def _slug(game: str) -> str:
    try:
        return get_game(game).slug
    except UnknownGame as error:
        raise TableError(str(error)) from None


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gm-replay:(?P<table>\d{1,18}):(?P<move>\d{1,9})"):
    """◀ / ▶ under a replay: shows the board after move ``move`` (survives restarts)."""

    def __init__(self, table_id: int, move: int, label: str, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"gm-replay:{table_id}:{move}"))
        self.table_id, self.move = table_id, move

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /) -> ReplayButton:
        return cls(int(match["table"]), int(match["move"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        replays = _replays(interaction)

        language = language_in(interaction)

        async def deliver(frame: ReplayFrame) -> None:
            message = replay_message(frame, language)
            message.pop("ephemeral", None)
            if interaction.response.is_done():
                await interaction.edit_original_response(**message)
            else:
                await interaction.response.edit_message(**message)

        await run(interaction, lambda: replays.frame(self.table_id, self.move, guild_id=interaction.guild_id,
                                                     language=language), deliver, ephemeral=True, update=True)


def replay_view(frame: ReplayFrame, language: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    steps = ((Tp("replay", "⏮ start"), 0), (Tp("replay", "◀ back"), max(0, frame.move - 1)),
             (Tp("replay", "next ▶"), min(frame.total, frame.move + 1)), (Tp("replay", "end ⏭"), frame.total))
    for label, move in steps:
        view.add_item(ReplayButton(frame.table_id, move, say(label, language), disabled=move == frame.move))
    return view


def replay_message(frame: ReplayFrame, language: str = "en") -> dict[str, Any]:
    message: dict[str, Any] = {"content": clip(frame.text), "view": replay_view(frame, language), "ephemeral": True}
    if frame.picture:
        message["attachments"] = [discord.File(io.BytesIO(frame.picture), filename="replay.png")]
    return message


async def show_replay(interaction: discord.Interaction, table: int, move: int | None) -> None:
    replays = _replays(interaction)
    language = language_in(interaction)

    async def deliver(frame: ReplayFrame) -> None:
        message = replay_message(frame, language)
        files = message.pop("attachments", [])
        if files:
            message["file"] = files[0]
        if interaction.response.is_done():
            await interaction.followup.send(**message)
        else:
            await interaction.response.send_message(**message)

    await run(interaction, lambda: replays.frame(table, move, guild_id=interaction.guild_id, language=language),
              deliver, ephemeral=True)


async def show_archive(interaction: discord.Interaction, game: str | None, member: discord.Member | None,
                       page: int) -> None:
    replays = _replays(interaction)

    async def work() -> list[Any]:
        return await replays.archive(guild_id=interaction.guild_id, slug=_slug(game) if game else None,
                                     user_id=member.id if member else None, page=page)

    async def deliver(found: list[Any]) -> None:
        if not found:
            await send_error(interaction, T("No finished games match.") if page == 1
                             else T("There is no page {page}.", page=page))
            return
        language = language_in(interaction)
        guild = interaction.guild_id or "@me"
        heading = say(T("Finished games"), language)
        lines = [say(T("{heading} (page {page}, newest first) — replay with {command}", heading=f"**{heading}**",
                       page=page, command="`/game replay table:<number>`"), language)]
        for row, names, result in found:
            link = f"https://discord.com/channels/{guild}/{row.channel_id}"
            title = say(get_game(row.slug).title, language, (row.slug,))
            lines.append(f"`{row.id}` {title} <t:{int(row.updated_at)}:d> — {', '.join(names)}: "
                         f"{say(result, language, (row.slug,))} — {link}")
        text = clip(discord_commands("\n".join(lines), language))
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    await run(interaction, work, deliver, ephemeral=True)


class Stats(commands.Cog):
    stats = app_commands.Group(name="stats", description="Ratings, profiles and game figures", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        # Replay buttons of any replay ever shown keep working after a restart.
        self.bot.add_dynamic_items(ReplayButton)

    @stats.command(name="leaderboard", description="The best rated players of a game in this server")
    @app_commands.describe(game="Which game", page="Page (25 players each)")
    @app_commands.autocomplete(game=_game_names)
    async def leaderboard(self, interaction: discord.Interaction, game: str,
                          page: app_commands.Range[int, 1, MAX_PAGE] = 1) -> None:
        ratings = tables_of(interaction).ratings

        async def work() -> tuple[str, list[tuple[int, str, float, int, int]], int]:
            slug = _slug(game)
            total, rows = await ratings.leaderboard(interaction.guild_id, slug, page)
            names = await self._names(interaction, [r.user_id for r in rows])
            start = (page - 1) * 25
            return slug, [(start + i + 1, names[r.user_id], r.ordinal, r.games, r.wins) for i, r in enumerate(rows)], total

        async def deliver(found: tuple[str, list[tuple[int, str, float, int, int]], int]) -> None:
            from bot.render.stats import leaderboard_card

            slug, rows, total = found
            language = await channel_language(interaction)  # posted in the channel: its table's language
            title = say(T("{title} — leaderboard", title=say(get_game(slug).title, language, (slug,))), language)
            pages = max(1, (total + 24) // 25)
            if not rows and page > 1:
                await send_error(interaction, Tn("The leaderboard has {n} page.", "The leaderboard has {n} pages.", pages))
                return
            lines = [say(T("{title} (page {page} of {pages}, {total} rated players)", title=f"**{title}**", page=page,
                           pages=pages, total=total), language)]
            lines += [say(T("{place}. {name} — {rating} ({games} games, {wins} wins)", place=place, name=name,
                            rating=f"{rating:.1f}", games=games, wins=wins), language)
                      for place, name, rating, games, wins in rows]
            image = await asyncio.to_thread(_drawn, language, leaderboard_card, title, rows)
            await _send(interaction, clip("\n".join(lines)), _png(image, "leaderboard.png"))

        await run(interaction, work, deliver)

    @stats.command(name="player", description="A player's games, wins, rating and its trend")
    @app_commands.describe(member="Whom (default: you)", game="Only this game")
    @app_commands.autocomplete(game=_game_names)
    async def player(self, interaction: discord.Interaction, member: discord.Member | None = None,
                     game: str | None = None) -> None:
        tables = tables_of(interaction)
        who = member or interaction.user

        async def work() -> tuple[str, dict[str, list[float]]]:
            slug = _slug(game) if game else None
            language = await channel_language(interaction)
            ratings, results = await tables.ratings.player(interaction.guild_id, who.id, slug)
            lines = [f"**{who.display_name}**" + (f" — {say(get_game(slug).title, language, (slug,))}" if slug else "")]
            by_game: dict[str, list[Any]] = {}
            for result in results:
                by_game.setdefault(result.slug, []).append(result)
            for slug_, games in sorted(by_game.items(), key=lambda item: -len(item[1])):
                wins = sum(1 for r in games if r.rank == 1)
                best = min(r.rank for r in games)
                rating = next((r for r in ratings if r.slug == slug_), None)
                shown = (T("rating {rating} (μ {mu}, σ {sigma})", rating=f"{rating.ordinal:.1f}", mu=f"{rating.mu:.1f}",
                           sigma=f"{rating.sigma:.1f}") if rating else T("unrated"))
                lines.append(say(T("{title}: {games} games, {wins} wins, best place {best}; {rating}",
                                   title=say(get_game(slug_).title, language, (slug_,)), games=len(games), wins=wins,
                                   best=best, rating=shown), language))
            if not results:
                lines.append(say(T("No finished games in this server yet."), language))
            current = [s for s in await tables.list_open(guild_id=interaction.guild_id)
                       if who.id in {seat for seat in s.waiting_user_ids} or who.display_name in s.players]
            if current:
                playing = [T("{title} in {channel}", title=say(s.title, language, (s.slug,)),
                             channel=f"<#{s.channel_id}>") for s in current]
                listed = ", ".join(say(text, language) for text in playing)
                lines.append(say(T("Playing now: {tables}", tables=listed), language))
            series: dict[str, list[float]] = {}
            for result in reversed(results):  # oldest first
                if result.mu_after is not None and result.sigma_after is not None:
                    series.setdefault(get_game(result.slug).title, []).append(ordinal(result.mu_after, result.sigma_after))
            return "\n".join(lines), series

        async def deliver(found: tuple[str, dict[str, list[float]]]) -> None:
            from bot.render.stats import rating_chart

            text, series = found
            language = await channel_language(interaction)
            heading = say(T("{name} — rating after each rated game", name=who.display_name), language)
            image = await asyncio.to_thread(_drawn, language, rating_chart, heading, series)
            await _send(interaction, clip(text), _png(image, "rating.png"))

        await run(interaction, work, deliver)

    @stats.command(name="game", description="How a game goes in this server: tables, length, seat win rates")
    @app_commands.autocomplete(game=_game_names)
    async def game_stats(self, interaction: discord.Interaction, game: str) -> None:
        ratings = tables_of(interaction).ratings

        async def work() -> str:
            slug = _slug(game)
            figures = await ratings.game(interaction.guild_id, slug)
            language = await channel_language(interaction)
            lines = [T("{title} in this server: {tables} finished tables",
                       title=f"**{say(get_game(slug).title, language, (slug,))}**", tables=figures.tables)]
            if figures.tables:
                lines.append(T("Average length: {moves} moves, {minutes} min.", moves=f"{figures.mean_actions:.0f}",
                               minutes=f"{figures.mean_seconds / 60:.0f}"))
                lines.append(T("Wins by seat (players at the table: seat 1, seat 2, …):"))
                by_size: dict[int, list[str]] = {}
                for players, seat, games, wins in figures.seat_wins:
                    by_size.setdefault(players, []).append(f"{seat + 1}: {100 * wins / games:.0f}%")
                lines += [T("{players} players — {seats}", players=players, seats=", ".join(parts))
                          for players, parts in sorted(by_size.items())]
            return "\n".join(say(line, language) for line in lines)

        await run(interaction, work, lambda text: _send(interaction, clip(text), None))

    async def _names(self, interaction: discord.Interaction, user_ids: list[int]) -> dict[int, str]:
        """Display names for user ids: the server's members where known, else "Player …"."""
        names = {}
        for user_id in user_ids:
            member = interaction.guild.get_member(user_id) if interaction.guild else None
            if member is None:
                known = await tables_of(interaction).store.latest_name(user_id)
                names[user_id] = known or T("Player {n}", n=user_id)
            else:
                names[user_id] = member.display_name
        return names


async def _send(interaction: discord.Interaction, text: str, file: discord.File | None) -> None:
    message: dict[str, Any] = {"content": text, "allowed_mentions": discord.AllowedMentions.none()}
    if file is not None:
        message["file"] = file
    if interaction.response.is_done():
        await interaction.followup.send(**message)
    else:
        await interaction.response.send_message(**message)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
