"""The driver API of :class:`~tests.fakediscord.server.FakeDiscord`: what a test does as a user.

Slash commands, autocomplete, button clicks, selects and modal submissions become the
INTERACTION_CREATE a real client would cause, and each call returns the
:class:`~tests.fakediscord.models.InteractionResult` the bot's answers fill in; a user's
plain message, raw gateway events and dropped connections are here too.
"""

from __future__ import annotations

import asyncio
import contextlib
import mimetypes
import secrets
from collections.abc import Mapping
from typing import Any

from tests.fakediscord import validate
from tests.fakediscord.gateway import RECONNECT
from tests.fakediscord.models import (
    ALL_PERMISSIONS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_MESSAGE_CONTENT,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PATIENCE,
    Attachment,
    ChannelRef,
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    InteractionResult,
    Message,
    MessageRef,
    UserRef,
)


class Driver:
    """Mixed into :class:`~tests.fakediscord.server.FakeDiscord`, whose world, records and
    gateway it drives; it keeps no state of its own."""

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
