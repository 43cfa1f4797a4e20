"""Simple Chomp! players for the arena (``python -m bot arena chomp``), from the rulebook.

- ``biggest-bite``: chomp the biggest creature yours can eat (in a feeding frenzy, the
  biggest card on the table) — a miss unless it is also the lowest;
- ``any-lower``: chomp the lowest creature on the table whenever it is lower than yours,
  not minding octopuses (an ink-out makes that a bad chomp);
- ``hold``: never chomp; in Underwater War turn the cards and slap an eel, as the rules ask;
- ``lowest-first``: the rulebook's own instruction, written out by hand: slap the lowest
  creature when yours can eat it, never in an ink-out, and any other card in a feeding frenzy;
- ``top-dog``: chomp only with a shark or a seal (the big hauls), as ``lowest-first``, and in
  every feeding frenzy; hold otherwise.

They read only the cards face up on the table and their own prompt.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, State
from bot.engine.strategy import own_prompt
from bot.games.chomp.rules import CHOMP_PHASE, EEL, OCTOPUS, PASS, RANK, Chomp, seat_number


def _targets(game: Game, state: State, seat: int) -> tuple[list[str | None], list[int], str]:
    """The face-up cards, the seats this seat may slap, and its own card ("" for none)."""
    prompt = own_prompt(game, state, seat)
    cards = Chomp.face_up(state)
    targets = [t for t in (seat_number(a.key) for a in prompt.actions) if t is not None and t != seat]
    return cards, targets, cards[seat] or ""


def _war_or_none(game: Game, state: State, seat: int) -> str | None:
    """Underwater War's moves (turn the cards, slap the eel), which every strategy plays alike."""
    prompt = own_prompt(game, state, seat)
    if state["phase"] != CHOMP_PHASE:
        keys = prompt.keys()
        return "slap" if "slap" in keys else keys[0]
    return None


def biggest_bite(game: Game, state: State, seat: int, rng: random.Random) -> str:
    war = _war_or_none(game, state, seat)
    if war is not None:
        return war
    cards, targets, mine = _targets(game, state, seat)
    frenzy = EEL in cards
    edible = [t for t in targets if cards[t] in RANK and (frenzy or (mine in RANK and RANK[cards[t]] < RANK[mine]))]
    if not edible:
        return PASS
    top = max(RANK[cards[t] or ""] for t in edible)
    return f"chomp:{rng.choice([t for t in edible if RANK[cards[t] or ''] == top]) + 1}"


def any_lower(game: Game, state: State, seat: int, rng: random.Random) -> str:
    war = _war_or_none(game, state, seat)
    if war is not None:
        return war
    cards, targets, mine = _targets(game, state, seat)
    creatures = [t for t in targets if cards[t] in RANK]
    if not creatures or mine not in RANK:
        return PASS
    low = min(RANK[cards[t] or ""] for t in creatures)
    if low >= RANK[mine]:
        return PASS
    return f"chomp:{rng.choice([t for t in creatures if RANK[cards[t] or ''] == low]) + 1}"


def hold(game: Game, state: State, seat: int, rng: random.Random) -> str:
    war = _war_or_none(game, state, seat)
    return war if war is not None else PASS


def lowest_first(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Slap the lowest creature when yours can eat it; never in an ink-out; any other card in a frenzy."""
    war = _war_or_none(game, state, seat)
    if war is not None:
        return war
    cards, targets, mine = _targets(game, state, seat)
    if EEL in cards:
        return f"chomp:{rng.choice(targets) + 1}" if targets else PASS
    creatures = [t for t in targets if cards[t] in RANK]
    if OCTOPUS in cards or mine not in RANK or not creatures:
        return PASS
    low = min(RANK[cards[t] or ""] for t in creatures)
    if low >= RANK[mine] or low > min(RANK[card] for card in cards if card in RANK):
        return PASS  # mine is the lowest (or ties it): nothing to eat
    return f"chomp:{rng.choice([t for t in creatures if RANK[cards[t] or ''] == low]) + 1}"


def top_dog(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Chomp (as ``lowest-first``) only with a shark or a seal, and in every feeding frenzy."""
    cards = Chomp.face_up(state) if state["phase"] == CHOMP_PHASE else []
    if state["phase"] == CHOMP_PHASE and EEL not in cards and RANK.get(cards[seat] or "", 0) < RANK["seal"]:
        return PASS
    return lowest_first(game, state, seat, rng)


STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]] = {
    "biggest-bite": biggest_bite,
    "any-lower": any_lower,
    "hold": hold,
    "lowest-first": lowest_first,
    "top-dog": top_dog,
}
