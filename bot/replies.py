"""What the session layer returns to its front ends: plain values, no Discord, no Pillow.

A :class:`Reply` is everything a front end shows after a command — the text for people, the
table card, whom to ping, the prompts to turn into controls, the private parts per user; the
front end decides the layout (Discord's table message, the console's lines, a DM).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine import Action


@dataclass(frozen=True, slots=True)
class User:
    """Who is acting: a platform user id and the name to show."""

    id: int
    name: str
    is_bot: bool = False
    language: str = "en"
    """The language this user's client speaks (:func:`bot.i18n.language_of` of its locale):
    what is said to them alone (their hand, their moves, a refusal) is said in it."""


@dataclass(frozen=True, slots=True)
class Turn:
    """A prompt addressed to a person: what front ends turn into buttons and mentions."""

    seat: int
    user_id: int
    name: str
    text: str
    actions: tuple[Action, ...]
    simultaneous: bool
    private: bool = False
    """The actions show what only this player may see: offer them to this player alone."""
    addressed: bool = False
    """The game's prompt text names this seat's own player (its ``{seatN}`` mark), so the
    whose-turn line can use the text as it is instead of putting the name in front."""


@dataclass(frozen=True, slots=True)
class Private:
    """Something only one user may see (their hand, their secret points, a private log line)."""

    text: str
    picture: bytes | None = None
    table_id: int = 0
    orders: bool = False
    """The player's game in play offers standing orders: front ends offer them beside this panel."""
    language: str = "en"
    """The language ``text`` is said in (its reader's): the front end says its own words around it in it."""


@dataclass(slots=True)
class Reply:
    """What a front end shows after a command."""

    table_id: int
    position: int
    """Moves played so far."""
    revision: int
    """The board's revision: buttons carry it so an outdated click is recognised."""
    text: str
    picture: bytes | None = None
    mentions: list[int] = field(default_factory=list)
    """Users to ping in the channel: those who want mentions and for whom a decision is new
    (:mod:`bot.pings`; a reminder pings everyone it reminds)."""
    called: list[int] = field(default_factory=list)
    """Everyone who must act and wants mentions (``mentions`` and those still on a decision
    they were pinged for): front ends name them all ("Your move: @Bo") and ping only
    ``mentions``. Empty where a reply calls nobody (a status), then ``mentions`` is named."""
    direct: list[int] = field(default_factory=list)
    """Users who must act and asked to be told by direct message instead."""
    turns: list[Turn] = field(default_factory=list)
    private: dict[int, Private] = field(default_factory=dict)
    status: str = "lobby"
    request: Request | None = None
    """Set when the reply asks people to approve something (an undo, a substitution)."""
    deadline_at: float | None = None
    """Timed play: when (clock time) the game resolves on its own unless someone acts first."""
    timed: bool = False
    """Timed play: everyone races on this board (front ends reveal it, then enable its buttons)."""
    lobby: bool = False
    """True for lobby messages, which carry Join / Leave / Start / Add bot buttons."""
    ended: bool = False
    """The game ended with this reply's moves: front ends post the result's GIF after it."""
    title: str = ""
    """The game's title ("Puerto Rico"), for a front end's heading."""
    grouped: bool = False
    """The game files its actions in groups (``Game.grouped``): front ends present its moves
    by the steps of :mod:`bot.engine.choices` instead of flat lists."""
    notes: list[str] = field(default_factory=list)
    """The lines of ``text`` that are neither log events nor the turn line ("Undone: 2 moves",
    "Seats: …", "Bo is away until …")."""
    said: list[str] = field(default_factory=list)
    """The lines of ``text`` that are this reply's public events (the moves it reports)."""
    turn_line: str = ""
    """The last line of ``text`` when it says whose turn it is and why, or how the game ended
    (or that it is paused); empty in a lobby."""
    recent: list[str] = field(default_factory=list)
    """The last few moves of the log, oldest first ("12. Ana: Builds a harbor."), public only."""
    standings: list[str] = field(default_factory=list)
    """One "Ana — 12" line per seat: the numbers the game's table card prints (its render
    module's ``card_standings``); empty for a game without them."""
    language: str = "en"
    """The table's language: the reply's texts are said in it, and so are the front end's own
    words around them ("Last moves", button labels)."""


@dataclass(frozen=True, slots=True)
class Request:
    """Something waiting for consent: the users who must say yes, with buttons for them."""

    id: int
    kind: str
    waiting_for: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TableSummary:
    table_id: int
    channel_id: int
    slug: str
    title: str
    status: str
    players: list[str]
    waiting_for: list[str]
    since: float
    waiting_user_ids: tuple[int, ...] = ()
