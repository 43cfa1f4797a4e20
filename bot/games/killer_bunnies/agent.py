"""A heuristic Killer Bunnies player: greedy, one decision at a time, no look-ahead.

Its ideas: always keep a bunny coming (a bunny in the run when the circle is thin); prefer
carrots, then the strongest weapon against the player most likely to win (most carrots);
buy a carrot whenever Kaballa's Market allows; keep reaction cards in the hand and play
them when they save its own bunny or stop a rival; feed its bunnies when it can. It is meant
to beat random play clearly and to give bot seats sensible moves, not to play well.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from bot.engine import IllegalAction, State

from .cards import CARROT_SLUGS, DECK, Card

if TYPE_CHECKING:
    from .rules import KillerBunnies


def _worth(game: KillerBunnies, state: State, seat: int, c: Card, *, running: list[int]) -> float:
    """How much ``seat`` wants ``c`` as its next run card (higher is better)."""
    mine = len(game.bunnies_of(state, seat)) + sum(1 for r in running if DECK[r].kind == "bunny")
    others = sum(1 for b in state["circle"] if b["owner"] != seat)
    kind = c.kind
    if kind == "bunny":
        return 90.0 if mine == 0 else 40.0 - 12 * mine
    if c.needs_bunny and mine == 0:
        return -50.0
    if kind == "carrot":
        return 60.0 + 10 * c.effect["count"]
    if kind == "weapon":
        return (20.0 + 3 * c.effect["level"]) if others else 5.0
    if kind == "feed":
        return 30.0 if others else 5.0
    if kind == "steal":
        return 45.0 if any(state["seats"][s]["carrots"] for s in range(state["players"]) if s != seat) else 8.0
    if kind == "harvest":
        return 15.0
    return -20.0  # reactions are worth more in the hand


def _leader_score(state: State, seat: int) -> int:
    return len(state["seats"][seat]["carrots"])


def choose(game: KillerBunnies, state: State, seat: int, rng: random.Random) -> str:
    prompt = next((p for p in game.legal_prompts(state) if p.seat == seat), None)
    if prompt is None:
        raise IllegalAction("This seat has nothing to decide now.")
    keys = prompt.keys()
    phase = state["phase"]
    me = state["seats"][seat]

    def hand_pick(verb: str, running: list[int]) -> str:
        options: dict[str, Any] = {}
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
        # the top card is a bunny, so the bottom card may be anything: count it as in play
        return hand_pick("bottom", running)
    if phase == "replace":
        running = [me["top"]] if me["top"] is not None else []
        return hand_pick("run", running)
    if phase == "start":
        buys = [k for k in keys if k.startswith("buy:") and k[4:] in CARROT_SLUGS]
        return buys[0] if buys else "flip"
    if phase == "target":
        def threat(key: str) -> tuple[int, int, str]:
            verb, _, arg = key.partition(":")
            if verb == "take":
                owner = next(s for s in range(state["players"]) if CARROT_SLUGS.index(arg) in state["seats"][s]["carrots"])
                return (_leader_score(state, owner), 0, key)
            bunny = next(b for b in state["circle"] if DECK[b["card"]].slug == arg)
            owner = bunny["owner"]
            alone = -len(game.bunnies_of(state, owner))  # a last bunny hurts most
            return (_leader_score(state, owner), alone, key)

        return max(keys, key=threat)
    if phase == "feed":
        if "feed" in keys:
            return "feed"
        buys = [k for k in keys if k.startswith("buy:")]
        return buys[0] if buys else "starve"
    if phase == "carrot":
        return rng.choice(keys)
    if phase == "window":
        plays = [k for k in keys if k != "pass"]
        pending = state["pending"]
        attack = DECK[pending["card"]]
        target_owner = game.owner_of(state, pending["target"]) if pending["target"] is not None else None
        mine_hit = target_owner == seat
        for key in plays:
            then = DECK[next(c for c in me["hand"] if DECK[c].slug == key[5:])].effect["then"]
            if then in ("reflect", "fed") or then == "snatch":
                return key
            if then == "cancel" and (mine_hit or attack.kind in ("carrot", "steal")):
                if attack.kind == "steal" and pending["carrot"] not in me["carrots"]:
                    continue
                return key
        return "pass"
    return rng.choice(keys)
