"""Random reachable map positions: legal lays and station markers from the start of a game.

Used by the tests (random lay sequences keep the map valid), the route benchmark and the
brute-force cross-check. Only legal moves are made, so every position could occur in play.
"""

from __future__ import annotations

import random

from bot.games.g1856 import board
from bot.games.g1856.map import (
    MapState,
    lay_tile,
    legal_tile_lays,
    legal_token_placements,
    new_map,
    place_home_token,
    place_token,
    unblock,
)

PHASES = ["2", "3", "4", "5", "6", "D"]


def random_position(
    rng: random.Random,
    lays: int,
    corps: int = 6,
    token_chance: float = 0.3,
    phase_every: int = 12,
    final_phase: str = "D",
) -> tuple[MapState, list[str], str]:
    """A map after ``lays`` random legal lays by ``corps`` random companies.

    The phase advances every ``phase_every`` lays up to ``final_phase``; companies place
    station markers now and then. Returns ``(map, companies, phase)``.
    """
    state = new_map()
    symbols = [s for s, c in board.corporations().items() if c["home"]]
    active = rng.sample(symbols, corps)
    for corp in active:
        place_home_token(state, corp)
    for private in ("FT", "WSRC", "TCC"):
        if rng.random() < 0.5:
            unblock(state, private)
    last = PHASES.index(final_phase)
    phase = "2"
    for n in range(lays):
        phase = PHASES[min(last, n // phase_every)]
        corp = rng.choice(active)
        options = legal_tile_lays(state, corp, phase)
        if options:
            # Prefer upgrades and cities a little, as players do, so late maps fill up.
            weights = [3 if state["tiles"].get(o.hex) else 1 for o in options]
            lay = rng.choices(options, weights)[0]
            lay_tile(state, corp, lay.hex, lay.tile, lay.rotation, phase)
        if rng.random() < token_chance:
            spots = legal_token_placements(state, corp)
            if spots:
                spot = rng.choice(spots)
                place_token(state, corp, spot.hex, spot.city)
    return state, active, phase
