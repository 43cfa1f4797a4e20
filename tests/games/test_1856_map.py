"""1856 board library: tile lays and upgrades, station markers, reach, random lay sequences."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.engine import IllegalAction
from bot.games.g1856 import board
from bot.games.g1856.map import (
    check_invariants,
    check_lay,
    current,
    lay_tile,
    legal_tile_lays,
    legal_token_placements,
    new_map,
    place_home_token,
    place_token,
    reach,
    tokens_of,
    unblock,
)
from bot.games.g1856.positions import random_position

FACTS = Path("/work/shared/rules/1856-facts.json")  # the source of data/1856/map.json (not shipped)


def gw_start():
    state = new_map()
    place_home_token(state, "GW")
    return state


def refused(fn, *args, **kwargs) -> str:
    with pytest.raises(IllegalAction) as info:
        fn(*args, **kwargs)
    return str(info.value)


def test_data_matches_the_facts():
    facts = json.loads(FACTS.read_text()) if FACTS.exists() else None
    data = board.data()
    assert len(data["hexes"]) == 100
    assert sum(t["count"] for t in data["tiles"].values()) == 122
    # Neighbours are symmetric across opposite edges.
    for coord, h in data["hexes"].items():
        for edge, other in enumerate(h["neighbours"]):
            if other:
                assert data["hexes"][other]["neighbours"][(edge + 3) % 6] == coord
    if facts:
        from scripts.g1856_import_facts import convert

        assert convert(facts) == data


def test_a_legal_yellow_lay_from_home():
    state = gw_start()
    lays = {lay.key for lay in legal_tile_lays(state, "GW", "2")}
    assert "lay:F17:5:2" in lays
    assert lay_tile(state, "GW", "F17", "5", 2, "2") == 0
    assert state["tiles"]["F17"] == {"tile": "5", "rotation": 2}
    assert state["supply"]["5"] == board.tiles()["5"]["count"] - 1
    assert current(state, "F17").exits == {2, 3}


def test_track_off_the_map_is_refused():
    state = gw_start()
    before = json.dumps(state, sort_keys=True)
    message = refused(lay_tile, state, "GW", "F17", "57", 0, "2")
    assert "off" in message and "side 0" in message
    assert json.dumps(state, sort_keys=True) == before


def test_a_lay_must_connect_to_the_network():
    state = gw_start()
    assert "does not reach" in refused(check_lay, state, "GW", "M12", "9", 0, "2")
    # On a reached hex, a rotation that turns its back on London is refused too.
    assert "does not connect" in refused(check_lay, state, "GW", "G14", "9", 0, "2")


def test_wrong_colour_for_the_phase():
    state = gw_start()
    lay_tile(state, "GW", "F17", "5", 2, "2")
    assert "Green tiles may not be laid in phase 2" in refused(check_lay, state, "GW", "F17", "15", 1, "2")
    check_lay(state, "GW", "F17", "15", 1, "3")
    assert "only a yellow tile" in refused(check_lay, state, "GW", "E16", "15", 0, "3")


def test_an_upgrade_must_keep_existing_track():
    state = new_map()
    place_home_token(state, "WGB")  # Guelph J11
    lay_tile(state, "WGB", "J11", "57", 0, "2")  # edges 0 and 3
    assert "does not keep the track" in refused(check_lay, state, "WGB", "J11", "15", 1, "3")  # loses edge 0
    check_lay(state, "WGB", "J11", "15", 0, "3")  # edges 0-3 keep both


def test_upgrade_keeps_markers_and_returns_the_old_tile():
    state = gw_start()
    lay_tile(state, "GW", "F17", "5", 2, "2")
    place_token(state, "GW", "F17", 0)
    lay_tile(state, "GW", "F17", "15", 1, "3")
    assert state["tokens"]["F17"] == [["GW"]]
    assert state["supply"]["5"] == board.tiles()["5"]["count"]
    assert check_invariants(state) == []


def test_toronto_cities_merge_on_the_gray_tile():
    state = new_map()
    place_home_token(state, "CV")
    # Find a rotation of #120 that keeps Toronto's printed track.
    rotation = next(r for r in range(6) if _ok(state, "N11", "120", r, "3"))
    lay_tile(state, "CV", "N11", "120", rotation, "3")
    place_token(state, "CPR", "N11", 1 - state["tokens"]["N11"].index(["CV"]), ignore_reach=True)
    rotation = next(r for r in range(6) if _ok(state, "N11", "122", r, "5"))
    lay_tile(state, "CV", "N11", "122", rotation, "5")
    rotation = next(r for r in range(6) if _ok(state, "N11", "124", r, "6"))
    lay_tile(state, "CV", "N11", "124", rotation, "6")
    assert sorted(state["tokens"]["N11"][0]) == ["CPR", "CV"]
    assert check_invariants(state) == []


def _ok(state, coord, tile, rotation, phase) -> bool:
    try:
        check_lay(state, None, coord, tile, rotation, phase)
    except IllegalAction:
        return False
    return True


def test_labels_decide_what_goes_where():
    state = new_map()
    assert "labelled T" in refused(check_lay, state, None, "N11", "59", 0, "3")
    assert "needs a tile labelled B-L" in refused(check_lay, state, None, "F15", "59", 0, "3")
    # London and Barrie take #121 in green, then only their own brown tile.
    rotation = next(r for r in range(6) if _ok(state, "F15", "121", r, "3"))
    lay_tile(state, None, "F15", "121", rotation, "3")
    assert "label Lon" in refused(check_lay, state, None, "F15", "127", rotation, "5")
    assert any(_ok(state, "F15", "126", r, "5") for r in range(6))
    # A future-L city takes #125 in brown, and #63 nowhere but plain cities.
    lay_tile(state, None, "P9", "57", 1, "2")
    lay_tile(state, None, "P9", "15", next(r for r in range(6) if _ok(state, "P9", "15", r, "3")), "3")
    assert not any(_ok(state, "P9", "63", r, "5") for r in range(6))
    assert any(_ok(state, "P9", "125", r, "5") for r in range(6))


def test_hamilton_brown_only_to_123():
    state = new_map()
    rotation = next(r for r in range(6) if _ok(state, "L15", "59", r, "3"))
    lay_tile(state, None, "L15", "59", rotation, "3")
    brown = next(
        (t, r) for t in ("64", "65", "66", "67", "68") for r in range(6) if _ok(state, "L15", t, r, "5")
    )
    lay_tile(state, None, "L15", brown[0], brown[1], "5")
    assert any(_ok(state, "L15", "123", r, "6") for r in range(6))
    assert "only be upgraded to tile #123" in refused(check_lay, state, None, "L15", "124", 0, "6")


def test_towns_stay_towns_until_phase_6():
    state = new_map()
    assert "cities and towns" in refused(check_lay, state, None, "J9", "57", 0, "2")
    rotation = next(r for r in range(6) if _ok(state, "J9", "4", r, "2"))
    lay_tile(state, None, "J9", "4", rotation, "2")
    assert not any(_ok(state, "J9", "57", r, "5") for r in range(6))
    assert any(_ok(state, "J9", "57", r, "6") for r in range(6))  # the phase-6 conversion
    assert any(_ok(state, "J9", "9", r, "6") for r in range(6))


def test_terrain_cost_paid_on_the_first_tile_only():
    state = new_map()
    place_home_token(state, "BBG")  # Brantford J15
    lay_tile(state, "BBG", "J15", "57", 1, "2")  # edges 1 and 4: toward K14 (mountain)
    assert lay_tile(state, "BBG", "K14", "9", 1, "2") == 40
    # Upgrading it later costs nothing more.
    upgrade = next(
        (t, r)
        for t in ("19", "23", "24", "26", "27", "28", "29")
        for r in range(6)
        if _ok(state, "K14", t, r, "3")
    )
    assert check_lay(state, "BBG", "K14", upgrade[0], upgrade[1], "3")[0] == 0


def test_private_hexes_are_closed_while_players_hold_them():
    state = new_map()
    assert "private TCC" in refused(check_lay, state, None, "H11", "3", 0, "2")
    check_lay(state, None, "H11", "3", 0, "2", special=True)  # TCC's own lay
    unblock(state, "TCC")
    assert "H11" not in state["blocked"]


def test_the_manifest_runs_out():
    state = new_map()
    spots = [
        (coord, r) for coord in sorted(board.hexes()) for r in range(6) if _ok(state, coord, "1", r, "2")
    ]
    assert len({coord for coord, _ in spots}) >= 2
    first = spots[0]
    lay_tile(state, None, first[0], "1", first[1], "2")
    other = next(s for s in spots if s[0] != first[0])
    assert "All copies of tile #1" in refused(check_lay, state, None, other[0], "1", other[1], "2")


def test_a_full_city_of_others_blocks_reach():
    state = gw_start()
    lay_tile(state, "GW", "F17", "6", 1, "2")  # St. Thomas, edges 1 (E18) and 3 (London)
    assert "E18" in reach(state, "GW").edges
    place_token(state, "CA", "F17", 0, ignore_reach=True)
    assert "E18" not in reach(state, "GW").edges
    assert "does not reach" in refused(check_lay, state, "GW", "E18", "2", 1, "2")


def test_station_markers():
    state = gw_start()
    lay_tile(state, "GW", "F17", "5", 2, "2")
    spots = legal_token_placements(state, "GW")
    assert [(s.hex, s.city, s.cost) for s in spots] == [("F17", 0, 40)]
    assert place_token(state, "GW", "F17", 0) == 40
    assert "already has a station" in refused(place_token, state, "GW", "F17", 0)
    assert "no free station space" in refused(place_token, state, "CA", "F17", 0, ignore_reach=True)
    # Homes are reserved until their company places them.
    assert "no free station space" in refused(place_token, state, "GW", "J15", 0, ignore_reach=True)
    # Costs run $0 / 40 / 100 / 100, then nothing is left.
    assert tokens_of(state, "GW") == [("F15", 0), ("F17", 0)]
    assert place_token(state, "GW", "G12", 0, ignore_reach=True) == 100
    assert place_token(state, "GW", "H15", 0, ignore_reach=True) == 100
    assert "no station markers left" in refused(place_token, state, "GW", "J13", 0, ignore_reach=True)


def test_a_route_needs_reach_for_a_marker():
    state = gw_start()
    lay_tile(state, None, "J13", "57", 0, "2")
    assert "does not reach" in refused(place_token, state, "GW", "J13", 0)


def test_random_lay_sequences_keep_the_map_valid():
    for seed in range(6):
        state, _, _ = random_position(random.Random(seed), 40, corps=6, phase_every=7)
        assert check_invariants(state) == []
        json.loads(json.dumps(state))


@pytest.mark.slow
def test_random_lay_sequences_keep_the_map_valid_many():
    for seed in range(40):
        state, _, _ = random_position(random.Random(seed), 200, corps=11, phase_every=30)
        assert check_invariants(state) == []


def test_every_listed_lay_is_legal_and_every_legal_lay_is_listed():
    state, corps, phase = random_position(random.Random(11), 30, corps=5, phase_every=6)
    for corp in corps[:3]:
        listed = {(lay.hex, lay.tile, lay.rotation) for lay in legal_tile_lays(state, corp, phase)}
        for coord, tile, rotation in listed:
            check_lay(state, corp, coord, tile, rotation, phase)
        shapes = {(coord, tile, _shape(tile, rotation)) for coord, tile, rotation in listed}
        for coord in reach(state, corp).edges:
            for tile in board.tiles():
                for rotation in range(6):
                    if _ok_for(state, corp, coord, tile, rotation, phase):
                        assert (coord, tile, _shape(tile, rotation)) in shapes


def _shape(tile: str, rotation: int) -> frozenset:
    """The track a rotation gives (rotations of a symmetric tile give the same)."""
    return frozenset(tuple(sorted((a, b))) for a, b, _ in board.placed_tile(tile, rotation).paths)


def _ok_for(state, corp, coord, tile, rotation, phase) -> bool:
    try:
        check_lay(state, corp, coord, tile, rotation, phase)
    except IllegalAction:
        return False
    return True


def test_hamilton_keeps_a_space_for_thb():
    state = new_map()
    rotation = next(r for r in range(6) if _ok(state, "L15", "59", r, "3"))
    lay_tile(state, None, "L15", "59", rotation, "3")
    # Another company may take one of Hamilton's two cities, not both: THB's home must fit.
    place_token(state, "WR", "L15", 0, ignore_reach=True)
    assert "no free station space" in refused(place_token, state, "GT", "L15", 1, ignore_reach=True)
    place_home_token(state, "THB")
    assert state["tokens"]["L15"] == [["WR"], ["THB"]]
    assert not [r for r in state["reservations"] if r["corp"] == "THB"]


def test_bad_lays_and_markers_are_refused_and_change_nothing():
    state = gw_start()
    before = json.dumps(state, sort_keys=True)
    for args in [
        ("GW", "Z99", "5", 0, "2"),
        ("GW", "F17", "999", 0, "2"),
        ("GW", "F17", "5", 6, "2"),
        ("GW", "F17", "5", True, "2"),
        ("GW", "F17", "5", "2", "2"),
        ("GW", "F17", "5", 2, "9"),
        ("GW", "A20", "7", 0, "2"),
        ("GW", "N5", "7", 0, "2"),
        ("GW", "F9", "7", 0, "2"),
        ("NOPE", "F17", "5", 2, "2"),
    ]:
        with pytest.raises(IllegalAction):
            lay_tile(state, *args)
    for args in [("NOPE", "F15", 0), ("CA", "Z1", 0), ("CA", "F15", 3), ("CA", "F15", "0"), ("GW", "F15", 0)]:
        with pytest.raises(IllegalAction):
            place_token(state, *args)
    with pytest.raises(IllegalAction):
        place_home_token(state, "GW")
    with pytest.raises(IllegalAction):
        place_home_token(state, "CGR")
    assert json.dumps(state, sort_keys=True) == before


RECORDS = Path("/work/shared/18xx-1856")  # 18xx.games exports (test data, not shipped)


@pytest.mark.skipif(not RECORDS.exists(), reason="18xx.games records not available")
def test_every_recorded_lay_is_legal_for_its_company():
    from bot.games.g1856.records import replay

    checked = 0
    for path in sorted(RECORDS.glob("*.json")):
        for action, game in replay(json.loads(path.read_text())):
            if action["type"] != "lay_tile":
                continue
            corp = action["entity"]
            game.apply({"type": "pass", "entity": corp, "entity_type": "corporation"})  # home marker if first
            tile = action["tile"].rsplit("-", 1)[0]
            check_lay(game.state, corp, action["hex"], tile, action["rotation"], game.phase)
            listed = {
                (lay.hex, lay.tile, _shape(lay.tile, lay.rotation))
                for lay in legal_tile_lays(game.state, corp, game.phase)
            }
            assert (action["hex"], tile, _shape(tile, action["rotation"])) in listed
            checked += 1
    assert checked >= 20
