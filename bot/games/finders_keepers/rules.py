"""Finders Keepers: turn over a Find Me tile and find that object on your Keep Me cards.

The rules, as implemented here (every ruling is written down, with reasons, in
``data/finders-keepers/README.md``):

* **Components** (our own design, ``data/finders-keepers``): 40 objects, one Find Me tile
  each, and 60 Keep Me cards (numbered 1–60) showing 6–8 objects each; every object is on
  exactly 10 cards. Pip the owl, our mascot, hides on 8 cards.
* **Basic game** (``variant=basic``, 2–6 players). Each player gets 12 cards face up
  (10 with 5 or 6 players): their *spread*. The tiles are a face-down pile. In turn, a player
  turns over the top tile (``reveal``); then every player with cards left *looks*: they claim
  each of their cards that shows the object (``claim:17``, by the number printed on the card)
  and finish with ``done``. A right claim moves the card to their Keepers pile. A wrong claim
  (the card does not show it) is shown to everyone, the card stays, and that player's look
  at this tile is over. A card that shows the object but is not claimed stays in the spread:
  a lost chance, as at the table (it can still be collected when another of its objects is
  revealed). When everyone has looked, the round is over. Whoever has emptied their spread
  wins; several in the same round share the win. If the 40th tile's round ends without a
  winner, the fewest cards left wins (shared when equal).
* **Expert game** (``variant=expert``). Nine cards lie face up in a 3×3 grid over a face-down
  reserve. The 40 tiles are dealt face down: 40 ÷ players each, rounded down (20, 13, 10
  for 2, 3, 4 players, as the rulebook says), the rest out of play. Expert is for 2–4
  players as written: a table of 5 or 6 is refused at setup (the basic game takes them). Each player turns up 3 tiles as a face-up hand.
  Playing a tile (``tile:key``) captures every grid card showing that object; the tile is
  spent, the hand refills from the player's own stack and the grid from the reserve. A
  player must play a matching tile if they have one; one who has none passes. The game ends
  when nobody's face-up tiles match any grid card. Score: 1 point a card, 2 for a card with
  Pip; the most points wins, equal scores share.
* **Live mode** (``mode=live``, :meth:`FindersKeepers.is_timed`). Basic: after a reveal
  everybody looks at once until :data:`LOOK_MS` after the reveal; whoever is still looking
  then loses the rest of their chance. A revealer who waits :data:`REVEAL_MS` has the tile
  turned over for them. Nothing is contested in the basic game, so speed decides nothing
  there and the ``tie`` option has no effect. Expert: no turns — every player with a
  matching tile may call it out; the first call wins, and calls within the tie window
  (option ``tie``, ms) after it are a tie: each tied player takes the cards only they
  called, a card called by several stays in the grid, and every called tile is spent. If
  nobody calls within :data:`ROUND_MS`, each player who could have called loses the oldest
  tile that would have matched (a lost chance) and draws a new one. The race offers each
  player all their face-up tiles, matching or not (spotting the match is the skill): a call
  that matches no grid card puts that player out of this round, tile kept; when everyone
  is out or has called, the round settles at once.
* **Turns mode** (``mode=turns``, play-by-post, not timed). Basic: after a reveal the
  players look one after another, starting with the revealer. Expert: the rulebook's turns.
* **The default** (``mode=auto``) plays each variant the rulebook's way: the basic game is
  a live race, Expert goes by turns.

Hidden information: the order of the tile pile (basic); the reserve, every stack and the
tiles out of play (expert). Spreads, hands, the grid and captured cards are face up or were
taken in front of everyone, so views show them to all. Texts use ``{seatN}`` placeholders
(:func:`bot.engine.seat_ref`) that the session layer fills with names.

The state is plain JSON; see :meth:`FindersKeepers.setup` for its keys.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from bot.engine import (
    Action,
    BadOptions,
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
from bot.games.finders_keepers.messages import T, Tn, a_name, card_numbers, joined, said
from bot.games.finders_keepers.orders import FindersKeepersOrders

DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "finders-keepers"

BASIC, EXPERT = "basic", "expert"
LIVE, TURNS, AUTO = "live", "turns", "auto"
TIE_CHOICES = ("0", "150", "300", "500", "1000")

DEAL = {2: 12, 3: 12, 4: 12, 5: 10, 6: 10}
"""Keep Me cards dealt to each player in the basic game (the rulebook: 12, or 10 with 5–6)."""
HAND = 3
"""Face-up Find Me tiles an Expert player holds (the rulebook does not say; see README)."""
GRID = 9
EXPERT_MAX_PLAYERS = 4
"""The rulebook's Expert game is for 2–4 players; setup refuses more."""
REVEAL_MS = 15_000
"""Live basic: the revealer has this long to turn the next tile over, then it turns itself."""
LOOK_MS = 30_000
"""Live basic: after a reveal, everyone may claim cards for this long."""
ROUND_MS = 30_000
"""Live Expert: how long a grid waits for the first call before chances are lost."""


# -- the components ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Thing:
    """One of the 40 objects: a Find Me tile, and a picture on 10 Keep Me cards."""

    id: str
    name: str
    article: str

    @property
    def a_name(self) -> Text:
        """``"a key"``, ``"an anchor"``: for log lines."""
        return a_name(self.name, self.article)


@dataclass(frozen=True, slots=True)
class Item:
    """Where one picture lies on a card (card units, 1000 × 1000): for the renderer only.

    ``under`` names the object that partly covers this one (it is drawn later), if any.
    """

    object: str
    x: int
    y: int
    size: int
    rotation: int
    under: str | None


@dataclass(frozen=True, slots=True)
class Card:
    """A Keep Me card: the objects it shows, whether Pip is on it, and its picture."""

    id: int
    objects: frozenset[str]
    mascot: bool
    tint: int
    items: tuple[Item, ...]

    def shows(self, thing: str) -> bool:
        return thing in self.objects

    @property
    def points(self) -> int:
        """Expert score: 2 with Pip on it, else 1."""
        return 2 if self.mascot else 1


def load_components(directory: Path = DATA_DIR) -> tuple[dict[str, Thing], dict[int, Card], str]:
    """Read and check ``objects.json`` and ``cards.json``: (objects, cards by number, mascot name)."""
    objects_data = json.loads((directory / "objects.json").read_text(encoding="utf-8"))
    things = {o["id"]: Thing(o["id"], o["name"], o["article"]) for o in objects_data["objects"]}
    if len(things) != 40:
        raise ValueError(f"{directory}: expected 40 objects, found {len(things)}")
    cards_data = json.loads((directory / "cards.json").read_text(encoding="utf-8"))
    cards: dict[int, Card] = {}
    for entry in cards_data["cards"]:
        items = tuple(Item(**item) for item in entry["items"])
        card = Card(entry["id"], frozenset(entry["objects"]), entry["mascot"], entry["tint"], items)
        if not 6 <= len(card.objects) <= 8 or not card.objects <= things.keys():
            raise ValueError(f"{directory}: card {card.id} must show 6–8 known objects")
        cards[card.id] = card
    if sorted(cards) != list(range(1, 61)):
        raise ValueError(f"{directory}: expected cards numbered 1..60")
    return things, cards, objects_data["mascot"]["name"]


OBJECTS, CARDS, MASCOT_NAME = load_components()
OBJECT_IDS: tuple[str, ...] = tuple(OBJECTS)


CLAIM_ACTIONS: dict[int, Action] = {n: Action(f"claim:{n}", T("Claim card {card}", card=n)) for n in CARDS}
"""The claim actions, built once: a look prompt lists every card of a spread."""
DONE_ACTIONS: dict[str, Action] = {
    t: Action("done", T("Done: no more cards with {thing}", thing=o.a_name), main=True) for t, o in OBJECTS.items()
}
"""A look's "done", a button beside the spread's claims (still one tap in a live race)."""
TILE_ACTIONS: dict[str, Action] = {
    t: Action(f"tile:{t}", T("Play the {thing} tile", thing=said(o.name))) for t, o in OBJECTS.items()
}


def named(thing: str) -> Text:
    """An object's name by its id ("ice-cream" -> "ice cream"), sayable."""
    return said(OBJECTS[thing].name)


def _cards(ids: list[int]) -> Text:
    """``"card 7"``, ``"cards 3, 7 and 12"``."""
    return card_numbers(ids)


# -- the game ---------------------------------------------------------------------------


class FindersKeepers(FindersKeepersOrders, Game):
    """Finders Keepers, basic and Expert, live or by turns. See the module docstring."""

    slug: ClassVar[str] = "finders-keepers"
    title: ClassVar[str] = T("Finders Keepers")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    summary: ClassVar[str] = T("Turn over a picture tile and spot that object on your cards before anyone else.")
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "variant",
            BASIC,
            (BASIC, EXPERT),
            T("basic (2–6 players): empty your spread first; expert (2–4 players): capture from a 3×3 grid"),
        ),
        Option(
            "mode",
            AUTO,
            (AUTO, LIVE, TURNS),
            T("auto: the rulebook's way (basic live, expert by turns); live: everyone at once against the clock;"
              " turns: one at a time"),
        ),
        Option("tie", "300", TIE_CHOICES, T("live Expert: calls this many ms after the first one tie")),
    )
    realtime: ClassVar[bool] = True
    grouped: ClassVar[bool] = True
    """Claims, tiles and "done" are each one tap: no group deeper than the board."""
    version: ClassVar[int] = 3
    """2: Expert refuses 5–6 players; ``mode`` defaults to ``auto`` (Expert by turns)."""
    rules_file: ClassVar[str] = "finders-keepers.txt"
    render_module: ClassVar[str] = "bot.games.finders_keepers.render"

    # -- setup ---------------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """Deal a new game.

        Keys of the state, both variants: ``rng``, ``variant``, ``mode``, ``tie`` (ms),
        ``players``, ``now`` (table clock, ms), ``opened`` (when the current phase began),
        ``last`` (what the previous round did, for the picture). Basic adds ``pile`` (tiles,
        top = last), ``revealed``, ``spreads``, ``keepers``, ``turn``, ``phase``
        (reveal/look/over), ``tile``, ``looking`` (seats still looking, in order),
        ``found`` and ``wrong`` (this round, per seat), ``winners``, ``end``. Expert adds
        ``grid`` (9 card numbers or None), ``reserve`` (top = last), ``hands``, ``stacks``
        (top = last), ``out``, ``used``, ``captured``, ``turn`` (turns mode), ``claims``
        (live calls waiting for the tie window) and ``end``.
        """
        self.check_players(players)
        opts = self.resolve_options(options)
        if opts["variant"] == EXPERT and players > EXPERT_MAX_PLAYERS:
            raise BadOptions(
                T("Expert Finders Keepers is for 2–{most} players, not {players}: with 5 or 6 players, play the basic "
                  "game (variant=basic).", most=EXPERT_MAX_PLAYERS, players=players)
            )
        mode = opts["mode"]
        if mode == AUTO:  # each variant the rulebook's way
            mode = LIVE if opts["variant"] == BASIC else TURNS
        state: State = {
            "rng": seed_value(seed),
            "variant": opts["variant"],
            "mode": mode,
            "tie": int(opts["tie"]),
            "players": players,
            "now": 0,
            "opened": 0,
            "board": 0,  # counts reopenings: a live board's identity (see epoch)
            "last": None,
        }
        rng = Rng(state)
        deck = list(CARDS)
        rng.shuffle(deck)
        tiles = list(OBJECT_IDS)
        rng.shuffle(tiles)
        if state["variant"] == BASIC:
            deal = DEAL[players]
            state.update(
                {
                    "pile": tiles,
                    "revealed": [],
                    "spreads": [sorted(deck[s * deal : (s + 1) * deal]) for s in range(players)],
                    "keepers": [[] for _ in range(players)],
                    "turn": 0,
                    "phase": "reveal",
                    "tile": None,
                    "looking": [],
                    "found": [[] for _ in range(players)],
                    "wrong": [None] * players,
                    "winners": [],
                    "end": None,
                }
            )
            return state
        each = len(tiles) // players
        stacks = [tiles[s * each : (s + 1) * each] for s in range(players)]
        state.update(
            {
                "grid": deck[:GRID],
                "reserve": deck[GRID:],
                "hands": [[stack.pop() for _ in range(HAND)] for stack in stacks],
                "stacks": stacks,
                "out": tiles[players * each :],
                "used": [],
                "captured": [[] for _ in range(players)],
                "turn": 0,
                "claims": [],
                "wrong_calls": [],
                "end": None,
            }
        )
        if state["mode"] == TURNS and not self.playable(state, 0):
            self._advance(state, 0)
        return state

    def max_actions(self, players: int) -> int:
        """A true bound. Basic: 40 rounds, each a reveal (or its deadline), one closing action
        per player (``done`` or a wrong claim) and the look deadline, plus one right claim per
        dealt card. Expert: every round spends a tile (a capture or a lost chance) and has at
        most one call or wrong call per player and its deadline."""
        tiles = len(OBJECT_IDS)
        return tiles * (players + 2) + DEAL[players] * players + tiles * (players + 2)

    def is_timed(self, state: State) -> bool:
        return state["mode"] == LIVE

    def forced(self, state: State, prompt: Prompt) -> bool:
        """By turns, a lone action in a public prompt plays itself: turning over the next Find
        Me tile, "done" for a spread with no card left to claim. Live: never (the clock)."""
        return self.lone_action(state, prompt)

    def epoch(self, state: State) -> int | None:
        """Live boards keep their meaning until the next reveal: clicks by several players
        on one board count, and a board from before a reveal is outdated."""
        return state["board"] if self.is_timed(state) else None

    def is_over(self, state: State) -> bool:
        if state["variant"] == BASIC:
            return state["phase"] == "over"
        return state["end"] is not None

    # -- shared helpers --------------------------------------------------------------

    def _racing(self, state: State) -> list[int]:
        """Live Expert: the seats still in this grid's race — not yet called, no wrong call,
        a face-up tile in hand. Whether their tiles match is for them to spot."""
        called = {claim["seat"] for claim in state["claims"]}
        out = set(state.get("wrong_calls", []))
        return [s for s in range(state["players"]) if s not in called and s not in out and state["hands"][s]]

    def playable(self, state: State, seat: int) -> list[str]:
        """Expert: the seat's face-up tiles that match a grid card, in hand order (oldest first)."""
        grid = [CARDS[c] for c in state["grid"] if c is not None]
        return [t for t in state["hands"][seat] if any(card.shows(t) for card in grid)]

    @staticmethod
    def matches(state: State, thing: str) -> list[int]:
        """Expert: the grid cards that show ``thing``."""
        return [c for c in state["grid"] if c is not None and CARDS[c].shows(thing)]

    def scores(self, state: State) -> list[int]:
        """Basic: cards in each Keepers pile. Expert: points (2 for a Pip card, 1 for others)."""
        if state["variant"] == BASIC:
            return [len(pile) for pile in state["keepers"]]
        return [sum(CARDS[c].points for c in pile) for pile in state["captured"]]

    # -- prompts -------------------------------------------------------------------

    def legal_prompts(self, state: State) -> list[Prompt]:
        if self.is_over(state):
            return []
        if state["variant"] == BASIC:
            return self._basic_prompts(state)
        return self._expert_prompts(state)

    def _basic_prompts(self, state: State) -> list[Prompt]:
        live = state["mode"] == LIVE
        if state["phase"] == "reveal":
            seat = state["turn"]
            left = len(state["pile"])
            action = Action("reveal", T("Reveal the next Find Me tile ({left} left)", left=left), main=True)
            deadline = state["opened"] + REVEAL_MS if live else None
            text = T("{who}: turn over the next Find Me tile.", who=seat_ref(seat))
            return [Prompt(seat, text, (action,), deadline=deadline)]
        thing = OBJECTS[state["tile"]]
        done = DONE_ACTIONS[thing.id]
        seats = state["looking"] if live else state["looking"][:1]
        prompts = []
        for seat in seats:
            actions = (*(CLAIM_ACTIONS[c] for c in state["spreads"][seat]), done)
            text = T("{who}: find {thing} on your cards! Claim each card that shows it, then say done.",
                     who=seat_ref(seat), thing=thing.a_name)
            if live:
                prompts.append(Prompt(seat, text, actions, simultaneous=True, deadline=state["opened"] + LOOK_MS))
            else:
                prompts.append(Prompt(seat, text, actions))
        return prompts

    def _expert_prompts(self, state: State) -> list[Prompt]:
        def actions(seat: int) -> tuple[Action, ...]:
            return tuple(TILE_ACTIONS[t] for t in self.playable(state, seat))

        if state["mode"] == TURNS:
            seat = state["turn"]
            text = T("{who}: play one of your Find Me tiles to take every grid card that shows it.", who=seat_ref(seat))
            return [Prompt(seat, text, actions(seat))]
        late = bool(state["claims"])
        deadline = state["claims"][0]["at"] + state["tie"] if late else state["opened"] + ROUND_MS

        def call(seat: int) -> Text:
            if late:
                return T("{who}: too late to be first, but a call now ties with the first one!", who=seat_ref(seat))
            return T("{who}: call out a tile that matches the grid, before anyone else!", who=seat_ref(seat))

        # The race offers every face-up tile, as at the table: spotting which one matches is
        # the skill, so the buttons must not answer it (a wrong call costs this round).
        return [
            Prompt(
                seat,
                call(seat),
                tuple(TILE_ACTIONS[t] for t in state["hands"][seat]),
                simultaneous=True,
                deadline=deadline,
            )
            for seat in self._racing(state)
        ]

    # -- actions -------------------------------------------------------------------

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        verb, _, rest = key.partition(":")
        if state["variant"] == BASIC:
            if verb == "reveal":
                return self._reveal(state, seat, automatic=False)
            events = self._claim(state, seat, int(rest)) if verb == "claim" else self._done(state, seat)
            if not state["looking"]:
                events += self._end_round(state, timed_out=[])
            return events
        if state["mode"] == TURNS:
            events = self._capture(state, [{"seat": seat, "tile": rest, "at": state["now"]}])
            return events if self.is_over(state) else events + self._advance(state, seat)
        if not self.matches(state, rest):
            state.setdefault("wrong_calls", []).append(seat)
            event = Event(T("{who} calls out the {thing}, but no grid card shows it: out of this round.", who=seat_ref(seat),
                            thing=named(rest)))
            if self._racing(state):
                return [event]
            # Nobody is left in the race: settle what was called, or everyone missed.
            return [event, *(self._capture(state, state["claims"]) if state["claims"] else self._lost_chances(state))]
        state["claims"].append({"seat": seat, "tile": rest, "at": state["now"]})
        if state["tie"] == 0 or not self._racing(state):
            return self._capture(state, state["claims"])
        return [Event(T("{who} calls out the {thing}!", who=seat_ref(seat), thing=named(rest)))]

    def on_deadline(self, state: State) -> list[Event]:
        """Live mode: the earliest deadline has passed (see the module docstring)."""
        if state["variant"] == BASIC:
            if state["phase"] == "reveal":
                return self._reveal(state, state["turn"], automatic=True)
            late = list(state["looking"])
            state["looking"] = []
            return self._end_round(state, timed_out=late)
        if state["claims"]:
            return self._capture(state, state["claims"])
        return self._lost_chances(state)

    # basic ----------------------------------------------------------------------

    def _reveal(self, state: State, seat: int, automatic: bool) -> list[Event]:
        thing = state["pile"].pop()
        state["revealed"].append(thing)
        state["tile"] = thing
        state["phase"] = "look"
        state["opened"] = state["now"]
        state["board"] += 1
        players = state["players"]
        order = [(seat + step) % players for step in range(players)]
        state["looking"] = [s for s in order if state["spreads"][s]]
        state["found"] = [[] for _ in range(players)]
        state["wrong"] = [None] * players
        name = OBJECTS[thing].a_name
        if automatic:
            text = T("{who} waited too long, so the tile turned itself over: {thing}! Everyone, find it.",
                     who=seat_ref(seat), thing=name)
        else:
            text = T("{who} turns over {thing}! Everyone, find it on your cards.", who=seat_ref(seat), thing=name)
        return [Event(text, reveals=True)]

    def _claim(self, state: State, seat: int, number: int) -> list[Event]:
        thing = state["tile"]
        spread = state["spreads"][seat]
        if CARDS[number].shows(thing):
            spread.remove(number)
            state["keepers"][seat].append(number)
            state["found"][seat].append(number)
            if not spread:
                state["looking"].remove(seat)
                return [Event(T("{who} takes card {card}: that was their last card!", who=seat_ref(seat), card=number))]
            return [Event(T("{who} takes card {card}.", who=seat_ref(seat), card=number))]
        state["wrong"][seat] = number
        state["looking"].remove(seat)
        return [
            Event(
                T("{who} claims card {card}, but it has no {thing}: it stays, and {who} stops looking for this tile.",
                  who=seat_ref(seat), card=number, thing=named(thing))
            )
        ]

    def _done(self, state: State, seat: int) -> list[Event]:
        state["looking"].remove(seat)
        return [Event(T("{who} is done looking.", who=seat_ref(seat)))]

    def _end_round(self, state: State, timed_out: list[int]) -> list[Event]:
        """Everyone has looked (or time ran out): record the round, then a winner or the next reveal."""
        thing = state["tile"]
        players = state["players"]
        missed = [[c for c in state["spreads"][s] if CARDS[c].shows(thing)] for s in range(players)]
        state["last"] = {
            "tile": thing,
            "found": state["found"],
            "wrong": state["wrong"],
            "missed": missed,
            "timed_out": timed_out,
        }
        events: list[Event] = []
        if timed_out:
            late = listing([seat_ref(s) for s in timed_out], T("nothing"))
            events.append(Event(Tn("Time's up! {who} stops looking.", "Time's up! {who} stop looking.", len(timed_out),
                                   who=late)))
        for s in range(players):
            if missed[s]:
                events.append(
                    Event(T("{who} missed the {thing} on {cards}: a lost chance.", who=seat_ref(s), thing=named(thing),
                            cards=_cards(missed[s])))
                )
        state["found"] = [[] for _ in range(players)]
        state["wrong"] = [None] * players
        state["tile"] = None
        state["looking"] = []
        state["opened"] = state["now"]
        state["board"] += 1
        finished = [s for s in range(players) if not state["spreads"][s]]
        if finished or not state["pile"]:
            state["phase"] = "over"
            if finished:
                state["winners"], state["end"] = finished, "empty"
            else:
                fewest = min(len(spread) for spread in state["spreads"])
                state["winners"] = [s for s in range(players) if len(state["spreads"][s]) == fewest]
                state["end"] = "tiles"
            events.append(Event(self._final_text(state)))
            return events
        state["phase"] = "reveal"
        state["turn"] = (state["turn"] + 1) % players
        return events

    # expert ---------------------------------------------------------------------

    def _capture(self, state: State, claims: list[dict[str, Any]]) -> list[Event]:
        """Settle calls: each takes the grid cards showing its tile that no other call shows."""
        wanted: dict[int, list[int]] = {}
        for index, claim in enumerate(claims):
            for card in self.matches(state, claim["tile"]):
                wanted.setdefault(card, []).append(index)
        taken: list[list[int]] = [[] for _ in claims]
        contested = sorted(card for card, who in wanted.items() if len(who) > 1)
        for card, who in wanted.items():
            if len(who) == 1:
                taken[who[0]].append(card)
        events: list[Event] = []
        tie = len(claims) > 1
        if tie:
            events.append(Event(T("A tie! {who} called within the tie window.",
                                  who=listing([seat_ref(c["seat"]) for c in claims], T("nothing")))))
        revealed: list[str] = []
        for claim, cards in zip(claims, taken, strict=True):
            seat, thing = claim["seat"], claim["tile"]
            cards.sort()
            state["hands"][seat].remove(thing)
            state["used"].append(thing)
            state["captured"][seat] += cards
            state["grid"] = [None if c in cards else c for c in state["grid"]]
            pips = sum(1 for c in cards if CARDS[c].mascot)
            bonus: str = ""
            if pips:
                bonus = Tn(" ({n} card with {mascot}, worth double)", " ({n} cards with {mascot}, worth double)", pips,
                           mascot=said(MASCOT_NAME))
            if cards:
                events.append(Event(T("{who} plays the {thing} and takes {cards}{bonus}.", who=seat_ref(seat),
                                      thing=named(thing), cards=_cards(cards), bonus=bonus)))
            else:
                events.append(Event(T("{who} plays the {thing} but takes nothing.", who=seat_ref(seat),
                                      thing=named(thing))))
            revealed += self._draw_tile(state, seat)
        if contested:
            numbers = listing([str(i) for i in contested])
            events.append(Event(Tn("Card {ids} stays in the grid: several players called it.",
                                   "Cards {ids} stay in the grid: several players called them.", len(contested),
                                   ids=numbers)))
        refill = self._refill_grid(state)
        if revealed or refill:
            events.append(Event(joined(revealed + refill), reveals=True))
        state["last"] = {
            "claims": [{"seat": c["seat"], "tile": c["tile"]} for c in claims],
            "taken": taken,
            "contested": contested,
            "tie": tie,
            "lost": [],
        }
        state["claims"] = []
        state["wrong_calls"] = []
        state["opened"] = state["now"]
        state["board"] += 1
        return events + self._check_end(state)

    def _draw_tile(self, state: State, seat: int) -> list[str]:
        if not state["stacks"][seat]:
            return []
        thing = state["stacks"][seat].pop()
        state["hands"][seat].append(thing)
        return [T("{who} turns up {thing} tile.", who=seat_ref(seat), thing=OBJECTS[thing].a_name)]

    def _refill_grid(self, state: State) -> list[str]:
        new = []
        for slot, card in enumerate(state["grid"]):
            if card is None and state["reserve"]:
                state["grid"][slot] = state["reserve"].pop()
                new.append(state["grid"][slot])
        return [T("New in the grid: {cards}.", cards=_cards(new))] if new else []

    def _lost_chances(self, state: State) -> list[Event]:
        """Live Expert, nobody called in time: each player who could have loses that chance."""
        lost = []
        revealed: list[str] = []
        for seat in range(state["players"]):
            able = self.playable(state, seat)
            if able:
                state["hands"][seat].remove(able[0])
                state["used"].append(able[0])
                lost.append({"seat": seat, "tile": able[0]})
                revealed += self._draw_tile(state, seat)
        names = listing([T("{who} the {thing}", who=seat_ref(x["seat"]), thing=named(x["tile"])) for x in lost],
                        T("nothing"))
        events = [Event(T("Time's up and nobody called! Lost chances: {names}.", names=names))]
        if revealed:
            events.append(Event(joined(revealed), reveals=True))
        state["last"] = {"claims": [], "taken": [], "contested": [], "tie": False, "lost": lost}
        state["wrong_calls"] = []
        state["opened"] = state["now"]
        state["board"] += 1
        return events + self._check_end(state)

    def _advance(self, state: State, seat: int) -> list[Event]:
        """Turns mode: the next player (to the left) who has a matching tile; others pass."""
        players = state["players"]
        passed = []
        for step in range(1, players + 1):
            nxt = (seat + step) % players
            if self.playable(state, nxt):
                state["turn"] = nxt
                if passed:
                    who = listing(passed, T("nothing"))
                    return [Event(Tn("{who} cannot match the grid and passes.", "{who} cannot match the grid and pass.",
                                     len(passed), who=who))]
                return []
            passed.append(seat_ref(nxt))
        return self._check_end(state)

    def _check_end(self, state: State) -> list[Event]:
        if state["claims"] or any(self.playable(state, s) for s in range(state["players"])):
            return []
        state["end"] = "stuck"
        state["turn"] = None
        return [Event(self._final_text(state))]

    # -- results -------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        """Basic: the score is cards collected, but the rank is by cards left (fewest first), so
        whoever emptied their spread is first. Expert: points, the most first. Equal shares."""
        if not self.is_over(state):
            return None
        if state["variant"] == BASIC:
            left = [len(spread) for spread in state["spreads"]]
            ranks = tuple(1 + sum(1 for other in left if other < mine) for mine in left)
            return Outcome(tuple(self.scores(state)), ranks, self._final_text(state))
        return Outcome.ranked(self.scores(state), self._final_text(state))

    def _final_text(self, state: State) -> Text:
        scores = self.scores(state)
        if state["variant"] == BASIC:
            winners = state["winners"]
            names = listing([seat_ref(s) for s in winners], T("nothing"))
            if state["end"] == "empty":
                if len(winners) == 1:
                    return T("{names} has collected every card and wins!", names=names)
                return T("{names} collected their last cards on the same tile: they all win!", names=names)
            left = len(state["spreads"][winners[0]])
            if len(winners) == 1:
                return T("The Find Me tiles have run out. {names} wins with the fewest cards left ({left}).", names=names,
                         left=left)
            return T("The Find Me tiles have run out. {names} share the win with the fewest cards left ({left}).",
                     names=names, left=left)
        best = max(scores)
        top = [s for s in range(state["players"]) if scores[s] == best]
        names = listing([seat_ref(s) for s in top], T("nothing"))
        if len(top) == 1:
            return Tn("No more cards can be captured. {names} wins with {n} point.",
                      "No more cards can be captured. {names} wins with {n} points.", best, names=names)
        return Tn("No more cards can be captured. {names} share the win with {n} point each.",
                  "No more cards can be captured. {names} share the win with {n} points each.", best, names=names)

    # -- what players see ----------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything face up. Hidden: pile, reserve, stacks and out-of-play tiles (counts only)."""
        outcome = self.outcome(state)
        common: dict[str, Any] = {
            "game": self.slug,
            "variant": state["variant"],
            "mode": state["mode"],
            "tie_ms": state["tie"],
            "players": state["players"],
            "viewer": seat,
            "now": state["now"],
            "opened": state["opened"],
            "deadline": self.deadline(state) if self.is_timed(state) else None,
            "scores": self.scores(state),
            "last": copy.deepcopy(state["last"]),
            "over": outcome is not None,
            "outcome": None
            if outcome is None
            else {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "reason": outcome.reason},
            "mascot": MASCOT_NAME,
        }
        if state["variant"] == BASIC:
            looking = state["looking"]
            return {
                **common,
                "phase": state["phase"],
                "turn": state["turn"],
                "tile": state["tile"],
                "pile": len(state["pile"]),
                "revealed": list(state["revealed"]),
                "looking": list(looking),
                "current": looking[0] if looking and state["mode"] == TURNS else None,
                "seats": [
                    {
                        "seat": s,
                        "spread": list(state["spreads"][s]),
                        "keepers": len(state["keepers"][s]),
                        "left": len(state["spreads"][s]),
                        "found": list(state["found"][s]),
                        "wrong": state["wrong"][s],
                    }
                    for s in range(state["players"])
                ],
                "winners": list(state["winners"]),
            }
        return {
            **common,
            "turn": state["turn"] if state["mode"] == TURNS else None,
            "grid": list(state["grid"]),
            "reserve": len(state["reserve"]),
            "hands": copy.deepcopy(state["hands"]),
            "stacks": [len(stack) for stack in state["stacks"]],
            "out": len(state["out"]),
            "used": list(state["used"]),
            "captured": copy.deepcopy(state["captured"]),
            "mascots": [sum(1 for c in pile if CARDS[c].mascot) for pile in state["captured"]],
            "claims": copy.deepcopy(state["claims"]),
            "wrong_calls": list(state.get("wrong_calls", [])),
            "racing": self._racing(state) if state["mode"] == LIVE and not self.is_over(state) else [],
        }

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """Redraw what nobody sees: the tile pile (basic); the reserve order and which
        face-down tiles are in which stack or out of play (expert). Nobody, the owner
        included, knows their own face-down stack."""
        hidden: State = json.loads(json.dumps(state))
        hidden["rng"] = rng.getrandbits(63)
        if state["variant"] == BASIC:
            shuffle_unseen(hidden["pile"], rng)
            return hidden
        shuffle_unseen(hidden["reserve"], rng)
        pool = [t for stack in hidden["stacks"] for t in stack] + hidden["out"]
        shuffle_unseen(pool, rng)
        for stack in hidden["stacks"]:
            stack[:] = [pool.pop() for _ in stack]
        hidden["out"] = pool
        return hidden

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        """A sharp-eyed bot: claims every matching card; in Expert plays the tile worth the
        most points against what it leaves the others (:mod:`.agent`)."""
        from bot.games.finders_keepers.agent import expert, worth

        prompts = [p for p in self.prompts(state) if p.seat == seat]
        if not prompts:
            return super().agent(state, seat, rng)
        keys = prompts[0].keys()
        if state["variant"] == BASIC:
            if keys == ["reveal"]:
                return "reveal"
            good = [k for k in keys if k.startswith("claim:") and CARDS[int(k[6:])].shows(state["tile"])]
            return good[0] if good else "done"
        matching = [k for k in keys if k.startswith("tile:") and worth(state, k[5:]) > 0]
        if not matching:  # live Expert offers every tile: with none matching, any answer
            return rng.choice(keys)
        if self.is_timed(state):  # a race: the tile worth most now, no looking ahead
            best = max(worth(state, k[5:]) for k in matching)
            return rng.choice([k for k in matching if worth(state, k[5:]) == best])
        return expert(self, state, seat, matching, rng)

    # -- the hard level's search -------------------------------------------------------

    rollout_steps: ClassVar[int | None] = 0
    """Expert by turns: every rollout is scored at once by :meth:`evaluate`, which plays the
    game out on a bare table (:mod:`.playout`), many times faster than the rules' ``apply``."""

    def evaluate(self, state: State) -> list[float] | None:
        """Expert by turns: each seat's reward (as the search scores an outcome) at the end of
        one fast play-out of this redrawn state (:func:`.playout.play_out`); ``None`` for the
        basic game and live play, whose rollouts go on through the rules.

        One play-out, not an average of several: each iteration of the search draws a new
        hidden order, and that luck varies the result far more than the play-out's few
        random moves do, so a second play-out of the same drawing buys less than a second
        iteration for the same CPU (0.5 ms a play-out; the iteration's draw and tree moves
        cost about as much again)."""
        from bot.engine.search import score_rewards
        from bot.games.finders_keepers.playout import Table, play_out

        if state["variant"] != EXPERT or state["mode"] != TURNS:
            return None
        table = Table.of(state)
        if table.turn is not None:
            play_out(table, random.Random(state["rng"] ^ len(state["used"])))
        return score_rewards(table.scores)

    def rollout_agent(self, state: State, seat: int, rng: random.Random) -> str:
        """Expert by turns: the play-out policy (:func:`.playout.choice`); otherwise the heuristic."""
        from bot.games.finders_keepers.playout import Table, choice

        if state["variant"] != EXPERT or state["mode"] != TURNS or state["turn"] != seat:
            return self.agent(state, seat, rng)
        return f"tile:{choice(Table.of(state), seat, rng)}"

    # -- refusals ------------------------------------------------------------------

    def apply(self, state: State, seat: int, key: str, at: int | None = None) -> list[Event]:
        """The contract's apply, with a specific answer for a player who has nothing to do now."""
        waiting = 0 <= seat < state["players"] and not self.is_over(state)
        if waiting and seat not in self.prompted_seats(state):
            raise IllegalAction(self._why_waiting(state, seat))
        return super().apply(state, seat, key, at)

    def prompted_seats(self, state: State) -> list[int]:
        """The seats :meth:`legal_prompts` asks, in the same order, without building their
        actions (a look lists a whole spread; ``apply`` only needs to know who may act)."""
        if self.is_over(state):
            return []
        if state["variant"] == BASIC:
            if state["phase"] == "reveal":
                return [state["turn"]]
            return list(state["looking"]) if state["mode"] == LIVE else state["looking"][:1]
        if state["mode"] == TURNS:
            return [state["turn"]]
        return self._racing(state)

    def deadline(self, state: State) -> int | None:
        """The deadline every prompt of a live table shares (see :meth:`legal_prompts`),
        found without building the prompts."""
        if not self.is_timed(state) or not self.prompted_seats(state):
            return None
        if state["variant"] == BASIC:
            return state["opened"] + (REVEAL_MS if state["phase"] == "reveal" else LOOK_MS)
        if state["claims"]:
            return state["claims"][0]["at"] + state["tie"]
        return state["opened"] + ROUND_MS

    def _why_waiting(self, state: State, seat: int) -> Text:
        """Why ``seat`` has no decision to make at the moment (state unchanged)."""
        if state["variant"] == BASIC:
            if state["phase"] == "reveal":
                return T("Wait for {who} to turn over the next Find Me tile.", who=seat_ref(state["turn"]))
            thing = named(state["tile"])
            if not state["spreads"][seat]:
                return T("You have no cards left: wait while the others finish looking.")
            if state["wrong"][seat] is not None:
                return T("Your look at the {thing} ended with a wrong claim (card {card}): wait for the next tile.",
                         thing=thing, card=state["wrong"][seat])
            if seat in state["looking"]:
                return T("{who} is looking for the {thing} now; your turn to look comes next.",
                         who=seat_ref(state["looking"][0]), thing=thing)
            return T("You are done looking for the {thing}: wait for the next tile.", thing=thing)
        called = [c["tile"] for c in state["claims"] if c["seat"] == seat]
        if called:
            return T("You have already called the {thing}: wait for the tie window to close.", thing=named(called[0]))
        if seat in state.get("wrong_calls", []):
            return T("Your call matched no grid card, so you are out of this round: wait for the grid to change.")
        if state["mode"] == TURNS and self.playable(state, seat):
            return T("It is {who}'s turn to play a Find Me tile.", who=seat_ref(state["turn"]))
        return T("None of your face-up Find Me tiles matches a card in the grid, so you cannot play now.")

    def explain_refusal(self, state: State, seat: int, key: str) -> Text:
        verb, _, rest = key.partition(":")
        if state["variant"] == EXPERT:
            return self._explain_expert(state, seat, verb, rest)
        if state["phase"] == "reveal":
            return T("No tile is face up yet: turn over the next Find Me tile first (reveal).")
        thing = OBJECTS[state["tile"]]
        hint = T(" Claim your cards that show {thing} (claim:N), then say done.", thing=thing.a_name)
        if verb == "reveal":
            if thing.article == "an":
                return T("An {thing} is already face up: everyone is looking for it.{hint}", thing=said(thing.name),
                         hint=hint)
            return T("A {thing} is already face up: everyone is looking for it.{hint}", thing=said(thing.name), hint=hint)
        if verb == "tile":
            return T("Find Me tiles are played from a hand only in Expert Finders Keepers.{hint}", hint=hint)
        if verb != "claim":
            return T("{key} is not a move now.{hint}", key=Code(repr(key)), hint=hint)
        if not rest.isdigit():
            return T("Name a card by the number printed on it, like claim:17.{hint}", hint=hint)
        number = int(rest)
        if number not in CARDS:
            return T("There is no card {card}: cards are numbered 1–60.{hint}", card=number, hint=hint)
        for other in range(state["players"]):
            if number in state["keepers"][other]:
                if other == seat:
                    return T("Card {card} is already in your Keepers pile.{hint}", card=number, hint=hint)
                return T("Card {card} is already in {who}'s Keepers pile.{hint}", card=number, who=seat_ref(other),
                         hint=hint)
            if number in state["spreads"][other] and other != seat:
                return T("Card {card} is {who}'s card, not yours.{hint}", card=number, who=seat_ref(other), hint=hint)
        return T("Card {card} is not in play in this game.{hint}", card=number, hint=hint)

    def _explain_expert(self, state: State, seat: int, verb: str, rest: str) -> Text:
        able = self.playable(state, seat)
        hint: str = ""
        if able:
            hint = T(" You can play: {keys}.", keys=Code(", ".join(f"tile:{t}" for t in able)))
        if verb != "tile":
            return T("In Expert Finders Keepers you play one of your face-up Find Me tiles.{hint}", hint=hint)
        if rest not in OBJECTS:
            return T("There is no {tile} tile: tiles are named like tile:key or tile:ice-cream.{hint}", tile=Code(repr(rest)),
                     hint=hint)
        name = named(rest)
        if rest in state["hands"][seat]:
            return T("No card in the grid shows the {thing}, and you must play a tile that matches.{hint}", thing=name,
                     hint=hint)
        for other in range(state["players"]):
            if rest in state["hands"][other]:
                return T("The {thing} tile is {who}'s, not yours.{hint}", thing=name, who=seat_ref(other), hint=hint)
        if rest in state["used"]:
            return T("The {thing} tile has already been played.{hint}", thing=name, hint=hint)
        return T("The {thing} tile is not face up in your hand (face-down tiles cannot be played).{hint}", thing=name,
                 hint=hint)
