"""A heuristic Finders Keepers player for bot seats (the normal level).

Basic game: the bot claims every card of its spread that shows the revealed object (the easy
level misses some, see :mod:`bot.bots`). Expert game: everyone's face-up tiles are on the
table, so a player can see what the others would take next. :func:`expert` looks one round
ahead: for each tile it could play, it takes the grid cards that tile captures, then lets each
other player in turn play their best face-up tile (the one worth the most points on the grid
they would face), then scores its own best tile on the grid it would face next. A tile is
worth its points now, plus :data:`NEXT_WEIGHT` times its own best capture next turn, plus
:data:`BANK_WEIGHT` times a second capture it keeps in reserve (:func:`safe_reserve`: what
another of its tiles takes from cards no other player's face-up tile shows), minus
:data:`THREAT_WEIGHT` times the points the others take in between (averaged over them).

What refills the grid and which tile it turns up next are hidden: it averages over
:data:`SAMPLES` redrawings of the reserve's order and of its next tile, drawn from the cards
and tiles nobody has seen, taken in a fixed order before shuffling (so the hidden order in
the state never matters) and the same redrawings for every tile.

``python -m bot arena finders-keepers --players 2 --seats normal,most-cards --games 600
--option mode=turns --option variant=expert`` measured this look-ahead at 72.9% against
``most-cards`` with 8 redrawings (69.8% with 4, 72%–74% with 16, at twice the CPU); the tile
worth most now minus 0.6 times the most another player could take next on one redrawing (the
heuristic before) won 64.5% of 300. The reserve term (issue 26's red-team pass) added 1.2–2.4
points against ``most-points`` at 2 players (71.2% against 68.8% of 2000 games, ``--seed 7``;
69.5% against 68.3% with ``--seed 5001``), 0.9 and 1.8 against ``spoiler``, and about half a
point at 4 players; weights 0.4–0.8 did alike in a throwaway simulator, 1.0
less. The hard level's play-outs (:func:`.playout.choice`) keep the look-ahead without it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from bot.games.finders_keepers.rules import CARDS

if TYPE_CHECKING:
    from bot.games.finders_keepers.rules import FindersKeepers

State = dict[str, Any]

THREAT_WEIGHT = 1.5
"""How much each point the other players take before its next turn (their mean) counts
against a tile."""
NEXT_WEIGHT = 1.0
"""How much its own best capture on its next turn counts for a tile."""
BANK_WEIGHT = 0.7
"""How much a second capture kept in reserve counts for a tile: after the round, the most
points another of its tiles could take from cards that no other player's face-up tile shows
(cards nobody else can take now, so they tend to wait for its turn after next)."""
SAMPLES = 8
"""Redrawings of the hidden reserve order and of its next tile that each tile is scored on
(the hard level's search calls this once a decision, as its guide; its rollouts play
:func:`.playout.choice`, the same look-ahead on the one redrawing each rollout holds)."""

Grid = list[int | None]


def worth(state: State, thing: str) -> int:
    """Points a tile of ``thing`` takes from the grid now (2 for a card with the owl, else 1)."""
    return points(state["grid"], thing)


def points(grid: Grid, thing: str) -> int:
    """Points a tile of ``thing`` takes from ``grid``."""
    return sum(CARDS[c].points for c in grid if c is not None and CARDS[c].shows(thing))


def capture(grid: Grid, thing: str, reserve: list[int]) -> Grid:
    """``grid`` after a tile of ``thing`` takes its cards and the reserve (top = last) refills it."""
    return [
        (reserve.pop() if reserve else None) if card is not None and CARDS[card].shows(thing) else card
        for card in grid
    ]


def best_tile(grid: Grid, hand: list[str]) -> tuple[int, str | None]:
    """The most points a tile of ``hand`` takes from ``grid``, and that tile (``None``: none matches)."""
    top, pick = 0, None
    for thing in hand:
        gain = points(grid, thing)
        if gain > top:
            top, pick = gain, thing
    return top, pick


def safe_reserve(grid: Grid, kept: list[str], pick: str | None, threats: list[str]) -> int:
    """The most points a tile of ``kept`` other than ``pick`` (its next capture) takes from
    the cards of ``grid`` that ``pick`` leaves and no tile of ``threats`` (the other players'
    face-up tiles) shows."""
    safe: Grid = [
        None
        if card is None or (pick is not None and CARDS[card].shows(pick)) or any(CARDS[card].shows(t) for t in threats)
        else card
        for card in grid
    ]
    return max((points(safe, thing) for thing in kept if thing != pick), default=0)


def expert(game: FindersKeepers, state: State, seat: int, keys: list[str], rng: random.Random) -> str:
    """The Expert tile to play among ``keys`` (``tile:<object>``), by the look-ahead above."""
    players = state["players"]
    hands = state["hands"]
    reserve = sorted(state["reserve"])  # which cards are in it is public, their order is not
    unseen_tiles = sorted([t for stack in state["stacks"] for t in stack] + state["out"])
    draws = bool(state["stacks"][seat]) and bool(unseen_tiles)
    redrawings: list[tuple[list[int], list[str]]] = []
    for _ in range(SAMPLES):
        order = list(reserve)
        rng.shuffle(order)
        redrawings.append((order, [rng.choice(unseen_tiles)] if draws else []))

    threats = [t for other in range(players) if other != seat for t in hands[other]]

    def value(key: str) -> float:
        thing = key[5:]
        ahead = 0.0
        for order, drawn in redrawings:
            refill = list(order)
            grid = capture(state["grid"], thing, refill)
            taken = 0
            for step in range(1, players):
                gain, tile = best_tile(grid, hands[(seat + step) % players])
                if tile is not None:
                    taken += gain
                    grid = capture(grid, tile, refill)
            kept = [t for t in hands[seat] if t != thing] + drawn
            mine, pick = best_tile(grid, kept)
            banked = safe_reserve(grid, kept, pick, threats)
            ahead += NEXT_WEIGHT * mine + BANK_WEIGHT * banked - THREAT_WEIGHT * taken / (players - 1)
        return worth(state, thing) + ahead / SAMPLES

    scored = [(value(key), key) for key in keys]
    top = max(score for score, _ in scored)
    return rng.choice([key for score, key in scored if score >= top - 1e-9])
