"""The daily digest (issue 25): a player who asks for it is pinged for no single decision, and
gets one DM a day listing the tables that wait on them; claimed in the store, so a second
scheduler or a restart never sends the same day's digest twice."""

from __future__ import annotations

from bot.digest import DAY, Digests
from bot.playbypost import PlayByPost
from bot.store import Store
from bot.tables import Tables, User
from tests.conftest import ANA, BO, CY, FakeClock


async def _table(tables: Tables, channel: int, *users: User) -> int:
    reply = await tables.create(guild_id=5, channel_id=channel, host=users[0], slug="toy-draw")
    for user in users[1:]:
        await tables.join(channel_id=channel, user=user)
    await tables.start(channel_id=channel, user=users[0])
    return reply.table_id


async def _waiting_on(tables: Tables, table_id: int) -> int:
    return tables.turns(await tables.load(table_id))[0].user_id


async def test_one_digest_a_day_lists_the_tables_waiting_and_replaces_pings(store: Store, clock: FakeClock) -> None:
    tables = Tables(store, clock=clock, seeds=lambda: 3, render=False)
    pbp = PlayByPost(tables)
    for user in (ANA, BO, CY):
        assert "once a day" in await pbp.set_notify(user, "digest")
    assert (await store.user_settings(ANA.id))["notify"] == "digest"
    first = await _table(tables, 40, ANA, BO)
    second = await _table(tables, 41, ANA, CY)
    start = await tables.status_of(first)
    assert start.mentions == [] and start.direct == []
    waiting = {await _waiting_on(tables, first), await _waiting_on(tables, second)}
    digests = Digests(tables)
    sent = await digests.due(clock())
    assert {d.user_id for d in sent} == waiting
    for digest in sent:
        expected = [t for t in (first, second) if await _waiting_on(tables, t) == digest.user_id]
        assert [summary.table_id for summary in digest.tables] == expected
        assert "https://discord.com/channels/5/" in digest.text() and "/settings notify" in digest.text()
    # A second scheduler at the same moment, or an hour later: nothing again that day.
    assert await Digests(tables).due(clock()) == []
    clock.advance(DAY - 60)
    assert await digests.due(clock()) == []
    clock.advance(60)
    assert {d.user_id for d in await digests.due(clock())} == waiting
    # A move's reply pings no digest player, by mention or DM.
    mover_id = await _waiting_on(tables, first)
    mover = ANA if mover_id == ANA.id else BO
    reply = await tables.act(user=mover, move="draw", table_id=first)
    assert reply.mentions == [] and reply.direct == []
    # Away: no digest until back; back on mention: no digest at all.
    clock.advance(DAY)
    for user in (ANA, BO, CY):
        await pbp.set_away(user, 3)
    assert await digests.due(clock()) == []
    for user in (ANA, BO, CY):
        await pbp.set_notify(user, "mention")
    clock.advance(4 * DAY)
    assert await digests.due(clock()) == []
