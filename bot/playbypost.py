"""Play-by-post: personal settings, deadlines and their scheduler, lobby expiry, records.

Everything here works on the session layer (:class:`bot.tables.Tables`) and the store; no
timer lives only in memory. :meth:`PlayByPost.run_due` is what a scheduler calls: it reads
from SQLite what has fallen due at ``now`` and handles each deadline exactly once (a notice
row per board revision, seat and kind), so a restart neither loses nor repeats one. After
downtime, a table whose timeout is due gets its timeout only (its reminder is moot), and each
table produces at most one message per run.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import multiprocessing
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot import foreign_records
from bot.bots import REPLACEMENT_LEVEL, bot_name
from bot.engine import Event, Prompt, get_game
from bot.engine.words import CORE, Text, texts
from bot.records import (
    SIGNING_KEY,
    BadRecord,
    CheckedRecord,
    build_record,
    check_envelope,
    check_record,
    decode_json,
    signed_by,
)
from bot.store import SNAPSHOT_EVERY, ChannelBusy, StoreError
from bot.tables import (
    GameNotRunning,
    LiveTable,
    LobbyError,
    NotHost,
    NotModerator,
    Reply,
    Request,
    TableError,
    Tables,
    User,
    check_id,
    event_json,
)
from bot.workers import bot_choice

T, Tn, Tp = texts(CORE)

HOUR = 3600.0
DAY = 24 * HOUR
POLICIES = ("none", "skip", "auto", "replace")
NOTIFY = ("mention", "dm", "digest", "off")
DEFAULT_LOBBY_DAYS = 7.0
TIMEOUT_MOVES = 40
"""At most this many moves a timeout plays for a seat whose decision goes on after a move
(draw, then place); a bound, so a game whose turn never ends cannot hold the scheduler."""


@dataclass(frozen=True, slots=True)
class Deadlines:
    """A table's clock: a reminder after ``reminder_hours``, the policy after ``timeout_hours``."""

    reminder_hours: float | None = None
    timeout_hours: float | None = None
    policy: str = "none"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deadlines:
        return cls(data.get("reminder_hours"), data.get("timeout_hours"), data.get("policy", "none"))

    def to_json(self) -> dict[str, Any]:
        return {"reminder_hours": self.reminder_hours, "timeout_hours": self.timeout_hours, "policy": self.policy}

    def describe(self) -> str:
        """"reminder after 24 h, after 72 h: skip" (a :class:`~bot.engine.words.Text`)."""
        reminder = None if self.reminder_hours is None else T("reminder after {hours} h", hours=f"{self.reminder_hours:g}")
        timeout = None if self.timeout_hours is None else T("after {hours} h: {policy}", hours=f"{self.timeout_hours:g}",
                                                            policy=self.policy)
        if reminder is not None and timeout is not None:
            return T("{first}, {next}", first=reminder, next=timeout)
        return reminder or timeout or T("no deadlines")


def check_deadlines(reminder_hours: float | None, timeout_hours: float | None, policy: str) -> Deadlines:
    if policy not in POLICIES:
        raise TableError(T("The timeout policy must be one of {policies}, not {policy}.", policies=", ".join(POLICIES),
                           policy=repr(policy)))
    if reminder_hours is not None and not 0 < reminder_hours <= 24 * 90:
        raise TableError(T("The reminder must be between a few minutes and 90 days (in hours), not {hours}.",
                           hours=f"{reminder_hours:g}"))
    if timeout_hours is not None and not 0 < timeout_hours <= 24 * 90:
        raise TableError(T("The timeout must be between a few minutes and 90 days (in hours), not {hours}.",
                           hours=f"{timeout_hours:g}"))
    if reminder_hours is not None and timeout_hours is not None and reminder_hours >= timeout_hours:
        raise TableError(T("The reminder must come before the timeout."))
    if timeout_hours is not None and policy == "none":
        raise TableError(T("A timeout needs a policy: skip, auto or replace."))
    return Deadlines(reminder_hours, timeout_hours, policy)


@dataclass(frozen=True, slots=True)
class Due:
    at: float
    table_id: int
    kind: str  # "reminder" | "timeout" | "lobby"
    seat: int = -1
    user_id: int = 0
    revision: int = 0


@dataclass(frozen=True, slots=True)
class Notice:
    """A message the scheduler wants posted in a table's channel."""

    channel_id: int
    guild_id: int | None
    table_id: int
    kind: str
    reply: Reply


async def _in_worker_process(work: Callable[..., Any], *args: Any) -> Any:
    """``work(*args)`` in a fresh worker process, awaited without blocking the event loop.

    For CPU work long enough to matter (an 18xx.games import: a second or more of Python):
    a thread would hold the interpreter lock that every other table's clicks wait for. A
    spawned process (not forked: this process runs threads) costs about 0.2 s to start and
    exits when done; exceptions such as :class:`BadRecord` come back as raised. Self-contained
    on purpose, beside the session layer's own worker pool.
    """
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, work, *args)
    except concurrent.futures.process.BrokenProcessPool:
        raise LobbyError(T("Import failed: the worker converting the record stopped; nothing was imported. "
                           "Try again, and tell the bot's operator if it happens again.")) from None
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


class PlayByPost:
    """Settings, deadlines, lobby expiry and records on top of a :class:`Tables`."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store
        self._key: bytes | None = None
        self._resumed_once = False
        self._imports = asyncio.Lock()  # answers to waiting imports, one at a time

    async def signing_key(self) -> bytes:
        """The installation's export-signing key (created in the database on first use)."""
        if self._key is None:
            self._key = await self.store.secret(SIGNING_KEY, now=self.clock())
        return self._key

    @property
    def clock(self) -> Any:
        return self.tables.clock

    # -- personal settings ------------------------------------------------------------------

    async def set_notify(self, user: User, mode: str) -> str:
        if mode not in NOTIFY:
            raise TableError(T("Notifications are {modes}, not {mode}.", modes=", ".join(NOTIFY), mode=repr(mode)))
        await self.store.set_user_settings(user.id, now=self.clock(), notify=mode)
        return {
            "mention": T("You will be mentioned in the channel when it is your move."),
            "dm": T("You will get a direct message when it is your move (a mention if your DMs are closed)."),
            "digest": T("You will not be pinged for each decision; once a day, a direct message lists the games "
                        "waiting for your move."),
            "off": T("You will not be notified; check /game mine for your turns."),
        }[mode]

    async def set_away(self, user: User, days: float) -> str:
        if not 0 <= days <= 60:
            raise TableError(T("Away is between 0 (back now) and 60 days."))
        until = None if days == 0 else self.clock() + days * DAY
        await self.store.set_user_settings(user.id, now=self.clock(), away_until=until)
        if until is None:
            return T("Welcome back: your deadlines run again.")
        return T("Your deadlines are paused until {when}.", when=f"<t:{int(until)}:f>")

    async def forget_me(self, user: User) -> str:
        count = await self.store.forget_user(user.id, now=self.clock())
        self.tables.forget()
        if not count:
            return T("Your settings are deleted. Games you are still playing keep your seat until they end.")
        return Tn("Your settings are deleted, and your seat in {n} finished game now reads 'Former player'. "
                  "Games you are still playing keep your seat until they end.",
                  "Your settings are deleted, and your seat in {n} finished games now reads 'Former player'. "
                  "Games you are still playing keep your seat until they end.", count)

    async def away_note(self, user_ids: list[int]) -> dict[int, float]:
        """Users among ``user_ids`` who are away now, with the time they return."""
        now = self.clock()
        settings = await self.store.users_settings(user_ids)
        return {u: s["away_until"] for u, s in settings.items() if s["away_until"] and s["away_until"] > now}

    # -- deadlines ------------------------------------------------------------------------------

    async def set_deadlines(
        self, *, channel_id: int, user: User, moderator: bool, reminder_hours: float | None,
        timeout_hours: float | None, policy: str,
    ) -> str:
        table_id = await self.tables.table_id_in(channel_id)
        deadlines = check_deadlines(reminder_hours, timeout_hours, policy)
        async with self.tables.lock(table_id):
            live = await self.tables.load(table_id)
            if user.id != live.row.host_id and not moderator:
                raise NotHost(T("Only the host or a moderator can set deadlines."))
            await self.store.set_table_fields(
                table_id, actor_id=user.id, now=self.clock(), kind="deadlines", deadlines=deadlines.to_json()
            )
            await self.tables.refresh(live)
        return T("Deadlines for this table: {deadlines}.", deadlines=deadlines.describe())

    async def default_deadlines(self, channel_id: int) -> Deadlines:
        data = (await self.store.channel_settings(channel_id)).get("deadlines") or {}
        return Deadlines.from_json(data)

    async def due(self, now: float) -> list[Due]:
        """Everything that has fallen due at ``now`` and has not been handled, oldest first."""
        found: list[Due] = []
        for row in await self.store.tables():
            if not self.tables.owns(row.guild_id):
                continue  # a table of another shard: its process schedules it
            if row.status == "lobby":
                days = (await self.store.channel_settings(row.channel_id)).get("lobby_days", DEFAULT_LOBBY_DAYS)
                if row.created_at + days * DAY <= now:
                    found.append(Due(row.created_at + days * DAY, row.id, "lobby"))
                continue
            deadlines = Deadlines.from_json(row.deadlines)
            if row.paused or (deadlines.reminder_hours is None and deadlines.timeout_hours is None):
                continue
            try:
                live = await self.tables.load(row.id)
            except TableError:
                continue  # e.g. its game engine failed on loading it: the others are still due
            handled = set(await self.store.notices(row.id))
            turns = [t for t in self.tables.turns(live) if not live.user_at(t.seat).is_bot]
            away = await self.away_note([t.user_id for t in turns])
            settings = await self.store.users_settings([t.user_id for t in turns])
            settings_until = {u: s["away_until"] for u, s in settings.items()}
            for turn in turns:
                if turn.user_id in away:
                    continue  # paused while away
                # Back from being away: the clock restarts at the return, not at the last move.
                start = max(live.row.moved_at or live.row.updated_at, settings_until.get(turn.user_id) or 0.0)
                for kind, hours in (("reminder", deadlines.reminder_hours), ("timeout", deadlines.timeout_hours)):
                    if hours is None or (kind == "timeout" and deadlines.policy == "none"):
                        continue
                    at = start + hours * HOUR
                    if at <= now and (live.revision, turn.seat, kind) not in handled:
                        found.append(Due(at, row.id, kind, turn.seat, turn.user_id, live.revision))
        return sorted(found, key=lambda due: (due.at, due.table_id, due.seat))

    async def run_due(self, now: float) -> list[Notice]:
        """Handle what is due, at most one message per table, in the order things fell due.

        First, tables whose next decision is a bot's continue (:meth:`Tables.resume_due`): on
        the first run after a start every table is looked at — a move committed just before
        the process died still gets the bots' answer — afterwards those whose bots failed.
        """
        notices: list[Notice] = []
        everything, self._resumed_once = not self._resumed_once, True
        for reply in await self.tables.resume_due(now, everything=everything):
            live = await self.tables.load(reply.table_id)
            notices.append(Notice(live.row.channel_id, live.row.guild_id, reply.table_id, "bots", reply))
        by_table: dict[int, list[Due]] = {}
        for due in await self.due(now):
            by_table.setdefault(due.table_id, []).append(due)
        for table_id, dues in by_table.items():
            try:
                notice = await self._handle(table_id, dues, now)
            except TableError:
                continue  # the table changed under us (cancelled, moved on): nothing is due any more
            if notice is not None:
                notices.append(notice)
        return notices

    async def _handle(self, table_id: int, dues: list[Due], now: float) -> Notice | None:
        tables = self.tables
        async with tables.lock(table_id):
            live = await tables.load(table_id)
            if dues[0].kind == "lobby":
                if live.row.status != "lobby":
                    return None
                await self.store.set_status(table_id, "cancelled", actor_id=None, now=now, reason="lobby expired")
                await tables.refresh(live)
                text = tables.said(T("This {title} lobby expired before it started; open a new one with /game new.",
                                     title=live.game.title), live.row.language, live)
                return Notice(live.row.channel_id, live.row.guild_id, table_id, "lobby",
                              Reply(table_id, live.position, live.revision, text, status="cancelled",
                                    language=live.row.language))
            timeouts = [d for d in dues if d.kind == "timeout" and d.revision == live.revision]
            if timeouts:
                lines: list[str] = []
                events = []
                for due in timeouts:
                    if not await self.store.claim_notice(table_id, due.revision, due.seat, "timeout", now=now):
                        continue
                    # A reminder that is overdue too is moot now: mark it handled, say nothing.
                    await self.store.claim_notice(table_id, due.revision, due.seat, "reminder", now=now)
                    policy = Deadlines.from_json(live.row.deadlines).policy
                    line, more = await self._apply_policy(live, due.seat, policy, now)
                    lines.append(line)
                    events += more
                if not lines:
                    return None
                events += await tables.run_bots(live)
                reply = await tables.play_reply(live, lines, events=events)
                return Notice(live.row.channel_id, live.row.guild_id, table_id, "timeout", reply)
            reminders = [d for d in dues if d.kind == "reminder" and d.revision == live.revision]
            users = []
            for due in reminders:
                if await self.store.claim_notice(table_id, due.revision, due.seat, "reminder", now=now):
                    users.append(due.user_id)
            if not users:
                return None
            reply = await tables.play_reply(live, [T("⏰ Reminder: the {title} game is waiting for your move.",
                                                     title=live.game.title)], ping="all")
            reply.picture = None  # a nudge, not a new board
            reply.mentions = [u for u in reply.mentions if u in users]
            reply.called = [u for u in reply.called if u in users]
            reply.direct = [u for u in reply.direct if u in users]
            return Notice(live.row.channel_id, live.row.guild_id, table_id, "reminder", reply)

    async def _apply_policy(self, live: LiveTable, seat: int, policy: str, now: float) -> tuple[str, list]:
        """What a timeout does to a seat; returns the log line and the events of any move."""
        name = live.names[seat]
        if policy == "replace":
            old = live.user_at(seat)
            bot_id = min([s.user_id for s in live.seats if s.user_id < 0], default=0) - 1
            name_of_bot = bot_name(f"Bot for {old.name}", REPLACEMENT_LEVEL)  # the level the bot plays at
            await self.store.replace_seat(live.id, old.user_id, new_user_id=bot_id, name=name_of_bot,
                                          is_bot=True, actor_id=0, now=now, kind="timeout-replace")
            await self.tables.refresh(live)
            return T("⏰ {name} ran out of time; a bot takes over their seat.", name=name), []
        how, events = await self.play_out(live, seat, prefer_pass=policy == "skip")
        return T("⏰ {name} ran out of time: {how}.", name=name, how=how), events

    async def play_out(self, live: LiveTable, seat: int, *, prefer_pass: bool) -> tuple[str, list[Event]]:
        """Play ``seat``'s whole decision for it (:meth:`fallback` move by move) and commit each
        move; returns how ("the bot plays for them (Draw A1), then Add …") and the events.

        The whole decision, not one step of it: a seat that drew a card still has to place it,
        and leaving that half-turn for another timeout would stall the table twice. It stops
        when the seat has no prompt, the game ends or is paused, or after :data:`TIMEOUT_MOVES`.
        """
        how: str = ""
        events: list[Event] = []
        prompts = self.tables.prompts(live)
        for _ in range(TIMEOUT_MOVES):
            prompt = next(p for p in prompts if p.seat == seat)
            key, this = await self.fallback(live, seat, prefer_pass=prefer_pass)
            how = T("{first}, then {move}", first=how, move=self._said_move(prompt, key)) if how else this
            events += await self.tables.commit_move(live, seat, None, key)
            if live.row.status != "playing" or live.row.paused:
                break  # the game ended (or was paused) with this move
            prompts = self.tables.prompts(live)
            if not any(p.seat == seat for p in prompts):
                break
        return how, events

    def fallback_move(self, live: LiveTable, seat: int, *, prefer_pass: bool) -> tuple[str, str]:
        """A pass where the game has one (when asked), else the bot agent's move."""
        prompt, passed = self._pass_for(live, seat, prefer_pass)
        if passed is not None:
            return passed
        chooser = random.Random(self._timeout_seed(live, seat))
        key = live.game.agent(json.loads(live.state_json or "{}"), seat, chooser)
        return key, self._bot_plays(prompt, key)

    async def fallback(self, live: LiveTable, seat: int, *, prefer_pass: bool) -> tuple[str, str]:
        """:meth:`fallback_move` with a heavy game's bot choosing in the workers, off the loop."""
        if not live.game.heavy:
            return self.fallback_move(live, seat, prefer_pass=prefer_pass)
        prompt, passed = self._pass_for(live, seat, prefer_pass)
        if passed is not None:
            return passed
        key = await self.tables.game_job(bot_choice, live.game.slug, live.state_json, seat,
                                          self._timeout_seed(live, seat))
        return key, self._bot_plays(prompt, key)

    def _pass_for(self, live: LiveTable, seat: int, prefer_pass: bool) -> tuple[Prompt, tuple[str, str] | None]:
        prompt = next(p for p in self.tables.prompts(live) if p.seat == seat)
        if prefer_pass:
            for action in prompt.actions:
                if action.key == "pass" or action.key.startswith("pass"):
                    return prompt, (action.key, T("they pass"))
        return prompt, None

    @staticmethod
    def _timeout_seed(live: LiveTable, seat: int) -> str:
        return f"{live.row.seed}:{live.position}:{seat}:timeout"

    @classmethod
    def _bot_plays(cls, prompt: Prompt, key: str) -> str:
        return T("the bot plays for them ({move})", move=cls._said_move(prompt, key))

    @staticmethod
    def _said_move(prompt: Prompt, key: str) -> str:
        """How the public timeout line names the move: its label, except on a private prompt,
        whose labels show what only the seat may see (the card laid face down as a run card);
        what such a move makes public, its own log lines say."""
        if prompt.private:
            return T("a move only they may see")
        return next((a.label for a in prompt.actions if a.key == key), key)

    # -- records --------------------------------------------------------------------------------

    async def export(self, *, channel_id: int, moderator: bool) -> tuple[str, bytes]:
        """The table's record as a JSON file (name, bytes).

        A finished game can be exported by anyone. A running one only by a moderator: the
        record holds the seed, and the seed tells every hidden card.
        """
        table_id = await self.tables.latest_id_in(channel_id)
        live = await self.tables.load(table_id)
        if live.row.status == "lobby":
            raise GameNotRunning(T("The game has not started; there is nothing to export yet."))
        if live.row.status == "playing" and not moderator:
            raise NotModerator(T("A running game can be exported by a moderator only (the file would show hidden cards)."))
        actions = await self.store.actions(table_id)
        key = await self.signing_key()
        record = build_record(
            key=key,
            game=live.game,
            options=live.row.options,
            seed=live.row.seed,
            status=live.row.status,
            seats=[{"seat": s.seat, "name": s.name, "user_id": s.user_id, "bot": s.is_bot} for s in live.seats],
            actions=[
                {"seat": a.seat, "key": a.action_key, "user_id": a.user_id, **({"at": a.at_ms} if a.at_ms is not None else {})}
                for a in actions
            ],
        )
        name = f"{live.game.slug}-table{table_id}.json"
        return name, json.dumps(record, indent=1, ensure_ascii=False).encode()

    def _imported_origin(self, checked: Any) -> float:
        """Put an imported timed game's clock where it left off, so its next moves come after its last."""
        times = [at for *_, at in checked.actions if at is not None]
        return self.clock() - (max(times) / 1000 if times else 0.0)

    async def import_table(
        self, *, guild_id: int | None, channel_id: int, user: User, data: bytes, moderator: bool = False,
        members: Sequence[User] = (),
    ) -> Reply:
        """Rebuild a table in this channel from an export, after replaying every move.

        Who may import what: a record this installation signed (and nobody changed) is
        restored as it was, by anyone. Anything else — another installation's export, an
        edited or unsigned file — is a moderator's action; it seats only the players who
        accept with a button (the game appears when the last one accepts), bot seats get
        fresh bot ids, and a record without moves gets a fresh seed (one with moves keeps
        its seed: changing it would change what those moves did).

        A record from another site (see :mod:`bot.foreign_records`) is always foreign: the
        moderator names the ``members`` who take its seats, in the record's order.
        """
        try:
            raw = await asyncio.to_thread(decode_json, data)
            if (elsewhere := foreign_records.describe(raw)) is not None:
                return await self._import_from_elsewhere(guild_id, channel_id, user, raw, elsewhere, moderator, members)
            record = check_envelope(raw)
            checked = await asyncio.to_thread(check_record, record)
        except BadRecord as error:
            raise LobbyError(T("Import refused: {why}", why=error.args[0])) from None
        if signed_by(record, await self.signing_key()):
            table_id = await self._create_imported(guild_id, channel_id, user, checked, signed=True)
            live = await self.tables.load(table_id)
            live.decisions = None  # an imported game calls whoever it waits for
            headline = T("{name} imported a {title} game: {n} moves replayed and checked.", name=user.name,
                         title=checked.game.title, n=len(checked.actions))
            return await self.tables.play_reply(live, [headline])
        if not moderator:
            raise NotModerator(T(
                "Import refused: this record was not exported by this bot, or was changed since. Only a moderator "
                "can import it, and then every player it seats must accept."
            ))
        return await self._offer_foreign(guild_id, channel_id, user, record, checked)

    async def _import_from_elsewhere(
        self, guild_id: int | None, channel_id: int, user: User, raw: Any, what: Text, moderator: bool,
        members: Sequence[User],
    ) -> Reply:
        """Another site's record: a moderator's import, with a member named for every seat."""
        if not moderator:
            raise NotModerator(T("Import refused: this is {what}. Only a moderator can import a game recorded "
                                 "elsewhere, and then every player it seats must accept.", what=what))
        wanted = foreign_records.player_count(raw)
        if len(members) != wanted:
            raise LobbyError(T("This is {what}. Name the member who plays each of them, in that order: "
                               "seat1 … seat{wanted} ({named} named).", what=what, wanted=wanted, named=len(members)))
        if len({m.id for m in members}) != len(members):
            raise LobbyError(T("Each seat needs a different member."))
        record, checked = await _in_worker_process(
            foreign_records.convert_and_check, raw, [(m.id, m.name) for m in members]
        )
        checked = replace(checked, game=get_game(checked.game.slug))  # the registry's, not a copy
        return await self._offer_foreign(guild_id, channel_id, user, record, checked, elsewhere=what)

    async def _create_imported(
        self, guild_id: int | None, channel_id: int, user: User, checked: CheckedRecord, *, signed: bool,
        pending_id: int | None = None, host_id: int | None = None,
    ) -> int:
        snapshots = {
            position: state
            for position, state in enumerate(checked.states)
            if position % SNAPSHOT_EVERY == 0 or position == len(checked.states) - 1
        }
        try:
            table_id = await self.store.import_table(
                guild_id=guild_id, channel_id=channel_id, slug=checked.game.slug, options=checked.options,
                seed=checked.seed, host_id=user.id if host_id is None else host_id,
                engine_version=checked.game.version, seats=checked.seats,
                actions=[(seat, uid, key, [event_json(e) for e in events], at) for seat, uid, key, events, at in checked.actions],
                snapshots=snapshots, status="over" if checked.over else "playing", actor_id=user.id, now=self.clock(),
                clock_origin=self._imported_origin(checked), pending_id=pending_id, detail={"signed": signed},
            )
        except ChannelBusy:
            raise LobbyError(T("This channel already has an open table; import into another channel.")) from None
        except StoreError as error:
            raise TableError(str(error)) from None
        if checked.over:
            # A finished import gets its result now; it is not rated unless a moderator says so.
            await self.tables.ratings.record_finished()
        return table_id

    async def _offer_foreign(
        self, guild_id: int | None, channel_id: int, user: User, record: dict[str, Any], checked: CheckedRecord,
        elsewhere: Text | None = None,
    ) -> Reply:
        """A moderator's import of a record not signed here: offer each seat to its player."""
        for number, (user_id, name, bot) in enumerate(checked.seats):
            if not bot and user_id <= 0:
                raise LobbyError(T("Import refused: seat {seat} ({name}) belongs to nobody who could accept it.",
                                   seat=number + 1, name=name))
        if await self.store.open_table_in(channel_id) is not None:
            raise LobbyError(T("This channel already has an open table; import into another channel."))
        record = dict(record)
        record.pop("signature", None)
        # Bot seats get bot ids of ours: a bot seat must never carry a real member's id.
        record["seats"] = [
            {**seat, "user_id": -1 - index} if seat.get("bot") else seat for index, seat in enumerate(record["seats"])
        ]
        reseeded = not checked.actions
        if reseeded:
            record["seed"] = self.tables.seeds()
        waiting = [user_id for user_id, _, bot in checked.seats if not bot]
        pending_id = await self.store.create_pending_import(
            guild_id=guild_id, channel_id=channel_id, requested_by=user.id, record=json.dumps(record),
            waiting=waiting, now=self.clock(),
        )
        if not waiting:
            return await self._finish_import(pending_id, user)
        seats = foreign_records.commas([
            T("{number}. {name} (bot)", number=n + 1, name=name) if bot else T("{number}. {name}", number=n + 1,
                                                                              name=name)
            for n, (_, name, bot) in enumerate(checked.seats)
        ])
        seed_note = (
            T("It has no moves yet, so it gets a fresh seed.") if reseeded else
            T("Its moves depend on the seed in the file, which is kept: whoever made the file may know the hidden "
              "cards.")
        )
        if elsewhere is not None:  # another site's record: its seat order is the record's, nothing hidden to know
            seed_note = T("It is {what}, seated in that order.", what=elsewhere)
        text = T(
            "{name} (moderator) imports a {title} game recorded elsewhere ({n} moves replayed and checked). "
            "Seats: {seats}. {seed_note}\n"
            "Each player: take your seat with the button (or decline); the game begins when everyone has accepted.",
            name=user.name, title=checked.game.title, n=len(checked.actions), seats=seats, seed_note=seed_note,
        )
        # No table yet, so no table's language: the offer speaks the importing moderator's.
        return Reply(0, len(checked.actions), 0, text, mentions=waiting, status="lobby",
                     request=Request(pending_id, "import", tuple(waiting)), language=user.language)

    async def answer_import(self, *, request_id: int, user: User, accept: bool, channel_id: int | None = None) -> Reply:
        """A player's yes or no to a seat in a waiting import; the last yes creates the table."""
        check_id(request_id, T("That import no longer exists."))
        async with self._imports:
            pending = await self.store.pending_import(request_id)
            if pending is None:
                raise TableError(T("That import no longer exists."))
            if channel_id is not None and channel_id != pending["channel_id"]:
                raise TableError(T("That button belongs to an import in another channel."))
            if user.id not in pending["waiting"] and user.id not in pending["accepted"]:
                raise TableError(T("No seat in this import is yours."))
            if pending["status"] != "open":
                raise TableError(T("That import has already been settled."))
            if user.id in pending["accepted"]:
                if not pending["waiting"]:  # everyone accepted, but the table could not be made: try again
                    return await self._finish_import(request_id, user)
                raise TableError(T("You have already accepted your seat; waiting for the others."))
            waiting = [u for u in pending["waiting"] if u != user.id]
            accepted = [*pending["accepted"], user.id]
            now = self.clock()
            if not accept:
                await self.store.update_pending_import(request_id, waiting=waiting, accepted=pending["accepted"],
                                                       status="refused", actor_id=user.id, now=now)
                return Reply(0, 0, 0, T("{name} declined their seat; the import is cancelled.", name=user.name),
                             status="cancelled", language=user.language)
            await self.store.update_pending_import(request_id, waiting=waiting, accepted=accepted, status="open",
                                                   actor_id=user.id, now=now)
            if waiting:
                record = json.loads(pending["record"])
                names = [seat["name"] for seat in record["seats"] if seat["user_id"] in waiting]
                return Reply(0, 0, 0, T("{name} took their seat; waiting for {names}.", name=user.name,
                                        names=foreign_records.commas(names)), status="lobby",
                             request=Request(request_id, "import", tuple(waiting)), language=user.language)
            return await self._finish_import(request_id, user)

    async def _finish_import(self, pending_id: int, user: User) -> Reply:
        pending = await self.store.pending_import(pending_id)
        assert pending is not None
        try:
            checked = await asyncio.to_thread(check_record, json.loads(pending["record"]))
        except BadRecord as error:  # the game's engine changed while the import waited
            raise LobbyError(T("Import refused: {why}", why=error.args[0])) from None
        table_id = await self._create_imported(
            pending["guild_id"], pending["channel_id"], user, checked, signed=False, pending_id=pending_id,
            host_id=pending["requested_by"],
        )
        live = await self.tables.load(table_id)
        live.decisions = None  # an imported game calls whoever it waits for
        headline = T("Everyone took their seat: the imported {title} game is on ({n} moves replayed and checked).",
                     title=checked.game.title, n=len(checked.actions))
        return await self.tables.play_reply(live, [headline])
