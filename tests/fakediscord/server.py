"""A fake Discord (REST API v10 + gateway) for end-to-end tests of a real discord.py bot process.

Start it inside the test's event loop, point the bot at it, drive interactions, read the records::

    async with FakeDiscord() as fake:
        proc = BotProcess([sys.executable, "-m", "bot"]).start(fake.env())
        await fake.wait_ready()
        result = await fake.slash("alice", "games", "game", subcommand="new", options={"game": "chomp"})
        assert not result.ephemeral
        assert fake.errors == []

See ``tests/fakediscord/README.md`` for the full driver API.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import mimetypes
import re
import secrets
import socket
import time
import traceback
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

from tests.fakediscord import openapi, validate
from tests.fakediscord.gateway import (
    HEARTBEAT,
    HEARTBEAT_ACK,
    HELLO,
    IDENTIFY,
    INVALID_SESSION,
    PRESENCE_UPDATE,
    RECONNECT,
    REQUEST_GUILD_MEMBERS,
    RESUME,
    VOICE_STATE_UPDATE,
    GatewayConnection,
    GatewaySession,
    Identify,
)
from tests.fakediscord.models import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    DM,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GUILD_TEXT,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    PATIENCE,
    PRIVATE_THREAD,
    PRIVILEGED_INTENTS,
    PUBLIC_THREAD,
    Attachment,
    Callback,
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    InteractionResult,
    Message,
    Snowflakes,
    World,
    default_world,
    iso_now,
    shard_of,
)

T = TypeVar("T")
Handler = Callable[..., Awaitable[web.StreamResponse]]
UserRef = FakeUser | int | str
ChannelRef = FakeChannel | int | str
GuildRef = FakeGuild | int | str
MessageRef = Message | int

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Which callback types Discord accepts for which interaction type.
_ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}
_CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2 | (1 << 13)


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with ``Content-Type: application/json`` exactly (discord.py compares the header verbatim)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def no_content() -> web.Response:
    """204."""
    return web.Response(status=204)


class Refused(Exception):
    """Raised inside a handler: answer with a Discord-style error body.

    ``error=True`` also records it in :attr:`FakeDiscord.errors` (the bot did something real
    Discord rejects); otherwise it goes to :attr:`FakeDiscord.refusals` (a normal outcome the
    bot must cope with, e.g. a user whose DMs are closed).
    """

    def __init__(self, status: int, code: int, message: str, *, error: bool = True, detail: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.error = error
        self.detail = detail


@dataclass
class RequestRecord:
    """One REST request the bot made."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    files: list[str] = field(default_factory=list)
    status: int = 0


@dataclass
class _Upload:
    filename: str
    data: bytes
    content_type: str | None


class FakeDiscord:
    """The fake Discord API and gateway, plus a driver API for tests.

    Parameters
    ----------
    world:
        Users, guild, channels and roles (default: :func:`default_world`).
    token:
        The bot token the fake expects on REST calls and IDENTIFY.
    response_deadline:
        Seconds the bot has for the first answer to an interaction (Discord: 3).
    privileged_intents:
        Privileged intents "enabled in the developer portal"; IDENTIFY asking for others is
        closed with 4014 like Discord does.
    shard_count:
        The shard count ``GET /gateway/bot`` recommends (what an ``AutoShardedClient``
        without its own count uses).
    check_spec:
        Hold every REST request against Discord's OpenAPI document and record what it
        refuses in :attr:`spec_violations` (see :mod:`tests.fakediscord.openapi`).
    """

    def __init__(
        self,
        world: World | None = None,
        *,
        token: str = "fake",
        response_deadline: float = 3.0,
        privileged_intents: int = 0,
        heartbeat_interval_ms: int = 41_250,
        attachment_size_limit: int = 10 * 1024 * 1024,
        shard_count: int = 1,
        check_spec: bool = True,
    ) -> None:
        self.world = world or default_world()
        self.shard_count = shard_count
        """What ``GET /gateway/bot`` recommends. Routing follows the bot's IDENTIFYs instead:
        a guild's events go to the newest session of shard ``(guild_id >> 22) % count``."""
        self.token = token
        self.response_deadline = response_deadline
        self.privileged_intents = privileged_intents
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.attachment_size_limit = attachment_size_limit

        self.errors: list[str] = []
        """Protocol errors: unknown routes, bodies Discord would reject, late or double answers."""
        self.warnings: list[str] = []
        """Things that work but probably do not do what the bot meant."""
        self.refusals: list[str] = []
        """Requests refused as real Discord would for the simulated world (closed DMs, ...)."""
        self.requests: list[RequestRecord] = []
        self.check_spec = check_spec
        """Whether every REST request is held against Discord's OpenAPI document (:mod:`openapi`)."""
        self.spec_violations: list[str] = []
        """Requests Discord's OpenAPI document says are invalid: ``"PUT /applications/... : why"``.
        Kept apart from :attr:`errors` so a test that provokes fake errors on purpose still
        sees these; the e2e fixtures fail any test that leaves one behind."""
        self.spec_routes: dict[str, int] = {}
        """How many requests were checked against the spec, by its route (``POST /channels/{channel_id}/messages``)."""
        self.messages: list[Message] = []
        self.interactions: list[InteractionResult] = []
        self.identifies: list[Identify] = []
        self.sessions: list[GatewaySession] = []
        self.commands: dict[int | None, dict[str, dict[str, Any]]] = {}
        """Registered application commands: scope (guild id, or ``None`` for global) -> name -> command."""
        self.command_syncs: list[tuple[int | None, list[str]]] = []
        """Every bulk overwrite: (scope, command names)."""
        self.gateway_received: list[dict[str, Any]] = []
        """Every gateway payload the bot sent except heartbeats."""

        self._ids = Snowflakes()
        self._messages_by_id: dict[int, Message] = {}
        self._interactions_by_id: dict[int, InteractionResult] = {}
        self._interactions_by_token: dict[str, InteractionResult] = {}
        self._attachments: dict[int, Attachment] = {}
        self._dm_channels: dict[int, FakeChannel] = {}
        self._threads: dict[int, FakeChannel] = {}
        self._connections: set[GatewayConnection] = set()
        self._changed = asyncio.Event()
        self._inflight = 0
        self._last_activity = 0.0
        self._runner: web.AppRunner | None = None
        self._port = 0
        self._routes = self._build_routes()

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeDiscord:
        """Listen on 127.0.0.1 on a free port."""
        if self.check_spec:
            # Parse the spec now, not on the first request: that would stall this event loop
            # while a bot waits for an answer it is timed on.
            openapi.load_spec()
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/gateway", self._gateway_handler)
        app.router.add_route(
            "GET", "/attachments/{channel}/{attachment}/{filename}", self._attachment_handler
        )
        app.router.add_route("*", "/{tail:.*}", self._rest_handler)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self._port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        await site.start()
        self._last_activity = asyncio.get_running_loop().time()
        return self

    async def stop(self) -> None:
        """Close every gateway connection and stop listening."""
        for conn in list(self._connections):
            with contextlib.suppress(Exception):
                await conn.close(1001, "fake discord stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def port(self) -> int:
        """The TCP port."""
        return self._port

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT`` - what ``GAMEMASTER_DISCORD_API`` is set to."""
        return f"http://127.0.0.1:{self._port}"

    @property
    def api_url(self) -> str:
        """``http://127.0.0.1:PORT/api/v10`` - what ``discord.http.Route.BASE`` must become."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """``ws://127.0.0.1:PORT/gateway`` - what ``DiscordWebSocket.DEFAULT_GATEWAY`` must become."""
        return f"ws://127.0.0.1:{self._port}/gateway"

    def env(self, **extra: str) -> dict[str, str]:
        """Environment for a bot process: token, API base URL, dev guild, plus ``extra``."""
        env = {
            "DISCORD_TOKEN": self.token,
            "GAMEMASTER_DISCORD_API": self.base_url,
            "DEV_GUILD_ID": str(self.guild.id),
        }
        env.update(extra)
        return env

    # ------------------------------------------------------------------ world lookups

    @property
    def guild(self) -> FakeGuild:
        """The main guild (the world's first)."""
        return self.world.guild

    @property
    def guilds(self) -> list[FakeGuild]:
        """Every guild, the main one first."""
        return self.world.guilds

    def get_guild(self, ref: GuildRef) -> FakeGuild:
        """A guild by object, id or (case-insensitive) name."""
        if isinstance(ref, FakeGuild):
            return ref
        for g in self.guilds:
            if g.id == ref or (isinstance(ref, str) and g.name.lower() == ref.lower()):
                return g
        raise KeyError(f"no guild {ref!r}; known: {[g.name for g in self.guilds]}")

    def _guild_by_id(self, guild_id: int | None) -> FakeGuild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def guild_of(self, channel: ChannelRef) -> FakeGuild | None:
        """The guild a channel or thread belongs to (``None`` for a DM channel)."""
        ch = self.channel(channel)
        return None if ch.is_dm else self._guild_by_id(ch.guild_id)

    def shard_of(self, guild: GuildRef | None, shard_count: int) -> int:
        """Discord's rule: ``(guild_id >> 22) % shard_count``; DMs (``None``) are shard 0."""
        return shard_of(None if guild is None else self.get_guild(guild).id, shard_count)

    @property
    def bot_user(self) -> FakeUser:
        """The bot's own user."""
        return self.world.bot

    @property
    def application_id(self) -> int:
        """The application id (same as the bot user id)."""
        return self.world.application_id

    def user(self, ref: UserRef) -> FakeUser:
        """A user by :class:`FakeUser`, id, or username."""
        if isinstance(ref, FakeUser):
            return ref
        for user in self.world.all_users():
            if user.id == ref or (isinstance(ref, str) and user.username.lower() == ref.lower()):
                return user
        names = [u.username for u in self.world.users]
        raise KeyError(f"no user {ref!r}; known users: {names}")

    def _user_or_none(self, user_id: int) -> FakeUser | None:
        try:
            return self.user(user_id)
        except KeyError:
            return None

    def channel(self, ref: ChannelRef) -> FakeChannel:
        """A guild channel, thread or DM channel by object, id, or name (names match guild channels and threads)."""
        if isinstance(ref, FakeChannel):
            return ref
        guild_channels = [c for g in self.guilds for c in g.channels]
        for ch in [*guild_channels, *self._threads.values(), *self._dm_channels.values()]:
            if ch.id == ref or (isinstance(ref, str) and ch.name.lower() == ref.lower().lstrip("#")):
                return ch
        raise KeyError(f"no channel {ref!r}; known: {[c.name for c in guild_channels]}")

    def _channel_or_none(self, channel_id: int) -> FakeChannel | None:
        try:
            return self.channel(channel_id)
        except KeyError:
            return None

    def role(self, ref: FakeRole | int | str, guild: GuildRef | None = None) -> FakeRole:
        """A role by object, id or name; names are looked up in ``guild`` (default: the main
        guild), ids in every guild."""
        if isinstance(ref, FakeRole):
            return ref
        if guild is not None:
            return self.get_guild(guild).role(ref)
        if isinstance(ref, int):
            for g in self.guilds:
                if g.has_role(ref):
                    return g.role(ref)
        return self.guild.role(ref)

    @property
    def threads(self) -> list[FakeChannel]:
        """Threads created so far (by the bot or :meth:`add_thread`)."""
        return list(self._threads.values())

    def add_user(
        self,
        username: str,
        *,
        roles: Iterable[FakeRole | int | str] = (),
        member: bool = True,
        global_name: str | None = None,
        accepts_dms: bool = True,
        guilds: Iterable[GuildRef] = (),
    ) -> FakeUser:
        """Create a person (a member of the main guild unless ``member=False``, and of any
        other ``guilds``)."""
        user = FakeUser(
            self._ids(),
            username,
            global_name,
            roles=[self.role(r).id for r in roles] if member else None,
            accepts_dms=accepts_dms,
        )
        self.world.users.append(user)
        if member:
            self.guild.member_ids.append(user.id)
        for g in guilds:
            guild = self.get_guild(g)
            if user.id not in guild.member_ids:
                guild.member_ids.append(user.id)
        return user

    def add_channel(
        self,
        name: str,
        *,
        parent: ChannelRef | None = None,
        topic: str | None = None,
        guild: GuildRef | None = None,
    ) -> FakeChannel:
        """Create a text channel in ``guild`` (default: the main one) before the bot connects,
        or it will not know it."""
        g = self.get_guild(guild) if guild is not None else self.guild
        ch = FakeChannel(
            self._ids(),
            name,
            GUILD_TEXT,
            g.id,
            parent_id=self.channel(parent).id if parent is not None else None,
            position=len(g.channels),
            topic=topic,
        )
        g.channels.append(ch)
        return ch

    def set_roles(
        self, user: UserRef, roles: Iterable[FakeRole | int | str], guild: GuildRef | None = None
    ) -> None:
        """Replace a member's roles in ``guild`` (default: the main one); the next interaction carries them."""
        u, g = self.user(user), self.get_guild(guild) if guild is not None else self.guild
        others = [rid for rid in u.roles or [] if not g.has_role(rid)]
        u.roles = others + [self.role(r, g).id for r in roles]

    def permissions_of(self, user: UserRef, guild: GuildRef | None = None) -> int:
        """Permissions of a member in ``guild`` (default: the main one); owner and Administrator get everything."""
        u, g = self.user(user), self.get_guild(guild) if guild is not None else self.guild
        if u.id == g.owner_id:
            return ALL_PERMISSIONS
        perms = g.everyone.permissions
        for rid in u.roles or []:
            if g.has_role(rid):
                perms |= g.role(rid).permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def dm_channel(self, user: UserRef) -> FakeChannel:
        """The DM channel between the bot and ``user`` (created when missing)."""
        u = self.user(user)
        ch = self._dm_channels.get(u.id)
        if ch is None:
            ch = FakeChannel(self._ids(), f"dm-{u.username}", DM, recipient_id=u.id)
            self._dm_channels[u.id] = ch
        return ch

    # ------------------------------------------------------------------ records

    def get_message(self, ref: MessageRef) -> Message:
        """A stored message by object or id (``KeyError`` if unknown)."""
        if isinstance(ref, Message):
            return ref
        try:
            return self._messages_by_id[int(ref)]
        except KeyError:
            raise KeyError(f"no message {ref}") from None

    def messages_in(
        self, channel: ChannelRef, *, ephemeral: bool = False, deleted: bool = False
    ) -> list[Message]:
        """Messages in a channel, oldest first; ephemeral and deleted ones only when asked."""
        cid = self.channel(channel).id
        return [
            m
            for m in self.messages
            if m.channel_id == cid and (ephemeral or not m.ephemeral) and (deleted or not m.deleted)
        ]

    def last_message(self, channel: ChannelRef, *, ephemeral: bool = False) -> Message | None:
        """The newest message in a channel (public ones unless ``ephemeral=True``)."""
        msgs = self.messages_in(channel, ephemeral=ephemeral)
        return msgs[-1] if msgs else None

    def dms(self, user: UserRef) -> list[Message]:
        """Messages the bot sent to ``user`` in DMs."""
        u = self.user(user)
        ch = self._dm_channels.get(u.id)
        return [] if ch is None else self.messages_in(ch)

    def ephemerals_for(self, user: UserRef) -> list[Message]:
        """Ephemeral messages shown to ``user``."""
        uid = self.user(user).id
        ids = {r.id for r in self.interactions if r.user_id == uid}
        return [m for m in self.messages if m.ephemeral and m.interaction_id in ids and not m.deleted]

    def mark(self) -> int:
        """A position in :attr:`messages`; pass to ``wait_message(since=...)``."""
        return len(self.messages)

    @property
    def session(self) -> GatewaySession | None:
        """The newest gateway session."""
        return self.sessions[-1] if self.sessions else None

    def shard_session(self, shard_id: int) -> GatewaySession | None:
        """The newest session that identified as shard ``shard_id`` (no ``shard`` = shard 0)."""
        return next((s for s in reversed(self.sessions) if s.shard_id == shard_id), None)

    def session_for(self, guild: GuildRef | None) -> GatewaySession | None:
        """The session that carries ``guild``'s events (``None`` = DMs): the newest one whose
        shard is ``(guild_id >> 22) % its shard count``, as Discord routes them."""
        gid = None if guild is None else self.get_guild(guild).id
        return next(
            (s for s in reversed(self.sessions) if s.shard_id == shard_of(gid, s.shard_count)), None
        )

    @property
    def intents(self) -> int | None:
        """Intents of the newest IDENTIFY."""
        return self.identifies[-1].intents if self.identifies else None

    def command(self, name: str, guild: int | str | None = "auto") -> dict[str, Any]:
        """A registered chat-input command (guild commands win over global ones)."""
        scopes = [self.guild.id, None] if guild == "auto" else [guild]
        for scope in scopes:
            cmd = self.commands.get(scope, {}).get(name)  # type: ignore[arg-type]
            if cmd is not None and cmd.get("type", 1) == 1:
                return cmd
        known = {scope: sorted(cmds) for scope, cmds in self.commands.items()}
        raise LookupError(f"command /{name} is not registered (did the bot sync?); registered: {known}")

    async def _usable_command(
        self, user: FakeUser, channel: FakeChannel, name: str, timeout: float
    ) -> dict[str, Any]:
        """The command ``user`` would find in ``channel``'s command picker.

        Guild commands only exist in their guild; in a DM only global commands allowed in bot
        DMs appear. ``default_member_permissions`` hides a command from members lacking those
        permissions, as the Discord client does. If the bot has not synced anything yet this
        waits (up to ``timeout``) for its first sync.
        """
        guild = self.guild_of(channel)
        scopes: list[int | None] = [None] if guild is None else [guild.id, None]

        def find() -> dict[str, Any] | None:
            for scope in scopes:
                cmd = self.commands.get(scope, {}).get(name)
                if cmd is not None and cmd.get("type", 1) == 1:
                    return cmd
            return None

        if not self.command_syncs and find() is None:
            with contextlib.suppress(TimeoutError):
                await self.wait_until(lambda: self.command_syncs, timeout, "first command sync")
        cmd = find()
        if cmd is None:
            known = {scope: sorted(cmds) for scope, cmds in self.commands.items()}
            where = "a DM (global commands only)" if guild is None else f"guild {guild.id}"
            raise LookupError(
                f"command /{name} is not registered for {where} (did the bot sync?); registered: {known}"
            )
        if channel.is_dm:
            contexts = cmd.get("contexts")
            if cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise PermissionError(f"/{name} is not available in DMs (contexts={contexts})")
        else:
            contexts = cmd.get("contexts")
            if contexts is not None and 0 not in contexts:
                raise PermissionError(f"/{name} is not available in guilds (contexts={contexts})")
            required = cmd.get("default_member_permissions")
            if required is not None:
                need = int(required)
                have = self.permissions_of(user, guild)
                if (need == 0 and not have & ADMINISTRATOR) or (have & need) != need:
                    raise PermissionError(
                        f"{user.username} cannot see /{name}: default_member_permissions={need:#x}, "
                        f"member has {have:#x} (Discord hides the command from them)"
                    )
        return cmd

    def check(self) -> None:
        """Raise ``AssertionError`` listing every recorded protocol error and spec violation."""
        if self.errors or self.spec_violations:
            found = [*self.errors, *(f"not in Discord's spec: {v}" for v in self.spec_violations)]
            raise AssertionError("fake Discord recorded errors:\n  " + "\n  ".join(found))

    def check_spec_violations(self) -> None:
        """Raise ``AssertionError`` if a request did not fit Discord's OpenAPI document."""
        if self.spec_violations:
            raise AssertionError(
                f"requests Discord's API spec (commit {openapi.load_spec().commit[:12]}) refuses:\n  "
                + "\n  ".join(self.spec_violations)
            )

    # ------------------------------------------------------------------ waiting

    def _touch(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(
        self, predicate: Callable[[], T], timeout: float = PATIENCE, what: str = "condition"
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value (``TimeoutError`` after ``timeout``)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"{what}: not reached within {timeout}s (fake errors: {self.errors})")
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)

    async def wait_ready(
        self, timeout: float = PATIENCE, *, min_sessions: int = 1, shard: int | None = None
    ) -> GatewaySession:
        """Wait until a bot identified, got READY and every GUILD_CREATE, and is still connected.

        After restarting the bot pass ``min_sessions=len(fake.sessions) + 1`` (taken before the
        restart) so the old session does not count. With ``shard`` it is the newest session of
        that shard that must be ready, and ``min_sessions`` counts that shard's sessions only.
        """

        def ready() -> GatewaySession | None:
            if shard is None:
                s, count = self.session, len(self.sessions)
            else:
                s, count = self.shard_session(shard), sum(1 for x in self.sessions if x.shard_id == shard)
            ok = s is not None and count >= min_sessions and s.ready and s.connected
            return s if ok else None

        what = f"bot ready (session #{min_sessions}{'' if shard is None else f' of shard {shard}'})"
        return await self.wait_until(ready, timeout, what)

    async def _wait_place_ready(self, channel: FakeChannel, timeout: float) -> None:
        """Wait until the session carrying ``channel``'s guild (shard 0 for a DM) is ready."""
        guild = self.guild_of(channel)

        def ready() -> bool:
            s = self.session_for(guild)
            return s is not None and s.ready and s.connected

        where = "DMs" if guild is None else guild.name
        await self.wait_until(ready, timeout, f"bot ready for {where}")

    async def wait_disconnected(self, timeout: float = PATIENCE) -> None:
        """Wait until no gateway connection is open."""
        await self.wait_until(lambda: not self._connections, timeout, "bot disconnected")

    async def wait_commands(
        self, names: Iterable[str] = (), *, syncs: int = 1, timeout: float = PATIENCE
    ) -> None:
        """Wait until at least ``syncs`` bulk overwrites happened and every name in ``names`` is registered."""
        wanted = list(names)

        def done() -> bool:
            if len(self.command_syncs) < syncs:
                return False
            registered = {n for cmds in self.commands.values() for n in cmds}
            return all(n in registered for n in wanted)

        await self.wait_until(done, timeout, f"commands {wanted} synced")

    async def wait_message(
        self,
        channel: ChannelRef | None = None,
        predicate: Callable[[Message], bool] | None = None,
        *,
        since: int = 0,
        ephemeral: bool = False,
        timeout: float = PATIENCE,
    ) -> Message:
        """Wait for a (non-deleted) message at index >= ``since`` (see :meth:`mark`) matching the filters."""
        cid = self.channel(channel).id if channel is not None else None

        def find() -> Message | None:
            for m in self.messages[since:]:
                if m.deleted or (m.ephemeral and not ephemeral) or (cid is not None and m.channel_id != cid):
                    continue
                if predicate is None or predicate(m):
                    return m
            return None

        return await self.wait_until(find, timeout, f"message in {channel!r}")

    async def settle(self, quiet: float = 0.25, timeout: float = PATIENCE) -> None:
        """Wait until no REST request is in flight and none arrived for ``quiet`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            now = loop.time()
            idle = now - self._last_activity
            if self._inflight == 0 and idle >= quiet:
                return
            if now >= deadline:
                raise TimeoutError(f"bot still busy after {timeout}s ({self._inflight} requests in flight)")
            wait = quiet - idle if self._inflight == 0 else deadline - now
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), max(0.005, min(wait, deadline - now)))

    # ------------------------------------------------------------------ driver: interactions

    async def slash(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        *,
        subcommand: str | None = None,
        group: str | None = None,
        options: Mapping[str, Any] | None = None,
        locale: str | None = None,
        timeout: float = PATIENCE,
        wait_complete: bool = True,
    ) -> InteractionResult:
        """Run a slash command as ``user`` in ``channel`` and return once the bot answered.

        ``command`` may hold the whole path (``"game new"``, ``"admin table reset"``) or use
        ``group=`` / ``subcommand=``. Options are converted with the registered command's schema:
        users/channels/roles may be given as objects, ids or names and land in ``resolved``.
        When the bot defers with "thinking" (5), this also waits until the placeholder is
        filled in (``wait_complete=False`` to skip).
        """
        u, ch = self.user(user), self.channel(channel)
        await self._wait_place_ready(ch, timeout)
        path = command.split() + ([group] if group else []) + ([subcommand] if subcommand else [])
        cmd = await self._usable_command(u, ch, path[0], timeout)
        opts, resolved = self._build_options(cmd, path, dict(options or {}), focused=None, guild=self.guild_of(ch))
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return await self._interact(
            APPLICATION_COMMAND, u, ch, data, locale=locale, timeout=timeout, wait_complete=wait_complete
        )

    async def autocomplete(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        *,
        options: Mapping[str, Any],
        focused: str | None = None,
        subcommand: str | None = None,
        group: str | None = None,
        timeout: float = PATIENCE,
    ) -> list[dict[str, Any]]:
        """Send an autocomplete request and return the bot's choices (``[{"name", "value"}]``).

        ``focused`` names the option being typed (default: the last one in ``options``); its
        value is sent as the partial string the user typed.
        """
        u, ch = self.user(user), self.channel(channel)
        await self._wait_place_ready(ch, timeout)
        opts_in = dict(options)
        if not opts_in:
            raise ValueError("autocomplete needs at least the focused option")
        focus = focused or list(opts_in)[-1]
        path = command.split() + ([group] if group else []) + ([subcommand] if subcommand else [])
        cmd = await self._usable_command(u, ch, path[0], timeout)
        opts, resolved = self._build_options(cmd, path, opts_in, focused=focus, guild=self.guild_of(ch))
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        result = await self._interact(AUTOCOMPLETE, u, ch, data, timeout=timeout, wait_complete=False)
        return list(result.choices or [])

    async def click(
        self,
        user: UserRef,
        message: MessageRef,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        timeout: float = PATIENCE,
        wait_complete: bool = True,
    ) -> InteractionResult:
        """Press a button (by ``custom_id`` or ``label``) on a stored message as ``user``.

        Fails with ``ValueError`` when the button is missing, disabled or a link - a real
        user could not press it either.
        """
        msg = self.get_message(message)
        if msg.deleted:
            raise ValueError(f"message {msg.id} was deleted; nobody can click on it")
        if custom_id is None:
            if label is None:
                raise ValueError("click() needs custom_id or label")
            comp = msg.button(label)
        else:
            comp = msg.component(custom_id)
        if comp.get("type") != 2:
            raise ValueError(f"component {comp.get('custom_id')!r} is not a button (type {comp.get('type')})")
        if comp.get("disabled"):
            raise ValueError(f"button {comp.get('label')!r} ({comp.get('custom_id')}) is disabled")
        if comp.get("style") == 5 or "custom_id" not in comp:
            raise ValueError(
                f"button {comp.get('label')!r} is a link button; clicking it sends no interaction"
            )
        data = {"custom_id": comp["custom_id"], "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        return await self._component(user, msg, data, timeout=timeout, wait_complete=wait_complete)

    async def select(
        self,
        user: UserRef,
        message: MessageRef,
        custom_id: str,
        values: list[str],
        *,
        timeout: float = PATIENCE,
        wait_complete: bool = True,
    ) -> InteractionResult:
        """Choose ``values`` in a select menu on a stored message as ``user``.

        For a string select the values must be among its options and within min/max_values.
        """
        msg = self.get_message(message)
        comp = msg.component(custom_id)
        ctype = comp.get("type")
        if ctype not in validate.SELECT_TYPES:
            raise ValueError(f"component {custom_id!r} is not a select (type {ctype})")
        if comp.get("disabled"):
            raise ValueError(f"select {custom_id!r} is disabled")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}-{hi} values, not {len(values)}")
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": ctype,
            "values": [str(v) for v in values],
        }
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"select {custom_id!r} has no option(s) {bad}; options: {allowed}")
        else:
            data["resolved"] = self._resolve_select_values(ctype, values, self.guild_of(msg.channel_id))
            data["values"] = [str(self._snowflake_of(v)) for v in values]
        return await self._component(user, msg, data, timeout=timeout, wait_complete=wait_complete)

    async def submit_modal(
        self,
        user: UserRef,
        modal: InteractionResult,
        values: Mapping[str, str | list[str]],
        *,
        timeout: float = PATIENCE,
        wait_complete: bool = True,
    ) -> InteractionResult:
        """Submit the modal the bot opened in answer to ``modal``, filling inputs by custom_id."""
        if modal.modal is None:
            raise ValueError(f"interaction {modal.id} was not answered with a modal ({modal.summary()})")
        rows: list[dict[str, Any]] = []
        for comp in modal.modal.get("components", []):
            inner = comp.get("component") if comp.get("type") == 18 else None
            children = [inner] if inner else comp.get("components", [])
            filled = []
            for child in children:
                cid = child.get("custom_id")
                value = values.get(cid, child.get("value", ""))
                if child.get("type") == 4:
                    if child.get("required", True) and not value:
                        raise ValueError(f"modal input {cid!r} is required")
                    filled.append({"type": 4, "custom_id": cid, "value": value})
                elif "custom_id" in child:
                    vals = value if isinstance(value, list) else [value] if value else []
                    filled.append({"type": child.get("type"), "custom_id": cid, "values": vals})
            if comp.get("type") == 18:
                if filled:
                    rows.append({"type": 18, "component": filled[0]})
            else:
                rows.append({"type": 1, "components": filled})
        unknown = set(values) - {
            c.get("custom_id") for row in rows for c in (row.get("components") or [row.get("component")])
        }
        if unknown:
            raise ValueError(f"modal has no inputs {sorted(unknown)}")
        data = {"custom_id": modal.modal["custom_id"], "components": rows}
        msg = self._messages_by_id.get(modal.component_message_id or 0)
        return await self._interact(
            MODAL_SUBMIT,
            self.user(user),
            self.channel(modal.channel_id),
            data,
            message=msg,
            timeout=timeout,
            wait_complete=wait_complete,
        )

    async def _component(
        self, user: UserRef, msg: Message, data: dict[str, Any], *, timeout: float, wait_complete: bool
    ) -> InteractionResult:
        ch = self.channel(msg.channel_id)
        if msg.ephemeral and msg.interaction_id is not None:
            owner = self._interactions_by_id[msg.interaction_id].user_id
            if owner != self.user(user).id:
                raise ValueError(f"message {msg.id} is ephemeral for user {owner}; {user!r} cannot see it")
        return await self._interact(
            MESSAGE_COMPONENT,
            self.user(user),
            ch,
            data,
            message=msg,
            timeout=timeout,
            wait_complete=wait_complete,
        )

    async def _interact(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        locale: str | None = None,
        timeout: float,
        wait_complete: bool,
    ) -> InteractionResult:
        await self._wait_place_ready(channel, timeout)
        in_dm = channel.is_dm
        guild = self.guild_of(channel)
        if in_dm and channel.recipient_id != user.id:
            raise ValueError(f"{user.username} cannot act in {channel.name}")
        if guild is not None and user.id not in guild.member_ids:
            raise ValueError(f"{user.username} is not a member of {guild.name}")
        iid = self._ids()
        token = secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "channel_id": str(channel.id),
            "channel": self._channel_payload(channel),
            "token": token,
            "version": 1,
            "app_permissions": str(self.world.bot_permissions),
            "locale": locale or user.locale,
            "entitlements": [],
            "attachment_size_limit": self.attachment_size_limit,
        }
        if in_dm:
            payload["user"] = user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": "0"}
        elif guild is not None:
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            payload["guild_locale"] = guild.locale
            payload["member"] = self._member_payload(user, permissions=True, guild=guild)
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        if message is not None:
            payload["message"] = message.payload(self._user_or_none)
        result = InteractionResult(
            id=iid,
            token=token,
            type=itype,
            payload=payload,
            user_id=user.id,
            channel_id=channel.id,
            component_message_id=message.id if message is not None else None,
        )
        self.interactions.append(result)
        self._interactions_by_id[iid] = result
        self._interactions_by_token[token] = result
        session = self._event_session(payload)
        result.session = session.number if session is not None else None
        await self._dispatch("INTERACTION_CREATE", payload)
        await self._await_answer(result, timeout, wait_complete)
        return result

    async def _await_answer(self, result: InteractionResult, timeout: float, wait_complete: bool) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        kind = {2: "slash command", 3: "component", 4: "autocomplete", 5: "modal submit"}[result.type]
        try:
            await result.wait_for(lambda r: r.responded or r.rejected is not None, timeout)
        except TimeoutError:
            raise TimeoutError(
                f"the bot did not answer {kind} interaction {result.id} within {timeout}s "
                f"(check the bot's output; fake errors: {self.errors})"
            ) from None
        if result.rejected is not None:
            raise AssertionError(
                f"the bot's answer to {kind} interaction {result.id} was refused: {result.rejected}"
            )
        if wait_complete and result.response_type == 5:
            remaining = max(0.1, timeout - (loop.time() - start))
            try:
                await result.wait_for(lambda r: r.complete, remaining)
            except TimeoutError:
                raise TimeoutError(
                    f"the bot deferred {kind} interaction {result.id} but never sent the reply "
                    f"(check the bot's output; fake errors: {self.errors})"
                ) from None

    def _snowflake_of(self, ref: Any) -> int:
        if isinstance(ref, FakeUser | FakeRole | FakeChannel):
            return ref.id
        if isinstance(ref, int) or (isinstance(ref, str) and ref.isdigit()):
            return int(ref)
        for finder in (self.user, self.role, self.channel):
            with contextlib.suppress(KeyError):
                return finder(ref).id  # type: ignore[operator]
        raise KeyError(f"no user, role or channel {ref!r}")

    def _resolve_select_values(
        self, ctype: int, values: list[Any], guild: FakeGuild | None = None
    ) -> dict[str, Any]:
        resolved: dict[str, Any] = {}
        for v in values:
            self._add_resolved(resolved, option_type={5: 6, 6: 8, 7: 9, 8: 7}[ctype], ref=v, guild=guild)
        return resolved

    def _add_resolved(
        self, resolved: dict[str, Any], *, option_type: int, ref: Any, guild: FakeGuild | None = None
    ) -> str:
        """Add a user (6), role (8), mentionable (9) or channel (7) to a ``resolved`` map; returns the id."""
        kind = option_type
        if kind == 9:
            kind = 8
            if not isinstance(ref, FakeRole):
                with contextlib.suppress(KeyError):
                    self.user(ref)
                    kind = 6
        if kind == 6:
            u = self.user(ref)
            resolved.setdefault("users", {})[str(u.id)] = u.payload()
            if u.id in (guild or self.guild).member_ids:
                member = self._member_payload(u, permissions=True, guild=guild)
                member.pop("user")
                resolved.setdefault("members", {})[str(u.id)] = member
            return str(u.id)
        if kind == 8:
            r = self.role(ref, guild)
            resolved.setdefault("roles", {})[str(r.id)] = r.payload()
            return str(r.id)
        if kind == 7:
            c = self.channel(ref)
            entry = self._channel_payload(c)
            entry["permissions"] = str(ALL_PERMISSIONS)
            resolved.setdefault("channels", {})[str(c.id)] = entry
            return str(c.id)
        raise ValueError(f"cannot resolve option type {kind}")

    def _build_options(
        self,
        cmd: dict[str, Any],
        path: list[str],
        given: dict[str, Any],
        *,
        focused: str | None,
        guild: FakeGuild | None = None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """Turn ``{"name": value}`` into Discord's nested option payload using the command's schema."""
        schema = cmd.get("options") or []
        chain: list[dict[str, Any]] = []
        for name in path[1:]:
            spec = next((o for o in schema if o.get("name") == name and o.get("type") in (1, 2)), None)
            if spec is None:
                subs = [o["name"] for o in schema if o.get("type") in (1, 2)]
                raise ValueError(f"/{' '.join(path)}: no subcommand {name!r}; available: {subs}")
            chain.append(spec)
            schema = spec.get("options") or []
        if any(o.get("type") in (1, 2) for o in schema):
            subs = [o["name"] for o in schema if o.get("type") in (1, 2)]
            raise ValueError(f"/{' '.join(path)} needs a subcommand: {subs}")
        resolved: dict[str, Any] = {}
        leaf: list[dict[str, Any]] = []
        by_name = {o["name"]: o for o in schema}
        for name, value in given.items():
            spec = by_name.get(name)
            if spec is None:
                raise ValueError(f"/{' '.join(path)} has no option {name!r}; options: {list(by_name)}")
            entry: dict[str, Any] = {"name": name, "type": spec["type"]}
            if name == focused:
                entry["value"] = "" if value is None else str(value)
                entry["focused"] = True
            else:
                entry["value"] = self._convert_option(path, spec, value, resolved, guild)
            leaf.append(entry)
        if focused is None:
            missing = [o["name"] for o in schema if o.get("required") and o["name"] not in given]
            if missing:
                raise ValueError(f"/{' '.join(path)}: required option(s) {missing} missing")
        elif focused not in given:
            raise ValueError(f"focused option {focused!r} is not among the given options")
        elif not by_name[focused].get("autocomplete"):
            raise ValueError(f"option {focused!r} of /{' '.join(path)} has no autocomplete")
        options = leaf
        for spec in reversed(chain):
            options = [{"name": spec["name"], "type": spec["type"], "options": options}]
        return options, resolved

    def _convert_option(
        self,
        path: list[str],
        spec: dict[str, Any],
        value: Any,
        resolved: dict[str, Any],
        guild: FakeGuild | None = None,
    ) -> Any:
        where = f"/{' '.join(path)} option {spec['name']!r}"
        otype = spec["type"]
        if otype == 3:
            out: Any = str(value)
            lo, hi = spec.get("min_length", 0), spec.get("max_length", 6000)
            if not lo <= len(out) <= hi:
                raise ValueError(f"{where}: length {len(out)} outside {lo}-{hi}")
        elif otype == 4:
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise ValueError(f"{where}: integer expected, got {value!r}")
            out = int(value)
        elif otype == 10:
            out = float(value)
        elif otype == 5:
            if not isinstance(value, bool):
                raise ValueError(f"{where}: boolean expected, got {value!r}")
            out = value
        elif otype in (6, 7, 8, 9):
            return self._add_resolved(resolved, option_type=otype, ref=value, guild=guild)
        elif otype == 11:
            filename, data = value
            att = Attachment(self._ids(), filename, bytes(data), mimetypes.guess_type(filename)[0])
            att.url = f"{self.base_url}/attachments/0/{att.id}/{filename}"
            self._attachments[att.id] = att
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
            return str(att.id)
        else:
            raise ValueError(f"{where}: unsupported option type {otype}")
        if otype in (4, 10):
            lo, hi = spec.get("min_value"), spec.get("max_value")
            if (lo is not None and out < lo) or (hi is not None and out > hi):
                raise ValueError(f"{where}: {out} outside {lo}..{hi}")
        choices = spec.get("choices")
        if choices and out not in [c["value"] for c in choices]:
            raise ValueError(f"{where}: {out!r} is not one of the choices {[c['value'] for c in choices]}")
        return out

    # ------------------------------------------------------------------ driver: other events

    async def user_message(self, user: UserRef, channel: ChannelRef, content: str) -> Message:
        """A person posts a message (MESSAGE_CREATE; content blanked without the message content
        intent unless it is a DM or mentions the bot, as Discord does)."""
        u, ch = self.user(user), self.channel(channel)
        msg = Message(
            id=self._ids(),
            channel_id=ch.id,
            guild_id=ch.guild_id,
            author=u.payload(),
            content=content,
            source="user",
        )
        self._store_message(msg)
        payload = msg.payload(self._user_or_none)
        guild = self.guild_of(ch)
        if guild is not None and u.id not in guild.member_ids:
            raise ValueError(f"{u.username} is not a member of {guild.name}")
        session = self.session_for(guild)
        intents = session.intents if session else 0
        mentions_bot = self.bot_user.id in msg.mentioned_user_ids
        if not (intents & INTENT_MESSAGE_CONTENT) and not ch.is_dm and not mentions_bot:
            payload.update(content="", embeds=[], attachments=[], components=[])
        if guild is not None:
            member = self._member_payload(u, guild=guild)
            member.pop("user")
            payload["member"] = member
        await self._dispatch_if(
            INTENT_DIRECT_MESSAGES if ch.is_dm else INTENT_GUILD_MESSAGES, "MESSAGE_CREATE", payload
        )
        return msg

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send any gateway DISPATCH event to the bot."""
        await self._dispatch(event, data)

    async def drop_connection(self, code: int = 4000, *, shard: int | None = None) -> None:
        """Close the bot's gateway connection (the newest, or ``shard``'s); it should reconnect and RESUME."""
        s = self.session if shard is None else self.shard_session(shard)
        if s is not None and s.connection is not None:
            await s.connection.close(code, "dropped by test")

    async def send_reconnect(self, *, shard: int | None = None) -> None:
        """Send op 7 RECONNECT on the newest session (or ``shard``'s); the bot should reconnect and RESUME."""
        s = self.session if shard is None else self.shard_session(shard)
        if s is not None and s.connection is not None:
            await s.connection.send({"op": RECONNECT, "d": None})

    # ------------------------------------------------------------------ gateway

    @staticmethod
    def _event_guild(data: dict[str, Any]) -> int | None:
        gid = data.get("guild_id")
        return int(gid) if gid else None

    def _event_session(self, data: dict[str, Any]) -> GatewaySession | None:
        """The session an event goes to: the one carrying its ``guild_id``'s shard (DMs: shard 0)."""
        gid = self._event_guild(data)
        return next(
            (s for s in reversed(self.sessions) if s.shard_id == shard_of(gid, s.shard_count)), None
        )

    async def _dispatch(self, event: str, data: dict[str, Any]) -> None:
        session = self._event_session(data)
        if session is None:
            gid = self._event_guild(data)
            who = "the bot never identified" if not self.sessions else f"no session carries guild {gid}'s shard"
            raise RuntimeError(f"cannot dispatch {event}: {who}")
        conn = session.connection
        if conn is None or conn.closed:
            session.pending.append((event, data))
            return
        try:
            await conn.dispatch(session, event, data)
        except (ConnectionResetError, RuntimeError):
            session.pending.append((event, data))

    async def _dispatch_if(self, intent: int, event: str, data: dict[str, Any]) -> None:
        session = self._event_session(data)
        if session is not None and session.intents & intent:
            await self._dispatch(event, data)

    async def _gateway_handler(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        compress = request.query.get("compress")
        # zlib-stream is implemented; anything else (zstd-stream, which discord.py picks when
        # zstandard / compression.zstd is importable) gets plain text frames, which discord.py
        # accepts whatever it asked for.
        conn = GatewayConnection(ws, compress)
        self._connections.add(conn)
        self._touch()
        try:
            await conn.send(
                {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}, "s": None, "t": None}
            )
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    try:
                        await self._on_gateway_payload(conn, json.loads(msg.data))
                    except ConnectionResetError:
                        break
                    except Exception:
                        self.errors.append(
                            f"gateway: fake crashed handling {msg.data[:200]}: {traceback.format_exc()}"
                        )
                elif msg.type == WSMsgType.BINARY:
                    self.errors.append("gateway: the bot sent a binary frame")
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            conn.closed = True
            self._connections.discard(conn)
            session = conn.session
            if session is not None and session.connection is conn:
                session.connection = None
                session.ready = False
            self._touch()
        return ws

    async def _on_gateway_payload(self, conn: GatewayConnection, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            await conn.send({"op": HEARTBEAT_ACK})
            return
        self.gateway_received.append(payload)
        if op == IDENTIFY:
            await self._on_identify(conn, data or {})
        elif op == RESUME:
            await self._on_resume(conn, data or {})
        elif op == REQUEST_GUILD_MEMBERS:
            await self._on_request_members(conn, data or {})
        elif op in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
            pass
        else:
            self.errors.append(f"gateway: unexpected opcode {op}: {payload}")

    async def _on_identify(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        ident = Identify(
            token=data.get("token", ""),
            intents=int(data.get("intents") or 0),
            properties=data.get("properties", {}),
            shard=data.get("shard"),
            compress=conn.compress,
        )
        self.identifies.append(ident)
        if conn.session is not None:
            self.errors.append("gateway: IDENTIFY sent twice on one connection")
            await conn.close(4005, "Already authenticated.")
            return
        if not await self._check_shard(conn, ident):
            return
        if ident.token != self.token:
            self.errors.append(f"gateway: IDENTIFY with the wrong token ({len(ident.token)} characters)")
            await conn.close(4004, "Authentication failed.")
            return
        if "intents" not in data:
            self.errors.append("gateway: IDENTIFY without intents")
            await conn.close(4013, "Invalid intent(s).")
            return
        disallowed = ident.intents & PRIVILEGED_INTENTS & ~self.privileged_intents
        if disallowed:
            self.errors.append(
                f"gateway: bot asked for privileged intents {disallowed:#x} not enabled "
                "(FakeDiscord(privileged_intents=...) to allow)"
            )
            await conn.close(4014, "Disallowed intent(s).")
            return
        session = GatewaySession(
            session_id=secrets.token_hex(16), identify=ident, number=len(self.sessions) + 1
        )
        session.connection = conn
        conn.session = session
        self.sessions.append(session)
        guilds = [g for g in self.guilds if shard_of(g.id, session.shard_count) == session.shard_id]
        session.guild_ids = [g.id for g in guilds]
        ready = {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "bot": True},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
        }
        if ident.shard is not None:
            ready["shard"] = ident.shard
        await conn.dispatch(session, "READY", ready)
        if ident.intents & INTENT_GUILDS:
            for g in guilds:
                await conn.dispatch(session, "GUILD_CREATE", self._guild_create_payload(g, ident.intents))
        else:
            self.warnings.append("gateway: bot did not ask for the GUILDS intent; it gets no GUILD_CREATE")
        session.ready = True
        self._touch()

    async def _check_shard(self, conn: GatewayConnection, ident: Identify) -> bool:
        """Refuse a malformed ``shard`` (4010, as Discord) and a shard that a live session of
        the same count already holds (recorded as an error: the two would split its events)."""
        shard = ident.shard
        if shard is None:
            shard_id, count = 0, 1
        else:
            ok = (
                isinstance(shard, list)
                and len(shard) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in shard)
                and shard[1] >= 1
                and 0 <= shard[0] < shard[1]
            )
            if not ok:
                self.errors.append(f"gateway: IDENTIFY with an invalid shard {shard!r}")
                await conn.close(4010, "Invalid shard.")
                return False
            shard_id, count = shard
        for other in self.sessions:
            if other.connected and other.shard_count == count and other.shard_id == shard_id:
                self.errors.append(
                    f"gateway: a second IDENTIFY for shard [{shard_id}, {count}] while session "
                    f"#{other.number} still holds it"
                )
                await conn.close(4010, "Invalid shard.")
                return False
        return True

    async def _on_resume(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        session = next((s for s in self.sessions if s.session_id == data.get("session_id")), None)
        newest = None if session is None else self.shard_session(session.shard_id)
        if session is None or session is not newest or data.get("token") != self.token:
            await conn.send({"op": INVALID_SESSION, "d": False})
            return
        old = session.connection
        if old is not None and old is not conn:
            await old.close(4000, "resumed elsewhere")
        session.connection = conn
        conn.session = session
        pending, session.pending = session.pending, []
        for event, payload in pending:
            await conn.dispatch(session, event, payload)
        await conn.dispatch(session, "RESUMED", {})
        session.ready = True
        self._touch()

    async def _on_request_members(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        session = conn.session
        if session is None:
            self.errors.append("gateway: REQUEST_GUILD_MEMBERS before IDENTIFY")
            return
        query = (data.get("query") or "").lower()
        user_ids = {int(u) for u in data.get("user_ids") or []}
        limit = data.get("limit") or 0
        guild = self._guild_by_id(int(data.get("guild_id") or 0))
        if guild is None or shard_of(guild.id, session.shard_count) != session.shard_id:
            self.errors.append(f"gateway: REQUEST_GUILD_MEMBERS for guild {data.get('guild_id')} not on this shard")
            return
        members = []
        for uid in guild.member_ids:
            u = self.user(uid)
            if user_ids and uid not in user_ids:
                continue
            if query and not u.username.lower().startswith(query):
                continue
            members.append(self._member_payload(u, guild=guild))
        if limit:
            members = members[:limit]
        chunk = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
            "nonce": data.get("nonce"),
        }
        await conn.dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)

    # ------------------------------------------------------------------ payload builders

    def _member_payload(
        self, user: FakeUser, *, permissions: bool = False, guild: FakeGuild | None = None
    ) -> dict[str, Any]:
        g = guild or self.guild
        data: dict[str, Any] = {
            "user": user.payload(),
            "roles": [str(r) for r in user.roles or [] if g.has_role(r)],
            "nick": user.nick,
            "avatar": None,
            "banner": None,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if permissions:
            data["permissions"] = str(self.permissions_of(user, g))
        return data

    def _channel_payload(self, ch: FakeChannel) -> dict[str, Any]:
        if ch.is_dm:
            recipient = self.user(ch.recipient_id or 0)
            return {
                "id": str(ch.id),
                "type": DM,
                "last_message_id": None,
                "flags": 0,
                "recipients": [recipient.payload()],
            }
        data: dict[str, Any] = {
            "id": str(ch.id),
            "type": ch.type,
            "guild_id": str(ch.guild_id if ch.guild_id is not None else self.guild.id),
            "name": ch.name,
            "position": ch.position,
            "permission_overwrites": [],
            "parent_id": str(ch.parent_id) if ch.parent_id else None,
            "nsfw": False,
            "flags": 0,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "topic": ch.topic,
        }
        if ch.is_thread:
            data.pop("permission_overwrites")
            data.pop("topic")
            data.update(
                owner_id=str(ch.owner_id or self.bot_user.id),
                message_count=len(self.messages_in(ch)),
                total_message_sent=len(self.messages_in(ch)),
                member_count=len(ch.thread_members),
                thread_metadata={
                    "archived": ch.archived,
                    "auto_archive_duration": ch.auto_archive_duration,
                    "archive_timestamp": ch.created_at,
                    "locked": ch.locked,
                    "invitable": True,
                    "create_timestamp": ch.created_at,
                },
            )
        return data

    def _guild_payload(self, g: FakeGuild) -> dict[str, Any]:
        first_text = next(iter(g.text_channels()), None)
        return {
            "id": str(g.id),
            "name": g.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(g.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in g.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(first_text.id) if first_text else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": g.locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }

    def _guild_create_payload(self, g: FakeGuild, intents: int) -> dict[str, Any]:
        if intents & INTENT_GUILD_MEMBERS:
            member_users = [self.user(uid) for uid in g.member_ids]
        else:
            member_users = [self.bot_user]
        return {
            **self._guild_payload(g),
            "unavailable": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "large": False,
            "member_count": len(g.member_ids),
            "members": [self._member_payload(u, guild=g) for u in member_users],
            "channels": [self._channel_payload(c) for c in g.channels],
            "threads": [
                self._channel_payload(t) for t in self._threads.values() if not t.archived and t.guild_id == g.id
            ],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _message_event_payload(self, msg: Message) -> dict[str, Any]:
        payload = msg.payload(self._user_or_none)
        guild = self._guild_by_id(msg.guild_id)
        if guild is not None:
            author = self._user_or_none(int(msg.author["id"]))
            if author is not None and author.id in guild.member_ids:
                member = self._member_payload(author, guild=guild)
                member.pop("user")
                payload["member"] = member
        return payload

    # ------------------------------------------------------------------ REST plumbing

    def _build_routes(self) -> list[tuple[str, re.Pattern[str], Handler]]:
        s = r"(\d+)"
        t = r"([^/]+)"
        table: list[tuple[str, str, Handler]] = [
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway_bot),
            ("GET", "/users/@me", self._get_me),
            ("GET", f"/users/{s}", self._get_user),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/applications/@me", self._get_application),
            ("GET", f"/applications/{s}/commands", self._list_commands),
            ("PUT", f"/applications/{s}/commands", self._overwrite_commands),
            ("POST", f"/applications/{s}/commands", self._upsert_command),
            ("GET", f"/applications/{s}/commands/{s}", self._get_command),
            ("PATCH", f"/applications/{s}/commands/{s}", self._edit_command),
            ("DELETE", f"/applications/{s}/commands/{s}", self._delete_command),
            ("GET", f"/applications/{s}/guilds/{s}/commands/permissions", self._command_permissions),
            ("GET", f"/applications/{s}/guilds/{s}/commands", self._list_commands),
            ("PUT", f"/applications/{s}/guilds/{s}/commands", self._overwrite_commands),
            ("POST", f"/applications/{s}/guilds/{s}/commands", self._upsert_command),
            ("GET", f"/applications/{s}/guilds/{s}/commands/{s}", self._get_command),
            ("PATCH", f"/applications/{s}/guilds/{s}/commands/{s}", self._edit_command),
            ("DELETE", f"/applications/{s}/guilds/{s}/commands/{s}", self._delete_command),
            ("POST", f"/interactions/{s}/{t}/callback", self._interaction_callback),
            ("GET", f"/webhooks/{s}/{t}/messages/@original", self._get_original),
            ("PATCH", f"/webhooks/{s}/{t}/messages/@original", self._edit_original),
            ("DELETE", f"/webhooks/{s}/{t}/messages/@original", self._delete_original),
            ("POST", f"/webhooks/{s}/{t}", self._followup),
            ("GET", f"/webhooks/{s}/{t}/messages/{s}", self._get_webhook_message),
            ("PATCH", f"/webhooks/{s}/{t}/messages/{s}", self._edit_webhook_message),
            ("DELETE", f"/webhooks/{s}/{t}/messages/{s}", self._delete_webhook_message),
            ("GET", f"/channels/{s}", self._get_channel),
            ("PATCH", f"/channels/{s}", self._edit_channel),
            ("DELETE", f"/channels/{s}", self._delete_channel),
            ("GET", f"/channels/{s}/messages", self._list_messages),
            ("POST", f"/channels/{s}/messages", self._create_channel_message),
            ("GET", f"/channels/{s}/messages/{s}", self._get_channel_message),
            ("PATCH", f"/channels/{s}/messages/{s}", self._edit_channel_message),
            ("DELETE", f"/channels/{s}/messages/{s}", self._delete_channel_message),
            ("POST", f"/channels/{s}/messages/bulk-delete", self._bulk_delete),
            ("POST", f"/channels/{s}/typing", self._no_content),
            ("PUT", f"/channels/{s}/messages/{s}/reactions/{t}/@me", self._add_reaction),
            ("DELETE", f"/channels/{s}/messages/{s}/reactions/{t}/@me", self._no_content),
            ("DELETE", f"/channels/{s}/messages/{s}/reactions", self._no_content),
            ("PUT", f"/channels/{s}/pins/{s}", self._pin),
            ("DELETE", f"/channels/{s}/pins/{s}", self._unpin),
            ("PUT", f"/channels/{s}/messages/pins/{s}", self._pin),
            ("DELETE", f"/channels/{s}/messages/pins/{s}", self._unpin),
            ("POST", f"/channels/{s}/threads", self._create_thread),
            ("POST", f"/channels/{s}/messages/{s}/threads", self._create_thread_from_message),
            ("PUT", f"/channels/{s}/thread-members/{t}", self._add_thread_member),
            ("DELETE", f"/channels/{s}/thread-members/{t}", self._remove_thread_member),
            ("GET", f"/channels/{s}/thread-members", self._list_thread_members),
            ("GET", f"/guilds/{s}", self._get_guild),
            ("GET", f"/guilds/{s}/channels", self._get_guild_channels),
            ("GET", f"/guilds/{s}/roles", self._get_guild_roles),
            ("GET", f"/guilds/{s}/members", self._list_members),
            ("GET", f"/guilds/{s}/members/{s}", self._get_member),
            ("GET", f"/guilds/{s}/threads/active", self._active_threads),
        ]
        return [(method, re.compile(f"^{pattern}$"), handler) for method, pattern, handler in table]

    async def _rest_handler(self, request: web.Request) -> web.StreamResponse:
        loop = asyncio.get_running_loop()
        self._inflight += 1
        self._last_activity = loop.time()
        self._touch()
        record = RequestRecord(request.method, request.path, dict(request.query), None)
        self.requests.append(record)
        try:
            response = await self._route(request, record)
        except Refused as exc:
            where = f"{request.method} {request.path}"
            note = f"{where}: {exc.status} {exc.message}" + (f" ({exc.detail})" if exc.detail else "")
            (self.errors if exc.error else self.refusals).append(note)
            body: dict[str, Any] = {"message": exc.message, "code": exc.code}
            if exc.detail:
                body["errors"] = {"_errors": [{"code": "INVALID", "message": exc.detail}]}
            response = json_response(body, exc.status)
        except Exception:
            self.errors.append(f"{request.method} {request.path}: fake crashed: {traceback.format_exc()}")
            response = json_response({"message": "fake discord crashed", "code": 0}, 400)
        finally:
            self._inflight -= 1
            self._last_activity = loop.time()
            self._touch()
        record.status = response.status
        return response

    async def _route(self, request: web.Request, record: RequestRecord) -> web.StreamResponse:
        prefix = "/api/v10"
        if not request.path.startswith(prefix + "/"):
            raise Refused(404, 0, "404: Not Found", detail="path is not under /api/v10")
        path = request.path[len(prefix) :]
        found = next(
            (
                (h, m)
                for method, pattern, h in self._routes
                if method == request.method and (m := pattern.match(path))
            ),
            None,
        )
        if found is None:
            raise Refused(404, 0, "404: Not Found", detail="route not implemented by the fake")
        handler, match = found
        if not path.startswith(("/webhooks/", "/interactions/")):
            auth = request.headers.get("Authorization")
            if auth != f"Bot {self.token}":
                raise Refused(401, 0, "401: Unauthorized", detail=f"Authorization header {auth!r:.20}")
        body, files = await self._read_body(request)
        record.body = body
        record.files = [f.filename for f in files.values()]
        if self.check_spec:
            self._check_against_spec(request, body)
        return await handler(request, *match.groups(), body=body, files=files)

    def _check_against_spec(self, request: web.Request, body: Any) -> None:
        """Record what Discord's OpenAPI document says is wrong with this request (see :mod:`openapi`)."""
        route, problems = openapi.check_request(request.method, request.path, body, has_body=request.body_exists)
        if route is not None:
            self.spec_routes[route] = self.spec_routes.get(route, 0) + 1
        where = route or f"{request.method} {request.path}"
        self.spec_violations += [f"{where}: {problem}" for problem in problems]

    async def _read_body(self, request: web.Request) -> tuple[Any, dict[int, _Upload]]:
        files: dict[int, _Upload] = {}
        if request.content_type.startswith("multipart/"):
            body: Any = None
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                name = part.name or ""
                data = await part.read()  # type: ignore[union-attr]
                if name == "payload_json":
                    body = json.loads(bytes(data).decode())
                    continue
                m = re.fullmatch(r"files\[(\d+)\]|file(\d*)", name)
                if m is None:
                    raise Refused(
                        400, 50035, "Invalid Form Body", detail=f"unexpected multipart field {name!r}"
                    )
                index = int(m.group(1) or m.group(2) or 0)
                filename = part.filename or f"file{index}"
                files[index] = _Upload(filename, bytes(data), mimetypes.guess_type(filename)[0])
            return body, files
        raw = await request.read()
        if not raw:
            return None, files
        try:
            return json.loads(raw), files
        except ValueError:
            raise Refused(400, 50109, "The request body contains invalid JSON.") from None

    def _check_app(self, app: str) -> None:
        if int(app) != self.application_id:
            raise Refused(404, 10002, "Unknown Application", detail=f"application id {app}")

    async def _attachment_handler(self, request: web.Request) -> web.StreamResponse:
        att = self._attachments.get(int(request.match_info["attachment"]))
        if att is None:
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")

    # ------------------------------------------------------------------ REST: misc

    async def _no_content(self, request: web.Request, *args: str, body: Any, files: Any) -> web.Response:
        return no_content()

    async def _get_gateway(self, request: web.Request, *, body: Any, files: Any) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request, *, body: Any, files: Any) -> web.Response:
        return json_response(
            {
                "url": self.gateway_url,
                "shards": self.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 14_400_000,
                    "max_concurrency": 1,
                },
            }
        )

    async def _get_me(self, request: web.Request, *, body: Any, files: Any) -> web.Response:
        return json_response(
            {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "locale": "en-US"}
        )

    async def _get_user(self, request: web.Request, uid: str, *, body: Any, files: Any) -> web.Response:
        user = self._user_or_none(int(uid))
        if user is None:
            raise Refused(404, 10013, "Unknown User", error=False)
        return json_response(user.payload())

    async def _get_application(self, request: web.Request, *, body: Any, files: Any) -> web.Response:
        owner = self.user(self.guild.owner_id)
        return json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.username,
                "icon": None,
                "description": "",
                "summary": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": self.bot_user.payload(),
                "owner": owner.payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "approximate_guild_count": len(self.guilds),
                "integration_types_config": {"0": {}},
            }
        )

    async def _create_dm(self, request: web.Request, *, body: Any, files: Any) -> web.Response:
        rid = (body or {}).get("recipient_id")
        user = self._user_or_none(int(rid)) if rid is not None and str(rid).isdigit() else None
        if user is None:
            raise Refused(400, 50033, "Invalid Recipients", detail=f"recipient_id {rid!r}")
        if user.bot:
            raise Refused(400, 50007, "Cannot send messages to this user", error=False)
        return json_response(self._channel_payload(self.dm_channel(user)))

    # ------------------------------------------------------------------ REST: application commands

    def _scope(self, app: str, guild: str | None) -> int | None:
        self._check_app(app)
        if guild is None:
            return None
        if self._guild_by_id(int(guild)) is None:
            raise Refused(403, 50001, "Missing Access", detail=f"the bot is not in guild {guild}")
        return int(guild)

    def _normalise_command(
        self, cmd: dict[str, Any], scope: int | None, existing: dict[str, Any] | None
    ) -> dict[str, Any]:
        out = dict(cmd)
        out.setdefault("type", 1)
        out.setdefault("description", "")
        out.setdefault("options", [])
        out.setdefault("default_member_permissions", None)
        out.setdefault("nsfw", False)
        out["id"] = existing["id"] if existing else str(self._ids())
        out["application_id"] = str(self.application_id)
        out["version"] = str(self._ids())
        if scope is not None:
            out["guild_id"] = str(scope)
        else:
            out.setdefault("contexts", None)
            out.setdefault("integration_types", [0])
        return out

    async def _list_commands(
        self, request: web.Request, app: str, guild: str | None = None, *, body: Any, files: Any
    ) -> web.Response:
        scope = self._scope(app, guild)
        return json_response(list(self.commands.get(scope, {}).values()))

    async def _overwrite_commands(
        self, request: web.Request, app: str, guild: str | None = None, *, body: Any, files: Any
    ) -> web.Response:
        scope = self._scope(app, guild)
        if not isinstance(body, list):
            raise Refused(400, 50035, "Invalid Form Body", detail="bulk overwrite needs a JSON list")
        if len(body) > 100:
            raise Refused(400, 30032, "Maximum number of application commands reached (100)")
        problems = [p for cmd in body for p in validate.validate_command(cmd)]
        keys = [(c.get("type", 1), c.get("name")) for c in body]
        if len(set(keys)) != len(keys):
            problems.append(f"duplicate command names {keys}")
        if problems:
            raise Refused(400, 50035, "Invalid Form Body", detail="; ".join(problems))
        old = self.commands.get(scope, {})
        new = {c["name"]: self._normalise_command(c, scope, old.get(c["name"])) for c in body}
        self.commands[scope] = new
        self.command_syncs.append((scope, list(new)))
        self._touch()
        return json_response(list(new.values()))

    async def _upsert_command(
        self, request: web.Request, app: str, guild: str | None = None, *, body: Any, files: Any
    ) -> web.Response:
        scope = self._scope(app, guild)
        problems = validate.validate_command(body or {})
        if problems:
            raise Refused(400, 50035, "Invalid Form Body", detail="; ".join(problems))
        cmds = self.commands.setdefault(scope, {})
        cmd = self._normalise_command(body, scope, cmds.get(body["name"]))
        cmds[cmd["name"]] = cmd
        self._touch()
        return json_response(cmd, 201)

    def _find_command(self, scope: int | None, cid: str) -> dict[str, Any]:
        for cmd in self.commands.get(scope, {}).values():
            if cmd["id"] == cid:
                return cmd
        raise Refused(404, 10063, "Unknown application command", detail=f"id {cid}")

    async def _get_command(
        self, request: web.Request, app: str, *ids: str, body: Any, files: Any
    ) -> web.Response:
        guild, cid = (ids[0], ids[1]) if len(ids) == 2 else (None, ids[0])
        return json_response(self._find_command(self._scope(app, guild), cid))

    async def _edit_command(
        self, request: web.Request, app: str, *ids: str, body: Any, files: Any
    ) -> web.Response:
        guild, cid = (ids[0], ids[1]) if len(ids) == 2 else (None, ids[0])
        scope = self._scope(app, guild)
        cmd = self._find_command(scope, cid)
        merged = {**cmd, **(body or {})}
        problems = validate.validate_command(merged)
        if problems:
            raise Refused(400, 50035, "Invalid Form Body", detail="; ".join(problems))
        self.commands[scope].pop(cmd["name"])
        self.commands[scope][merged["name"]] = merged
        return json_response(merged)

    async def _delete_command(
        self, request: web.Request, app: str, *ids: str, body: Any, files: Any
    ) -> web.Response:
        guild, cid = (ids[0], ids[1]) if len(ids) == 2 else (None, ids[0])
        scope = self._scope(app, guild)
        cmd = self._find_command(scope, cid)
        self.commands[scope].pop(cmd["name"])
        return no_content()

    async def _command_permissions(
        self, request: web.Request, app: str, guild: str, *, body: Any, files: Any
    ) -> web.Response:
        self._scope(app, guild)
        return json_response([])

    # ------------------------------------------------------------------ messages: building and editing

    def _store_message(self, msg: Message) -> None:
        self.messages.append(msg)
        self._messages_by_id[msg.id] = msg
        for att in msg.attachments:
            self._attachments[att.id] = att
        self._touch()

    def _attachments_from(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: dict[int, _Upload],
        existing: list[Attachment] | None,
    ) -> list[Attachment]:
        """The attachment list after a create (``existing=None``) or an edit."""
        specs = body.get("attachments")
        uploads = dict(files)
        for upload in uploads.values():
            if len(upload.data) > self.attachment_size_limit:
                raise Refused(
                    413,
                    40005,
                    "Request entity too large",
                    detail=f"{upload.filename} has {len(upload.data)} bytes",
                )
        if len(uploads) > 10:
            raise Refused(400, 50035, "Invalid Form Body", detail=f"{len(uploads)} files (max 10)")

        def make(upload: _Upload, spec: dict[str, Any] | None = None) -> Attachment:
            filename = (spec or {}).get("filename") or upload.filename
            att = Attachment(
                self._ids(),
                filename,
                upload.data,
                mimetypes.guess_type(filename)[0],
                (spec or {}).get("description"),
            )
            att.url = f"{self.base_url}/attachments/{channel_id}/{att.id}/{filename}"
            return att

        if specs is None:
            return list(existing or []) + [make(u) for _, u in sorted(uploads.items())]
        result: list[Attachment] = []
        used: set[int] = set()
        by_id = {str(a.id): a for a in existing or []}
        for i, spec in enumerate(specs):
            sid = str(spec.get("id"))
            if sid in by_id:
                result.append(by_id[sid])
            elif sid.isdigit() and int(sid) in uploads:
                result.append(make(uploads[int(sid)], spec))
                used.add(int(sid))
            else:
                raise Refused(
                    400,
                    50035,
                    "Invalid Form Body",
                    detail=f"attachments[{i}] id {sid} is neither an upload nor an existing attachment",
                )
        result += [make(u) for idx, u in sorted(uploads.items()) if idx not in used]
        return result

    def _new_message(
        self,
        ch: FakeChannel,
        body: Any,
        files: dict[int, _Upload],
        *,
        source: str,
        interaction: InteractionResult | None = None,
        allow_ephemeral: bool = False,
        extra_flags: int = 0,
        allow_empty: bool = False,
    ) -> Message:
        """Validate a create body and build (not yet store) the message."""
        body = body if isinstance(body, dict) else {}
        flags = int(body.get("flags") or 0)
        if flags & FLAG_EPHEMERAL and not allow_ephemeral:
            self.warnings.append(f"message to #{ch.name} asked for EPHEMERAL outside an interaction; ignored")
        keep = _CREATE_FLAGS | (FLAG_EPHEMERAL if allow_ephemeral else 0)
        flags = (flags & keep) | extra_flags
        problems = validate.validate_message_body(body, flags)
        if problems:
            raise Refused(400, 50035, "Invalid Form Body", detail="; ".join(problems))
        attachments = self._attachments_from(ch.id, body, files, None)
        content = body.get("content") or ""
        embeds = body.get("embeds") or []
        components = body.get("components") or []
        if not allow_empty and validate.is_empty(content, embeds, attachments, components, flags):
            raise Refused(400, 50006, "Cannot send an empty message")
        components = _resolve_media(components, attachments)
        msg = Message(
            id=self._ids(),
            channel_id=ch.id,
            guild_id=None if ch.is_dm else ch.guild_id,
            author=self.bot_user.payload(),
            content=content,
            embeds=embeds,
            components=components,
            attachments=attachments,
            flags=flags,
            allowed_mentions=body.get("allowed_mentions"),
            tts=bool(body.get("tts")),
            message_reference=body.get("message_reference"),
            source=source,
        )
        if interaction is not None:
            user = self.user(interaction.user_id)
            msg.interaction_id = interaction.id
            msg.webhook_id = self.application_id
            msg.type = 20 if interaction.type == APPLICATION_COMMAND else 0
            meta: dict[str, Any] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": user.payload(),
                "authorizing_integration_owners": interaction.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
            if interaction.component_message_id is not None:
                meta["interacted_message_id"] = str(interaction.component_message_id)
            if source == "followup" and interaction.original is not None:
                meta["original_response_message_id"] = str(interaction.original.id)
            msg.interaction_metadata = meta
        return msg

    def _apply_edit(self, msg: Message, body: Any, files: dict[int, _Upload]) -> None:
        """Validate and apply an edit body (absent fields are kept)."""
        if msg.deleted:
            raise Refused(404, 10008, "Unknown Message", detail=f"message {msg.id} was deleted")
        body = body if isinstance(body, dict) else {}
        flags = msg.flags
        if "flags" in body and body["flags"] is not None:
            new = int(body["flags"])
            flags = (msg.flags & ~(FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2)) | (
                new & (FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2)
            )
            if (msg.flags & FLAG_COMPONENTS_V2) and not (flags & FLAG_COMPONENTS_V2):
                raise Refused(400, 50035, "Invalid Form Body", detail="cannot remove the components v2 flag")
        problems = validate.validate_message_body(body, flags)
        if problems:
            raise Refused(400, 50035, "Invalid Form Body", detail="; ".join(problems))
        attachments = self._attachments_from(msg.channel_id, body, files, msg.attachments)
        content = msg.content if "content" not in body else (body["content"] or "")
        embeds = msg.embeds if "embeds" not in body else (body["embeds"] or [])
        components = msg.components if "components" not in body else (body["components"] or [])
        if flags & FLAG_COMPONENTS_V2 and (content or embeds):
            raise Refused(
                400, 50035, "Invalid Form Body", detail="components v2 messages cannot have content or embeds"
            )
        if validate.is_empty(content, embeds, attachments, components, flags):
            raise Refused(400, 50006, "Cannot send an empty message")
        if "components" in body or "attachments" in body:
            components = _resolve_media(components, attachments)
        msg.history.append(msg.snapshot())
        msg.content, msg.embeds, msg.components, msg.attachments = content, embeds, components, attachments
        msg.flags = flags & ~FLAG_LOADING
        if "allowed_mentions" in body:
            msg.allowed_mentions = body["allowed_mentions"]
        msg.edited_timestamp = iso_now()
        for att in attachments:
            self._attachments[att.id] = att
        self._touch()

    async def _announce_create(self, msg: Message) -> None:
        if msg.ephemeral:
            return
        ch = self._channel_or_none(msg.channel_id)
        intent = INTENT_DIRECT_MESSAGES if ch is not None and ch.is_dm else INTENT_GUILD_MESSAGES
        await self._dispatch_if(intent, "MESSAGE_CREATE", self._message_event_payload(msg))

    async def _announce_update(self, msg: Message) -> None:
        if msg.ephemeral or msg.loading:
            return
        ch = self._channel_or_none(msg.channel_id)
        intent = INTENT_DIRECT_MESSAGES if ch is not None and ch.is_dm else INTENT_GUILD_MESSAGES
        await self._dispatch_if(intent, "MESSAGE_UPDATE", self._message_event_payload(msg))

    async def _announce_delete(self, msg: Message) -> None:
        if msg.ephemeral:
            return
        ch = self._channel_or_none(msg.channel_id)
        intent = INTENT_DIRECT_MESSAGES if ch is not None and ch.is_dm else INTENT_GUILD_MESSAGES
        data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
        await self._dispatch_if(intent, "MESSAGE_DELETE", data)

    def _msg_json(self, msg: Message) -> web.Response:
        return json_response(msg.payload(self._user_or_none))

    # ------------------------------------------------------------------ REST: interactions

    def _interaction(self, token: str, app: str | None = None) -> InteractionResult:
        if app is not None:
            self._check_app(app)
        result = self._interactions_by_token.get(token)
        if result is None:
            raise Refused(404, 10015, "Unknown Webhook", detail="no interaction has this token")
        return result

    async def _interaction_callback(
        self, request: web.Request, iid: str, token: str, *, body: Any, files: dict[int, _Upload]
    ) -> web.Response:
        result = self._interactions_by_id.get(int(iid))
        if result is None or result.token != token:
            raise Refused(404, 10062, "Unknown interaction", detail=f"interaction {iid}")
        if result.callbacks:
            raise Refused(
                400,
                40060,
                "Interaction has already been acknowledged.",
                detail=f"second callback for interaction {iid}",
            )
        elapsed = time.monotonic() - result.created
        if elapsed > self.response_deadline:
            result.rejected = f"first answer came after {elapsed:.2f}s (limit {self.response_deadline}s)"
            result.touch()
            raise Refused(404, 10062, "Unknown interaction", detail=result.rejected)
        body = body if isinstance(body, dict) else {}
        ctype = body.get("type")
        data = body.get("data") or {}
        if ctype not in _ALLOWED_CALLBACKS[result.type]:
            result.rejected = f"callback type {ctype} is not valid for interaction type {result.type}"
            result.touch()
            raise Refused(400, 50035, "Invalid Form Body", detail=result.rejected)
        ch = self.channel(result.channel_id)
        resource: dict[str, Any] | None = None
        attachments: list[Attachment] = []
        try:
            if ctype == 8:
                problems = validate.validate_choices(data.get("choices"))
                if problems:
                    raise Refused(400, 50035, "Invalid Form Body", detail="; ".join(problems))
                result.choices = data["choices"]
            elif ctype == 9:
                problems = validate.validate_modal(data)
                if problems:
                    raise Refused(400, 50035, "Invalid Form Body", detail="; ".join(problems))
                result.modal = data
            elif ctype == 4:
                msg = self._new_message(
                    ch, data, files, source="interaction", interaction=result, allow_ephemeral=True
                )
                self._store_message(msg)
                result.original = msg
                attachments = msg.attachments
            elif ctype == 5:
                flags = FLAG_LOADING | (int(data.get("flags") or 0) & FLAG_EPHEMERAL)
                msg = self._new_message(
                    ch,
                    {"flags": flags},
                    {},
                    source="interaction",
                    interaction=result,
                    allow_ephemeral=True,
                    extra_flags=FLAG_LOADING,
                    allow_empty=True,
                )
                self._store_message(msg)
                result.original = msg
            elif ctype in (6, 7):
                target = self._messages_by_id.get(result.component_message_id or 0)
                if target is None:
                    raise Refused(400, 50035, "Invalid Form Body", detail="no message to update")
                if ctype == 7:
                    self._apply_edit(target, data, files)
                    attachments = target.attachments
                result.original = target
        except Refused as exc:
            result.rejected = f"{exc.message}: {exc.detail}"
            result.touch()
            raise
        result.callbacks.append(Callback(ctype, data, attachments))
        result.touch()
        self._touch()
        if result.original is not None and ctype in (4, 5, 7):
            resource = {"type": ctype, "message": result.original.payload(self._user_or_none)}
            if ctype == 4:
                await self._announce_create(result.original)
            elif ctype == 7:
                await self._announce_update(result.original)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        interaction: dict[str, Any] = {"id": str(result.id), "type": result.type}
        if result.original is not None and ctype in (4, 5):
            interaction.update(
                response_message_id=str(result.original.id),
                response_message_loading=ctype == 5,
                response_message_ephemeral=result.original.ephemeral,
            )
        out: dict[str, Any] = {"interaction": interaction}
        if resource is not None:
            out["resource"] = resource
        return json_response(out)

    def _require_acked(self, result: InteractionResult, what: str) -> None:
        if not result.callbacks:
            raise Refused(
                404, 10015, "Unknown Webhook", detail=f"{what} before the interaction was acknowledged"
            )

    def _original_of(self, result: InteractionResult) -> Message:
        self._require_acked(result, "using @original")
        if result.original is None:
            raise Refused(
                404, 10008, "Unknown Message", detail="the interaction has no original response message"
            )
        return result.original

    async def _get_original(
        self, request: web.Request, app: str, token: str, *, body: Any, files: Any
    ) -> web.Response:
        msg = self._original_of(self._interaction(token, app))
        if msg.deleted:
            raise Refused(404, 10008, "Unknown Message", error=False)
        return self._msg_json(msg)

    async def _edit_original(
        self, request: web.Request, app: str, token: str, *, body: Any, files: dict[int, _Upload]
    ) -> web.Response:
        result = self._interaction(token, app)
        msg = self._original_of(result)
        was_loading = msg.loading
        self._apply_edit(msg, body, files)
        result.touch()
        if was_loading:
            await self._announce_create(msg)
        else:
            await self._announce_update(msg)
        return self._msg_json(msg)

    async def _delete_original(
        self, request: web.Request, app: str, token: str, *, body: Any, files: Any
    ) -> web.Response:
        result = self._interaction(token, app)
        msg = self._original_of(result)
        if msg.deleted:
            raise Refused(404, 10008, "Unknown Message", error=False)
        msg.deleted = True
        result.touch()
        self._touch()
        await self._announce_delete(msg)
        return no_content()

    async def _followup(
        self, request: web.Request, app: str, token: str, *, body: Any, files: dict[int, _Upload]
    ) -> web.Response:
        result = self._interaction(token, app)
        self._require_acked(result, "followup")
        original = result.original
        body = body if isinstance(body, dict) else {}
        if result.response_type == 5 and original is not None and original.loading and not original.deleted:
            # Discord: the first followup after a "thinking" defer fills in the placeholder;
            # its ephemeral-ness is the defer's.
            asked = bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
            if asked != original.ephemeral:
                self.warnings.append(
                    f"interaction {result.id}: followup asked ephemeral={asked} but the defer was "
                    f"ephemeral={original.ephemeral}; Discord keeps the defer's visibility"
                )
            # Its other flags (IS_COMPONENTS_V2, SUPPRESS_EMBEDS) are the followup's: an edit takes
            # only those two from a body's flags.
            self._apply_edit(original, body, files)
            result.followups.append(original)
            result.touch()
            await self._announce_create(original)
            msg = original
        else:
            msg = self._new_message(
                self.channel(result.channel_id),
                body,
                files,
                source="followup",
                interaction=result,
                allow_ephemeral=True,
            )
            self._store_message(msg)
            result.followups.append(msg)
            result.touch()
            await self._announce_create(msg)
        if request.query.get("wait") in ("1", "true", "True"):
            return self._msg_json(msg)
        return no_content()

    def _webhook_message(self, result: InteractionResult, mid: str) -> Message:
        self._require_acked(result, "webhook message access")
        msg = self._messages_by_id.get(int(mid))
        if msg is None or msg.interaction_id != result.id:
            raise Refused(404, 10008, "Unknown Message", detail=f"message {mid} is not from this interaction")
        return msg

    async def _get_webhook_message(
        self, request: web.Request, app: str, token: str, mid: str, *, body: Any, files: Any
    ) -> web.Response:
        msg = self._webhook_message(self._interaction(token, app), mid)
        if msg.deleted:
            raise Refused(404, 10008, "Unknown Message", error=False)
        return self._msg_json(msg)

    async def _edit_webhook_message(
        self, request: web.Request, app: str, token: str, mid: str, *, body: Any, files: dict[int, _Upload]
    ) -> web.Response:
        result = self._interaction(token, app)
        msg = self._webhook_message(result, mid)
        self._apply_edit(msg, body, files)
        result.touch()
        await self._announce_update(msg)
        return self._msg_json(msg)

    async def _delete_webhook_message(
        self, request: web.Request, app: str, token: str, mid: str, *, body: Any, files: Any
    ) -> web.Response:
        result = self._interaction(token, app)
        msg = self._webhook_message(result, mid)
        msg.deleted = True
        result.touch()
        self._touch()
        await self._announce_delete(msg)
        return no_content()

    # ------------------------------------------------------------------ REST: channels and messages

    def _rest_channel(self, cid: str) -> FakeChannel:
        ch = self._channel_or_none(int(cid))
        if ch is None:
            raise Refused(404, 10003, "Unknown Channel", detail=f"channel {cid}")
        return ch

    def _rest_message(self, ch: FakeChannel, mid: str) -> Message:
        msg = self._messages_by_id.get(int(mid))
        if msg is not None and msg.channel_id == ch.id and msg.ephemeral:
            # Discord: ephemeral messages are not reachable through the channel routes; only
            # the interaction webhook (or a component interaction on them) can edit them.
            raise Refused(404, 10008, "Unknown Message", detail=f"message {mid} is ephemeral: use the interaction")
        if msg is None or msg.channel_id != ch.id:
            raise Refused(404, 10008, "Unknown Message", error=False, detail=f"message {mid} in #{ch.name}")
        if msg.deleted:
            raise Refused(404, 10008, "Unknown Message", error=False, detail=f"message {mid} was deleted")
        return msg

    async def _get_channel(self, request: web.Request, cid: str, *, body: Any, files: Any) -> web.Response:
        return json_response(self._channel_payload(self._rest_channel(cid)))

    async def _edit_channel(self, request: web.Request, cid: str, *, body: Any, files: Any) -> web.Response:
        ch = self._rest_channel(cid)
        body = body or {}
        for key in ("name", "topic", "archived", "locked", "auto_archive_duration"):
            if key in body and body[key] is not None:
                setattr(ch, key, body[key])
        self._touch()
        data = self._channel_payload(ch)
        await self._dispatch_if(INTENT_GUILDS, "THREAD_UPDATE" if ch.is_thread else "CHANNEL_UPDATE", data)
        return json_response(data)

    async def _delete_channel(self, request: web.Request, cid: str, *, body: Any, files: Any) -> web.Response:
        ch = self._rest_channel(cid)
        data = self._channel_payload(ch)
        if ch.is_thread:
            self._threads.pop(ch.id, None)
            await self._dispatch_if(
                INTENT_GUILDS,
                "THREAD_DELETE",
                {
                    "id": str(ch.id),
                    "guild_id": str(ch.guild_id),
                    "parent_id": str(ch.parent_id),
                    "type": ch.type,
                },
            )
        elif ch.is_dm:
            pass
        else:
            guild = self._guild_by_id(ch.guild_id)
            if guild is not None:
                guild.channels.remove(ch)
            await self._dispatch_if(INTENT_GUILDS, "CHANNEL_DELETE", data)
        self._touch()
        return json_response(data)

    async def _list_messages(self, request: web.Request, cid: str, *, body: Any, files: Any) -> web.Response:
        ch = self._rest_channel(cid)
        limit = min(int(request.query.get("limit", 50)), 100)
        msgs = self.messages_in(ch)
        if "before" in request.query:
            msgs = [m for m in msgs if m.id < int(request.query["before"])]
        if "after" in request.query:
            msgs = [m for m in msgs if m.id > int(request.query["after"])]
            msgs = msgs[:limit]
        newest_first = list(reversed(msgs))[:limit]
        return json_response([m.payload(self._user_or_none) for m in newest_first])

    def _check_can_post(self, ch: FakeChannel) -> None:
        if ch.is_dm:
            user = self.user(ch.recipient_id or 0)
            if not user.accepts_dms:
                raise Refused(
                    403,
                    50007,
                    "Cannot send messages to this user",
                    error=False,
                    detail=f"{user.username} has DMs closed",
                )
        if ch.type == 4:
            raise Refused(400, 50008, "Cannot send messages in a non-text channel")
        if ch.is_thread and ch.archived:
            if ch.locked:
                raise Refused(400, 50083, "Thread is locked", error=False, detail=f"thread {ch.name}")
            ch.archived = False  # Discord unarchives an unlocked thread when the bot posts in it

    async def _create_channel_message(
        self, request: web.Request, cid: str, *, body: Any, files: dict[int, _Upload]
    ) -> web.Response:
        ch = self._rest_channel(cid)
        self._check_can_post(ch)
        msg = self._new_message(ch, body, files, source="channel")
        self._store_message(msg)
        await self._announce_create(msg)
        return self._msg_json(msg)

    async def _get_channel_message(
        self, request: web.Request, cid: str, mid: str, *, body: Any, files: Any
    ) -> web.Response:
        return self._msg_json(self._rest_message(self._rest_channel(cid), mid))

    async def _edit_channel_message(
        self, request: web.Request, cid: str, mid: str, *, body: Any, files: dict[int, _Upload]
    ) -> web.Response:
        msg = self._rest_message(self._rest_channel(cid), mid)
        if int(msg.author["id"]) != self.bot_user.id:
            raise Refused(403, 50005, "Cannot edit a message authored by another user")
        self._apply_edit(msg, body, files)
        if msg.interaction_id is not None:
            self._interactions_by_id[msg.interaction_id].touch()
        await self._announce_update(msg)
        return self._msg_json(msg)

    async def _delete_channel_message(
        self, request: web.Request, cid: str, mid: str, *, body: Any, files: Any
    ) -> web.Response:
        msg = self._rest_message(self._rest_channel(cid), mid)
        msg.deleted = True
        self._touch()
        await self._announce_delete(msg)
        return no_content()

    async def _bulk_delete(self, request: web.Request, cid: str, *, body: Any, files: Any) -> web.Response:
        ch = self._rest_channel(cid)
        for mid in (body or {}).get("messages", []):
            msg = self._messages_by_id.get(int(mid))
            if msg is not None and msg.channel_id == ch.id:
                msg.deleted = True
                await self._announce_delete(msg)
        self._touch()
        return no_content()

    async def _add_reaction(
        self, request: web.Request, cid: str, mid: str, emoji: str, *, body: Any, files: Any
    ) -> web.Response:
        msg = self._rest_message(self._rest_channel(cid), mid)
        msg.reactions.append(emoji)
        self._touch()
        return no_content()

    async def _pin(self, request: web.Request, cid: str, mid: str, *, body: Any, files: Any) -> web.Response:
        self._rest_message(self._rest_channel(cid), mid).pinned = True
        self._touch()
        return no_content()

    async def _unpin(
        self, request: web.Request, cid: str, mid: str, *, body: Any, files: Any
    ) -> web.Response:
        self._rest_message(self._rest_channel(cid), mid).pinned = False
        self._touch()
        return no_content()

    async def _new_thread(
        self, parent: FakeChannel, body: Any, *, thread_id: int | None, default_type: int
    ) -> web.Response:
        if parent.type != GUILD_TEXT:
            raise Refused(400, 50024, "Cannot execute action on this channel type")
        body = body or {}
        name = body.get("name")
        if not name or len(name) > 100:
            raise Refused(
                400, 50035, "Invalid Form Body", detail=f"thread name {name!r} must be 1-100 characters"
            )
        ttype = int(body.get("type") or default_type)
        if ttype not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise Refused(400, 50035, "Invalid Form Body", detail=f"thread type {ttype}")
        thread = FakeChannel(
            thread_id or self._ids(),
            name,
            ttype,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            thread_members={self.bot_user.id},
        )
        self._threads[thread.id] = thread
        self._touch()
        data = self._channel_payload(thread)
        await self._dispatch_if(INTENT_GUILDS, "THREAD_CREATE", {**data, "newly_created": True})
        return json_response(data, 201)

    async def _create_thread(self, request: web.Request, cid: str, *, body: Any, files: Any) -> web.Response:
        return await self._new_thread(
            self._rest_channel(cid), body, thread_id=None, default_type=PRIVATE_THREAD
        )

    async def _create_thread_from_message(
        self, request: web.Request, cid: str, mid: str, *, body: Any, files: Any
    ) -> web.Response:
        ch = self._rest_channel(cid)
        msg = self._rest_message(ch, mid)
        if msg.thread_id is not None:
            raise Refused(400, 160004, "A thread has already been created for this message")
        msg.thread_id = msg.id
        return await self._new_thread(ch, body, thread_id=msg.id, default_type=PUBLIC_THREAD)

    def _thread_and_user(self, cid: str, uid: str) -> tuple[FakeChannel, int]:
        ch = self._rest_channel(cid)
        if not ch.is_thread:
            raise Refused(400, 50024, "Cannot execute action on this channel type")
        if uid == "@me":
            return ch, self.bot_user.id
        user = self._user_or_none(int(uid))
        guild = self._guild_by_id(ch.guild_id)
        if user is None or guild is None or user.id not in guild.member_ids:
            raise Refused(404, 10007, "Unknown Member", error=False)
        return ch, user.id

    async def _add_thread_member(
        self, request: web.Request, cid: str, uid: str, *, body: Any, files: Any
    ) -> web.Response:
        ch, user_id = self._thread_and_user(cid, uid)
        ch.thread_members.add(user_id)
        self._touch()
        return no_content()

    async def _remove_thread_member(
        self, request: web.Request, cid: str, uid: str, *, body: Any, files: Any
    ) -> web.Response:
        ch, user_id = self._thread_and_user(cid, uid)
        ch.thread_members.discard(user_id)
        self._touch()
        return no_content()

    async def _list_thread_members(
        self, request: web.Request, cid: str, *, body: Any, files: Any
    ) -> web.Response:
        ch = self._rest_channel(cid)
        return json_response(
            [
                {"id": str(ch.id), "user_id": str(uid), "join_timestamp": ch.created_at, "flags": 0}
                for uid in sorted(ch.thread_members)
            ]
        )

    # ------------------------------------------------------------------ REST: guild

    def _rest_guild(self, gid: str) -> FakeGuild:
        guild = self._guild_by_id(int(gid))
        if guild is None:
            raise Refused(404, 10004, "Unknown Guild", detail=f"guild {gid}")
        return guild

    async def _get_guild(self, request: web.Request, gid: str, *, body: Any, files: Any) -> web.Response:
        return json_response(self._guild_payload(self._rest_guild(gid)))

    async def _get_guild_channels(
        self, request: web.Request, gid: str, *, body: Any, files: Any
    ) -> web.Response:
        return json_response([self._channel_payload(c) for c in self._rest_guild(gid).channels])

    async def _get_guild_roles(
        self, request: web.Request, gid: str, *, body: Any, files: Any
    ) -> web.Response:
        return json_response([r.payload() for r in self._rest_guild(gid).roles])

    async def _list_members(self, request: web.Request, gid: str, *, body: Any, files: Any) -> web.Response:
        guild = self._rest_guild(gid)
        limit = int(request.query.get("limit", 1))
        after = int(request.query.get("after", 0))
        ids = sorted(uid for uid in guild.member_ids if uid > after)[:limit]
        return json_response([self._member_payload(self.user(uid), guild=guild) for uid in ids])

    async def _get_member(
        self, request: web.Request, gid: str, uid: str, *, body: Any, files: Any
    ) -> web.Response:
        guild = self._rest_guild(gid)
        user = self._user_or_none(int(uid))
        if user is None or user.id not in guild.member_ids:
            raise Refused(404, 10007, "Unknown Member", error=False, detail=f"user {uid}")
        return json_response(self._member_payload(user, guild=guild))

    async def _active_threads(self, request: web.Request, gid: str, *, body: Any, files: Any) -> web.Response:
        guild = self._rest_guild(gid)
        threads = [
            self._channel_payload(t) for t in self._threads.values() if not t.archived and t.guild_id == guild.id
        ]
        return json_response({"threads": threads, "members": []})


def _resolve_media(components: list[dict[str, Any]], attachments: list[Attachment]) -> list[dict[str, Any]]:
    """Components as Discord stores them: a media item (gallery, thumbnail, file) that names an
    attachment as ``attachment://<filename>`` is resolved to that attachment's URL (with its
    ``attachment_id``); one naming a file the message does not carry is refused."""
    by_name = {a.filename: a for a in attachments}
    known = {a.url for a in attachments}

    def resolve(media: dict[str, Any], where: str) -> dict[str, Any]:
        url = str(media.get("url") or "")
        if url.startswith("attachment://"):
            found = by_name.get(url.removeprefix("attachment://"))
            if found is None:
                raise Refused(400, 50035, "Invalid Form Body",
                              detail=f"{where} refers to {url}, which is not an attachment of the message")
            return {**media, "url": found.url, "proxy_url": found.url, "attachment_id": str(found.id),
                    "content_type": found.content_type}
        if not url.startswith(("http://", "https://")) and url not in known:
            raise Refused(400, 50035, "Invalid Form Body", detail=f"{where} has no valid media url ({url!r})")
        return media

    def walk(items: list[dict[str, Any]], where: str) -> list[dict[str, Any]]:
        out = []
        for n, comp in enumerate(items):
            comp = dict(comp)
            here = f"{where}[{n}]"
            if isinstance(comp.get("components"), list):
                comp["components"] = walk(comp["components"], f"{here}.components")
            if isinstance(comp.get("accessory"), dict):
                [comp["accessory"]] = walk([comp["accessory"]], f"{here}.accessory")
            if comp.get("type") == 12:
                comp["items"] = [{**item, "media": resolve(item.get("media") or {}, f"{here}.items[{k}]")}
                                 for k, item in enumerate(comp.get("items") or [])]
            elif comp.get("type") in (11, 13) and isinstance(comp.get("media" if comp.get("type") == 11 else "file"), dict):
                key = "media" if comp.get("type") == 11 else "file"
                comp[key] = resolve(comp[key], f"{here}.{key}")
            out.append(comp)
        return out

    return walk(components, "components")
