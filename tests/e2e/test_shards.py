"""Two bot processes, one shard each, against the fake Discord and one PostgreSQL database.

The world has two guilds on different shards of 2: "Game Night" (shard 0) and "Board Club"
(shard 1). ``python -m bot run`` with ``SHARD_COUNT=2`` and ``SHARD_IDS=0`` / ``SHARD_IDS=1``
each get their own guild only; games are played in both; deadlines fire once, from the
process that owns the table; a process that is down loses nothing: its tables wait for it
(the other process does not touch them) and continue when it is back.

Time is the bots' clock file (GAMEMASTER_CLOCK_FILE); every wait is for an event, bounded.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import serve
from tests.fakediscord import BotProcess, FakeDiscord, default_world
from tests.fakediscord.models import PATIENCE, Message
from tests.pgserver import PostgresServer

pytestmark = pytest.mark.e2e

EPHEMERAL = 64
T0 = 1_800_000_000.0
HOUR = 3600.0
COMMANDS = ["game", "play", "admin", "settings"]


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """The fake Discord with two guilds, recommending 2 shards (overrides the e2e fixture, so
    ``bot_processes`` stops the bots before this fake)."""
    async for fake in serve(FakeDiscord(default_world(guilds=2), shard_count=2)):
        yield fake


def public(result: Any) -> Message:
    messages = [m for m in result.messages if not m.flags & EPHEMERAL]
    assert messages, [m.text for m in result.messages]
    return messages[0]


def name_of(fake: FakeDiscord, user_id: int) -> str:
    return next(u.username for u in fake.world.all_users() if u.id == user_id)


async def move(fake: FakeDiscord, board: Message) -> Message:
    """The player pinged on ``board`` picks the first option of its first component."""
    [mover] = board.mentioned_user_ids
    component = board.interactive_components()[0]
    if component.get("type") == 2:
        result = await fake.click(name_of(fake, mover), board, component["custom_id"])
    else:
        result = await fake.select(name_of(fake, mover), board, component["custom_id"],
                                   [component["options"][0]["value"]])
    return public(result)


def texts(fake: FakeDiscord, channel: Any, word: str) -> list[Message]:
    return [m for m in fake.messages_in(channel) if word in m.text]


async def test_two_shard_processes_share_one_postgres(
    fake_discord: FakeDiscord, bot_processes: Any, postgres_server: PostgresServer, tmp_path: Path
) -> None:
    fake = fake_discord
    night, club = fake.guilds
    assert (fake.shard_of(night, 2), fake.shard_of(club, 2)) == (0, 1)
    games, club_games = fake.channel("games"), fake.channel("club-games")
    clock = tmp_path / "clock"
    clock.write_text(repr(T0))
    env = fake.env(
        DEV_GUILD_ID="",  # global commands: they exist in both guilds
        GAMEMASTER_DB=postgres_server.new_database(),
        GAMEMASTER_SEED="777",
        GAMEMASTER_CLOCK_FILE=str(clock),
        GAMEMASTER_TICK="0.1",
        SHARD_COUNT="2",
    )
    procs: list[BotProcess] = [bot_processes([sys.executable, "-m", "bot", "run"]) for _ in (0, 1)]
    # One after the other: two processes creating the schema of an empty database at the same
    # instant can collide in PostgreSQL (CREATE TABLE IF NOT EXISTS is not race-free).
    procs[0].start({**env, "SHARD_IDS": "0"})
    first = await fake.wait_ready(shard=0)
    procs[1].start({**env, "SHARD_IDS": "1"})
    second = await fake.wait_ready(shard=1)
    await fake.wait_commands(COMMANDS)
    # Each process identified as its shard and was told only of its own guild.
    assert sorted(tuple(i.shard or ()) for i in fake.identifies) == [(0, 2), (1, 2)]
    assert (first.guild_ids, second.guild_ids) == ([night.id], [club.id])
    # Only the process with shard 0 registers the (global) commands.
    assert [scope for scope, _ in fake.command_syncs] == [None]

    # A game in each guild, each answered by the session of its guild's shard.
    boards = {}
    for channel, session in ((games, first), (club_games, second)):
        await fake.slash("alice", channel, "game new", options={"game": "hisss"})
        joined = await fake.slash("bob", channel, "game join")
        assert joined.session == session.number
        board = public(await fake.slash("alice", channel, "game start"))
        for _ in range(3):
            board = await move(fake, board)
        set_ = await fake.slash("alice", channel, "game deadline",
                                options={"reminder_hours": 1.0, "timeout_hours": 3.0, "policy": "auto"})
        assert "reminder after 1 h" in public(set_).text
        boards[channel.id] = board
    listed = await fake.slash("alice", club_games, "game list")
    assert "HISSS" in listed.text.upper() and listed.session == second.number

    # A reminder in each channel, once.
    mark = fake.mark()
    clock.write_text(repr(T0 + 1.5 * HOUR))
    for channel in (games, club_games):
        reminder = await fake.wait_message(channel, lambda m: "Reminder" in m.text, since=mark)
        assert reminder.pinged_user_ids == boards[channel.id].mentioned_user_ids

    # Shard 1's process goes down; its table's timeout falls due meanwhile. Shard 0's process
    # times out its own table and leaves the other alone.
    await procs[1].stop()
    mark = fake.mark()
    clock.write_text(repr(T0 + 10 * HOUR))
    timed_out_here = await fake.wait_message(games, lambda m: "ran out of time" in m.text, since=mark)
    await fake.settle(quiet=0.5)  # several scheduler ticks (0.1 s) of shard 0's process
    assert texts(fake, club_games, "ran out of time") == []

    # Back up: the process catches up on its table, once, and the game goes on.
    procs[1].start()
    await fake.wait_ready(shard=1, min_sessions=2)
    timed_out = await fake.wait_message(club_games, lambda m: "ran out of time" in m.text, since=mark)
    assert "the bot plays for them" in timed_out.text and timed_out.attachments
    # Three moves, then the timed-out seat's whole decision: one move, or a draw and its
    # placing (", then").
    played = 3 + 1 + timed_out.text.count(", then ")
    status = public(await fake.slash("bob", club_games, "game status"))
    assert f"move {played}," in status.text
    await move(fake, timed_out)  # whoever must act next plays on
    status = public(await fake.slash("bob", club_games, "game status"))
    assert f"move {played + 1}," in status.text
    status = public(await fake.slash("alice", games, "game status"))
    assert f"move {3 + 1 + timed_out_here.text.count(', then ')}," in status.text

    await fake.settle(quiet=0.5)
    for channel in (games, club_games):
        assert len(texts(fake, channel, "Reminder")) == 1
        assert len(texts(fake, channel, "ran out of time")) == 1
    assert fake.errors == []
    for proc in procs:
        proc.assert_clean()


# -- the fake Discord's shards, seen from a bare gateway client ----------------------------------


class Gateway:
    """A bare gateway client (plain text frames): enough to see what the fake sends a shard."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    @classmethod
    async def identify(cls, session: Any, fake: FakeDiscord, shard: list[int] | None) -> Gateway:
        ws = await session.ws_connect(fake.gateway_url + "?v=10&encoding=json")
        gateway = cls(ws)
        assert (await gateway.receive())["op"] == 10  # HELLO
        intents = 1 | 1 << 9 | 1 << 12  # guilds, guild messages, direct messages
        data: dict[str, Any] = {"token": fake.token, "intents": intents, "properties": {}}
        if shard is not None:
            data["shard"] = shard
        await ws.send_json({"op": 2, "d": data})
        return gateway

    async def receive(self) -> dict[str, Any]:
        msg = await self.ws.receive(timeout=PATIENCE)
        if msg.type.name != "TEXT":
            return {"closed": self.ws.close_code}
        return msg.json()

    async def events(self, count: int) -> list[tuple[str, dict[str, Any]]]:
        out = []
        for _ in range(count):
            payload = await self.receive()
            assert payload.get("op") == 0, payload
            out.append((payload["t"], payload["d"]))
        return out


async def test_the_fake_gives_each_shard_its_own_guilds_and_events(fake_discord: FakeDiscord) -> None:
    import aiohttp

    fake = fake_discord
    night, club = fake.guilds
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fake.api_url}/gateway/bot", headers={"Authorization": "Bot fake"}) as response:
            assert (await response.json())["shards"] == 2
        zero = await Gateway.identify(http, fake, [0, 2])
        (ready0, data0), (create0, guild0) = await zero.events(2)
        one = await Gateway.identify(http, fake, [1, 2])
        (ready1, data1), (create1, guild1) = await one.events(2)
        assert (ready0, create0, ready1, create1) == ("READY", "GUILD_CREATE", "READY", "GUILD_CREATE")
        assert [g["id"] for g in data0["guilds"]] == [str(night.id)] and data0["shard"] == [0, 2]
        assert [g["id"] for g in data1["guilds"]] == [str(club.id)] and data1["shard"] == [1, 2]
        assert (guild0["name"], guild1["name"]) == ("Game Night", "Board Club")
        assert {c["name"] for c in guild1["channels"]} == {"Board Club Tables", "club-general", "club-games"}
        assert all(c["guild_id"] == str(club.id) for c in guild1["channels"])
        await fake.wait_ready(shard=0)
        await fake.wait_ready(shard=1)

        # A message in each guild reaches the session of its shard; a DM goes to shard 0.
        await fake.user_message("alice", "club-games", f"hello {fake.bot_user.mention}")
        [(event, message)] = await one.events(1)
        assert event == "MESSAGE_CREATE" and message["guild_id"] == str(club.id)
        assert message["member"]["roles"] == []  # alice holds no role in the club
        await fake.user_message("mod", "games", f"hi {fake.bot_user.mention}")
        [(event, message)] = await zero.events(1)
        assert message["guild_id"] == str(night.id)
        assert message["member"]["roles"] == [str(fake.role("Moderator").id)]
        assert fake.role("Moderator", club).id != fake.role("Moderator").id
        assert fake.permissions_of("mod", club) == fake.permissions_of("mod")
        await fake.user_message("bob", fake.dm_channel("bob"), f"psst {fake.bot_user.mention}")
        [(event, message)] = await zero.events(1)
        assert "guild_id" not in message and message["author"]["username"] == "bob"
        with pytest.raises(ValueError, match="stranger is not a member of Board Club"):
            await fake.user_message("stranger", "club-general", "hello")

        # A second IDENTIFY for a shard that is still connected, and an impossible shard, are refused.
        again = await Gateway.identify(http, fake, [1, 2])
        assert (await again.receive()) == {"closed": 4010}
        bad = await Gateway.identify(http, fake, [2, 2])
        assert (await bad.receive()) == {"closed": 4010}
        assert fake.errors == [
            "gateway: a second IDENTIFY for shard [1, 2] while session #2 still holds it",
            "gateway: IDENTIFY with an invalid shard [2, 2]",
        ]
        fake.errors.clear()

        # Once shard 1's connection is gone, a new session may take the shard; events follow it.
        await one.ws.close()
        await fake.wait_until(lambda: not fake.sessions[1].connected, 5, "shard 1 disconnected")
        replacement = await Gateway.identify(http, fake, [1, 2])
        await replacement.events(2)
        await fake.wait_ready(shard=1, min_sessions=2)
        assert fake.session_for(club) is fake.shard_session(1) and fake.session_for(None) is fake.sessions[0]
        await fake.user_message("bob", "club-general", f"back {fake.bot_user.mention}")
        [(event, message)] = await replacement.events(1)
        assert message["channel_id"] == str(fake.channel("club-general").id)
        for gateway in (zero, replacement, again, bad):
            await gateway.ws.close()
    assert fake.errors == []
