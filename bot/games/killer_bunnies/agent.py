"""A heuristic Killer Bunnies player: stay alive, thin the others' circles, own carrots.

Who wins is decided by a hidden card, so the agent plays the odds it can see. At the end
every carrot has an owner, the magic one is any of the twelve alike, and a player with no
bunny in the circle hands their carrots to the richest player who still has one. So a
seat's chance is roughly *its carrots, plus those it would inherit, out of twelve* — and
nothing at all without a bunny. From that:

* **Run cards** (:func:`_worth`): a bunny when it has fewer than two coming (a second one
  before a carrot card); a weapon or
  Feed the Bunny when an opponent's circle is thin (killing a last bunny moves its owner's
  carrots to the heir); carrot cards and Pickpocket otherwise; reactions stay in the hand.
* **Targets:** the bunny whose death leaves the most carrots without a living owner.
* **Feeding** (:func:`_feed`): buys cabbage or water only when the food it could draw is sure
  to make up the shortfall with the Dolla it has (paid note by note, no change); a purchase
  that might fall short throws the Dolla away (and the bunny starves all the same).
* **Shopping:** the whole market when the Dolla pay for it and that end favours it; else
  carrots once the market is down to four — the Dolla are worth more kept until then (safe
  from Pickpocket, food money, the inheritance) — and not even then at three or more players
  when a carrot would cost it the inheritance of carrots likely to be handed over; the last
  carrot in the market ends the game, so it buys that one only when the end now would favour
  it, and never hands the end to the others.
* **Market carrots** are all alike (the magic one is hidden): it takes them in market order.
* **Reactions:** played when they save its own bunny or stop a rival's carrot or weapon.

It reads only what its seat sees (own hand and run, the public table, the food decks'
contents but not their order). Figures: ``data/killer-bunnies/README.md``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.engine import IllegalAction, State

from .cards import CARROT_SLUGS, DECK, PRICES, Card
from .rules import food_payable, pays_in_turn

if TYPE_CHECKING:
    from .rules import KillerBunnies


def _bunnies(game: KillerBunnies, state: State, seat: int) -> int:
    return len(game.bunnies_of(state, seat))


def _coming(state: State, seat: int, running: list[int]) -> int:
    """Bunnies of ``seat`` still to flip from its run (``running``: its face-down run cards)."""
    return sum(1 for c in running if DECK[c].kind == "bunny")


def _shares(game: KillerBunnies, state: State) -> list[float]:
    """Each seat's share of the carrots if the game ended now (hand-over included)."""
    players = state["players"]
    carrots = [len(state["seats"][s]["carrots"]) for s in range(players)]
    alive = [s for s in range(players) if game.bunnies_of(state, s)]
    if not alive:
        return [0.0] * players
    richest = max(game.dolla(state, s) for s in alive)
    heirs = [s for s in alive if game.dolla(state, s) == richest]
    orphaned = sum(carrots[s] for s in range(players) if s not in alive)
    total = max(1, sum(carrots))
    shares = []
    for s in range(players):
        if s not in alive:
            shares.append(0.0)
            continue
        inherit = orphaned / len(heirs) if s in heirs else 0.0
        shares.append((carrots[s] + inherit) / total)
    return shares


def _kill_worth(game: KillerBunnies, state: State, seat: int, owner: int) -> float:
    """What killing one bunny of ``owner`` is worth to ``seat`` (in the units of :func:`_worth`)."""
    left = _bunnies(game, state, owner)
    carrots = len(state["seats"][owner]["carrots"])
    if left <= 1:
        return 40.0 + 12.0 * carrots  # its owner drops out of the running, carrots and all
    return 12.0 + 3.0 * carrots / left


def _worth(game: KillerBunnies, state: State, seat: int, c: Card, *, running: list[int]) -> float:
    """How much ``seat`` wants ``c`` as its next run card (higher is better)."""
    mine = _bunnies(game, state, seat) + _coming(state, seat, running)
    others = [s for s in range(state["players"]) if s != seat and game.bunnies_of(state, s)]
    kind = c.kind
    if kind == "bunny":
        # A second bunny outranks a carrot card: a seat with one bunny loses every carrot it
        # holds to one weapon, and against three killers that happened too often (below).
        return {0: 100.0, 1: 70.0, 2: 35.0}.get(mine, 20.0 - 5 * mine)
    if c.needs_bunny and mine == 0:
        return -50.0
    if kind == "carrot":
        return 45.0 + 15 * min(c.effect["count"], len(state["market"]))
    if kind == "weapon":
        if not others:
            return 5.0
        best = max(_kill_worth(game, state, seat, s) for s in others)
        return best * c.effect["level"] / 12 + 10.0
    if kind == "feed":
        if not others:
            return 5.0
        need = c.effect["cabbage"] + c.effect["water"]
        return max(_kill_worth(game, state, seat, s) for s in others) * min(1.0, need / 8) + 5.0
    if kind == "steal":
        rich = [len(state["seats"][s]["carrots"]) for s in range(state["players"]) if s != seat]
        return 50.0 if any(rich) else 8.0
    if kind == "harvest":
        return 15.0
    return -20.0  # reactions are worth more in the hand


def choose(game: KillerBunnies, state: State, seat: int, rng: random.Random) -> str:
    prompt = next((p for p in game.legal_prompts(state) if p.seat == seat), None)
    if prompt is None:
        raise IllegalAction("This seat has nothing to decide now.")
    keys = prompt.keys()
    phase = state["phase"]
    me = state["seats"][seat]

    def hand_pick(verb: str, running: list[int]) -> str:
        options: dict[str, float] = {}
        for cid in me["hand"]:
            key = f"{verb}:{DECK[cid].slug}"
            if key in keys:
                options[key] = _worth(game, state, seat, DECK[cid], running=running)
        return max(options, key=lambda k: (options[k], k))

    if phase == "setup":
        gives = [k for k in keys if k.startswith("give:")]
        if gives:  # always take the first-game exchange: give away the least useful card
            worst = {k: _worth(game, state, seat, DECK[next(c for c in me["hand"] if DECK[c].slug == k[5:])], running=[])
                     for k in gives}
            return min(worst, key=lambda k: (worst[k], k))
        if keys[0].startswith("top:"):
            return keys[0]
        running = [me["top"]] if me["top"] is not None else []
        return hand_pick("bottom", running)
    if phase == "replace":
        running = [me["top"]] if me["top"] is not None else []
        return hand_pick("run", running)
    if phase == "start":
        return _shop(game, state, seat, keys)
    if phase == "target":
        return _target(game, state, seat, keys)
    if phase == "feed":
        return _feed(game, state, seat, keys)
    if phase == "carrot":
        return keys[0]
    if phase == "window":
        return _react(game, state, seat, keys)
    return rng.choice(keys)


LATE_MARKET = 4
"""Carrots are bought only once the market holds this many or fewer."""
HEIR_ODDS = {0: 0.6, 1: 0.5}
"""How likely a rival's carrots are to be handed over at the end, by the bunnies it has now:
none (it may flip a new one in time) or its last one."""
HEIR_STAKE = 0.5
"""Carrots likely to be handed over from which keeping the Dolla (and the inheritance) beats
buying a carrot."""


def _ends_best(game: KillerBunnies, state: State, seat: int, bought: list[int]) -> bool:
    """Whether the game ending with ``bought`` carrots added to this seat leaves it the
    biggest share (hand-over included)."""
    trial = {**state, "seats": [dict(s) for s in state["seats"]]}
    trial["seats"][seat]["carrots"] = [*state["seats"][seat]["carrots"], *bought]
    shares = _shares(game, trial)
    return shares[seat] >= max(shares) and shares[seat] > 0


def _shop(game: KillerBunnies, state: State, seat: int, keys: list[str]) -> str:
    """Buy out the market when the Dolla pay for every carrot left and that end favours this
    seat; else buy carrots once the market is nearly empty (:data:`LATE_MARKET`), unless the
    Dolla are worth more as the inheritance (:func:`_heirship_at_stake`); the market's last
    carrot only when ending the game now leaves this seat the biggest share.

    Until then the Dolla stay in front of the seat: a carrot costs the same later, Dolla
    cannot be pickpocketed, they pay for cabbage and water when a bunny is fed, and the
    richest player with a bunny inherits the carrots of those without one."""
    buys = [k for k in keys if k.startswith("buy:") and k[4:] in CARROT_SLUGS]
    if not buys:
        return "flip"
    market = state["market"]
    if pays_in_turn(state, seat, [PRICES["carrot"]] * len(market)) and _ends_best(game, state, seat, market):
        return buys[0]
    if len(market) > LATE_MARKET:
        return "flip"
    if len(market) > 1:
        return "flip" if _heirship_at_stake(game, state, seat) else buys[0]
    return buys[0] if _ends_best(game, state, seat, market) else "flip"


def _heirship_at_stake(game: KillerBunnies, state: State, seat: int) -> bool:
    """Whether a carrot bought now likely costs more than it brings: this seat, with a bunny,
    is the richest or tied (it would inherit), paying would drop it to or below a rival with a
    bunny, and enough carrots are likely to be handed over at the end (:data:`HEIR_ODDS`)."""
    if state["players"] <= 2 or not game.bunnies_of(state, seat):
        return False  # two players: the survivor takes everything whatever its Dolla
    mine = game.dolla(state, seat)
    rivals = [game.dolla(state, s) for s in range(state["players"]) if s != seat and game.bunnies_of(state, s)]
    if not rivals or mine < max(rivals) or mine - PRICES["carrot"] > max(rivals):
        return False  # buying does not change who inherits
    likely = sum(len(state["seats"][s]["carrots"]) * HEIR_ODDS.get(_bunnies(game, state, s), 0.0)
                 for s in range(state["players"]) if s != seat)
    return likely >= HEIR_STAKE


def _target(game: KillerBunnies, state: State, seat: int, keys: list[str]) -> str:
    def worth(key: str) -> tuple[float, str]:
        verb, _, arg = key.partition(":")
        if verb == "take":
            owner = next(s for s in range(state["players"]) if CARROT_SLUGS.index(arg) in state["seats"][s]["carrots"])
            # Pickpocket the player most likely to win with it.
            return (len(state["seats"][owner]["carrots"]) + 5.0 * bool(game.bunnies_of(state, owner)), key)
        owner = next(b["owner"] for b in state["circle"] if DECK[b["card"]].slug == arg)
        return (_kill_worth(game, state, seat, owner), key)

    return max(keys, key=worth)


def _feed(game: KillerBunnies, state: State, seat: int, keys: list[str]) -> str:
    """Feed if the food is there; buy food only when the purchases are sure to cover the
    shortfall whatever values come off the decks (the lowest first), paid one by one from the
    Dolla it holds (Kaballa gives no change). A purchase that might fall short throws the
    Dolla away and the bunny starves all the same; a long shot for a last bunny was tried and
    won nothing measurable (data README)."""
    if "feed" in keys:
        return "feed"
    buys = [k for k in keys if k.startswith("buy:")]
    if not buys:
        return "starve"
    short = game.shortfall(state)
    if not food_payable(state, seat, short, best_case=False):  # the lowest values first
        return "starve"
    return next((k for k in buys if short[k[4:]]), buys[0])


def _react(game: KillerBunnies, state: State, seat: int, keys: list[str]) -> str:
    plays = [k for k in keys if k != "pass"]
    if not plays:
        return "pass"
    me = state["seats"][seat]
    pending = state["pending"]
    attack = DECK[pending["card"]]
    target_owner = game.owner_of(state, pending["target"]) if pending["target"] is not None else None
    mine_hit = target_owner == seat
    for key in plays:
        then = DECK[next(c for c in me["hand"] if DECK[c].slug == key[5:])].effect["then"]
        if then in ("reflect", "fed", "snatch"):
            return key
        if then == "cancel" and (mine_hit or attack.kind in ("carrot", "steal")):
            if attack.kind == "steal" and pending["carrot"] not in me["carrots"]:
                continue
            return key
    return "pass"
