"""What a reply gives a front end for its table message: the card, the turn line, the last
moves, the standings as text, and the full board on demand — all from the public view."""

from __future__ import annotations

import importlib

import pytest

from bot.engine import get_game
from bot.games import load_all
from bot.render import board_png, card_png
from bot.reply_text import RECENT_MOVES, log_line, standings_lines
from bot.store import Store
from bot.tables import GameNotRunning, TableError, Tables
from tests.conftest import ANA, BO, FakeClock

CHANNEL = 77


@pytest.fixture
async def drawing(store: Store, clock: FakeClock) -> Tables:
    """A session layer that draws its pictures (in this process: :class:`LocalWorkers`)."""
    load_all()
    return Tables(store, clock=clock, seeds=lambda: 4242)


async def _hisss(tables: Tables) -> int:
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="hisss", options={})
    await tables.join(channel_id=CHANNEL, user=BO)
    await tables.start(channel_id=CHANNEL, user=ANA)
    return reply.table_id


async def test_a_move_reply_carries_the_card_its_turn_line_and_the_standings_it_prints(
    drawing: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game("hisss")
    module = importlib.import_module(game.render_module)
    # The standings come from the render module's card_standings(view), whatever the game is.
    monkeypatch.setattr(module, "card_standings", lambda view: [f"{len(n)} pts" for n in view["names"]], raising=False)
    table_id = await _hisss(drawing)
    for _ in range(RECENT_MOVES + 2):
        live = await drawing.load(table_id)
        [turn] = drawing.turns(live)
        reply = await drawing.act(user=ANA if turn.user_id == ANA.id else BO, move=turn.actions[0].key,
                                  table_id=table_id)
    live = await drawing.load(table_id)
    view = drawing.public_view(live)
    assert reply.picture == card_png(game, view)  # the card of the public view, not the board
    assert reply.title == "HISSS" and reply.text.splitlines()[-1] == reply.turn_line != ""
    assert reply.said and all(line in reply.text for line in reply.said)
    assert reply.standings == [f"{name} — {len(name)} pts" for name in live.names]
    # The last moves, oldest first, as /game history words them.
    rows = await drawing.store.actions(table_id, after=live.position - RECENT_MOVES, limit=RECENT_MOVES)
    assert reply.recent == [log_line(r.position, r.seat, r.action_key, r.events, live.names) for r in rows]
    assert [int(line.split(".")[0]) for line in reply.recent] == list(range(live.position - RECENT_MOVES + 1,
                                                                           live.position + 1))
    # /board reports no move of its own: no events, the same last moves, read afresh after a reload.
    drawing.forget()
    again = await drawing.board(channel_id=CHANNEL)
    assert again.said == [] and again.recent == reply.recent and again.picture == reply.picture


async def test_full_board_is_the_detailed_picture_of_the_public_view(drawing: Tables) -> None:
    game = get_game("hisss")
    await drawing.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="hisss", options={})
    with pytest.raises(GameNotRunning, match="not started"):
        await drawing.full_board(channel_id=CHANNEL)
    await drawing.join(channel_id=CHANNEL, user=BO)
    await drawing.start(channel_id=CHANNEL, user=ANA)
    table_id = await drawing.table_id_in(CHANNEL)
    live = await drawing.load(table_id)
    full = await drawing.full_board(table_id=table_id, channel_id=CHANNEL)
    assert full == board_png(game, drawing.public_view(live)) == await drawing.full_board(channel_id=CHANNEL)
    with pytest.raises(TableError, match="another channel"):
        await drawing.full_board(table_id=table_id, channel_id=CHANNEL + 1)


def test_standings_are_left_out_when_they_do_not_match_the_seats() -> None:
    assert standings_lines(["Ana", "Bo"], ["12", "9"]) == ["Ana — 12", "Bo — 9"]
    assert standings_lines(["Ana", "Bo"], ["12"]) == []
