"""Fuzzing the session layer: random commands from random people, through the real store.

Each example opens a fresh SQLite store and runs a sequence of commands a hostile or unlucky
user could send: ``/game new`` with any game name and options, joins, leaves, starts, moves
as keys, labels or garbage, ids far beyond 64 bits, outdated revisions, undo requests and
answers to requests that don't exist, history pages, imports of arbitrary bytes, moderator
commands from non-moderators, settings with impossible numbers. Every command must either
succeed or be refused with a :class:`TableError` (a sentence for the player); a refusal must
leave the database exactly as it was. ``make test`` runs :data:`QUICK` examples of
:data:`STEPS` commands; ``make soak`` runs :data:`DEEP` (over 10,000 commands).
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import all_games
from bot.moderation import Moderation
from bot.playbypost import PlayByPost
from bot.store import COPY_ORDER, Store
from bot.tables import TableError, Tables, User

QUICK = int(os.environ.get("SESSION_FUZZ_EXAMPLES", "30"))
DEEP = int(os.environ.get("SESSION_FUZZ_EXAMPLES", "400"))
STEPS = 30

PEOPLE = [User(101, "Ana"), User(102, "Bo"), User(103, "Cy 🐍"), User(104, "<@everyone>"), User(2**63 - 1, "Max")]
CHANNELS = [11, 12, 2**63 - 1]
SLUGS = [game.slug for game in all_games()] + ["", "HISSS", "chess", "x" * 200]
WORDS = st.text(max_size=30) | st.sampled_from(
    ["draw", "pass", "1", "draw:1", "draw:-1", "role:builder", "expire", "🐍", "\ud800", "a" * 300, "0x10", "-0"]
)
BIG = st.integers(min_value=-(2**70), max_value=2**70) | st.integers(min_value=-5, max_value=50)


async def fingerprint(store: Store) -> str:
    """A hash of every row that a refusal must not change (the audit may only grow)."""
    digest = hashlib.sha256()
    for name in COPY_ORDER:
        if name == "audit":
            continue
        rows = sorted(repr(tuple(row)) for row in await store._fetchall(f"SELECT * FROM {name}"))
        digest.update(name.encode() + "\n".join(rows).encode())
    return digest.hexdigest()


def command(tables: Tables, pbp: PlayByPost, mod: Moderation) -> st.SearchStrategy[Callable[[], Awaitable[Any]]]:
    """One random command, ready to await."""
    person, channel, moderator = st.sampled_from(PEOPLE), st.sampled_from(CHANNELS), st.booleans()

    async def play_something(user: User, chan: int, text: str, use_legal: bool, revision: int | None) -> Any:
        move = text
        if use_legal:
            try:
                options = await tables.moves(channel_id=chan, user=user)
            except TableError:
                options = []
            if options:
                move = options[len(text) % len(options)].key
        return await tables.act(user=user, move=move, channel_id=chan, expected_revision=revision)

    return st.one_of(
        st.builds(lambda u, c, s, o: lambda: tables.create(guild_id=1, channel_id=c, host=u, slug=s, options=o),
                  person, channel, st.sampled_from(SLUGS), st.dictionaries(WORDS, WORDS, max_size=3)),
        st.builds(lambda u, c: lambda: tables.join(channel_id=c, user=u), person, channel),
        st.builds(lambda u, c: lambda: tables.leave(channel_id=c, user=u), person, channel),
        st.builds(lambda u, c: lambda: tables.start(channel_id=c, user=u), person, channel),
        st.builds(lambda u, c, m: lambda: tables.add_bot(channel_id=c, user=u, moderator=m), person, channel, moderator),
        st.builds(lambda u, c, t, legal, r: lambda: play_something(u, c, t, legal, r),
                  person, channel, WORDS, st.booleans(), st.none() | BIG),
        st.builds(lambda u, t, k: lambda: tables.act(user=u, move=k, table_id=t), person, BIG, WORDS),
        st.builds(lambda u, c, m: lambda: tables.undo(channel_id=c, user=u, moderator=m), person, channel, moderator),
        st.builds(lambda u, r, a: lambda: tables.answer_request(request_id=r, user=u, approve=a), person, BIG, st.booleans()),
        st.builds(lambda c, p: lambda: tables.history(channel_id=c, page=p), channel, BIG),
        st.builds(lambda c: lambda: tables.status(channel_id=c), channel),
        st.builds(lambda u, c: lambda: tables.private_view(channel_id=c, user=u), person, channel),
        st.builds(lambda u, c, m: lambda: tables.cancel(channel_id=c, user=u, moderator=m), person, channel, moderator),
        st.builds(lambda u, c, m, t: lambda: tables.remove_player(channel_id=c, user=u, target=t, moderator=m),
                  person, channel, moderator, BIG),
        st.builds(lambda u, c, m: lambda: mod.skip(channel_id=c, user=u, moderator=m), person, channel, moderator),
        st.builds(lambda u, c, m, t: lambda: mod.kick(channel_id=c, user=u, moderator=m, target=t),
                  person, channel, moderator, person),
        st.builds(lambda u, c, m, p: lambda: mod.pause(channel_id=c, user=u, moderator=m, paused=p),
                  person, channel, moderator, st.booleans()),
        st.builds(lambda u, c, m, r, t, p: lambda: pbp.set_deadlines(channel_id=c, user=u, moderator=m, reminder_hours=r,
                                                                      timeout_hours=t, policy=p),
                  person, channel, moderator, st.none() | st.floats(allow_nan=True) | BIG,
                  st.none() | st.floats(allow_infinity=True) | BIG, WORDS),
        st.builds(lambda u, d: lambda: pbp.set_away(u, d), person, st.floats(allow_nan=True) | BIG),
        st.builds(lambda u, n: lambda: pbp.set_notify(u, n), person, WORDS),
        st.builds(lambda u, c, m: lambda: pbp.export(channel_id=c, moderator=m), person, channel, moderator),
        st.builds(lambda u, c, m, data: lambda: pbp.import_table(guild_id=1, channel_id=c, user=u, data=data, moderator=m),
                  person, channel, moderator, st.binary(max_size=300) | st.text(max_size=200).map(str.encode)),
    )


def _run(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        async def session() -> None:
            # A real SQLite file; in memory-backed /dev/shm where there is one, since thousands of
            # commits to a disk would make the test slow without testing anything more.
            with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as scratch:
                store = await Store.open(Path(scratch) / "fuzz.sqlite3")
                try:
                    counter = iter(range(1, 10**6))
                    tables = Tables(store, seeds=lambda: next(counter), render=False)
                    pbp = PlayByPost(tables)
                    mod = Moderation(tables, pbp)
                    for step in range(STEPS):
                        call = data.draw(command(tables, pbp, mod), label=f"command {step}")
                        before = await fingerprint(store)
                        try:
                            await call()
                        except TableError:
                            assert await fingerprint(store) == before, f"a refusal changed the database (step {step})"
                finally:
                    await store.close()

        asyncio.run(session())

    fuzz()


def test_random_commands_are_played_or_refused_with_nothing_changed() -> None:
    _run(QUICK)


@pytest.mark.slow
def test_random_commands_deep() -> None:
    _run(DEEP)
