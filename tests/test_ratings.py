"""Ratings, profiles, the archive and replays: the rules of rating and what players see after a game."""

from __future__ import annotations

import io
import json
import random

import pytest
from PIL import Image

from bot.moderation import Moderation
from bot.playbypost import PlayByPost
from bot.ratings import START_MU, START_SIGMA, Ratings, ordinal, rate
from bot.replays import Replays
from bot.selfplay import SimulatedClock, play_one
from bot.store import ResultRow, ResultSeatRow, Store
from bot.tables import NotModerator, TableError, Tables, User
from tests.conftest import ANA, BO, CY, FakeClock

MOD = User(700, "Mod")


def _result(rated: bool = True, players: int = 3) -> ResultRow:
    return ResultRow(table_id=1, guild_id=9, slug="toy-draw", started_at=0.0, finished_at=10.0, actions=5,
                     players=players, rated=rated, reason="")


def _seat(seat: int, user: int, rank: int, bot: bool = False) -> ResultSeatRow:
    return ResultSeatRow(table_id=1, seat=seat, user_id=user, is_bot=bot, score=float(10 - rank), rank=rank)


def test_the_winner_gains_and_the_loser_drops() -> None:
    seats, rows = rate(_result(), [_seat(0, 1, 1), _seat(1, 2, 2), _seat(2, 3, 3)], {}, 11.0)
    after = {row.user_id: row for row in rows}
    assert after[1].mu > START_MU > after[3].mu and after[1].ordinal > after[2].ordinal > after[3].ordinal
    assert all(row.games == 1 for row in rows) and after[1].wins == 1 and after[2].wins == 0
    assert seats[0].mu_before == START_MU and seats[0].sigma_before == START_SIGMA and seats[0].mu_after == after[1].mu


def test_ties_share_a_rating_change() -> None:
    _, rows = rate(_result(), [_seat(0, 1, 1), _seat(1, 2, 1), _seat(2, 3, 3)], {}, 11.0)
    after = {row.user_id: row for row in rows}
    assert after[1].mu == pytest.approx(after[2].mu) and after[1].wins == after[2].wins == 1


def test_bots_are_not_rated_and_people_are_ranked_among_themselves() -> None:
    # A bot won; the two people came 2nd and 3rd: rated as 1st and 2nd of a two-person game.
    seats, rows = rate(_result(), [_seat(0, 1, 2), _seat(1, -5, 1, bot=True), _seat(2, 3, 3)], {}, 11.0)
    assert {row.user_id for row in rows} == {1, 3}
    _, alone = rate(_result(players=2), [_seat(0, 1, 2), _seat(1, 3, 3)], {}, 11.0)
    assert [(r.user_id, r.mu) for r in sorted(rows, key=lambda r: r.user_id)] == [
        (r.user_id, r.mu) for r in sorted(alone, key=lambda r: r.user_id)]
    assert seats[1].mu_after is None  # the bot's seat carries no rating
    one_person, none = rate(_result(), [_seat(0, 1, 1), _seat(1, -5, 2, bot=True)], {}, 11.0)
    assert none == [] and one_person[0].mu_after is None


def test_an_unrated_result_changes_nothing() -> None:
    _, rows = rate(_result(rated=False), [_seat(0, 1, 1), _seat(1, 2, 2)], {}, 11.0)
    assert rows == []


async def _play_toy(tables: Tables, channel: int, people: list[User], seed: int) -> int:
    reply = await tables.create(guild_id=9, channel_id=channel, host=people[0], slug="toy-draw")
    for person in people[1:]:
        await tables.join(channel_id=channel, user=person)
    reply = await tables.start(channel_id=channel, user=people[0])
    chooser = random.Random(seed)
    by_id = {p.id: p for p in people}
    while reply.turns:
        turn = chooser.choice(reply.turns)
        reply = await tables.act(user=by_id[turn.user_id], move=chooser.choice(turn.actions).key, table_id=reply.table_id)
    assert reply.ended and "moves in" in reply.text and "Ratings:" in reply.text
    return reply.table_id


async def test_finished_games_are_rated_once_and_a_rebuild_gives_the_same_numbers(store: Store, clock: FakeClock) -> None:
    tables = Tables(store, clock=clock, seeds=iter(range(10, 100)).__next__, render=False)
    for n in range(6):
        clock.advance(60)
        await _play_toy(tables, 40 + n, [ANA, BO, CY] if n % 2 else [BO, CY], seed=n)
    total, board = await tables.ratings.leaderboard(9, "toy-draw")
    assert total == 3 and sum(r.games for r in board) == 3 * 3 + 3 * 2
    assert [r.ordinal for r in board] == sorted((r.ordinal for r in board), reverse=True)
    assert await tables.ratings.record_finished() == []  # nothing left to record
    before = {(r.user_id, round(r.mu, 9), round(r.sigma, 9), r.games, r.wins) for r in board}
    assert await Ratings(store).rebuild() == 3
    _, rebuilt = await tables.ratings.leaderboard(9, "toy-draw")
    assert {(r.user_id, round(r.mu, 9), round(r.sigma, 9), r.games, r.wins) for r in rebuilt} == before
    ratings, results = await tables.ratings.player(9, ANA.id)
    assert len(results) == 3 and ratings[0].games == 3
    assert results[0].mu_after is not None and ordinal(results[0].mu_after, results[0].sigma_after or 0) == pytest.approx(
        ratings[0].ordinal)
    stats = await tables.ratings.game(9, "toy-draw")
    assert stats.tables == 6 and stats.mean_actions > 0
    assert sum(games for players, _, games, _ in stats.seat_wins if players == 2) == 3 * 2


async def test_a_result_missed_in_a_crash_is_caught_up(store: Store, clock: FakeClock) -> None:
    tables = Tables(store, clock=clock, seeds=iter(range(10, 100)).__next__, render=False)
    table_id = await _play_toy(tables, 50, [ANA, BO], seed=1)
    async with store._transaction() as tx:  # as if the process died between the last move and its result
        await tx.execute("DELETE FROM result_seats")
        await tx.execute("DELETE FROM results")
        await tx.execute("DELETE FROM ratings")
    [caught] = await Ratings(store).record_finished()
    assert caught.result.table_id == table_id and caught.result.rated


async def test_imports_are_unrated_until_a_moderator_rates_them(store: Store, clock: FakeClock) -> None:
    tables = Tables(store, clock=clock, seeds=iter(range(10, 100)).__next__, render=False)
    pbp = PlayByPost(tables)
    mod = Moderation(tables, pbp)
    table_id = await _play_toy(tables, 60, [ANA, BO], seed=3)
    _, data = await pbp.export(channel_id=60, moderator=False)
    record = json.loads(data)
    await pbp.import_table(guild_id=9, channel_id=61, user=ANA, data=json.dumps(record).encode())
    [imported] = [row for row in await store.archive(9) if row.id != table_id]
    seats = await store.result_seats(imported.id)
    assert seats and all(s.mu_after is None for s in seats)
    with pytest.raises(NotModerator):
        await mod.rate(table_id=imported.id, guild_id=9, user=ANA, moderator=False)
    await mod.rate(table_id=imported.id, guild_id=9, user=MOD, moderator=True)
    assert all(s.mu_after is not None for s in await store.result_seats(imported.id))
    _, board = await tables.ratings.leaderboard(9, "toy-draw")
    assert {r.games for r in board} == {2}
    with pytest.raises(TableError, match="already rated"):
        await mod.rate(table_id=imported.id, guild_id=9, user=MOD, moderator=True)


async def test_forget_me_removes_ratings_and_anonymises_results(store: Store, clock: FakeClock) -> None:
    tables = Tables(store, clock=clock, seeds=iter(range(10, 100)).__next__, render=False)
    table_id = await _play_toy(tables, 70, [ANA, BO], seed=4)
    await PlayByPost(tables).forget_me(ANA)
    ratings, results = await tables.ratings.player(9, ANA.id)
    assert ratings == [] and results == []
    seats = await store.result_seats(table_id)
    assert any(s.user_id < 0 for s in seats) and BO.id in {s.user_id for s in seats}


async def test_replay_steps_through_a_finished_game_from_snapshots(store: Store) -> None:
    clock = SimulatedClock()
    # The game is played without drawing every move (only the replay's pictures are tested).
    playing = Tables(store, clock=clock, seeds=iter(range(5, 50)).__next__, render=False)
    table_id, _, actions = await play_one(playing, slug="hisss", players=3, options={}, channel_id=80,
                                          chooser=random.Random(2), clock=clock)
    tables = Tables(store, clock=clock, render=True)
    replays = Replays(tables)
    end = await replays.frame(table_id)
    assert end.move == actions == end.total and end.picture is not None
    assert Image.open(io.BytesIO(end.picture)).format == "PNG"
    start = await replays.frame(table_id, 0)
    assert "The start." in start.text
    live = await tables.load(table_id)
    row = await store.table(table_id)
    assert row is not None
    # A replayed position equals the state the game really had (the log replayed from the start).
    middle, _ = await replays.state_at(row, live.game, actions)
    assert middle == live.state
    with pytest.raises(TableError, match="there is no move"):
        await replays.frame(table_id, actions + 1)
    gif = await replays.gif(table_id, frames=12)
    assert gif is not None
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF" and image.n_frames >= 10 and len(gif) < 8 * 1024 * 1024
    archive = await replays.archive(guild_id=None)
    assert archive[0][0].id == table_id and "won by" in archive[0][2]


async def test_running_games_are_not_replayed(tables: Tables) -> None:
    reply = await tables.create(guild_id=9, channel_id=90, host=ANA, slug="toy-draw")
    await tables.join(channel_id=90, user=BO)
    await tables.start(channel_id=90, user=ANA)
    with pytest.raises(TableError, match="only finished games"):
        await Replays(tables).frame(reply.table_id)
