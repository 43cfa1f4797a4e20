"""The session layer: one Table is one game in one channel, from lobby to play to over.

Every front end (Discord cogs, the console, self-play, benchmarks) goes through
:class:`Tables`. It knows nothing about Discord: it takes user ids and names, and returns
plain values — text, PNG bytes, users to mention, the next prompt's actions, and private
parts per user.

A move, end to end (:meth:`Tables.act`), under the table's lock:

1. the user must be seated and, for a button, the board must be current
   (``expected_revision``: the table's revision grows with every change of its log);
2. the move (an action key or free text) is resolved against the user's legal actions;
3. the game applies it to a *copy* of the state, so a refusal or a failed write leaves
   the live table as it was;
4. the action row and the new snapshot are committed in one SQLite transaction;
5. only then is the reply built and the board drawn (by the workers).

Refusals raise :class:`TableError` subclasses whose message is meant for the player.

Where the CPU work runs (:mod:`bot.workers`): pictures are always drawn by the workers; a game
that declares ``heavy`` (1856) has its ``apply``, its bots' choices and its prompts computed
there too, while the table's lock is held, so the event loop that answers every other table
stays free; light games run in-process, where a move costs less than sending its state to
another process. The bot gives the session layer worker processes
(:class:`bot.workers.ProcessWorkers`); tests and tools get :class:`bot.workers.LocalWorkers`.
A worker that crashes or runs past its timeout costs that one move: it is refused
(:class:`EngineFailed`) and nothing is committed.

Bots resume on their own. A table whose next decision is a bot's — because the process died
between a player's committed move and the bots' answer, or because a bot's choice failed — is
continued when it is next loaded from the store (in the background, the reply going to
:attr:`Tables.on_resumed`), at start (:meth:`Tables.resume_due` with ``everything=True``,
which the scheduler runs first) and, after a failure, by the scheduler with a growing pause.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from bot import logs, metrics
from bot.bots import (
    DEFAULT_LEVEL,
    FALLBACK_LEVEL,
    UnknownLevel,
    bot_name,
    check_level,
    choose,
    level_of,
    runs_in_worker,
)
from bot.engine import (
    EXPIRE,
    MAX_KEY_LENGTH,
    SYSTEM_SEAT,
    Action,
    BadOptions,
    Event,
    Game,
    IllegalAction,
    Prompt,
    UnknownGame,
    get_game,
    seat_ref,
)
from bot.engine.orders import OrderSetting
from bot.engine.words import CORE, Text, texts
from bot.i18n import LANGUAGE_NAMES, language_of, say
from bot.pings import Decisions, PingMode
from bot.ratings import Ratings, describe_result
from bot.replies import Private, Reply, Request, TableSummary, Turn, User
from bot.reply_text import (
    RECENT_MOVES,
    clipped,
    describe_outcome,
    log_line,
    name_seats,
    standings_lines,
    whose_turn,
)
from bot.store import (
    ActionRow,
    ChannelBusy,
    PositionConflict,
    SeatRow,
    Store,
    StoreError,
    TablePaused,
    TableRow,
)
from bot.table_errors import (  # noqa: F401  (re-exported: callers import the refusals from here)
    AmbiguousMove,
    AmountRefused,
    ConfirmMove,
    EngineFailed,
    GameNotRunning,
    IllegalMove,
    LobbyError,
    NoTable,
    NotHost,
    NotModerator,
    NotSeated,
    NotYourTurn,
    StaleBoard,
    TableError,
    UnsureMove,
)
from bot.typed_moves import MoveMatch, resolve_move, unsure_move  # noqa: F401  (re-exported)
from bot.workers import (
    Applied,
    JobFailed,
    LocalWorkers,
    Workers,
    WorkerTimedOut,
    apply_move,
    bot_move,
    draw_board,
    draw_private,
    draw_table,
    prompts_of,
    replay_moves,
)

Clock = Callable[[], float]
log = logging.getLogger(__name__)
T, Tn, Tp = texts(CORE)

CACHE_SIZE = 256
"""Tables kept in memory (least recently used evicted); others reload from their snapshot."""
MAX_ID = 2**63 - 1
BOT_RETRY_S = 30.0
"""After a bot failed to move, the first retry waits this long; each failure doubles it."""
BOT_RETRY_MAX_S = 3600.0


# -- the live table ---------------------------------------------------------------------------


@dataclass(slots=True)
class LiveTable:
    """A table as held in memory: its row, seats and (once started) its state."""

    row: TableRow
    game: Game
    seats: list[SeatRow]
    state_json: str | None = None
    state: dict[str, Any] | None = None
    prompts: list[Prompt] | None = None
    """The prompts of ``prompts_of`` (see :meth:`Tables.prompts`): valid while it is ``state``."""
    prompts_of: dict[str, Any] | None = None
    recent: list[str] | None = None
    """The last moves of the log as reply lines (see :meth:`Tables.recent_moves`), kept up to
    date by each commit once read, so a move's reply does not read the log again."""
    orders: dict[int, list[OrderSetting]] | None = None
    """Each seat's standing orders (:mod:`bot.standing_orders`), read once; None: not read yet."""
    decisions: Decisions | None = None
    """Whose decisions were pinged (:mod:`bot.pings`); None until the first commit or reply."""

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def position(self) -> int:
        return self.row.position

    @property
    def revision(self) -> int:
        return self.row.revision

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def outdated(self) -> bool:
        """Started under an older version of the game's rules: its saved state may not fit
        today's code, so it is neither played on nor drawn (a moderator can cancel it)."""
        return self.row.status != "lobby" and self.row.engine_version != self.game.version

    def is_seated(self, user_id: int) -> bool:
        return any(seat.user_id == user_id for seat in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        """The user's seat number once the game has started (``None`` before, or if not seated)."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_at(self, seat: int) -> SeatRow:
        return self.seats[seat]


def check_id(value: int, refusal: Text) -> None:
    """Refuse an id no table or request can have (SQLite ids are positive 64-bit integers)."""
    if not 0 < value <= MAX_ID:
        raise NoTable(refusal)


class _TableLock:
    """An asyncio lock that removes itself from ``registry`` when nobody holds or awaits it."""

    __slots__ = ("_lock", "_registry", "_table_id", "_users")

    def __init__(self, registry: dict[int, _TableLock], table_id: int) -> None:
        self._lock = asyncio.Lock()
        self._registry = registry
        self._table_id = table_id
        self._users = 0

    def locked(self) -> bool:
        return self._lock.locked()

    async def __aenter__(self) -> None:
        self._users += 1
        try:
            await self._lock.acquire()
        except BaseException:
            self._release_user()
            raise

    async def __aexit__(self, *exc: object) -> None:
        self._lock.release()
        self._release_user()

    def _release_user(self) -> None:
        self._users -= 1
        if self._users == 0 and self._registry.get(self._table_id) is self:
            del self._registry[self._table_id]


class Tables:
    """The session layer over one :class:`Store`.

    ``clock`` gives the time (inject a fake in tests); ``seeds`` makes table seeds;
    ``render`` turns pictures off for self-play and engine benchmarks. ``owns`` says which
    guilds' tables this process runs (a sharded bot: the guilds on its shards, see
    :class:`bot.config.Shards`); deadlines and lists skip the others, which another process,
    holding them in its own cache, runs. ``workers`` runs the CPU work (see the module
    docstring; default :class:`LocalWorkers`), and ``on_resumed`` receives the reply of bots
    that continued a table in the background (the bot posts it in the table's channel).
    """

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = time.time,
        seeds: Callable[[], int] | None = None,
        render: bool = True,
        cache_size: int = CACHE_SIZE,
        owns: Callable[[int | None], bool] | None = None,
        workers: Workers | None = None,
        on_resumed: Callable[[Reply], Awaitable[None]] | None = None,
    ) -> None:
        self.store = store
        self.owns: Callable[[int | None], bool] = owns or (lambda guild_id: True)
        self.clock = clock
        self.seeds = seeds or (lambda: secrets.randbits(62))
        self.render = render
        self.ratings = Ratings(store, clock)
        self.cache_size = cache_size
        self._live: OrderedDict[int, LiveTable] = OrderedDict()
        self._locks: dict[int, _TableLock] = {}
        self._channel_lock = asyncio.Lock()
        self.workers: Workers = workers or LocalWorkers()
        self.on_resumed = on_resumed
        self._stalled: dict[int, tuple[int, float]] = {}
        """Tables whose bots failed: (failures so far, when to try again)."""
        self._resuming: dict[int, asyncio.Task[None]] = {}
        from bot.standing_orders import StandingOrders  # it builds on this module's errors

        self.orders = StandingOrders(self)
        self.watchers: list[Callable[[int], None]] = []
        """Called with a table's id whenever a newer copy of it is published (the web pages' feed)."""

    # -- loading -------------------------------------------------------------------------
    #
    # The cache holds at most ``cache_size`` tables, least recently used evicted first; an
    # evicted table reloads from its latest snapshot. Two rules keep it from ever holding a
    # state older than the last commit: a writer (holding the table's lock) publishes its
    # own LiveTable after every write (:meth:`commit_move`, :meth:`refresh`), and a load that
    # raced a commit (the store's commit count moved while it read) returns what it read
    # without publishing it.

    def lock(self, table_id: int) -> _TableLock:
        """The lock that serialises every change to one table.

        Entries exist only while someone holds or awaits the lock, so ids that were clicked
        once (or never had a table) cost nothing afterwards.
        """
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = _TableLock(self._locks, table_id)
        return lock

    def _publish(self, live: LiveTable) -> None:
        self._live[live.id] = live
        self._live.move_to_end(live.id)
        while len(self._live) > self.cache_size:
            self._live.popitem(last=False)
        for watcher in self.watchers:
            watcher(live.id)

    async def load(self, table_id: int) -> LiveTable:
        """The table as held in memory, read from its latest snapshot on first use."""
        check_id(table_id, T("That table no longer exists."))
        logs.bind(table=table_id)  # this task's log lines name the table from here on
        live = self._live.get(table_id)
        if live is not None:
            self._live.move_to_end(table_id)
            return live
        commits = self.store.commits
        found = await self.store.load_table(table_id)  # row, seats and snapshot in one read
        if found is None:
            raise NoTable(T("That table no longer exists."))
        row, seats, loaded = found
        game = get_game(row.slug)
        live = LiveTable(row=row, game=game, seats=seats)
        if loaded is not None:
            # Normally the snapshot is the newest position; replay anything logged after it.
            live.state_json = await self._replay(game, loaded.state_json, loaded.later_actions)
            live.state = state = json.loads(live.state_json)
            if game.heavy and live.row.status == "playing" and not live.outdated:
                live.prompts = await self.game_job(prompts_of, game.slug, live.state_json)
                live.prompts_of = state
            if live.row.status == "playing" and not live.outdated:
                # Whoever waits now was called by the reply that made them wait (in this process or before).
                live.decisions = Decisions.resumed(live.position, [(p.seat, live.user_at(p.seat).user_id)
                                                                   for p in self.prompts(live) if 0 <= p.seat < len(seats)])
        cached = self._live.get(table_id)
        if cached is not None:
            return cached  # loaded meanwhile by someone else: theirs is as new or newer
        if self.store.commits == commits:
            self._publish(live)
        # else: something was committed while we read; what we read is correct for this
        # caller but may be older than that commit, so it is not cached.
        if self.owns(live.row.guild_id) and (self.bots_waiting(live) or self.forced_waiting(live)):
            self._resume_later(table_id)  # e.g. the process died between a move and the bots' (or a forced) answer
        return live

    def prompts(self, live: LiveTable) -> list[Prompt]:
        """The game's prompts for the table's state, computed once per state.

        A state is never changed in place (moves are applied to a copy), so the prompts stay
        right until ``live.state`` is another object.
        """
        if live.state is None:
            return []
        if live.prompts is None or live.prompts_of is not live.state:
            live.prompts = live.game.prompts(live.state)
            live.prompts_of = live.state
        return live.prompts

    def bots_waiting(self, live: LiveTable) -> bool:
        """Whether the table's next decision is a bot seat's (and the game goes on)."""
        if live.row.status != "playing" or live.row.paused or live.state is None or live.outdated:
            return False
        return any(live.user_at(p.seat).is_bot for p in self.prompts(live) if 0 <= p.seat < len(live.seats))

    def forced_waiting(self, live: LiveTable) -> bool:
        """Whether the table's next decision is a forced move not yet played (e.g. it became due
        just before the process stopped): :meth:`run_bots` plays it."""
        if live.row.status != "playing" or live.row.paused or live.state is None or live.outdated:
            return False
        return self._forced_prompt(live, self.prompts(live)) is not None

    async def _replay(self, game: Game, state_json: str, actions: list[ActionRow]) -> str:
        """The state after replaying logged ``actions`` (in the workers for a heavy game)."""
        if not actions:
            return state_json
        moves = [(action.seat, action.action_key, action.at_ms) for action in actions]
        if game.heavy:
            return await self.game_job(replay_moves, game.slug, state_json, moves)  # type: ignore[no-any-return]
        return replay_moves(game.slug, state_json, moves)

    async def game_job(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A heavy game's job in the workers; a crashed or hung worker becomes a refusal.

        (Also used by :mod:`bot.playbypost` for a timeout's bot choice.)"""
        try:
            return await self.workers.run(fn, *args)
        except WorkerTimedOut:
            raise EngineFailed(T(
                "The game engine took too long on that and was stopped; nothing was recorded. "
                "Try again in a moment, or ask a moderator to look at the table."
            )) from None
        except JobFailed:
            raise EngineFailed(T(
                "The game engine failed while working on that; nothing was recorded. "
                "Try again in a moment, or ask a moderator to look at the table."
            )) from None

    async def refresh(self, live: LiveTable) -> None:
        """Re-read a table's row and seats after a write; call with the table's lock held."""
        row = await self.store.table(live.id)
        if row is not None:
            live.row = row
        live.seats = await self.store.seats(live.id)
        live.orders = None  # a seat may have changed hands: its orders are read again
        self._publish(live)

    async def table_id_in(self, channel_id: int) -> int:
        row = await self.store.open_table_in(channel_id)
        if row is None:
            raise NoTable(T("There is no open table in this channel. Start one with /game new."))
        return row.id

    async def latest_id_in(self, channel_id: int) -> int:
        row = await self.store.latest_table_in(channel_id)
        if row is None:
            raise NoTable(T("No game has been played in this channel yet. Start one with /game new."))
        return row.id

    @property
    def loaded_count(self) -> int:
        """Tables held in memory now (at most :attr:`cache_size`)."""
        return len(self._live)

    def forget(self, table_id: int | None = None) -> None:
        """Drop cached tables (all, or one) so the next call reads SQLite again."""
        if table_id is None:
            self._live.clear()
        else:
            self._live.pop(table_id, None)

    # -- lobby ----------------------------------------------------------------------------

    async def create(
        self, *, guild_id: int | None, channel_id: int, host: User, slug: str, options: dict[str, str] | None = None,
        deadlines: dict[str, Any] | None = None, language: str = "en",
    ) -> Reply:
        """Open a lobby; ``deadlines`` (else the channel's defaults) set play-by-post timing, and
        ``language`` is what its public posts speak (:func:`bot.i18n.language_of`: else English)."""
        try:
            game = get_game(slug)
            resolved = game.resolve_options(options or {})
            game.check_options(resolved)  # combinations that could never start are refused now
        except (UnknownGame, BadOptions) as error:
            raise LobbyError(str(error)) from None
        channel = await self.store.channel_settings(channel_id)
        if channel.get("games") and game.slug not in channel["games"]:
            raise LobbyError(T("This channel is for {games}; {title} is played elsewhere.",
                               games=", ".join(channel["games"]), title=game.title))
        try:
            table_id = await self.store.create_table(
                deadlines=deadlines if deadlines is not None else channel.get("deadlines") or {},
                guild_id=guild_id,
                channel_id=channel_id,
                slug=game.slug,
                options=resolved,
                seed=self.seeds(),
                host_id=host.id,
                host_name=host.name,
                engine_version=game.version,
                now=self.clock(),
                language=language_of(language),
            )
        except ChannelBusy:
            raise LobbyError(T(
                "This channel already has an open table. Finish or cancel it first (/game status)."
            )) from None
        live = await self.load(table_id)
        return self._lobby_reply(live, T("{host} opened a table for {title}.", host=host.name, title=game.title))

    def _lobby_reply(self, live: LiveTable, headline: Text) -> Reply:
        game, language = live.game, live.row.language
        opts = ", ".join(f"{name}={value}" for name, value in live.row.options.items())
        seated = ", ".join(live.names) or T("nobody")
        lines = [
            headline,
            T("{title} — {summary}", title=game.title, summary=game.summary),
            T("Players ({seated}/{most}, at least {least}): {names}", seated=len(live.seats), most=game.max_players,
              least=game.min_players, names=seated),
        ]
        if opts:
            lines.append(T("Options: {options}", options=opts))
        if language != "en":
            lines.append(T("Language: {language}", language=LANGUAGE_NAMES[language]))
        lines.append(T("Join with the button below or /game join; the host starts the game."))
        text = "\n".join(self.said(line, language, live) for line in lines)
        return Reply(live.id, live.position, live.revision, text, status=live.row.status, lobby=True,
                     language=language)

    def said(self, text: str, language: str, live: LiveTable | None = None) -> str:
        """``text`` said in ``language`` (a :class:`Text` through its catalog: the bot's words, or
        the table's game's; a plain string by its English), with the players' names put in
        after saying."""
        domains = (live.game.slug,) if live is not None else ()
        return name_seats(say(text, language, domains), live.names) if live is not None else say(text, language)

    async def join(self, *, channel_id: int, user: User) -> Reply:
        table_id = await self.table_id_in(channel_id)
        async with self.lock(table_id):
            live = await self.load(table_id)
            if live.row.status != "lobby":
                raise LobbyError(T("This game has already started; wait for the next one."))
            if live.is_seated(user.id):
                raise LobbyError(T("You are already seated at this table."))
            if len(live.seats) >= live.game.max_players:
                raise LobbyError(T("The table is full ({most} players).", most=live.game.max_players))
            try:
                await self.store.add_seat(table_id, user.id, user.name, now=self.clock(), is_bot=user.is_bot)
            except StoreError as error:
                raise LobbyError(str(error)) from None
            await self.refresh(live)
            return self._lobby_reply(live, T("{name} joined.", name=user.name))

    async def leave(self, *, channel_id: int, user: User) -> Reply:
        table_id = await self.table_id_in(channel_id)
        async with self.lock(table_id):
            live = await self.load(table_id)
            if not live.is_seated(user.id):
                raise NotSeated(T("You are not seated at this table."))
            if live.row.status != "lobby":
                raise LobbyError(T("The game has started: you cannot leave now. Ask a moderator for a substitute."))
            if user.id == live.row.host_id:
                raise LobbyError(T("You are the host: cancel the table with /game cancel instead."))
            await self.store.remove_seat(table_id, user.id, actor_id=user.id, now=self.clock())
            await self.refresh(live)
            return self._lobby_reply(live, T("{name} left.", name=user.name))

    async def start(self, *, channel_id: int, user: User) -> Reply:
        table_id = await self.table_id_in(channel_id)
        async with self.lock(table_id):
            live = await self.load(table_id)
            if live.row.status != "lobby":
                raise LobbyError(T("This game has already started."))
            if user.id != live.row.host_id:
                host = next((s.name for s in live.seats if s.user_id == live.row.host_id), T("the host"))
                raise NotHost(T("Only the host ({host}) can start the game.", host=host))
            game, count = live.game, len(live.seats)
            if not game.min_players <= count <= game.max_players:
                raise LobbyError(T("{title} needs {least}–{most} players; {count} seated.", title=game.title,
                                   least=game.min_players, most=game.max_players, count=count))
            order = [seat.user_id for seat in live.seats]
            # Seat order comes from the table seed, so a replay seats everyone the same way.
            random.Random(live.row.seed).shuffle(order)
            try:
                state = game.setup(count, live.row.options, live.row.seed)
            except BadOptions as error:  # e.g. a variant that is not for this many players
                raise LobbyError(str(error)) from None
            state_json = json.dumps(state)
            await self.store.start_table(table_id, order, state_json, actor_id=user.id, now=self.clock(),
                                         engine_version=live.game.version)
            live.state, live.state_json = state, state_json
            await self.refresh(live)
            order_text = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(live.names))
            events = await self.run_bots(live)
            return await self.play_reply(live, [T("{title} begins. Seats: {seats}.", title=game.title, seats=order_text)],
                                         events=events)

    async def cancel(self, *, channel_id: int, user: User, moderator: bool = False) -> Reply:
        table_id = await self.table_id_in(channel_id)
        async with self.lock(table_id):
            live = await self.load(table_id)
            if user.id != live.row.host_id and not moderator:
                raise NotHost(T("Only the host or a moderator can cancel this table."))
            await self.store.set_status(table_id, "cancelled", actor_id=user.id, now=self.clock())
            await self.refresh(live)
            text = T("{name} cancelled the {title} table.", name=user.name, title=live.game.title)
            return Reply(table_id, live.position, live.revision, self.said(text, live.row.language, live),
                         status="cancelled", language=live.row.language)

    # -- play -----------------------------------------------------------------------------

    async def act(
        self,
        *,
        user: User,
        move: str,
        channel_id: int | None = None,
        table_id: int | None = None,
        expected_revision: int | None = None,
    ) -> Reply:
        """Play ``move`` (a key or free text) for ``user``; committed before this returns.

        Bot seats whose turn follows play at once; their moves are part of the reply. In
        timed play the move is stamped with the time it arrived (before waiting for the
        table's lock), so clicks are judged by arrival, not by how long the lock took.
        """
        received = self.clock()
        clicked_in = None
        if table_id is None:
            if channel_id is None:
                raise ValueError("act() needs a channel_id or a table_id")
            table_id = await self.table_id_in(channel_id)
        else:
            clicked_in = channel_id  # a button names its table: it must be this channel's
        check_id(table_id, T("That table no longer exists."))
        async with self.lock(table_id):
            live = await self.load(table_id)
            if clicked_in is not None:
                self.check_channel(live, clicked_in)
            self.check_running(live)
            seat = live.seat_of(user.id)
            if seat is None:
                raise NotSeated(T("You are not seated at this table."))
            if expected_revision is not None and expected_revision != self.board_revision(live):
                raise StaleBoard(T("This board is out of date — here is the current one."), self.board_revision(live))
            assert live.state is not None
            prompts = self.prompts(live)
            mine = [prompt for prompt in prompts if prompt.seat == seat]
            if not mine:
                raise NotYourTurn(self.not_your_turn(live))
            try:
                match = resolve_move(move, [action for prompt in mine for action in prompt.actions])
            except AmountRefused:
                raise  # an amount that is not legal: the sentence gives the range and the nearest
            except IllegalMove:
                # Something that is not a move now: the game says why, in its own words
                # ("Harbor costs 8 doubloons and you have 5"), when it can.
                text = move.strip()
                if not text or len(text) > MAX_KEY_LENGTH or type(live.game).explain_refusal is Game.explain_refusal:
                    raise
                try:
                    reason = live.game.explain_refusal(live.state, seat, text)
                except Exception:  # a game's explanation must never turn a refusal into a crash
                    log.warning("%s: explain_refusal failed for %r", live.game.slug, text, exc_info=True)
                    raise IllegalMove(T('"{text}" is not one of your moves now. Use /moves to see them.',
                                        text=text)) from None
                raise IllegalMove(T("{reason} Use /moves to see your moves.", reason=reason)).naming(
                    live.names, live.game.slug) from None
            if match.how != "exact":  # a partial match is offered back, never played
                raise unsure_move(move.strip(), match, table_id, self.board_revision(live))
            events = await self.commit_move(live, seat, user.id, match.action.key, received=received)
            events += await self.run_bots(live)
            return await self.play_reply(live, events=events)

    def not_your_turn(self, live: LiveTable) -> str:
        """The refusal for a seated player who has nothing to decide now.

        It names everyone the game waits for. Which seats have a prompt is public (the
        test kit checks it does not change when hidden information is redrawn), so this
        reads the same whoever holds which cards.
        """
        waiting = ", ".join(sorted({turn.name for turn in self.turns(live)}))
        return T("It is not your turn: waiting for {names}.", names=waiting) if waiting else T(
            "Nobody has anything to decide now.")

    def check_channel(self, live: LiveTable, channel_id: int) -> None:
        """A component names its table; refuse it where that table is not played (its channel,
        or the thread holding its log)."""
        if channel_id not in (live.row.channel_id, live.row.thread_id):
            raise TableError(T("That button belongs to a table in another channel."))

    def check_running(self, live: LiveTable) -> None:
        if live.row.status == "lobby":
            raise GameNotRunning(T("The game has not started yet."))
        if live.row.status != "playing" or live.state is None or live.state_json is None:
            if live.row.status == "cancelled":
                raise GameNotRunning(T("This {title} game is cancelled.", title=live.game.title))
            raise GameNotRunning(T("This {title} game is over.", title=live.game.title))
        if live.row.paused:
            raise GameNotRunning(T("A moderator has paused this game; it resumes with /admin resume."))
        if live.outdated:
            raise GameNotRunning(outdated_text(live))

    def board_revision(self, live: LiveTable) -> int:
        """What a posted board's components carry to recognise an outdated click.

        The table's revision (any change outdates every earlier board), except in live play
        where the game names an epoch: then a board stays valid until the game says its
        buttons would mean something else, so several players can race on one board.
        """
        if live.state is not None and live.row.status == "playing" and not live.outdated and live.game.is_timed(live.state):
            epoch = live.game.epoch(live.state)
            if epoch is not None:
                return epoch
        return live.revision

    def table_clock(self, live: LiveTable, when: float | None = None) -> int:
        """Milliseconds since the game started: the clock of timed play."""
        origin = live.row.clock_origin if live.row.clock_origin is not None else live.row.created_at
        now = self.clock() if when is None else when
        # Floor, not round: a move made before a deadline must never be stamped at it.
        return max(0, math.floor((now - origin) * 1000))

    async def commit_move(
        self, live: LiveTable, seat: int, user_id: int | None, key: str, *, received: float | None = None,
        at: int | None = None,
    ) -> list[Event]:
        """Apply ``key`` for ``seat`` to a copy of the state and commit it; then adopt the copy.

        The only way a move reaches the store: players, bot seats, timeouts, moderators and
        expired deadlines all come through here. Call with the table's lock held. In timed
        play the move carries the table clock (``at``, or from ``received``), never earlier
        than the last move's. A heavy game's move is computed by the workers
        (:class:`EngineFailed` if that fails).
        """
        began = time.perf_counter()  # for the operator's move-latency metric
        at = self._stamp(live, received, at)
        if live.game.heavy:
            assert live.state_json is not None
            applied = await self._heavy(apply_move, live, seat, key, at)
        else:
            applied = self._apply_here(live, seat, key, at)
        committed = await self._commit(live, seat, user_id, applied, at)
        metrics.move_committed(live.game.slug, time.perf_counter() - began)
        return committed

    def _stamp(self, live: LiveTable, received: float | None, at: int | None) -> int | None:
        """The table-clock time of a move (timed play only), never before the last move's."""
        assert live.state is not None
        if at is None and live.game.is_timed(live.state):
            at = max(self.table_clock(live, received), int(live.state.get("now", 0)))
        return at

    def _apply_here(self, live: LiveTable, seat: int, key: str, at: int | None) -> _Move:
        """A light game's move, in-process: cheaper than sending the state to a worker."""
        assert live.state_json is not None
        state = json.loads(live.state_json)
        try:
            events = replay_action(live.game, state, seat, key, at)
        except IllegalAction as error:
            raise IllegalMove(refusal_of(error)).naming(live.names, live.game.slug) from None
        return _Move(Applied(key, events, json.dumps(state), live.game.outcome(state) is not None, []), state, False)

    async def _heavy(self, job: Callable[..., Applied], live: LiveTable, seat: int, arg: str, at: int | None) -> _Move:
        """A heavy game's move (``apply_move``, or ``bot_move`` with the bot's seed) in the workers."""
        try:
            applied = await self.game_job(job, live.game.slug, live.state_json, seat, arg, at)
        except IllegalAction as error:
            raise IllegalMove(refusal_of(error)).naming(live.names, live.game.slug) from None
        return _Move(applied, json.loads(applied.state_json), True)

    async def _commit(self, live: LiveTable, seat: int, user_id: int | None, move: _Move, at: int | None) -> list[Event]:
        applied = move.applied
        events = list(applied.events)
        status = "over" if applied.over else "playing"
        position = live.position + 1
        now = self.clock()
        try:
            await self.store.record_action(
                live.id,
                position=position,
                seat=seat,
                user_id=user_id,
                action_key=applied.key,
                events=[event_json(event) for event in events],
                state_json=applied.state_json,
                status=status,
                now=now,
                at_ms=at,
            )
        except PositionConflict as conflict:
            self.forget(live.id)
            if isinstance(conflict, TablePaused):  # paused by another process: say so, not "moved on"
                raise GameNotRunning(str(conflict)) from None
            raise StaleBoard(T("The table moved on while you were deciding — try again."), live.revision) from None
        live.state, live.state_json = move.state, applied.state_json
        if move.has_prompts:
            live.prompts, live.prompts_of = applied.prompts, move.state
        live.row = replace(
            live.row, position=position, revision=live.revision + 1, status=status, updated_at=now, moved_at=now
        )
        if live.recent is not None:
            line = log_line(position, seat, applied.key, [event_json(event) for event in events], live.names,
                            live.row.language)
            live.recent = [*live.recent, clipped(line)][-RECENT_MOVES:]
        if live.decisions is not None:
            live.decisions.observe(position, [prompt.seat for prompt in self.prompts(live)])
        self._publish(live)  # the writer's table is the newest: it replaces any other copy
        if status == "over":
            events.append(await self._finish(live))
        return events

    async def _finish(self, live: LiveTable) -> Event:
        """Record the finished game's result and ratings; a line for the reply (not the log).

        The last move is committed already: if recording fails, it is caught up at the next
        finish or start (:meth:`Ratings.record_finished`) and the move still stands.
        """
        try:
            finished = await self.ratings.record_finished()
        except Exception:
            log.exception("recording the result of table %s failed; it is retried later", live.id)
            return Event("")
        mine = next((f for f in finished if f.result.table_id == live.id), None)
        return Event(describe_result(mine, live.names) if mine else "")

    async def run_bots(self, live: LiveTable) -> list[Event]:
        """Let bot seats play while a bot must decide (all bots of a simultaneous prompt first),
        then whatever plays itself: forced moves and the answers of standing orders
        (:meth:`bot.standing_orders.StandingOrders.next_move`).

        Call with the table's lock held, after the move that handed the turn to the bots has
        been committed. A bot whose choice fails (its worker crashed or hung, the agent raised,
        the store refused) does not undo that move: the bots stop, the reply says so, and the
        table is resumed later (:meth:`resume_due`).
        """
        events: list[Event] = []
        for _ in range(live.game.max_actions(len(live.seats))):
            if live.row.status != "playing" or live.row.paused or live.state_json is None:
                break
            prompts = self.prompts(live)
            waiting = [p for p in prompts if live.user_at(p.seat).is_bot]
            if not waiting:
                self._stalled.pop(live.id, None)
                auto = await self.orders.next_move(live, prompts)
                if auto is None:
                    break
                # A forced move (the seat's only action, public knowledge) or a standing order's
                # answer: played at once through the same commit as any move, saying why in the log.
                at = self._stamp(live, None, None)
                try:
                    if live.game.heavy:
                        move = await self._heavy(apply_move, live, auto.seat, auto.key, at)
                    else:
                        move = self._apply_here(live, auto.seat, auto.key, at)
                except IllegalMove:
                    break
                sealed = sealed_answer(auto.seat, prompts, move.applied.events)
                move.applied.events.insert(0, Event(auto.line(), visible_to=sealed))
                try:
                    events += await self._commit(live, auto.seat, live.user_at(auto.seat).user_id, move, at)
                except StaleBoard:
                    break
                continue
            seat = waiting[0].seat
            # Seeded by table and position: a bot's choices replay the same way.
            seed = f"{live.row.seed}:{live.position}:{seat}"
            try:
                at = self._stamp(live, None, None)
                level = level_of(live.user_at(seat).name)  # easy, normal or hard: see bot.bots
                try:
                    move = await self._bot_move(live, seat, level, seed, at)
                except Exception as failure:
                    if level != "hard" or isinstance(failure, StaleBoard):
                        raise
                    # A search that failed or ran past the workers' timeout: the heuristic (the
                    # normal level, which answers at once) plays this one move, so a table never
                    # waits on a search that cannot finish.
                    log.warning("table %s: the hard bot at seat %s could not search position %s; "
                                "the normal level plays this move", live.id, seat, live.position, exc_info=True)
                    metrics.bot_fell_back(live.game.slug)
                    move = await self._bot_move(live, seat, FALLBACK_LEVEL, seed, at)
                events += await self._commit(live, seat, live.user_at(seat).user_id, move, at)
            except StaleBoard:
                break  # another process moved this table first (it was forgotten): its bots are answered there
            except Exception:
                log.exception("table %s: the bot at seat %s could not move at position %s; it tries again later",
                              live.id, seat, live.position)
                self._stall(live.id)
                name = live.user_at(seat).name
                events.append(Event(T("{name} could not decide this time; it tries again shortly.", name=name)))
                break
        return events

    async def _bot_move(self, live: LiveTable, seat: int, level: str, seed: str, at: int | None) -> _Move:
        """A bot seat's move at ``level``: in the workers for a hard bot's search or a heavy
        game (never on the event loop), else here."""
        if runs_in_worker(live.game, level):
            return await self._heavy(partial(bot_move, level=level), live, seat, seed, at)
        key = choose(live.game, json.loads(live.state_json), seat, level, random.Random(seed))
        return self._apply_here(live, seat, key, at)

    def _forced_prompt(self, live: LiveTable, prompts: list[Prompt]) -> Prompt | None:
        """The first prompt the game declares forced (one public action), or None."""
        assert live.state is not None
        for prompt in prompts:
            if 0 <= prompt.seat < len(live.seats) and live.game.forced(live.state, prompt):
                return prompt
        return None

    def _stall(self, table_id: int) -> None:
        """Remember a table whose bots failed, to try again after a pause that doubles each time."""
        failures, _ = self._stalled.get(table_id, (0, 0.0))
        self._stalled[table_id] = (failures + 1, self.clock() + min(BOT_RETRY_MAX_S, BOT_RETRY_S * 2**failures))

    def _resume_later(self, table_id: int) -> None:
        """Continue a table's bots in the background (the loader may hold the table's lock)."""
        if table_id in self._resuming:
            return
        try:
            task = asyncio.get_running_loop().create_task(self._resume_in_background(table_id))
        except RuntimeError:
            return  # no loop (a synchronous tool): the scheduler resumes it
        self._resuming[table_id] = task

    async def _resume_in_background(self, table_id: int) -> None:
        try:
            reply = await self.resume_bots(table_id)
            if reply is not None and self.on_resumed is not None:
                await self.on_resumed(reply)
        except Exception:
            log.exception("resuming the bots of table %s failed", table_id)
        finally:
            self._resuming.pop(table_id, None)

    async def settle(self) -> None:
        """Wait until bots resumed in the background are done (tests, and closing)."""
        while self._resuming:
            await asyncio.gather(*list(self._resuming.values()), return_exceptions=True)

    async def resume_bots(self, table_id: int) -> Reply | None:
        """Let the bots of one table move if its next decision is theirs; their reply, or None.

        A reply is returned only when a bot actually moved (a retry that fails again is not
        worth another message in the channel).
        """
        async with self.lock(table_id):
            try:
                live = await self.load(table_id)
            except NoTable:
                self._stalled.pop(table_id, None)
                return None
            if not self.bots_waiting(live) and not await self.orders.waiting(live):  # (forced moves included)
                self._stalled.pop(table_id, None)
                return None
            position = live.position
            events = await self.run_bots(live)
            if live.position == position:
                return None
            return await self.play_reply(live, events=events)

    async def resume_due(self, now: float, *, everything: bool = False) -> list[Reply]:
        """Continue tables whose next decision is a bot's: those whose bots failed and whose pause
        is over, or (``everything``, at start) every table of this process whose turn is a bot's.

        The scheduler calls it on every tick; its first run after a start looks at everything,
        which is how a move committed just before the process died still gets its answer.
        """
        if everything:
            ids = [row.id for row in await self.store.tables(statuses=("playing",))
                   if self.owns(row.guild_id) and not row.paused]
        else:
            ids = [table_id for table_id, (_, when) in self._stalled.items() if when <= now]
        replies = []
        for table_id in ids:
            task = self._resuming.get(table_id)
            if task is not None:
                await asyncio.gather(task, return_exceptions=True)  # a load already started it
            try:
                reply = await self.resume_bots(table_id)
            except TableError:
                continue  # cancelled or refused meanwhile: nothing to continue
            if reply is not None:
                replies.append(reply)
        return replies

    async def play_reply(self, live: LiveTable, lines: list[str] | None = None, *, events: list[Event] | None = None,
                         ping: PingMode = "new") -> Reply:
        """The reply for a running or ended table: what happened (``lines`` then the public
        ``events``), whose turn it is and why, the last moves, the table card and standings.

        It pings (``mentions``, ``direct``) the players whose decision is new (:mod:`bot.pings`),
        or everyone waiting (``ping="all"``, a reminder), or nobody (``"none"``)."""
        assert live.state is not None
        language = live.row.language
        notes = [self.said(line, language, live) for line in lines or [] if line]
        said = [self.said(e.text, language, live) for e in events or [] if e.visible_to is None]
        turns = self.turns(live)
        outcome = live.game.outcome(live.state)
        turn_line = ""
        if outcome is not None:
            turn_line = describe_outcome(outcome, live.names, live.game.format_score, language, live.game.slug)
        elif live.row.paused:
            turn_line = say(T("The game is paused."), language)
        elif turns:
            turn_line = whose_turn(turns, language)
        owners = {live.user_at(e.visible_to).user_id for e in events or [] if e.visible_to is not None}
        waiting = {turn.user_id for turn in turns if not live.user_at(turn.seat).is_bot}
        settings = await self.store.users_settings(waiting | owners)
        private: dict[int, Private] = {}
        for event in events or []:
            if event.visible_to is not None:
                owner = live.user_at(event.visible_to).user_id
                # Said in the language the owner's client last spoke to us in, else the table's.
                text = self.said(event.text, settings[owner].get("language") or language, live)
                previous = private.get(owner)
                private[owner] = Private(f"{previous.text}\n{text}" if previous else text,
                                         language=settings[owner].get("language") or language)
        picture, standings = await self._card(live) if self.render else (None, [])
        if live.decisions is None:
            live.decisions = Decisions.starting(live.position, [turn.seat for turn in turns])
        humans = live.decisions.call(live.position, turns, waiting, ping)
        timed = live.row.status == "playing" and live.game.is_timed(live.state)
        deadline = live.game.deadline(live.state) if timed else None
        return Reply(
            table_id=live.id,
            position=live.position,
            revision=self.board_revision(live),
            text="\n".join(line for line in [*notes, *said, turn_line] if line),
            picture=picture,
            mentions=[u for u in humans if settings[u]["notify"] == "mention"],
            called=[] if ping == "none" else sorted(u for u in waiting if settings[u]["notify"] == "mention"),
            direct=[u for u in humans if settings[u]["notify"] == "dm"],
            turns=turns,
            private=private,
            status=live.row.status,
            deadline_at=None if deadline is None else self.clock_time(live, deadline),
            timed=timed,
            ended=outcome is not None and bool(events),
            title=say(live.game.title, language, (live.game.slug,)),
            grouped=live.game.grouped,
            notes=notes,
            said=said,
            turn_line=turn_line,
            recent=await self.recent_moves(live),
            standings=standings_lines(live.names, [say(value, language, (live.game.slug,)) for value in standings]),
            language=language,
        )

    async def recent_moves(self, live: LiveTable) -> list[str]:
        """The last :data:`RECENT_MOVES` moves of the log as public lines, oldest first.

        Read from the log (one indexed read) the first time a loaded table is shown; after
        that each commit appends its own line (:meth:`_commit`)."""
        if live.position == 0:
            return []
        if live.recent is None:
            rows = await self.store.recent_actions(live.id, RECENT_MOVES)
            live.recent = [clipped(log_line(r.position, r.seat, r.action_key, r.events, live.names, live.row.language))
                           for r in rows]
        return list(live.recent)

    def clock_time(self, live: LiveTable, table_ms: int) -> float:
        """The clock time of a moment on the table clock."""
        origin = live.row.clock_origin if live.row.clock_origin is not None else live.row.created_at
        return origin + table_ms / 1000

    async def expire_due(self, now: float) -> list[Reply]:
        """Resolve timed games whose deadline has passed at ``now`` (a logged system move each).

        Called by the front end's timer when a reply's ``deadline_at`` comes, and by the
        scheduler after a restart; a deadline is resolved once because it is a move in the
        log (after it, the state has a new deadline or none).
        """
        replies = []
        for row in await self.store.tables(statuses=("playing",)):
            if not self.owns(row.guild_id):
                continue  # another shard's process resolves it
            live = await self.load(row.id)
            if live.state is None or live.row.paused or live.outdated or not live.game.is_timed(live.state):
                continue
            async with self.lock(row.id):
                live = await self.load(row.id)
                events: list[Event] = []
                for _ in range(100):  # a deadline may open another that is already due
                    if live.row.status != "playing" or live.state is None:
                        break
                    due = live.game.deadline(live.state)
                    if due is None or self.clock_time(live, due) > now:
                        break
                    events += await self.commit_move(live, SYSTEM_SEAT, None, EXPIRE, at=due)
                    events += await self.run_bots(live)
                if events:
                    replies.append(await self.play_reply(live, events=events))
        return replies

    def turns(self, live: LiveTable, language: str | None = None) -> list[Turn]:
        """Who must decide now, with the prompts' texts and labels said in ``language`` (default:
        the table's) and the players' names put in."""
        if live.state is None or live.row.status != "playing" or live.outdated:
            return []
        spoken = language_of(language) if language is not None else live.row.language
        return [self._turn(live, prompt, spoken) for prompt in self.prompts(live)]

    def _turn(self, live: LiveTable, prompt: Prompt, language: str) -> Turn:
        seat = live.user_at(prompt.seat)
        said = partial(self.said, language=language, live=live)
        return Turn(
            seat=prompt.seat,
            user_id=seat.user_id,
            name=seat.name,
            text=said(prompt.text),
            actions=tuple(Action(a.key, said(a.label), tuple(said(name) for name in a.group), a.main)
                          for a in prompt.actions),
            simultaneous=prompt.simultaneous,
            private=prompt.private,
            addressed=seat_ref(prompt.seat) in prompt.text,
        )

    def public_view(self, live: LiveTable) -> dict[str, Any]:
        assert live.state is not None
        view = live.game.view(live.state, None)
        view["names"] = live.names
        return view

    async def _card(self, live: LiveTable) -> tuple[bytes | None, list[str]]:
        """The table card as PNG and the standings it prints, both from the public view; no
        picture when the game has no renderer or drawing failed.

        The move is already committed when this runs, so a drawing error must not turn into
        a failed move: it is logged with the table id and the reply goes out without a picture.
        """
        if live.state is None or not live.game.render_module:
            return None, []
        view = self.public_view(live)
        try:
            return await self.workers.run(draw_table, live.game.slug, view, live.row.language, draw=True)
        except Exception:  # a crashed or hung worker included (JobFailed)
            log.exception("drawing table %s at position %s failed", live.id, live.position)
            return None, []

    async def full_board(self, *, table_id: int | None = None, channel_id: int | None = None) -> bytes:
        """The detailed board of a table's current state as PNG (the "Full board" button and
        ``/board full``), drawn from the same public view as the card, at full resolution.

        ``table_id`` names the table (a button carries it); else the channel's table (or the
        last one played there). Refused when the game has not started or has no picture.
        """
        if table_id is None:
            if channel_id is None:
                raise ValueError("full_board() needs a table_id or a channel_id")
            table_id = await self.latest_id_in(channel_id)
        check_id(table_id, T("That table no longer exists."))
        live = await self.load(table_id)
        if channel_id is not None:
            self.check_channel(live, channel_id)
        if live.state is None:
            raise GameNotRunning(T("The game has not started yet: there is no board to show."))
        if live.outdated:
            raise GameNotRunning(outdated_text(live))
        if not live.game.render_module:
            raise TableError(T("{title} has no picture; /game status shows the table as text.", title=live.game.title))
        try:
            return await self.workers.run(draw_board, live.game.slug, self.public_view(live), live.row.language,
                                          draw=True)
        except JobFailed:
            log.exception("drawing the full board of table %s failed in a worker", live.id)
            raise EngineFailed(T("The board could not be drawn just now; please try again.")) from None

    # -- bot seats and lobby management ----------------------------------------------------

    async def add_bot(self, *, channel_id: int, user: User, moderator: bool = False, level: str = DEFAULT_LEVEL) -> Reply:
        """The host (or a moderator) seats a bot player of ``level`` (:mod:`bot.bots`) in the lobby."""
        try:
            level = check_level(level)
        except UnknownLevel:
            raise LobbyError(T("A bot's level is easy, normal or hard, not {level}.", level=repr(level))) from None
        table_id = await self.table_id_in(channel_id)
        async with self.lock(table_id):
            live = await self.load(table_id)
            if live.row.status != "lobby":
                raise LobbyError(T("Bots can only be added before the game starts."))
            if user.id != live.row.host_id and not moderator:
                raise NotHost(T("Only the host can add bot players."))
            if len(live.seats) >= live.game.max_players:
                raise LobbyError(T("The table is full ({most} players).", most=live.game.max_players))
            # Bot users get negative ids: they can never collide with a platform user.
            bot_id = min([seat.user_id for seat in live.seats if seat.user_id < 0], default=0) - 1
            name = bot_name(f"Bot {-bot_id}", level)
            await self.store.add_seat(table_id, bot_id, name, now=self.clock(), is_bot=True, actor_id=user.id)
            await self.refresh(live)
            return self._lobby_reply(live, T("{name} added {bot} (a bot player).", name=user.name, bot=name))

    async def remove_player(self, *, channel_id: int, user: User, target: int, moderator: bool = False) -> Reply:
        """The host (or a moderator) removes someone from the lobby."""
        table_id = await self.table_id_in(channel_id)
        async with self.lock(table_id):
            live = await self.load(table_id)
            if live.row.status != "lobby":
                raise LobbyError(T("The game has started: a moderator can /admin kick or /admin substitute instead."))
            if user.id != live.row.host_id and not moderator:
                raise NotHost(T("Only the host or a moderator can remove players from the lobby."))
            if target == live.row.host_id:
                raise LobbyError(T("The host cannot be removed; cancel the table instead."))
            seat = next((seat for seat in live.seats if seat.user_id == target), None)
            if seat is None:
                raise NotSeated(T("That player is not in this lobby."))
            await self.store.remove_seat(table_id, target, actor_id=user.id, now=self.clock())
            await self.refresh(live)
            return self._lobby_reply(live, T("{name} removed {player} from the lobby.", name=user.name, player=seat.name))

    # -- undo -----------------------------------------------------------------------------

    async def undo(self, *, channel_id: int, user: User, moderator: bool = False) -> Reply:
        """Take back the caller's last move.

        Free when nobody has acted since and it revealed nothing; otherwise everyone affected
        must approve (a :class:`Request` with buttons), unless a moderator forces it.
        """
        table_id = await self.table_id_in(channel_id)
        async with self.lock(table_id):
            live = await self.load(table_id)
            self.check_running(live)
            # Only the caller's last move and the moves after it are read, never the whole log.
            mine = await self.store.last_action_by(table_id, user.id)
            if mine is None and moderator and live.position > 0:
                # a moderator who is not playing undoes the last move
                mine = next(iter(await self.store.actions(table_id, after=live.position - 1)), None)
            if mine is None:
                raise IllegalMove(T("You have no move in this game to take back."))
            since = await self.store.actions(table_id, after=mine.position)
            revealed = any(event.get("reveals") for a in [mine, *since] for event in a.events)
            humans = {seat.user_id for seat in live.seats if not seat.is_bot}
            affected = {a.user_id for a in since if a.user_id in humans} - {user.id}
            if revealed:
                affected |= humans - {user.id}  # everyone saw what was revealed
            if revealed and not affected and not moderator:
                # Nobody else can consent (only bots play against you): a reveal is final.
                raise IllegalMove(T("That move revealed hidden information; only a moderator can take it back."))
            if not affected or moderator:
                headline = (T("{name} took back a move (forced by a moderator).", name=user.name) if affected
                            else T("{name} took back a move.", name=user.name))
                return await self._undo_to(live, mine.position - 1, user, headline)
            request_id = await self.store.create_request(
                table_id, kind="undo", revision=live.revision, requested_by=user.id,
                data={"target": mine.position - 1, "waiting": sorted(affected), "approved": []}, now=self.clock(),
            )
            names = ", ".join(seat.name for seat in live.seats if seat.user_id in affected)
            asks = (T("{name} asks to take back their last move (it revealed hidden information). "
                      "{names}: approve or refuse.", name=user.name, names=names) if revealed
                    else T("{name} asks to take back their last move (others have moved since). "
                           "{names}: approve or refuse.", name=user.name, names=names))
            return Reply(
                live.id, live.position, live.revision, self.said(asks, live.row.language, live),
                mentions=sorted(affected), status=live.row.status,
                request=Request(request_id, "undo", tuple(sorted(affected))), language=live.row.language,
            )

    async def answer_request(self, *, request_id: int, user: User, approve: bool, channel_id: int | None = None) -> Reply:
        """A yes or no to an undo request; the last yes performs the undo.

        The request is read again under the table's lock: two approvals at once must not
        each write back the waiting list they saw before the other's.
        """
        check_id(request_id, T("That request no longer exists."))
        found = await self.store.request(request_id)
        if found is None or found["kind"] != "undo":
            raise TableError(T("That request no longer exists."))
        async with self.lock(found["table_id"]):
            request = await self.store.request(request_id)
            if request is None:
                raise TableError(T("That request no longer exists."))
            live = await self.load(request["table_id"])
            if channel_id is not None:
                self.check_channel(live, channel_id)
            data = request["data"]
            if request["status"] != "open":
                raise TableError(T("That request has already been settled."))
            if request["revision"] != live.revision:
                await self.store.update_request(request_id, data=data, status="expired", actor_id=user.id, now=self.clock())
                raise StaleBoard(T("The game has moved on since this undo was asked for; ask again."), live.revision)
            if user.id not in data["waiting"]:
                raise TableError(T("Your approval is not needed for this undo."))
            language = live.row.language
            if not approve:
                await self.store.update_request(request_id, data=data, status="refused", actor_id=user.id, now=self.clock())
                refused = T("{name} refused the undo; the move stands.", name=user.name)
                return Reply(live.id, live.position, live.revision, self.said(refused, language, live),
                             status=live.row.status, language=language)
            data["waiting"].remove(user.id)
            data["approved"].append(user.id)
            if data["waiting"]:
                await self.store.update_request(request_id, data=data, status="open", actor_id=user.id, now=self.clock())
                waiting = ", ".join(seat.name for seat in live.seats if seat.user_id in data["waiting"])
                approved = T("{name} approved the undo; waiting for {names}.", name=user.name, names=waiting)
                return Reply(live.id, live.position, live.revision, self.said(approved, language, live),
                             status=live.row.status, request=Request(request_id, "undo", tuple(data["waiting"])),
                             language=language)
            await self.store.update_request(request_id, data=data, status="done", actor_id=user.id, now=self.clock())
            asker = next((seat.name for seat in live.seats if seat.user_id == request["requested_by"]), T("A player"))
            return await self._undo_to(live, data["target"], user,
                                       T("Everyone agreed: {name}'s move is taken back.", name=asker))

    async def _undo_to(self, live: LiveTable, target: int, actor: User, headline: Text) -> Reply:
        """Rebuild the state at ``target`` from the nearest snapshot and the log, then commit."""
        snapshot = await self.store.nearest_snapshot(live.id, target)
        if snapshot is None:
            raise TableError(T("This game's history is incomplete; it cannot be undone."))
        position, state_json = snapshot
        new_json = await self._replay(live.game, state_json,
                                      await self.store.actions(live.id, after=position, limit=target - position))
        undone = await self.store.undo_to(
            live.id, target=target, state_json=new_json, actor_id=actor.id, now=self.clock(), reason=headline
        )
        self.forget(live.id)
        live = await self.load(live.id)
        live.decisions = None  # the decisions taken back are everyone's to make again: call them
        lines = [headline, Tn("Undone: {n} move; back to move {target}.", "Undone: {n} moves; back to move {target}.",
                              len(undone), target=target)]
        return await self.play_reply(live, lines)

    async def set_language(self, *, channel_id: int, user: User, language: str, moderator: bool = False) -> Reply:
        """The host (or a moderator) changes the language of the table's public posts; the
        answer, and everything after it, is said in the new one."""
        table_id = await self.latest_id_in(channel_id)
        wanted = language_of(language)
        async with self.lock(table_id):
            live = await self.load(table_id)
            if user.id != live.row.host_id and not moderator:
                raise NotHost(T("Only the host or a moderator can change the table's language."))
            await self.store.set_table_fields(table_id, actor_id=user.id, now=self.clock(), kind="language",
                                              language=wanted)
            await self.refresh(live)
            live.recent = None  # the last moves were said in the old language
            text = T("{name} set the table's language to {language}.", name=user.name,
                     language=LANGUAGE_NAMES[wanted])
            return Reply(live.id, live.position, live.revision, self.said(text, wanted, live), status=live.row.status,
                         language=wanted)

    async def set_live_message(self, table_id: int, message_id: int, thread_id: int | None) -> None:
        """Remember the table's live board message (posting mode "edit") and its log thread."""
        async with self.lock(table_id):
            live = await self.load(table_id)
            await self.store.set_table_fields(table_id, actor_id=None, now=self.clock(), kind="",
                                              message_id=message_id, thread_id=thread_id)
            await self.refresh(live)

    async def mine(self, *, guild_id: int | None, user: User) -> list[TableSummary]:
        """Tables in this server where ``user`` must act now."""
        return [s for s in await self.list_open(guild_id=guild_id) if user.id in s.waiting_user_ids]

    # -- reading ----------------------------------------------------------------------------

    async def moves(self, *, channel_id: int, user: User) -> list[Action]:
        """The caller's legal actions now (empty if it is not their turn), labelled in their language."""
        table_id = await self.table_id_in(channel_id)
        live = await self.load(table_id)
        seat = live.seat_of(user.id)
        if seat is None:
            raise NotSeated(T("You are not seated at this table."))
        return [action for turn in self.turns(live, user.language) if turn.seat == seat for action in turn.actions]

    async def status(self, *, channel_id: int) -> Reply:
        """The table of this channel (or the last one played here) with its picture."""
        table_id = await self.latest_id_in(channel_id)
        return await self.status_of(table_id)

    async def status_of(self, table_id: int) -> Reply:
        live = await self.load(table_id)
        language = live.row.language
        if live.row.status == "lobby":
            return self._lobby_reply(live, T("{title}: waiting for players.", title=live.game.title))
        if live.row.status == "cancelled" and live.state is None:
            cancelled = T("The {title} table was cancelled.", title=live.game.title)
            return Reply(table_id, live.position, live.revision, self.said(cancelled, language, live),
                         status="cancelled", language=language)
        status = {"playing": T("playing"), "over": T("over"), "cancelled": T("cancelled")}.get(
            live.row.status, live.row.status)
        lines: list[str] = [T("{title} — move {position}, {status}.", title=live.game.title, position=live.position,
                              status=status)]
        lines.append(T("Seats: {seats}", seats=", ".join(f"{i + 1}. {name}" for i, name in enumerate(live.names))))
        if language != "en":
            lines.append(T("Language: {language}", language=LANGUAGE_NAMES[language]))
        if live.outdated:
            lines.append(outdated_text(live))
            return Reply(table_id, live.position, live.revision, "\n".join(self.said(line, language, live) for line in lines),
                         status=live.row.status, language=language)
        settings = await self.store.users_settings([seat.user_id for seat in live.seats if not seat.is_bot])
        now = self.clock()
        for seat in live.seats:
            until = settings.get(seat.user_id, {}).get("away_until")
            if until and until > now:
                lines.append(T("{name} is away until {when}; their deadlines wait.", name=seat.name,
                               when=f"<t:{int(until)}:f>"))
        if live.row.status == "cancelled":
            lines.append(T("This table was cancelled."))
        return await self.play_reply(live, lines, ping="none")  # a status calls nobody

    async def board(self, *, channel_id: int) -> Reply:
        return await self.status(channel_id=channel_id)

    async def private_view(self, *, channel_id: int, user: User) -> Private:
        """What only ``user`` may see at this table: their view as text and picture."""
        table_id = await self.latest_id_in(channel_id)
        live = await self.load(table_id)
        if not live.is_seated(user.id):
            raise NotSeated(T("You are not seated at this table."))
        seat = live.seat_of(user.id)
        if live.state is None or seat is None:
            raise GameNotRunning(T("The game has not started yet."))
        language = user.language
        view = live.game.view(live.state, seat)
        view["names"] = live.names
        view["me"] = seat
        picture = None
        if self.render and live.game.render_module:
            try:
                picture = await self.workers.run(draw_private, live.game.slug, view, language, draw=True)
            except JobFailed:
                log.error("drawing the private view of table %s failed in a worker", live.id)
        moves = [a.label for turn in self.turns(live, language) if turn.seat == seat for a in turn.actions]
        text = self.said(T("You are seat {seat} ({name}) at {title}.", seat=seat + 1, name=live.names[seat],
                           title=live.game.title), language, live)
        text += "\n" + (self.said(T("Your moves: {moves}", moves="; ".join(moves)), language) if moves
                        else self.said(T("Nothing to decide right now."), language))
        offers = live.row.status == "playing" and bool(live.game.standing_orders())
        return Private(text=text, picture=picture, table_id=live.id, orders=offers, language=language)

    async def history(self, *, channel_id: int, page: int = 1, per_page: int = 20, language: str | None = None) -> str:
        """One page of the log, newest first (page 1 = the latest moves), in ``language`` (default:
        the table's)."""
        table_id = await self.latest_id_in(channel_id)
        live = await self.load(table_id)
        spoken = language_of(language) if language is not None else live.row.language
        if live.position == 0:
            return self.said(T("{title}: no moves yet.", title=live.game.title), spoken, live)
        pages = (live.position + per_page - 1) // per_page
        if not 1 <= page <= pages:
            raise TableError(Tn("The log has {n} page; choose 1–{n}.", "The log has {n} pages; choose 1–{n}.", pages))
        last = live.position - (page - 1) * per_page
        rows = await self.store.actions(table_id, after=max(0, last - per_page), limit=min(per_page, last))
        lines = [self.said(T("{title} — moves {first}–{last} (page {page}/{pages})", title=live.game.title,
                             first=rows[0].position, last=rows[-1].position, page=page, pages=pages), spoken, live)]
        lines += [log_line(row.position, row.seat, row.action_key, row.events, live.names, spoken) for row in rows]
        return "\n".join(lines)

    async def list_open(self, *, guild_id: int | None) -> list[TableSummary]:
        rows = [row for row in await self.store.tables(guild_id=guild_id) if self.owns(row.guild_id)]
        return [self.summary(await self.load(row.id)) for row in rows]

    def summary(self, live: LiveTable) -> TableSummary:
        """One line of ``/game list`` and ``/game mine``: public, like everything in a list."""
        turns = self.turns(live)
        return TableSummary(
            table_id=live.id,
            channel_id=live.row.channel_id,
            slug=live.row.slug,
            title=live.game.title,
            status=live.row.status,
            players=live.names,
            waiting_for=sorted({turn.name for turn in turns}),
            since=live.row.moved_at or live.row.updated_at,
            waiting_user_ids=tuple(sorted({turn.user_id for turn in turns})),
        )


@dataclass(frozen=True, slots=True)
class _Move:
    """A computed, not yet committed move: the worker's answer, the new state decoded, and
    whether ``applied.prompts`` are the new state's (a worker computes them; in-process they
    are computed when first asked for)."""

    applied: Applied
    state: dict[str, Any]
    has_prompts: bool


def outdated_text(live: LiveTable) -> Text:
    return T("This {title} table was started under an older version of the game's rules "
             "(version {then}; today {now}) and cannot go on. A moderator can end it with /admin cancel.",
             title=live.game.title, then=live.row.engine_version, now=live.game.version)


def refusal_of(error: BaseException) -> str:
    """The sentence of a refusal as it was raised: a :class:`Text` stays one (``str(error)``
    would give plain English)."""
    return error.args[0] if error.args and isinstance(error.args[0], str) else str(error)


def sealed_answer(seat: int, prompts: list[Prompt], events: list[Event]) -> int | None:
    """Who may read the log line of a move that played itself for ``seat``: only that seat
    when the move answered a simultaneous prompt and the game told its answer to its author
    alone (a sealed answer, as in Chomp by turns: the table reads "Bo has answered" until
    everyone has, and a public "Bo: Hold (standing order …)" would open it early); everyone
    (``None``) otherwise."""
    simultaneous = any(prompt.seat == seat and prompt.simultaneous for prompt in prompts)
    private = any(event.visible_to == seat for event in events)
    return seat if simultaneous and private else None


def replay_action(game: Game, state: dict[str, Any], seat: int, key: str, at: int | None) -> list[Event]:
    """Apply a logged action with its table-clock time (``None`` outside timed play)."""
    return game.apply(state, seat, key, at)


def event_json(event: Event) -> dict[str, Any]:
    """An event as the log stores it: its English ``text`` and, when it is a :class:`Text`, its
    message (``msg``), so the log is said again in any language (:func:`bot.reply_text.log_line`)."""
    data: dict[str, Any] = {"text": event.text}
    if isinstance(event.text, Text):
        data["msg"] = event.text.to_json()
    if event.reveals:
        data["reveals"] = True
    if event.visible_to is not None:
        data["visible_to"] = event.visible_to
    return data
