"""Moderator tools on the session layer: pause, resume, kick, substitute, skip, settings, audit.

Every method takes ``moderator`` — whether the front end found the caller to be a moderator
(Manage Channels, or the server's game-master role) — and refuses with :class:`NotModerator`
when it is false. Every action is written to the audit with who, when and what.
"""

from __future__ import annotations

from typing import Any

from bot.engine import UnknownGame, get_game
from bot.engine.words import CORE, texts
from bot.playbypost import PlayByPost, check_deadlines
from bot.store import AuditRow
from bot.tables import (
    GameNotRunning,
    NotModerator,
    NotSeated,
    Reply,
    Request,
    StaleBoard,
    TableError,
    Tables,
    User,
    check_id,
)

POSTING = ("new", "edit")
T, Tn, Tp = texts(CORE)


def _require(moderator: bool, what: str) -> None:
    """Refuse a caller who is not a moderator; ``what`` (a :class:`~bot.engine.words.Text`) is
    what only moderators may do."""
    if not moderator:
        raise NotModerator(T("Only moderators (Manage Channels or the game-master role) can {what}.", what=what))


class Moderation:
    def __init__(self, tables: Tables, pbp: PlayByPost) -> None:
        self.tables = tables
        self.pbp = pbp
        self.store = tables.store

    def _now(self) -> float:
        return self.tables.clock()

    async def rate(self, *, table_id: int, guild_id: int | None, user: User, moderator: bool) -> str:
        """Count an imported finished game for ratings (a moderator's decision, audited)."""
        _require(moderator, T("decide which imported games are rated"))
        check_id(table_id, T("There is no such table."))
        row = await self.store.table(table_id)
        if row is None or (guild_id is not None and row.guild_id != guild_id):
            raise TableError(T("There is no table {table} in this server.", table=table_id))
        seats = await self.store.result_seats(table_id)
        if row.status != "over" or not seats:
            status = {"lobby": T("lobby"), "playing": T("playing"), "cancelled": T("cancelled")}.get(row.status,
                                                                                                  row.status)
            raise TableError(T("Table {table} is {status}: only finished games can be rated.", table=table_id,
                               status=status))
        if sum(1 for seat in seats if not seat.is_bot) < 2:
            raise TableError(T("Table {table} has fewer than two people: bot seats are never rated.", table=table_id))
        if any(seat.mu_after is not None for seat in seats):
            raise TableError(T("Table {table} is already rated.", table=table_id))
        await self.tables.ratings.rate_imported(table_id, actor_id=user.id)
        return T("Table {table} now counts for ratings; every rating in this server was recomputed.", table=table_id)

    async def cancel(self, *, channel_id: int, user: User, moderator: bool) -> Reply:
        _require(moderator, T("cancel a table with /admin"))
        return await self.tables.cancel(channel_id=channel_id, user=user, moderator=True)

    async def pause(self, *, channel_id: int, user: User, moderator: bool, paused: bool) -> Reply:
        _require(moderator, T("pause or resume games"))
        table_id = await self.tables.table_id_in(channel_id)
        async with self.tables.lock(table_id):
            live = await self.tables.load(table_id)
            if live.row.status != "playing":
                raise GameNotRunning(T("Only a game in play can be paused or resumed."))
            if live.row.paused == paused:
                raise TableError(T("The game is already paused.") if paused else T("The game is already running."))
            fields: dict[str, Any] = {"paused": paused}
            if not paused:
                fields["moved_at"] = self._now()  # deadlines start afresh after a pause
            await self.store.set_table_fields(table_id, actor_id=user.id, now=self._now(),
                                              kind="pause" if paused else "resume", detail={}, **fields)
            await self.store.bump_revision(table_id, now=self._now())
            await self.tables.refresh(live)
            line = T("{name} paused the game.", name=user.name) if paused else T("{name} resumed the game.", name=user.name)
            return await self.tables.play_reply(live, [line])

    async def kick(self, *, channel_id: int, user: User, moderator: bool, target: User) -> Reply:
        """Remove a player: from a lobby, or in play their seat becomes a bot seat."""
        _require(moderator, T("remove players"))
        table_id = await self.tables.table_id_in(channel_id)
        live = await self.tables.load(table_id)
        if live.row.status == "lobby":
            return await self.tables.remove_player(channel_id=channel_id, user=user, target=target.id, moderator=True)
        async with self.tables.lock(table_id):
            live = await self.tables.load(table_id)
            seat = next((s for s in live.seats if s.user_id == target.id), None)
            if seat is None:
                raise NotSeated(T("{name} is not seated at this table.", name=target.name))
            bot_id = min([s.user_id for s in live.seats if s.user_id < 0], default=0) - 1
            await self.store.replace_seat(table_id, target.id, new_user_id=bot_id, name=f"Bot (for {seat.name})",
                                          is_bot=True, actor_id=user.id, now=self._now(), kind="kick")
            await self.tables.refresh(live)
            events = await self.tables.run_bots(live)
            return await self.tables.play_reply(
                live, [T("{name} removed {player}; a bot plays their seat from now on.", name=user.name, player=seat.name)],
                events=events
            )

    async def substitute(self, *, channel_id: int, user: User, moderator: bool, target: User, new: User) -> Reply:
        """Offer ``target``'s seat to ``new``, who accepts with a button."""
        _require(moderator, T("substitute players"))
        table_id = await self.tables.table_id_in(channel_id)
        async with self.tables.lock(table_id):  # a table's requests change under its lock only
            live = await self.tables.load(table_id)
            if live.row.status != "playing":
                raise GameNotRunning(T("Substitutes are for games in play; in a lobby, players just join or leave."))
            seat = next((s for s in live.seats if s.user_id == target.id), None)
            if seat is None:
                raise NotSeated(T("{name} is not seated at this table.", name=target.name))
            if live.is_seated(new.id):
                raise TableError(T("{name} already plays at this table.", name=new.name))
            request_id = await self.store.create_request(
                table_id, kind="substitute", revision=live.revision, requested_by=user.id,
                data={"from": target.id, "from_name": seat.name, "to": new.id, "to_name": new.name, "waiting": [new.id]},
                now=self._now(),
            )
        asks = T("{name} asks {new} to take over {player}'s seat. {new}: accept or decline.", name=user.name,
                 new=new.name, player=seat.name)
        return Reply(
            table_id, live.position, live.revision, self.tables.said(asks, live.row.language, live),
            mentions=[new.id], status=live.row.status, request=Request(request_id, "substitute", (new.id,)),
            language=live.row.language,
        )

    async def answer_substitute(self, *, request_id: int, user: User, accept: bool, channel_id: int | None = None) -> Reply:
        """The offered player's answer. The request is read again under the table's lock, so a
        double click on "Take the seat" is answered "already settled", not "expired"."""
        check_id(request_id, T("That request no longer exists."))
        found = await self.store.request(request_id)
        if found is None or found["kind"] != "substitute":
            raise TableError(T("That request no longer exists."))
        table_id = found["table_id"]
        async with self.tables.lock(table_id):
            request = await self.store.request(request_id)
            if request is None:
                raise TableError(T("That request no longer exists."))
            data = request["data"]
            if user.id != data["to"]:
                raise TableError(T("This seat was offered to someone else."))
            if request["status"] != "open":
                raise TableError(T("That request has already been settled."))
            live = await self.tables.load(table_id)
            if channel_id is not None:
                self.tables.check_channel(live, channel_id)
            if live.row.status != "playing":
                raise GameNotRunning(T("That game is no longer in play."))
            if not accept:
                await self.store.update_request(request_id, data=data, status="refused", actor_id=user.id, now=self._now())
                declined = self.tables.said(T("{name} declined the seat.", name=user.name), live.row.language, live)
                return Reply(table_id, live.position, live.revision, declined, status=live.row.status,
                             language=live.row.language)
            if not any(s.user_id == data["from"] for s in live.seats):
                await self.store.update_request(request_id, data=data, status="expired", actor_id=user.id, now=self._now())
                raise StaleBoard(T("That seat has changed hands since; ask a moderator again."), live.revision)
            await self.store.replace_seat(table_id, data["from"], new_user_id=user.id, name=user.name, is_bot=False,
                                          actor_id=user.id, now=self._now(), kind="substitute")
            await self.store.update_request(request_id, data=data, status="done", actor_id=user.id, now=self._now())
            await self.tables.refresh(live)
            return await self.tables.play_reply(live, [T("{name} takes over {player}'s seat.", name=user.name,
                                                         player=data["from_name"])])

    async def skip(self, *, channel_id: int, user: User, moderator: bool) -> Reply:
        """Move the game on for everyone it waits for: a pass where the game has one, else a bot move."""
        _require(moderator, T("skip a player's turn"))
        table_id = await self.tables.table_id_in(channel_id)
        async with self.tables.lock(table_id):
            live = await self.tables.load(table_id)
            self.tables.check_running(live)
            turns = self.tables.turns(live)
            lines, events = [], []
            for turn in turns:
                if not any(p.seat == turn.seat for p in self.tables.prompts(live)):
                    continue  # an earlier seat's moves settled this one's decision too
                how, played = await self.pbp.play_out(live, turn.seat, prefer_pass=True)
                events += played
                lines.append(T("{name} skipped {player}: {how}.", name=user.name, player=turn.name, how=how))
                if live.row.status != "playing":
                    break
            await self.store.record_audit(table_id=table_id, guild_id=None, actor_id=user.id, kind="skip",
                                          detail={"seats": [t.seat for t in turns]}, now=self._now())
            events += await self.tables.run_bots(live)
            return await self.tables.play_reply(live, lines, events=events)

    async def transfer_host(self, *, channel_id: int, user: User, moderator: bool, new_host: User) -> str:
        _require(moderator, T("transfer the host role"))
        table_id = await self.tables.table_id_in(channel_id)
        async with self.tables.lock(table_id):
            live = await self.tables.load(table_id)
            if not live.is_seated(new_host.id):
                raise NotSeated(T("{name} is not seated at this table.", name=new_host.name))
            await self.store.set_table_fields(table_id, actor_id=user.id, now=self._now(), kind="host",
                                              detail={"to": new_host.id}, host_id=new_host.id)
            await self.tables.refresh(live)
        return T("{name} is now the host of this table.", name=new_host.name)

    async def set_deadlines(self, *, channel_id: int, user: User, moderator: bool, reminder_hours: float | None,
                            timeout_hours: float | None, policy: str) -> str:
        _require(moderator, T("set deadlines with /admin"))
        return await self.pbp.set_deadlines(channel_id=channel_id, user=user, moderator=True,
                                            reminder_hours=reminder_hours, timeout_hours=timeout_hours, policy=policy)

    async def channel_settings(
        self, *, channel_id: int, guild_id: int | None, user: User, moderator: bool, **changes: Any
    ) -> str:
        """Change this channel's settings; with no changes, describe them."""
        current = await self.store.channel_settings(channel_id)
        if not any(value is not None for value in changes.values()):
            return describe_channel(current)
        _require(moderator, T("change channel settings"))
        updated = dict(current)
        if changes.get("games") is not None:
            names = [g.strip().lower() for g in str(changes["games"]).replace(",", " ").split() if g.strip()]
            if names == ["all"]:
                updated.pop("games", None)
            else:
                for slug in names:
                    try:
                        get_game(slug)
                    except UnknownGame as error:
                        raise TableError(str(error)) from None
                updated["games"] = names
        if changes.get("posting") is not None:
            if changes["posting"] not in POSTING:
                raise TableError(T("Posting is 'new' (a message per move) or 'edit' (one live message per table)."))
            updated["posting"] = changes["posting"]
        if changes.get("threads") is not None:
            updated["threads"] = bool(changes["threads"])
        if changes.get("gif") is not None:
            updated["gif"] = bool(changes["gif"])
        if changes.get("lobby_days") is not None:
            days = float(changes["lobby_days"])
            if not 0 < days <= 60:
                raise TableError(T("Lobbies expire after 1 hour to 60 days."))
            updated["lobby_days"] = days
        if any(changes.get(k) is not None for k in ("reminder_hours", "timeout_hours", "policy")):
            deadlines = check_deadlines(changes.get("reminder_hours"), changes.get("timeout_hours"),
                                        changes.get("policy") or "none")
            updated["deadlines"] = deadlines.to_json()
        await self.store.set_channel_settings(channel_id, guild_id, updated, actor_id=user.id, now=self._now())
        return T("Saved. {settings}", settings=describe_channel(updated))

    async def set_role(self, *, guild_id: int, user: User, moderator: bool, role_id: int | None, role_name: str) -> str:
        _require(moderator, T("choose the game-master role"))
        settings = await self.store.guild_settings(guild_id)
        if role_id is None:
            settings.pop("role_id", None)
            text = T("No game-master role: moderators are members with Manage Channels.")
        else:
            settings["role_id"] = role_id
            text = T("Members with the {role} role can now moderate games.", role=role_name)
        await self.store.set_guild_settings(guild_id, settings, actor_id=user.id, now=self._now())
        return text

    async def log(self, *, channel_id: int, guild_id: int | None, moderator: bool, limit: int = 25) -> list[AuditRow]:
        _require(moderator, T("read the audit log"))
        row = await self.store.latest_table_in(channel_id)
        if row is not None:
            return await self.store.audit_log(table_id=row.id, limit=limit)
        return await self.store.audit_log(guild_id=guild_id, limit=limit)


def describe_channel(settings: dict[str, Any]) -> str:
    from bot.playbypost import DEFAULT_LOBBY_DAYS, Deadlines

    games = ", ".join(settings["games"]) if settings.get("games") else T("all")
    edit = settings.get("posting") == "edit"
    return T("Games allowed: {games}. Posting: {posting} ({how}). Threads: {threads}. Lobbies expire after {days} "
             "days. End-of-game GIF: {gif}. Default deadlines: {deadlines}.", games=games,
             posting=settings.get("posting", "new"),
             how=T("one live message per table") if edit else T("a new message per move"),
             threads=T("a thread per table") if settings.get("threads") else T("one table in the channel"),
             days=f"{settings.get('lobby_days', DEFAULT_LOBBY_DAYS):g}",
             gif=T("on") if settings.get("gif", True) else T("off"),
             deadlines=Deadlines.from_json(settings.get("deadlines") or {}).describe())


def _audit_kinds() -> dict[str, str]:
    """What each audit entry's kind is called for a moderator; in English the kind itself (the
    store's code), so the English log reads as before. A kind not listed shows its code."""
    return {
        "create": Tp("audit", "create"), "join": Tp("audit", "join"), "leave": Tp("audit", "leave"),
        "start": Tp("audit", "start"), "lobby": Tp("audit", "lobby"), "playing": Tp("audit", "playing"),
        "over": Tp("audit", "over"), "cancelled": Tp("audit", "cancelled"), "pause": Tp("audit", "pause"),
        "resume": Tp("audit", "resume"), "paused": Tp("audit", "paused"), "kick": Tp("audit", "kick"),
        "substitute": Tp("audit", "substitute"), "skip": Tp("audit", "skip"), "host": Tp("audit", "host"),
        "deadlines": Tp("audit", "deadlines"), "language": Tp("audit", "language"),
        "timeout-replace": Tp("audit", "timeout-replace"), "undo": Tp("audit", "undo"),
        "undo-requested": Tp("audit", "undo-requested"), "undo-approved": Tp("audit", "undo-approved"),
        "undo-refused": Tp("audit", "undo-refused"), "undo-expired": Tp("audit", "undo-expired"),
        "substitute-requested": Tp("audit", "substitute-requested"),
        "substitute-approved": Tp("audit", "substitute-approved"),
        "substitute-refused": Tp("audit", "substitute-refused"),
        "substitute-expired": Tp("audit", "substitute-expired"),
        "import": Tp("audit", "import"), "import-requested": Tp("audit", "import-requested"),
        "import-approved": Tp("audit", "import-approved"), "import-refused": Tp("audit", "import-refused"),
        "rated": Tp("audit", "rated"), "forget-me": Tp("audit", "forget-me"),
        "channel-settings": Tp("audit", "channel-settings"), "guild-settings": Tp("audit", "guild-settings"),
    }


def audit_line(row: AuditRow) -> str:
    """One line of ``/admin log``: when (UTC), what, who, and the entry's details as the store
    keeps them (``key=value``: ids, keys and numbers, the same in every language)."""
    from datetime import UTC, datetime

    when = datetime.fromtimestamp(row.created_at, UTC).strftime("%Y-%m-%d %H:%M")
    who = f"<@{row.actor_id}>" if row.actor_id and row.actor_id > 0 else T("the bot")
    kind = _audit_kinds().get(row.kind, row.kind)
    detail = ", ".join(f"{k}={v}" for k, v in row.detail.items() if k != "undone")
    if detail:
        return T("`{when}` {kind} by {who}: {detail}", when=when, kind=kind, who=who, detail=detail)
    return T("`{when}` {kind} by {who}", when=when, kind=kind, who=who)
