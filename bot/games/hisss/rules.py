"""HISSS: draw snake cards from a face-down fan and build snakes; complete one to win it.

The rules, as implemented here (every ruling is also written down, with reasons, in
``data/hisss/README.md``):

* **Cards.** 50 cards (``data/hisss/cards.json``): a head and a tail in each of six colours,
  a rainbow head and a rainbow tail (wild), and 36 *bodies* (mid-sections) with two colour
  halves each.
* **Snakes.** An open snake is a line of cards drawn left to right. A head is always its
  left-most card and a tail its right-most card, so a snake has a *left end* and a *right
  end*. An end is *open* unless a head (left) or a tail (right) closes it. A snake of bodies
  only has two open ends and no direction yet: a head or tail may go on either end, and the
  snake is turned round so that the head ends up on the left (the tail on the right).
* **Matching.** A body goes on an open end when one of its halves has the colour of that end,
  and it is laid with that half touching. A head or tail goes only against a body (never
  straight onto a lone head or tail: a snake needs at least one body) and only when its
  colour is the colour of that end. Rainbow heads and tails match every colour, and a body
  laid against a lone rainbow head or tail may be turned either way.
* **A turn.** The seat to move draws any card of the fan (``draw:7``). If the card fits in
  exactly one way it is laid there; if it fits nowhere it starts a new snake; if it fits in
  several ways the same seat chooses (``place:3-right``, ``place:3-right-red``,
  ``merge:2-5``). Placements that give the same snake (the same ends) count as one.
* **Winning snakes.** Laying a head on a snake that has a tail, or a tail on a snake that has
  a head, completes it: the drawer wins it into their pit. A body whose two halves match
  open ends of two different snakes may instead join them; the joined snake is won at once,
  finished or not (the rulebook: "This completes the snake"). A join that would give a snake
  two heads or two tails is not allowed.
* **End.** When the fan is empty the game ends; unfinished snakes stay out. Score: cards in
  your pit; ties are broken by the longest single snake in the pit; seats still equal share.

The state is plain JSON::

    {"rng": 8741..., "players": 3, "fan": [31, 7, ...],          # face down, in order
     "snakes": [{"id": 1, "cards": [0, 20, ~21]}],              # open snakes, left to right
     "next_snake": 2, "pits": [[{"id": 4, "cards": [...]}], [], []],
     "turn": 0, "pending": None, "starter": 20, "last": {...} | None}

A snake's ``cards`` are *pieces* (see :data:`Piece`): card ids, ``~id`` for a body lying
turned round. ``pending`` is a drawn card waiting for its drawer to choose where it goes.
Texts use ``{seatN}`` placeholders (0-based seat) that the session layer fills with names.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from bot.engine import Action, Event, Game, Outcome, Prompt, Rng, State, seed_value
from bot.engine.choices import BUTTON_LIMIT
from bot.engine.rng import shuffle_unseen
from bot.engine.words import Code, Text, listing
from bot.games.hisss.messages import T, Tn, cards, said
from bot.games.hisss.orders import HisssOrders

DATA_FILE = Path(__file__).resolve().parents[3] / "data" / "hisss" / "cards.json"

HEAD = "head"
TAIL = "tail"
BODY = "body"
RAINBOW = "rainbow"
LEFT = "left"
RIGHT = "right"

Piece = int
"""A card lying in a snake: its id when it lies as listed in the deck data (a body's first
colour on the left), or ``~id`` (= ``-id - 1``) when a body lies turned round. Compact
because the state is checked, copied and stored after every move."""


# -- the deck ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """One snake card. ``colours`` has one entry for a head or tail, two for a body.

    ``name`` reads ``"red head"``, ``"rainbow tail"`` or ``"red/blue body"`` (a catalog entry,
    see :mod:`bot.games.hisss.messages`); ``a_name`` adds the article for log lines: heads and
    tails are unique (``the``), bodies come in pairs.
    """

    id: int
    kind: str
    colours: tuple[str, ...]
    name: str = field(init=False)
    a_name: Text = field(init=False)

    def __post_init__(self) -> None:
        name = f"{'/'.join(self.colours)} {self.kind}"
        if self.kind != BODY:
            a_name = T("the {card}", card=said(name))
        else:
            a_name = T("an {card}", card=said(name)) if name[0] in "aeiou" else T("a {card}", card=said(name))
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "a_name", a_name)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "colours": list(self.colours), "name": self.name}


def load_deck(path: Path = DATA_FILE) -> tuple[tuple[str, ...], tuple[Card, ...]]:
    """Read and check the card list: 7 heads, 7 tails (one rainbow each), 36 bodies, ids 0..49."""
    data = json.loads(path.read_text(encoding="utf-8"))
    colours = tuple(data["colours"])
    cards = tuple(Card(c["id"], c["kind"], tuple(c["colours"])) for c in data["cards"])
    if [card.id for card in cards] != list(range(len(cards))) or len(cards) != 50:
        raise ValueError(f"{path}: expected cards with ids 0..49")
    for kind, count, width in ((HEAD, 7, 1), (TAIL, 7, 1), (BODY, 36, 2)):
        mine = [card for card in cards if card.kind == kind]
        if len(mine) != count or any(len(card.colours) != width for card in mine):
            raise ValueError(f"{path}: expected {count} {kind} cards with {width} colour(s)")
    allowed = {*colours, RAINBOW}
    if any(colour not in allowed for card in cards for colour in card.colours):
        raise ValueError(f"{path}: a card has a colour outside {sorted(allowed)}")
    if any(RAINBOW in card.colours for card in cards if card.kind == BODY):
        raise ValueError(f"{path}: bodies cannot be rainbow")
    return colours, cards


COLOURS, DECK = load_deck()

# Pieces are ints (see ``Piece``); these tables answer the common questions about one fast.
_KIND: dict[int, str] = {}
_LEFT: dict[int, str] = {}
_RIGHT: dict[int, str] = {}
for _card in DECK:
    for _piece, _colours in ((_card.id, _card.colours), (~_card.id, _card.colours[::-1])):
        _KIND[_piece] = _card.kind
        _LEFT[_piece] = _colours[0]
        _RIGHT[_piece] = _colours[-1]


def card_of(piece: Piece) -> Card:
    """The card a piece shows, whichever way round it lies."""
    return DECK[piece if piece >= 0 else ~piece]


def piece_colours(piece: Piece) -> list[str]:
    """The colours of a piece as they lie, left to right (one colour for a head or tail)."""
    colours = card_of(piece).colours
    return list(colours if piece >= 0 else colours[::-1])


def lay(card: Card, left: str) -> Piece:
    """The piece of ``card`` with colour ``left`` on its left side (turned round if needed)."""
    return card.id if card.colours[0] == left else ~card.id


def flip(piece: Piece) -> Piece:
    """A piece turned end to end: a body swaps its halves; a head or tail stays as it is."""
    return ~piece if _KIND[piece] == BODY else piece


def matches(a: str, b: str) -> bool:
    """Two touching colours match when equal or when either is the rainbow (wild)."""
    return a in (b, RAINBOW) or b == RAINBOW


# -- snakes as lists of pieces ----------------------------------------------------------


def has_head(pieces: list[Piece]) -> bool:
    return _KIND[pieces[0]] == HEAD


def has_tail(pieces: list[Piece]) -> bool:
    return _KIND[pieces[-1]] == TAIL


def end_colour(pieces: list[Piece], side: str) -> str | None:
    """The colour showing at ``side`` of a snake, or ``None`` when a head or tail closes it.

    A lone head is open on its right (its own colour shows there), a lone tail on its left.
    """
    if side == LEFT:
        piece = pieces[0]
        return None if _KIND[piece] == HEAD else _LEFT[piece]
    piece = pieces[-1]
    return None if _KIND[piece] == TAIL else _RIGHT[piece]


def reverse(pieces: list[Piece]) -> list[Piece]:
    """The same snake read from the other end (each body's halves swap sides)."""
    return [flip(p) for p in reversed(pieces)]


def oriented(pieces: list[Piece]) -> list[Piece]:
    """Turn a snake round if needed so that a head is on the left and a tail on the right."""
    if _KIND[pieces[0]] == TAIL or _KIND[pieces[-1]] == HEAD:
        return reverse(pieces)
    return pieces


def signature(pieces: list[Piece]) -> tuple[Any, ...]:
    """What matters for the rest of the game about a snake: its length and its two ends.

    A snake with neither head nor tail has no direction, so its ends are compared unordered.
    """
    left, right = end_colour(pieces, LEFT), end_colour(pieces, RIGHT)
    head, tail = has_head(pieces), has_tail(pieces)
    if not head and not tail and right is not None and left is not None and right < left:
        left, right = right, left
    return (len(pieces), head, tail, left, right)


def attach(pieces: list[Piece], side: str, card: Card, touching: str) -> list[Piece] | None:
    """``pieces`` with ``card`` laid at ``side``, or ``None`` if the rules forbid it.

    ``touching`` is the colour of ``card`` that touches the snake (for a body, which half).
    """
    colour = end_colour(pieces, side)
    if colour is None or touching not in card.colours or not matches(touching, colour):
        return None
    if card.kind == BODY:
        other = card.colours[1] if touching == card.colours[0] else card.colours[0]
        if side == RIGHT:
            return [*pieces, lay(card, touching)]
        return [lay(card, other), *pieces]
    # A head or tail needs a body to lie against, and a snake gets at most one of each.
    end_piece = pieces[0] if side == LEFT else pieces[-1]
    if _KIND[end_piece] != BODY:
        return None
    if card.kind == HEAD:
        if has_head(pieces):
            return None
        if side == RIGHT:  # only a snake of bodies is open on the right without a tail
            return [card.id, *reverse(pieces)]
        return [card.id, *pieces]
    if has_tail(pieces):
        return None
    if side == LEFT:
        return [*reverse(pieces), card.id]
    return [*pieces, card.id]


def is_complete(pieces: list[Piece]) -> bool:
    """Head, at least one body, tail (attach() never lets a head touch a tail)."""
    return len(pieces) >= 3 and has_head(pieces) and has_tail(pieces)


def join(first: list[Piece], second: list[Piece], card: Card) -> list[Piece] | None:
    """The snake made by joining two snakes with a body, or ``None`` if no way is legal.

    One half of the body must match an open end of ``first`` and the other half an open end
    of ``second``. The joined line may hold at most one head and one tail, which then sit at
    its two outer ends.
    """
    if card.kind != BODY:
        return None
    if (has_head(first) and has_head(second)) or (has_tail(first) and has_tail(second)):
        return None
    a, b = card.colours
    for side1 in (RIGHT, LEFT):
        colour1 = end_colour(first, side1)
        if colour1 is None:
            continue
        for side2 in (LEFT, RIGHT):
            colour2 = end_colour(second, side2)
            if colour2 is None:
                continue
            for touch1, touch2 in ((a, b), (b, a)):
                if matches(touch1, colour1) and matches(touch2, colour2):
                    left = first if side1 == RIGHT else reverse(first)
                    right = second if side2 == LEFT else reverse(second)
                    return oriented([*left, lay(card, touch1), *right])
    return None


# -- choices ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """One way to lay the drawn card: the action, the snake(s) it touches and the result."""

    key: str
    label: str
    """The button's words (a ``Text``), empty from ``choices(..., labelled=False)``."""
    snake: int
    other: int | None
    """The second snake of a join (``merge:``), else ``None``."""
    side: str
    """The end of ``snake`` the card goes on (for a join: unused, ``""``)."""
    turns: bool
    """A head laid on a right end or a tail on a left end: the snake is turned round."""
    pieces: list[Piece]

    @property
    def wins(self) -> bool:
        return self.other is not None or is_complete(self.pieces)

    def laid(self, who: str, card: Card) -> Text:
        """The log line of ``who`` laying ``card`` this way: ``"{seat0} adds the red head to
        snake 3 at its left end."`` (with "HISSS! " in front when it wins)."""
        size = len(self.pieces)
        if self.other is not None:
            return T("HISSS! {who} joins snakes {snake} and {other} with {card}, winning the {n}-card snake.",
                     who=who, snake=self.snake, other=self.other, card=card.a_name, n=size)
        if self.wins:
            return Tn("HISSS! {who} completes snake {snake} with {card}, winning it ({n} card).",
                      "HISSS! {who} completes snake {snake} with {card}, winning it ({n} cards).",
                      size, who=who, snake=self.snake, card=card.a_name)
        return T("{who} adds {card} to snake {snake} {end}{turning}.", who=who, card=card.a_name,
                 snake=self.snake, end=at_end(self.side), turning=turning(self.turns))

    def drawn_and_laid(self, drawn: Text) -> Text:
        """The log line of a draw that had one place to go: ``drawn`` ("{seat0} draws the red
        head (B7 of 30 cards)") and what the card did there."""
        size = len(self.pieces)
        if self.other is not None:
            return T("HISSS! {drawn} and joins snakes {snake} and {other} with it, winning the {n}-card snake.",
                     drawn=drawn, snake=self.snake, other=self.other, n=size)
        if self.wins:
            return Tn("HISSS! {drawn} and completes snake {snake} with it, winning it ({n} card).",
                      "HISSS! {drawn} and completes snake {snake} with it, winning it ({n} cards).",
                      size, drawn=drawn, snake=self.snake)
        return T("{drawn} and adds it to snake {snake} {end}{turning}.", drawn=drawn, snake=self.snake,
                 end=at_end(self.side), turning=turning(self.turns))


def at_end(side: str) -> Text:
    """"at its left end" / "at its right end"."""
    return T("at its left end") if side == LEFT else T("at its right end")


def turning(turns: bool) -> str:
    """" (the snake turns round)" after a placement that turns the snake, else nothing."""
    return T(" (the snake turns round)") if turns else ""


def choices(snakes: list[dict[str, Any]], card: Card, labelled: bool = True) -> list[Choice]:
    """Every distinct legal way to lay ``card``: on an end of one snake, or joining two.

    Placements on one snake that leave it the same (same length and ends, see
    :func:`signature`) are offered once. The touching colour is in the key only where it
    makes a difference (a two-coloured body against a lone rainbow head or tail).
    ``labelled=False`` leaves every label empty: the hard level's rollouts and play-outs
    show no buttons, and the labels were half of what finding the choices cost.
    """
    found: list[Choice] = []
    sides = (LEFT, RIGHT) if card.kind == HEAD else (RIGHT, LEFT)
    # Which halves of the card could touch each snake at all: a cheap filter before building.
    touchable: list[set[str]] = []
    for snake in snakes:
        ends = [c for c in (end_colour(snake["cards"], LEFT), end_colour(snake["cards"], RIGHT)) if c]
        touchable.append({c for c in card.colours if any(matches(c, end) for end in ends)})
    for snake, halves in zip(snakes, touchable, strict=True):
        if not halves:
            continue
        seen: set[tuple[Any, ...]] = set()
        for side in sides:
            here: list[tuple[str, list[Piece]]] = []
            for touching in dict.fromkeys(card.colours):
                pieces = attach(snake["cards"], side, card, touching)
                if pieces is not None and signature(pieces) not in seen:
                    seen.add(signature(pieces))
                    here.append((touching, pieces))
            for touching, pieces in here:
                key = f"place:{snake['id']}-{side}"
                if len(here) > 1:
                    key += f"-{touching}"
                turns = (card.kind == HEAD and side == RIGHT) or (card.kind == TAIL and side == LEFT)
                label: str = ""
                if labelled:
                    half: str = ""
                    if len(here) > 1:
                        half = T(", {colour} half against the {card}", colour=said(touching),
                                 card=said(card_of(snake["cards"][0]).name))
                    result: str = ""
                    if is_complete(pieces):
                        result = Tn(" and win it ({n} card)", " and win it ({n} cards)", len(pieces))
                    elif turns:
                        result = turning(True)
                    label = T("Add {card} to snake {snake} {end}{half}{result}", card=card.a_name,
                              snake=snake["id"], end=at_end(side), half=half, result=result)
                found.append(Choice(key, label, snake["id"], None, side, turns, pieces))
    if card.kind == BODY:
        a, b = card.colours
        for i, first in enumerate(snakes):
            for j in range(i + 1, len(snakes)):
                one, two = touchable[i], touchable[j]
                if not ((a in one and b in two) or (b in one and a in two)):
                    continue
                second = snakes[j]
                pieces = join(first["cards"], second["cards"], card)
                if pieces is not None:
                    key = f"merge:{first['id']}-{second['id']}"
                    label = Tn("Join snakes {snake} and {other} with {card} and win them ({n} card)",
                               "Join snakes {snake} and {other} with {card} and win them ({n} cards)",
                               len(pieces), snake=first["id"], other=second["id"], card=card.a_name) if labelled else ""
                    found.append(Choice(key, label, first["id"], second["id"], "", False, pieces))
    return found


# -- the game ---------------------------------------------------------------------------


FAN_ROW = 10
"""At most this many face-down cards in one row of the fan as the pictures lay it out."""
FAN_ROWS = "ABCDE"
"""The rows' letters: a fan holds at most 49 cards, so five rows of ten."""


def fan_shape(count: int) -> tuple[int, int]:
    """How a fan of ``count`` cards is laid out: (rows, cards per row; the last row may be shorter).

    Rows are as even as they can be (a fan of 11 is rows of 6 and 5, never 10 and 1), so every
    row is one menu of a few cards. Only the count decides it: the cards are never looked at.
    """
    rows = max(1, -(-count // FAN_ROW))
    return rows, max(1, -(-count // rows))


def fan_name(position: int, count: int) -> str:
    """The short name the pictures print on card ``position`` (1-based) of a fan of ``count``
    cards: its row's letter and its place in the row, "A1" … "E9"."""
    _, width = fan_shape(count)
    row, column = divmod(position - 1, width)
    return f"{FAN_ROWS[row]}{column + 1}"


def fan_span(count: int) -> str:
    """The names of a fan's first and last cards, as the pictures print them: "A1–E9"."""
    if count <= 1:
        return "A1"
    return f"{fan_name(1, count)}–{fan_name(count, count)}"


def draw_group(position: int, count: int) -> tuple[Text, ...]:
    """Where "draw card ``position``" is filed in a fan of ``count`` cards: its row ("Row B").

    The pictures lay the fan out in rows A, B, C … and print each card's name on its back, so
    a player picks a card by the name they see: one menu per row, any card one tap away. A fan
    of five cards or fewer is one row of buttons. Only the fan's size decides the rows, never
    the face-down cards.
    """
    if count <= BUTTON_LIMIT:
        return ()
    _, width = fan_shape(count)
    return (T("Row {row}", row=FAN_ROWS[(position - 1) // width]),)


_DRAW_ACTIONS: list[tuple[Action, ...]] = [
    tuple(
        Action(f"draw:{i}", T("Draw {card}", card=fan_name(i, count)), group=draw_group(i, count))
        for i in range(1, count + 1)
    )
    for count in range(len(DECK))
]
"""The draw actions for every fan size, built once: a draw prompt is the most common one."""


def tag(n: int) -> str:
    """The placeholder the session layer replaces with seat ``n``'s player name: ``{seat2}``."""
    return f"{{seat{n}}}"


def pit_cards(pit: list[dict[str, Any]]) -> int:
    return sum(len(snake["cards"]) for snake in pit)


def pit_longest(pit: list[dict[str, Any]]) -> int:
    return max((len(snake["cards"]) for snake in pit), default=0)


class Hisss(HisssOrders, Game):
    """HISSS for 2–5 players. See the module docstring for the rules as implemented."""

    slug: ClassVar[str] = "hisss"
    title: ClassVar[str] = T("HISSS")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    summary: ClassVar[str] = T("Draw snake cards from a fan, match colours, and win the snakes you finish.")
    rules_file: ClassVar[str] = "hisss.txt"
    render_module: ClassVar[str] = "bot.games.hisss.render"
    grouped: ClassVar[bool] = True
    """The fan by its rows as the pictures lay it out (:func:`draw_group`); a drawn card's ways
    to go are few (at most 11 seen in 100 five-player games): one menu."""

    # -- setup and flow ------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """Shuffle the 50 cards into the fan and draw the starter card from it, face up."""
        self.check_players(players)
        self.resolve_options(options)
        state: State = {"rng": seed_value(seed)}
        rng = Rng(state)
        fan = list(range(len(DECK)))
        rng.shuffle(fan)
        starter = fan.pop(rng.below(len(fan)))
        state.update(
            {
                "players": players,
                "fan": fan,
                "snakes": [{"id": 1, "cards": [starter]}],
                "next_snake": 2,
                "pits": [[] for _ in range(players)],
                "turn": 0,
                "pending": None,
                "starter": starter,
                "last": None,
            }
        )
        return state

    def max_actions(self, players: int) -> int:
        """Each of the 49 fan cards costs one draw and at most one placement choice."""
        return 2 * (len(DECK) - 1)

    def is_over(self, state: State) -> bool:
        return not state["fan"] and state["pending"] is None

    def legal_prompts(self, state: State) -> list[Prompt]:
        if self.is_over(state):
            return []
        turn = state["turn"]
        pending = state["pending"]
        if pending is None:
            count = len(state["fan"])
            actions = _DRAW_ACTIONS[count]
            text = Tn("{who}: draw a card from the fan ({n} left).", "{who}: draw a card from the fan ({n} left).",
                      count, who=tag(turn))
            return [Prompt(turn, text, actions)]
        card = DECK[pending]
        actions = tuple(Action(c.key, c.label) for c in choices(state["snakes"], card))
        return [Prompt(turn, T("{who}: where does {card} go?", who=tag(turn), card=card.a_name), actions)]

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        if state["pending"] is None:
            events = self._draw(state, seat, int(key.split(":", 1)[1]))
        else:
            card = DECK[state["pending"]]
            choice = next(c for c in choices(state["snakes"], card) if c.key == key)
            events = [Event(self._lay(state, seat, card, choice))]
        if state["pending"] is None:
            state["turn"] = (state["turn"] + 1) % state["players"]
            if not state["fan"]:
                events.append(Event(self._final_text(state)))
        return events

    def _draw(self, state: State, who: int, position: int) -> list[Event]:
        """Take card ``position`` (1-based) of the fan; lay it if there is nothing to choose."""
        size = len(state["fan"])
        card = DECK[state["fan"].pop(position - 1)]
        drawn = Tn("{who} draws {card} ({name} of {n} card)", "{who} draws {card} ({name} of {n} cards)", size,
                   who=tag(who), card=card.a_name, name=fan_name(position, size))
        found = choices(state["snakes"], card)
        if not found:
            number = state["next_snake"]
            state["next_snake"] += 1
            state["snakes"].append({"id": number, "cards": [card.id]})
            state["last"] = {"seat": who, "card": card.id, "snake": number, "won": False, "joined": None}
            return [Event(T("{drawn}: it fits nowhere, so it starts snake {snake}.", drawn=drawn, snake=number),
                          reveals=True)]
        if len(found) == 1:
            self._lay(state, who, card, found[0])
            return [Event(found[0].drawn_and_laid(drawn), reveals=True)]
        state["pending"] = card.id
        state["last"] = {"seat": who, "card": card.id, "snake": None, "won": False, "joined": None}
        fits = Tn("{drawn}: it fits in {n} place, so {who} chooses.", "{drawn}: it fits in {n} places, so {who} chooses.",
                  len(found), drawn=drawn, who=tag(who))
        return [Event(fits, reveals=True)]

    def _lay(self, state: State, who: int, card: Card, choice: Choice) -> Text:
        """Lay ``card`` as ``choice`` says; move a won snake to the pit. Returns the log text."""
        state["pending"] = None
        snakes = state["snakes"]
        target = next(s for s in snakes if s["id"] == choice.snake)
        target["cards"] = list(choice.pieces)
        state["last"] = {
            "seat": who,
            "card": card.id,
            "snake": choice.snake,
            "won": choice.wins,
            "joined": choice.other,
        }
        if choice.wins:
            gone = (choice.snake, choice.other)
            state["snakes"] = [s for s in snakes if s["id"] not in gone]
            state["pits"][who].append(target)
        return choice.laid(tag(who), card)

    # -- results -------------------------------------------------------------------

    def scores(self, state: State) -> list[int]:
        return [pit_cards(pit) for pit in state["pits"]]

    def outcome(self, state: State) -> Outcome | None:
        """Most cards in the pit wins; then the longest single snake; then a shared rank."""
        if not self.is_over(state):
            return None
        scores = self.scores(state)
        longest = [pit_longest(pit) for pit in state["pits"]]
        return Outcome.ranked(scores, self._final_text(state), tiebreak=longest)

    def _final_text(self, state: State) -> Text:
        scores = self.scores(state)
        longest = [pit_longest(pit) for pit in state["pits"]]
        best = max(scores)
        if best == 0:
            return T("The fan is empty and nobody won a snake: everyone ties.")
        top = [s for s in range(len(scores)) if scores[s] == best]
        if len(top) == 1:
            return Tn("The fan is empty. {who} wins with {n} card in the snake pit.",
                      "The fan is empty. {who} wins with {n} cards in the snake pit.", best, who=tag(top[0]))
        tied = listing([tag(s) for s in top])
        long = max(longest[s] for s in top)
        winners = [s for s in top if longest[s] == long]
        if len(winners) == 1:
            return T("The fan is empty. {tied} tie on {cards}; {who} wins with the longest snake ({longest}).",
                     tied=tied, cards=cards(best), who=tag(winners[0]), longest=cards(long))
        return Tn("The fan is empty. {winners} share the win: {cards} each and a longest snake of {n}.",
                  "The fan is empty. {winners} share the win: {cards} each and a longest snake of {n}.",
                  long, winners=listing([tag(s) for s in winners]), cards=cards(best))

    # -- what players see ----------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything on the table; the fan only as a count. HISSS has no secrets per seat."""

        def snake_view(snake: dict[str, Any]) -> dict[str, Any]:
            pieces = snake["cards"]
            return {
                "id": snake["id"],
                "cards": [{**card_of(p).to_json(), "colours": piece_colours(p)} for p in pieces],
                "ends": {LEFT: end_colour(pieces, LEFT), RIGHT: end_colour(pieces, RIGHT)},
                "head": has_head(pieces),
                "tail": has_tail(pieces),
            }

        pending = state["pending"]
        last = state["last"]
        over = self.is_over(state)
        outcome = self.outcome(state)
        return {
            "game": self.slug,
            "players": state["players"],
            "fan": len(state["fan"]),
            "starter": DECK[state["starter"]].to_json(),
            "snakes": [snake_view(s) for s in state["snakes"]],
            "pits": [
                {
                    "seat": s,
                    "snakes": [snake_view(snake) for snake in pit],
                    "cards": pit_cards(pit),
                    "longest": pit_longest(pit),
                }
                for s, pit in enumerate(state["pits"])
            ],
            "scores": self.scores(state),
            "turn": None if over else state["turn"],
            "pending": None if pending is None else DECK[pending].to_json(),
            "last": None if last is None else {**last, "card": DECK[last["card"]].to_json()},
            "over": over,
            "outcome": None
            if outcome is None
            else {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "reason": outcome.reason},
        }

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """The fan is face down: its order (and the RNG) are redrawn."""
        hidden = json.loads(json.dumps(state))
        shuffle_unseen(hidden["fan"], rng)
        hidden["rng"] = rng.getrandbits(63)
        return hidden

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        """The normal bot: wins the most cards now and leaves the next drawer the least (see
        :mod:`bot.games.hisss.agent`)."""
        from bot.games.hisss.agent import choose

        return choose(self, state, seat, rng)

    def choices_alike(self, state: State, seat: int) -> bool:
        """A draw: every position of the shuffled face-down fan is as likely to be any card
        left in it, so a hard bot draws at once (where the card goes is searched)."""
        return state["pending"] is None

    def rollout_agent(self, state: State, seat: int, rng: random.Random) -> str:
        """A hard bot's rollouts play every seat as ``greedy`` does (the first card of the
        fan; the placement that wins the most cards now, a random one of the best): the
        heuristic's look at what the next drawer could win costs a copy of the state per
        placement, and over 300 games it won no more than ``greedy`` (data/hisss/README.md),
        so the quick policy buys several times the rollouts for the same prediction."""
        if state["pending"] is None:
            return "draw:1"
        from bot.games.hisss.playout import greedy

        return greedy(choices(state["snakes"], DECK[state["pending"]], labelled=False), rng).key

    rollout_steps: ClassVar[int | None] = 0
    """Every rollout is handed at once to :meth:`evaluate`, which plays the game out on bare
    lists (:mod:`.playout`)."""

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's reward at the end of one fast play-out of this (redrawn) state with the
        rollout policy (:func:`.playout.play_out`), seeded by the state's own redrawn seed so
        the search's candidate placements in one sample meet the same luck."""
        from bot.games.hisss.playout import play_out

        return play_out(state, random.Random(state["rng"]))

    # -- refusals ------------------------------------------------------------------

    def explain_refusal(self, state: State, seat: int, key: str) -> Text:
        verb, _, rest = key.partition(":")
        count = len(state["fan"])
        if state["pending"] is None:
            span = T("draw:1") if count == 1 else T("draw:1–draw:{count}", count=count)
            names = T("{span} on the picture", span=fan_span(count))
            if verb != "draw":
                return T("Draw a card from the fan first: pick one by its name ({names}), or type {span}.",
                         names=names, span=span)
            if not rest.isdigit():
                return T("Say which card of the fan to draw by its name ({names}) or its number: {span}.",
                         names=names, span=span)
            if count == 1:
                return T("There is only 1 card left in the fan: choose draw:1.")
            return Tn("There is only {n} card in the fan: choose 1–{n}.", "There are only {n} cards in the fan: choose 1–{n}.",
                      count)
        card = DECK[state["pending"]]
        legal = [c.key for c in choices(state["snakes"], card)]
        hint = T(" Choose one of: {keys}.", keys=Code(", ".join(legal)))
        if verb == "draw":
            return T("You have already drawn {card}: lay it first.{hint}", card=card.a_name, hint=hint)
        open_ids = {s["id"]: s for s in state["snakes"]}
        if verb == "place":
            number, _, where = rest.partition("-")
            side = where.split("-")[0]
            if not number.isdigit() or side not in (LEFT, RIGHT):
                return T("Name a snake and an end, like place:3-right.{hint}", hint=hint)
            snake = open_ids.get(int(number))
            if snake is None:
                return T("There is no open snake {snake}.{hint}", snake=Code(number), hint=hint)
            same = [k for k in legal if k.startswith(f"place:{number}-")]
            if any(k.startswith(f"{key}-") for k in same):
                return T("Say which half of {card} touches the rainbow card.{hint}", card=card.a_name, hint=hint)
            if self._fits(snake, side, card) and same:
                return T("That gives the same snake as {key}: choose that.{hint}", key=Code(same[0]), hint=hint)
            reason = self._why_not(snake, side, card)
            if side == LEFT:
                return T("Snake {snake}'s left end is not a legal place for {card}: {reason}.{hint}",
                         snake=Code(number), card=card.a_name, reason=reason, hint=hint)
            return T("Snake {snake}'s right end is not a legal place for {card}: {reason}.{hint}",
                     snake=Code(number), card=card.a_name, reason=reason, hint=hint)
        if verb == "merge":
            parts = rest.split("-")
            if len(parts) != 2 or not all(p.isdigit() for p in parts):
                return T("Name two snakes to join, like merge:2-5.{hint}", hint=hint)
            if card.kind != BODY:
                return T("Only a body can join two snakes, and you drew {card}.{hint}", card=card.a_name, hint=hint)
            missing = [p for p in parts if int(p) not in open_ids]
            if missing:
                return T("There is no open snake {snake}.{hint}", snake=Code(missing[0]), hint=hint)
            first, second = (open_ids[int(p)]["cards"] for p in parts)
            pair = {"snake": Code(parts[0]), "other": Code(parts[1]), "hint": hint}
            if parts[0] == parts[1]:
                return T("A snake cannot be joined to itself.{hint}", hint=hint)
            if has_head(first) and has_head(second):
                return T("Joining snakes {snake} and {other} would give a snake two heads.{hint}", **pair)
            if has_tail(first) and has_tail(second):
                return T("Joining snakes {snake} and {other} would give a snake two tails.{hint}", **pair)
            return T("The {card} cannot touch open ends of both snakes {snake} and {other} with its two halves.{hint}",
                     card=said(card.name), **pair)
        return T("{key} is not a move in HISSS now.{hint}", key=Code(repr(key)), hint=hint)

    @staticmethod
    def _fits(snake: dict[str, Any], side: str, card: Card) -> bool:
        return any(attach(snake["cards"], side, card, c) is not None for c in card.colours)

    def _why_not(self, snake: dict[str, Any], side: str, card: Card) -> Text:
        pieces = snake["cards"]
        colour = end_colour(pieces, side)
        if colour is None:
            return T("a head closes it") if side == LEFT else T("a tail closes it")
        if card.kind != BODY and card_of(pieces[0] if side == LEFT else pieces[-1]).kind != BODY:
            return T("a head needs a body to lie against") if card.kind == HEAD else T(
                "a tail needs a body to lie against")
        if card.kind == HEAD and has_head(pieces):
            return T("that snake already has a head")
        if card.kind == TAIL and has_tail(pieces):
            return T("that snake already has a tail")
        if not any(matches(c, colour) for c in card.colours):
            return T("that end is {colour}", colour=said(colour))
        return T("the half you named does not match it")
