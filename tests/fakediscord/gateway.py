"""The gateway side of the fake: one websocket connection and the session it carries."""

from __future__ import annotations

import asyncio
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

# Opcodes.
DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
VOICE_STATE_UPDATE = 4
RESUME = 6
RECONNECT = 7
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11


@dataclass
class Identify:
    """What an IDENTIFY carried."""

    token: str
    intents: int
    properties: dict[str, Any]
    shard: list[int] | None
    compress: str | None
    """The transport compression asked for in the URL (``zlib-stream``, ``zstd-stream``) or ``None``."""


class GatewayConnection:
    """One websocket to the bot. Sends are serialised so zlib-stream frames stay in order."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress
        """What the client asked for; only ``zlib-stream`` is applied, otherwise frames are plain text."""
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._lock = asyncio.Lock()
        self.session: GatewaySession | None = None
        self.closed = False

    async def send(self, payload: dict[str, Any]) -> None:
        """Send one gateway payload (compressed with Z_SYNC_FLUSH when zlib-stream is on)."""
        async with self._lock:
            await self._send_locked(payload)

    async def _send_locked(self, payload: dict[str, Any]) -> None:
        if self.closed or self.ws.closed:
            raise ConnectionResetError("gateway connection is closed")
        text = json.dumps(payload, separators=(",", ":"))
        if self._zlib is not None:
            data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
            await self.ws.send_bytes(data)
        else:
            await self.ws.send_str(text)

    async def dispatch(self, session: GatewaySession, event: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH with the session's next sequence number."""
        async with self._lock:
            session.seq += 1
            await self._send_locked({"op": DISPATCH, "t": event, "s": session.seq, "d": data})

    async def close(self, code: int = 1000, message: str = "") -> None:
        """Close the websocket."""
        self.closed = True
        if not self.ws.closed:
            await self.ws.close(code=code, message=message.encode())


@dataclass
class GatewaySession:
    """A gateway session (survives a dropped connection until the bot resumes it)."""

    session_id: str
    identify: Identify
    number: int
    """1 for the first session the fake saw, 2 for the next IDENTIFY, ..."""
    seq: int = 0
    connection: GatewayConnection | None = None
    ready: bool = False
    """READY and every GUILD_CREATE have been sent on the current connection."""
    pending: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """Events dispatched while disconnected, replayed on RESUME."""
    guild_ids: list[int] = field(default_factory=list)
    """The guilds READY announced: those on this session's shard."""

    @property
    def connected(self) -> bool:
        """Whether a live connection carries the session."""
        return self.connection is not None and not self.connection.closed

    @property
    def intents(self) -> int:
        """The intents from IDENTIFY."""
        return self.identify.intents

    @property
    def shard_id(self) -> int:
        """The shard from IDENTIFY (0 when the bot did not shard)."""
        return self.identify.shard[0] if self.identify.shard else 0

    @property
    def shard_count(self) -> int:
        """The shard count from IDENTIFY (1 when the bot did not shard)."""
        return self.identify.shard[1] if self.identify.shard else 1
