"""A fake Discord (REST + gateway) for end-to-end tests of a real discord.py bot process.

See ``tests/fakediscord/README.md``.
"""

from tests.fakediscord.models import (
    Attachment,
    Callback,
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    InteractionResult,
    Message,
    World,
    default_world,
    shard_of,
)
from tests.fakediscord.process import BotProcess
from tests.fakediscord.server import FakeDiscord, RequestRecord

__all__ = [
    "Attachment",
    "BotProcess",
    "Callback",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeRole",
    "FakeUser",
    "InteractionResult",
    "Message",
    "RequestRecord",
    "World",
    "default_world",
    "shard_of",
]
