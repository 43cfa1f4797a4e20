"""The real bot process serves the web table (``WEB_PORT``) beside the fake Discord: ``/game web``
gives a player their link privately, a move made on the page is played and posted in the
table's channel like any move, and a revoked link stops working."""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import yarl

from tests.e2e.test_bot_hisss import EPHEMERAL, bot_env, open_two_player_table
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_move_on_the_web_page_reaches_the_discord_channel(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = bot_env(fake_discord, tmp_path, WEB_PORT=str(port), WEB_BASE_URL=base)
    monkeypatch.setattr("tests.e2e.test_bot_hisss.bot_env", lambda *args, **kw: env)
    proc, channel, users, board = await open_two_player_table(fake_discord, bot_processes, tmp_path, "hisss")
    [mover_id] = board.pinged_user_ids
    mover = users[mover_id]
    answer = await fake_discord.slash(mover, channel, "game web")
    [private] = [m for m in answer.messages if m.flags & EPHEMERAL]
    link = re.search(r"(http://\S+/s#\S+)", private.text)
    assert link is not None, private.text
    token = link[1].split("#", 1)[1]
    assert token not in proc.output  # no seat token in the bot's log

    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        claimed = await http.post(f"{base}/s", json={"token": token}, headers={"Origin": base})
        assert claimed.status == 200
        table = (await claimed.json())["to"]
        state = await (await http.get(f"{base}{table}/state")).json()
        me = state["me"]
        step = me["step"]
        while not (keys := [o["key"] for row in step["rows"] for c in row for o in c.get("options", []) if "key" in o]):
            group = next(o["group"] for row in step["rows"] for c in row for o in c.get("options", []))
            step = await (await http.get(f"{base}{table}/step", params={"path": "/".join(group),
                                                                        "v": str(state["version"])})).json()
        key = keys[0]
        since = fake_discord.mark()
        played = await http.post(f"{base}{table}/move", json={"key": key, "revision": state["revision"]},
                                 headers={"X-CSRF-Token": me["csrf"], "Origin": base})
        assert played.status == 200, await played.text()
        text = (await played.json())["text"]
        posted = await fake_discord.wait_message(channel, since=since)
        assert text.splitlines()[0] in posted.text
        # Revoked: the page's cookie no longer plays.
        await fake_discord.slash(mover, channel, "game web", options={"revoke": True})
        after = await (await http.get(f"{base}{table}/state")).json()
        assert after["me"] is None and "revoked" in after["link_refused"]
        jar = http.cookie_jar.filter_cookies(yarl.URL(f"{base}{table}/"))
        assert "gm_seat" in jar
    await fake_discord.settle()
    assert token not in proc.output
