"""Chomp!: turn cards over together and chomp the lowest creature on the food chain.

The rules, as implemented here (every ruling is written down, with reasons, in
``data/chomp/README.md``):

* **Cards.** 52 cards: 7 each of six creatures — from the bottom of the food chain up:
  plankton, shrimp, little fish, big fish, seal, shark — plus 5 octopus and 5 electric eel
  action cards (:data:`DECK_SPLIT`). A creature chomps only creatures strictly below it;
  nothing chomps an octopus or an eel, and nobody chomps their own kind.
* **Deal.** The shuffled deck is dealt out evenly; the few cards left over go back in the
  box. Each seat has a face-down *draw pile* and a face-down *discard pile* for winnings.
  An empty draw pile is refilled by shuffling the discard pile.
* **A round (3–5 players).** Everyone still in turns over the top card of their draw pile
  at once (the reveal is automatic). Then every one of them may *slap* one card on the
  table (``chomp:N`` = the card of player N, 1-based as in the pictures) or hold
  (``pass``); each seat acts at most once per round.

  - A slap on another player's card that shows the *lowest* creature on the table, when
    your card can chomp it, is a *good chomp*. The first good chomp wins the round: the
    winner takes their own card, every card on the table their card can chomp, and
    everything waiting in the middle. Other cards go back to their owners' discard piles.
    Holders of the lowest card can never chomp well. A slap on a card you could eat that
    is not the lowest is a *miss*: no chomp and no penalty, but your slap is spent.
  - Every other slap is a **bad chomp** — your own card, a card higher than yours, the same
    creature as yours, or any slap during an ink-out. The bad chomper puts their top card
    face down in the middle and forfeits the card they turned over: the round's winner
    takes both; with no winner both stay in the middle for the next winner.
  - **Ink out.** An octopus on the table (and no eel) means nobody can chomp: the whole
    round is set aside in the middle and goes to the winner of a later round.
  - **Feeding frenzy.** An electric eel on the table (even beside an octopus) lets
    everybody chomp any card but their own; the first good chomp takes *every* card.
  - **Ties.** Good chomps within the tie window (live mode) tie: the round is set aside
    in the middle like an ink-out, and the next round's winner takes it.
  - Nobody chomping (a deadline in live mode, everyone holding) sends every card back to
    its owner's discard pile; anything in the middle stays there.
* **Out and the end.** A player with no cards left when a round starts is washed up. With
  two players left out of three or more, ``endgame=count`` ends the game (most cards
  wins) and ``endgame=war`` continues as Underwater War.
* **Underwater War (2 players).** In turns mode either player turns both top cards over
  (``flip``); live, the table clock turns them (:data:`FLIP_MS` after the last battle) and
  a player may only sit out the coming battle (``pass``). The
  higher creature takes both cards. Equal creatures: each lays two cards face down and
  one face up, and the higher face-up card takes everything. An octopus: each turns over
  one more card. An electric eel (it beats an octopus): the first to ``slap`` it takes
  everything; a tie or nobody slapping leads to a war as for equal creatures.
* **Round limit.** After :data:`ROUND_LIMIT` rounds (War reveals included) the cards are
  counted; a war already under way is played out first.

**Timed play** (``mode=live``, :meth:`Chomp.is_timed`): prompts, labels, the reveal line
and the view read the same in every kind of round (spotting an ink-out or a frenzy is the
game); the kind is told when the round settles. A round's prompts carry a deadline
of the reveal time plus :data:`ROUND_MS`; the first good chomp opens the tie window (option
``tie``, in ms) and the players who have not acted keep prompts whose deadline is the end
of the window. When a deadline passes, :meth:`Chomp.on_deadline` settles the round. In War
the countdown prompts expire after :data:`FLIP_MS` and the cards turn by themselves.

**Turns mode** (``mode=turns``, play-by-post): the same decisions, answered privately by
every player still in; the round is settled when all have answered, in the order the
answers arrived (so the earlier good chomp wins and there are no ties). Pending answers are
hidden from other seats (see :meth:`Chomp.view` and :meth:`Chomp.conceal`).

The state is plain JSON::

    {"rng": 1234..., "players": 4, "mode": "live", "endgame": "count", "tie": 300,
     "now": 0, "draw": [["shark", ...], ...], "discard": [[...], ...], "box": [],
     "out": [None, None, 12, None], "war": False, "phase": "chomp", "kind": "chomp",
     "round": 13, "table": [[{"card": "seal", "up": True}], ...],
     "center": [{"card": "shrimp", "owner": 2, "up": True}], "carry": ["ink"],
     "opened": 96000, "first": None, "slaps": [{"seat": 1, "key": "chomp:3", "at": 96800}],
     "forfeit": [], "flip": "new", "last": {...}, "end": None}

Top of a draw pile is its *last* element. Texts use ``{seatN}`` placeholders (0-based seat)
that the session layer fills with names.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, ClassVar

from bot.engine import (
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
from bot.engine.search import rewards
from bot.engine.words import Code, Text, listing
from bot.games.chomp.messages import T, Tn, a_name, commas, counted, said, shown, stored, two_alike
from bot.games.chomp.messages import cards as _cards
from bot.games.chomp.orders import ChompOrders

# -- the deck ---------------------------------------------------------------------------

SHARK = "shark"
SEAL = "seal"
BIG_FISH = "big fish"
LITTLE_FISH = "little fish"
SHRIMP = "shrimp"
PLANKTON = "plankton"
OCTOPUS = "octopus"
EEL = "electric eel"

FOOD_CHAIN: tuple[str, ...] = (PLANKTON, SHRIMP, LITTLE_FISH, BIG_FISH, SEAL, SHARK)
"""The six creatures from the bottom of the food chain to the top."""
RANK: dict[str, int] = {creature: level for level, creature in enumerate(FOOD_CHAIN, start=1)}
"""Food-chain level of each creature (plankton 1 ... shark 6); action cards have none."""
ACTION_CARDS: tuple[str, ...] = (OCTOPUS, EEL)

DECK_SPLIT: dict[str, int] = {**{creature: 7 for creature in reversed(FOOD_CHAIN)}, OCTOPUS: 5, EEL: 5}
"""Our design (the split is not published): 7 of each creature, 5 octopus, 5 eels = 52."""
DECK: tuple[str, ...] = tuple(card for card, count in DECK_SPLIT.items() for _ in range(count))

# -- design values ----------------------------------------------------------------------

ROUND_MS = 8000
"""Live mode: how long after a reveal the players have to chomp before the round settles."""
FLIP_MS = 4000
"""Live mode, Underwater War: the cards turn over by themselves this long after the last battle."""
TIE_CHOICES: tuple[str, ...] = ("0", "150", "300", "500", "1000")
ROUND_LIMIT = 300
"""Reveals (Chomp rounds and War flips) after which the game ends and cards are counted."""
SENSIBLE_ANSWERS = 0.8
"""How often :meth:`Chomp.conceal` redraws another seat's sealed answer as the heuristic's."""
EVALUATION_SHARPNESS = 4.8
"""The softmax weight of a seat's share of the 52 cards in :meth:`Chomp.evaluate` (fitted)."""

PASS = "pass"
FLIP = "flip"
SLAP = "slap"
SIT_OUT = Action(PASS, T("Sit out the next battle (no eel slap); the cards turn by themselves"), main=True)
"""Live Underwater War's countdown move (see :meth:`Chomp.legal_prompts`)."""

# phases
CHOMP_PHASE = "chomp"
FLIP_PHASE = "flip"
SLAP_PHASE = "slap"
OVER = "over"

# round kinds (3+ players) and war flips
NORMAL = "chomp"
INK = "ink"
FRENZY = "frenzy"
NEW = "new"
WAR = "war"

# verdicts on a slap
GOOD = "good"
OWN = "own"
HIGHER = "higher"
SAME = "same"
INKED = "ink"
MISS = "miss"
"""A slap on a card the slapper could eat that is not the lowest: no chomp, and no penalty."""
BAD_REASONS: dict[str, Text] = {
    OWN: T("nobody may chomp their own card"),
    HIGHER: T("it is higher on the food chain than their own card"),
    SAME: T("it is the same creature as their own"),
    INKED: T("nobody may chomp in an ink-out"),
}
"""Why a slap is a bad chomp, after "Bad chomp! X slaps Y's seal: ..."."""


def can_chomp(eater: str, food: str) -> bool:
    """Whether creature ``eater`` may chomp ``food``: only creatures strictly lower. Octopus
    and eel never chomp (outside a frenzy) and are never chomped."""
    return eater in RANK and food in RANK and RANK[eater] > RANK[food]


def round_kind(cards: Iterable[str | None]) -> str:
    """What a 3+ player reveal is: an eel makes a frenzy (it beats an octopus), an octopus an
    ink-out, anything else an ordinary chomp round."""
    shown = set(cards)
    if EEL in shown:
        return FRENZY
    if OCTOPUS in shown:
        return INK
    return NORMAL


def judge(cards: list[str | None], seat: int, target: int) -> str:
    """The verdict on ``seat`` slapping the card of ``target`` with ``cards`` face up.

    ``cards[s]`` is seat ``s``'s card this round (``None`` for a seat without one). Returns
    :data:`GOOD`, :data:`MISS` or the reason it is a bad chomp (:data:`BAD_REASONS`). The
    four bad cases are the rulebook's. Outside a frenzy only a slap on the *lowest* creature
    on the table wins ("the first player to slap the card with the lowest creature"); a slap
    on a card the slapper could eat that is not the lowest is a :data:`MISS`: not on the
    rulebook's list of bad chomps, so it costs nothing but the slapper's chance this round.
    """
    if target == seat:
        return OWN
    kind = round_kind(cards)
    if kind == INK:
        return INKED
    if kind == FRENZY:
        return GOOD
    mine, food = cards[seat], cards[target]
    assert mine is not None and food is not None
    if food == mine:
        return SAME
    if RANK[food] > RANK[mine]:
        return HIGHER
    if RANK[food] > min(RANK[card] for card in cards if card in RANK):
        return MISS
    return GOOD


def count_cards(cards: Iterable[str]) -> str:
    """``["big fish", "seal", "big fish"]`` -> ``"2 big fish and a seal"`` (chain order, top first)."""
    counts = Counter(cards)
    order = [*reversed(FOOD_CHAIN), EEL, OCTOPUS]
    parts = [counted(card, counts[card]) for card in order if counts[card]]
    return listing(parts) if parts else T("nothing")


def whose_card(seat: int, target: int, card: str) -> Text:
    """The card a slap lands on, after "slaps": "their own seal" or "{seat2}'s seal"."""
    if target == seat:
        return T("their own {card}", card=said(card))
    return T("{who}'s {card}", who=seat_ref(target), card=said(card))


def seat_number(key: str) -> int | None:
    """The 0-based seat named by ``chomp:N`` (N is 1-based), or None if the key is not one."""
    verb, _, rest = key.partition(":")
    if verb != "chomp" or not rest.isdigit() or rest.startswith("0"):
        return None
    return int(rest) - 1


@lru_cache(maxsize=4096)
def chomp_actions(cards: tuple[str | None, ...], seat: int, live: bool = False) -> tuple[Action, ...]:
    """What ``seat`` may do in a round with ``cards`` face up: slap any card on the table
    (``chomp:N``, its own included — a bad chomp is a legal move that costs a card) or hold.

    ``live``: the labels only say whose card it is, the same in every round, because the
    moment of recognising an ink-out or a frenzy is the skill the game tests (turns mode
    keeps the helpful labels). Cached: a prompt is built many times per move.
    """
    mine = cards[seat]
    assert mine is not None
    frenzy = round_kind(cards) == FRENZY
    actions = []
    for target, card in enumerate(cards):
        if card is None:
            continue
        who = seat_ref(target)
        if live:
            label = T("Slap your own card") if target == seat else T("Slap {who}'s card", who=who)
        elif target == seat:
            label = T("Slap your own {card}", card=said(mine))
        elif frenzy:
            label = T("Frenzy: chomp {who}'s {card}", who=who, card=said(card))
        elif mine in RANK:
            label = T("Chomp {who}'s {card} with your {mine}", who=who, card=said(card), mine=said(mine))
        else:
            label = T("Chomp {who}'s {card}", who=who, card=said(card))
        actions.append(Action(f"chomp:{target + 1}", label, main=True))
    # All main, in table order: with five players (six moves) they are two rows of buttons,
    # never a menu, so a chomp stays one tap.
    actions.append(Action(PASS, T("Hold: don't chomp this round"), main=True))
    return tuple(actions)


# -- the game ---------------------------------------------------------------------------


class Chomp(ChompOrders, Game):
    """Chomp! for 2–5 players (2 players: Underwater War). See the module docstring."""

    slug: ClassVar[str] = "chomp"
    title: ClassVar[str] = T("Chomp")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    summary: ClassVar[str] = T(
        "Turn cards over together and be first to chomp the lowest creature on the food chain."
    )
    realtime: ClassVar[bool] = True
    grouped: ClassVar[bool] = True
    """Every move is a button (one tap). Main marks keep each prompt's order: flip, slap and
    sit out come first anyway, and a chomp prompt is main throughout, so no button moves."""
    version: ClassVar[int] = 2
    """2: only the lowest creature wins a round; live War turns its cards on the clock."""
    rules_file: ClassVar[str] = "chomp.txt"
    render_module: ClassVar[str] = "bot.games.chomp.render"
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "mode", "live", ("live", "turns"), T("live: first click wins; turns: private answers (play-by-post)")
        ),
        Option(
            "endgame",
            "count",
            ("count", "war"),
            T("when two players are left of three or more: count cards, or play on as Underwater War"),
        ),
        Option("tie", "300", TIE_CHOICES, T("live mode: chomps this many ms after the first one tie")),
    )

    # -- setup -------------------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """Shuffle, deal evenly (extras to the box) and, with 3+ players, reveal round 1."""
        self.check_players(players)
        chosen = self.resolve_options(options)
        state: State = {"rng": seed_value(seed)}
        deck = list(DECK)
        Rng(state).shuffle(deck)
        each = len(deck) // players
        state.update(
            {
                "players": players,
                "mode": chosen["mode"],
                "endgame": chosen["endgame"],
                "tie": int(chosen["tie"]),
                "now": 0,
                "draw": [deck[s * each : (s + 1) * each] for s in range(players)],
                "discard": [[] for _ in range(players)],
                "box": deck[players * each :],
                "out": [None] * players,
                "war": players == 2,
                "phase": FLIP_PHASE if players == 2 else CHOMP_PHASE,
                "kind": NEW if players == 2 else NORMAL,
                "round": 0,
                "table": [[] for _ in range(players)],
                "center": [],
                "carry": [],
                "opened": 0,
                "board": 0,  # counts reopenings: a live board's identity (see epoch)
                "first": None,
                "slaps": [],
                "forfeit": [],
                "flip": NEW,
                "last": None,
                "end": None,
            }
        )
        if players > 2:
            self._reveal(state)
        return state

    def max_actions(self, players: int) -> int:
        """A true bound: a Chomp round takes at most one action per player (the last one, or
        a deadline, settles it); a War reveal at most a flip and two slaps or a slap and a
        deadline. :data:`ROUND_LIMIT` caps the rounds that start afresh, and the follow-up
        flips of a war or an ink-out past it are few, since each takes a card from each pile
        and nobody wins cards until the battle ends."""
        return ROUND_LIMIT * (max(players, 3) + 1) + 40

    def is_timed(self, state: State) -> bool:
        return state["mode"] == "live"

    def forced(self, state: State, prompt: Prompt) -> bool:
        """In turns mode "turn the cards over" is every active player's one action, and the
        first to press it turns them for all: it plays itself (it shows nothing hidden, and
        without a clock who presses first changes only the log line). Live mode: never."""
        return (len(prompt.actions) == 1 and not prompt.private and prompt.deadline is None
                and not self.is_timed(state))

    def epoch(self, state: State) -> int | None:
        """Live boards keep their meaning until the next reveal: clicks by several players
        on one board count, and a board from before a reveal is outdated."""
        return state["board"] if self.is_timed(state) else None

    # -- prompts -----------------------------------------------------------------------

    def legal_prompts(self, state: State) -> list[Prompt]:
        phase = state["phase"]
        if phase == OVER:
            return []
        deadline = self._deadline(state)
        acted = {slap["seat"] for slap in state["slaps"]}
        if phase == FLIP_PHASE:
            text, label = self._flip_words(state)
            if state["mode"] == "live":
                # The table turns the cards on the clock: no player may choose the moment
                # (they would know it first and get a head start on an eel). A prompt still
                # carries the countdown, and its one move is to sit out the coming battle.
                return [
                    Prompt(seat, T("{who}: {text}", who=seat_ref(seat), text=text), (SIT_OUT,), True, deadline)
                    for seat in self.active(state)
                    if seat not in acted
                ]
            return [
                Prompt(seat, T("{who}: {text}", who=seat_ref(seat), text=text), (Action(FLIP, label, main=True),), True,
                       deadline)
                for seat in self.active(state)
            ]
        if phase == SLAP_PHASE:
            actions = (
                Action(SLAP, T("Slap the electric eel: feeding frenzy!"), main=True),
                Action(PASS, T("Hold: don't slap")),
            )
            return [
                Prompt(seat, T("{who}: an electric eel is up! Slap it first to take every card on the table.",
                               who=seat_ref(seat)), actions, True, deadline)
                for seat in self.active(state)
                if seat not in acted
            ]
        cards = self.face_up(state)
        live = state["mode"] == "live"
        prompts = []
        for seat in self.active(state):
            if seat in acted:
                continue
            actions = chomp_actions(tuple(cards), seat, live)
            if live:
                text = T("{who}: the cards are up! Slap the lowest creature, or hold.", who=seat_ref(seat))
            else:
                text = T("{who}: you turned over {card}. Chomp a card or hold.", who=seat_ref(seat),
                         card=a_name(cards[seat] or ""))
            prompts.append(Prompt(seat, text, actions, True, deadline))
        return prompts

    def _flip_words(self, state: State) -> tuple[Text, str]:
        flip = state["flip"]
        if state["mode"] == "live":
            if flip == WAR:
                return (T("war: two cards face down and one up turn over by themselves when the countdown ends."), "")
            if flip == OCTOPUS:
                return (T("ink out: the next cards turn over by themselves when the countdown ends."), "")
            return (T("the next cards turn over by themselves when the countdown ends."), "")
        if flip == WAR:
            return (
                T("it's a war! Lay two cards face down and turn one up (either player may)."),
                T("War: lay 2 cards face down, turn 1 up"),
            )
        if flip == OCTOPUS:
            return (
                T("ink out! Each player turns over the next card (either player may)."),
                T("Ink out: turn over the next cards"),
            )
        return (T("turn over the top cards (either player may)."), T("Turn over the top cards"))

    def _deadline(self, state: State) -> int | None:
        """Live mode: the reveal plus :data:`ROUND_MS` (War flips: :data:`FLIP_MS`), or the
        end of the tie window once a good chomp or slap is in."""
        if state["mode"] != "live":
            return None
        if state["first"] is not None:
            return state["first"] + state["tie"]
        if state["phase"] == FLIP_PHASE:
            return state["opened"] + FLIP_MS
        return state["opened"] + ROUND_MS

    # -- actions -----------------------------------------------------------------------

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        phase = state["phase"]
        at = state["now"] if state["mode"] == "live" else None
        if phase == FLIP_PHASE:
            if state["mode"] != "live":
                return self._flip(state, by=seat)
            state["slaps"].append({"seat": seat, "key": PASS, "at": at})
            events = [Event(T("{who} sits out the next battle: no eel slap for them.", who=seat_ref(seat)))]
            if self._all_acted(state):  # nobody may slap, so turning at once helps nobody
                events += self._flip(state, by=None)
            return events
        if state["mode"] == "turns":
            label = next(
                a.label
                for p in self.legal_prompts(state)
                if p.seat == seat
                for a in p.actions
                if a.key == key
            )
            state["slaps"].append({"seat": seat, "key": key, "at": at})
            return self._answer_privately(state, seat, label)
        state["slaps"].append({"seat": seat, "key": key, "at": at})
        if phase == SLAP_PHASE:
            return self._live_slap(state, seat, key)
        return self._live_chomp(state, seat, key)

    def _answer_privately(self, state: State, seat: int, label: Text) -> list[Event]:
        """Turns mode: the answer is noted; only its author is told what it was. The round
        is settled when everyone still in has answered."""
        events = [
            Event(T("{who} has answered.", who=seat_ref(seat)), visible_to=None),
            Event(T("Your answer: {label}.", label=label), visible_to=seat),
        ]
        if self._all_acted(state):
            events += (
                self._settle_war_slap(state) if state["phase"] == SLAP_PHASE else self._settle_chomp(state)
            )
        return events

    def _live_chomp(self, state: State, seat: int, key: str) -> list[Event]:
        cards = self.face_up(state)
        if key == PASS:
            events = [Event(T("{who} holds.", who=seat_ref(seat)))]
        else:
            target = seat_number(key)
            assert target is not None
            verdict = judge(cards, seat, target)
            whose = whose_card(seat, target, cards[target] or "")
            if verdict == MISS:
                events = [Event(self._miss_text(seat, whose))]
            elif verdict == GOOD:
                if state["first"] is None:
                    state["first"] = state["now"]
                    events = [Event(T("Chomp! {who} slaps {whose}.", who=seat_ref(seat), whose=whose))]
                else:
                    late = state["now"] - state["first"]
                    events = [
                        Event(T("Chomp! {who} slaps {whose} too, {late} ms later.", who=seat_ref(seat), whose=whose,
                                late=late))
                    ]
            else:
                events = self._bad_chomp(state, seat, verdict, whose)
        if (state["first"] is not None and state["tie"] == 0) or self._all_acted(state):
            events += self._settle_chomp(state)
        return events

    @staticmethod
    def _miss_text(seat: int, whose: Text) -> Text:
        return T("{who} slaps {whose}: not the lowest creature, so no chomp (and no penalty), but their slap is "
                 "spent for this round.", who=seat_ref(seat), whose=whose)

    def _live_slap(self, state: State, seat: int, key: str) -> list[Event]:
        if key == PASS:
            events = [Event(T("{who} holds.", who=seat_ref(seat)))]
        elif state["first"] is None:
            state["first"] = state["now"]
            events = [Event(T("Feeding frenzy! {who} slaps the electric eel.", who=seat_ref(seat)))]
        else:
            late = state["now"] - state["first"]
            events = [Event(T("{who} slaps the electric eel too, {late} ms later.", who=seat_ref(seat), late=late))]
        if (state["first"] is not None and state["tie"] == 0) or self._all_acted(state):
            events += self._settle_war_slap(state)
        return events

    def on_deadline(self, state: State) -> list[Event]:
        """The deadline passed: settle the round (or tie window), or flip in War."""
        phase = state["phase"]
        if phase == FLIP_PHASE:
            return self._flip(state, by=None)
        if phase == SLAP_PHASE:
            return self._settle_war_slap(state)
        if phase == CHOMP_PHASE:
            return self._settle_chomp(state)
        raise IllegalAction(T("The game is over."))

    def _all_acted(self, state: State) -> bool:
        acted = {slap["seat"] for slap in state["slaps"]}
        return all(seat in acted for seat in self.active(state))

    # -- bad chomps --------------------------------------------------------------------

    def _bad_chomp(self, state: State, seat: int, verdict: str, whose: Text) -> list[Event]:
        """Penalty: the top card goes face down to the middle; the card turned over is forfeit."""
        events: list[Event] = []
        state["forfeit"].append(seat)
        if "bad" not in state["carry"]:
            state["carry"].append("bad")
        penalty = self._take_top(state, seat, events)
        if penalty is None:
            then = T(" {who} has no card left to put in the middle.", who=seat_ref(seat))
        else:
            state["center"].append({"card": penalty, "owner": seat, "up": False})
            then = T(" A penalty card goes face down in the middle.")
        events.append(Event(T("Bad chomp! {who} slaps {whose}: {reason}.{then}", who=seat_ref(seat), whose=whose,
                              reason=BAD_REASONS[verdict], then=then)))
        return events

    # -- settling a Chomp round --------------------------------------------------------

    def _settle_chomp(self, state: State) -> list[Event]:
        """Decide the round from the slaps, move the cards and reveal the next round."""
        cards = self.face_up(state)
        snapshot = self.snapshot(state)
        kind = state["kind"]
        events: list[Event] = []
        goods: list[int] = []
        verdicts = []
        for slap in state["slaps"]:
            seat, key = slap["seat"], slap["key"]
            if key == PASS:
                verdicts.append({"seat": seat, "key": key, "verdict": PASS})
                continue
            target = seat_number(key)
            assert target is not None
            verdict = judge(cards, seat, target)
            verdicts.append({"seat": seat, "key": key, "verdict": verdict})
            if verdict == GOOD:
                goods.append(seat)
            elif verdict == MISS:
                if state["mode"] == "turns":
                    events.append(Event(self._miss_text(seat, whose_card(seat, target, cards[target] or ""))))
            elif state["mode"] == "turns":  # live bad chomps were punished when they happened
                events += self._bad_chomp(state, seat, verdict, whose_card(seat, target, cards[target] or ""))
        if state["mode"] == "turns":
            goods = goods[:1]  # answers count in the order they arrived: no ties
        # forfeited cards of bad chompers join the middle: the winner (if any) takes them
        for seat in state["forfeit"]:
            for laid in state["table"][seat]:
                state["center"].append({"card": laid["card"], "owner": seat, "up": True})
            state["table"][seat] = []
        winner: int | None = None
        taken = 0
        if kind == INK:
            self._set_aside(state)
            text = Tn("Ink out! Nobody may chomp: the round is set aside ({n} card now wait in the middle).",
                      "Ink out! Nobody may chomp: the round is set aside ({n} cards now wait in the middle).",
                      len(state["center"]))
            result = INK
        elif len(goods) > 1:
            self._set_aside(state, reason="tie")
            names = listing([seat_ref(s) for s in goods])
            text = Tn("A tie between {names}! The round is set aside ({n} card now wait in the middle).",
                      "A tie between {names}! The round is set aside ({n} cards now wait in the middle).",
                      len(state["center"]), names=names)
            result = "tie"
        elif goods:
            winner = goods[0]
            taken, text = self._win_round(state, winner, cards, frenzy=kind == FRENZY)
            result = FRENZY if kind == FRENZY else NORMAL
        else:
            self._return_table(state)
            waiting = len(state["center"])
            staying: str = ""
            if waiting:
                staying = Tn(" {n} card stay in the middle for the next winner.",
                             " {n} cards stay in the middle for the next winner.", waiting)
            if kind == FRENZY:
                text = T("A feeding frenzy, but nobody chomped: every card goes back to its owner's discard pile.{then}",
                         then=staying)
            else:
                text = T("Nobody chomped: every card goes back to its owner's discard pile.{then}", then=staying)
            result = "none"
        events.append(Event(text))
        state["last"] = {
            "round": state["round"],
            "result": result,
            "winner": winner,
            "taken": taken,
            "cards": cards,
            "table": snapshot,
            "slaps": verdicts,
            "text": stored(text),
        }
        events += self._next_round(state)
        return events

    def _win_round(self, state: State, winner: int, cards: list[str | None], frenzy: bool) -> tuple[int, Text]:
        """Move what ``winner`` chomps (and the middle) to their discard pile; the rest goes home."""
        mine = cards[winner]
        assert mine is not None
        won: list[str] = []
        for seat, laid in enumerate(state["table"]):
            for item in laid:
                if seat == winner or frenzy or can_chomp(mine, item["card"]):
                    won.append(item["card"])
                else:
                    state["discard"][seat].append(item["card"])
            state["table"][seat] = []
        middle = [item["card"] for item in state["center"]]
        shown = [item["card"] for item in state["center"] if item["up"]]
        hidden = len(middle) - len(shown)
        state["discard"][winner] += won + middle
        state["center"], state["carry"] = [], []
        taken = len(won) + len(middle)
        plus: str = ""
        if middle:
            extra = [count_cards(shown)] if shown else []
            if hidden:
                extra.append(Tn("{n} face-down", "{n} face-down", hidden))
            plus = T(", plus {extra} from the middle", extra=listing(extra))
        params = {"who": seat_ref(winner), "card": a_name(mine), "won": count_cards(won), "plus": plus,
                  "total": _cards(taken)}
        if frenzy:
            return taken, T("Feeding frenzy! {who} chomps first with {card} and takes {won}{plus} ({total}).", **params)
        return taken, T("{who} chomps first with {card} and takes {won}{plus} ({total}).", **params)

    def _set_aside(self, state: State, reason: str = INK) -> None:
        """Move every card on the table to the middle (ink-out, tie)."""
        for seat, laid in enumerate(state["table"]):
            for item in laid:
                state["center"].append({"card": item["card"], "owner": seat, "up": item["up"]})
            state["table"][seat] = []
        if reason not in state["carry"]:
            state["carry"].append(reason)

    def _return_table(self, state: State) -> None:
        for seat, laid in enumerate(state["table"]):
            state["discard"][seat] += [item["card"] for item in laid]
            state["table"][seat] = []

    # -- between rounds ----------------------------------------------------------------

    def _next_round(self, state: State) -> list[Event]:
        """Wash up players without cards, end the game or switch to War, else reveal."""
        events: list[Event] = []
        state["slaps"], state["forfeit"], state["first"] = [], [], None
        state["opened"] = state["now"]
        state["board"] += 1
        holders = [s for s in self.active(state) if self.pile_size(state, s)]
        if len(holders) < 2 and any(state["out"][item["owner"]] is None for item in state["center"]):
            # too few players to win the set-aside cards: they go back to who played them
            # (cards of players already washed up stay for whoever wins next)
            kept = []
            for item in state["center"]:
                if state["out"][item["owner"]] is None:
                    state["discard"][item["owner"]].append(item["card"])
                else:
                    kept.append(item)
            state["center"] = kept
            if not kept:
                state["carry"] = []
            events.append(
                Event(T("Too few players can play on: the cards in the middle go back to their owners."))
            )
        for seat in self.active(state):
            if not self.pile_size(state, seat):
                state["out"][seat] = state["round"]
                events.append(Event(T("{who} has no cards left and is washed up!", who=seat_ref(seat))))
        active = self.active(state)
        if len(active) <= 1:
            events += self._finish_last(state, active)
        elif len(active) == 2 and state["players"] > 2 and not state["war"]:
            if state["endgame"] == "count":
                events += self._finish_count(state, T("Two players are left, so they count their cards."))
            else:
                state["war"] = True
                state["phase"], state["flip"], state["kind"] = FLIP_PHASE, NEW, NEW
                names = listing([seat_ref(s) for s in active])
                events.append(Event(T("Two players are left: {names} play on as Underwater War.", names=names)))
        elif state["round"] >= ROUND_LIMIT:
            events += self._finish_count(
                state, T("The {limit}-round limit is reached: cards are counted.", limit=ROUND_LIMIT)
            )
        elif state["war"]:
            state["phase"], state["flip"], state["kind"] = FLIP_PHASE, NEW, NEW
        else:
            events += self._reveal(state)
        return events

    def _reveal(self, state: State) -> list[Event]:
        """Everyone still in turns over their top card at once (3+ players)."""
        events: list[Event] = []
        state["round"] += 1
        shown = []
        for seat in self.active(state):
            card = self._take_top(state, seat, events)
            assert card is not None
            state["table"][seat] = [{"card": card, "up": True}]
            shown.append(T("{who} {card}", who=seat_ref(seat), card=said(card)))
        kind = round_kind(self.face_up(state))
        state["kind"], state["phase"] = kind, CHOMP_PHASE
        state["opened"] = state["now"]
        state["board"] += 1
        # Live: what kind of round this is stays for the players to see (an ink-out is a
        # trap); it is told when the round is settled. Turns mode says it at once.
        told: str = ""
        if kind == FRENZY and state["mode"] == "turns":
            told = T(" An electric eel: feeding frenzy! Chomp any card but your own.")
        elif kind == INK and state["mode"] == "turns":
            told = T(" An octopus: ink out! Nobody may chomp.")
        text = T("Round {round} — {shown}.{told}", round=state["round"], shown=commas(shown), told=told)
        events.append(Event(text, reveals=True))
        return events

    # -- Underwater War ----------------------------------------------------------------

    def _flip(self, state: State, by: int | None) -> list[Event]:
        """Turn over the next cards of both players (a plain flip, a war, or after an octopus)."""
        events: list[Event] = []
        flip = state["flip"]
        state["round"] += 1
        players = self.active(state)
        empty = [s for s in players if not self.pile_size(state, s)]
        if empty:
            return self._war_runs_dry(state, players, empty)
        shown = []
        for seat in players:
            down = min(2, self.pile_size(state, seat) - 1) if flip == WAR else 0
            for _ in range(down):
                card = self._take_top(state, seat, events)
                assert card is not None
                state["table"][seat].append({"card": card, "up": False})
            card = self._take_top(state, seat, events)
            assert card is not None
            state["table"][seat].append({"card": card, "up": True})
            if down:
                shown.append(T("{who} {down} face down + {card}", who=seat_ref(seat), down=down, card=said(card)))
            else:
                shown.append(T("{who} {card}", who=seat_ref(seat), card=said(card)))
        what = {WAR: T("War! "), OCTOPUS: T("Ink out! ")}.get(flip, "")
        who = T("The cards turn over by themselves") if by is None else T("{who} turns the cards over", who=seat_ref(by))
        events.append(Event(T("{what}{who} — {shown}.", what=what, who=who, shown=commas(shown)), reveals=True))
        sat_out = list(state["slaps"])  # live: who sat this battle out before the cards turned
        events += self._judge_battle(state)
        if state["phase"] == SLAP_PHASE and sat_out:
            state["slaps"] = sat_out
            if self._all_acted(state):
                events += self._settle_war_slap(state)
        return events

    def _war_runs_dry(self, state: State, players: list[int], empty: list[int]) -> list[Event]:
        """A player must turn a card up and has none: they lose (both: cards are counted)."""
        if len(empty) == len(players):
            return self._finish_count(
                state, T("Both players ran out of cards in the same battle: the cards are counted.")
            )
        loser = empty[0]
        state["out"][loser] = state["round"]
        events = [Event(T("{who} has no card left to turn over and is washed up!", who=seat_ref(loser)))]
        return events + self._finish_last(state, self.active(state))

    def _judge_battle(self, state: State) -> list[Event]:
        a, b = self.active(state)
        cards = self.face_up(state)
        ca, cb = cards[a], cards[b]
        assert ca is not None and cb is not None
        state["slaps"], state["first"], state["opened"] = [], None, state["now"]
        state["board"] += 1
        if EEL in (ca, cb):
            state["phase"], state["kind"] = SLAP_PHASE, FRENZY
            return [Event(T("An electric eel! The first to slap it takes every card on the table."))]
        if OCTOPUS in (ca, cb):
            state["phase"], state["flip"], state["kind"] = FLIP_PHASE, OCTOPUS, INK
            return [Event(T("An octopus: ink out! Each player turns over the next card."))]
        if ca == cb:
            state["phase"], state["flip"], state["kind"] = FLIP_PHASE, WAR, WAR
            return [Event(two_alike(ca))]
        winner = a if RANK[ca] > RANK[cb] else b
        return self._win_battle(state, winner, T("{card} is higher on the food chain", card=a_name(cards[winner] or "")))

    def _settle_war_slap(self, state: State) -> list[Event]:
        slappers = [slap["seat"] for slap in state["slaps"] if slap["key"] == SLAP]
        if state["mode"] == "turns":
            slappers = slappers[:1]
        verdicts = [
            {"seat": s["seat"], "key": s["key"], "verdict": GOOD if s["key"] == SLAP else PASS}
            for s in state["slaps"]
        ]
        if len(slappers) == 1:
            events = self._win_battle(state, slappers[0], T("they slapped the electric eel first"))
            state["last"]["slaps"] = verdicts
            return events
        state["slaps"], state["first"], state["opened"] = [], None, state["now"]
        state["board"] += 1
        state["phase"], state["flip"], state["kind"] = FLIP_PHASE, WAR, WAR
        if slappers:
            text = T("Both slapped the eel at once: war! Each lays two cards face down and turns one up.")
        else:
            text = T("Nobody slapped the eel: war! Each lays two cards face down and turns one up.")
        state["last"] = {
            "round": state["round"],
            "result": "tie" if slappers else "none",
            "winner": None,
            "taken": 0,
            "cards": self.face_up(state),
            "table": self.snapshot(state),
            "slaps": verdicts,
            "text": stored(text),
        }
        return [Event(text)]

    def _win_battle(self, state: State, winner: int, why: Text) -> list[Event]:
        cards = self.face_up(state)
        snapshot = self.snapshot(state)
        won = [item["card"] for laid in state["table"] for item in laid]
        won += [item["card"] for item in state["center"]]
        state["discard"][winner] += won
        state["table"] = [[] for _ in state["table"]]
        state["center"], state["carry"] = [], []
        text = T("{who} wins the battle ({why}) and takes {cards}.", who=seat_ref(winner), why=why, cards=_cards(len(won)))
        state["last"] = {
            "round": state["round"],
            "result": "battle",
            "winner": winner,
            "taken": len(won),
            "cards": cards,
            "table": snapshot,
            "slaps": [],
            "text": stored(text),
        }
        return [Event(text), *self._next_round(state)]

    # -- the end -----------------------------------------------------------------------

    def _finish_last(self, state: State, active: list[int]) -> list[Event]:
        """One player (or none) is left: they take whatever is still out and win."""
        state["phase"] = OVER
        if not active:  # cannot happen (the middle goes back first), but end cleanly
            nobody = T("Nobody has any cards left.")
            state["end"] = {"reason": stored(nobody), "how": "count"}
            return [Event(nobody)]
        winner = active[0]
        for laid in state["table"]:
            state["discard"][winner] += [item["card"] for item in laid]
        state["discard"][winner] += [item["card"] for item in state["center"]]
        state["table"] = [[] for _ in state["table"]]
        state["center"], state["carry"] = [], []
        reason = T("{who} has chomped every card and rules the deep blue sea!", who=seat_ref(winner))
        state["end"] = {"reason": stored(reason), "how": "last"}
        return [Event(reason)]

    def _finish_count(self, state: State, why: Text) -> list[Event]:
        """End by counting: piles, plus own cards still on the table or in the middle."""
        state["phase"] = OVER
        kept = []
        for seat, laid in enumerate(state["table"]):
            for item in laid:
                if state["out"][seat] is None:
                    state["discard"][seat].append(item["card"])
                else:
                    kept.append({"card": item["card"], "owner": seat, "up": item["up"]})
        state["table"] = [[] for _ in state["table"]]
        for item in state["center"]:
            if state["out"][item["owner"]] is None:
                state["discard"][item["owner"]].append(item["card"])
            else:
                kept.append(item)  # a washed-up player's cards count for nobody
        state["center"] = kept
        if not kept:
            state["carry"] = []
        scores = self.scores(state)
        best = max(scores)
        top = [s for s in range(state["players"]) if scores[s] == best]
        if len(top) == 1:
            reason = T("{why} {who} wins with {cards}.", why=why, who=seat_ref(top[0]), cards=_cards(best))
        else:
            reason = T("{why} {names} share the win with {cards} each.", why=why,
                       names=listing([seat_ref(s) for s in top]), cards=_cards(best))
        state["end"] = {"reason": stored(reason), "how": "count"}
        return [Event(reason)]

    def scores(self, state: State) -> list[int]:
        return [self.pile_size(state, s) if state["out"][s] is None else 0 for s in range(state["players"])]

    def outcome(self, state: State) -> Outcome | None:
        """Most cards wins; players washed up earlier rank below those washed up later."""
        if state["phase"] != OVER:
            return None
        lasted = [ROUND_LIMIT + 1 if out is None else out for out in state["out"]]
        return Outcome.ranked(self.scores(state), shown(state["end"]["reason"]), tiebreak=lasted)

    # -- helpers -----------------------------------------------------------------------

    def active(self, state: State) -> list[int]:
        """Seats still in the game."""
        return [s for s in range(state["players"]) if state["out"][s] is None]

    @staticmethod
    def pile_size(state: State, seat: int) -> int:
        return len(state["draw"][seat]) + len(state["discard"][seat])

    @staticmethod
    def face_up(state: State) -> list[str | None]:
        """Each seat's top face-up card on the table this round (None: no card)."""
        shown: list[str | None] = []
        for laid in state["table"]:
            up = [item["card"] for item in laid if item["up"]]
            shown.append(up[-1] if up else None)
        return shown

    @staticmethod
    def snapshot(state: State) -> list[list[str | None]]:
        """The cards on the table as everyone sees them (``None`` = face down)."""
        return [[item["card"] if item["up"] else None for item in laid] for laid in state["table"]]

    def _take_top(self, state: State, seat: int, events: list[Event]) -> str | None:
        """The top card of ``seat``'s draw pile, reshuffling the discard pile when it is empty."""
        draw = state["draw"][seat]
        if not draw:
            discard = state["discard"][seat]
            if not discard:
                return None
            draw.extend(discard)
            discard.clear()
            Rng(state).shuffle(draw)
            events.append(
                Event(T("{who} shuffles their discard pile into a new draw pile ({cards}).", who=seat_ref(seat),
                        cards=_cards(len(draw))))
            )
        return draw.pop()

    # -- what players see --------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything face up; piles as counts only. In turns mode an unsettled answer is
        shown to its author alone (others see only that the seat has answered)."""
        over = state["phase"] == OVER
        secret = state["mode"] == "turns"
        acted = {slap["seat"]: slap for slap in state["slaps"]}
        cards = self.face_up(state)
        seats = []
        for s in range(state["players"]):
            slap = acted.get(s)
            shown_slap = None
            if slap is not None and (not secret or s == seat):
                target = seat_number(slap["key"])
                shown_slap = {"key": slap["key"], "target": target, "at": slap["at"]}
                if not secret and target is not None:  # live: everybody saw the slap land
                    shown_slap["verdict"] = judge(cards, s, target)
            seats.append(
                {
                    "seat": s,
                    "draw": len(state["draw"][s]),
                    "discard": len(state["discard"][s]),
                    "cards": self.pile_size(state, s),
                    "out": state["out"][s] is not None,
                    "out_round": state["out"][s],
                    "table": [item["card"] if item["up"] else None for item in state["table"][s]],
                    "card": cards[s],
                    "acted": slap is not None,
                    "slap": shown_slap,
                    "forfeit": s in state["forfeit"],
                }
            )
        center = state["center"]
        outcome = self.outcome(state)
        deadline = self.deadline(state) if state["mode"] == "live" else None
        return {
            "game": self.slug,
            "players": state["players"],
            "mode": state["mode"],
            "endgame": state["endgame"],
            "tie_ms": state["tie"],
            "now": state["now"],
            "deadline": deadline,
            "window": None if state["first"] is None else state["first"] + state["tie"],
            "war": state["war"],
            "phase": state["phase"],
            # live: the kind of a round is for the players to spot; it is told once settled
            "kind": None if state["mode"] == "live" and state["phase"] == CHOMP_PHASE else state["kind"],
            "first": state["first"],
            "flip": state["flip"],
            "round": state["round"],
            "round_limit": ROUND_LIMIT,
            "box": len(state["box"]),
            "seats": seats,
            "middle": {
                "up": [{"card": item["card"], "owner": item["owner"]} for item in center if item["up"]],
                "down": [
                    sum(1 for item in center if not item["up"] and item["owner"] == s)
                    for s in range(state["players"])
                ],
                "total": len(center),
                "carry": list(state["carry"]),
            },
            "last": self._last_view(state),
            "over": over,
            "outcome": None
            if outcome is None
            else {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "reason": outcome.reason},
        }

    @staticmethod
    def _last_view(state: State) -> dict[str, Any] | None:
        """The last settled round as the view shows it, its line back as a sayable text."""
        if state["last"] is None:
            return None
        last = json.loads(json.dumps(state["last"]))
        last["text"] = shown(last["text"])
        return last

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """Redraw what ``viewer`` cannot see: the order and contents of every face-down pile
        (draw piles, discard piles, face-down cards in the middle and in war stacks, the box)
        and, in turns mode, the other seats' pending answers.

        A redrawn answer is, :data:`SENSIBLE_ANSWERS` of the time, what a sensible player
        answers to the cards face up (the heuristic: a good chomp when there is one, else
        hold), otherwise any answer at random. The cards are public, so this guesses from
        nothing hidden; a hard bot's search then weighs its own answer against the answers
        players are likely to have given, not against mostly bad chomps."""
        hidden = json.loads(json.dumps(state))
        hidden["rng"] = rng.getrandbits(63)
        slots: list[tuple[list[Any], int, str | None]] = []
        pool: list[str] = []
        for piles in (hidden["draw"], hidden["discard"]):
            for pile in piles:
                for i, card in enumerate(pile):
                    slots.append((pile, i, None))
                    pool.append(card)
        for i, card in enumerate(hidden["box"]):
            slots.append((hidden["box"], i, None))
            pool.append(card)
        for item in hidden["center"]:
            if not item["up"]:
                slots.append((item, 0, "card"))
                pool.append(item["card"])
        for laid in hidden["table"]:
            for item in laid:
                if not item["up"]:
                    slots.append((item, 0, "card"))
                    pool.append(item["card"])
        shuffle_unseen(pool, rng)
        for (holder, index, field), card in zip(slots, pool, strict=True):
            if field is None:
                holder[index] = card
            else:
                holder[field] = card
        if hidden["mode"] == "turns":
            cards = self.face_up(hidden)
            targets = [s for s, card in enumerate(cards) if card is not None]
            for slap in hidden["slaps"]:
                if slap["seat"] == viewer:
                    continue
                if rng.random() < SENSIBLE_ANSWERS:
                    slap["key"] = SLAP if hidden["phase"] == SLAP_PHASE else self._heuristic_answer(
                        cards, slap["seat"], rng)
                elif hidden["phase"] == SLAP_PHASE:
                    slap["key"] = rng.choice([SLAP, PASS])
                else:
                    slap["key"] = rng.choice([PASS, *(f"chomp:{t + 1}" for t in targets)])
        return hidden

    # -- bots and refusals -------------------------------------------------------------

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        """A fair bot: a good chomp on a lowest card if it has one, else hold; always flips
        and slaps eels in War (live War's countdown offers only sitting out, which it takes
        when asked)."""
        prompt = next((p for p in self.legal_prompts(state) if p.seat == seat), None)
        if prompt is None:
            raise IllegalAction(T("This seat has nothing to decide now."))
        if state["phase"] == FLIP_PHASE:
            return prompt.actions[0].key
        if state["phase"] == SLAP_PHASE:
            return SLAP
        cards = self.face_up(state)
        targets = [t for t in (seat_number(a.key) for a in prompt.actions) if t is not None]
        good = [t for t in targets if judge(cards, seat, t) == GOOD]
        if not good:
            return PASS

        def level(target: int) -> int:  # action cards (a frenzy) count as the lowest
            return RANK.get(cards[target] or "", 0)

        lowest = min(level(t) for t in good)
        return f"chomp:{rng.choice([t for t in good if level(t) == lowest]) + 1}"

    # -- the hard level's search (bot.engine.search) ------------------------------------

    rollout_steps: ClassVar[int | None] = 4
    """A hard bot's rollouts stop after this many moves, the other answers of the round at up
    to five players (the round settles with its last answer), and :meth:`evaluate` scores the
    cards each seat then holds. Longer rollouts only add the noise of later rounds' turned
    cards: cut after ten moves, the search overruled the heuristic in 5 of 225 sampled
    three-player decisions, every time turning a hold into a slap that wins nothing (a miss
    or a bad chomp), and lost more games than normal; cut here, once (data/chomp/README.md)."""

    def rollout_agent(self, state: State, seat: int, rng: random.Random) -> str:
        """The heuristic's move (:meth:`agent`) read straight from the cards on the table,
        without building the prompts' texts: the same choice, several times faster."""
        phase = state["phase"]
        if phase == FLIP_PHASE:
            return PASS if state["mode"] == "live" else FLIP
        if phase == SLAP_PHASE:
            return SLAP
        return self._heuristic_answer(self.face_up(state), seat, rng)

    @staticmethod
    def _heuristic_answer(cards: list[str | None], seat: int, rng: random.Random) -> str:
        """The heuristic's answer in a Chomp round: a good chomp on a lowest card, else hold."""
        good = [t for t, card in enumerate(cards) if card is not None and judge(cards, seat, t) == GOOD]
        if not good:
            return PASS
        lowest = min(RANK.get(cards[t] or "", 0) for t in good)  # an action card (frenzy) counts as lowest
        return f"chomp:{rng.choice([t for t in good if RANK.get(cards[t] or '', 0) == lowest]) + 1}"

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's chance to win from the cards it holds, a softmax of the counts.

        Cards held are the piles plus the seat's cards on the table (a seat washed up holds
        none). :data:`EVALUATION_SHARPNESS` was fitted to who won 400 games at 3 and 300 at 4
        players (normal bots), from every round's counts. A finished game scores its outcome
        as the search does (:func:`bot.engine.search.rewards`)."""
        outcome = self.outcome(state)
        if outcome is not None:
            return rewards(outcome)
        players = state["players"]
        held = [
            self.pile_size(state, s) + len(state["table"][s]) if state["out"][s] is None else None
            for s in range(players)
        ]
        weights = [0.0 if cards is None else math.exp(EVALUATION_SHARPNESS * cards / len(DECK)) for cards in held]
        total = sum(weights)
        return [weight / total for weight in weights]

    def explain_refusal(self, state: State, seat: int, key: str) -> Text:
        phase = state["phase"]
        verb = key.partition(":")[0]
        typed = Code(repr(key))
        if phase == FLIP_PHASE:
            if state["mode"] == "live":
                if verb == PASS:
                    return T("You already sit out the next battle.")
                return T(
                    "In live Underwater War the cards turn over by themselves when the countdown "
                    "ends; you may only sit out the next battle (pass)."
                )
            if verb in ("chomp", SLAP, PASS):
                return T("Nothing is face up yet: turn the cards over first (flip).")
            return T("{key} is not a move now: choose flip to turn the cards over.", key=typed)
        if phase == SLAP_PHASE:
            if verb == "chomp":
                return T("In Underwater War you slap the electric eel itself: choose slap (or pass).")
            if verb == FLIP:
                return T("The cards are already turned over: slap the eel or pass.")
            return T("{key} is not a move now: choose slap or pass.", key=typed)
        players = state["players"]
        cards = self.face_up(state)
        on_table = [f"chomp:{s + 1}" for s, card in enumerate(cards) if card is not None]
        hint = T(" Choose one of: {keys} or pass.", keys=Code(", ".join(on_table)))
        if verb == FLIP:
            return T("The cards are already turned over: chomp one or pass.{hint}", hint=hint)
        if verb == SLAP:
            return T("Slap a card with chomp:N (N = the player's number) or pass.{hint}", hint=hint)
        if verb != "chomp":
            return T("{key} is not a move in Chomp.{hint}", key=typed, hint=hint)
        target = seat_number(key)
        if target is None:
            return T("Name a player by number, like chomp:2.{hint}", hint=hint)
        if target >= players:
            return T("There are only {players} players: there is no player {number}.{hint}", players=players,
                     number=target + 1, hint=hint)
        if state["out"][target] is not None:
            return T("{who} is washed up and has no card on the table.{hint}", who=seat_ref(target), hint=hint)
        return T("{who} has no card on the table this round.{hint}", who=seat_ref(target), hint=hint)
