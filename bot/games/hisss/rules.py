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
from bot.engine.words import and_list
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

    ``name`` reads ``"red head"``, ``"rainbow tail"`` or ``"red/blue body"``; ``a_name`` adds
    the article for log lines: heads and tails are unique (``the``), bodies come in pairs.
    """

    id: int
    kind: str
    colours: tuple[str, ...]
    name: str = field(init=False)
    a_name: str = field(init=False)

    def __post_init__(self) -> None:
        name = f"{'/'.join(self.colours)} {self.kind}"
        article = "the" if self.kind != BODY else ("an" if name[0] in "aeiou" else "a")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "a_name", f"{article} {name}")

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

    def phrase(self, thing: str) -> str:
        """What laying ``thing`` this way does, after the subject: ``"adds it to snake 3 ..."``."""
        size = len(self.pieces)
        if self.other is not None:
            return f"joins snakes {self.snake} and {self.other} with {thing}, winning the {size}-card snake"
        if self.wins:
            return f"completes snake {self.snake} with {thing}, winning it ({size} cards)"
        turning = " (the snake turns round)" if self.turns else ""
        return f"adds {thing} to snake {self.snake} at its {self.side} end{turning}"


def choices(snakes: list[dict[str, Any]], card: Card) -> list[Choice]:
    """Every distinct legal way to lay ``card``: on an end of one snake, or joining two.

    Placements on one snake that leave it the same (same length and ends, see
    :func:`signature`) are offered once. The touching colour is in the key only where it
    makes a difference (a two-coloured body against a lone rainbow head or tail).
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
                label = f"Add {card.a_name} to snake {snake['id']} at its {side} end"
                if len(here) > 1:
                    key += f"-{touching}"
                    label += f", {touching} half against the {card_of(snake['cards'][0]).name}"
                turns = (card.kind == HEAD and side == RIGHT) or (card.kind == TAIL and side == LEFT)
                if is_complete(pieces):
                    label += f" and win it ({len(pieces)} cards)"
                elif turns:
                    label += " (the snake turns round)"
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
                    label = (
                        f"Join snakes {first['id']} and {second['id']} with {card.a_name}"
                        f" and win them ({len(pieces)} cards)"
                    )
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


def draw_group(position: int, count: int) -> tuple[str, ...]:
    """Where "draw card ``position``" is filed in a fan of ``count`` cards: its row ("Row B").

    The pictures lay the fan out in rows A, B, C … and print each card's name on its back, so
    a player picks a card by the name they see: one menu per row, any card one tap away. A fan
    of five cards or fewer is one row of buttons. Only the fan's size decides the rows, never
    the face-down cards.
    """
    if count <= BUTTON_LIMIT:
        return ()
    _, width = fan_shape(count)
    return (f"Row {FAN_ROWS[(position - 1) // width]}",)


_DRAW_ACTIONS: list[tuple[Action, ...]] = [
    tuple(
        Action(f"draw:{i}", f"Draw {fan_name(i, count)}", group=draw_group(i, count))
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
    title: ClassVar[str] = "HISSS"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    summary: ClassVar[str] = "Draw snake cards from a fan, match colours, and win the snakes you finish."
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
            text = f"{tag(turn)}: draw a card from the fan ({count} left)."
            return [Prompt(turn, text, actions)]
        card = DECK[pending]
        actions = tuple(Action(c.key, c.label) for c in choices(state["snakes"], card))
        return [Prompt(turn, f"{tag(turn)}: where does {card.a_name} go?", actions)]

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
        drawn = f"{tag(who)} draws {card.a_name} ({fan_name(position, size)} of {size} cards)"
        found = choices(state["snakes"], card)
        if not found:
            number = state["next_snake"]
            state["next_snake"] += 1
            state["snakes"].append({"id": number, "cards": [card.id]})
            state["last"] = {"seat": who, "card": card.id, "snake": number, "won": False, "joined": None}
            return [Event(f"{drawn}: it fits nowhere, so it starts snake {number}.", reveals=True)]
        if len(found) == 1:
            self._lay(state, who, card, found[0])
            hiss = "HISSS! " if found[0].wins else ""
            return [Event(f"{hiss}{drawn} and {found[0].phrase('it')}.", reveals=True)]
        state["pending"] = card.id
        state["last"] = {"seat": who, "card": card.id, "snake": None, "won": False, "joined": None}
        return [Event(f"{drawn}: it fits in {len(found)} places, so {tag(who)} chooses.", reveals=True)]

    def _lay(self, state: State, who: int, card: Card, choice: Choice) -> str:
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
        hiss = "HISSS! " if choice.wins else ""
        return f"{hiss}{tag(who)} {choice.phrase(card.a_name)}."

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

    def _final_text(self, state: State) -> str:
        scores = self.scores(state)
        longest = [pit_longest(pit) for pit in state["pits"]]
        best = max(scores)
        if best == 0:
            return "The fan is empty and nobody won a snake: everyone ties."
        top = [s for s in range(len(scores)) if scores[s] == best]
        if len(top) == 1:
            return f"The fan is empty. {tag(top[0])} wins with {best} cards in the snake pit."
        tied = and_list([tag(s) for s in top])
        long = max(longest[s] for s in top)
        winners = [s for s in top if longest[s] == long]
        if len(winners) == 1:
            return (
                f"The fan is empty. {tied} tie on {best} cards; {tag(winners[0])} wins"
                f" with the longest snake ({long} cards)."
            )
        return (
            f"The fan is empty. {and_list([tag(s) for s in winners])} share the win:"
            f" {best} cards each and a longest snake of {long}."
        )

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

    # -- refusals ------------------------------------------------------------------

    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        verb, _, rest = key.partition(":")
        count = len(state["fan"])
        if state["pending"] is None:
            span = "draw:1" if count == 1 else f"draw:1–draw:{count}"
            names = f"{fan_span(count)} on the picture"
            if verb != "draw":
                return f"Draw a card from the fan first: pick one by its name ({names}), or type {span}."
            if not rest.isdigit():
                return f"Say which card of the fan to draw by its name ({names}) or its number: {span}."
            if count == 1:
                return "There is only 1 card left in the fan: choose draw:1."
            return f"There are only {count} cards in the fan: choose 1–{count}."
        card = DECK[state["pending"]]
        legal = [c.key for c in choices(state["snakes"], card)]
        hint = f" Choose one of: {', '.join(legal)}."
        if verb == "draw":
            return f"You have already drawn {card.a_name}: lay it first.{hint}"
        open_ids = {s["id"]: s for s in state["snakes"]}
        if verb == "place":
            number, _, where = rest.partition("-")
            side = where.split("-")[0]
            if not number.isdigit() or side not in (LEFT, RIGHT):
                return f"Name a snake and an end, like place:3-right.{hint}"
            snake = open_ids.get(int(number))
            if snake is None:
                return f"There is no open snake {number}.{hint}"
            same = [k for k in legal if k.startswith(f"place:{number}-")]
            if any(k.startswith(f"{key}-") for k in same):
                return f"Say which half of {card.a_name} touches the rainbow card.{hint}"
            if self._fits(snake, side, card) and same:
                return f"That gives the same snake as {same[0]}: choose that.{hint}"
            reason = self._why_not(snake, side, card)
            return f"Snake {number}'s {side} end is not a legal place for {card.a_name}: {reason}.{hint}"
        if verb == "merge":
            parts = rest.split("-")
            if len(parts) != 2 or not all(p.isdigit() for p in parts):
                return f"Name two snakes to join, like merge:2-5.{hint}"
            if card.kind != BODY:
                return f"Only a body can join two snakes, and you drew {card.a_name}.{hint}"
            missing = [p for p in parts if int(p) not in open_ids]
            if missing:
                return f"There is no open snake {missing[0]}.{hint}"
            first, second = (open_ids[int(p)]["cards"] for p in parts)
            if parts[0] == parts[1]:
                return f"A snake cannot be joined to itself.{hint}"
            if has_head(first) and has_head(second):
                return f"Joining snakes {parts[0]} and {parts[1]} would give a snake two heads.{hint}"
            if has_tail(first) and has_tail(second):
                return f"Joining snakes {parts[0]} and {parts[1]} would give a snake two tails.{hint}"
            return (
                f"The {card.name} cannot touch open ends of both snakes {parts[0]} and {parts[1]}"
                f" with its two halves.{hint}"
            )
        return f"{key!r} is not a move in HISSS now.{hint}"

    @staticmethod
    def _fits(snake: dict[str, Any], side: str, card: Card) -> bool:
        return any(attach(snake["cards"], side, card, c) is not None for c in card.colours)

    def _why_not(self, snake: dict[str, Any], side: str, card: Card) -> str:
        pieces = snake["cards"]
        colour = end_colour(pieces, side)
        if colour is None:
            return "a head closes it" if side == LEFT else "a tail closes it"
        if card.kind != BODY and card_of(pieces[0] if side == LEFT else pieces[-1]).kind != BODY:
            return f"a {card.kind} needs a body to lie against"
        if card.kind == HEAD and has_head(pieces):
            return "that snake already has a head"
        if card.kind == TAIL and has_tail(pieces):
            return "that snake already has a tail"
        if not any(matches(c, colour) for c in card.colours):
            return f"that end is {colour}"
        return "the half you named does not match it"
