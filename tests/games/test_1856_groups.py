"""1856's action groups: how a prompt's moves are filed for a phone (bot.engine.choices).

Groups are presentation only, so these tests check that they keep every key and label, that
the names are the map's own hex names, and that the taps stay within three on real positions
and on a fabricated position with more legal hexes than one select lists.
"""

from __future__ import annotations

from bot.engine import Action, testkit
from bot.engine.choices import check_layout, layout, taps
from bot.games.g1856.rules import G1856, group_or_moves, row_bands


def test_few_hexes_share_one_control() -> None:
    assert row_bands(["K12", "B13", "K12"]) == {"B13": "", "K12": ""}


def test_many_hexes_are_split_into_even_bands_of_whole_rows() -> None:
    coords = [f"{row}{column}" for row in "ABCDEFGHIJ" for column in range(2, 22, 4)]  # 50 hexes
    placed = row_bands(coords)
    assert set(placed) == set(coords)
    bands: dict[str, list[str]] = {}
    for coord, band in placed.items():
        bands.setdefault(band, []).append(coord)
    assert sorted(len(members) for members in bands.values()) == [25, 25]
    for name, members in bands.items():
        letters = sorted({coord[0] for coord in members})
        # A band is named by its first and last row letter and holds whole rows.
        assert name == (f"row {letters[0]}" if len(letters) == 1 else f"rows {letters[0]}–{letters[-1]}")
        assert all(placed[c] == name for c in coords if c[0] in letters)


def test_a_hex_with_two_stops_takes_two_places_in_a_select() -> None:
    # A route's next stops (or station spots) list a hex once per city: 24 hexes with one
    # stop and one with two are 26 options, one more than a select lists (found by the kit
    # on an unseen 5-player deal: "Next stop" would have listed 26).
    coords = [f"{row}{column}" for row in "BCDEFGHIJKLM" for column in (4, 8)] + ["N11"]
    stops = [*coords, "N11"]
    placed = row_bands(stops)
    assert set(placed) == set(coords)
    per_band: dict[str, int] = {}
    for coord in stops:
        per_band[placed[coord]] = per_band.get(placed[coord], 0) + 1
    assert "" not in per_band
    assert sorted(per_band.values()) == [12, 14]  # whole rows, about even, each within 25
    assert row_bands(coords) == dict.fromkeys(coords, "")  # 25 options: one select


def test_many_hex_lays_take_two_taps() -> None:
    moves = [Action("pass", "Pass")]
    for coord in row_bands(f"{row}{column}" for row in "CDEFGHIJKLMN" for column in (4, 8, 12)):
        for rotation in range(3):
            moves.append(Action(f"lay:{coord}:57:{rotation}", f"Lay #57 on {coord} (rotation {rotation})"))
        moves.append(Action(f"tiles:{coord}", f"Show the tiles that fit {coord}"))
    moves.append(Action("token:K12:0", "Station in K12 for $40"))
    moves.append(Action("loan", "Take a loan ($100)"))
    grouped = group_or_moves(moves)
    assert [(a.key, a.label) for a in grouped] == [(a.key, a.label) for a in moves]
    check_layout(grouped)
    lays = [a for a in grouped if a.key.startswith("lay:")]
    assert max(taps(grouped, a.key) for a in lays) == 2  # the hex, then its lay
    assert next(a for a in grouped if a.key == "lay:K12:57:1").group == ("Lay a tile, rows I–N", "K12")
    assert next(a for a in grouped if a.key == "pass").main
    board = [control.placeholder or control.options[0].label for control in layout(grouped).controls()]
    # One station is no group of its own: it joins the loan in "More moves".
    assert board == ["Pass", "Lay a tile, rows C–H", "Lay a tile, rows I–N", "More moves"]


def test_a_hex_with_more_lays_than_a_list_gets_a_tile_step() -> None:
    moves = [
        Action(f"lay:K12:{tile}:{rotation}", f"Lay #{tile} on K12 (rotation {rotation})")
        for tile in ("57", "14", "15", "619", "63")
        for rotation in range(6)
    ]
    grouped = group_or_moves(moves)
    assert {a.group for a in grouped} == {("Lay a tile", "K12", f"#{t}") for t in ("57", "14", "15", "619", "63")}
    check_layout(grouped)


def test_real_prompts_keep_their_moves_and_fit_three_taps() -> None:
    """Every prompt of a random 4-player game: groups declared, all reachable in three taps."""
    game = G1856()
    seen_groups: set[str] = set()
    for state in testkit.random_walk(game, 4, seed=11):
        for prompt in game.legal_prompts(state):
            check_layout(prompt.actions)
            assert max(taps(prompt.actions, a.key) for a in prompt.actions) <= 3
            seen_groups.update(a.group[0] for a in prompt.actions if a.group)
            for action in prompt.actions:
                if action.key.startswith("lay:"):
                    assert action.group[0].startswith("Lay a tile") and action.key.split(":")[1] in action.group
    assert {"Lay a tile", "Buy a share", "Start a company", "Buy a train"} <= seen_groups
