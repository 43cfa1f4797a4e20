"""The session layer: lobby, moves, refusals, restarts, concurrency and failures — on real SQLite."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.engine import Action
from bot.store import Store
from bot.store_backends import IntegrityError
from bot.tables import (
    GameNotRunning,
    IllegalMove,
    LobbyError,
    NoTable,
    NotHost,
    NotSeated,
    NotYourTurn,
    StaleBoard,
    Tables,
    name_seats,
    resolve_move,
)
from tests.conftest import ANA, BO, CY, EVE, FakeClock

CHANNEL = 77


async def _started(tables: Tables, players: int = 2, deck: str = "12") -> int:
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw", options={"deck": deck})
    for user in (BO, CY)[: players - 1]:
        await tables.join(channel_id=CHANNEL, user=user)
    await tables.start(channel_id=CHANNEL, user=ANA)
    return reply.table_id


async def _user_to_move(tables: Tables, table_id: int):
    live = await tables.load(table_id)
    turn = tables.turns(live)[0]
    return {ANA.id: ANA, BO.id: BO, CY.id: CY}[turn.user_id]


async def test_lobby_flow_and_its_refusals(tables: Tables) -> None:
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    assert "Ana opened a table for Toy Draw" in reply.text
    with pytest.raises(LobbyError, match="already has an open table"):
        await tables.create(guild_id=1, channel_id=CHANNEL, host=BO, slug="toy-draw")
    with pytest.raises(LobbyError, match="no game called"):
        await tables.create(guild_id=1, channel_id=CHANNEL + 1, host=BO, slug="chess")
    with pytest.raises(LobbyError, match="one of 6, 12, 30"):
        await tables.create(guild_id=1, channel_id=CHANNEL + 1, host=BO, slug="toy-draw", options={"deck": "2"})
    await tables.join(channel_id=CHANNEL, user=BO)
    with pytest.raises(LobbyError, match="already seated"):
        await tables.join(channel_id=CHANNEL, user=BO)
    with pytest.raises(NotHost, match="Only the host \\(Ana\\)"):
        await tables.start(channel_id=CHANNEL, user=BO)
    with pytest.raises(NotSeated):
        await tables.leave(channel_id=CHANNEL, user=EVE)
    left = await tables.leave(channel_id=CHANNEL, user=BO)
    assert "Bo left" in left.text and "Bo" not in left.text.split("Players")[1]
    with pytest.raises(NoTable):
        await tables.join(channel_id=999, user=BO)


async def test_player_count_is_checked_at_start(tables: Tables) -> None:
    await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    for user in (BO, CY, EVE):
        await tables.join(channel_id=CHANNEL, user=user)
    from bot.tables import User

    with pytest.raises(LobbyError, match="full \\(4 players\\)"):
        await tables.join(channel_id=CHANNEL, user=User(555, "Fay"))


async def test_seat_order_comes_from_the_seed(store: Store, clock: FakeClock) -> None:
    orders = []
    for channel in (1, 2):
        tables = Tables(store, clock=clock, seeds=lambda: 4242, render=False)
        reply = await tables.create(guild_id=1, channel_id=channel, host=ANA, slug="toy-draw")
        await tables.join(channel_id=channel, user=BO)
        await tables.join(channel_id=channel, user=CY)
        await tables.start(channel_id=channel, user=ANA)
        orders.append((await tables.load(reply.table_id)).names)
    assert orders[0] == orders[1]
    assert sorted(orders[0]) == ["Ana", "Bo", "Cy"]


async def test_a_move_is_committed_and_announced(tables: Tables, store: Store) -> None:
    table_id = await _started(tables)
    mover = await _user_to_move(tables, table_id)
    reply = await tables.act(user=mover, move="draw", channel_id=CHANNEL)
    assert reply.position == 1
    assert f"{mover.name} draws a card." in reply.text
    assert "You drew" not in reply.text  # the private line goes only to its owner
    assert reply.private[mover.id].text.startswith("You drew ")
    other = BO if mover is ANA else ANA
    assert reply.mentions == [other.id]
    rows = await store.actions(table_id)
    assert [(r.position, r.action_key, r.user_id) for r in rows] == [(1, "draw", mover.id)]


async def test_refusals_are_specific_and_change_nothing(tables: Tables, store: Store) -> None:
    table_id = await _started(tables)
    mover = await _user_to_move(tables, table_id)
    waiting = BO if mover is ANA else ANA
    before = (await tables.load(table_id)).state_json
    with pytest.raises(NotYourTurn, match=f"waiting for {mover.name}"):
        await tables.act(user=waiting, move="draw", channel_id=CHANNEL)
    with pytest.raises(NotSeated):
        await tables.act(user=EVE, move="draw", channel_id=CHANNEL)
    with pytest.raises(IllegalMove, match="not one of your moves"):
        await tables.act(user=mover, move="steal the deck", channel_id=CHANNEL)
    with pytest.raises(IllegalMove, match="Say which move"):
        await tables.act(user=mover, move="   ", channel_id=CHANNEL)
    live = await tables.load(table_id)
    assert live.state_json == before and live.position == 0
    assert await store.actions(table_id) == []


async def test_stale_button_is_refused(tables: Tables) -> None:
    table_id = await _started(tables)
    mover = await _user_to_move(tables, table_id)
    await tables.act(user=mover, move="draw", table_id=table_id, expected_revision=0)
    second = await _user_to_move(tables, table_id)
    with pytest.raises(StaleBoard, match="out of date") as refused:
        await tables.act(user=second, move="draw", table_id=table_id, expected_revision=0)
    assert refused.value.revision == 1
    reply = await tables.act(user=second, move="draw", table_id=table_id, expected_revision=1)
    assert reply.position == 2


async def test_game_not_running(tables: Tables) -> None:
    await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    with pytest.raises(GameNotRunning, match="not started"):
        await tables.act(user=ANA, move="draw", channel_id=CHANNEL)


async def test_a_new_store_resumes_the_exact_state(db_path: Path, clock: FakeClock) -> None:
    store = await Store.open(db_path)
    tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
    table_id = await _started(tables, players=3)
    for _ in range(7):
        await tables.act(user=await _user_to_move(tables, table_id), move="draw", table_id=table_id)
    before = await tables.load(table_id)
    state, names, position = before.state, before.names, before.position
    await store.close()

    reopened = await Store.open(db_path)  # as after a restart
    fresh = Tables(reopened, clock=clock, render=False)
    after = await fresh.load(table_id)
    assert after.state == state and after.names == names and after.position == position == 7
    reply = await fresh.act(user=await _user_to_move(fresh, table_id), move="draw", table_id=table_id)
    assert reply.position == 8
    await reopened.close()


async def test_concurrent_moves_are_serialised_none_lost_none_doubled(tables: Tables, store: Store) -> None:
    table_id = await _started(tables, players=1, deck="30")
    # Thirty clicks at once, each for the board it was drawn for: exactly one per position wins.
    results = await asyncio.gather(
        *(tables.act(user=ANA, move="draw", table_id=table_id, expected_revision=p) for p in range(30)),
        return_exceptions=True,
    )
    accepted = [r for r in results if not isinstance(r, Exception)]
    assert sorted(r.position for r in accepted) == list(range(1, len(accepted) + 1))
    assert all(isinstance(r, StaleBoard) for r in results if isinstance(r, Exception))
    rows = await store.actions(table_id)
    assert [r.position for r in rows] == list(range(1, len(accepted) + 1))
    # Without positions, every one of N concurrent moves lands exactly once.
    table2 = (await tables.create(guild_id=1, channel_id=CHANNEL + 1, host=ANA, slug="toy-draw",
                                  options={"deck": "30"})).table_id
    await tables.start(channel_id=CHANNEL + 1, user=ANA)
    results = await asyncio.gather(*(tables.act(user=ANA, move="draw", table_id=table2) for _ in range(25)))
    assert sorted(r.position for r in results) == list(range(1, 26))
    live = await tables.load(table2)
    assert live.state is not None and len(live.state["hands"][0]) == 25 and len(live.state["deck"]) == 5


async def test_a_failed_commit_leaves_the_last_committed_state(tables: Tables, store: Store, db_path: Path) -> None:
    table_id = await _started(tables)
    mover = await _user_to_move(tables, table_id)
    await tables.act(user=mover, move="draw", table_id=table_id)
    committed = await tables.load(table_id)
    state_json, position = committed.state_json, committed.position
    with sqlite3.connect(db_path) as raw:  # the disk "fails" between the action row and its snapshot
        raw.execute("CREATE TRIGGER fail BEFORE INSERT ON snapshots BEGIN SELECT RAISE(ABORT, 'disk on fire'); END")
    second = await _user_to_move(tables, table_id)
    with pytest.raises(IntegrityError, match="disk on fire"):
        await tables.act(user=second, move="draw", table_id=table_id)
    live = await tables.load(table_id)
    assert live.state_json == state_json and live.position == position
    assert len(await store.actions(table_id)) == 1  # the action row was rolled back too
    with sqlite3.connect(db_path) as raw:
        raw.execute("DROP TRIGGER fail")
    reply = await tables.act(user=second, move="draw", table_id=table_id)
    assert reply.position == 2
    fresh = await Tables(store, render=False).load(table_id)
    assert fresh.state == (await tables.load(table_id)).state


async def test_game_over_status_and_history(tables: Tables) -> None:
    table_id = await _started(tables, players=2, deck="6")
    reply = None
    while True:
        live = await tables.load(table_id)
        if not tables.turns(live):
            break
        reply = await tables.act(user=await _user_to_move(tables, table_id), move="draw", table_id=table_id)
    assert reply is not None and reply.status == "over" and "Game over" in reply.text
    assert reply.turns == [] and reply.mentions == []
    status = await tables.status(channel_id=CHANNEL)
    assert "over" in status.text and "Game over" in status.text
    history = await tables.history(channel_id=CHANNEL)
    assert history.count("draws a card") == 6 and "You drew" not in history
    with pytest.raises(GameNotRunning, match="over"):
        await tables.act(user=ANA, move="draw", table_id=table_id)
    # The channel is free for a new table.
    await tables.create(guild_id=1, channel_id=CHANNEL, host=BO, slug="toy-draw")


async def test_cancel_needs_host_or_moderator(tables: Tables) -> None:
    await _started(tables)
    with pytest.raises(NotHost):
        await tables.cancel(channel_id=CHANNEL, user=BO)
    reply = await tables.cancel(channel_id=CHANNEL, user=EVE, moderator=True)
    assert reply.status == "cancelled"
    with pytest.raises(NoTable):
        await tables.act(user=ANA, move="draw", channel_id=CHANNEL)


async def test_private_view_shows_only_your_hand(tables: Tables) -> None:
    table_id = await _started(tables)
    mover = await _user_to_move(tables, table_id)
    await tables.act(user=mover, move="draw", table_id=table_id)
    mine = await tables.private_view(channel_id=CHANNEL, user=mover)
    assert f"({mover.name})" in mine.text
    with pytest.raises(NotSeated):
        await tables.private_view(channel_id=CHANNEL, user=EVE)


async def test_list_open_shows_whose_turn(tables: Tables) -> None:
    table_id = await _started(tables)
    mover = await _user_to_move(tables, table_id)
    [summary] = await tables.list_open(guild_id=1)
    assert summary.table_id == table_id and summary.waiting_for == [mover.name]


def test_move_resolution() -> None:
    actions = [
        Action("build:harbor", "Build Harbor (8 doubloons)"),
        Action("build:hacienda", "Build Hacienda (2 doubloons)"),
        Action("pass", "Pass"),
    ]
    assert resolve_move("pass", actions).action.key == "pass"
    assert resolve_move("PASS", actions).action.key == "pass"
    # A partial match is never played at once: one asks for confirmation, several are offered.
    assert (resolve_move("harb", actions).how, resolve_move("harb", actions).action.key) == ("confirm", "build:harbor")
    assert resolve_move("build hac", actions).how == "confirm"
    several = resolve_move("build", actions)
    assert several.how == "several" and len(several.actions) == 2
    with pytest.raises(IllegalMove):
        resolve_move("castle", actions)


def test_seat_names_are_filled_in() -> None:
    assert name_seats("{seat1} beats {seat0}; {seat7}", ["Ana", "Bo"]) == "Bo beats Ana; Player 8"
    assert name_seats("no {marks} {seatx}", ["Ana"]) == "no {marks} {seatx}"



async def test_a_table_started_under_older_rules_is_refused_clearly_not_crashed(tables: Tables, store: Store) -> None:
    table_id = await _started(tables)
    async with store._transaction() as tx:  # as if it began before the game's rules changed (version bump)
        await tx.execute("UPDATE tables SET engine_version = engine_version - 1 WHERE id = ?", (table_id,))
        await tx.execute("UPDATE snapshots SET state = '{\"shape\": \"old\"}' WHERE table_id = ?", (table_id,))
    tables.forget()
    with pytest.raises(GameNotRunning, match="older version of the game's rules"):
        await tables.act(user=ANA, move="draw", table_id=table_id)
    status = await tables.status_of(table_id)
    assert "older version" in status.text and status.turns == []
    assert (await tables.list_open(guild_id=None))[0].waiting_for == []


async def test_a_typed_move_that_is_not_legal_gets_the_games_own_reason(store: Store, clock: FakeClock) -> None:
    tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
    await tables.create(guild_id=1, channel_id=CHANNEL + 9, host=ANA, slug="puerto-rico")
    for person in (BO, CY):
        await tables.join(channel_id=CHANNEL + 9, user=person)
    reply = await tables.start(channel_id=CHANNEL + 9, user=ANA)
    [turn] = reply.turns
    mover = next(p for p in (ANA, BO, CY) if p.id == turn.user_id)
    with pytest.raises(IllegalMove) as refused:
        await tables.act(user=mover, move="build:harbor", channel_id=CHANNEL + 9)
    # Puerto Rico explains (no builder phase now), rather than a generic "not one of your moves".
    assert "not one of your moves" not in str(refused.value) and "/moves" in str(refused.value)


def test_money_games_format_their_scores_as_money() -> None:
    """Final lines read "$1,515,200", not "1515200", in every game whose score is money."""
    from bot.engine import Outcome, get_game
    from bot.tables import describe_outcome

    outcome = Outcome(scores=(881_000, 1_515_200), ranks=(2, 1), reason="The audit decides.")
    for slug in ("construction-game", "bullfrog-goldfield", "1856", "silver-lake"):
        line = describe_outcome(outcome, ["bo", "cy"], get_game(slug).format_score)
        assert "1. cy $1,515,200, 2. bo $881,000" in line, slug
    # points games keep the bare number
    assert "1. cy 1515200" in describe_outcome(outcome, ["bo", "cy"], get_game("puerto-rico").format_score)
    assert get_game("hisss").format_score(2.5) == "2.5"


async def test_the_final_line_of_a_money_game_reads_as_money(tables: Tables) -> None:
    """Through the session layer: the reply for a finished Silver Lake game prints dollars."""
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="silver-lake")
    await tables.join(channel_id=CHANNEL, user=BO)
    await tables.start(channel_id=CHANNEL, user=ANA)
    live = await tables.load(reply.table_id)
    assert live.state is not None
    live.state["seats"][0]["cash"], live.state["seats"][1]["cash"] = 12_345, 1_000
    live.state.update(phase="over", end="The agreed laps are done.")  # a hand-built finished position
    text = (await tables.play_reply(live)).text
    winner = live.names[0]
    assert f"1. {winner} $12,345" in text and "$1,000" in text


async def test_whose_turn_names_a_player_whose_name_is_inside_the_prompt(
    store: Store, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player called "bo" is not named by "Buy the Silverbow charter": the line says "bo: ..."."""
    from bot.engine import Prompt
    from bot.tables import User
    from tests.toygame import ToyDraw

    def charter(self: ToyDraw, state: dict) -> list[Prompt]:
        seat = state["turn"]
        if seat == 0:  # a prompt that does not name its player
            return [Prompt(seat, "Buy the Silverbow charter or pass", (Action("draw", "Buy"), Action("pass", "Pass")))]
        return [Prompt(seat, f"{{seat{seat}}}: draw or pass", (Action("draw", "Draw"),))]

    monkeypatch.setattr(ToyDraw, "legal_prompts", charter)
    bo, ana = User(201, "bo"), User(202, "ana")
    tables = Tables(store, clock=clock, seeds=lambda: 7, render=False)
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=bo, slug="toy-draw")
    await tables.join(channel_id=CHANNEL, user=ana)
    started = await tables.start(channel_id=CHANNEL, user=bo)
    live = await tables.load(reply.table_id)
    assert live.names == ["bo", "ana"]  # seed 7 seats bo first
    assert started.text.splitlines()[-1] == "bo: Buy the Silverbow charter or pass"
    # a prompt that names its own player is used as it is, without the name twice
    moved = await tables.act(user=bo, move="pass", channel_id=CHANNEL)
    assert moved.text.splitlines()[-1] == "ana: draw or pass"


async def test_options_that_cannot_go_together_are_refused_at_new_and_nothing_is_stored(
    tables: Tables, store: Store
) -> None:
    """Schwarzes Gold's wasteland needs board 1926: /game new says so, and no lobby is opened."""
    with pytest.raises(LobbyError, match=r"wasteland needs board 1926.*set board=1926"):
        await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="schwarzes-gold",
                            options={"board": "1901", "wasteland": "on"})
    assert await store.tables(guild_id=1, statuses=("lobby", "playing", "over", "cancelled")) == []
    with pytest.raises(NoTable):
        await tables.table_id_in(CHANNEL)
    with pytest.raises(LobbyError, match="junctions=on changes how trains turn"):
        await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="schwarzes-gold",
                            options={"board": "1926", "junctions": "on"})
    # a combination that fits opens the lobby as before
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="schwarzes-gold",
                                options={"board": "1926", "wasteland": "on"})
    assert "opened a table" in reply.text


async def test_a_move_on_an_evicted_table_costs_six_trips_to_the_database_thread(store: Store, clock: FakeClock) -> None:
    """Handing statements to aiosqlite's thread one by one was what the event loop spent its time
    on under load: a reload is one trip now, a move's writes go in one (plus BEGIN and COMMIT).
    The reply's last moves are read from the log once per loaded table; the next move's reply
    takes them from memory."""
    tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
    table_id = await _started(tables)
    tables.forget()  # evicted: the next use reads it again
    connection = store._db._db  # type: ignore[union-attr]
    trips: list[object] = []
    original = connection._execute

    async def counted(fn: object, *args: object, **kwargs: object) -> object:
        trips.append(fn)
        return await original(fn, *args, **kwargs)

    connection._execute = counted
    try:
        user = await _user_to_move(tables, table_id)  # the reload: row, seats, snapshot, later actions
        assert len(trips) == 1
        reply = await tables.act(user=user, move="draw", table_id=table_id)
    finally:
        connection._execute = original
    assert reply.position == 1
    assert len(trips) == 6  # reload; BEGIN, the move's four writes, COMMIT; the players' settings; the last moves
    assert reply.recent and reply.recent[-1].startswith("1. ")
    trips.clear()
    connection._execute = counted
    try:
        reply = await tables.act(user=await _user_to_move(tables, table_id), move="draw", table_id=table_id)
    finally:
        connection._execute = original
    assert len(trips) == 4  # BEGIN, the writes, COMMIT; the settings: the last moves come from memory
    assert [line.split(".")[0] for line in reply.recent] == ["1", "2"]
