"""1856's action groups: how a prompt's moves are filed for a phone (bot.engine.choices).

Groups are presentation only, so these tests check that they keep every key and label, that
the names are the map's own hex names, and that the taps stay within three on real positions
and on a fabricated position with more legal hexes than one select lists.
"""

from __future__ import annotations

from bot.engine import Action, testkit
from bot.engine.choices import SELECT_LIMIT, check_layout, layout, taps
from bot.games.g1856.rules import G1856, by_rows, group_or_moves


def test_few_hexes_are_listed_by_name() -> None:
    assert by_rows(["K12", "B13", "K12"]) == {"B13": ("B13",), "K12": ("K12",)}


def test_many_hexes_are_split_into_bands_of_whole_rows() -> None:
    coords = [f"{row}{column}" for row in "ABCDEFGHIJ" for column in range(2, 22, 4)]  # 50 hexes
    placed = by_rows(coords)
    assert set(placed) == set(coords)
    bands: dict[str, list[str]] = {}
    for coord, path in placed.items():
        assert len(path) == 2 and path[1] == coord
        bands.setdefault(path[0], []).append(coord)
    assert all(len(members) <= SELECT_LIMIT for members in bands.values())
    assert len(bands) < len(coords) // 5  # bands of several rows, not one per row
    for name, members in bands.items():
        letters = sorted({coord[0] for coord in members})
        # A band is named by its first and last row letter and holds whole rows.
        assert name == (f"Row {letters[0]}" if len(letters) == 1 else f"Rows {letters[0]}–{letters[-1]}")
        assert all(placed[c][0] == name for c in coords if c[0] in letters)


def test_many_hex_lays_stay_within_three_taps() -> None:
    moves = [Action("pass", "Pass")]
    for coord in by_rows(f"{row}{column}" for row in "CDEFGHIJKLMN" for column in (4, 8, 12)):
        for rotation in range(3):
            moves.append(Action(f"lay:{coord}:57:{rotation}", f"Lay #57 on {coord} (rotation {rotation})"))
        moves.append(Action(f"tiles:{coord}", f"Show the tiles that fit {coord}"))
    moves.append(Action("token:K12:0", "Station in K12 for $40"))
    moves.append(Action("loan", "Take a loan ($100)"))
    grouped = group_or_moves(moves)
    assert [(a.key, a.label) for a in grouped] == [(a.key, a.label) for a in moves]
    check_layout(grouped)
    assert max(taps(grouped, a.key) for a in grouped) <= 3
    lay = next(a for a in grouped if a.key == "lay:K12:57:1")
    assert lay.group[0] == "Lay a tile" and lay.group[-1] == "K12" and lay.group[1].startswith("Row")
    assert next(a for a in grouped if a.key == "pass").main
    board = [control.placeholder or control.options[0].label for control in layout(grouped).controls()]
    # One station is no group of its own: it joins the loan in "More moves".
    assert board == ["Pass", "Lay a tile", "More moves"]


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
                    assert action.group[0] == "Lay a tile" and action.key.split(":")[1] in action.group
    assert {"Lay a tile", "Buy a share", "Start a company", "Buy a train"} <= seen_groups
