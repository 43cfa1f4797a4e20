"""What every cog shares: turning session-layer results into Discord messages.

Not an extension (the loader skips modules starting with ``_``). Nothing here knows any
game: it speaks :class:`bot.tables.Reply`, ``Private`` and ``TableError``.

Conventions it enforces:

- every refusal is an ephemeral message with the session layer's sentence;
- an unexpected exception is logged with the table id and answered with a short apology;
- the reply comes within Discord's 3 seconds: work that takes longer than
  :data:`DEFER_AFTER` is deferred first;
- mentions are limited to exactly the players being called;
- move buttons and selects are persistent :class:`discord.ui.DynamicItem` s whose custom_id
  holds the table id, the revision of the board it was drawn for, and the action key;
- a game that files its moves in groups (``Game.grouped``) shows them by the steps of
  :mod:`bot.engine.choices`: picking a group answers privately with its next step
  (:func:`open_step`), and a move picked there is played like one on the board;
- a board is the *table message* (:func:`reply_message`): a components-v2 layout of text
  displays (what happened and whose turn it is, with the mentions; the last moves; the
  standings), the table card in a media gallery, the move controls and a persistent "Full
  board" button. Editing such a message replaces all its components, so an old board loses
  its controls by being sent again without them (:func:`without_controls`,
  :meth:`PostedBoard.without_controls`). Private panels are ephemeral layouts of the same kind.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot import metrics
from bot.engine import BIG_CHOICE, Action, AmountChoice, amount_choices, parse_amount
from bot.engine.choices import ChoiceLayoutError, Option, Path, group_value, layout
from bot.engine.words import CORE, texts
from bot.i18n import discord_commands, language_of, say
from bot.store import StoreBusy, StoreError, StoreUnavailable
from bot.tables import (
    AmountRefused,
    ConfirmMove,
    Private,
    Reply,
    StaleBoard,
    TableError,
    Tables,
    UnsureMove,
    User,
)

if TYPE_CHECKING:
    from bot.app import GameMasterBot

log = logging.getLogger("gamemaster.discord")

DEFER_AFTER = 2.0
"""Seconds of work after which the interaction is deferred (Discord allows 3)."""
MAX_CONTENT = 2000
BUTTON_LIMIT = 5
SELECT_LIMIT = 25
MAX_SELECTS = 5
"""A message holds five action rows: up to 125 actions as five menus of 25."""
MAX_OPTION_INTEGER = 2**53 - 1
"""The largest value an integer option may declare or take: Discord's API keeps integers
within what a JavaScript number holds exactly, and refuses a whole command sync over one
option declaring more."""
T, Tn, Tp = texts(CORE)
CHOOSE_MOVE = T("Choose your move…")
NOT_OPEN = T("That choice is not open to you now — see /moves.")
APOLOGY = T("Sorry — something went wrong on our side. The table is unchanged; please try again.")
DELIVERY_FAILED = T("Done — but the board could not be posted. Use /board to see it.")

Result = TypeVar("Result")


def bot_of(interaction: discord.Interaction) -> GameMasterBot:
    return interaction.client  # type: ignore[return-value]


def tables_of(interaction: discord.Interaction) -> Tables:
    return bot_of(interaction).tables


def user_of(interaction: discord.Interaction) -> User:
    return User(id=interaction.user.id, name=interaction.user.display_name, language=language_in(interaction))


def language_in(interaction: discord.Interaction) -> str:
    """The language of the user's Discord client (their ``locale``): what is said to them alone."""
    return language_of(str(getattr(interaction, "locale", "") or ""))


def table_language(interaction: discord.Interaction) -> str:
    """The language a new table here speaks by default: the server's (``guild_locale``), else English."""
    return language_of(str(getattr(interaction, "guild_locale", "") or ""))


async def channel_language(interaction: discord.Interaction) -> str:
    """The language of the table in the interaction's channel (the last one played there), for
    a public post that is not a table reply; else the server's."""
    tables = tables_of(interaction)
    try:
        return (await tables.load(await tables.latest_id_in(interaction.channel_id or 0))).row.language
    except (TableError, StoreError):
        return table_language(interaction)


_languages_seen: dict[int, str] = {}
"""The client language each user last spoke to this process in, once remembered in the store."""


async def remember_language(interaction: discord.Interaction) -> None:
    """Keep the user's client language in their settings, for what reaches them outside an
    interaction (the private lines of others' moves, digests); written only when it changes, and
    never for English first seen (no setting reads as the table's language, which is English
    too unless chosen otherwise)."""
    user_id, language = interaction.user.id, language_in(interaction)
    if _languages_seen.get(user_id) == language:
        return
    store = tables_of(interaction).store
    try:
        stored = (await store.user_settings(user_id)).get("language")
        if stored != language and (stored is not None or language != "en"):
            await store.set_user_settings(user_id, now=time.time(), language=language)
    except (StoreError, StoreUnavailable):
        return  # a remembered language is a nicety: never a reason to refuse what was asked
    _languages_seen[user_id] = language


async def is_moderator(interaction: discord.Interaction) -> bool:
    """Manage Channels here, or the game-master role (set with /admin role, or in settings)."""
    if interaction.guild_id is None:
        return False
    if interaction.permissions.manage_channels:
        return True
    roles = getattr(interaction.user, "roles", [])  # a Member has roles; a User (in DMs) has none
    role_ids = {str(r.id) for r in roles} | {r.name for r in roles}
    configured = bot_of(interaction).settings.game_master_role
    if configured is not None and configured in role_ids:
        return True
    saved = (await tables_of(interaction).store.guild_settings(interaction.guild_id)).get("role_id")
    return saved is not None and str(saved) in role_ids


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_middle(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut in the middle rather than at the end: its
    first line and as many of its last lines as fit, with a "…" line where lines were left out.

    A reply's text ends with what matters most (whose turn it is, or how the game ended) and
    starts with its heading; a long chain of moves that played themselves fills the middle,
    and those moves are in the log. A last line too long to fit whole is cut at its end."""
    if len(text) <= limit:
        return text
    if limit < 2:
        return "…"[:max(limit, 0)]
    first, *rest = text.split("\n")
    room = limit - len(first) - len("\n…")
    if not rest or room < 2:
        return clip(text, limit)
    kept: list[str] = []
    for line in reversed(rest):
        if len(line) + 1 > room:
            break
        kept.append(line)
        room -= len(line) + 1
    if not kept:
        kept = [clip(rest[-1], room - 1)]
    return "\n".join([first, "…", *reversed(kept)])


# -- persistent move components ---------------------------------------------------------------


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gm:(?P<table>\d+):(?P<revision>\d+):(?P<key>.+)"):
    """A button for one action, valid for the board at ``revision`` of table ``table``."""

    def __init__(self, table_id: int, revision: int, key: str, label: str = "", primary: bool = False,
                 row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label or key, 80),
                style=discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary,
                custom_id=f"gm:{table_id}:{revision}:{key}",
                row=row,
            )
        )
        self.table_id, self.revision, self.key = table_id, revision, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /
    ) -> MoveButton:
        return cls(int(match["table"]), int(match["revision"]), match["key"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await play_from_component(interaction, self.table_id, self.revision, self.key)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"gm-select:(?P<table>\d+):(?P<revision>\d+):(?P<part>\d+)"
):
    """A select menu of up to 25 choices for the board at ``revision``; ``part`` numbers the menus.

    Each option's value is an action key (picking it plays the move) or, on a grouped game's
    board or step, a group reference (:func:`group_ref`; picking it opens the group's next
    step privately). The custom_id needs neither: the picked value arrives with the click.
    """

    def __init__(self, table_id: int, revision: int, actions: list[Action] | None = None, part: int = 0,
                 placeholder: str = CHOOSE_MOVE, row: int | None = None, *,
                 picks: Sequence[Option] = ()) -> None:
        options = [discord.SelectOption(label=clip(a.label, 100), value=a.key) for a in actions or []]
        options += [discord.SelectOption(label=clip(option.label, 100), value=option_value(option)) for option in picks]
        super().__init__(
            discord.ui.Select(
                custom_id=f"gm-select:{table_id}:{revision}:{part}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-", value="-")],
                row=row,
            )
        )
        self.table_id, self.revision = table_id, revision

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: Any, /
    ) -> MoveSelect:
        return cls(int(match["table"]), int(match["revision"]), part=int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        if not values:
            await send_error(interaction, T("Pick a move from the menu."))
            return
        value = str(values[0])
        if is_group_ref(value):
            await open_step(interaction, self.table_id, self.revision, value)
        else:
            await play_from_component(interaction, self.table_id, self.revision, value)


class GroupButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"gm-open:(?P<table>\d+):(?P<revision>\d+):(?P<ref>.+)"
):
    """A button that opens a group of moves (its next step, answered privately)."""

    def __init__(self, table_id: int, revision: int, ref: str, label: str = "", primary: bool = False) -> None:
        style = discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=clip(label or ref, 80), style=style,
                                           custom_id=f"{self.prefix(table_id, revision)}{ref}"))
        self.table_id, self.revision, self.ref = table_id, revision, ref

    @staticmethod
    def prefix(table_id: int, revision: int) -> str:
        return f"gm-open:{table_id}:{revision}:"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /
                             ) -> GroupButton:
        return cls(int(match["table"]), int(match["revision"]), match["ref"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await open_step(interaction, self.table_id, self.revision, self.ref)


LOBBY_ACTIONS = {"join": Tp("button", "Join"), "leave": Tp("button", "Leave"), "start": Tp("button", "Start"),
                 "bot": Tp("button", "Add bot")}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gm-lobby:(?P<table>\d+):(?P<action>join|leave|start|bot)"):
    """Join / Leave / Start / Add bot under a lobby message."""

    def __init__(self, table_id: int, action: str, language: str = "en") -> None:
        style = discord.ButtonStyle.success if action in ("join", "start") else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=say(LOBBY_ACTIONS[action], language), style=style,
                                           custom_id=f"gm-lobby:{table_id}:{action}"))
        self.table_id, self.action = table_id, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /) -> LobbyButton:
        return cls(int(match["table"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        channel_id = interaction.channel_id or 0
        moderator = await is_moderator(interaction)
        calls = {
            "join": lambda: tables.join(channel_id=channel_id, user=user),
            "leave": lambda: tables.leave(channel_id=channel_id, user=user),
            "start": lambda: tables.start(channel_id=channel_id, user=user),
            "bot": lambda: tables.add_bot(channel_id=channel_id, user=user, moderator=moderator),
        }

        async def work() -> Reply:
            current = await tables.table_id_in(channel_id)
            if current != self.table_id:
                raise TableError(T("This lobby is closed; see /game status for the table in this channel."))
            return await calls[self.action]()

        async def deliver(reply: Reply) -> None:
            await publish(interaction, reply)
            if interaction.message is not None and reply.status != "lobby":
                with contextlib.suppress(discord.HTTPException):
                    await interaction.message.edit(view=None)  # the lobby is over: no more lobby buttons

        await run(interaction, work, deliver, table_id=self.table_id)


class RequestButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"gm-req:(?P<request>\d+):(?P<kind>undo|substitute|import):(?P<answer>yes|no)",
):
    """Approve / refuse an undo, accept / decline a seat offered as a substitute or in an import."""

    def __init__(self, request_id: int, kind: str, answer: str, language: str = "en") -> None:
        labels = {("undo", "yes"): Tp("button", "Approve undo"), ("undo", "no"): Tp("button", "Refuse"),
                  ("substitute", "yes"): Tp("button", "Take the seat"), ("substitute", "no"): Tp("button", "Decline"),
                  ("import", "yes"): Tp("button", "Take my seat"), ("import", "no"): Tp("button", "Decline")}
        style = discord.ButtonStyle.success if answer == "yes" else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=say(labels[(kind, answer)], language), style=style,
                                           custom_id=f"gm-req:{request_id}:{kind}:{answer}"))
        self.request_id, self.kind, self.answer = request_id, kind, answer

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /) -> RequestButton:
        return cls(int(match["request"]), match["kind"], match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        user, yes, channel_id = user_of(interaction), self.answer == "yes", interaction.channel_id
        if self.kind == "undo":
            tables = tables_of(interaction)
            work = lambda: tables.answer_request(  # noqa: E731
                request_id=self.request_id, user=user, approve=yes, channel_id=channel_id)
        elif self.kind == "import":
            pbp = bot_of(interaction).pbp
            work = lambda: pbp.answer_import(  # noqa: E731
                request_id=self.request_id, user=user, accept=yes, channel_id=channel_id)
        else:
            moderation = bot_of(interaction).moderation
            work = lambda: moderation.answer_substitute(  # noqa: E731
                request_id=self.request_id, user=user, accept=yes, channel_id=channel_id)
        await run(interaction, work, lambda reply: publish(interaction, reply))


def request_components(reply: Reply) -> discord.ui.View | None:
    if reply.request is None:
        return None
    view = discord.ui.View(timeout=None)
    for answer in ("yes", "no"):
        view.add_item(RequestButton(reply.request.id, reply.request.kind, answer, reply.language))
    return view


def lobby_components(reply: Reply) -> discord.ui.View | None:
    if not reply.lobby or reply.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(reply.table_id, action, reply.language))
    return view


Row = list[discord.ui.Item[Any]]
"""One action row's items (buttons, or one select)."""


def move_rows(reply: Reply) -> list[Row]:
    """The move controls of the public board: the actions of every prompt that is not private.

    A grouped game's board is the first step of its choices (:func:`step_rows`); any other
    game's is buttons for at most 5 actions, else select menus of 25 (up to 125 actions). Simultaneous
    prompts share one set; the session layer checks who clicked. Private prompts (their
    actions show a hidden hand) get a "Your moves" button that answers each player privately.
    """
    if not reply.turns or reply.status != "playing":
        return []
    actions: dict[str, Action] = {}
    for turn in reply.turns:
        if not turn.private:
            for action in turn.actions:
                actions.setdefault(action.key, action)
    rows = choice_rows(reply.table_id, reply.revision, list(actions.values()), reply.grouped, reply.language)
    if any(turn.private for turn in reply.turns):
        rows.append([MyMovesButton(reply.table_id, reply.revision, reply.language)])
    return rows


def big_amounts(actions: list[Action]) -> list[AmountChoice]:
    """The amount choices too long to list (more than five amounts of one prefix) that fit a form's custom_id."""
    return [choice for choice in amount_choices(actions)
            if len(choice.actions) > BIG_CHOICE and len(choice.prefix) <= MAX_FORM_PREFIX]


def action_rows(table_id: int, revision: int, actions: list[Action], language: str = "en") -> list[Row]:
    """Buttons for at most 5 actions, else select menus of 25; no rows when they would not fit.

    A long choice among amounts (bids, prices) is not listed: it becomes one row of the
    minimum, the maximum and an "Enter amount…" button that opens a form for the number.
    """
    forms = big_amounts(actions)[: MAX_SELECTS - 1]
    in_forms = {action.key for choice in forms for action in choice.actions.values()}
    rest = [action for action in actions if action.key not in in_forms]
    rows_left = MAX_SELECTS - len(forms)
    if not actions or (len(rest) > BUTTON_LIMIT and -(-len(rest) // SELECT_LIMIT) > rows_left):
        return []
    rows: list[Row] = []
    if rest and len(rest) <= BUTTON_LIMIT:
        rows.append([MoveButton(table_id, revision, action.key, action.label, primary=index == 0)
                     for index, action in enumerate(rest)])
    elif rest:
        chunks = [rest[i : i + SELECT_LIMIT] for i in range(0, len(rest), SELECT_LIMIT)]
        for part, chunk in enumerate(chunks):
            placeholder = CHOOSE_MOVE if len(chunks) == 1 else T("Choose your move ({first} – {last})",
                                                                 first=chunk[0].label, last=chunk[-1].label)
            rows.append([MoveSelect(table_id, revision, chunk, part, clip(say(placeholder, language), 150))])
    rows += [amount_row(table_id, revision, choice, primary=not rest, language=language) for choice in forms]
    return rows


def amount_row(table_id: int, revision: int, choice: AmountChoice, primary: bool, language: str = "en") -> Row:
    """A long choice among amounts: its lowest and highest as buttons, and "Enter amount…"."""
    lowest, highest = choice.actions[choice.amounts[0]], choice.actions[choice.amounts[-1]]
    return [MoveButton(table_id, revision, lowest.key, lowest.label, primary=primary),
            MoveButton(table_id, revision, highest.key, highest.label),
            AmountButton(table_id, revision, choice.prefix, language=language)]


# -- grouped moves: the board and its steps --------------------------------------------------------

SELECT_VALUE_LIMIT = 100
"""Discord's limit on a select option's value (and on any custom_id)."""
GROUP_HASH = "group#"
"""A group reference too long to spell out: this and a short hash of its path."""


def choice_rows(table_id: int, revision: int, actions: list[Action], grouped: bool, language: str = "en") -> list[Row]:
    """The move controls for ``actions`` (labelled in ``language`` already): by the steps of a
    grouped game, else flat lists; the controls' own words said in ``language``.

    A grouped game whose prompt cannot be laid out (the test kit proves every prompt can, so
    this is a bug in its groups) still gets the flat controls rather than none."""
    if grouped and actions:
        try:
            return step_rows(table_id, revision, actions, language=language)
        except ChoiceLayoutError:
            log.exception("the groups of table %s's moves do not fit; showing them flat", table_id)
    return action_rows(table_id, revision, actions, language)


def step_rows(table_id: int, revision: int, actions: list[Action], path: Path = (), language: str = "en") -> list[Row]:
    """The controls of the step ``path`` of ``actions`` (``()``: the board), one row per row.

    Raises :class:`ChoiceLayoutError` when the step does not fit, :class:`KeyError` when
    ``path`` is no group of ``actions``.
    """
    rows: list[Row] = []
    selects = 0
    for controls in layout(actions, path).rows:
        row: Row = []
        for control in controls:
            if control.kind == "amount" and control.amount is not None:
                if len(control.amount.prefix) > MAX_FORM_PREFIX:
                    raise ChoiceLayoutError(f"amount prefix {control.amount.prefix!r} does not fit a form's custom_id")
                row += amount_row(table_id, revision, control.amount, control.primary, language)
            elif control.kind == "select":
                row.append(MoveSelect(table_id, revision, part=selects, picks=control.options,
                                      placeholder=clip(say(control.placeholder or T("Choose…"), language), 150)))
                selects += 1
            else:
                row.append(option_button(table_id, revision, control.options[0], control.primary))
        rows.append(row)
    return rows


def option_button(table_id: int, revision: int, option: Option, primary: bool) -> discord.ui.Item[Any]:
    """A step's button: it plays its action, or opens its group."""
    if option.action is not None:
        return MoveButton(table_id, revision, option.action.key, option.label, primary=primary)
    room = SELECT_VALUE_LIMIT - len(GroupButton.prefix(table_id, revision))
    return GroupButton(table_id, revision, group_ref(option.group or (), room), option.label, primary=primary)


def option_value(option: Option) -> str:
    """A select option's value: the action key, or the reference of the group it opens."""
    return option.action.key if option.action is not None else group_ref(option.group or ())


def group_ref(path: Path, room: int = SELECT_VALUE_LIMIT) -> str:
    """How a control names the group ``path``: ``group:Trucks/D8`` when that fits in ``room``
    characters, else ``group#`` and a hash of the path (found again among the current
    prompt's groups by :func:`resolve_group`)."""
    spelled = group_value(path)
    return spelled if len(spelled) <= room else _hashed(path)


def _hashed(path: Path) -> str:
    return GROUP_HASH + hashlib.sha256("\x1f".join(path).encode()).hexdigest()[:16]


def is_group_ref(value: str) -> bool:
    return value.startswith(("group:", GROUP_HASH))


def resolve_group(actions: Sequence[Action], ref: str) -> Path | None:
    """The group of ``actions`` that ``ref`` names, or ``None`` (the prompt has no such group)."""
    paths = {action.group[:depth] for action in actions for depth in range(1, len(action.group) + 1)}
    for path in paths:
        if ref in (group_value(path), _hashed(path)):
            return path
    return None


async def my_actions(tables: Tables, user: User, table_id: int, revision: int, channel_id: int,
                     language: str | None = None) -> tuple[list[Action], bool]:
    """The clicker's actions on the board at ``revision`` (labelled in ``language``, default
    the user's) and whether the game groups them.

    Refused like a move: another channel, a game not running, a stale board, a spectator, or
    a player whose turn it is not."""
    live = await tables.load(table_id)
    tables.check_channel(live, channel_id)
    tables.check_running(live)
    if tables.board_revision(live) != revision:
        raise StaleBoard(T("This board is out of date — here is the current one."), tables.board_revision(live))
    seat = live.seat_of(user.id)
    if seat is None:
        raise TableError(T("You are not seated at this table."))
    mine = [a for turn in tables.turns(live, language or user.language) if turn.seat == seat for a in turn.actions]
    if not mine:
        raise TableError(tables.not_your_turn(live))
    return mine, live.game.grouped


def step_view(table_id: int, revision: int, actions: list[Action], path: Path, language: str = "en"
              ) -> discord.ui.LayoutView:
    """A private step: what the group ``path`` holds, as buttons and selects of the same kinds."""
    heading = say(T("{group} — only you see this; pick one (the board is unchanged until you do):",
                    group=f"**{' › '.join(path)}**"), language)
    return table_layout([clip(heading, MAX_LAYOUT_TEXT)], None, step_rows(table_id, revision, actions, path, language))


async def open_step(interaction: discord.Interaction, table_id: int, revision: int, ref: str) -> None:
    """A pick that opens a group: answer privately with its next step.

    From the public board the step is a new ephemeral message; from a step it replaces that
    step (narrowing: hex, then tile, then rotation). The step is rebuilt from the clicker's
    current moves, so after a restart it is the same; a stale board is refused privately.
    """
    tables, user = tables_of(interaction), user_of(interaction)
    on_private_panel = interaction.message is not None and bool(getattr(interaction.message.flags, "ephemeral", False))

    async def work() -> discord.ui.LayoutView:
        # The group's name in the reference is in the language of the controls that carry it:
        # the user's on a private panel, the table's on the public board.
        actions, _grouped = await my_actions(tables, user, table_id, revision, interaction.channel_id or 0)
        path, language = resolve_group(actions, ref), user.language
        if path is None:
            language = (await tables.load(table_id)).row.language
            actions, _grouped = await my_actions(tables, user, table_id, revision, interaction.channel_id or 0, language)
            path = resolve_group(actions, ref)
        if path is None:
            raise TableError(NOT_OPEN)
        return step_view(table_id, revision, actions, path, language)

    async def deliver(view: discord.ui.LayoutView) -> None:
        if not on_private_panel:
            await _send(interaction, view=view, ephemeral=True)
        elif interaction.response.is_done():
            await interaction.edit_original_response(view=view)
        else:
            await interaction.response.edit_message(view=view)

    await run(interaction, work, deliver, ephemeral=True, update=on_private_panel, table_id=table_id)


# -- the table message: components v2 ----------------------------------------------------------

CARD_FILE = "card.png"
"""The table card's attachment, shown by the message's gallery (``attachment://card.png``)."""
PRIVATE_FILE = "private.png"
FULL_BOARD_FILE = "full-board.png"
MAX_LAYOUT_TEXT = 4000
"""Discord's limit on the text of all a components-v2 message's text displays together."""
MAX_LAYOUT_COMPONENTS = 40
"""Discord's limit on a components-v2 message's components, nested ones included."""
HEAD_TEXT = 1800
"""The whose-turn block is cut to this before its mentions are added, so they always fit."""


class FullBoardButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gm-full:(?P<table>\d+)"):
    """"Full board": the detailed picture of the table's current state, answered privately at
    full resolution for zooming. It names only the table, so it works on any of its boards and
    after a restart (registered with ``add_dynamic_items``)."""

    def __init__(self, table_id: int, language: str = "en") -> None:
        super().__init__(discord.ui.Button(label=say(Tp("button", "Full board"), language),
                                           style=discord.ButtonStyle.secondary, emoji="🔍",
                                           custom_id=f"gm-full:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /
                             ) -> FullBoardButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        tables = tables_of(interaction)

        async def deliver(picture: bytes) -> None:
            await _send(interaction, **full_board_message(self.table_id, picture, ephemeral=True,
                                                          language=language_in(interaction)))

        await run(interaction, lambda: tables.full_board(table_id=self.table_id, channel_id=interaction.channel_id or 0),
                  deliver, ephemeral=True, table_id=self.table_id)


def full_board_message(table_id: int, picture: bytes, *, ephemeral: bool, language: str = "en") -> dict[str, Any]:
    """The full board as a plain message with the PNG attached (tap it to zoom)."""
    message: dict[str, Any] = {
        "content": say(T("The full board of table {table} (tap to zoom).", table=table_id), language),
        "file": discord.File(io.BytesIO(picture), filename=FULL_BOARD_FILE),
        "allowed_mentions": discord.AllowedMentions.none(),
    }
    if ephemeral:
        message["ephemeral"] = True
    return message


def is_table_message(reply: Reply) -> bool:
    """Whether ``reply`` is posted as the table message (text blocks, card, controls): a board
    of a running or ended game that says whose turn it is or shows the card. Lobbies, requests
    and one-line answers ("Bo refused the undo") stay plain messages."""
    return _is_board(reply) and bool(reply.turn_line or reply.picture)


def table_texts(reply: Reply, has_controls: bool) -> list[str]:
    """The text blocks of a table message, within Discord's 4,000 characters.

    First what happened and what must be decided now (the reply's text: notes, this move's
    public events, whose turn and why), with the mentions of the players called (a mention in
    a text display pings like one in ``content``); then, when the reply reports no move of its
    own (``/board``, ``/game status``, an undo), the last moves of the log; then the standings
    the card prints. Later blocks are cut first; the first is cut in its middle
    (:func:`clip_middle`), so a long chain of moves never hides whose turn it is or the result.
    """
    language = reply.language
    heading = say(T("{title} · move {position}", title=f"**{reply.title}**", position=reply.position), language)
    head = f"{heading}\n{reply.text}" if reply.title else reply.text
    head = discord_commands(head, language)
    blocks = [clip_middle(head, HEAD_TEXT) + _mention_line(named(reply), has_controls, language)]
    if reply.recent and not reply.said:
        last_moves = say(T("Last moves"), language)
        blocks.append(f"**{last_moves}**\n" + "\n".join(reply.recent))
    if reply.standings:
        standings = say(T("Standings"), language)
        blocks.append(f"**{standings}**\n" + "\n".join(reply.standings))
    return clip_blocks(blocks, MAX_LAYOUT_TEXT)


def clip_blocks(blocks: list[str], limit: int) -> list[str]:
    """``blocks`` cut so that together they hold at most ``limit`` characters; a block with no
    room left is dropped."""
    kept, room = [], limit
    for block in blocks:
        if room < 2:
            break
        kept.append(clip(block, room))
        room -= len(kept[-1])
    return kept


def table_layout(texts: list[str], picture: str | None, rows: list[Row] | None = None) -> discord.ui.LayoutView:
    """A components-v2 message: a container of ``texts`` and the attached ``picture`` in a
    gallery, then one action row per entry of ``rows``.

    Rows that would pass Discord's 40 components are left off from the end, except the last
    (the Full board / Your moves row, which must stay); the mention line then still says /play.
    """
    view = discord.ui.LayoutView(timeout=None)
    container = discord.ui.Container(*(discord.ui.TextDisplay(text) for text in texts))
    if picture is not None:
        container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{picture}")))
    view.add_item(container)
    fitting = fit_rows(rows or [], MAX_LAYOUT_COMPONENTS - view.total_children_count)
    for row in fitting:
        view.add_item(discord.ui.ActionRow(*row))
    return view


def fit_rows(rows: list[Row], budget: int) -> list[Row]:
    """The rows that fit ``budget`` components (a row costs one plus its items), dropping rows
    before the last one first."""
    rows = list(rows)
    while rows and sum(1 + len(row) for row in rows) > budget:
        rows.pop(-2 if len(rows) > 1 else -1)
    return rows


def board_rows(reply: Reply) -> list[Row]:
    """The controls of a table message: the move controls, then Full board (when there is a picture)."""
    rows = move_rows(reply)
    if reply.picture:
        if rows and len(rows[-1]) == 1 and isinstance(rows[-1][0], MyMovesButton):
            rows[-1].append(FullBoardButton(reply.table_id, reply.language))
        else:
            rows.append([FullBoardButton(reply.table_id, reply.language)])
    return rows


def _has_moves(rows: list[Row]) -> bool:
    """Whether ``rows`` offer moves (anything but the Full board button)."""
    return any(not isinstance(item, FullBoardButton) for row in rows for item in row)


def without_controls(message: discord.Message | discord.PartialMessage) -> dict[str, Any]:
    """Edit arguments that take the controls off a posted message and keep everything else.

    A plain message loses its view. Editing a components-v2 message replaces all its
    components (and one without any is refused as empty), so it is sent again without its
    action rows: the text and the picture stay (the attachment is kept, the gallery still
    points at it)."""
    flags = getattr(message, "flags", None)
    if not getattr(flags, "components_v2", False):
        return {"view": None}
    layout = discord.ui.LayoutView.from_message(message, timeout=None)  # type: ignore[arg-type]
    for child in layout.children:
        if isinstance(child, discord.ui.ActionRow):
            layout.remove_item(child)
    _point_at_attachments(layout, getattr(message, "attachments", []))
    return {"view": layout}


def _point_at_attachments(layout: discord.ui.LayoutView, attachments: list[discord.Attachment]) -> None:
    """Gallery items read back from a message carry its attachment's CDN address (signed, so it
    expires); sent again they name the attachment as ``attachment://<filename>``, which the
    edit keeps, so the picture stays as long as the message."""
    names = {attachment.id: attachment.filename for attachment in attachments}
    names_by_url = {attachment.url: attachment.filename for attachment in attachments}
    for item in layout.walk_children():
        if isinstance(item, discord.ui.MediaGallery):
            for entry in item.items:
                media = entry.media
                if not isinstance(media, discord.UnfurledMediaItem):
                    continue
                name = names.get(media.attachment_id or 0) or names_by_url.get(media.url)
                if name is not None:
                    entry.media = discord.UnfurledMediaItem(f"attachment://{name}")


# -- numbers in a form ----------------------------------------------------------------------------


class AmountButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"gm-amount:(?P<table>\d+):(?P<revision>\d+):(?P<prefix>.+)"
):
    """"Enter amount…": opens a form for a number among the amount actions of ``prefix``."""

    def __init__(self, table_id: int, revision: int, prefix: str, row: int | None = None, language: str = "en") -> None:
        super().__init__(discord.ui.Button(label=say(Tp("button", "Enter amount…"), language),
                                           style=discord.ButtonStyle.success,
                                           custom_id=self.custom_id_for(table_id, revision, prefix), row=row))
        self.table_id, self.revision, self.prefix = table_id, revision, prefix

    @staticmethod
    def custom_id_for(table_id: int, revision: int, prefix: str) -> str:
        return f"gm-amount:{table_id}:{revision}:{prefix}"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /) -> AmountButton:
        return cls(int(match["table"]), int(match["revision"]), match["prefix"])

    async def callback(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)
        try:
            choice = await amount_choice_of(tables, user, self.table_id, self.revision, self.prefix,
                                            interaction.channel_id or 0)
        except StaleBoard as stale:
            await _send_stale(interaction, stale, self.table_id)
            return
        except TableError as refusal:
            await send_error(interaction, refusal.said(language_in(interaction)))
            return
        modal = AmountModal(self.table_id, self.revision, choice, language_in(interaction))
        # Not kept in this process's view store: every submission, before or after a restart,
        # is answered by the same listener (``Play.on_interaction``), reading the custom_id.
        modal.stop()
        await interaction.response.send_modal(modal)


AMOUNT_FORM = "gm-amount-form"
MAX_FORM_PREFIX = 50
"""A form's custom_id (at most 100 characters) holds the table id, the revision and the prefix."""
AMOUNT_FIELD = "amount"


class AmountModal(discord.ui.Modal):
    """The form for a number: its field's label states the legal range ("Bid: $12,000 to $40,000").

    Its custom_id ``gm-amount-form:<table>:<revision>:<prefix>`` carries everything the answer
    needs, so a form submitted after the bot restarted is still played (or refused as stale).
    """

    def __init__(self, table_id: int, revision: int, choice: AmountChoice, language: str = "en") -> None:
        super().__init__(title=clip(say(choice.form_title(), language), 45),
                         custom_id=f"{AMOUNT_FORM}:{table_id}:{revision}:{choice.prefix}")
        self.amount: discord.ui.TextInput[AmountModal] = discord.ui.TextInput(
            label=say(choice.field_label(), language)[:45], custom_id=AMOUNT_FIELD, required=True, max_length=20,
            placeholder=clip(say(T("e.g. {number}, {dollars} or {thousands}k", number=str(choice.amounts[0]),
                                   dollars=f"${choice.amounts[0]:,}", thousands=f"{choice.amounts[0] / 1000:g}"),
                                 language), 100),
        )
        self.add_item(self.amount)


async def amount_choice_of(tables: Tables, user: User, table_id: int, revision: int, prefix: str,
                           channel_id: int) -> AmountChoice:
    """The clicker's amount choice of ``prefix`` on the board at ``revision`` (refusals as for a move)."""
    mine, _grouped = await my_actions(tables, user, table_id, revision, channel_id)
    for choice in amount_choices(mine):
        if choice.prefix == prefix:
            return choice
    raise TableError(NOT_OPEN)


def submitted_amount(interaction: discord.Interaction) -> str:
    """The text typed in an amount form (a modal submission's only field)."""
    for row in (interaction.data or {}).get("components", []):
        for component in row.get("components", [row.get("component", {})]):
            if component.get("custom_id") == AMOUNT_FIELD:
                return str(component.get("value") or "")
    return ""


async def play_amount_form(interaction: discord.Interaction) -> bool:
    """Answer an amount form's submission; ``False`` if this interaction is not one.

    The number is read by the engine's parser and must be one of the legal amounts; else the
    refusal (private) gives the legal range and the nearest legal amounts. Then it is played
    like a click, for the board the form was opened from.
    """
    if getattr(interaction, "type", None) is not discord.InteractionType.modal_submit:
        return False
    parts = str((interaction.data or {}).get("custom_id", "")).split(":", 3)
    if len(parts) != 4 or parts[0] != AMOUNT_FORM or not (parts[1].isdigit() and parts[2].isdigit()):
        return False
    table_id, revision, prefix = int(parts[1]), int(parts[2]), parts[3]
    tables, user, text = tables_of(interaction), user_of(interaction), submitted_amount(interaction)

    async def work() -> Reply:
        choice = await amount_choice_of(tables, user, table_id, revision, prefix, interaction.channel_id or 0)
        written = parse_amount(text)
        if written is None:
            raise AmountRefused(T('"{text}" is not an amount: write it like 15000, $15,000 or 15k; {range}.',
                                  text=clip(text, 40), range=choice.range_text()))
        action = choice.action_for(written)
        if action is None:
            raise AmountRefused(choice.refusal(written))
        return await tables.act(user=user, move=action.key, table_id=table_id, expected_revision=revision,
                                channel_id=interaction.channel_id or 0)

    async def deliver(reply: Reply) -> None:
        live_message = (await tables.load(table_id)).row.message_id
        await publish(interaction, reply)
        form_board = interaction.message  # the board whose "Enter amount…" opened the form
        on_private_step = form_board is not None and bool(getattr(form_board.flags, "ephemeral", False))
        if (form_board is not None and not on_private_step and form_board.id != live_message
                and reply.revision != revision):
            try:  # it is history now (also when this process never posted it: a restart)
                await form_board.edit(**without_controls(form_board))
            except discord.HTTPException:
                log.debug("could not clear the buttons of message %s", form_board.id)

    await run(interaction, work, deliver, table_id=table_id)
    return True


# -- offers for typed moves that matched only partly -----------------------------------------------

OFFER_LIMIT = 20
"""Candidates offered as buttons (four rows of five; the last row is Cancel)."""


class CancelButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gm-cancel"):
    """Cancel on a private offer: nothing is played, the offer goes away."""

    def __init__(self, language: str = "en") -> None:
        super().__init__(discord.ui.Button(label=say(Tp("button", "Cancel"), language),
                                           style=discord.ButtonStyle.secondary, custom_id="gm-cancel",
                                           row=MAX_SELECTS - 1))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /) -> CancelButton:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.edit_message(
                content=say(T("Cancelled — nothing was played."), language_in(interaction)), view=None)
        except discord.HTTPException:
            log.debug("could not clear the offer of user %s", interaction.user.id)


def offer_message(unsure: UnsureMove, language: str = "en") -> dict[str, Any]:
    """The private answer to typed text that named no move exactly.

    One candidate: Confirm (a move button carrying the key and the board's revision, so a
    confirmation made after the table moved on is refused as stale) and Cancel. Several: one
    button each, up to :data:`OFFER_LIMIT`; past that the list and "be more specific".
    """
    message: dict[str, Any] = {"content": clip(discord_commands(unsure.said(language), language)), "ephemeral": True}
    candidates = unsure.candidates
    if len(candidates) > OFFER_LIMIT:
        return message
    view = discord.ui.View(timeout=None)
    for action in candidates:
        label = say(T("Confirm: {move}", move=action.label), language) if isinstance(unsure, ConfirmMove) else action.label
        view.add_item(MoveButton(unsure.table_id, unsure.revision, action.key, label,
                                 primary=isinstance(unsure, ConfirmMove)))
    view.add_item(CancelButton(language))
    message["view"] = view
    return message


class MyMovesButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gm-mine:(?P<table>\d+):(?P<revision>\d+)"):
    """Opens the clicker's own moves privately, for prompts whose actions are secret."""

    def __init__(self, table_id: int, revision: int, language: str = "en") -> None:
        super().__init__(discord.ui.Button(label=say(Tp("button", "Your moves (private)"), language),
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"gm-mine:{table_id}:{revision}"))
        self.table_id, self.revision = table_id, revision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any, /) -> MyMovesButton:
        return cls(int(match["table"]), int(match["revision"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        tables, user = tables_of(interaction), user_of(interaction)

        async def work() -> tuple[list[Action], bool]:
            live = await tables.load(self.table_id)
            tables.check_channel(live, interaction.channel_id or 0)
            if tables.board_revision(live) != self.revision:
                raise StaleBoard(T("This board is out of date — here is the current one."), tables.board_revision(live))
            seat = live.seat_of(user.id)
            if seat is None:
                raise TableError(T("You are not seated at this table."))
            return ([a for turn in tables.turns(live, user.language) if turn.seat == seat for a in turn.actions],
                    live.game.grouped)

        async def deliver(found: tuple[list[Action], bool]) -> None:
            actions, grouped = found
            if not actions:
                await send_error(interaction, T("You have nothing to decide right now."))
                return
            rows = choice_rows(self.table_id, self.revision, actions, grouped, user.language)
            text = discord_commands(say(T("Only you see these moves:") if rows
                                        else T("Only you see these — play one with /play:"), user.language), user.language)
            listing = "\n".join(f"• {a.label}" for a in actions[:20])
            layout = table_layout([clip(f"{text}\n{listing}", MAX_LAYOUT_TEXT)], None, rows)
            await _send(interaction, view=layout, ephemeral=True)

        await run(interaction, work, deliver, ephemeral=True, table_id=self.table_id)


# -- sending ------------------------------------------------------------------------------------


def named(reply: Reply) -> list[int]:
    """The players the mention line names: everyone called (``allowed_mentions`` lets only
    ``reply.mentions`` be pinged, so a player still on a decision sees their name unpinged)."""
    return sorted(set(reply.called) | set(reply.mentions))


def _mention_line(mentions: list[int], has_components: bool, language: str = "en") -> str:
    if not mentions:
        return ""
    who = " ".join(f"<@{user_id}>" for user_id in mentions)
    if has_components:
        line = Tn("Your move: {who}", "Your moves: {who}", len(mentions), who=who)
    else:
        line = Tn("Your move: {who} — choose with /play (type to search your moves)",
                  "Your moves: {who} — choose with /play (type to search your moves)", len(mentions), who=who)
    return "\n" + discord_commands(say(line, language), language)


def reply_message(reply: Reply) -> dict[str, Any]:
    """Keyword arguments for ``send_message`` / ``followup.send`` / ``channel.send``.

    A board is the table message (see :func:`is_table_message`): a components-v2 layout whose
    text blocks say whose turn it is, the last moves and the standings, with the card attached
    and shown in its gallery, then the controls. Such a message has no ``content``. Anything
    else is a plain message with its buttons.
    """
    allowed = discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in reply.mentions]
    )
    message: dict[str, Any] = {"allowed_mentions": allowed}
    if is_table_message(reply):
        rows = board_rows(reply)
        picture = CARD_FILE if reply.picture else None
        message["view"] = table_layout(table_texts(reply, _has_moves(rows)), picture, rows)
    else:
        view = request_components(reply) or lobby_components(reply)
        mention = _mention_line(named(reply), view is not None, reply.language)
        message["content"] = clip(clip_middle(discord_commands(reply.text, reply.language), MAX_CONTENT - len(mention))
                                  + mention)
        if view is not None:
            message["view"] = view
    if reply.picture:
        message["file"] = discord.File(io.BytesIO(reply.picture), filename=CARD_FILE)
    return message


def private_message(private: Private, rows: list[Row] | None = None) -> dict[str, Any]:
    """A private panel (``/hand``, a private log line): an ephemeral components-v2 message with
    the text and, when the game draws one, the private picture in a gallery (then ``rows``
    of controls, e.g. the Orders button)."""
    picture = PRIVATE_FILE if private.picture else None
    text = discord_commands(private.text, private.language)
    message: dict[str, Any] = {"view": table_layout([clip(text, MAX_LAYOUT_TEXT)], picture, rows),
                               "ephemeral": True}
    if private.picture:
        message["file"] = discord.File(io.BytesIO(private.picture), filename=PRIVATE_FILE)
    return message


async def _send(interaction: discord.Interaction, **message: Any) -> int | None:
    """Send as the response or a followup; the posted message's id when Discord says it."""
    if interaction.response.is_done():
        posted = await interaction.followup.send(**message, wait=True)
        return getattr(posted, "id", None)
    sent = await interaction.response.send_message(**message)
    return getattr(sent, "message_id", None)


@dataclass(frozen=True, slots=True)
class PostedBoard:
    """The last public board of a running table, as much as it takes to strip its controls
    later without reading it back: where it is, its revision, its texts and whether it shows
    the card."""

    channel_id: int
    message_id: int
    revision: int
    texts: tuple[str, ...]
    picture: bool

    def without_controls(self) -> dict[str, Any]:
        """Edit arguments that leave this board's text and picture and take its controls away."""
        return {"view": table_layout(list(self.texts), CARD_FILE if self.picture else None)}


_boards: OrderedDict[int, PostedBoard] = OrderedDict()
"""Per table, the last public board posted while it runs."""
MAX_BOARDS = 10_000


def _is_board(reply: Reply) -> bool:
    return not reply.lobby and reply.request is None and reply.status in ("playing", "over")


def _posted(reply: Reply, channel_id: int, message_id: int) -> PostedBoard:
    texts = table_texts(reply, _has_moves(board_rows(reply)))  # as posted: the old board keeps its words
    return PostedBoard(channel_id, message_id, reply.revision, tuple(texts), picture=bool(reply.picture))


async def board_posted(client: discord.Client, reply: Reply, channel_id: int, message_id: int | None) -> None:
    """A new board of ``reply``'s table was posted: take the move controls off the previous one.

    Its buttons would only be refused as out of date, so the old board shows none; it keeps
    its text and picture. Best effort (this process remembers the boards it posted; after a
    restart a stale click is still refused). Only table messages count: a one-line answer
    posted meanwhile ("Bo refused the undo") is not a board.
    """
    if not is_table_message(reply):
        return
    previous = _boards.pop(reply.table_id, None)
    if message_id is not None and reply.status == "playing":
        _boards[reply.table_id] = _posted(reply, channel_id, message_id)
        while len(_boards) > MAX_BOARDS:
            _boards.popitem(last=False)
    if previous is None or previous.message_id == message_id:
        return
    if previous.revision == reply.revision and reply.status == "playing":
        return  # still current (a live race goes on, or /board posted it again): its buttons still count
    channel = client.get_channel(previous.channel_id)
    if channel is None or not hasattr(channel, "get_partial_message"):
        return
    try:
        await channel.get_partial_message(previous.message_id).edit(**previous.without_controls())
    except discord.HTTPException:
        log.debug("could not clear the controls of message %s (table %s)", previous.message_id, reply.table_id)


async def send_error(interaction: discord.Interaction, text: str) -> None:
    """A private refusal, said in the user's language (a :class:`~bot.engine.words.Text`; a
    plain string is sent as it is). After a public defer the placeholder is removed first."""
    language = language_in(interaction)
    text = discord_commands(say(text, language), language)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(clip(text), ephemeral=True)
        else:
            await interaction.response.send_message(clip(text), ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error to user %s: %s", interaction.user.id, text)


def _set_disabled(view: discord.ui.BaseView, disabled: bool) -> None:
    """Disable or enable every button and select of ``view`` (nested in action rows too)."""
    for child in view.walk_children():
        target = getattr(child, "item", child)  # a DynamicItem wraps the real button or select
        if isinstance(target, discord.ui.Button | discord.ui.Select):
            target.disabled = disabled


async def _enable(edit: Awaitable[Any], table_id: int) -> None:
    """Enable a live board's buttons; if Discord refuses, players still have /play."""
    try:
        await edit
    except discord.HTTPException:
        log.warning("could not enable the buttons of table %s's board; /play still works", table_id)


async def send_reply(interaction: discord.Interaction, reply: Reply, *, ephemeral: bool = False) -> None:
    message = reply_message(reply)
    if ephemeral:
        message["ephemeral"] = True
    view = message.get("view")
    if reply.timed and view is not None and not ephemeral:
        # A race: everyone must see the new cards before anyone can click. Post the board
        # with its components disabled, then enable them in one edit.
        _set_disabled(view, True)
        if interaction.response.is_done():
            posted = await interaction.followup.send(**message, wait=True)
            posted_id = getattr(posted, "id", None)
            _set_disabled(view, False)
            await _enable(posted.edit(view=view), reply.table_id)
        else:
            sent = await interaction.response.send_message(**message)
            posted_id = getattr(sent, "message_id", None)
            _set_disabled(view, False)
            await _enable(interaction.edit_original_response(view=view), reply.table_id)
    else:
        posted_id = await _send(interaction, **message)
    if not ephemeral:
        await board_posted(interaction.client, reply, interaction.channel_id or 0, posted_id)
    watch = getattr(interaction.client, "watch_deadline", None)
    if reply.deadline_at is not None and watch is not None:
        watch(reply.deadline_at)
    mine = reply.private.get(interaction.user.id)
    if mine is not None:
        await interaction.followup.send(**private_message(mine))


async def publish(interaction: discord.Interaction, reply: Reply) -> None:
    """Show a reply the way this channel wants it, then tell the players who asked for DMs.

    Posting mode ``new`` (default): one new message per move. Mode ``edit``: one live board
    message per table, edited in place, with each move's log line (and its pings) in a
    thread on that message, so a busy channel stays readable.
    """
    tables = tables_of(interaction)
    channel_id = interaction.channel_id or 0
    mode = (await tables.store.channel_settings(channel_id)).get("posting", "new")
    # Only a table message replaces the live board: a one-line answer ("Bo refused the undo")
    # is posted beside it, since the live board is a components-v2 message that cannot hold content.
    if mode == "edit" and is_table_message(reply):
        await _publish_edited(interaction, reply)
    else:
        await send_reply(interaction, reply)
    await notify_direct(interaction.client, interaction.guild_id, channel_id, reply)
    if reply.ended:
        post_game_gif(interaction.client, channel_id, reply.table_id)


GIF_LIMIT = 8 * 1024 * 1024
"""Discord's upload limit for a server without boosts."""
_gif_tasks: set[asyncio.Task[None]] = set()


def post_game_gif(client: discord.Client, channel_id: int, table_id: int) -> None:
    """After a game's last move: post the whole game as an animated GIF (unless the channel
    turned it off). Made in a worker thread and posted when ready: the result reply never waits."""

    async def post() -> None:
        tables = client.tables  # type: ignore[attr-defined]
        try:
            if not (await tables.store.channel_settings(channel_id)).get("gif", True):
                return
            from bot.replays import Replays

            data = await Replays(tables).gif(table_id)
            if data is None or len(data) > GIF_LIMIT:
                return
            channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
            language = (await tables.load(table_id)).row.language
            await channel.send(  # type: ignore[union-attr]
                discord_commands(say(T("The whole game, move by move (table {table}; step through it with "
                                       "/game replay table:{table}).", table=table_id), language), language),
                file=discord.File(io.BytesIO(data), filename=f"table-{table_id}.gif"),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except Exception:
            log.exception("posting the GIF of table %s failed", table_id)

    task = asyncio.create_task(post(), name=f"gif-{table_id}")
    _gif_tasks.add(task)
    task.add_done_callback(_gif_tasks.discard)


async def _publish_edited(interaction: discord.Interaction, reply: Reply) -> None:
    tables = tables_of(interaction)
    live = await tables.load(reply.table_id)
    message = reply_message(reply)
    if live.row.message_id is None:
        await send_reply(interaction, reply)
        posted = await interaction.original_response()
        thread_id = None
        with contextlib.suppress(discord.HTTPException):
            thread = await posted.create_thread(name=clip(say(T("{title} — moves", title=reply.title), reply.language), 100))
            thread_id = thread.id
        await tables.set_live_message(reply.table_id, posted.id, thread_id)
        return
    # A table message has no content; None also clears the text of a live board posted plainly
    # before the table message was a components-v2 layout.
    edit: dict[str, Any] = {"content": message.get("content"), "view": message.get("view")}
    edit["attachments"] = [message["file"]] if "file" in message else []
    clicked = interaction.message
    if clicked is not None and clicked.id == live.row.message_id:
        if interaction.response.is_done():  # deferred as an update of this board (a slow move)
            await interaction.edit_original_response(**edit)
        else:
            await interaction.response.edit_message(**edit)
    else:
        await _send(interaction, content=say(T("Done — the board is updated."), language_in(interaction)), ephemeral=True)
        channel = interaction.channel
        if channel is not None and hasattr(channel, "get_partial_message"):
            await channel.get_partial_message(live.row.message_id).edit(**edit)
    mine = reply.private.get(interaction.user.id)
    if mine is not None:
        await interaction.followup.send(**private_message(mine))
    if live.row.thread_id is not None:
        thread = interaction.client.get_channel(live.row.thread_id) or discord.Object(live.row.thread_id)
        log_text = clip(reply.text + _mention_line(named(reply), True, reply.language))
        with contextlib.suppress(discord.HTTPException, AttributeError):
            await thread.send(log_text, allowed_mentions=message["allowed_mentions"])  # type: ignore[union-attr]


async def notify_direct(client: discord.Client, guild_id: int | None, channel_id: int, reply: Reply) -> None:
    """DM the players who asked for it; if a DM fails (closed DMs, 50007), mention them instead.

    Runs after the move is committed and shown, so a failed DM never blocks a move.
    """
    failed: list[int] = []
    link = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    for user_id in reply.direct:
        try:
            user = client.get_user(user_id) or await client.fetch_user(user_id)
            line = discord_commands(say(T("Your move: {turn}", turn=reply.text.splitlines()[-1]), reply.language),
                                    reply.language)
            await user.send(clip(f"{line}\n{link}"))
        except discord.HTTPException:
            failed.append(user_id)
    if failed:
        channel = client.get_channel(channel_id)
        if channel is not None and hasattr(channel, "send"):
            with contextlib.suppress(discord.HTTPException):
                await channel.send(  # type: ignore[union-attr]
                    say(Tn("Your move: {who} (your DMs are closed)", "Your moves: {who} (your DMs are closed)",
                           len(failed), who=" ".join(f"<@{u}>" for u in failed)), reply.language),
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in failed]),
                )


async def post_notice(client: discord.Client, guild_id: int | None, channel_id: int, reply: Reply) -> None:
    """Post something no interaction asked for (a reminder, a timeout) in a table's channel."""
    channel = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning("cannot reach channel %s for table %s", channel_id, reply.table_id)
            return
    message = reply_message(reply)
    view = message.get("view")
    if reply.timed and view is not None:
        _set_disabled(view, True)
        posted = await channel.send(**message)  # type: ignore[union-attr]
        _set_disabled(view, False)
        await _enable(posted.edit(view=view), reply.table_id)
    else:
        posted = await channel.send(**message)  # type: ignore[union-attr]
    await board_posted(client, reply, channel_id, getattr(posted, "id", None))
    watch = getattr(client, "watch_deadline", None)
    if reply.deadline_at is not None and watch is not None:
        watch(reply.deadline_at)
    await notify_direct(client, guild_id, channel_id, reply)
    if reply.ended:
        post_game_gif(client, channel_id, reply.table_id)


async def run(
    interaction: discord.Interaction,
    work: Callable[[], Awaitable[Result]],
    deliver: Callable[[Result], Awaitable[None]],
    *,
    ephemeral: bool = False,
    update: bool = False,
    table_id: int | None = None,
) -> None:
    """Do ``work`` and ``deliver`` its result, deferring if it takes long, mapping errors.

    Refusals (:class:`TableError`) become private messages; a stale board also shows the
    current one. Anything else is logged with the table id and answered with an apology.
    ``update``: the clicked message itself will be edited (an ephemeral panel), so a slow
    answer defers as an update of it instead of posting a "thinking…" placeholder.
    """
    task = asyncio.ensure_future(work())
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    await remember_language(interaction)
    if not done and not interaction.response.is_done():
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    try:
        result = await task
    except StaleBoard as stale:
        metrics.interaction_outcome("stale")
        await _send_stale(interaction, stale, table_id)
        return
    except (TableError, StoreBusy, StoreUnavailable) as refusal:
        # StoreUnavailable (full or read-only disk, database down): the store logged the operator's line.
        metrics.interaction_outcome("store_unavailable" if isinstance(refusal, StoreUnavailable) else "refused")
        await _clear_public_placeholder(interaction, ephemeral or update)
        await send_error(interaction, refusal.said(language_in(interaction)) if isinstance(refusal, TableError)
                         else str(refusal))
        return
    except Exception:
        metrics.interaction_outcome("error")
        log.exception("command failed (table %s, user %s)", table_id, interaction.user.id)
        await _clear_public_placeholder(interaction, ephemeral or update)
        await send_error(interaction, APOLOGY)
        return
    try:
        await deliver(result)
    except Exception:
        # The work is done and committed; only showing it failed. Say so, don't undo it.
        metrics.interaction_outcome("delivery_failed")
        log.exception("showing the result failed (table %s, user %s)", table_id, interaction.user.id)
        await send_error(interaction, DELIVERY_FAILED)
        return
    metrics.interaction_outcome("ok")


async def _clear_public_placeholder(interaction: discord.Interaction, ephemeral: bool) -> None:
    """A public "thinking…" placeholder must not stay behind when the answer is private.

    Pass ``True`` when there is none: a private defer, or a deferred update, whose original
    response is the clicked message itself (deleting it would delete the board)."""
    if interaction.response.is_done() and not ephemeral:
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()


async def _send_stale(interaction: discord.Interaction, stale: StaleBoard, table_id: int | None) -> None:
    said = stale.said(language_in(interaction))
    if table_id is None:
        await send_error(interaction, said)
        return
    try:
        current = await tables_of(interaction).status_of(table_id)
    except TableError:
        await send_error(interaction, said)
        return
    said = discord_commands(said, language_in(interaction))
    current.text = f"{said}\n\n{current.text}"
    current.notes = [said, *current.notes]
    current.mentions = []  # a private copy pings nobody
    await send_reply(interaction, current, ephemeral=True)


async def play_from_component(interaction: discord.Interaction, table_id: int, revision: int, key: str) -> None:
    """A click on a move button or select: play it if the board is current."""
    tables = tables_of(interaction)
    user = user_of(interaction)

    on_private_panel = interaction.message is not None and interaction.message.flags.ephemeral
    # A click on the one live board of a table posted in edit mode is answered by editing
    # that board. When the move is slow, the answer must then be deferred as an update of it:
    # a "thinking…" placeholder would be a new public message, left saying "Done".
    on_live_board = False
    if interaction.message is not None and not on_private_panel:
        with contextlib.suppress(TableError, StoreError):
            on_live_board = (await tables.load(table_id)).row.message_id == interaction.message.id

    async def deliver(reply: Reply) -> None:
        if on_private_panel:
            # A "Your moves (private)" panel is used up by the click: clear it first (this also
            # answers the interaction), then the public board follows as a followup.
            await _clear_private_panel(interaction)
            await publish(interaction, reply)
            return
        live_message = (await tables.load(table_id)).row.message_id
        await publish(interaction, reply)
        still_current = reply.revision == revision and reply.status == "playing"  # a live race goes on
        if interaction.message is not None and interaction.message.id != live_message and not still_current:
            # The clicked board is history now: take its buttons away (best effort).
            try:
                await interaction.message.edit(**without_controls(interaction.message))
            except discord.HTTPException:
                log.debug("could not clear the buttons of message %s", interaction.message.id)

    await run(
        interaction,
        lambda: tables.act(user=user, move=key, table_id=table_id, expected_revision=revision,
                           channel_id=interaction.channel_id or 0),
        deliver,
        ephemeral=on_private_panel,
        update=on_private_panel or on_live_board,
        table_id=table_id,
    )


async def _clear_private_panel(interaction: discord.Interaction) -> None:
    """Take the buttons off the ephemeral panel that was clicked.

    Discord answers 404 Unknown Message when an ephemeral message is edited through the
    channel route (``Message.edit``): only the interaction on it can change it — as its
    response (UPDATE_MESSAGE) or, after a deferred update, through its original response.
    """
    try:
        cleared = without_controls(interaction.message) if interaction.message is not None else {"view": None}
        if interaction.response.is_done():
            await interaction.edit_original_response(**cleared)
        else:
            await interaction.response.edit_message(**cleared)
    except discord.HTTPException:
        log.debug("could not clear the private panel of user %s", interaction.user.id)
