"""1856's legal tile lays are computed incrementally (each hex's answer remembered for the tile
on it, the sides the company reaches it through and the phase) and must always be exactly the
lays the plain definition, :func:`map.legal_tile_lays_full`, finds.

Fast: random legal map positions, every company at every step, and a supply running out.
Slow: every record in the test data at every track step, and whole games played by the bots.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.g1856 import board, replay18xx
from bot.games.g1856 import map as gmap
from bot.games.g1856.map import MapState, legal_tile_lays, legal_tile_lays_full
from bot.games.g1856.positions import PHASES
from bot.games.g1856.rules import G1856

RECORDS = Path(__file__).parent / "data" / "1856"


def _same(state: MapState, corp: str, phase: str) -> list[gmap.Lay]:
    fast = legal_tile_lays(state, corp, phase)
    assert fast == legal_tile_lays_full(state, corp, phase), (corp, phase)
    return fast


def _random_game(seed: int, lays: int, every: int) -> None:
    """Random legal lays by six companies, the phase rising; the two agree for the company
    laying at every step, and for every company in this phase and the one before every
    ``every`` steps."""
    rng = random.Random(seed)
    state = gmap.new_map()
    active = rng.sample([s for s, c in board.corporations().items() if c["home"]], 6)
    for corp in active:
        gmap.place_home_token(state, corp)
    for private in ("FT", "WSRC", "TCC"):
        if rng.random() < 0.5:
            gmap.unblock(state, private)
    for n in range(lays):
        at = min(len(PHASES) - 1, n // 8)
        phase = PHASES[at]
        corp = rng.choice(active)
        if n % every == every - 1:
            for other in active:
                for p in {PHASES[max(0, at - 1)], phase}:
                    _same(state, other, p)
        options = _same(state, corp, phase)
        if options:
            lay = rng.choices(options, [3 if state["tiles"].get(o.hex) else 1 for o in options])[0]
            gmap.lay_tile(state, corp, lay.hex, lay.tile, lay.rotation, phase)
        if rng.random() < 0.3 and (spots := gmap.legal_token_placements(state, corp)):
            spot = rng.choice(spots)
            gmap.place_token(state, corp, spot.hex, spot.city)


def test_incremental_lays_equal_the_definition_on_random_maps() -> None:
    _random_game(1, 40, every=10)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 8))
def test_incremental_lays_equal_the_definition_on_many_random_maps(seed: int) -> None:
    _random_game(seed, 60, every=1)


def test_a_tile_running_out_leaves_the_lays_at_once() -> None:
    state = gmap.new_map()
    gmap.place_home_token(state, "GW")
    before = _same(state, "GW", "2")
    tile = before[0].tile
    state["supply"][tile] = 0
    after = _same(state, "GW", "2")
    assert after == [lay for lay in before if lay.tile != tile] and len(after) < len(before)


def test_an_unchanged_map_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The point of it: a second track step on the same map runs no tile checks at all."""
    rng = random.Random(5)
    state = gmap.new_map()
    gmap.place_home_token(state, "GW")
    for _ in range(12):
        lay = rng.choice(legal_tile_lays(state, "GW", "3"))
        gmap.lay_tile(state, "GW", lay.hex, lay.tile, lay.rotation, "3")
    first = legal_tile_lays(state, "GW", "3")
    checks = []
    real = gmap.check_lay
    monkeypatch.setattr(gmap, "check_lay", lambda *a, **k: checks.append(a) or real(*a, **k))
    assert legal_tile_lays(state, "GW", "3") == first and checks == []


def _track_step(state: dict[str, Any]) -> tuple[str, list[Any]] | None:
    """The company about to lay track and what its lays depend on, or None."""
    op = state.get("op") or {}
    if state["round"] != "operating" or op.get("step") != "track" or op.get("laid") or op.get("home"):
        return None
    m = state["map"]
    return op["corp"], [op["corp"], state["phase"], sorted(m["tiles"].items()), m["tokens"], m["blocked"], m["supply"]]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.stem for p in RECORDS.glob("*.json")))
def test_incremental_lays_equal_the_definition_over_every_record(name: str) -> None:
    """At every track step of every record (replayed by the engine, on the record's platform)."""
    record = json.loads((RECORDS / f"{name}.json").read_text())
    platform = replay18xx.replay(record).platform
    compared, last = 0, None
    for _, state in replay18xx.steps(record, platform):
        step = _track_step(state)
        if step is not None and step[1] != last:
            _same(state["map"], step[0], state["phase"])
            compared, last = compared + 1, step[1]
    assert compared > 0 or len(record["actions"]) < 60


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_incremental_lays_equal_the_definition_over_bot_games(seed: int) -> None:
    game = G1856()
    rng = random.Random(seed)
    state = game.setup(4, {}, seed)
    steps = 0
    while (prompts := game.legal_prompts(state)) and steps < 3000:
        if (step := _track_step(state)) is not None:
            _same(state["map"], step[0], state["phase"])
        game.apply(state, prompts[0].seat, game.agent(state, prompts[0].seat, rng))
        steps += 1
