"""The bot's slash commands, and the fake Discord's spec check, against Discord's OpenAPI document.

The end-to-end tests hold every request of a running bot against the spec
(``tests/fakediscord/openapi.py``); these check, without a bot process, the one body that
matters most — the command sync, which Discord refuses as a whole over one bad option —
and that the checker itself refuses what it must and allows what Discord allows.
"""

from __future__ import annotations

import gzip
import json
import pkgutil
from typing import Any

import discord
from discord.ext import commands

import cogs
from tests.fakediscord import openapi

SYNC = "/api/v10/applications/1/guilds/2/commands"


async def _command_sync_body() -> list[dict[str, Any]]:
    """What ``tree.sync()`` sends: every cog's commands, as discord.py serialises them."""
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    for module in pkgutil.iter_modules(cogs.__path__):
        if not module.name.startswith("_"):
            await bot.load_extension(f"cogs.{module.name}")
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]


async def test_the_command_sync_is_a_body_discord_accepts() -> None:
    body = await _command_sync_body()
    assert {"game", "play", "admin", "stats"} <= {command["name"] for command in body}
    route, problems = openapi.check_request("PUT", SYNC, body, has_body=True)
    assert route == "PUT /applications/{application_id}/guilds/{guild_id}/commands"
    assert problems == []


def test_an_integer_option_beyond_2_53_is_refused_where_it_sits() -> None:
    option = {"type": 4, "name": "table", "description": "The table", "min_value": 1, "max_value": 2**53}
    body = [{"name": "game", "description": "Games", "options": [
        {"type": 1, "name": "replay", "description": "Replay", "options": [option]}]}]
    _, problems = openapi.check_request("PUT", SYNC, body, has_body=True)
    assert problems == [
        "[0].options[0].options[0].max_value: 9007199254740992 is greater than the maximum of 9007199254740991"
    ]
    option["max_value"] = 2**53 - 1
    assert openapi.check_request("PUT", SYNC, body, has_body=True)[1] == []


def test_snowflakes_may_be_strings_or_integers_but_not_anything() -> None:
    url = "/api/v10/channels/123/messages"
    for users in (["42"], [42]):
        assert openapi.check_request("POST", url, {"content": "hi", "allowed_mentions": {"users": users}},
                                     has_body=True)[1] == []
    for users in (["4x2"], [-1], [2**64], [True]):
        _, problems = openapi.check_request("POST", url, {"content": "hi", "allowed_mentions": {"users": users}},
                                            has_body=True)
        assert len(problems) == 1 and problems[0].startswith("allowed_mentions.users[0]"), (users, problems)


def test_the_checker_names_the_route_the_field_and_the_reason() -> None:
    callback = "/api/v10/interactions/5/tok/callback"
    # The union of callback types is told apart by "type": the message branch explains.
    _, problems = openapi.check_request("POST", callback, {"type": 4, "data": {"content": "x" * 4001}}, has_body=True)
    assert len(problems) == 1 and problems[0].startswith("data.content: 'xxx") and "is too long" in problems[0]
    # A button of an unknown style, deep in an action row.
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "ok", "custom_id": "a"}]}
    message = "/api/v10/channels/1/messages"
    assert openapi.check_request("POST", message, {"components": [row]}, has_body=True)[1] == []
    row["components"][0]["label"] = "x" * 81
    [problem] = openapi.check_request("POST", message, {"components": [row]}, has_body=True)[1]
    assert problem.startswith("components[0].components[0].label")
    # Paths: a literal segment wins over a parameter; an id that is not a snowflake is refused.
    assert openapi.check_request("GET", "/api/v10/users/@me", None, has_body=False) == ("GET /users/@me", [])
    route, problems = openapi.check_request("GET", "/api/v10/channels/None", None, has_body=False)
    assert route == "GET /channels/{channel_id}" and problems and "channel_id='None'" in problems[0]
    # Not an operation at all, or a body missing where one is required.
    assert openapi.check_request("POST", "/api/v10/nowhere", {}, has_body=True)[0] is None
    assert openapi.check_request("PUT", SYNC, None, has_body=False)[1] == [
        "the operation needs a body, but none was sent"
    ]


def test_the_stored_spec_is_discords_document_with_its_commit_and_licence() -> None:
    spec = openapi.load_spec()
    raw = json.loads(gzip.decompress(openapi.SPEC_FILE.read_bytes()))
    assert raw["openapi"].startswith("3.1") and raw["info"]["license"]["identifier"] == "MIT"
    assert len(spec.commit) == 40 and spec.commit in (openapi.SPEC_DIR / "SOURCE").read_text()
    assert "MIT License" in (openapi.SPEC_DIR / "LICENSE").read_text()


def test_unions_told_apart_by_type_give_the_verdicts_of_the_plain_validator() -> None:
    """The checker validates a component only against the union branches its ``type`` admits
    (a speed-up); on every body here it must agree with jsonschema's plain validator."""
    message = "/api/v10/channels/1/messages"
    button = {"type": 2, "style": 1, "label": "ok", "custom_id": "a"}
    select = {"type": 3, "custom_id": "s", "options": [{"label": "One", "value": "1"}]}
    bodies: list[tuple[dict[str, Any], bool]] = [
        ({"components": [{"type": 1, "components": [button, {**button, "custom_id": "b"}]}]}, True),
        ({"components": [{"type": 1, "components": [select]}]}, True),
        ({"flags": 1 << 15, "components": [{"type": 17, "components": [
            {"type": 10, "content": "Your move"}, {"type": 1, "components": [button]}]}]}, True),
        ({"components": [{"type": 1, "components": [{**button, "style": 9}]}]}, False),  # no such style
        ({"components": [{"type": 1, "components": [{**button, "type": 99}]}]}, False),  # no such component
        ({"components": [{"type": 1, "components": [{"style": 1, "label": "ok"}]}]}, False),  # no type at all
        ({"components": [{"type": 1, "components": [{**select, "options": []}]}]}, False),
        ({"components": [{"type": 17, "components": [{"type": 10}]}]}, False),  # text without content
    ]
    spec = openapi.load_spec()
    found = spec.find("POST", "/channels/1/messages")
    assert found is not None
    pointer, _ = openapi._body_pointer(found[0].pointer)
    assert pointer is not None
    plain = openapi.Draft202012Validator({"$ref": f"{openapi.SPEC_URI}#{pointer}"}, registry=spec.registry)
    for body, valid in bodies:
        problems = openapi.check_request("POST", message, body, has_body=True)[1]
        assert (problems == []) is valid is plain.is_valid(body), (body, problems)
