"""The fake Discord world (users, guilds, roles, channels) and the records the fake keeps.

Everything here is plain data. :mod:`tests.fakediscord.server` turns it into Discord JSON
payloads and fills the records while the bot talks to it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import re
import struct
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PIL import Image

DISCORD_EPOCH_MS = 1_420_070_400_000

PATIENCE = 60.0
"""Seconds a wait of the fake (or of :class:`~tests.fakediscord.process.BotProcess`) allows by
default before it fails. Every wait ends as soon as its event happens, so this only bounds a
hang; it is generous so that a busy machine (a CPU-heavy process beside the suite, a bot
process starting slowly) never fails a test that passes on a quiet one. What Discord itself
times (the 3-second first answer) is checked separately and is not this."""

# Permission bits (https://discord.com/developers/docs/topics/permissions).
CREATE_INSTANT_INVITE = 1 << 0
KICK_MEMBERS = 1 << 1
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 53) - 1

EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = (
    EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS | CREATE_PRIVATE_THREADS | MENTION_EVERYONE
)

# Gateway intents that must be switched on in the developer portal.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1
GUILD_CATEGORY = 4
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12


class Snowflakes:
    """Monotonic snowflake ids; ``start_ms`` fixes the timestamp part (stable ids for the world)."""

    def __init__(self, start_ms: int | None = None) -> None:
        self._fixed = start_ms
        self._last = 0

    def __call__(self) -> int:
        ms = self._fixed if self._fixed is not None else int(time.time() * 1000)
        candidate = (ms - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last


def iso_now() -> str:
    """The current time as Discord writes it (ISO 8601 with offset)."""
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass
class FakeUser:
    """A Discord user; ``roles`` are role ids in the guild (``None`` = not a guild member)."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    roles: list[int] | None = field(default_factory=list)
    nick: str | None = None
    accepts_dms: bool = True
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        """``<@id>``, as a message would contain it."""
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The Discord user object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "global_name": self.global_name if self.global_name is not None else self.username.title(),
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class FakeRole:
    """A guild role. The guild's ``@everyone`` role has the guild's id."""

    id: int
    name: str
    permissions: int = 0
    position: int = 1
    managed: bool = False
    color: int = 0

    @property
    def mention(self) -> str:
        """``<@&id>``."""
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The Discord role object."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {"primary_color": self.color, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": True,
            "flags": 0,
        }


@dataclass
class FakeChannel:
    """A guild text channel, category, thread, or a DM channel (``type`` = 1)."""

    id: int
    name: str
    type: int = GUILD_TEXT
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    owner_id: int | None = None
    recipient_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    thread_members: set[int] = field(default_factory=set)
    created_at: str = field(default_factory=iso_now)

    @property
    def mention(self) -> str:
        """``<#id>``."""
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        """Whether this is a public or private thread."""
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def is_dm(self) -> bool:
        """Whether this is a DM channel."""
        return self.type == DM


@dataclass
class FakeGuild:
    """One guild: its roles (``@everyone`` first), channels and member user ids."""

    id: int
    name: str
    owner_id: int
    roles: list[FakeRole]
    channels: list[FakeChannel]
    member_ids: list[int]
    locale: str = "en-US"

    @property
    def everyone(self) -> FakeRole:
        """The ``@everyone`` role."""
        return next(r for r in self.roles if r.id == self.id)

    def role(self, key: int | str) -> FakeRole:
        """A role by id or (case-insensitive) name."""
        for role in self.roles:
            if role.id == key or (isinstance(key, str) and role.name.lower() == key.lower()):
                return role
        raise KeyError(f"no role {key!r} in guild {self.name!r}")

    def has_role(self, role_id: int) -> bool:
        """Whether ``role_id`` is one of this guild's roles."""
        return any(r.id == role_id for r in self.roles)

    def text_channels(self) -> list[FakeChannel]:
        """Channels of type GUILD_TEXT."""
        return [c for c in self.channels if c.type == GUILD_TEXT]


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that carries a guild: Discord's ``(guild_id >> 22) % shard_count``; DMs
    (``guild_id`` ``None``) always come on shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass
class World:
    """The whole fake Discord: the bot user, people, and its guilds.

    ``guild`` is the first (main) guild, the one the single-guild helpers default to;
    ``more_guilds`` holds any others. A user's ``roles`` may hold role ids of several
    guilds; membership of a guild is its ``member_ids``.
    """

    bot: FakeUser
    users: list[FakeUser]
    guild: FakeGuild
    application_id: int
    bot_permissions: int = BOT_PERMISSIONS
    more_guilds: list[FakeGuild] = field(default_factory=list)

    @property
    def guilds(self) -> list[FakeGuild]:
        """Every guild, the main one first."""
        return [self.guild, *self.more_guilds]

    def all_users(self) -> list[FakeUser]:
        """The bot and every person."""
        return [self.bot, *self.users]


_EXTRA_GUILDS = (("Board Club", "club"), ("Dice Den", "den"), ("Meeple Hall", "hall"), ("Card Cellar", "cellar"))
_WORLD_MS = 1_704_067_200_000  # 2024-01-01; (ms - Discord epoch) is a multiple of 2, 3, 4, 5, 6 and 8


def default_world(guilds: int = 1) -> World:
    """A guild "Game Night" with #general and #games (category "Tables"), four players,
    a moderator (Manage Channels via the Moderator role), a Game Master role holder and
    an owner.

    ``guilds`` > 1 adds more guilds ("Board Club" with #club-general and #club-games, then
    "Dice Den" with #den-…, …) with the same roles and every person but the stranger as a
    member (mod and gm hold the Moderator and Game Master roles in each). Guild ``k``
    (0 = Game Night) lies on shard ``k % n`` of ``n`` shards for ``n`` up to 6: its ids are
    snowflakes ``k`` milliseconds after the first guild's.

    Ids are stable across runs (fixed-time snowflakes).
    """
    if not 1 <= guilds <= 1 + len(_EXTRA_GUILDS):
        raise ValueError(f"default_world has 1 to {1 + len(_EXTRA_GUILDS)} guilds, not {guilds}")
    ids = Snowflakes(start_ms=_WORLD_MS)
    app_id = ids()
    bot = FakeUser(app_id, "gamemaster", "Gamemaster", bot=True)
    guild_id = ids()
    everyone = FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS, position=0)
    moderator = FakeRole(ids(), "Moderator", MANAGE_CHANNELS | MANAGE_MESSAGES | MANAGE_THREADS, position=3)
    game_master = FakeRole(ids(), "Game Master", 0, position=2)
    bot_role = FakeRole(ids(), "gamemaster", BOT_PERMISSIONS, position=4, managed=True)
    category = FakeChannel(ids(), "Tables", GUILD_CATEGORY, guild_id, position=0)
    general = FakeChannel(ids(), "general", GUILD_TEXT, guild_id, position=0)
    games = FakeChannel(ids(), "games", GUILD_TEXT, guild_id, parent_id=category.id, position=1)
    bot.roles = [bot_role.id]
    users = [
        FakeUser(ids(), "alice", "Alice"),
        FakeUser(ids(), "bob", "Bob"),
        FakeUser(ids(), "carol", "Carol"),
        FakeUser(ids(), "dave", "Dave"),
        FakeUser(ids(), "mod", "Mo the Moderator", roles=[moderator.id]),
        FakeUser(ids(), "gm", "Gia the Game Master", roles=[game_master.id]),
        FakeUser(ids(), "owner", "Olivia Owner"),
        FakeUser(ids(), "stranger", "Stranger", roles=None),
    ]
    owner = next(u for u in users if u.username == "owner")
    guild = FakeGuild(
        id=guild_id,
        name="Game Night",
        owner_id=owner.id,
        roles=[everyone, moderator, game_master, bot_role],
        channels=[category, general, games],
        member_ids=[bot.id, *(u.id for u in users if u.roles is not None)],
    )
    world = World(bot=bot, users=users, guild=guild, application_id=app_id)
    by_name = {u.username: u for u in users}
    for k, (name, prefix) in enumerate(_EXTRA_GUILDS[: guilds - 1], start=1):
        more = Snowflakes(start_ms=_WORLD_MS + k)
        gid = more()
        roles = [
            FakeRole(gid, "@everyone", EVERYONE_PERMISSIONS, position=0),
            FakeRole(more(), "Moderator", MANAGE_CHANNELS | MANAGE_MESSAGES | MANAGE_THREADS, position=3),
            FakeRole(more(), "Game Master", 0, position=2),
            FakeRole(more(), "gamemaster", BOT_PERMISSIONS, position=4, managed=True),
        ]
        tables = FakeChannel(more(), f"{name} Tables", GUILD_CATEGORY, gid, position=0)
        channels = [
            tables,
            FakeChannel(more(), f"{prefix}-general", GUILD_TEXT, gid, position=0),
            FakeChannel(more(), f"{prefix}-games", GUILD_TEXT, gid, parent_id=tables.id, position=1),
        ]
        bot.roles.append(roles[3].id)
        for username, role in (("mod", roles[1]), ("gm", roles[2])):
            by_name[username].roles = [*(by_name[username].roles or []), role.id]
        world.more_guilds.append(FakeGuild(
            id=gid,
            name=name,
            owner_id=owner.id,
            roles=roles,
            channels=channels,
            member_ids=[bot.id, *(u.id for u in users if u.username != "stranger")],
        ))
    return world


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG header, or ``None`` when ``data`` is not a PNG."""
    if len(data) >= 24 and data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return None


@dataclass
class Attachment:
    """A file the bot uploaded, with its bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        """Length in bytes."""
        return len(self.data)

    def image(self) -> Image.Image:
        """Decode with Pillow (imported lazily, so the fake itself does not need Pillow)."""
        from PIL import Image

        img = Image.open(io.BytesIO(self.data))
        img.load()
        return img

    def payload(self) -> dict[str, Any]:
        """The Discord attachment object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        dims = png_size(self.data)
        if dims:
            data["width"], data["height"] = dims
        return data


_MENTION_RE = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION_RE = re.compile(r"<@&(\d+)>")


def iter_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in a tree (action rows, containers, sections, labels included)."""
    for comp in components:
        yield comp
        for key in ("components",):
            if isinstance(comp.get(key), list):
                yield from iter_components(comp[key])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from iter_components([comp[key]])


@dataclass
class Message:
    """A message as the fake stores it; ``history`` keeps every earlier version."""

    id: int
    channel_id: int
    guild_id: int | None
    author: dict[str, Any]
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: dict[str, Any] | None = None
    tts: bool = False
    message_reference: dict[str, Any] | None = None
    interaction_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    webhook_id: int | None = None
    type: int = 0
    source: str = "channel"
    """How it was created: ``channel`` (POST /channels/../messages), ``interaction`` (a callback),
    ``followup`` (POST /webhooks/..), ``user`` (driven by the test)."""
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    deleted: bool = False
    thread_id: int | None = None
    reactions: list[str] = field(default_factory=list)
    pinned: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        """Whether the EPHEMERAL flag (64) is set."""
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is still a deferred "thinking..." placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def edits(self) -> int:
        """How many times it was edited."""
        return len(self.history)

    @property
    def text(self) -> str:
        """Content plus every embed's title, description, fields, footer: handy for ``in`` checks."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for fld in embed.get("fields", []):
                parts += [fld.get("name") or "", fld.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
            parts.append((embed.get("author") or {}).get("name") or "")
        for comp in iter_components(self.components):
            if comp.get("type") == 10:  # components v2 text display
                parts.append(comp.get("content") or "")
        return "\n".join(p for p in parts if p)

    def all_components(self) -> list[dict[str, Any]]:
        """Every component, flattened."""
        return list(iter_components(self.components))

    def interactive_components(self) -> list[dict[str, Any]]:
        """Buttons and selects (anything with a ``custom_id``)."""
        return [c for c in iter_components(self.components) if "custom_id" in c]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """Button components (type 2), flattened."""
        return [c for c in iter_components(self.components) if c.get("type") == 2]

    @property
    def custom_ids(self) -> list[str]:
        """custom_id of every button and select."""
        return [c["custom_id"] for c in self.interactive_components()]

    def component(self, custom_id: str) -> dict[str, Any]:
        """The component with this custom_id (``KeyError`` if absent)."""
        for comp in self.interactive_components():
            if comp["custom_id"] == custom_id:
                return comp
        raise KeyError(f"message {self.id} has no component {custom_id!r}; it has {self.custom_ids}")

    def button(self, label: str | None = None, *, custom_id_prefix: str | None = None) -> dict[str, Any]:
        """The first button whose label equals ``label`` and/or whose custom_id starts with the prefix."""
        for comp in self.buttons:
            if label is not None and comp.get("label") != label:
                continue
            if custom_id_prefix is not None and not str(comp.get("custom_id", "")).startswith(
                custom_id_prefix
            ):
                continue
            return comp
        labels = [(b.get("label"), b.get("custom_id")) for b in self.buttons]
        raise KeyError(
            f"message {self.id} has no button label={label!r} prefix={custom_id_prefix!r}: {labels}"
        )

    @property
    def mention_text(self) -> str:
        """Where Discord looks for mentions: the content and, in a components-v2 message (which
        has no content), its text displays. Mentions in embeds never ping."""
        parts = [self.content]
        if self.flags & FLAG_COMPONENTS_V2:
            parts += [c.get("content") or "" for c in iter_components(self.components) if c.get("type") == 10]
        return "\n".join(parts)

    @property
    def mentioned_user_ids(self) -> list[int]:
        """User ids written as ``<@id>`` in the content (or a components-v2 message's text displays)."""
        return [int(m) for m in _MENTION_RE.findall(self.mention_text)]

    def gallery_attachments(self) -> list[Attachment]:
        """The attachments this message's media galleries show, in order (the fake stores a
        gallery item's ``attachment://name`` resolved to that attachment, as Discord does)."""
        by_url = {a.url: a for a in self.attachments}
        return [by_url[item["media"]["url"]] for comp in iter_components(self.components) if comp.get("type") == 12
                for item in comp.get("items", []) if item.get("media", {}).get("url") in by_url]

    @property
    def pinged_user_ids(self) -> list[int]:
        """User ids that would really be notified, after ``allowed_mentions``."""
        mentioned = self.mentioned_user_ids
        am = self.allowed_mentions
        if am is None:
            return mentioned
        if "users" in am.get("parse", []):
            return mentioned
        allowed = {int(u) for u in am.get("users", [])}
        return [u for u in mentioned if u in allowed]

    @property
    def pinged_role_ids(self) -> list[int]:
        """Role ids that would really be notified, after ``allowed_mentions``."""
        mentioned = [int(m) for m in _ROLE_MENTION_RE.findall(self.mention_text)]
        am = self.allowed_mentions
        if am is None or "roles" in am.get("parse", []):
            return mentioned
        allowed = {int(r) for r in am.get("roles", [])}
        return [r for r in mentioned if r in allowed]

    @property
    def pings_everyone(self) -> bool:
        """Whether @everyone/@here would notify."""
        if "@everyone" not in self.content and "@here" not in self.content:
            return False
        am = self.allowed_mentions
        return am is None or "everyone" in am.get("parse", [])

    def snapshot(self) -> dict[str, Any]:
        """The editable fields, for ``history``."""
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.filename for a in self.attachments],
            "flags": self.flags,
            "edited_timestamp": self.edited_timestamp,
        }

    def payload(self, users: Callable[[int], FakeUser | None] | None = None) -> dict[str, Any]:
        """The Discord message object."""
        mentions = []
        if users is not None:
            for uid in dict.fromkeys(self.mentioned_user_ids):
                user = users(uid)
                if user is not None:
                    mentions.append(user.payload())
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author,
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": self.tts,
            "mention_everyone": self.pings_everyone,
            "mentions": mentions,
            "mention_roles": [str(r) for r in self.pinged_role_ids],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "reactions": [],
            "pinned": self.pinned,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        return data


@dataclass
class Callback:
    """One POST /interactions/{id}/{token}/callback."""

    type: int
    data: dict[str, Any]
    attachments: list[Attachment] = field(default_factory=list)


@dataclass
class InteractionResult:
    """An interaction the test sent and everything the bot answered to it.

    ``response_type`` is the first callback's type: 4 message, 5 deferred ("thinking"),
    6 deferred update, 7 update message, 8 autocomplete result, 9 modal.
    """

    id: int
    token: str
    type: int
    payload: dict[str, Any]
    user_id: int
    channel_id: int
    component_message_id: int | None = None
    created: float = field(default_factory=time.monotonic)
    callbacks: list[Callback] = field(default_factory=list)
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    rejected: str | None = None
    """Why the fake refused the bot's answer (late, invalid body, wrong type), if it did."""
    session: int | None = None
    """The number of the gateway session it was dispatched on (``GatewaySession.number``)."""
    changed: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def response_type(self) -> int | None:
        """The first callback's type, or ``None`` when the bot did not answer (yet)."""
        return self.callbacks[0].type if self.callbacks else None

    @property
    def responded(self) -> bool:
        """Whether the bot has acknowledged the interaction."""
        return bool(self.callbacks)

    @property
    def deferred(self) -> bool:
        """Whether the first answer was a defer (5 or 6)."""
        return self.response_type in (5, 6)

    @property
    def messages(self) -> list[Message]:
        """The original response message (if any) then the followups."""
        out = [self.original] if self.original is not None else []
        return out + [m for m in self.followups if m is not self.original]

    @property
    def message(self) -> Message:
        """The message that answered: the original response, else the first followup."""
        msgs = self.messages
        if not msgs:
            raise AssertionError(
                f"interaction {self.id} has no response message (response_type={self.response_type})"
            )
        return msgs[0]

    @property
    def ephemeral(self) -> bool:
        """Whether the answer is ephemeral (the flag on the original or first followup)."""
        return self.message.ephemeral

    @property
    def content(self) -> str:
        """Content of :attr:`message`."""
        return self.message.content

    @property
    def text(self) -> str:
        """Text of :attr:`message` (content + embeds)."""
        return self.message.text

    @property
    def complete(self) -> bool:
        """Answered, and not stuck on a "thinking..." placeholder."""
        if not self.callbacks:
            return False
        if self.response_type == 5:
            return self.original is not None and not self.original.loading
        return True

    def touch(self) -> None:
        """Wake everyone waiting on this interaction."""
        self.changed.set()
        self.changed = asyncio.Event()

    async def wait_for(self, predicate: Callable[[InteractionResult], bool], timeout: float = PATIENCE) -> None:
        """Wait until ``predicate(self)`` is true (``TimeoutError`` after ``timeout`` seconds)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate(self):
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"interaction {self.id}: condition not met within {timeout}s; {self.summary()}"
                )
            event = self.changed
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                continue

    async def wait_followups(self, count: int = 1, timeout: float = PATIENCE) -> list[Message]:
        """Wait for at least ``count`` followup messages and return them."""
        await self.wait_for(lambda r: len(r.followups) >= count, timeout)
        return self.followups

    def summary(self) -> str:
        """One line for error messages."""
        msgs = ", ".join(f"{m.id}:{m.content[:40]!r}" for m in self.messages)
        return (
            f"type={self.type} callbacks={[c.type for c in self.callbacks]} messages=[{msgs}] "
            f"choices={self.choices is not None} modal={self.modal is not None}"
        )


# -- how the driver API names things -------------------------------------------------------

UserRef = FakeUser | int | str
"""A user: the object, its id, or its name."""
ChannelRef = FakeChannel | int | str
"""A channel: the object, its id, or its name."""
GuildRef = FakeGuild | int | str
"""A guild: the object, its id, or its name."""
MessageRef = Message | int
"""A message: the object or its id."""

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5
