"""The REST routes of :class:`~tests.fakediscord.server.FakeDiscord`, answered as Discord would.

Each handler takes the request, its path parameters and its parsed body and files, and either
answers with Discord's JSON or raises :class:`Refused` with Discord's error code. Which path
reaches which handler is :meth:`FakeDiscord._build_routes`.
"""

from __future__ import annotations

import json
import mimetypes
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from tests.fakediscord import validate
from tests.fakediscord.models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GUILD_TEXT,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Attachment,
    Callback,
    FakeChannel,
    FakeGuild,
    InteractionResult,
    Message,
    iso_now,
)


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
class Upload:
    """One file part of a multipart request."""

    filename: str
    data: bytes
    content_type: str | None


# Which callback types Discord accepts for which interaction type.
_ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}
_CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2 | (1 << 13)


class RestApi:
    """Mixed into :class:`~tests.fakediscord.server.FakeDiscord`: the handlers its router
    calls, on its world and records; it keeps no state of its own."""

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
        files: dict[int, Upload],
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

        def make(upload: Upload, spec: dict[str, Any] | None = None) -> Attachment:
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
        files: dict[int, Upload],
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

    def _apply_edit(self, msg: Message, body: Any, files: dict[int, Upload]) -> None:
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
        self, request: web.Request, iid: str, token: str, *, body: Any, files: dict[int, Upload]
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
        self, request: web.Request, app: str, token: str, *, body: Any, files: dict[int, Upload]
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
        self, request: web.Request, app: str, token: str, *, body: Any, files: dict[int, Upload]
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
        self, request: web.Request, app: str, token: str, mid: str, *, body: Any, files: dict[int, Upload]
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
        self, request: web.Request, cid: str, *, body: Any, files: dict[int, Upload]
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
        self, request: web.Request, cid: str, mid: str, *, body: Any, files: dict[int, Upload]
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
