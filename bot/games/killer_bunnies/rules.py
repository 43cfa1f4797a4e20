"""Killer Bunnies: keep a bunny alive, kill the others', collect carrots, hope for the magic one.

The rules as implemented (every choice is written down, with reasons, in
``data/killer-bunnies/README.md``; the deck is ours, in ``data/killer-bunnies/cards.json``):

* **Setup.** Everyone gets 7 cards. Kaballa Dolla go face up in front of their owner and
  Play Immediately cards are discarded; each is replaced from the draw pile, again and
  again. Then, all at once and in private, every player lays a bunny face down as the TOP
  RUN card (``top:<card>``) and any card as the BOTTOM RUN card (``bottom:<card>``). A player
  without a bunny first exchanges a card for the first bunny in the draw pile
  (``give:<card>``; the first-game rule), and the pile is shuffled again. A roll decides who
  starts.
* **A turn.** At the start of your turn you may shop at Kaballa's Market (``buy:cabbage``,
  ``buy:water``, ``buy:<carrot>``), then FLIP (``flip``): the top run card is turned over and
  resolved, the bottom card SLIDES up, you DRAW a card and REPLACE the bottom card from your
  hand (``run:<card>``). Hands hold 5 cards and the run 2: seven in all.
* **Cards.** A card with the pink box fails (is discarded) if its owner has no bunny in the
  Bunny Circle. A weapon kills the target bunny unless its die rolls more than its level;
  Feed the Bunny makes the target's owner pay cabbage and water or lose the bunny; Choose a
  Carrot takes carrots from the market.
* **Reactions.** When a weapon, Feed the Bunny, Choose a Carrot or Pickpocket is about to
  act, a reaction window opens: every other player with cards in hand gets a private prompt
  (``play:<card>`` or ``pass``), whether they hold a Special card or not. The window closes
  when all have answered (or, with ``mode=live``, when its deadline passes: silence is a pass).
* **End.** The game ends when the last carrot leaves the market. Players without a bunny hand
  their carrots to the player with a bunny and the most Kaballa Dolla; the small carrot deck
  is revealed from the top, and whoever holds the carrot of its bottom card wins.

State is plain JSON; card ids index :data:`~bot.games.killer_bunnies.cards.DECK`; the draw
pile's top is the END of its list. Texts use ``{seatN}`` placeholders for player names.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

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
    seed_value,
)
from bot.engine.contract import seat_ref
from bot.engine.rng import shuffle_unseen
from bot.engine.words import Code, Text

from .cards import CARROT_SLUGS, CARROTS, DECK, PRICES, SMALL_VALUES, Card
from .messages import CARD_NAMES, CARD_TYPES, CARROT_NAMES, DIE_COLOURS, SMALL_CARDS, T, carrots
from .orders import KillerBunniesOrders

SETUP = "setup"
START = "start"
TARGET = "target"
WINDOW = "window"
FEED = "feed"
CARROT = "carrot"
REPLACE = "replace"
OVER = "over"

HAND_SIZE = 5
UNHELD_KINDS = frozenset({"dolla", "misfortune"})
"""Card kinds that never stay in a hand or a run: a drawn one is laid down or played at once."""
"""Cards in hand between turns; with the two run cards a player always has seven."""
REACT_MS = 20_000
"""Live mode: how long a reaction window stays open (table clock, milliseconds)."""
DRAW_GUARD = 60
"""Most cards one draw may turn over (Dolla and misfortunes make you draw again): a pile of
nothing but Play Immediately cards must not loop for ever."""
ATTACKS = ("weapon", "feed", "carrot", "steal")
"""Run cards that open a reaction window before they act."""

BY_SLUG: dict[str, list[Card]] = {}
for _card in DECK:
    BY_SLUG.setdefault(_card.slug, []).append(_card)


def card(card_id: int) -> Card:
    return DECK[card_id]


def a_card(card_id: int) -> str:
    """``'Frying Pan (weapon 6)'``-style name for the log."""
    c = DECK[card_id]
    if c.kind == "weapon":
        return T("{card} (level {level}, {die} die)", card=CARD_NAMES[card_id], level=c.effect["level"],
                 die=DIE_COLOURS[c.dice[0]])
    if c.kind == "feed":
        return T("{card} ({cabbage} cabbage, {water} water)", card=CARD_NAMES[card_id], cabbage=c.effect["cabbage"],
                 water=c.effect["water"])
    return CARD_NAMES[card_id]


def label_of(card_id: int) -> str:
    return LABELS[card_id]


LABELS = tuple(T("{card} [{type}]", card=a_card(c.id), type=CARD_TYPES[c.type]) for c in DECK)
"""Action labels per card, made once: prompts list the hand on every move."""
FACES = tuple(c.to_json() for c in DECK)
"""Card faces for views, made once and shared (views are read, never changed)."""


def face(card_id: int) -> dict[str, Any]:
    return FACES[card_id]


def carrot_name(index: int) -> str:
    return T("the {carrot} carrot", carrot=CARROT_NAMES[index])


def carrot_index(slug: str) -> int | None:
    return CARROT_SLUGS.index(slug) if slug in CARROT_SLUGS else None


def pay_with(values: list[int], price: int) -> list[int] | None:
    """Indexes of the cards to pay ``price`` with: the least overpayment, then the fewest cards.

    Cards give no change (Kaballa keeps it; cabbage and water are eaten whole). ``None`` when
    the cards are not worth enough. Values are few and small, so a search over how many of
    each value to use is quick.
    """
    if sum(values) < price:
        return None
    counts: dict[int, list[int]] = {}
    for i, v in enumerate(values):
        counts.setdefault(v, []).append(i)
    kinds = sorted(counts)
    best: tuple[int, int, list[int]] | None = None

    def search(k: int, total: int, used: int, chosen: list[tuple[int, int]]) -> None:
        nonlocal best
        if total >= price:
            key = (total - price, used)
            if best is None or key < best[:2]:
                picks = [i for value, n in chosen for i in counts[value][:n]]
                best = (key[0], key[1], picks)
            return
        if k == len(kinds):
            return
        value = kinds[k]
        for n in range(len(counts[value]) + 1):
            search(k + 1, total + n * value, used + n, [*chosen, (value, n)] if n else chosen)
            if total + n * value >= price:
                break

    search(0, 0, 0, [])
    return None if best is None else sorted(best[2])


def pays_in_turn(state: State, seat: int, prices: list[int]) -> bool:
    """Whether the seat's Dolla pay for ``prices`` one purchase after another, each without
    change (:func:`pay_with`), so a sum of values is not enough."""
    notes = [DECK[c].effect["value"] for c in state["seats"][seat]["dolla"]]
    for price in prices:
        picks = pay_with(notes, price)
        if picks is None:
            return False
        notes = [v for i, v in enumerate(notes) if i not in picks]
    return True


def food_payable(state: State, seat: int, short: Mapping[str, int], best_case: bool) -> bool:
    """Whether the seat's Dolla pay, one by one, for enough cabbage and water cards to make up
    ``short`` when the highest values left come first (``best_case``) or the lowest. What is
    in the decks is public (every food card not in front of a player); their order is not."""
    prices: list[int] = []
    for kind in ("cabbage", "water"):
        if not short[kind]:
            continue
        values = sorted(state["small"][kind] + state["small"][f"{kind}_used"], reverse=best_case)
        total = count = 0
        while total < short[kind] and count < len(values):
            total += values[count]
            count += 1
        if total < short[kind]:
            return False
        prices += [PRICES[kind]] * count
    return pays_in_turn(state, seat, prices)


class KillerBunnies(KillerBunniesOrders, Game):
    """Killer Bunnies and the Quest for the Magic Carrot, with our own deck (2-8 players)."""

    slug = "killer-bunnies"
    title = T("Killer Bunnies")
    min_players = 2
    max_players = 8
    summary = T("Keep a bunny alive, kill everyone else's, grab carrots: one of them is magic.")
    options = (
        Option("mode", "turns", ("turns", "live"),
               T("turns: reaction windows wait for every answer (play-by-post deadlines apply); "
                 "live: a reaction window closes after {seconds} seconds.", seconds=REACT_MS // 1000)),
    )
    rules_file = "killer-bunnies.txt"
    grouped = True
    version = 2
    """2: the first-game exchange may be declined; a feeding offers only purchases that could
    still save the bunny (issue 28)."""
    render_module = "bot.games.killer_bunnies.render"

    # -- setup -------------------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        self.check_players(players)
        opts = self.resolve_options(options)
        state: State = {
            "rng": seed_value(seed),
            "players": players,
            "mode": opts["mode"],
            "now": 0,
            "draw": [c.id for c in DECK],
            "discard": [],
            "small": {"cabbage": list(SMALL_VALUES), "water": list(SMALL_VALUES),
                      "cabbage_used": [], "water_used": []},
            "market": list(range(len(CARROTS))),
            "magic": list(range(len(CARROTS))),
            "seats": [
                {"hand": [], "top": None, "bottom": None, "dolla": [], "cabbage": [], "water": [],
                 "carrots": [], "stage": 0}
                for _ in range(players)
            ],
            "circle": [],
            "turn": 0,
            "first": 0,
            "phase": SETUP,
            "pending": None,
            "window": None,
            "last_card": None,
            "last_by": None,
            "last_roll": None,
            "reshuffles": 0,
            "revealed": [],
            "winner": None,
            "handed": [],
            "reason": "",
        }
        rng = Rng(state)
        rng.shuffle(state["draw"])
        rng.shuffle(state["small"]["cabbage"])
        rng.shuffle(state["small"]["water"])
        rng.shuffle(state["magic"])
        events: list[Event] = []
        for seat in range(players):
            for _ in range(HAND_SIZE + 2):
                self._draw(state, seat, events, before_game=True)
        return state

    def max_actions(self, players: int) -> int:
        return 900 * players + 400

    def is_timed(self, state: State) -> bool:
        return state["mode"] == "live"

    # -- helpers -----------------------------------------------------------------------

    def bunnies_of(self, state: State, seat: int) -> list[int]:
        """The seat's bunnies in the Bunny Circle, oldest first."""
        return [b["card"] for b in state["circle"] if b["owner"] == seat]

    def owner_of(self, state: State, bunny: int) -> int | None:
        return next((b["owner"] for b in state["circle"] if b["card"] == bunny), None)

    @staticmethod
    def dolla(state: State, seat: int) -> int:
        return sum(DECK[c].effect["value"] for c in state["seats"][seat]["dolla"])

    def _reshuffle(self, state: State, events: list[Event]) -> bool:
        if not state["discard"]:
            return False
        state["draw"] = state["discard"]
        state["discard"] = []
        Rng(state).shuffle(state["draw"])
        state["reshuffles"] += 1
        events.append(Event(T("The draw pile is empty: the discards are shuffled into a new draw pile."), reveals=True))
        return True

    def _draw(self, state: State, seat: int, events: list[Event], *, before_game: bool = False) -> None:
        """Draw one card into ``seat``'s hand: Dolla go down and Play Immediately cards act
        (before the game they are only discarded), each replaced by another draw."""
        me = state["seats"][seat]
        for _ in range(DRAW_GUARD):
            if not state["draw"] and not self._reshuffle(state, events):
                events.append(Event(T("{seat} cannot draw: no cards are left to draw.", seat=seat_ref(seat))))
                return
            drawn = state["draw"].pop()
            c = DECK[drawn]
            if c.kind == "dolla":
                me["dolla"].append(drawn)
                events.append(Event(T("{seat} draws {card} and lays it down.", seat=seat_ref(seat), card=CARD_NAMES[drawn]),
                                    reveals=True))
                continue
            if c.kind == "misfortune":
                state["discard"].append(drawn)
                if before_game:
                    events.append(Event(T("{seat} discards a Terrible Misfortune before the game.", seat=seat_ref(seat)),
                                        reveals=True))
                    continue
                bunnies = self.bunnies_of(state, seat)
                if bunnies:
                    events.append(Event(T("{seat} draws a Terrible Misfortune!", seat=seat_ref(seat)), reveals=True))
                    self._kill(state, bunnies[-1], events, T("is struck by misfortune"))
                else:
                    events.append(Event(T("{seat} draws a Terrible Misfortune, but has no bunny to lose.",
                                            seat=seat_ref(seat)), reveals=True))
                continue
            me["hand"].append(drawn)
            if not before_game:
                events.append(Event(T("{seat} draws a card.", seat=seat_ref(seat)), reveals=True))
                events.append(Event(T("You draw {card}.", card=label_of(drawn)), visible_to=seat))
            return
        events.append(Event(T("{seat} stops drawing: the pile holds nothing that stays in a hand.", seat=seat_ref(seat))))

    def _kill(self, state: State, bunny: int, events: list[Event], how: str) -> None:
        """``bunny`` leaves the circle; ``how`` says what happened to it ("starves")."""
        owner = self.owner_of(state, bunny)
        state["circle"] = [b for b in state["circle"] if b["card"] != bunny]
        state["discard"].append(bunny)
        events.append(Event(T("{seat}'s {bunny} {how} and dies.", seat=seat_ref(owner if owner is not None else 0),
                                    bunny=CARD_NAMES[bunny], how=how)))

    def _take_small(self, state: State, kind: str, seat: int, events: list[Event]) -> bool:
        """The top cabbage or water card goes to ``seat``; False when none is left anywhere."""
        small = state["small"]
        if not small[kind]:
            if not small[f"{kind}_used"]:
                return False
            small[kind] = small[f"{kind}_used"]
            small[f"{kind}_used"] = []
            Rng(state).shuffle(small[kind])
        value = small[kind].pop()
        state["seats"][seat][kind].append(value)
        events.append(Event(T("{seat} gets a cabbage card worth {value}.", seat=seat_ref(seat), value=value)
                            if kind == "cabbage" else
                            T("{seat} gets a water card worth {value}.", seat=seat_ref(seat), value=value), reveals=True))
        return True

    def _small_left(self, state: State, kind: str) -> int:
        return len(state["small"][kind]) + len(state["small"][f"{kind}_used"])

    def _pay(self, state: State, seat: int, price: int) -> None:
        me = state["seats"][seat]
        picks = pay_with([DECK[c].effect["value"] for c in me["dolla"]], price)
        assert picks is not None
        paid = [me["dolla"][i] for i in picks]
        me["dolla"] = [c for i, c in enumerate(me["dolla"]) if i not in picks]
        state["discard"].extend(paid)

    # -- prompts -----------------------------------------------------------------------

    def legal_prompts(self, state: State) -> list[Prompt]:
        phase = state["phase"]
        if phase == OVER:
            return []
        if phase == SETUP:
            return self._setup_prompts(state)
        if phase == WINDOW:
            return self._window_prompts(state)
        turn = state["turn"]
        who = seat_ref(turn)
        if phase == START:
            top = state["seats"][turn]["top"]
            actions = [Action("flip", T("Flip your top run card") if top is not None else T("Nothing to flip: go on"),
                              main=True)]
            actions += self._buy_actions(state, turn, carrots=True)
            return [Prompt(turn, T("{seat}: shop at Kaballa's Market or flip your top run card.", seat=who),
                           tuple(actions))]
        pending = state["pending"]
        if phase == TARGET:
            c = DECK[pending["card"]]
            if c.kind == "steal":
                actions = [
                    Action(f"take:{CARROT_SLUGS[k]}", T("Take {carrot} from {seat}", carrot=carrot_name(k), seat=seat_ref(s)))
                    for s in range(state["players"]) if s != turn
                    for k in state["seats"][s]["carrots"]
                ]
                return [Prompt(turn, T("{seat}: choose a carrot to pick from another player's pocket.", seat=who),
                               tuple(actions))]
            actions = [
                Action(f"target:{DECK[b['card']].slug}", T("{bunny} of {seat}", bunny=CARD_NAMES[b["card"]],
                                                            seat=seat_ref(b["owner"])))
                for b in state["circle"] if b["owner"] != turn
            ]
            return [Prompt(turn, T("{seat}: choose the bunny for {card}.", seat=who, card=CARD_NAMES[c.id]),
                           tuple(actions))]
        if phase == FEED:
            owner = self.owner_of(state, pending["target"])
            assert owner is not None
            c = DECK[pending["card"]]
            actions = []
            short = self.shortfall(state)
            if not any(short.values()):
                actions.append(Action("feed", T("Feed the bunny (pay the cabbage and water)"), main=True))
            elif self.can_still_feed(state, owner, short):
                for a in self._buy_actions(state, owner, carrots=False):
                    kind = a.key[4:]
                    if short[kind]:
                        missing = T("{purchase}; {n} cabbage short", purchase=a.label, n=short[kind]) \
                            if kind == "cabbage" else T("{purchase}; {n} water short", purchase=a.label, n=short[kind])
                        actions.append(Action(a.key, missing, group=a.group))
            bunny = CARD_NAMES[pending["target"]]
            actions.append(Action("starve", T("Let {bunny} starve", bunny=bunny), main=True))
            choice = (T("feed it or let it starve") if actions[0].key == "feed" else
                      T("buy at the market or let it starve") if len(actions) > 1 else
                      T("no purchase can make up what is missing, so it starves"))
            text = T("{seat}: {bunny} needs {cabbage} cabbage and {water} water; {choice}.", seat=seat_ref(owner),
                     bunny=bunny, cabbage=c.effect["cabbage"], water=c.effect["water"], choice=choice)
            return [Prompt(owner, text, tuple(actions))]
        if phase == CARROT:
            actions = [Action(f"carrot:{CARROT_SLUGS[k]}", T("Take {carrot}", carrot=carrot_name(k)))
                       for k in state["market"]]
            text = T("{seat}: choose a carrot from the market.", seat=who) \
                if pending.get("snatcher") is None or pending["taken"] else \
                T("{seat}: choose a carrot from the market (it goes to the snatcher).", seat=who)
            return [Prompt(turn, text, tuple(actions))]
        if phase == REPLACE:
            actions = self._hand_actions(state, turn, "run", T("Lay as your bottom run card"))
            return [Prompt(turn, T("{seat}: choose your new bottom run card.", seat=who), tuple(actions), private=True)]
        raise AssertionError(f"unknown phase {phase}")

    def _hand_actions(self, state: State, seat: int, verb: str, label: str, only: Any = None,
                      group: tuple[str, ...] = ()) -> list[Action]:
        seen: set[str] = set()
        actions = []
        for cid in state["seats"][seat]["hand"]:
            c = DECK[cid]
            if c.slug in seen or (only is not None and not only(c)):
                continue
            seen.add(c.slug)
            actions.append(Action(f"{verb}:{c.slug}", T("{verb}: {card}", verb=label, card=LABELS[cid]), group=group))
        return actions

    def price_text(self, state: State, seat: int, price: int) -> str:
        """"10 Kaballa Dolla", or "2 Kaballa Dolla (you pay 10: no change)" when the seat's
        Dolla cards cannot make the price exactly (Kaballa gives no change)."""
        values = [DECK[c].effect["value"] for c in state["seats"][seat]["dolla"]]
        picks = pay_with(values, price)
        paid = price if picks is None else sum(values[i] for i in picks)
        if paid > price:
            return T("{price} Kaballa Dolla (you pay {paid}: no change)", price=price, paid=paid)
        return T("{price} Kaballa Dolla", price=price)

    def _buy_actions(self, state: State, seat: int, *, carrots: bool) -> list[Action]:
        money = self.dolla(state, seat)
        actions = []
        for kind in ("cabbage", "water"):
            if money >= PRICES[kind] and self._small_left(state, kind):
                cost = self.price_text(state, seat, PRICES[kind])
                actions.append(Action(f"buy:{kind}", T("Buy a cabbage card for {cost}", cost=cost) if kind == "cabbage"
                                      else T("Buy a water card for {cost}", cost=cost)))
        if carrots and money >= PRICES["carrot"]:
            cost = self.price_text(state, seat, PRICES["carrot"])
            actions += [Action(f"buy:{CARROT_SLUGS[k]}", T("Buy {carrot} for {cost}", carrot=carrot_name(k), cost=cost),
                               group=(T("Buy a carrot"),))
                        for k in state["market"]]
        return actions

    def shortfall(self, state: State) -> dict[str, int]:
        """While a bunny is being fed: how much cabbage and water its owner still lacks."""
        pending = state["pending"]
        owner = self.owner_of(state, pending["target"])
        assert owner is not None
        need = DECK[pending["card"]].effect
        me = state["seats"][owner]
        return {kind: max(0, need[kind] - sum(me[kind])) for kind in ("cabbage", "water")}

    def can_still_feed(self, state: State, seat: int, short: Mapping[str, int]) -> bool:
        """Whether buying could still cover the shortfall, in the best case.

        The decks' order is hidden but what is in them is not (every cabbage and water card
        not lying in front of a player), so the fewest cards that could make up each
        shortfall are the highest values left. Those purchases must be payable one by one
        from the seat's Dolla, each without change. When they are not, no purchase can save
        the bunny and none is offered (README, "Feed the Bunny").
        """
        return food_payable(state, seat, short, best_case=True)

    def _setup_prompts(self, state: State) -> list[Prompt]:
        prompts = []
        has_bunny_in_pile = any(DECK[c].kind == "bunny" for c in state["draw"])
        for seat, me in enumerate(state["seats"]):
            who = seat_ref(seat)
            if me["stage"] == 0:
                bunnies = self._hand_actions(state, seat, "top", T("Top run card"), lambda c: c.kind == "bunny")
                if bunnies:
                    prompts.append(Prompt(seat, T("{seat}: lay a bunny face down as your TOP RUN card.", seat=who),
                                          tuple(bunnies), simultaneous=True, private=True))
                elif has_bunny_in_pile:
                    # The first-game rule: a player without a bunny *may* exchange a card for
                    # one; laying any card on top instead declines it.
                    actions = self._hand_actions(state, seat, "give", T("Exchange for a bunny"), group=(T("Exchange"),))
                    actions += self._hand_actions(state, seat, "top", T("Keep your cards; top run card"),
                                                  group=(T("Top run card"),))
                    prompts.append(Prompt(seat, T("{seat}: you have no bunny; you may exchange a card for one from the "
                                                  "draw pile, or keep your cards and lay any card as your TOP RUN card.",
                                                  seat=who),
                                          tuple(actions), simultaneous=True, private=True))
                else:
                    actions = self._hand_actions(state, seat, "top", T("Top run card"))
                    prompts.append(Prompt(seat, T("{seat}: no bunny is left to find; lay any card as your TOP RUN card.",
                                                  seat=who),
                                          tuple(actions), simultaneous=True, private=True))
            elif me["stage"] == 1:
                actions = self._hand_actions(state, seat, "bottom", T("Bottom run card"))
                prompts.append(Prompt(seat, T("{seat}: lay any card face down as your BOTTOM RUN card.", seat=who),
                                      tuple(actions), simultaneous=True, private=True))
        return prompts

    def _window_prompts(self, state: State) -> list[Prompt]:
        window = state["window"]
        pending = state["pending"]
        deadline = window["opened"] + REACT_MS if state["mode"] == "live" else None
        c = DECK[pending["card"]]
        played = CARD_NAMES[c.id]
        with_bunny = {b["owner"] for b in state["circle"]}
        target = pending.get("target")
        target_owner = self.owner_of(state, target) if target is not None else None
        prompts = []
        for seat in window["seats"]:
            if str(seat) in window["answers"]:
                continue
            seen: set[str] = set()
            plays = []
            for cid in state["seats"][seat]["hand"]:
                r = DECK[cid]
                if r.kind == "reaction" and r.slug not in seen and self._fits(c, r, seat, with_bunny, target_owner):
                    seen.add(r.slug)
                    plays.append(Action(f"play:{r.slug}", T("Play: {card}", card=LABELS[cid])))
            text = T("{seat}: {player} plays {card}. React with a card from your hand, or pass.", seat=seat_ref(seat),
                     player=seat_ref(state["turn"]), card=played)
            prompts.append(Prompt(seat, text, (*plays, Action("pass", T("Pass"), main=True)),
                                  simultaneous=True, deadline=deadline, private=True))
        return prompts

    @staticmethod
    def _fits(attack: Card, r: Card, seat: int, with_bunny: set[int], target_owner: int | None) -> bool:
        """Whether reaction ``r`` may answer ``attack`` for ``seat`` (which seats have a bunny
        in the circle, and whose bunny is the target, are given)."""
        if attack.kind not in r.effect["on"]:
            return False
        if r.needs_bunny and seat not in with_bunny:
            return False
        if r.effect["who"] == "target":
            return attack.kind in ("weapon", "feed") and target_owner == seat
        return True

    # -- actions -----------------------------------------------------------------------

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        verb, _, arg = key.partition(":")
        phase = state["phase"]
        if phase == SETUP:
            return self._setup_action(state, seat, verb, arg)
        if phase == WINDOW:
            return self._answer(state, seat, key)
        events: list[Event] = []
        if verb == "buy":
            self._buy(state, seat, arg, events)
            if phase == START and not state["market"]:
                self._end_game(state, events)
            return events
        if phase == START:
            return self._flip(state)
        if phase == TARGET:
            if verb == "take":
                state["pending"]["carrot"] = carrot_index(arg)
            else:
                state["pending"]["target"] = next(b["card"] for b in state["circle"] if DECK[b["card"]].slug == arg)
            self._open_window(state, events)
            return events
        if phase == FEED:
            self._feed(state, verb == "feed", events)
            return events
        if phase == CARROT:
            self._choose_carrot(state, carrot_index(arg), events)
            return events
        if phase == REPLACE:
            me = state["seats"][seat]
            cid = next(c for c in me["hand"] if DECK[c].slug == arg)
            me["hand"].remove(cid)
            me["bottom"] = cid
            events.append(Event(T("{seat} lays a new bottom run card face down.", seat=seat_ref(seat))))
            events.append(Event(T("Your bottom run card: {card}.", card=label_of(cid)), visible_to=seat))
            self._next_turn(state, events)
            return events
        raise AssertionError(key)

    def _setup_action(self, state: State, seat: int, verb: str, arg: str) -> list[Event]:
        me = state["seats"][seat]
        events: list[Event] = []
        cid = next(c for c in me["hand"] if DECK[c].slug == arg)
        if verb == "give":
            bunny = next(c for c in reversed(state["draw"]) if DECK[c].kind == "bunny")
            state["draw"][state["draw"].index(bunny)] = cid
            me["hand"].remove(cid)
            me["hand"].append(bunny)
            Rng(state).shuffle(state["draw"])
            events.append(Event(T("{seat} had no bunny and exchanges a card for one from the draw pile.",
                                  seat=seat_ref(seat))))
            events.append(Event(T("You give {card} and find {bunny}.", card=label_of(cid), bunny=CARD_NAMES[bunny]),
                                visible_to=seat))
            return events
        me["hand"].remove(cid)
        if verb == "top":
            me["top"] = cid
            me["stage"] = 1
            events.append(Event(T("{seat} lays a top run card face down.", seat=seat_ref(seat))))
        else:
            me["bottom"] = cid
            me["stage"] = 2
            events.append(Event(T("{seat} lays a bottom run card face down.", seat=seat_ref(seat))))
        mine = T("Your top run card: {card}.", card=label_of(cid)) if verb == "top" else \
            T("Your bottom run card: {card}.", card=label_of(cid))
        events.append(Event(mine, visible_to=seat))
        if all(s["stage"] == 2 for s in state["seats"]):
            first = Rng(state).below(state["players"])
            state["first"] = state["turn"] = first
            state["phase"] = START
            events.append(Event(T("Everyone's run is ready. The dice say {seat} goes first.", seat=seat_ref(first)),
                                reveals=True))
        return events

    def _buy(self, state: State, seat: int, what: str, events: list[Event]) -> None:
        if what in ("cabbage", "water"):
            self._pay(state, seat, PRICES[what])
            bought = T("{seat} buys a cabbage card at Kaballa's Market.", seat=seat_ref(seat)) if what == "cabbage" \
                else T("{seat} buys a water card at Kaballa's Market.", seat=seat_ref(seat))
            events.append(Event(bought))
            self._take_small(state, what, seat, events)
            return
        index = carrot_index(what)
        assert index is not None
        self._pay(state, seat, PRICES["carrot"])
        state["market"].remove(index)
        state["seats"][seat]["carrots"].append(index)
        events.append(Event(T("{seat} buys {carrot} for {price} Kaballa Dolla.", seat=seat_ref(seat),
                              carrot=carrot_name(index), price=PRICES["carrot"])))

    def _flip(self, state: State) -> list[Event]:
        """FLIP the top run card, SLIDE the bottom one up, and resolve what was flipped."""
        turn = state["turn"]
        me = state["seats"][turn]
        events: list[Event] = []
        flipped = me["top"]
        me["top"], me["bottom"] = me["bottom"], None
        if flipped is None:
            events.append(Event(T("{seat} has no top run card to flip.", seat=seat_ref(turn))))
            self._after_card(state, events)
            return events
        c = DECK[flipped]
        state["last_card"] = flipped
        state["last_by"] = turn
        if state["last_roll"] is not None:
            # The picture shows the last card and the last roll side by side: a roll from an
            # earlier turn is marked so it is not read as this card's.
            state["last_roll"]["earlier"] = True
        state["pending"] = {"card": flipped, "target": None, "carrot": None, "left": 0,
                            "snatcher": None, "taken": False, "cancelled": False}
        events.append(Event(T("{seat} flips {card}.", seat=seat_ref(turn), card=a_card(flipped)), reveals=True))
        if c.kind == "bunny":
            state["circle"].append({"card": flipped, "owner": turn})
            state["pending"] = None
            events.append(Event(T("{bunny} hops into the Bunny Circle.", bunny=CARD_NAMES[flipped])))
            self._after_card(state, events)
            return events
        if c.kind == "reaction":
            events.append(Event(T("{card} only works from the hand, in answer to another card: it is discarded.",
                                  card=CARD_NAMES[flipped])))
            return self._fail(state, events)
        if c.needs_bunny and not self.bunnies_of(state, turn):
            events.append(Event(T("{seat} has no bunny in the Bunny Circle, so {card} fails.", seat=seat_ref(turn),
                                  card=CARD_NAMES[flipped])))
            return self._fail(state, events)
        if c.kind in ("weapon", "feed"):
            targets = [b["card"] for b in state["circle"] if b["owner"] != turn]
            if not targets:
                events.append(Event(T("No other player has a bunny, so {card} has nothing to hit.", card=CARD_NAMES[flipped])))
                return self._fail(state, events)
            if len(targets) == 1:
                state["pending"]["target"] = targets[0]
                self._open_window(state, events)
            else:
                state["phase"] = TARGET
            return events
        if c.kind == "steal":
            if not any(state["seats"][s]["carrots"] for s in range(state["players"]) if s != turn):
                events.append(Event(T("Nobody else has a carrot to pick, so Pickpocket fails.")))
                return self._fail(state, events)
            state["phase"] = TARGET
            return events
        if c.kind == "carrot":
            state["pending"]["left"] = c.effect["count"]
            self._open_window(state, events)
            return events
        if c.kind == "harvest":
            for kind in ("cabbage", "water"):
                for _ in range(c.effect[kind]):
                    if not self._take_small(state, kind, turn, events):
                        events.append(Event(T("No cabbage cards are left.") if kind == "cabbage"
                                            else T("No water cards are left.")))
            return self._fail(state, events)
        raise AssertionError(c.kind)

    def _fail(self, state: State, events: list[Event]) -> list[Event]:
        """The pending card is done (or failed): discard it and finish the turn."""
        pending = state["pending"]
        if pending is not None:
            state["discard"].append(pending["card"])
        state["pending"] = None
        self._after_card(state, events)
        return events

    def _open_window(self, state: State, events: list[Event]) -> None:
        """Open a reaction window for the pending card: every other player with cards in hand
        is asked, so nobody learns who holds a reaction."""
        turn = state["turn"]
        order = [(turn + i) % state["players"] for i in range(1, state["players"])]
        seats = [s for s in order if state["seats"][s]["hand"]]
        if not seats:
            self._resolve(state, events)
            return
        state["window"] = {"seats": seats, "answers": {}, "opened": state.get("now", 0)}
        state["phase"] = WINDOW
        events.append(Event(T("Reactions? Everyone else may answer with a Special card, or pass.")))

    def _answer(self, state: State, seat: int, key: str) -> list[Event]:
        state["window"]["answers"][str(seat)] = key
        events = [Event(T("{seat} has answered.", seat=seat_ref(seat)))]
        if key != "pass":
            events.append(Event(T("You answer with {card}.", card=Code(key.partition(":")[2])), visible_to=seat))
        if len(state["window"]["answers"]) == len(state["window"]["seats"]):
            self._close_window(state, events)
        return events

    def on_deadline(self, state: State) -> list[Event]:
        """Live mode: the reaction window's time is up; whoever has not answered passes."""
        if state["phase"] != WINDOW:
            raise IllegalAction(T("No reaction window is open."))
        events = [Event(T("Time is up for reactions."))]
        for seat in state["window"]["seats"]:
            state["window"]["answers"].setdefault(str(seat), "pass")
        self._close_window(state, events)
        return events

    def _close_window(self, state: State, events: list[Event]) -> None:
        """Apply the reactions in seat order from the player on the flipper's left. A
        reaction that no longer applies (the card was already cancelled) stays in its hand."""
        window = state["window"]
        pending = state["pending"]
        state["window"] = None
        attack = DECK[pending["card"]]
        turn = state["turn"]
        drawers = []
        for seat in window["seats"]:
            key = window["answers"].get(str(seat), "pass")
            if key == "pass":
                continue
            slug = key.partition(":")[2]
            me = state["seats"][seat]
            rid = next((c for c in me["hand"] if DECK[c].slug == slug), None)
            if rid is None:
                continue
            then = DECK[rid].effect["then"]
            useful = not pending["cancelled"] and not (then == "snatch" and pending["snatcher"] is not None)
            if then == "reflect" and not self.bunnies_of(state, turn):
                useful = False
            if not useful:
                events.append(Event(T("Your {card} is not needed and stays in your hand.", card=CARD_NAMES[rid]),
                                    visible_to=seat))
                continue
            me["hand"].remove(rid)
            state["discard"].append(rid)
            drawers.append(seat)
            events.append(Event(T("{seat} plays {card}!", seat=seat_ref(seat), card=CARD_NAMES[rid]), reveals=True))
            if then == "cancel":
                pending["cancelled"] = True
                events.append(Event(T("{card} is cancelled.", card=CARD_NAMES[attack.id])))
            elif then == "reflect":
                pending["target"] = self.bunnies_of(state, turn)[-1]
                events.append(Event(T("{card} turns on {seat}'s {bunny}.", card=CARD_NAMES[attack.id], seat=seat_ref(turn),
                                      bunny=CARD_NAMES[pending["target"]])))
            elif then == "fed":
                pending["fed"] = True
                events.append(Event(T("{bunny} eats from the picnic basket for free.", bunny=CARD_NAMES[pending["target"]])))
            elif then == "snatch":
                pending["snatcher"] = seat
                events.append(Event(T("The first carrot taken goes to {seat}.", seat=seat_ref(seat))))
        for seat in drawers:  # reactions are replaced from the draw pile: hands stay full
            self._draw(state, seat, events)
        if not drawers:
            events.append(Event(T("No reaction is played.")))
        self._resolve(state, events)

    def _resolve(self, state: State, events: list[Event]) -> None:
        """The pending card acts (after its reaction window)."""
        pending = state["pending"]
        c = DECK[pending["card"]]
        turn = state["turn"]
        if pending["cancelled"]:
            self._fail(state, events)
            return
        if c.kind in ("weapon", "feed"):
            target = pending["target"]
            if self.owner_of(state, target) is None:
                events.append(Event(T("The target of {card} is no longer in the Bunny Circle.", card=CARD_NAMES[c.id])))
                self._fail(state, events)
                return
            if c.kind == "feed":
                if pending.get("fed"):
                    self._fail(state, events)
                    return
                state["phase"] = FEED
                return
            level = c.effect["level"]
            roll = Rng(state).randint(1, 12)
            owner = self.owner_of(state, target)
            state["last_roll"] = {"dice": [{"colour": c.dice[0], "value": roll}], "level": level,
                                  "card": pending["card"], "target": target, "survived": roll > level,
                                  "by": turn, "owner": owner, "earlier": False}
            events.append(Event(T("The {die} die rolls {roll} against level {level}.", die=DIE_COLOURS[c.dice[0]], roll=roll,
                                  level=level), reveals=True))
            if roll > level:
                events.append(Event(T("{seat}'s {bunny} survives!", seat=seat_ref(owner or 0), bunny=CARD_NAMES[target])))
            else:
                self._kill(state, target, events, T("is hit by {card}", card=CARD_NAMES[c.id]))
            self._fail(state, events)
            return
        if c.kind == "steal":
            index = pending["carrot"]
            victim = next(s for s in range(state["players"]) if index in state["seats"][s]["carrots"])
            state["seats"][victim]["carrots"].remove(index)
            state["seats"][turn]["carrots"].append(index)
            events.append(Event(T("{seat} picks {carrot} from {victim}'s pocket.", seat=seat_ref(turn),
                                  carrot=carrot_name(index), victim=seat_ref(victim))))
            self._fail(state, events)
            return
        if c.kind == "carrot":
            pending["left"] = min(pending["left"], len(state["market"]))
            state["phase"] = CARROT
            if pending["left"] == 0:
                self._fail(state, events)
            return
        raise AssertionError(c.kind)

    def _feed(self, state: State, pays: bool, events: list[Event]) -> None:
        pending = state["pending"]
        target = pending["target"]
        owner = self.owner_of(state, target)
        assert owner is not None
        c = DECK[pending["card"]]
        if not pays:
            self._kill(state, target, events, T("starves"))
            self._fail(state, events)
            return
        me = state["seats"][owner]
        for kind in ("cabbage", "water"):
            picks = pay_with(me[kind], c.effect[kind])
            assert picks is not None
            eaten = [me[kind][i] for i in picks]
            me[kind] = [v for i, v in enumerate(me[kind]) if i not in picks]
            state["small"][f"{kind}_used"].extend(eaten)
        events.append(Event(T("{seat} feeds {bunny}: it lives.", seat=seat_ref(owner), bunny=CARD_NAMES[target])))
        self._fail(state, events)

    def _choose_carrot(self, state: State, index: int | None, events: list[Event]) -> None:
        assert index is not None
        pending = state["pending"]
        turn = state["turn"]
        taker = turn
        if pending["snatcher"] is not None and not pending["taken"]:
            taker = pending["snatcher"]
        pending["taken"] = True
        state["market"].remove(index)
        state["seats"][taker]["carrots"].append(index)
        events.append(Event(T("{seat} takes {carrot}.", seat=seat_ref(taker), carrot=carrot_name(index))))
        pending["left"] -= 1
        if pending["left"] > 0 and state["market"]:
            return
        self._fail(state, events)

    def _after_card(self, state: State, events: list[Event]) -> None:
        """The flipped card is done: end the game if the market is empty, else DRAW and REPLACE."""
        turn = state["turn"]
        if not state["market"]:
            self._end_game(state, events)
            return
        self._draw(state, turn, events)
        if state["seats"][turn]["hand"]:
            state["phase"] = REPLACE
        else:
            events.append(Event(T("{seat} has no card to lay as a bottom run card.", seat=seat_ref(turn))))
            self._next_turn(state, events)

    def _next_turn(self, state: State, events: list[Event]) -> None:
        state["turn"] = (state["turn"] + 1) % state["players"]
        state["phase"] = START
        state["pending"] = None

    # -- the end -----------------------------------------------------------------------

    def _end_game(self, state: State, events: list[Event]) -> None:
        """The last carrot is gone: carrots of players without a bunny go to the richest
        player with one; the small carrot deck is revealed card by card."""
        state["phase"] = OVER
        state["pending"] = None
        state["window"] = None
        players = state["players"]
        events.append(Event(T("The last carrot has left Kaballa's Market: the game is over!")))
        alive = [s for s in range(players) if self.bunnies_of(state, s)]
        turn = state["turn"]
        order = [(turn + i) % players for i in range(players)]
        if alive:
            richest = max(self.dolla(state, s) for s in alive)
            heir = next(s for s in order if s in alive and self.dolla(state, s) == richest)
            for s in order:
                if s in alive or not state["seats"][s]["carrots"]:
                    continue
                given = state["seats"][s]["carrots"]
                state["handed"].append({"from": s, "to": heir, "carrots": list(given)})
                state["seats"][heir]["carrots"] += given
                state["seats"][s]["carrots"] = []
                events.append(Event(T(
                    "{seat} has no bunny in the Bunny Circle and hands {carrots} to {heir} (a bunny and the most "
                    "Kaballa Dolla: {richest}).", seat=seat_ref(s), carrots=carrots(len(given)), heir=seat_ref(heir),
                    richest=richest)))
        else:
            events.append(Event(T("Not one bunny is left in the Bunny Circle: nobody can win.")))
        holder = {k: s for s in range(players) for k in state["seats"][s]["carrots"]}
        deck = state["magic"]
        for i, index in enumerate(deck):
            state["revealed"].append(index)
            owner = holder.get(index)
            held = T("held by {seat}", seat=seat_ref(owner)) if owner is not None else T("held by nobody")
            if i < len(deck) - 1:
                events.append(Event(T("Carrot card {number} of {count}: {carrot} ({held}) — not this one…", number=i + 1,
                                      count=len(deck), carrot=CARROT_NAMES[index], held=held), reveals=True))
            else:
                events.append(Event(T("The bottom card is the MAGIC CARROT: {carrot} ({held})!",
                                      carrot=CARROT_NAMES[index], held=held), reveals=True))
        magic = deck[-1]
        winner = holder.get(magic) if alive else None
        state["winner"] = winner
        reason = self.reason(state)
        state["reason"] = str(reason)  # the English, as snapshots always kept it; said from winner and carrot
        events.append(Event(reason))

    @staticmethod
    def reason(state: State) -> Text:
        """Why the game ended as it did: who holds the magic carrot, or that nobody could win."""
        winner = state["winner"]
        if winner is not None:
            return T("{seat} holds the magic carrot ({carrot}) and wins.", seat=seat_ref(winner),
                     carrot=CARROT_NAMES[state["magic"][-1]])
        return T("Nobody could win: no bunny was left alive.")

    def outcome(self, state: State) -> Outcome | None:
        """Scores are the carrots each player holds at the end (after the hand-over); the
        holder of the magic carrot ranks first whatever their count, the others by carrots.
        With no bunny left nobody can win: :meth:`Outcome.no_winner` (everyone shares the
        last place, no win is counted)."""
        if state["phase"] != OVER:
            return None
        players = state["players"]
        winner = state["winner"]
        carrots = [len(state["seats"][s]["carrots"]) for s in range(players)]
        if winner is None:
            return Outcome.no_winner(carrots, self.reason(state))
        keys = [(s == winner, carrots[s]) for s in range(players)]
        ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        return Outcome(scores=tuple(carrots), ranks=ranks, reason=self.reason(state))

    def format_score(self, score: float) -> str:
        """A final score is the carrots held: "2 carrots" (used by the result line)."""
        return carrots(int(score))

    # -- views -------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        pending = state["pending"]
        window = state["window"]
        shown_pending = None
        if pending is not None:
            shown_pending = {
                "card": face(pending["card"]),
                "target": None if pending["target"] is None else face(pending["target"]),
                "target_owner": None if pending["target"] is None else self.owner_of(state, pending["target"]),
                "carrot": None if pending["carrot"] is None else CARROT_NAMES[pending["carrot"]],
                "left": pending["left"],
                "snatcher": pending["snatcher"] if state["phase"] != WINDOW else None,
            }
        seats = []
        for s, me in enumerate(state["seats"]):
            seats.append({
                "seat": s,
                "hand": len(me["hand"]),
                "top": me["top"] is not None,
                "bottom": me["bottom"] is not None,
                "ready": me["stage"] == 2,
                "bunnies": [face(b) for b in self.bunnies_of(state, s)],
                "carrots": [CARROT_NAMES[k] for k in me["carrots"]],
                "dolla": sorted((DECK[c].effect["value"] for c in me["dolla"]), reverse=True),
                "dolla_total": self.dolla(state, s),
                "cabbage": sorted(me["cabbage"], reverse=True),
                "water": sorted(me["water"], reverse=True),
            })
        outcome = self.outcome(state)
        view: dict[str, Any] = {
            "game": self.slug,
            "players": state["players"],
            "mode": state["mode"],
            "phase": state["phase"],
            "turn": state["turn"],
            "first": state["first"],
            "seats": seats,
            "circle": [{"owner": b["owner"], "card": face(b["card"])} for b in state["circle"]],
            "market": {
                "carrots": [CARROT_NAMES[k] for k in state["market"]],
                "prices": dict(PRICES),
                "cabbage": self._small_left(state, "cabbage"),
                "water": self._small_left(state, "water"),
            },
            "draw": len(state["draw"]),
            "discard": len(state["discard"]),
            "discard_top": face(state["discard"][-1]) if state["discard"] else None,
            "pending": shown_pending,
            "window": None if window is None else {
                "seats": list(window["seats"]),
                "answered": sorted(int(s) for s in window["answers"]),
                "deadline": window["opened"] + REACT_MS if state["mode"] == "live" else None,
            },
            "last_card": None if state["last_card"] is None else face(state["last_card"]),
            "last_by": state.get("last_by"),
            "last_roll": json.loads(json.dumps(state["last_roll"])),
            "revealed": [CARROT_NAMES[k] for k in state["revealed"]],
            "handed": json.loads(json.dumps(state["handed"])),
            "winner": state["winner"],
            "outcome": None if outcome is None else {"ranks": list(outcome.ranks), "reason": outcome.reason},
            "me": seat,
        }
        if view["last_roll"] is not None:
            view["last_roll"]["card"] = CARD_NAMES[state["last_roll"]["card"]]
            view["last_roll"]["target"] = CARD_NAMES[state["last_roll"]["target"]]
        if seat is not None:
            me = state["seats"][seat]
            view["hand"] = [face(c) for c in me["hand"]]
            view["run"] = {
                "top": None if me["top"] is None else face(me["top"]),
                "bottom": None if me["bottom"] is None else face(me["bottom"]),
            }
        return view

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """Redraw what ``viewer`` cannot see: the draw pile's order, other players' hands and
        face-down run cards (dealt again from one pool), the cabbage, water and small carrot
        decks' order (until the end reveals the carrots), and other players' window answers."""
        hidden = json.loads(json.dumps(state))
        hidden["rng"] = rng.getrandbits(63)
        held: list[tuple[Any, Any]] = []
        for s, me in enumerate(hidden["seats"]):
            if s == viewer:
                continue
            held += [(me["hand"], i) for i in range(len(me["hand"]))]
            held += [(me, k) for k in ("top", "bottom") if me[k] is not None]
        drawn: list[tuple[Any, Any]] = [(hidden["draw"], i) for i in range(len(hidden["draw"]))]
        pool = [holder[index] for holder, index in held + drawn]
        shuffle_unseen(pool, rng)
        # Dolla and Terrible Misfortunes never stay in a hand or a run (drawing one lays it
        # down or plays it), so the hands and runs take the first cards of the shuffled pool
        # that can be held, and the draw pile the rest in their shuffled order.
        holdable = [cid for cid in pool if DECK[cid].kind not in UNHELD_KINDS]
        chosen = holdable[: len(held)]
        taken = set(chosen)
        rest = [cid for cid in pool if cid not in taken]
        for (holder, index), cid in zip(held + drawn, chosen + rest, strict=True):
            holder[index] = cid
        for kind in ("cabbage", "water"):
            shuffle_unseen(hidden["small"][kind], rng)
        if hidden["phase"] != OVER:
            shuffle_unseen(hidden["magic"], rng)
        if hidden["window"] is not None:
            for s in hidden["window"]["answers"]:
                if s != str(viewer):
                    hidden["window"]["answers"][s] = "pass"
        return hidden

    # -- bots and refusals -------------------------------------------------------------

    def _explain_buy(self, state: State, seat: int, what: str) -> str:
        """Why ``buy:<what>`` is refused, naming the price and what the seat has."""
        phase = state["phase"]
        if phase not in (START, FEED):
            return T("You can shop at Kaballa's Market at the start of your turn or while feeding a bunny.")
        have = self.dolla(state, seat)
        index = carrot_index(what)
        if what not in ("cabbage", "water"):
            if index is None:
                return T("Kaballa's Market sells cabbage, water and carrots: {what} is none of them.",
                         what=Code(repr(what)))
            if phase == FEED:
                return T("While a bunny is being fed you may buy only cabbage and water.")
            if index not in state["market"]:
                return T("The {carrot} carrot is no longer in the market.", carrot=CARROT_NAMES[index])
            return T("A carrot costs {price} Kaballa Dolla and you have {have}.", price=PRICES["carrot"], have=have)
        kind = SMALL_CARDS[what]
        if not self._small_left(state, what):
            return T("No {kind} cards are left to buy.", kind=kind)
        if have < PRICES[what]:
            return T("A {kind} card costs {price} Kaballa Dolla and you have {have}.", kind=kind, price=PRICES[what],
                     have=have)
        if phase != FEED:
            return T("You cannot buy a {kind} card now.", kind=kind)
        short = self.shortfall(state)
        if not short[what]:
            return T("The bunny needs no more {kind}: buy what is still short, feed it, or let it starve.", kind=kind)
        return T("A {kind} card costs {price} Kaballa Dolla (no change is given), and your {have} cannot buy enough "
                 "even of the best cards left to make up {cabbage} cabbage and {water} water short: the bunny cannot "
                 "be saved by buying.", kind=kind, price=PRICES[what], have=have, cabbage=short["cabbage"],
                 water=short["water"])

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        from .agent import choose

        return choose(self, state, seat, rng)

    def choices_alike(self, state: State, seat: int) -> bool:
        """Choosing a carrot from the market: which one is magic is the last card of the
        shuffled magic-carrot deck, unseen by all, so every carrot is as good as another and
        a hard bot takes one at once."""
        return state["phase"] == CARROT

    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        verb, _, arg = key.partition(":")
        phase = state["phase"]
        if phase == SETUP:
            return T("Before the game, lay your two run cards: a bunny on top (top:<card>), then bottom:<card>.")
        if phase == WINDOW:
            return T("A reaction window is open: play:<card> a reaction card from your hand that fits, or pass.")
        if verb == "buy":
            return self._explain_buy(state, seat, arg)
        if verb in ("run", "play", "top", "bottom", "give"):
            return T("You have no card {card} you may use that way now; /hand shows your cards.", card=Code(repr(arg)))
        if verb == "target":
            return T("{name} is not another player's bunny in the Bunny Circle.", name=Code(repr(arg)))
        if verb == "carrot":
            return T("{name} is not a carrot left in the market.", name=Code(repr(arg)))
        if phase == REPLACE:
            return T("Choose your new bottom run card from your hand: run:<card>.")
        return T("{key} is not a move now.", key=Code(repr(key)))
