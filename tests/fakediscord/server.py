"""A fake Discord (REST API v10 + gateway) for end-to-end tests of a real discord.py bot process.

Start it inside the test's event loop, point the bot at it, drive interactions, read the records::

    async with FakeDiscord() as fake:
        proc = BotProcess([sys.executable, "-m", "bot"]).start(fake.env())
        await fake.wait_ready()
        result = await fake.slash("alice", "games", "game", subcommand="new", options={"game": "chomp"})
        assert not result.ephemeral
        assert fake.errors == []

The class is assembled from three parts: this module keeps the world, the records, waiting,
the gateway and the REST plumbing (routing, spec checks, bodies); :mod:`.driver` is the
driver API (slash commands, clicks, selects, modals, user messages) and :mod:`.rest` answers
the REST routes. See ``tests/fakediscord/README.md`` for the full driver API.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import mimetypes
import re
import secrets
import socket
import traceback
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

from tests.fakediscord import openapi
from tests.fakediscord.driver import Driver
from tests.fakediscord.gateway import (
    HEARTBEAT,
    HEARTBEAT_ACK,
    HELLO,
    IDENTIFY,
    INVALID_SESSION,
    PRESENCE_UPDATE,
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
    GUILD_TEXT,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILDS,
    PATIENCE,
    PRIVILEGED_INTENTS,
    Attachment,
    ChannelRef,
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    GuildRef,
    InteractionResult,
    Message,
    MessageRef,
    Snowflakes,
    UserRef,
    World,
    default_world,
    shard_of,
)
from tests.fakediscord.rest import Refused, RestApi, Upload, json_response

T = TypeVar("T")
Handler = Callable[..., Awaitable[web.StreamResponse]]


@dataclass
class RequestRecord:
    """One REST request the bot made."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    files: list[str] = field(default_factory=list)
    status: int = 0



class FakeDiscord(Driver, RestApi):
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

    async def _read_body(self, request: web.Request) -> tuple[Any, dict[int, Upload]]:
        files: dict[int, Upload] = {}
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
                files[index] = Upload(filename, bytes(data), mimetypes.guess_type(filename)[0])
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
