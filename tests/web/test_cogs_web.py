"""``/game web`` and a web move reaching the channel, with the cogs' fake interactions over a
real session layer (see tests/test_cogs.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.replies import User
from bot.web.links import Signer
from bot.web.server import WebTable
from cogs._web import NOT_ENABLED, post_web_move
from cogs.games import Games
from tests.test_cogs import (  # noqa: F401  (client: the fixture)
    FakeInteraction,
    _started_hisss,
    ana,
    bo,
    call,
    client,
    started_table,
)


def serve_web(bot: Any) -> WebTable:
    front = WebTable(bot.tables, Signer(b"cog test key, not a real one"), base_url="https://games.test",
                     clock=bot.tables.clock)
    bot.web = SimpleNamespace(table=front)
    return front


async def test_game_web_sends_each_player_their_own_link_privately(client: Any) -> None:  # noqa: F811
    games, _ = await _started_hisss(client)
    assert (await call(Games.web, games, ana(client), revoke=False))[-1].content == NOT_ENABLED
    front = serve_web(client)
    table_id = started_table(client)
    live = await client.tables.load(table_id)
    for interaction in (ana(client), bo(client)):
        [sent] = await call(Games.web, games, interaction, revoke=False)
        assert sent.ephemeral
        assert front.table_url(table_id) in sent.content
        token = sent.content.split("/s#", 1)[1].split()[0]
        granted = front.signer.read_seat_token(token, now=client.tables.clock())
        assert (granted.table_id, granted.user_id) == (table_id, interaction.user.id)
        assert live.user_at(granted.seat).user_id == interaction.user.id


async def test_game_web_everyone_sends_each_player_their_own_link_by_dm(client: Any) -> None:  # noqa: F811
    games, _ = await _started_hisss(client)
    front = serve_web(client)
    [refused] = await call(Games.web, games, bo(client), revoke=False, everyone=True)
    assert "Only the host" in refused.content and client.dms == []
    [sent] = await call(Games.web, games, ana(client), revoke=False, everyone=True)
    assert sent.ephemeral and "Ana" in sent.content and "Bo" in sent.content
    assert sorted(user_id for user_id, _ in client.dms) == [101, 102]
    for user_id, text in client.dms:
        token = text.split("/s#", 1)[1].split()[0]
        assert front.signer.read_seat_token(token, now=client.tables.clock()).user_id == user_id


async def test_game_web_revoke_refuses_the_old_links(client: Any) -> None:  # noqa: F811
    games, _ = await _started_hisss(client)
    front = serve_web(client)
    table_id = started_table(client)
    [sent] = await call(Games.web, games, ana(client), revoke=False)
    token = sent.content.split("/s#", 1)[1].split()[0]
    granted = front.signer.read_seat_token(token, now=client.tables.clock())
    client.tables.clock.advance(1)
    [sent] = await call(Games.web, games, ana(client), revoke=True)
    assert sent.ephemeral and "refused from now on" in sent.content
    assert await client.tables.store.web_links_revoked(table_id, granted.seat) >= granted.issued_ms
    outsider = await call(Games.web, games, FakeInteraction(client, 999, "Eve"), revoke=True)
    assert "not seated" in outsider[-1].content


async def test_a_web_move_is_posted_in_the_tables_channel(client: Any) -> None:  # noqa: F811
    await _started_hisss(client)
    table_id = started_table(client)
    live = await client.tables.load(table_id)
    turn = client.tables.turns(live)[0]
    reply = await client.tables.act(user=User(turn.user_id, turn.name), move=turn.actions[0].key, table_id=table_id)
    client.fetch_channel = None
    posted: list[Any] = []

    async def send(**message: Any) -> Any:
        posted.append(message)
        return SimpleNamespace(id=9001)

    client.get_channel = lambda _id: SimpleNamespace(send=send)
    await post_web_move(client, live.row, reply)
    [message] = posted
    texts = [getattr(item, "content", "") for item in message["view"].walk_children()]
    assert any(line in "\n".join(texts) for line in reply.said)
