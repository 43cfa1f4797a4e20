"""Ratings, profiles and game statistics: what happens after a game ends.

Every finished game gets a *result* (scores, ranks, length). A result is *rated* when:

- at least two of its seats are people: bot seats are never rated, and a game with bots
  rates the people among themselves (their ranks among each other, ties kept);
- it was played here, not imported — an imported game counts only when a moderator says so
  (``/admin rate``); a cancelled game has no result at all.

Ratings are OpenSkill's Plackett–Luce model (rank-based, any number of seats, ties share),
one rating per player per game per server (guild 0 for games outside a server). The number
shown is the *ordinal* μ − 3σ (0 for a newcomer, rising as the system grows sure of a
player). Results are rated in the order the games finished, so :meth:`Ratings.rebuild`
recomputes exactly the numbers the live updates produced.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce

from bot.engine import get_game
from bot.engine.words import CORE, texts
from bot.store import (
    GameStats,
    PlayerResult,
    RatingRow,
    ResultRow,
    ResultSeatRow,
    Store,
    TableRow,
)

MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
PAGE = 25


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: μ − 3σ, what the system is 99% sure a player is at least worth."""
    return mu - 3 * sigma


@dataclass(frozen=True, slots=True)
class Finished:
    """A result as just recorded, for the end-of-game post."""

    result: ResultRow
    seats: list[ResultSeatRow]


def rate(result: ResultRow, seats: list[ResultSeatRow], current: dict[int, RatingRow],
         now: float) -> tuple[list[ResultSeatRow], list[RatingRow]]:
    """Apply one result to the players' ratings: the seats with before/after, the new rating rows.

    ``current`` holds the players' ratings before this game (missing = a newcomer).
    """
    people = [seat for seat in seats if not seat.is_bot]
    if not result.rated or len(people) < 2:
        return seats, []
    teams = []
    for seat in people:
        mine = current.get(seat.user_id)
        teams.append([MODEL.rating(mu=mine.mu if mine else START_MU, sigma=mine.sigma if mine else START_SIGMA)])
    # Ranks among the people only: a bot that came second does not push a person down.
    ranks = [1 + sum(1 for other in people if other.rank < seat.rank) for seat in people]
    updated = MODEL.rate(teams, ranks=ranks)
    after: dict[int, tuple[float, float, float, float]] = {}
    rows = []
    for seat, team, new in zip(people, teams, updated, strict=True):
        old = current.get(seat.user_id)
        after[seat.seat] = (team[0].mu, team[0].sigma, new[0].mu, new[0].sigma)
        rows.append(RatingRow(
            guild_id=result.guild_id, slug=result.slug, user_id=seat.user_id, mu=new[0].mu, sigma=new[0].sigma,
            ordinal=ordinal(new[0].mu, new[0].sigma), games=(old.games if old else 0) + 1,
            wins=(old.wins if old else 0) + (1 if seat.rank == 1 else 0), updated_at=now,
        ))
    rated_seats = [
        replace(seat, mu_before=after[seat.seat][0], sigma_before=after[seat.seat][1],
                mu_after=after[seat.seat][2], sigma_after=after[seat.seat][3]) if seat.seat in after else seat
        for seat in seats
    ]
    return rated_seats, rows


class Ratings:
    """Records results as games end and answers the ``/stats`` questions."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    async def record_finished(self) -> list[Finished]:
        """Record the result of every finished game that has none yet, oldest first.

        Called after a game's last move and at start (a crash between the last move and its
        result is caught up). A result is recorded once even if several processes race.
        """
        done = []
        for row in await self.store.finished_without_result():
            finished = await self._record(row)
            if finished is not None:
                done.append(finished)
        return done

    async def _record(self, row: TableRow) -> Finished | None:
        loaded = await self.store.load_state(row.id)
        if loaded is None:
            return None
        game = get_game(row.slug)
        state = json.loads(loaded.state_json)
        for action in loaded.later_actions:
            game.apply(state, action.seat, action.action_key, action.at_ms)
        outcome = game.outcome(state)
        if outcome is None:
            return None
        seats = await self.store.seats(row.id)
        audit = await self.store.audit(row.id)
        imported = any(entry.kind == "import" for entry in audit)
        guild = row.guild_id or 0
        result = ResultRow(
            table_id=row.id, guild_id=guild, slug=row.slug, started_at=row.clock_origin or row.created_at,
            finished_at=row.updated_at, actions=row.position, players=len(seats), rated=not imported,
            reason=outcome.reason,
        )
        result_seats = [
            ResultSeatRow(table_id=row.id, seat=seat.seat if seat.seat is not None else index, user_id=seat.user_id,
                          is_bot=seat.is_bot, score=float(outcome.scores[index]), rank=int(outcome.ranks[index]))
            for index, seat in enumerate(seats)
        ]
        current = await self.store.ratings_for(guild, row.slug, [s.user_id for s in result_seats if not s.is_bot])
        result_seats, ratings = rate(result, result_seats, current, self.clock())
        if not await self.store.record_result(result, result_seats, ratings):
            return None
        return Finished(result, result_seats)

    async def rate_imported(self, table_id: int, *, actor_id: int) -> None:
        """A moderator counts an imported game: it is rated, and every rating is recomputed
        (it goes in at the time it finished, so later games' updates change too)."""
        await self.store.set_result_rated(table_id, actor_id=actor_id, now=self.clock())
        await self.rebuild()

    async def rebuild(self) -> int:
        """Recompute every rating from the recorded results, in the order the games finished."""
        current: dict[tuple[int, str, int], RatingRow] = {}
        all_seats: list[ResultSeatRow] = []
        for result, seats in await self.store.results_in_order():
            mine = {uid: current[(result.guild_id, result.slug, uid)] for uid in {s.user_id for s in seats}
                    if (result.guild_id, result.slug, uid) in current}
            cleared = [replace(s, mu_before=None, sigma_before=None, mu_after=None, sigma_after=None) for s in seats]
            rated_seats, ratings = rate(result, cleared, mine, result.finished_at)
            all_seats += rated_seats
            for rating in ratings:
                current[(rating.guild_id, rating.slug, rating.user_id)] = rating
        await self.store.rewrite_ratings(all_seats, list(current.values()))
        return len(current)

    # -- questions --------------------------------------------------------------------------------

    async def leaderboard(self, guild_id: int | None, slug: str, page: int = 1) -> tuple[int, list[RatingRow]]:
        total, rows = await self.store.leaderboard(guild_id or 0, slug, offset=(page - 1) * PAGE, limit=PAGE)
        return total, rows

    async def player(self, guild_id: int | None, user_id: int, slug: str | None = None) -> tuple[list[RatingRow], list[PlayerResult]]:
        ratings = await self.store.player_ratings(guild_id or 0, user_id)
        if slug is not None:
            ratings = [r for r in ratings if r.slug == slug]
        return ratings, await self.store.player_results(guild_id or 0, user_id, slug=slug, limit=200)

    async def game(self, guild_id: int | None, slug: str) -> GameStats:
        return await self.store.game_stats(guild_id or 0, slug)


T, _, _ = texts(CORE)


def _duration(seconds: float) -> str:
    minutes = int(seconds // 60)
    if minutes < 1:
        return T("{n} s", n=int(seconds))
    if minutes < 120:
        return T("{n} min", n=minutes)
    hours, minutes = divmod(minutes, 60)
    return T("{hours} h {minutes} min", hours=hours, minutes=minutes) if hours < 48 else T("{n} days", n=hours // 24)


def describe_result(finished: Finished, names: list[str]) -> str:
    """The end-of-game line: the game's length, and each rated player's rating before → after
    (a :class:`~bot.engine.words.Text`: said in the table's language by the session layer)."""
    result = finished.result
    length = T("{moves} moves in {time}.", moves=result.actions, time=_duration(result.finished_at - result.started_at))
    changes = [
        f"{names[s.seat] if 0 <= s.seat < len(names) else 'Player'} {ordinal(s.mu_before, s.sigma_before):.1f} → "
        f"{ordinal(s.mu_after, s.sigma_after):.1f}"
        for s in finished.seats
        if s.mu_before is not None and s.sigma_before is not None and s.mu_after is not None and s.sigma_after is not None
    ]
    if changes:
        return T("{length} Ratings: {changes}.", length=length, changes=", ".join(changes))
    if not result.rated:
        return T("{length} Not rated (imported).", length=length)
    return T("{length} Not rated (fewer than two people).", length=length)


async def rebuild_command(location: str, out: Callable[[str], None] = print) -> int:
    """``python -m bot ratings --rebuild``: record missing results, then recompute every rating."""
    from bot.games import load_all

    load_all()
    store = await Store.open(location)
    try:
        ratings = Ratings(store)
        caught_up = await ratings.record_finished()
        players = await ratings.rebuild()
        out(f"recorded {len(caught_up)} missing results; recomputed {players} ratings from "
            f"{len(await store.results_in_order())} finished games")
    finally:
        await store.close()
    return 0
