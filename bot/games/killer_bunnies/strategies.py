"""Simple rule-based Killer Bunnies players, the opponents the bot is measured against.

Each strategy answers one prompt from what its seat sees: its own hand and run cards, the
Bunny Circle, everyone's carrots, Dolla, cabbage and water (all face up), the market. None
reads another hand, the draw pile's order or the small carrot deck.

* ``hoarder``: buys a carrot whenever it can, lays a bunny when it has none coming, else a
  carrot card, else its first card; feeds a bunny when it already has the food and
  otherwise lets it starve; never reacts. Collects carrots and hopes.
* ``killer``: lays weapons and Feed the Bunny first and aims them at the player with the
  most carrots; buys food whenever the market could still save its bunny; plays every
  reaction it may. The aggressive reading of the rulebook.
* ``heir``: never shops at the start of its turn, so it keeps the most Kaballa Dolla and
  inherits the carrots of players left without a bunny; keeps two bunnies coming, lays
  weapons and Feed the Bunny first and aims them at last bunnies.
* ``breeder``: lays every bunny it gets, then carrot cards; buys a carrot when it can,
  else (with 4 Dolla or more) stocks cabbage and water for feedings to come; spends
  reactions only on its own bunnies and carrots.
* ``thief``: Pickpocket and carrot cards first, then weapons at the player with the most
  carrots; snatches or vetoes every other player's carrot card and defends its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, IllegalAction, State

from .cards import CARROT_SLUGS, DECK, Card

Strategy = Callable[[Game, State, int, random.Random], str]


def _keys(game: Game, state: State, seat: int) -> list[str]:
    prompt = next((p for p in game.prompts(state) if p.seat == seat), None)
    if prompt is None:
        raise IllegalAction("This seat has nothing to decide now.")
    return prompt.keys()


def _hand_card(state: State, seat: int, key: str) -> Card:
    slug = key.partition(":")[2]
    return next(DECK[c] for c in state["seats"][seat]["hand"] if DECK[c].slug == slug)


def _bunny_coming(state: State, seat: int) -> bool:
    me = state["seats"][seat]
    run = [c for c in (me["top"], me["bottom"]) if c is not None]
    return any(b["owner"] == seat for b in state["circle"]) or any(DECK[c].kind == "bunny" for c in run)


def _pick_run(state: State, seat: int, keys: list[str], order: tuple[str, ...]) -> str:
    """The first hand card by kind preference (a bunny first when none is coming)."""
    if not _bunny_coming(state, seat):
        order = ("bunny", *order)
    rank = {kind: i for i, kind in enumerate(order)}
    return min(keys, key=lambda k: (rank.get(_hand_card(state, seat, k).kind, len(order)), k))


def _setup(state: State, seat: int, keys: list[str], order: tuple[str, ...]) -> str:
    tops = [k for k in keys if k.startswith("top:")]
    if any(k.startswith("give:") for k in keys):
        return next(k for k in keys if k.startswith("give:"))
    if tops:
        return tops[0]
    return _pick_run(state, seat, keys, order)


def _carrot_count(state: State, seat: int) -> int:
    return len(state["seats"][seat]["carrots"])


def hoarder(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = _keys(game, state, seat)
    phase = state["phase"]
    order = ("carrot", "steal", "harvest", "weapon", "feed")
    if phase == "setup":
        return _setup(state, seat, keys, order)
    if phase == "start":
        carrots = [k for k in keys if k.startswith("buy:") and k[4:] in CARROT_SLUGS]
        return carrots[0] if carrots else "flip"
    if phase == "replace":
        return _pick_run(state, seat, keys, order)
    if phase == "feed":
        return "feed" if "feed" in keys else "starve"
    if phase == "window":
        return "pass"
    return keys[0]  # targets and market carrots: the first offered


def killer(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = _keys(game, state, seat)
    phase = state["phase"]
    order = ("weapon", "feed", "carrot", "steal", "harvest")
    if phase == "setup":
        return _setup(state, seat, keys, order)
    if phase == "start":
        carrots = [k for k in keys if k.startswith("buy:") and k[4:] in CARROT_SLUGS]
        return carrots[0] if carrots else "flip"
    if phase == "replace":
        return _pick_run(state, seat, keys, order)
    if phase == "feed":
        if "feed" in keys:
            return "feed"
        buys = [k for k in keys if k.startswith("buy:")]
        return buys[0] if buys else "starve"
    if phase == "window":
        plays = [k for k in keys if k != "pass"]
        return plays[0] if plays else "pass"
    if phase == "target":
        def carrots_of(key: str) -> int:
            verb, _, arg = key.partition(":")
            if verb == "take":
                index = CARROT_SLUGS.index(arg)
                return max(_carrot_count(state, s) for s in range(state["players"])
                           if index in state["seats"][s]["carrots"])
            owner = next(b["owner"] for b in state["circle"] if DECK[b["card"]].slug == arg)
            return _carrot_count(state, owner)

        return max(keys, key=lambda k: (carrots_of(k), k))
    return keys[0]


def _circle_count(state: State, seat: int) -> int:
    return sum(1 for b in state["circle"] if b["owner"] == seat)


def _defend(state: State, seat: int, keys: list[str], *, carrot_cards: bool) -> str:
    """A reaction when the card hits this seat's bunny or carrot (or, with ``carrot_cards``,
    is another player's Choose a Carrot); otherwise pass."""
    plays = [k for k in keys if k != "pass"]
    if not plays:
        return "pass"
    pending = state["pending"]
    attack = DECK[pending["card"]]
    target = pending.get("target")
    if target is not None and any(b["card"] == target and b["owner"] == seat for b in state["circle"]):
        return plays[0]
    if attack.kind == "steal" and pending.get("carrot") in state["seats"][seat]["carrots"]:
        return plays[0]
    if carrot_cards and attack.kind == "carrot":
        return plays[0]
    return "pass"


def heir(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Saves every Dolla to be the richest player with a bunny; shoots at last bunnies."""
    keys = _keys(game, state, seat)
    phase = state["phase"]
    order = ("weapon", "feed", "carrot", "steal", "harvest")
    if phase == "setup":
        return _setup(state, seat, keys, order)
    if phase == "start":
        return "flip"
    if phase == "replace":
        me = state["seats"][seat]
        run = [c for c in (me["top"], me["bottom"]) if c is not None]
        if _circle_count(state, seat) + sum(1 for c in run if DECK[c].kind == "bunny") < 2:
            order = ("bunny", *order)
        return _pick_run(state, seat, keys, order)
    if phase == "window":
        return _defend(state, seat, keys, carrot_cards=False)
    if phase == "target":
        def aim(key: str) -> tuple[bool, int, str]:
            verb, _, arg = key.partition(":")
            if verb == "take":
                index = CARROT_SLUGS.index(arg)
                owner = next(s for s in range(state["players"]) if index in state["seats"][s]["carrots"])
                return (False, _carrot_count(state, owner), key)
            owner = next(b["owner"] for b in state["circle"] if DECK[b["card"]].slug == arg)
            return (_circle_count(state, owner) == 1, _carrot_count(state, owner), key)

        return max(keys, key=aim)
    return killer(game, state, seat, rng)  # feeding: feed, else buy while it could still save it


def breeder(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Every bunny first, then carrots; spare Dolla go on cabbage and water in advance."""
    keys = _keys(game, state, seat)
    phase = state["phase"]
    order = ("bunny", "carrot", "steal", "harvest", "feed", "weapon")
    if phase == "setup":
        return _setup(state, seat, keys, order)
    if phase == "start":
        carrots = [k for k in keys if k.startswith("buy:") and k[4:] in CARROT_SLUGS]
        if carrots:
            return carrots[0]
        me = state["seats"][seat]
        if _circle_count(state, seat) and sum(DECK[c].effect["value"] for c in me["dolla"]) >= 4:
            for kind in ("cabbage", "water"):
                if sum(me[kind]) < 3 and f"buy:{kind}" in keys:
                    return f"buy:{kind}"
        return "flip"
    if phase == "replace":
        return _pick_run(state, seat, keys, order)
    if phase == "window":
        return _defend(state, seat, keys, carrot_cards=False)
    if phase == "feed":
        return killer(game, state, seat, rng)
    return keys[0]


def thief(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Pickpocket and carrot cards first; answers every other player's carrot card."""
    keys = _keys(game, state, seat)
    phase = state["phase"]
    order = ("steal", "carrot", "weapon", "feed", "harvest")
    if phase == "setup":
        return _setup(state, seat, keys, order)
    if phase == "replace":
        return _pick_run(state, seat, keys, order)
    if phase == "window":
        return _defend(state, seat, keys, carrot_cards=True)
    return killer(game, state, seat, rng)  # buys carrots, feeds, aims at the most carrots


STRATEGIES: dict[str, Strategy] = {"hoarder": hoarder, "killer": killer, "heir": heir, "breeder": breeder,
                                   "thief": thief}
"""The named strategies, for the arena: ``name -> (game, state, seat, rng) -> action key``."""
