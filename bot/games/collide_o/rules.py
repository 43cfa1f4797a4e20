"""Collide-o: a race to get rid of your cards by extending a line of overlapping cards.

The rules as implemented (every ruling, with reasons, is in ``data/collide-o/README.md``):

* **Cards.** 90 cards (``data/collide-o/cards.json``), each a strip of three *sections*.
  A section is *solid* (one colour), *two-colour* (matches either colour) or *wild*
  (matches any colour). Card 1 is all wild and starts the line; cards 2–5 are all-wild
  jokers; the other 85 are coloured.
* **Deal.** The 89 other cards are shuffled and dealt evenly into face-down piles, one per
  player; the remainder (89 mod players) is set aside unseen. Everyone takes the top 5
  cards of their pile into their hand.
* **The line.** Cards overlap: a card played on an end covers the two outermost visible
  sections there (the end section and the one next to it) and sticks out by one section,
  so the line grows one section per card, outward only. The card's **middle** lies on the
  end section and its **inner** end lies on the section next to it; both must match
  (:func:`matches`: colour sets intersect, wild matches all). A card may be laid either
  way round; ``play:47:right`` lays it as printed (left to right), ``play:47:right:turned``
  turned round. After a play the player refills that hand slot from the top of their pile.
* **Winning.** Cards left = hand + pile. The first player down to one card wins at once.
* **Stuck.** When everyone is stuck, the last card played is taken off the line and
  discarded (it does not go back to its player). This repeats while everyone stays stuck.
  Because the starting card is all wild, every card fits a bare starting line, so there is
  always a card to remove when everyone is stuck: the game cannot deadlock.
* **Live mode** (``mode=live``, timed): everyone may play at any moment. Every seat gets the
  same private prompt whatever its hand fits: every card of the hand on either end, either
  way round, and ``stuck`` — which plays fit is for the player to spot, and which seats get
  prompts never tells who can play. A card that does not fit is *called out*: it goes back
  to its player's hand and play goes on (the rulebook's one added rule); that card may not
  be laid again by its player until the line changes (so clicking through every button is
  no substitute for spotting a fit). A play that fits *reaches for* an end; plays on
  the same end within the tie window (``tie`` ms after the first) contest it and the
  **earliest** wins (the same millisecond: a seeded draw). With ``tie=0`` the first play
  lands at once. The stuck rule applies at once when every seat has said ``stuck``, or when
  nobody lands a card for :data:`PATIENCE_MS` after the line last changed.
* **Turns mode** (``mode=turns``, for play-by-post): seats take turns to play one card or
  pass; a seat with no fitting card passes automatically. When every seat has passed in a
  row, the stuck rule applies and the turn goes on around the table.

The state is plain JSON::

    {"rng": ..., "mode": "live", "tie": 300, "players": 3,
     "hands": [[12, 40, ...], ...], "piles": [[...], ...],   # pile top = last item
     "dealt": 29, "aside": [7, 61],
     "line": ["1:start", "40:right:turned"], "owners": [None, 2],  # placements in play order
     "ends": [[1, 0], [40, 2], [40, 1], [40, 0]],  # the two outermost sections at each end
     "discards": [55], "discarded_by": [0], "winner": None, "last": {...}, "plays": 1,
     "removals": 0, "turn": 0, "passes": 0,                   # turns mode
     "now": 0, "since": 0, "stuck": [], "contests": [],      # live mode
     "tried": [["play:63:left"], [], []]}                   # called out, per seat

Texts name players with ``{seatN}`` placeholders (:func:`seat_ref`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from bot.engine import (
    SYSTEM_SEAT,
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    Prompt,
    Rng,
    State,
    seat_ref,
    seed_value,
)
from bot.engine.rng import shuffle_unseen
from bot.engine.words import Code, Text, listing
from bot.games.collide_o.messages import T, Tn, card_text, cards, said, section_name

DATA_FILE = Path(__file__).resolve().parents[3] / "data" / "collide-o" / "cards.json"

LEFT = "left"
RIGHT = "right"
SIDES = (LEFT, RIGHT)
START = "start"
WILD = "wild"
TURNED = "turned"
STUCK = "stuck"
PASS = "pass"
HAND_SIZE = 5
PATIENCE_MS = 20_000
"""Live mode: the stuck rule applies when no card has landed this long after the line changed."""
TIE_CHOICES = ("0", "150", "300", "500", "1000")


# -- the deck ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """One card: three section specs as printed left to right (``"red"``, ``"blue/red"``, ``"wild"``).

    ``masks`` are the same sections as colour bit sets (wild = every bit), the form the
    matching code uses.
    """

    id: int
    sections: tuple[str, str, str]
    masks: tuple[int, int, int]

    @property
    def symmetric(self) -> bool:
        """Reads the same turned round: its two end sections are alike."""
        return self.masks[0] == self.masks[2]

    def laid(self, turned: bool) -> tuple[str, str, str]:
        """The sections left to right as the card lies on the table."""
        return (self.sections[2], self.sections[1], self.sections[0]) if turned else self.sections

    def text(self, turned: bool = False) -> Text:
        """``card 47 (red · blue/yellow · wild)``, sections in the order they lie."""
        return card_text(self.id, self.laid(turned))


def load_deck(path: Path = DATA_FILE) -> tuple[tuple[str, ...], dict[int, Card], int]:
    """Read and check the deck: 90 cards with ids 1..90, three valid sections each, an all-wild starter."""
    data = json.loads(path.read_text(encoding="utf-8"))
    colours = tuple(data["colours"])
    bit = {colour: 1 << i for i, colour in enumerate(colours)}
    wild = (1 << len(colours)) - 1

    def mask(spec: str) -> int:
        if spec == WILD:
            return wild
        parts = spec.split("/")
        if len(parts) > 2 or len(set(parts)) != len(parts) or any(p not in bit for p in parts):
            raise ValueError(f"{path}: bad section {spec!r}")
        return sum(bit[p] for p in parts)

    cards: dict[int, Card] = {}
    for entry in data["cards"]:
        sections = tuple(entry["sections"])
        if len(sections) != 3:
            raise ValueError(f"{path}: card {entry['id']} needs three sections")
        cards[entry["id"]] = Card(entry["id"], sections, tuple(mask(s) for s in sections))  # type: ignore[arg-type]
    if sorted(cards) != list(range(1, 91)):
        raise ValueError(f"{path}: expected cards with ids 1..90")
    starter = data["starter"]
    if cards[starter].masks != (wild, wild, wild):
        raise ValueError(f"{path}: the starting card must be wild on all three sections")
    return colours, cards, starter


COLOURS, CARDS, STARTER = load_deck()
MASKS: list[tuple[int, int, int]] = [(0, 0, 0)] + [CARDS[i].masks for i in range(1, 91)]
"""Section bit sets by card id (index 0 unused): the hot path of every legality check."""


def matches(a: int, b: int) -> bool:
    """Two sections match when they share a colour (a two-colour section offers two, wild all)."""
    return bool(a & b)


def section_names(spec: str) -> Text:
    """A section for people: ``red``, ``blue or red``, ``wild``."""
    return section_name(spec)


# -- the line ---------------------------------------------------------------------------

Ref = list[int]
"""A visible section of the line: ``[card id, printed section index 0..2]``.

The state keeps only the four that matter for play, ``ends`` = [left end section, the one
next to it, the one next to the right end, right end section]; the whole visible strip is
rebuilt from the placements (:func:`visible_of`) when a picture or a removal needs it. The
state stays small, which matters because it is copied, checked and stored after every move.
"""


def inner_index(side: str, turned: bool) -> int:
    """Which printed section of a card played on ``side`` lies on the section next to the end.

    The middle (index 1) always lies on the end section itself; the card's other end sticks
    out and becomes the new end section.
    """
    return 0 if (side == RIGHT) != turned else 2


def end_refs(ends: list[Ref], side: str) -> tuple[Ref, Ref]:
    """The (end section, section next to it) of one end of the line.

    ``ends`` may be the four end sections or the whole visible strip (its first two and last
    two entries are the same thing).
    """
    if side == LEFT:
        return ends[0], ends[1]
    return ends[-1], ends[-2]


def ends_of(visible: list[Ref]) -> list[Ref]:
    """The four end sections of a visible strip (a bare starting card shares its middle)."""
    return [visible[0], visible[1], visible[-2], visible[-1]]


def fits(card: int, side: str, turned: bool, ends: list[Ref]) -> bool:
    """Whether ``card`` laid on ``side`` (turned round or not) matches the two sections it covers."""
    end, next_to = end_refs(ends, side)
    masks = MASKS[card]
    return bool(masks[1] & MASKS[end[0]][end[1]]) and bool(
        masks[inner_index(side, turned)] & MASKS[next_to[0]][next_to[1]]
    )


def fitting(
    hand: list[int], ends: list[Ref], skip: Collection[int] = (), sides: Collection[str] = SIDES
) -> list[tuple[int, str, bool]]:
    """Every (card, side, turned) of ``hand`` that fits, in hand order, left end first.

    The same test as :func:`fits`, unrolled: this runs for every seat at every step, so it
    reads the four end sections once and compares bit sets directly.
    """
    (a, i), (b, j), (d, m), (c, k) = ends
    targets = []  # (side, end section, section next to it) as bit sets
    if LEFT in sides:
        targets.append((LEFT, MASKS[a][i], MASKS[b][j]))
    if RIGHT in sides:
        targets.append((RIGHT, MASKS[c][k], MASKS[d][m]))
    found = []
    for card in hand:
        if card in skip:
            continue
        first, middle, last = MASKS[card]
        for side, end, next_to in targets:
            if not middle & end:
                continue
            upright, turned = (last, first) if side == LEFT else (first, last)
            if upright & next_to:
                found.append((card, side, False))
            if turned & next_to and first != last:
                found.append((card, side, True))
    return found


def lay(visible: list[Ref], card: int, side: str, turned: bool) -> None:
    """Put ``card`` on ``side`` of the visible line (in place): it covers two sections, adds one."""
    order = (2, 1, 0) if turned else (0, 1, 2)
    refs = [[card, i] for i in order]
    if side == RIGHT:
        visible[-2:] = refs
    else:
        visible[:2] = refs


def lay_ends(ends: list[Ref], card: int, side: str, turned: bool) -> list[Ref]:
    """The four end sections after ``card`` is laid on ``side`` (what :func:`lay` does to the strip).

    The other end keeps its sections, except on a bare starting card, whose middle section
    both ends share: there the section next to the other end becomes the new card's inner end.
    """
    order = (2, 1, 0) if turned else (0, 1, 2)
    first, middle, last = ([card, i] for i in order)
    bare = ends[1] == ends[2]
    if side == RIGHT:
        return [ends[0], first if bare else ends[1], middle, last]
    return [first, middle, last if bare else ends[2], ends[3]]


def placement(card: int, side: str, turned: bool) -> str:
    """A card on the line, as stored: ``"47:right"``, ``"12:left:turned"``, ``"1:start"``."""
    return f"{card}:{side}" + (f":{TURNED}" if turned else "")


def parse_placement(text: str) -> tuple[int, str, bool]:
    card, side, *turned = text.split(":")
    return int(card), side, bool(turned)


def visible_of(line: list[str]) -> list[Ref]:
    """The visible strip, left to right, rebuilt from the placements in play order."""
    visible: list[Ref] = [[int(line[0].split(":")[0]), i] for i in range(3)]
    for text in line[1:]:
        lay(visible, *parse_placement(text))
    return visible


def outward(card: int, side: str, turned: bool) -> str:
    """The section of ``card`` that sticks out (the new end section) when laid so."""
    return CARDS[card].sections[2 - inner_index(side, turned)]


def play_key(card: int, side: str, turned: bool) -> str:
    return f"play:{card}:{side}" + (f":{TURNED}" if turned else "")


def parse_play(key: str) -> tuple[int, str, bool] | None:
    """``play:47:left[:turned]`` -> (47, "left", turned), or None if the key is not of that form."""
    parts = key.split(":")
    if len(parts) not in (3, 4) or parts[0] != "play" or not parts[1].isdigit() or parts[2] not in SIDES:
        return None
    if len(parts) == 4 and parts[3] != TURNED:
        return None
    return int(parts[1]), parts[2], len(parts) == 4


def play_label(card: int, side: str, turned: bool) -> Text:
    facing = said(outward(card, side, turned))
    if side == LEFT:
        if turned:
            return T("Card {card} on the left end, {facing} facing out (turned round)", card=card, facing=facing)
        return T("Card {card} on the left end, {facing} facing out", card=card, facing=facing)
    if turned:
        return T("Card {card} on the right end, {facing} facing out (turned round)", card=card, facing=facing)
    return T("Card {card} on the right end, {facing} facing out", card=card, facing=facing)


ACTIONS: dict[tuple[int, str, bool], Action] = {
    (card, side, turned): Action(play_key(card, side, turned), play_label(card, side, turned))
    for card in CARDS
    for side in SIDES
    for turned in (False, True)
}
"""Every play action, built once: prompts are rebuilt for every seat at every step."""

EVERY_WAY: dict[int, tuple[Action, ...]] = {
    card: tuple(ACTIONS[card, side, turned] for side in SIDES for turned in (False, True)) for card in CARDS
}
"""Live mode: the four ways to lay each card (each end, either way round), in prompt order."""
STUCK_ACTION = Action(STUCK, T("I'm stuck: no play for me"), main=True)
"""A button beside the plays: one tap, like every play (the plays stay one flat menu, live or not)."""


# -- the game ---------------------------------------------------------------------------


class CollideO(Game):
    """Collide-o for 2–5 players, live (everyone at once, on the clock) or in turns."""

    slug: ClassVar[str] = "collide-o"
    title: ClassVar[str] = T("Collide-o")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    summary: ClassVar[str] = T("Race to shed your cards onto either end of a line of overlapping colour cards.")
    options: ClassVar[tuple[Option, ...]] = (
        Option("mode", "live", ("live", "turns"), T("live: everyone plays at once; turns: one card or pass in turn")),
        Option("tie", "300", TIE_CHOICES, T("live mode: plays on one end this many ms apart count as a tie")),
    )
    realtime: ClassVar[bool] = True
    grouped: ClassVar[bool] = True
    version: ClassVar[int] = 2
    """2: live prompts offer every play, misfits are called out, the earliest play wins a tie."""
    rules_file: ClassVar[str] = "collide-o.txt"
    render_module: ClassVar[str] = "bot.games.collide_o.render"

    # -- setup -----------------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """Shuffle the 89 cards other than the starter, deal piles evenly, draw hands of 5."""
        self.check_players(players)
        chosen = self.resolve_options(options)
        state: State = {"rng": seed_value(seed)}
        deck = [card for card in CARDS if card != STARTER]
        Rng(state).shuffle(deck)
        each = len(deck) // players
        piles = [deck[seat * each : (seat + 1) * each] for seat in range(players)]
        hands = [[pile.pop() for _ in range(HAND_SIZE)] for pile in piles]
        state.update(
            {
                "mode": chosen["mode"],
                "tie": int(chosen["tie"]),
                "players": players,
                "hands": hands,
                "piles": piles,
                "dealt": each,
                "aside": deck[players * each :],
                "line": [placement(STARTER, START, False)],
                "owners": [None],
                "ends": ends_of([[STARTER, i] for i in range(3)]),
                "discards": [],
                "discarded_by": [],
                "winner": None,
                "last": None,
                "plays": 0,
                "removals": 0,
            }
        )
        if chosen["mode"] == "live":
            state.update({"now": 0, "since": 0, "stuck": [], "contests": [], "board": 0, "tried": [[] for _ in range(players)]})
        else:
            state.update({"turn": 0, "passes": 0})
        return state

    def is_timed(self, state: State) -> bool:
        return state["mode"] == "live"

    def epoch(self, state: State) -> int | None:
        """Live boards keep their meaning until the line changes: several players may click
        one board (a contest), and a board from before a change is outdated."""
        return state["board"] if self.is_timed(state) else None

    def max_actions(self, players: int) -> int:
        """A true bound on actions (system deadline actions included), for either mode.

        With D cards dealt, at most D cards land and at most D are removed, so the line
        changes at most 2D times and there are at most 2D + 1 *epochs* (stretches without a
        change). Turns: D plays plus at most ``players`` passes per epoch. Live: each seat
        says stuck at most once per epoch, and has each of its (at most 5) hand cards called
        out at most once per epoch (the hand only changes when a card lands, which starts a
        new epoch); each seat reaches for an end at most once per contest; a contest lands a card, is spoiled by a landing on the other end (bare
        starter only) or is dropped at the end, so there are at most 2D + 2 contests;
        each deadline resolves a contest or removes a card.
        """
        dealt = (len(CARDS) - 1) // players * players
        epochs = 2 * dealt + 1
        contests = 2 * dealt + 2
        turns = dealt + players * epochs
        # live: per epoch each seat may also have each card of its hand called out once
        misfits = players * epochs * HAND_SIZE
        live = players * contests + dealt + players * epochs + contests + dealt + misfits
        return max(turns, live)

    # -- who holds what ------------------------------------------------------------------

    @staticmethod
    def cards_left(state: State, seat: int) -> int:
        return len(state["hands"][seat]) + len(state["piles"][seat])

    @staticmethod
    def is_bare(state: State) -> bool:
        """Only the starting card is on the line (every card fits it)."""
        return len(state["line"]) == 1

    @staticmethod
    def _pending(state: State) -> dict[int, str]:
        """Live mode: cards reaching for an end (card -> side); they stay in hand until they land."""
        return {e["card"]: c["side"] for c in state.get("contests", []) for e in c["entries"]}

    def plays(self, state: State, seat: int, side: str | None = None) -> list[tuple[int, str, bool]]:
        """Every legal (card, side, turned) for ``seat`` now (on ``side`` only, if given).

        In live mode a card already reaching for an end is not offered again, nor an end the
        seat is already reaching for.
        """
        sides: Collection[str] = SIDES if side is None else (side,)
        contests = state.get("contests")
        if not contests:
            return fitting(state["hands"][seat], state["ends"], sides=sides)
        skip = self._pending(state)
        entered = {c["side"] for c in contests for e in c["entries"] if e["seat"] == seat}
        sides = [s for s in sides if s not in entered]
        return fitting(state["hands"][seat], state["ends"], skip, sides) if sides else []

    def can_play(self, state: State, seat: int, side: str | None = None) -> bool:
        """Whether ``seat`` has any play that fits (on ``side``)."""
        return bool(self.plays(state, seat, side))

    def tries(self, state: State, seat: int) -> list[tuple[int, str, bool]]:
        """Live mode: every play ``seat`` may try now, fitting or not — each card of the hand on
        each end, each way round — except a card already reaching for an end, an end the seat
        is already reaching for, and a card called out since the line last changed.

        Depends only on the seat's own hand and on what the table saw, so the prompt it makes
        tells nobody whether the seat can play.
        """
        pending = self._pending(state)
        entered = {c["side"] for c in state["contests"] for e in c["entries"] if e["seat"] == seat}
        called = {int(key.split(":", 2)[1]) for key in state["tried"][seat]}
        return [
            (card, side, turned)
            for card in state["hands"][seat]
            if card not in pending and card not in called
            for side in SIDES
            if side not in entered
            for turned in (False, True)
        ]

    # -- prompts -------------------------------------------------------------------------

    def legal_prompts(self, state: State) -> list[Prompt]:
        if state["winner"] is not None:
            return []
        if state["mode"] == "turns":
            seat = state["turn"]
            actions = [ACTIONS[p] for p in self.plays(state, seat)]
            if not self.is_bare(state):
                actions.append(Action(PASS, T("Pass"), main=True))
            text = T("{who}: play a card on either end of the line, or pass.", who=seat_ref(seat))
            # The actions name cards in a hidden hand: offered to their owner only.
            return [Prompt(seat, text, tuple(actions), private=True)]
        deadline = self.live_deadline(state)
        waiting: str = ""
        for contest in state["contests"]:
            about = (T("A card is about to land on the left end.") if contest["side"] == LEFT
                     else T("A card is about to land on the right end."))
            waiting = T("{waiting} {about}", waiting=waiting, about=about) if waiting else about
        prompts = []
        calm = not state["contests"]
        for seat in range(state["players"]):
            if calm and not state["tried"][seat]:  # the common case, kept fast
                actions = [action for card in state["hands"][seat] for action in EVERY_WAY[card]]
            else:
                actions = [ACTIONS[p] for p in self.tries(state, seat)]
            if self._may_say_stuck(state, seat):
                actions.append(STUCK_ACTION)
            if actions:
                text = (T("{who}: play on either end — everyone plays at once. {waiting}", who=seat_ref(seat),
                          waiting=waiting) if waiting
                        else T("{who}: play on either end — everyone plays at once.", who=seat_ref(seat)))
                prompts.append(Prompt(seat, text, tuple(actions), simultaneous=True, deadline=deadline, private=True))
        return prompts

    def _may_say_stuck(self, state: State, seat: int) -> bool:
        return not state["contests"] and seat not in state["stuck"] and not self.is_bare(state)

    def live_deadline(self, state: State) -> int | None:
        """When the live game resolves on its own: the first contest's tie window closing, else
        :data:`PATIENCE_MS` after the line last changed; none on a bare line (nothing to remove)."""
        if state["contests"]:
            return min(c["opened"] for c in state["contests"]) + state["tie"]
        if self.is_bare(state):
            return None
        return state["since"] + PATIENCE_MS

    # -- actions -------------------------------------------------------------------------

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        if state["mode"] == "turns":
            return self._perform_turns(state, seat, key)
        return self._perform_live(state, seat, key)

    def _perform_turns(self, state: State, seat: int, key: str) -> list[Event]:
        players = state["players"]
        if key == PASS:
            events = [Event(T("{who} passes.", who=seat_ref(seat)))]
            state["passes"] += 1
        else:
            card, side, turned = parse_play(key)  # type: ignore[misc]
            events = self._land(state, seat, card, side, turned)
            if state["winner"] is not None:
                return events
        state["turn"] = (seat + 1) % players
        return events + self._settle_turns(state)

    def _settle_turns(self, state: State) -> list[Event]:
        """Auto-pass seats with no fitting card; apply the stuck rule after a full round of passes."""
        events: list[Event] = []
        passers: list[int] = []

        def flush() -> None:
            if passers:
                who = listing([seat_ref(s) for s in passers])
                events.append(Event(Tn("{who} has no card that fits and passes.",
                                       "{who} have no card that fits and pass.", len(passers), who=who)))
                passers.clear()

        while True:
            if state["passes"] >= state["players"]:
                flush()
                events += self._remove_last(state, T("Everyone passed in a row"))
            elif not self.can_play(state, state["turn"]):
                passers.append(state["turn"])
                state["passes"] += 1
                state["turn"] = (state["turn"] + 1) % state["players"]
            else:
                flush()
                return events

    def _perform_live(self, state: State, seat: int, key: str) -> list[Event]:
        if key == STUCK:
            state["stuck"].append(seat)
            return [Event(T("{who} is stuck.", who=seat_ref(seat))), *self._settle_live(state)]
        card, side, turned = parse_play(key)  # type: ignore[misc]
        if not fits(card, side, turned, state["ends"]):
            return self._call_out(state, seat, card, side, turned) + self._settle_live(state)
        if state["tie"] == 0:
            return self._land(state, seat, card, side, turned) + self._settle_live(state)
        now = state.get("now", 0)
        entry = {"seat": seat, "card": card, "turned": turned, "at": now}
        text = CARDS[card].text(turned)
        contest = next((c for c in state["contests"] if c["side"] == side), None)
        who = seat_ref(seat)
        if contest is None:
            state["contests"].append({"side": side, "opened": now, "entries": [entry]})
            if side == LEFT:
                event = Event(T("{who} reaches for the left end with {card}.", who=who, card=text))
            else:
                event = Event(T("{who} reaches for the right end with {card}.", who=who, card=text))
        else:
            contest["entries"].append(entry)
            gap = now - contest["opened"]
            when = T("in the same millisecond") if gap == 0 else T("{gap} ms later", gap=gap)
            if side == LEFT:
                event = Event(T("{who} also reaches for the left end with {card}, {when}.", who=who, card=text, when=when))
            else:
                event = Event(T("{who} also reaches for the right end with {card}, {when}.", who=who, card=text,
                                when=when))
        return [event, *self._settle_live(state)]

    def _call_out(self, state: State, seat: int, card: int, side: str, turned: bool) -> list[Event]:
        """A card laid where it does not fit: the table calls it out, it goes back to the
        player's hand and play goes on. Our one addition: that player may not lay that card
        again until the line changes (see the README: it keeps spotting a skill)."""
        state["tried"][seat].append(play_key(card, side, turned))
        why = self._clashes(state, card, side, turned)
        params = {"who": seat_ref(seat), "card": CARDS[card].text(turned), "why": why}
        if side == LEFT:
            return [Event(T("Called out! {who} lays {card} on the left end, but it does not fit ({why}). It is back in "
                            "{who}'s hand until the line changes.", **params))]
        return [Event(T("Called out! {who} lays {card} on the right end, but it does not fit ({why}). It is back in "
                        "{who}'s hand until the line changes.", **params))]

    def on_deadline(self, state: State) -> list[Event]:
        """Close the contests whose tie window is over; with none, the patience ran out: stuck rule."""
        now = state["now"]
        due = [c for c in state["contests"] if c["opened"] + state["tie"] <= now]
        events: list[Event] = []
        if due:
            for contest in sorted(due, key=lambda c: c["opened"]):
                if state["winner"] is None:
                    events += self._resolve(state, contest)
        else:
            seconds = PATIENCE_MS // 1000
            events += self._remove_last(state, T("Nobody played for {seconds} seconds", seconds=seconds))
        if state["winner"] is not None:
            state["contests"] = []
            return events
        return events + self._settle_live(state)

    def _settle_live(self, state: State) -> list[Event]:
        """Close contests nobody else can join; apply the stuck rule while everyone is stuck.

        Afterwards the game is over or some seat has a prompt (see the module docstring).
        """
        events: list[Event] = []
        players = range(state["players"])
        while state["winner"] is None:
            full = next((c for c in state["contests"] if self._full(state, c)), None)
            if full is None and state["contests"] and not self._anyone_can_act(state):
                full = min(state["contests"], key=lambda c: c["opened"])  # nobody can join it
            if full is not None:
                events += self._resolve(state, full)
                continue
            if state["contests"] or self.is_bare(state):
                break
            # only seats that *said* stuck count: a seat is never stuck for the table just
            # because its hand holds nothing that fits (that would give its hand away)
            if all(s in state["stuck"] for s in players):
                events += self._remove_last(state, T("Everyone is stuck"))
                continue
            break
        if state["winner"] is not None:
            state["contests"] = []
        return events

    def _full(self, state: State, contest: dict[str, Any]) -> bool:
        """Whether every seat is already in ``contest`` (nobody is left to join it). Whether a
        seat *could* join is never asked: that would tell the table what its hand holds."""
        return len({e["seat"] for e in contest["entries"]}) == state["players"]

    def _anyone_can_act(self, state: State) -> bool:
        """Whether some seat still has a move (from public facts only: hand sizes, cards
        reaching or called out, stuck declarations)."""
        return any(self.tries(state, s) or self._may_say_stuck(state, s) for s in range(state["players"]))

    def _resolve(self, state: State, contest: dict[str, Any]) -> list[Event]:
        """Land the card of a closed contest: the earliest play that still fits wins; plays
        stamped in the same millisecond are settled by a seeded draw."""
        state["contests"].remove(contest)
        state["since"] = state.get("now", 0)
        state["board"] += 1  # the line changed: earlier boards are outdated
        side = contest["side"]
        valid = [e for e in contest["entries"] if fits(e["card"], side, e["turned"], state["ends"])]
        spoiled = [e for e in contest["entries"] if e not in valid]
        events = [
            Event(T("The left end changed: {who}'s card {card} no longer fits and stays in hand.", who=seat_ref(e["seat"]),
                    card=e["card"]) if side == LEFT
                  else T("The right end changed: {who}'s card {card} no longer fits and stays in hand.",
                         who=seat_ref(e["seat"]), card=e["card"]))
            for e in spoiled
        ]
        if not valid:
            return events
        winner = valid[0]
        if len(valid) > 1:
            earliest = min(e["at"] for e in valid)
            tied = [e for e in valid if e["at"] == earliest]
            who = listing([seat_ref(e["seat"]) for e in valid])
            if len(tied) == 1:
                winner = tied[0]
                why = T("{winner} was first", winner=seat_ref(winner["seat"]))
                reveals = False
            else:
                winner = tied[Rng(state).below(len(tied))]
                names = listing([seat_ref(e["seat"]) for e in tied])
                why = T("{names} in the same millisecond, so a draw gives it to {winner}", names=names,
                        winner=seat_ref(winner["seat"]))
                reveals = True
            reached = (T("{who} reached for the left end: {why}.", who=who, why=why) if side == LEFT
                       else T("{who} reached for the right end: {why}.", who=who, why=why))
            events.append(Event(reached, reveals=reveals))
            for loser in valid:
                if loser is not winner:
                    events.append(Event(T("{who}'s card {card} stays in hand.", who=seat_ref(loser["seat"]),
                                          card=loser["card"])))
        return events + self._land(state, winner["seat"], winner["card"], side, winner["turned"])

    def _land(self, state: State, seat: int, card: int, side: str, turned: bool) -> list[Event]:
        """Lay ``card`` on the line, refill the hand slot from the pile, check for the win."""
        state["line"].append(placement(card, side, turned))
        state["owners"].append(seat)
        state["ends"] = lay_ends(state["ends"], card, side, turned)
        hand, pile = state["hands"][seat], state["piles"][seat]
        slot = hand.index(card)
        drew = pile.pop() if pile else None
        if drew is None:
            hand.pop(slot)
        else:
            hand[slot] = drew
        state["plays"] += 1
        state["last"] = {"kind": "play", "seat": seat, "card": card, "side": side, "turned": turned}
        self._line_changed(state)
        facing = said(outward(card, side, turned))
        params = {"who": seat_ref(seat), "card": CARDS[card].text(turned), "facing": facing}
        played = (T("{who} plays {card} on the left end, {facing} facing out", **params) if side == LEFT
                  else T("{who} plays {card} on the right end, {facing} facing out", **params))
        left = self.cards_left(state, seat)
        if left == 1:
            state["winner"] = seat
            return [Event(T("{played}. Collide-o! {who} is down to one card and wins.", played=played,
                            who=seat_ref(seat)))]
        if drew is None:
            return [Event(T("{played}; {cards} left, none in the pile.", played=played, cards=cards(left)))]
        return [
            Event(T("{played} and draws from their pile ({cards} left).", played=played, cards=cards(left)),
                  reveals=True),
            Event(T("You drew {card}.", card=CARDS[drew].text()), visible_to=seat),
        ]

    def _remove_last(self, state: State, why: Text) -> list[Event]:
        """The stuck rule: take the last card played off the line and discard it."""
        if self.is_bare(state):
            raise RuntimeError("the stuck rule on a bare line: every card fits the all-wild starter")
        card, side, turned = parse_placement(state["line"].pop())
        seat = state["owners"].pop()
        state["ends"] = ends_of(visible_of(state["line"]))
        state["discards"].append(card)
        state["discarded_by"].append(seat)
        state["removals"] += 1
        state["last"] = {"kind": "stuck", "seat": seat, "card": card, "side": side, "turned": turned}
        self._line_changed(state)
        params = {"why": why, "card": CARDS[card].text(turned), "who": seat_ref(seat)}
        if side == LEFT:
            return [Event(T("{why}: the last card played, {card} by {who}, comes off the left end and is discarded.",
                            **params))]
        return [Event(T("{why}: the last card played, {card} by {who}, comes off the right end and is discarded.",
                        **params))]

    def _line_changed(self, state: State) -> None:
        """A new situation: forget passes and stuck declarations, restart the patience clock."""
        if state["mode"] == "turns":
            state["passes"] = 0
        else:
            state["stuck"] = []
            state["tried"] = [[] for _ in state["tried"]]
            state["since"] = state.get("now", 0)
            state["board"] += 1  # the line changed: earlier boards are outdated

    # -- results ---------------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        """Score = cards got rid of (dealt minus left); the winner is down to one card."""
        winner = state["winner"]
        if winner is None:
            return None
        scores = [state["dealt"] - self.cards_left(state, s) for s in range(state["players"])]
        return Outcome.ranked(scores, T("{who} got down to one card first.", who=seat_ref(winner)))

    # -- what players see --------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The line, the discards and counts for all; the viewer's own hand (with where each card fits)."""
        live = state["mode"] == "live"
        outcome = self.outcome(state)
        hand = None
        tried = [
            {"seat": s, "card": card, "side": side, "turned": turned}
            for s, keys in enumerate(state["tried"] if live else [])
            for card, side, turned in map(parse_play, keys)  # type: ignore[misc]
        ]
        if seat is not None and 0 <= seat < state["players"]:
            # turns mode lists where each card fits; live play leaves the spotting to the player
            where: dict[int, list[str]] = {}
            for card, side, turned in self.plays(state, seat) if outcome is None and not live else []:
                where.setdefault(card, []).append(play_key(card, side, turned))
            pending = self._pending(state) if live else {}
            hand = [
                {
                    "card": card,
                    "sections": list(CARDS[card].sections),
                    "fits": None if live else where.get(card, []),
                    "reaching": pending.get(card),
                    "called_out": [
                        play_key(t["card"], t["side"], t["turned"])
                        for t in tried
                        if t["seat"] == seat and t["card"] == card
                    ],
                }
                for card in state["hands"][seat]
            ]
        visible = visible_of(state["line"])
        stuck = state["stuck"] if live else []
        return {
            "game": self.slug,
            "mode": state["mode"],
            "tie": state["tie"],
            "players": state["players"],
            "viewer": seat,
            "line": [
                {"card": card, "side": side, "turned": turned, "seat": owner, "sections": list(CARDS[card].laid(turned))}
                for (card, side, turned), owner in zip(map(parse_placement, state["line"]), state["owners"], strict=True)
            ],
            "visible": [{"card": card, "section": CARDS[card].sections[i]} for card, i in visible],
            "ends": {
                side: [CARDS[ref[0]].sections[ref[1]] for ref in end_refs(visible, side)] for side in SIDES
            },
            "bare": self.is_bare(state),
            "seats": [
                {
                    "seat": s,
                    "hand": len(state["hands"][s]),
                    "pile": len(state["piles"][s]),
                    "left": self.cards_left(state, s),
                    "stuck": s in stuck,
                }
                for s in range(state["players"])
            ],
            "dealt": state["dealt"],
            "aside": len(state["aside"]),
            "hand": hand,
            "discards": [
                {"card": card, "seat": seat, "sections": list(CARDS[card].sections)}
                for card, seat in zip(state["discards"], state["discarded_by"], strict=True)
            ],
            "misfits": [dict(t) for t in tried],
            "turn": None if live or outcome is not None else state["turn"],
            "passes": None if live else state["passes"],
            "contests": [
                {
                    "side": c["side"],
                    "opened": c["opened"],
                    "closes": c["opened"] + state["tie"],
                    "entries": [
                        {**e, "sections": list(CARDS[e["card"]].laid(e["turned"]))} for e in c["entries"]
                    ],
                }
                for c in state["contests"]
            ]
            if live
            else [],
            "now": state.get("now"),
            "deadline": self.live_deadline(state) if live and outcome is None else None,
            "patience": PATIENCE_MS,
            "last": state["last"],
            "plays": state["plays"],
            "removals": state["removals"],
            "winner": state["winner"],
            "over": outcome is not None,
            "outcome": None
            if outcome is None
            else {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "reason": outcome.reason},
        }

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """Redraw what ``viewer`` cannot see: other hands (but not cards reaching for an end,
        which are on the table, nor cards called out since the line changed, which the table
        saw go back to their hand), every pile's order and contents, the set-aside cards.

        In turns mode a seat that passed since the line last changed holds nothing that fits
        its ends (the passes are public, see :meth:`_passed`): its hand is redrawn from the
        cards that fit neither end."""
        hidden = json.loads(json.dumps(state))
        hidden["rng"] = rng.getrandbits(63)
        hands = hidden["hands"]
        pending = self._pending(hidden) if hidden["mode"] == "live" else {}
        seen = {(s, key.split(":")[1]) for s, keys in enumerate(hidden.get("tried", [])) for key in keys}
        secret = [
            (s, i)
            for s, hand in enumerate(hands)
            if s != viewer
            for i, card in enumerate(hand)
            if card not in pending and (s, str(card)) not in seen
        ]
        pool = [hands[s][i] for s, i in secret] + [c for pile in hidden["piles"] for c in pile] + hidden["aside"]
        shuffle_unseen(pool, rng)
        passed = self._passed(hidden)
        if passed:
            fit_now = {card for card, _, _ in fitting(pool, hidden["ends"])}
            for s, i in secret:
                if s in passed:  # the last card of the pool that fits neither end (any, if none does)
                    at = next((at for at in range(len(pool) - 1, -1, -1) if pool[at] not in fit_now), -1)
                    hands[s][i] = pool.pop(at)
        for s, i in secret:
            if s not in passed:
                hands[s][i] = pool.pop()
        for pile in hidden["piles"]:
            pile[:] = [pool.pop() for _ in pile]
        hidden["aside"] = [pool.pop() for _ in hidden["aside"]]
        return hidden

    @staticmethod
    def _passed(state: State) -> set[int]:
        """Turns mode: the seats that passed since the line last changed (the ``passes``
        seats just before the one to play), each holding nothing that fits its ends — unless
        it passed by choice, which is allowed but never pays."""
        if state["mode"] != "turns" or state["winner"] is not None:
            return set()
        players = state["players"]
        return {(state["turn"] - back) % players for back in range(1, min(state["passes"], players - 1) + 1)}

    # -- bots and refusals ----------------------------------------------------------------------

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        """A bot plays a fitting card — the stiffest, keeping wild ones (:mod:`.agent`); it
        passes or says stuck only when it must.

        Live prompts offer every play, fitting or not: the bot looks for the ones that fit,
        as a player scanning their hand would.
        """
        from bot.games.collide_o.agent import choose
        prompts = [p for p in self.prompts(state) if p.seat == seat]
        if not prompts:
            raise IllegalAction(T("This seat has nothing to decide now."))
        keys = prompts[0].keys()
        plays = [k for k in keys if k.startswith("play:")]
        good = [k for k in plays if fits(*parse_play(k), state["ends"])]  # type: ignore[misc]
        if good:
            return choose(state, seat, good, rng)
        if STUCK in keys:
            return STUCK
        return rng.choice(plays or keys)

    rollout_steps: ClassVar[int | None] = 0
    """Turns mode: every rollout is handed at once to :meth:`evaluate`, which plays it on for
    12 moves on bare lists (:mod:`.playout`) and scores the race."""

    def rollout_agent(self, state: State, seat: int, rng: random.Random) -> str:
        """The hard level's rollouts: :func:`.agent.rollout_choice` in turns mode (it reads the
        redrawn hands of the search's states; :mod:`.playout` plays the same policy); the
        heuristic in live mode."""
        if state["mode"] != "turns":
            return self.agent(state, seat, rng)
        from bot.games.collide_o.agent import rollout_choice
        plays = fitting(state["hands"][seat], state["ends"])
        return play_key(*rollout_choice(state, seat, plays, rng)) if plays else PASS

    def evaluate(self, state: State) -> list[float] | None:
        """Turns mode: each seat's reward after one fast play-out of this redrawn state
        (:func:`.playout.play_out`, seeded by the state's own redrawn seed, so the search's
        candidate moves in one sample meet the same luck); ``None`` in live mode, where a
        search plays the heuristic."""
        if state["mode"] != "turns":
            return None
        from bot.games.collide_o.playout import play_out
        return play_out(state, random.Random(state["rng"]))

    def deadline(self, state: State) -> int | None:
        """As :meth:`Game.deadline` (every live prompt carries :meth:`live_deadline`), without
        building the prompts: it runs on every move."""
        if state["mode"] != "live" or state["winner"] is not None:
            return None
        return self.live_deadline(state)

    def _offered(self, state: State, seat: int, key: str) -> bool:
        """Live mode: whether ``key`` is in ``seat``'s prompt — :meth:`tries` and ``stuck`` —
        answered without building every seat's prompt."""
        if key == STUCK:
            return self._may_say_stuck(state, seat)
        parsed = parse_play(key)
        if parsed is None or key != play_key(*parsed):
            return False
        card, side, _turned = parsed
        if card not in state["hands"][seat]:
            return False
        for contest in state["contests"]:
            for entry in contest["entries"]:
                if entry["card"] == card or (entry["seat"] == seat and contest["side"] == side):
                    return False
        prefix = f"play:{card}:"
        return not any(key.startswith(prefix) for key in state["tried"][seat])

    def apply(self, state: State, seat: int, key: str, at: int | None = None) -> list[Event]:
        """As :meth:`Game.apply`, with a clearer refusal for a seat that has nothing to do now.

        Live mode takes a direct path with the same checks in the same order (deadline, clock,
        game over, the seat's prompt, the key) but without building every seat's prompt: live
        prompts are large and this runs for every click and every refusal.
        """
        if state["mode"] == "live" and seat != SYSTEM_SEAT:
            if at is not None:
                due = self.deadline(state)
                if due is not None and at >= due:
                    raise IllegalAction(T("Too late: time ran out for that decision."))
                if at < state.get("now", 0):
                    raise IllegalAction(T("That action is stamped before the last one."))
            if state["winner"] is not None:
                raise IllegalAction(T("The game is over."))
            if not 0 <= seat < state["players"]:
                raise IllegalAction(T("There is no player {number} at this table.", number=seat + 1))
            if self._offered(state, seat, key):
                if at is not None:
                    state["now"] = at
                return self.perform(state, seat, key)
            if not self.tries(state, seat) and not self._may_say_stuck(state, seat):
                raise IllegalAction(self._idle_reason(state, seat))
            raise IllegalAction(self.explain_refusal(state, seat, key))
        try:
            return super().apply(state, seat, key, at)
        except IllegalAction:
            if seat == SYSTEM_SEAT or not 0 <= seat < state["players"] or state["winner"] is not None:
                raise
            has_prompt = any(p.seat == seat for p in self.legal_prompts(state))
            if has_prompt:
                raise
            raise IllegalAction(self._idle_reason(state, seat)) from None

    def _idle_reason(self, state: State, seat: int) -> Text:
        if state["mode"] == "turns":
            return T("It is not your turn: waiting for {who}.", who=seat_ref(state["turn"]))
        reaching = [(e["card"], c["side"]) for c in state["contests"] for e in c["entries"] if e["seat"] == seat]
        if reaching:
            card, side = reaching[0]
            if side == LEFT:
                return T("Your card {card} is reaching for the left end; wait for it to land.", card=card)
            return T("Your card {card} is reaching for the right end; wait for it to land.", card=card)
        return T("You said you are stuck and every other play of yours was called out; wait for the line to change.")

    def explain_refusal(self, state: State, seat: int, key: str) -> Text:
        live = state["mode"] == "live"
        if key == PASS:
            if live:
                return T("There are no turns to pass in live mode: say stuck if you have no play.")
            return T("Every card fits the bare starting card, so you cannot pass now.")
        if key == STUCK:
            if not live:
                return T("In turns mode you pass instead of saying stuck.")
            if seat in state["stuck"]:
                return T("You already said you are stuck; play a card if you find one.")
            if state["contests"]:
                if state["contests"][0]["side"] == LEFT:
                    return T("A card is about to land on the left end: wait for it.")
                return T("A card is about to land on the right end: wait for it.")
            return T("Every card fits the bare starting card, so nobody can be stuck now.")
        parsed = parse_play(key)
        if parsed is None or key != play_key(*parsed):
            if live:
                return T("Say which card and which end, like play:47:left or play:47:left:turned (or stuck).")
            return T("Say which card and which end, like play:47:left or play:47:left:turned (or pass).")
        card, side, turned = parsed
        if card not in CARDS:
            return T("There is no card {card}: the cards are numbered 1 to 90.", card=card)
        if card not in state["hands"][seat]:
            return T("Card {card} is not in your hand.", card=card)
        contests = state.get("contests", [])
        pending = self._pending(state) if live else {}
        if card in pending:
            if pending[card] == LEFT:
                return T("Your card {card} is already reaching for the left end.", card=card)
            return T("Your card {card} is already reaching for the right end.", card=card)
        for contest in contests:
            mine = [e for e in contest["entries"] if e["seat"] == seat]
            if contest["side"] == side and mine:
                if side == LEFT:
                    return T("Your card {card} is already reaching for the left end; wait until it lands.",
                             card=mine[0]["card"])
                return T("Your card {card} is already reaching for the right end; wait until it lands.",
                         card=mine[0]["card"])
        called = [k for k in state["tried"][seat] if k.startswith(f"play:{card}:")] if live else []
        if called:
            if called[0].split(":")[2] == LEFT:
                return T("Card {card} was called out on the left end: you may not lay it again until the line changes.",
                         card=card)
            return T("Card {card} was called out on the right end: you may not lay it again until the line changes.",
                     card=card)
        if turned and CARDS[card].symmetric:
            return T("Card {card} reads the same both ways round: play it as {key}.", card=card,
                     key=Code(play_key(card, side, False)))
        return self._mismatch(state, card, side, turned)

    def _clashes(self, state: State, card: int, side: str, turned: bool) -> Text:
        """Which sections of ``card`` laid so would not match, section by section."""
        end, next_to = end_refs(state["ends"], side)
        spec = CARDS[card].sections
        inner = inner_index(side, turned)
        clashes: list[str] = []
        if not matches(MASKS[card][1], MASKS[end[0]][end[1]]):
            on = CARDS[end[0]].sections[end[1]]
            clashes.append(T("its {middle} middle would lie on the {on} end section", middle=section_names(spec[1]),
                             on=said(on)))
        if not matches(MASKS[card][inner], MASKS[next_to[0]][next_to[1]]):
            on = CARDS[next_to[0]].sections[next_to[1]]
            clashes.append(T("its {end} end would lie on {on}", end=section_names(spec[inner]), on=said(on)))
        if len(clashes) == 2:
            return T("{first} and {second}", first=clashes[0], second=clashes[1])
        return clashes[0] if clashes else T("it does not fit there now")

    def _mismatch(self, state: State, card: int, side: str, turned: bool) -> Text:
        """Why ``card`` does not fit ``side`` this way round, section by section."""
        reason = self._clashes(state, card, side, turned)
        hint: str = ""
        other = not turned
        if not (other and CARDS[card].symmetric) and fits(card, side, other, state["ends"]):
            hint = T(" The other way round it fits: {key}.", key=Code(play_key(card, side, other)))
        if side == LEFT:
            return T("Card {card}'s sections don't match the left end: {reason}.{hint}", card=card, reason=reason,
                     hint=hint)
        return T("Card {card}'s sections don't match the right end: {reason}.{hint}", card=card, reason=reason,
                 hint=hint)
