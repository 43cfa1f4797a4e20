"""Validate the fake Discord against a real discord.py bot process (tests/e2e/probe_bot.py)."""

from __future__ import annotations

import json
import zlib

import aiohttp
import pytest

from tests.fakediscord import BotProcess, FakeDiscord
from tests.fakediscord.models import FLAG_EPHEMERAL, PATIENCE, PRIVILEGED_INTENTS

pytestmark = pytest.mark.e2e


async def test_probe_bot_end_to_end(fake_discord: FakeDiscord, probe_process: BotProcess) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    probe_process.start(fake.env())

    session = await fake.wait_ready()
    await fake.wait_commands(["ping", "probe", "modonly"])
    ident = fake.identifies[-1]
    assert ident.token == "fake"
    assert ident.intents & PRIVILEGED_INTENTS == 0
    # zlib-stream unless zstandard / compression.zstd is importable (then plain text frames).
    assert ident.compress in ("zlib-stream", "zstd-stream")
    assert session.number == 1
    ping = fake.command("ping")
    assert ping["guild_id"] == str(fake.guild.id)
    assert [o["name"] for o in ping["options"]] == ["word", "private"]
    assert ping["options"][0]["autocomplete"] is True

    # Autocomplete (type 4 -> callback 8).
    choices = await fake.autocomplete(alice, "games", "ping", options={"word": "ap"})
    assert [c["value"] for c in choices] == ["apple", "apricot"]

    # Slash command answered with a PNG and persistent components; then a DM.
    result = await fake.slash(alice, "games", "ping", options={"word": "apple"})
    assert result.response_type == 4
    reply = result.message
    assert reply.content == "pong apple"
    assert not reply.ephemeral
    assert reply.custom_ids == ["probe:ping:0", "probe:pick"]
    assert [a.filename for a in reply.attachments] == ["pong.png"]
    image = reply.attachments[0].image()
    assert image.format == "PNG"
    assert image.size == (32, 16)
    assert image.convert("RGB").getpixel((5, 5)) == (200, 30, 30)
    assert fake.last_message("games") is reply
    dms = await fake.wait_until(lambda: fake.dms(alice), what="DM to alice")
    assert dms[0].content == "psst from probe"

    # Button (component_type 2) answered with UPDATE_MESSAGE (7): content and custom_id change,
    # the attachment stays because the edit did not mention attachments.
    clicked = await fake.click(bob, reply, "probe:ping:0")
    assert clicked.response_type == 7
    assert clicked.message is reply
    assert reply.content == "clicks=1"
    assert reply.custom_ids[0] == "probe:ping:1"
    assert [a.filename for a in reply.attachments] == ["pong.png"]
    assert reply.edits == 1

    # Select (component_type 3) answered with an ephemeral message.
    picked = await fake.select("carol", reply, "probe:pick", ["cherry"])
    assert picked.response_type == 4
    assert picked.ephemeral
    assert picked.content == "picked cherry"
    assert picked.message not in fake.messages_in("games")

    # Deferred ephemeral ("thinking") then a followup that fills the placeholder.
    private = await fake.slash(alice, "games", "ping", options={"word": "banana", "private": True})
    assert private.response_type == 5
    assert private.ephemeral
    assert private.message.flags & FLAG_EPHEMERAL
    assert private.content == "pong (private) banana"
    assert private.complete

    # Subcommand in a group, a member option (resolved), allowed_mentions limited to that member.
    echo = await fake.slash(alice, "general", "probe echo", options={"text": "hi", "who": bob})
    assert echo.content == f"echo hi {bob.mention} (perms ok: True)"
    assert echo.message.pinged_user_ids == [bob.id]
    assert echo.message.allowed_mentions is not None
    assert echo.message.allowed_mentions["parse"] == []
    assert echo.message.allowed_mentions["users"] == [bob.id]

    # Defer (public), first followup fills the placeholder, edits of original/followup/channel post.
    steps = await fake.slash(alice, "games", "probe steps")
    await steps.wait_followups(3)  # "done", the probe's last request: everything before it is in
    assert steps.original is not None and steps.original.content == "step 1 edited"
    assert [m.content for m in steps.followups] == ["step 1 edited", "step 2 edited", "done"]
    assert [m.ephemeral for m in steps.followups] == [False, False, True]
    board = fake.last_message("games")
    assert board is not None and board.content == "board v2" and board.source == "channel"
    assert board.embeds[0]["title"] == "Board" and "turn 1" in board.text

    # A thread on the reply message, a post in it, a slash command inside the thread.
    opened = await fake.slash(bob, "games", "probe thread", options={"name": "table-1"})
    # Adding the member is the probe's last request.
    thread = await fake.wait_until(
        lambda: next((t for t in fake.threads if t.name == "table-1" and bob.id in t.thread_members), None),
        what="the thread with its member",
    )
    assert thread.is_thread and thread.parent_id == fake.channel("games").id
    assert thread.id == opened.message.id
    assert bob.id in thread.thread_members
    assert fake.messages_in(thread)[0].pinged_user_ids == [bob.id]
    inside = await fake.slash(bob, thread, "probe echo", options={"text": "in thread"})
    assert inside.message.channel_id == thread.id

    # Modal (callback 9) and its submission.
    ask = await fake.slash("carol", "games", "probe ask")
    assert ask.response_type == 9 and ask.modal is not None and ask.modal["title"] == "Your move"
    submitted = await fake.submit_modal("carol", ask, {"probe:ask:move": "e2e4"})
    assert submitted.content == "move=e2e4" and submitted.ephemeral

    # default_member_permissions hides /modonly from members without Manage Channels.
    with pytest.raises(PermissionError, match="cannot see /modonly"):
        await fake.slash(alice, "games", "modonly")
    mod = await fake.slash("mod", "games", "modonly")
    assert mod.content == "manage_channels=True roles=Moderator" and mod.ephemeral

    await fake.settle()
    assert fake.errors == []
    assert fake.warnings == []

    # Restart the process: the button on the old message still works (DynamicItem).
    sessions = len(fake.sessions)
    await probe_process.restart()
    await fake.wait_ready(min_sessions=sessions + 1)
    again = await fake.click("dave", reply, "probe:ping:1")
    assert again.response_type == 7
    assert reply.content == "clicks=2"
    assert reply.custom_ids[0] == "probe:ping:2"
    picked_again = await fake.select("dave", reply, "probe:pick", ["apple"])
    assert picked_again.content == "picked apple"

    await fake.settle()
    assert fake.errors == []
    assert len(fake.command_syncs) == 2
    assert probe_process.output.count("probe: synced 3 commands") == 2
    probe_process.assert_clean()


async def test_resume_and_refusals(probe_process: BotProcess, fake_discord: FakeDiscord) -> None:
    """Dropped connections are RESUMEd; late answers, bad options and unknown commands fail fast."""
    fake = fake_discord
    probe_process.start(fake.env())
    await fake.wait_ready()
    await fake.wait_commands(["ping"])

    def resumes() -> int:
        return sum(1 for p in fake.gateway_received if p["op"] == 6)

    await fake.drop_connection()
    await fake.wait_until(lambda: resumes() == 1, what="RESUME after a dropped connection")
    await fake.send_reconnect()
    await fake.wait_until(lambda: resumes() == 2, what="RESUME after op 7 RECONNECT")
    session = await fake.wait_ready()
    assert len(fake.sessions) == 1 and session.number == 1
    echoed = await fake.slash("alice", "games", "probe echo", options={"text": "after resume"})
    assert echoed.content == "echo after resume"

    # With a 0 s deadline every first answer is late: the driver fails fast and the error is recorded.
    fake.response_deadline = 0.0
    with pytest.raises(AssertionError, match="first answer came after"):
        await fake.slash("alice", "games", "probe echo", options={"text": "late"})
    assert any("Unknown interaction" in e and "first answer came after" in e for e in fake.errors)
    fake.errors.clear()
    with pytest.raises(ValueError, match="required option"):
        await fake.slash("alice", "games", "ping", options={})
    with pytest.raises(ValueError, match="needs a subcommand"):
        await fake.slash("alice", "games", "probe")
    with pytest.raises(LookupError, match="not registered"):
        await fake.slash("alice", "games", "nosuch")
    with pytest.raises(ValueError, match="not a member"):
        await fake.slash("stranger", "games", "probe echo", options={"text": "x"})
    await fake.settle()
    assert fake.errors == []
    # The bot saw the refusal exactly as from Discord (and assert_clean notices the traceback).
    assert "NotFound: 404 Not Found (error code: 10062): Unknown interaction" in probe_process.output
    with pytest.raises(AssertionError, match="Traceback"):
        probe_process.assert_clean()


async def test_rest_and_gateway_protocol(fake_discord: FakeDiscord) -> None:
    """The fake without discord.py: content type, unknown routes, multipart, limits, zlib-stream gateway."""
    fake = fake_discord
    games = fake.channel("games")
    auth = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fake.api_url}/gateway/bot", headers=auth) as resp:
            assert resp.headers["Content-Type"] == "application/json"
            assert (await resp.json())["url"] == fake.gateway_url

        async with http.get(f"{fake.api_url}/no/such/route", headers=auth) as resp:
            assert resp.status == 404
            assert resp.headers["Content-Type"] == "application/json"
        assert fake.errors == [
            "GET /api/v10/no/such/route: 404 404: Not Found (route not implemented by the fake)"
        ]
        fake.errors.clear()

        form = aiohttp.FormData(quote_fields=False)
        payload = {
            "content": "board",
            "attachments": [{"id": 0, "filename": "board.png", "description": "b"}],
        }
        form.add_field("payload_json", json.dumps(payload))
        form.add_field(
            "files[0]",
            b"\x89PNG\r\n\x1a\nnot really",
            filename="board.png",
            content_type="application/octet-stream",
        )
        async with http.post(f"{fake.api_url}/channels/{games.id}/messages", data=form, headers=auth) as resp:
            assert resp.status == 200, await resp.text()
            body = await resp.json()
        stored = fake.last_message(games)
        assert stored is not None and stored.content == "board"
        assert stored.attachments[0].data == b"\x89PNG\r\n\x1a\nnot really"
        assert stored.attachments[0].description == "b"
        assert body["attachments"][0]["filename"] == "board.png"
        async with http.get(body["attachments"][0]["url"]) as resp:
            assert await resp.read() == b"\x89PNG\r\n\x1a\nnot really"

        for bad in (
            {"content": "x" * 2001},
            {"content": ""},
            {
                "content": "a",
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "A", "custom_id": "same"},
                            {"type": 2, "style": 1, "label": "B", "custom_id": "same"},
                        ],
                    }
                ],
            },
        ):
            async with http.post(
                f"{fake.api_url}/channels/{games.id}/messages", json=bad, headers=auth
            ) as resp:
                assert resp.status == 400
        assert len(fake.errors) == 3
        assert "max 2000" in fake.errors[0]
        assert "empty message" in fake.errors[1]
        assert "used twice" in fake.errors[2]
        fake.errors.clear()
        assert fake.spec_violations == []  # Discord's spec allows all three; its limits are others

        # A body Discord's OpenAPI document refuses is recorded (and would fail the test).
        bad_mentions = {"content": "hi", "allowed_mentions": {"parse": [], "users": ["alice"]}}
        async with http.post(f"{fake.api_url}/channels/{games.id}/messages", json=bad_mentions, headers=auth) as resp:
            assert resp.status == 200
        assert fake.spec_violations == [
            "POST /channels/{channel_id}/messages: allowed_mentions.users[0]: 'alice' does not match '^(0|[1-9][0-9]*)$'"
        ]
        with pytest.raises(AssertionError, match="refuses"):
            fake.check_spec_violations()
        fake.spec_violations.clear()

        async with http.get(f"{fake.api_url}/users/@me", headers={"Authorization": "Bot wrong"}) as resp:
            assert resp.status == 401
        assert len(fake.errors) == 1
        fake.errors.clear()

        # Gateway with zlib-stream: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeat -> ACK.
        inflate = zlib.decompressobj()

        async def receive(ws: aiohttp.ClientWebSocketResponse) -> dict:
            msg = await ws.receive(timeout=PATIENCE)
            assert msg.type == aiohttp.WSMsgType.BINARY
            assert msg.data.endswith(b"\x00\x00\xff\xff")
            return json.loads(inflate.decompress(msg.data))

        async with http.ws_connect(f"{fake.gateway_url}?v=10&encoding=json&compress=zlib-stream") as ws:
            assert (await receive(ws))["op"] == 10
            await ws.send_json(
                {"op": 2, "d": {"token": fake.token, "intents": 1 | (1 << 9), "properties": {}}}
            )
            ready = await receive(ws)
            assert (ready["t"], ready["s"]) == ("READY", 1)
            guild = await receive(ws)
            assert (guild["t"], guild["s"]) == ("GUILD_CREATE", 2)
            assert guild["d"]["unavailable"] is False
            assert [m["user"]["id"] for m in guild["d"]["members"]] == [str(fake.bot_user.id)]
            await ws.send_json({"op": 1, "d": 2})
            assert (await receive(ws))["op"] == 11
            await fake.wait_ready()
    assert fake.errors == []


async def test_components_v2_messages_as_discord_stores_them(fake_discord: FakeDiscord) -> None:
    """A components-v2 message: no content, mentions in its text displays ping (within
    allowed_mentions), a gallery's ``attachment://name`` is stored resolved to that attachment
    and kept through an edit that leaves the attachments alone; a reference to a file the message
    does not carry, more than 4,000 characters of text, or an edit down to no components is refused."""
    fake = fake_discord
    games = fake.channel("games")
    alice, bob = fake.user("alice"), fake.user("bob")
    auth = {"Authorization": f"Bot {fake.token}"}
    url = f"{fake.api_url}/channels/{games.id}/messages"

    def layout(text: str, picture: str = "card.png") -> list[dict]:
        return [{"type": 17, "components": [
            {"type": 10, "content": text},
            {"type": 12, "items": [{"media": {"url": f"attachment://{picture}"}}]},
        ]}]

    def with_file(payload: dict) -> aiohttp.FormData:
        form = aiohttp.FormData(quote_fields=False)
        form.add_field("payload_json", json.dumps(payload))
        form.add_field("files[0]", b"\x89PNG\r\n\x1a\ncard", filename="card.png", content_type="image/png")
        return form

    body = {"flags": 1 << 15, "components": layout(f"Your move: <@{alice.id}> <@{bob.id}>"),
            "attachments": [{"id": 0, "filename": "card.png"}],
            "allowed_mentions": {"parse": [], "users": [str(alice.id)]}}
    async with aiohttp.ClientSession() as http:
        async with http.post(url, data=with_file(body), headers=auth) as resp:
            assert resp.status == 200, await resp.text()
        stored = fake.last_message(games)
        assert stored is not None and stored.content == ""
        assert stored.mentioned_user_ids == [alice.id, bob.id] and stored.pinged_user_ids == [alice.id]
        [card] = stored.gallery_attachments()
        assert card.data == b"\x89PNG\r\n\x1a\ncard" and stored.all_components()[2]["items"][0]["media"]["url"] == card.url

        # An edit that sends the layout again without attachments keeps the file and its gallery.
        edit = {"flags": 1 << 15, "components": layout("Old board")}
        async with http.patch(f"{url}/{stored.id}", json=edit, headers=auth) as resp:
            assert resp.status == 200, await resp.text()
        assert stored.text == "Old board" and stored.gallery_attachments() == [card]

        refused = [
            {"flags": 1 << 15, "components": layout("x", picture="other.png"),
             "attachments": [{"id": 0, "filename": "card.png"}]},
            {"flags": 1 << 15, "components": [{"type": 10, "content": "x" * 2001}, *layout("y" * 2000)],
             "attachments": [{"id": 0, "filename": "card.png"}]},  # each display fits; together too long
            {"flags": 1 << 15, "content": "words", "components": layout("x"),
             "attachments": [{"id": 0, "filename": "card.png"}]},
        ]
        for bad in refused:
            async with http.post(url, data=with_file(bad), headers=auth) as resp:
                assert resp.status == 400
        async with http.patch(f"{url}/{stored.id}", json={"components": []}, headers=auth) as resp:
            assert resp.status == 400
    assert len(fake.errors) == 4
    assert "other.png" in fake.errors[0] and "4001 characters" in fake.errors[1]
    assert "content" in fake.errors[2] and "empty message" in fake.errors[3]
    fake.errors.clear()
