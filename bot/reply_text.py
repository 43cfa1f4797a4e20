"""The words of a reply: whose turn it is and why, the log's lines, the outcome, the standings.

Pure functions of public information (names, the prompts' public side, public events, the
numbers a game's card prints), shared by every front end: Discord lays them out as text
blocks of its table message, the console prints them, ``/game history`` lists log lines.
Nothing here knows a game's rules or touches the store.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from bot.engine import Outcome, fill_seat_refs
from bot.engine.words import CORE, Text, texts
from bot.i18n import say

if TYPE_CHECKING:
    from bot.tables import Turn

T, Tn, Tp = texts(CORE)

RECENT_MOVES = 5
"""Log lines a table message shows under "Last moves": enough to follow a round on a phone."""
MAX_LINE = 300
"""A log line longer than this is cut: one chatty move must not crowd out the rest."""

PRIVATE_TURN_TEXT = T("choose your move privately (Your moves button, or /play)")
"""What the public is told about a private prompt, whatever it says to its player.

A private prompt's text may speak of the hand it offers ("play the blue 4 on the left"),
so public lines use this instead; which seats have a prompt is itself public."""


def name_seats(text: str, names: list[str]) -> str:
    """Replace ``{seatN}`` marks in game text with player names."""
    return fill_seat_refs(text, names)


def whose_turn(turns: Sequence[Turn], language: str = "en") -> str:
    """The public line saying who must act, in ``language`` (the turns' texts are said in it
    already); a prompt that already names its player is used as it is.

    Whether it does is read from the game's own text (its ``{seatN}`` mark for that seat,
    :attr:`Turn.addressed`), never by looking for the name in the filled-in text: a player
    called "bo" is not named by "Buy the Silverbow charter"."""
    private = say(PRIVATE_TURN_TEXT, language)
    if len(turns) == 1:
        turn = turns[0]
        if turn.private:
            return f"{turn.name}: {private}"
        return turn.text if turn.addressed else f"{turn.name}: {turn.text}"
    public = [turn for turn in turns if not turn.private]
    text = public[0].text if public else private
    return say(T("Waiting for {names}: {text}", names=", ".join(turn.name for turn in turns), text=text), language)


def describe_outcome(outcome: Outcome, names: list[str], score: Callable[[float], str] | None = None,
                     language: str = "en", domain: str = CORE) -> str:
    """"Game over — Ana wins (12), then Bo (9)." with shared ranks for ties, in ``language``.

    ``score`` writes a score (the game's :meth:`Game.format_score`: "$1,515,200" in a money
    game); without it, the bare number. ``domain`` is the game's catalog (its reason and
    scores are its words)."""
    order = sorted(range(len(names)), key=lambda seat: (outcome.ranks[seat], seat))
    winners: list[str] = [names[seat] for seat in outcome.winners]
    if not winners:  # Outcome.no_winner
        head = T("Nobody wins")
    elif len(winners) == 1:
        head = T("{names} wins", names=winners[0])
    else:
        head = T("{names} win", names=_and(winners))
    shown = score or number
    standings = ", ".join(f"{outcome.ranks[s]}. {names[s]} {say(shown(outcome.scores[s]), language, (domain,))}"
                          for s in order)
    reason = name_seats(say(outcome.reason, language, (domain,)), names)
    return say(T("Game over: {head}! {reason} Final: {standings}.", head=head, reason=reason, standings=standings),
               language)


def _and(names: list[str]) -> Text:
    """"Ana and Bo", "Ana and Bo and Cy" (as the outcome line has always joined its winners)."""
    head: str = names[0]
    for name in names[1:]:
        head = T("{items} and {last}", items=head, last=name)
    return head  # type: ignore[return-value]


def number(value: float) -> str:
    """A score as people write it: 12, not 12.0; 2.5 stays 2.5."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def log_line(position: int, seat: int, action_key: str, events: list[dict[str, Any]], names: list[str],
             language: str = "en") -> str:
    """One logged move as "12. Ana: Builds a harbor.": its public events, else its key, in
    ``language`` (an event stored with its message, ``msg``, is said from it; an older one
    shows its English).

    Seat numbers outside the table are the clock's (a deadline resolved by the system seat).
    A line that already names its mover (a forced move's "Bo: Draw … (forced).") keeps one name.
    """
    who = names[seat] if 0 <= seat < len(names) else say(T("the clock"), language)
    public = [name_seats(event_text(event, language), names) for event in events if event.get("visible_to") is None]
    said = " ".join(public) or action_key
    return f"{position}. {said if said.startswith(f'{who}: ') else f'{who}: {said}'}"


def event_text(event: dict[str, Any], language: str) -> str:
    """A stored event's text in ``language``: from its message when the log kept one."""
    message = event.get("msg")
    if message is None or language == "en":
        return str(event["text"])
    try:
        return str(say(Text.from_json(message), language))
    except (KeyError, TypeError, ValueError, IndexError):  # a malformed row shows its English
        return str(event["text"])


def clipped(text: str, limit: int = MAX_LINE) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def standings_lines(names: Sequence[str], values: Sequence[str]) -> list[str]:
    """"Ana — 12" per seat, from the numbers the game's card prints (its ``card_standings``).

    Empty when the game has none or they do not match the seats (a renderer's mistake must
    not mislabel a player's score)."""
    if len(values) != len(names):
        return []
    return [f"{name} — {value}" for name, value in zip(names, values, strict=True)]
