"""Finished games kept in view: the archive, a replay to step through, and the game as a GIF.

A replay shows the *public* board after any move — drawn from ``view(state, None)`` like
every public picture, so hidden cards stay hidden; what a game reveals at its end is shown
at the end. A position is rebuilt from the nearest snapshot at or before it (the store keeps
one every 25 moves) plus at most 24 moves replayed through the rules, so a step costs the
same early or late in a long game. Only finished games are replayed: a running game's
history would tell its players nothing new, but its seed-driven future must stay unseen.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from bot.engine import Game, get_game
from bot.engine.words import CORE, texts
from bot.i18n import say, speaking
from bot.reply_text import event_text
from bot.store import TableRow
from bot.tables import NoTable, TableError, Tables, name_seats, replay_action

T, Tn, Tp = texts(CORE)

GIF_FRAMES = 80
"""At most this many frames: a long game is sampled evenly (the last position always shown)."""


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    table_id: int
    move: int
    """Moves played at this frame (0 = the start)."""
    total: int
    text: str
    picture: bytes | None


class Replays:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store

    async def archive(self, *, guild_id: int | None, slug: str | None = None, user_id: int | None = None,
                      page: int = 1, per_page: int = 10) -> list[tuple[TableRow, list[str], str]]:
        """Finished games here, newest first: (table, player names, result line)."""
        if page < 1:
            raise TableError(T("Pages start at 1."))
        if slug is not None:
            try:
                slug = get_game(slug).slug
            except KeyError as error:
                raise TableError(str(error)) from None
        rows = await self.store.archive(guild_id, slug=slug, user_id=user_id, offset=(page - 1) * per_page,
                                        limit=per_page)
        found = []
        for row in rows:
            names = [seat.name for seat in await self.store.seats(row.id)]
            seats = await self.store.result_seats(row.id)
            winners = [names[s.seat] for s in seats if s.rank == 1 and 0 <= s.seat < len(names)]
            won: str = winners[0] if winners else ""
            for winner in winners[1:]:
                won = T("{items} and {last}", items=won, last=winner)
            line = (T("{n} moves, won by {names}", n=row.position, names=won) if winners
                    else T("{n} moves", n=row.position))
            found.append((row, names, line))
        return found

    async def _finished(self, table_id: int) -> TableRow:
        row = await self.store.table(table_id)
        if row is None:
            raise NoTable(T("There is no table {table}.", table=table_id))
        if row.status != "over":
            status = {"lobby": T("lobby"), "playing": T("playing"), "cancelled": T("cancelled")}.get(row.status,
                                                                                                  row.status)
            raise TableError(T("Table {table} is {status}: only finished games can be replayed.", table=table_id,
                               status=status))
        game = get_game(row.slug)
        if row.engine_version != game.version:
            raise TableError(T("Table {table} was played under an older version of {title}'s rules "
                               "and cannot be replayed with today's.", table=table_id, title=game.title))
        return row

    async def state_at(self, row: TableRow, game: Game, move: int, language: str = "en"
                       ) -> tuple[dict[str, Any], list[str]]:
        """The state after ``move`` moves and the public log lines of that move (in ``language``)."""
        snapshot = await self.store.nearest_snapshot(row.id, move)
        if snapshot is None:
            raise TableError(T("Table {table} has no saved position before move {move}.", table=row.id, move=move))
        position, state_json = snapshot
        state = json.loads(state_json)
        actions = await self.store.actions(row.id, after=position, limit=move - position)
        for action in actions:
            replay_action(game, state, action.seat, action.action_key, action.at_ms)
        lines: list[str] = []
        if move > 0:
            [last] = await self.store.actions(row.id, after=move - 1, limit=1)
            lines = [event_text(e, language) for e in last.events if e.get("visible_to") is None and e.get("text")]
        return state, lines

    async def frame(self, table_id: int, move: int | None = None, *, guild_id: int | None = None,
                    language: str | None = None) -> ReplayFrame:
        """The board after ``move`` moves (default: the end) of a finished game in this server, in
        ``language`` (default: the table's)."""
        row = await self._finished(table_id)
        if guild_id is not None and row.guild_id is not None and row.guild_id != guild_id:
            raise NoTable(T("There is no table {table} in this server.", table=table_id))
        total = row.position
        move = total if move is None else move
        if not 0 <= move <= total:
            raise TableError(T("Table {table} has moves 0–{total}; there is no move {move}.", table=table_id,
                               total=total, move=move))
        language = language or row.language
        game = get_game(row.slug)
        state, lines = await self.state_at(row, game, move, language)
        names = [seat.name for seat in await self.store.seats(row.id)]
        view = game.view(state, None)
        view["names"] = names
        picture = None
        if self.tables.render and game.render_module:
            from bot.render import board_png

            picture = await asyncio.to_thread(_spoken, language, game.slug, board_png, game, view)
        head = say(T("Replay of table {table} ({title}) — move {move} of {total}", table=table_id, title=game.title,
                     move=move, total=total), language, (game.slug,))
        body = ("\n".join(name_seats(line, names) for line in lines) if lines
                else say(T("The start."), language) if move == 0 else "")
        return ReplayFrame(table_id, move, total, f"{head}\n{body}".strip(), picture)

    async def gif(self, table_id: int, frames: int = GIF_FRAMES) -> bytes | None:
        """An animated GIF of a finished game (None when the game has no pictures)."""
        row = await self._finished(table_id)
        game = get_game(row.slug)
        if not game.render_module:
            return None
        start = await self.store.nearest_snapshot(row.id, 0)
        if start is None:
            return None
        actions = await self.store.actions(row.id)
        names = [seat.name for seat in await self.store.seats(row.id)]
        total = len(actions)
        wanted = sorted({round(i * total / max(1, frames - 1)) for i in range(frames)} | {total})
        return await asyncio.to_thread(_spoken, row.language, game.slug, _draw_gif, game, start[1], actions, names,
                                       set(wanted))


def _spoken(language: str, slug: str, draw: Any, *args: Any) -> Any:
    """``draw(*args)`` with the pictures' words said in ``language`` (run in a worker thread)."""
    with speaking(language, slug):
        return draw(*args)


def _draw_gif(game: Game, start_json: str, actions: list[Any], names: list[str], wanted: set[int]) -> bytes:
    """Replay from the start, drawing the public board at each wanted position (in a worker thread)."""
    from PIL import Image

    from bot.render import board_image
    from bot.render.gif import animate

    state = json.loads(start_json)

    def picture() -> Image.Image:
        view = game.view(state, None)
        view["names"] = names
        return board_image(game, view)

    frames = [picture()] if 0 in wanted else []
    for position, action in enumerate(actions, start=1):
        replay_action(game, state, action.seat, action.action_key, action.at_ms)
        if position in wanted:
            frames.append(picture())
    return animate(frames)

