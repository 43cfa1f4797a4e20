"""Schwarzes Gold: every rule on a hand-built position, the variants, the kit and the picture."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from PIL import Image

from bot.engine import BadOptions, IllegalAction
from bot.engine.testkit import check_game, play_forward
from bot.games.schwarzes_gold import render
from bot.games.schwarzes_gold.board import BOARDS, ROLL_AREA, neighbours8
from bot.games.schwarzes_gold.rules import SchwarzesGold, snake_seat
from bot.render import encode_png

GAME = SchwarzesGold()
ALL_1926 = {
    "board": "1926",
    "start_or_train": "off",
    "settlements": "off",
    "wasteland": "off",
    "own_trains": "off",
    "black_train": "off",
    "junctions": "off",
}
B1901 = BOARDS["1901"]
B1926 = BOARDS["1926"]


# -- helpers ------------------------------------------------------------------------------


def started(players: int = 3, first: int = 0, seed: int = 1, **options: str) -> dict[str, Any]:
    """A game past the table's choice of first player (and the black train's heading)."""
    opts = {**ALL_1926, **options} if options.get("board") == "1926" else {"board": "1901", **options}
    state = GAME.setup(players, opts, seed)
    GAME.apply(state, 0, f"first:{first + 1}")
    if state["stage"] == "face":
        GAME.apply(state, first, "face:S")
    return state


def roll(state: dict[str, Any], a: int, b: int, seat: int | None = None) -> None:
    """Put the dice on ``a`` + ``b`` for the active player (or ``seat``), as if just rolled."""
    if seat is not None:
        state["turn"] = seat
    state.update({"stage": "act", "dice": [a, b], "rerolled": False, "acted": 0})
    state["bonus"] = GAME._bonus(state, state["turn"])


def keys(state: dict[str, Any]) -> list[str]:
    [prompt] = GAME.prompts(state)
    return prompt.keys()


def act(state: dict[str, Any], key: str) -> list[str]:
    [prompt] = GAME.prompts(state)
    return [e.text for e in GAME.apply(state, prompt.seat, key)]


def dump(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def refused(state: dict[str, Any], seat: int, key: str) -> str:
    before = dump(state)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, key)
    assert dump(state) == before
    return str(error.value)


def rig(state: dict[str, Any], field: str, owner: int, used: bool = False) -> None:
    state["pieces"][field] = {"kind": "rig", "owner": owner, "dir": None, "used": used}


def truck(state: dict[str, Any], field: str, owner: int, direction: str = "h", kind: str = "truck") -> None:
    state["pieces"][field] = {"kind": kind, "owner": owner, "dir": direction, "used": False}


def phase2(state: dict[str, Any], holder: int) -> None:
    state.update({"stage": "score", "holder": holder, "index": 0, "dice": None})
    GAME._next_scorer(state, [])


# -- boards -------------------------------------------------------------------------------


def test_the_1901_areas_follow_the_dice_odds_and_rows_cap_a_truck_at_nine() -> None:
    sizes = {area: len(fields) for area, fields in B1901.fields_of.items()}
    assert sizes == {"2/3": 9, "4": 9, "5": 11, "6": 13, "7": 16, "8": 13, "9": 11, "10": 9, "11/12": 9}
    assert sum(sizes.values()) == 100
    ways = {s: 6 - abs(7 - s) for s in range(2, 13)}
    odds = {area: sum(ways[s] for s in ways if ROLL_AREA[s] == area) for area in sizes}
    # likelier areas are never smaller, and 7 (the likeliest) is the largest and in the middle
    assert all(sizes[a] <= sizes[b] for a in sizes for b in sizes if odds[a] < odds[b])
    assert set(B1901.fields_of["7"]) == {f"{r}{c}" for r in "DEFG" for c in (4, 5, 6, 7)}
    assert B1926.area_of == B1901.area_of


def test_the_1926_board_links_every_station_and_starts_the_black_train_in_area_7() -> None:
    assert set(B1926.settlements) == set(B1926.fields_of)
    assert B1926.black_start == "7" and B1926.settlements["7"].field == "E5"
    assert B1926.junctions() == [(2, 5), (5, 2), (5, 5), (5, 8), (8, 5)]
    # every station can be reached from every other (one railway network)
    corners = {c for seg in B1926.segments.values() for c in (seg.a, seg.b)}
    seen, todo = set(), [next(iter(corners))]
    while todo:
        corner = todo.pop()
        if corner not in seen:
            seen.add(corner)
            todo += [B1926.segments[s].other_end(corner) for s in B1926.exits[corner].values()]
    assert seen == corners
    assert len(B1926.wasteland) == 10


# -- setup and options ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rigs"), [(2, 5), (3, 5), (4, 4)])
def test_setup_gives_tokens_barrels_trucks_and_rigs(players: int, rigs: int) -> None:
    state = GAME.setup(players, {}, seed=3)
    assert state["supply"] == {"tokens": 60, "barrels": 3}
    assert state["rigs_left"] == [rigs] * players
    assert state["truck"] == ["hand"] * players
    [prompt] = GAME.prompts(state)
    assert prompt.seat == 0 and prompt.keys() == [f"first:{i}" for i in range(1, players + 1)]
    GAME.apply(state, 0, "first:3" if players > 2 else "first:2")
    first = 2 if players > 2 else 1
    [prompt] = GAME.prompts(state)
    assert prompt.seat == first and state["dice"] is not None and "reroll" in list(prompt.keys())


def test_variants_of_board_1926_are_refused_on_board_1901_and_junctions_need_a_train() -> None:
    with pytest.raises(BadOptions, match="board 1926"):
        GAME.setup(3, {"board": "1901", "wasteland": "on"}, 1)
    with pytest.raises(BadOptions, match="junctions"):
        GAME.setup(3, {**ALL_1926, "junctions": "on"}, 1)
    GAME.setup(3, {"board": "1901", "start_or_train": "on"}, 1)
    GAME.setup(3, {**ALL_1926, "junctions": "on", "black_train": "on"}, 1)
    assert GAME.resolve_options({"board": "1901", "wasteland": "on"})["wasteland"] == "on"  # refused at setup


# -- phase 1 ------------------------------------------------------------------------------


def test_a_roll_offers_exactly_the_placements_of_its_area_and_one_reroll() -> None:
    state = started()
    roll(state, 1, 1)  # 2: area 2/3, a double with nothing to stack on
    area = set(B1901.fields_of["2/3"])
    options = keys(state)
    assert options[0] == "reroll"
    assert {k.split(":")[1] for k in options[1:]} == area
    assert {k.split(":")[0] for k in options[1:]} == {"token", "rig", "truck"}  # no oil yet: no barrel
    message = refused(state, 0, "token:J10")
    assert "area 2/3" in message and "J10" in message
    act(state, "reroll")
    assert "reroll" not in keys(state)
    assert state["rerolled"] and "second roll must be used" in refused(state, 0, "reroll")


def test_the_next_player_clockwise_rolls_after_one_action() -> None:
    state = started(players=3, first=1)
    roll(state, 3, 4)
    act(state, "rig:E5")
    assert state["pieces"]["E5"] == {"kind": "rig", "owner": 1, "dir": None, "used": False}
    assert state["rigs_left"] == [5, 4, 5]
    [prompt] = GAME.prompts(state)
    assert prompt.seat == 2 and state["stage"] == "act"


def test_a_token_goes_on_a_token_only_on_a_double_and_never_under_a_barrel() -> None:
    state = started()
    state["tokens"] = {"E2": 1, "E3": 1}
    state["barrels"] = ["E3"]
    roll(state, 5, 3)  # 8: area 8, not a double
    assert "token:E2" not in keys(state)
    assert "only a double" in refused(state, 0, "token:E2")
    roll(state, 4, 4)  # 8 again, as a double
    assert "token:E2" in keys(state) and "token:E3" not in keys(state)
    assert "barrel" in refused(state, 0, "token:E3")
    act(state, "token:E2")
    assert state["tokens"]["E2"] == 2 and state["supply"]["tokens"] == 59


def test_barrels_go_on_tokens_and_there_are_three() -> None:
    state = started()
    state["tokens"] = {"E5": 1}
    roll(state, 3, 4)
    assert "barrel:E5" in keys(state) and "barrel:E6" not in keys(state)
    assert "has none" in refused(state, 0, "barrel:E6")
    state["supply"]["barrels"] = 0
    assert not any(k.startswith("barrel:") for k in keys(state))
    state["supply"]["barrels"] = 1
    act(state, "barrel:E5")
    assert state["barrels"] == ["E5"] and state["supply"]["barrels"] == 0


def test_trucks_face_a_row_or_a_column_and_rigs_run_out() -> None:
    state = started()
    roll(state, 3, 4)
    assert {"truck:E5:h", "truck:E5:v"} <= set(keys(state))
    act(state, "truck:E5:v")
    assert state["pieces"]["E5"]["dir"] == "v" and state["truck"][0] == "board"
    state["rigs_left"][1] = 0
    roll(state, 3, 4, seat=1)
    assert not any(k.startswith("rig:") for k in keys(state))
    assert "no oil rigs left" in refused(state, 1, "rig:E6")


def test_phase_1_ends_at_once_when_an_area_is_full_and_the_left_neighbour_takes_the_black_train() -> None:
    state = started(players=3)
    fields = B1901.fields_of["2/3"]
    state["tokens"] = {f: 1 for f in fields[1:]}
    state["supply"]["tokens"] -= len(fields) - 1
    roll(state, 1, 2, seat=2)
    texts = act(state, f"rig:{fields[0]}")
    assert "Phase 1 ends: area 2/3 is full." in texts
    assert state["holder"] == 0  # left of seat 2
    # seats 0 and 1 have nothing to pump, so the first choice falls to seat 2
    assert state["stage"] == "score" and state["turn"] == 2


def test_phase_1_ends_when_the_tokens_run_out() -> None:
    state = started(players=2)
    state["supply"]["tokens"] = 1
    rig(state, "E4", 1)
    roll(state, 3, 4)
    texts = act(state, "token:E5")
    assert "Phase 1 ends: the oil tokens have run out." in texts
    assert state["holder"] == 1 and state["turn"] == 1


# -- phase 2 ------------------------------------------------------------------------------


def test_snake_order_for_two_three_and_four_players() -> None:
    assert [snake_seat(0, i, 3) for i in range(9)] == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    assert [snake_seat(1, i, 4) for i in range(10)] == [1, 2, 3, 0, 0, 3, 2, 1, 1, 2]
    # The rulebook reverses the order only "with 3 or 4 players": two players alternate.
    assert [snake_seat(1, i, 2) for i in range(6)] == [1, 0, 1, 0, 1, 0]


def test_phase_2_runs_in_snake_order_from_the_black_train_and_skips_empty_hands() -> None:
    state = started(players=3)
    for seat, (a, b) in enumerate([("A1", "A4"), ("D1", "D4"), ("H1", "H4")]):
        rig(state, a, seat)
        rig(state, b, seat)
        state["tokens"][a.replace("1", "2")] = 1
        state["tokens"][b.replace("4", "5")] = 1
    phase2(state, holder=1)
    order = []
    while GAME.prompts(state):
        [prompt] = GAME.prompts(state)
        order.append(prompt.seat)
        GAME.apply(state, prompt.seat, prompt.keys()[0])
    assert order == [1, 2, 0, 0, 2, 1]
    assert state["points"] == [2, 2, 2]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranks == (1, 3, 2)  # tie: seat 0 began phase 2 last


def test_two_players_alternate_in_phase_2_without_reversing() -> None:
    state = started(players=2)
    for seat, (a, b) in enumerate([("A1", "A4"), ("H1", "H4")]):
        rig(state, a, seat)
        rig(state, b, seat)
        state["tokens"][a.replace("1", "2")] = 1
        state["tokens"][b.replace("4", "5")] = 1
    phase2(state, holder=1)
    order = []
    while GAME.prompts(state):
        [prompt] = GAME.prompts(state)
        order.append(prompt.seat)
        GAME.apply(state, prompt.seat, prompt.keys()[0])
    assert order == [1, 0, 1, 0]


def test_a_player_with_nothing_left_is_skipped() -> None:
    state = started(players=3)
    rig(state, "A1", 0)
    rig(state, "J1", 0)
    rig(state, "E5", 2)
    state["tokens"] = {"A2": 1, "J2": 1, "E6": 1}
    phase2(state, holder=0)
    assert state["turn"] == 0
    act(state, "score:rig:A1")
    assert state["turn"] == 2  # seat 1 has no rig or truck: skipped
    act(state, "score:rig:E5")
    assert state["turn"] == 0  # seat 2 again would be next, but has nothing left
    act(state, "score:rig:J1")
    assert GAME.prompts(state) == [] and state["stage"] == "over"


def test_a_rig_takes_one_token_from_each_of_its_eight_fields() -> None:
    state = started()
    rig(state, "E5", 0)
    for field in neighbours8("E5"):
        state["tokens"][field] = 2
    state["tokens"]["E6"] = 1
    state["barrels"] = ["E6", "D4"]
    state["tokens"]["C5"] = 3  # out of reach
    phase2(state, holder=0)
    texts = act(state, "score:rig:E5")
    assert state["points"][0] == 8 + 2  # eight tokens (the cap) and two barrels
    assert "10 points" in texts[0]
    assert sum(state["tokens"].values()) == 7 * 1 + 3
    assert "E6" not in state["tokens"] and state["barrels"] == []
    assert state["pieces"]["E5"]["used"]


def test_a_truck_line_runs_both_ways_to_the_next_rig_or_truck() -> None:
    state = started(players=2)
    truck(state, "E5", 0, "h")
    rig(state, "E2", 1)
    truck(state, "E9", 1, "v")
    for field in ("E1", "E3", "E4", "E6", "E7", "E8", "E10", "D5", "F5"):
        state["tokens"][field] = 1
    assert GAME.haul(state, "E5") == ["E4", "E3", "E6", "E7", "E8"]
    state["pieces"]["E5"]["dir"] = "v"
    assert GAME.haul(state, "E5") == ["D5", "F5"]
    truck(state, "G5", 1, "h", kind="train")  # a train placed like a truck blocks too
    state["tokens"]["H5"] = 1
    assert GAME.haul(state, "E5") == ["D5", "F5"]


def test_a_truck_takes_at_most_nine_tokens_from_a_full_row() -> None:
    state = started(players=2)
    truck(state, "C1", 0, "h")
    for col in range(2, 11):
        state["tokens"][f"C{col}"] = 2
    state["barrels"] = ["C10"]
    phase2(state, holder=0)
    act(state, "score:truck:C1")
    assert state["points"][0] == 9 + 1
    assert state["tokens"] == {f"C{col}": 1 for col in range(2, 11)}


def test_a_used_piece_still_blocks_a_truck_line() -> None:
    state = started(players=2)
    rig(state, "E3", 1, used=True)
    truck(state, "E5", 0, "h")
    state["tokens"] = {"E1": 1, "E4": 1}
    assert GAME.haul(state, "E5") == ["E4"]


# -- variant: start or train ----------------------------------------------------------------


def end_phase1(state: dict[str, Any], last: int) -> None:
    state["turn"] = last
    GAME._end_phase1(state, "test", [])


def test_start_or_train_the_starter_takes_the_black_train_and_others_place_or_keep() -> None:
    state = started(players=3, start_or_train="on")
    rig(state, "A1", 0)
    state["tokens"]["A2"] = 1
    end_phase1(state, last=0)
    assert state["stage"] == "decide" and state["turn"] == 1
    assert keys(state) == ["start", "train", "pass"]
    act(state, "pass")  # seat 1 keeps the train
    act(state, "start")  # seat 2 starts
    assert state["turn"] == 0 and keys(state) == ["train", "pass"]
    act(state, "train")
    assert state["stage"] == "place" and state["dice"] is not None
    place = next(k for k in keys(state) if k.startswith("train:"))
    act(state, place)
    field = place.split(":")[1]
    assert state["pieces"][field]["kind"] == "train"
    assert state["holder"] == 2 and state["points"][1] == 1  # the kept train is a point
    assert state["stage"] == "score"


def test_start_or_train_if_nobody_starts_the_first_to_decide_begins() -> None:
    state = started(players=2, start_or_train="on")
    end_phase1(state, last=1)
    act(state, "pass")
    act(state, "pass")
    assert state["holder"] == 0 and state["points"] == [1, 1]
    assert state["stage"] == "over"  # nothing on the board to score


# -- variant: shanty settlements ------------------------------------------------------------


def test_settlements_take_only_trucks_and_do_not_count_for_a_full_area() -> None:
    state = started(board="1926", settlements="on")
    roll(state, 3, 4)
    options = keys(state)
    assert "token:E5" not in options and "rig:E5" not in options and "truck:E5:h" in options
    assert "settlement" in refused(state, 0, "rig:E5")
    fields = [f for f in B1926.fields_of["7"] if f != "E5"]
    state["tokens"] = {f: 1 for f in fields[1:]}
    roll(state, 3, 4)
    texts = act(state, f"token:{fields[0]}")
    assert "Phase 1 ends: area 7 is full." in texts


def test_a_connection_of_oil_between_settlements_scores_safe_points_for_the_truck() -> None:
    state = started(players=3, board="1926", settlements="on")
    truck(state, "B3", 1, "h")  # settlement of area 2/3
    state["tokens"] = {"A3": 2}
    state["barrels"] = ["A3"]
    roll(state, 3, 4, seat=0)
    act(state, "token:D5")  # not a connection yet: nothing happens
    assert state["points"] == [0, 0, 0]
    state["tokens"] = {"A3": 2, "A4": 1}
    state["turn"] = 0
    state["dice"] = [2, 2]  # area 4
    state["stage"] = "act"
    texts = act(state, "token:A5")  # B3-A3-A4-A5-B5: a chain of tokens side by side
    assert any("connects the settlements on B3 and B5" in t for t in texts)
    # A3 (2 tokens and the barrel), A4 and A5: 5 safe points for seat 1, D5 stays
    assert state["points"] == [0, 5, 0] and state["safe"] == [0, 5, 0]
    assert state["truck"][1] == "gone" and "B3" not in state["pieces"]
    assert state["tokens"] == {}


def test_a_shared_connection_splits_the_oil_and_the_active_player_gets_the_odd_one() -> None:
    state = started(players=3, board="1926", settlements="on")
    truck(state, "B3", 1, "h")
    truck(state, "B5", 2, "v")
    state["tokens"] = {"A3": 1, "A4": 2}
    state["barrels"] = ["A4"]
    roll(state, 2, 2, seat=0)  # area 4
    act(state, "token:A5")  # B3-A3-A4-A5-B5: 1 + 2 + barrel + 1 = 5 points between two trucks
    assert state["points"] == [1, 2, 2]
    assert state["truck"][1] == state["truck"][2] == "gone"
    assert state["tokens"] == {} and state["pieces"] == {}


def test_the_shortest_connection_is_taken_and_the_rest_stays() -> None:
    state = started(players=2, board="1926", settlements="on")
    truck(state, "B3", 1, "h")
    state["tokens"] = {"A3": 1, "A4": 1, "A5": 1}
    roll(state, 2, 2, seat=0)
    act(state, "token:B4")  # B4 alone links B3 and B5
    assert state["points"] == [0, 1]
    assert state["tokens"] == {"A3": 1, "A4": 1, "A5": 1}


def test_a_truck_left_in_a_settlement_may_turn_at_the_end_of_phase_1() -> None:
    state = started(players=2, board="1926", settlements="on")
    truck(state, "I3", 1, "h")
    end_phase1(state, last=1)
    assert state["stage"] == "rotate" and state["turn"] == 1
    act(state, "rotate")
    assert state["pieces"]["I3"]["dir"] == "v"


# -- variant: wasteland ---------------------------------------------------------------------


def test_wasteland_opens_only_when_the_rest_of_its_area_is_taken() -> None:
    state = started(board="1926", wasteland="on")
    roll(state, 1, 1)  # area 2/3, wasteland A1
    assert "token:A1" not in keys(state)
    assert "wasteland" in refused(state, 0, "rig:A1")
    others = [f for f in B1926.fields_of["2/3"] if f not in ("A1", "B1")]
    state["tokens"] = {f: 1 for f in others}
    assert "token:A1" not in keys(state)
    state["tokens"]["B1"] = 1
    assert "token:A1" in keys(state) and "rig:A1" in keys(state)


def test_without_the_wasteland_variant_those_fields_are_ordinary() -> None:
    state = started(board="1926")
    roll(state, 1, 1)
    assert "token:A1" in keys(state)


# -- variant: own trains --------------------------------------------------------------------


def test_an_own_train_on_a_station_gives_up_to_two_actions_in_its_area_then_moves_on() -> None:
    state = started(players=2, board="1926", own_trains="on")
    roll(state, 3, 4)
    assert {"station:N", "station:S"} <= set(keys(state))
    act(state, "station:S")
    assert state["trains"]["0"] == {"seg": "v4-5", "to": [5, 5], "halt": "E5"}
    roll(state, 4, 3, seat=0)
    assert state["bonus"] and "done" in keys(state)
    act(state, "token:D5")
    assert state["turn"] == 0 and "reroll" not in keys(state) and "done" in keys(state)
    texts = act(state, "token:D6")
    # then the train runs on: south from E5's station to the crossing at F5/F6, where the owner chooses
    assert state["stage"] == "route" and state["turn"] == 0
    assert keys(state) == ["go:E", "go:S", "go:W"]
    act(state, "go:S")
    # no halt along column 5 down to the switch at H5/H6/I5/I6, where it may turn either way
    assert state["stage"] == "route" and keys(state) == ["go:E", "go:W"]
    texts = act(state, "go:E")
    assert any("runs to the station of area 10" in t for t in texts)
    assert state["trains"]["0"]["halt"] == "I6"
    assert state["turn"] == 1


def test_no_action_is_allowed_on_an_own_train_turn() -> None:
    state = started(players=2, board="1926", own_trains="on")
    state["trains"]["0"] = {"seg": "h8-5", "to": [8, 6], "halt": "I6"}
    state["train"][0] = "tracks"
    roll(state, 5, 5)  # area 10
    act(state, "done")
    assert state["trains"]["0"]["halt"] == "I8" and state["turn"] == 1


# -- variant: the black train (Curse of Spindletop) -----------------------------------------


def black(players: int = 2, **options: str) -> dict[str, Any]:
    state = GAME.setup(players, {**ALL_1926, "black_train": "on", **options}, 5)
    GAME.apply(state, 0, "first:1")
    assert keys(state) == ["face:N", "face:S"]
    GAME.apply(state, 0, "face:N")
    return state


def test_the_black_train_starts_in_area_7_and_moves_only_on_a_double() -> None:
    state = black()
    assert state["trains"]["black"] == {"seg": "v4-5", "to": [4, 5], "halt": "E5"}
    roll(state, 3, 4)
    act(state, "token:D4")
    assert state["trains"]["black"]["seg"] == "v4-5"
    roll(state, 2, 2, seat=1)  # a double: after the action the train runs north
    texts = act(state, "token:A4")
    # north from E5 to the switch at C5/C6: trunk is west, so from the south only west or east
    assert state["stage"] == "route" and keys(state) == ["go:E", "go:W"]
    texts = act(state, "go:W")
    assert state["trains"]["black"]["halt"] == "B5"  # the station of area 4
    assert any("station of area 4" in t for t in texts)


def test_the_curse_dries_out_the_oil_across_the_track() -> None:
    state = black()
    state["trains"]["black"] = {"seg": "h2-2", "to": [2, 3], "halt": "B3"}
    state["tokens"] = {"C5": 3}
    state["barrels"] = ["C5"]
    state["supply"] = {"tokens": 50, "barrels": 2}
    roll(state, 1, 1)  # area 2/3
    texts = act(state, "token:A2")
    # east along row 2 from B3's station: the next halt is B5's station (area 4); across it is C5
    assert state["trains"]["black"]["halt"] == "B5"
    assert "C5" not in state["tokens"] and state["barrels"] == []
    assert state["supply"] == {"tokens": 52, "barrels": 3}
    assert any("dries out" in t for t in texts)


def test_the_curse_lets_the_active_player_swap_a_rig_beside_a_free_field() -> None:
    state = black()
    state["trains"]["black"] = {"seg": "h2-2", "to": [2, 3], "halt": "B3"}
    rig(state, "B4", 1)  # beside the track h2-3; across it C4 is free
    rig(state, "J10", 0)
    roll(state, 1, 1)
    act(state, "token:A1")
    assert state["trains"]["black"]["halt"] == "B4" and state["stage"] == "swap"
    assert keys(state) == ["swap:J10", "keep"]
    assert refused(state, 0, "swap:B4") == "B4 is not one of your oil rigs: swap with J10, or keep."
    act(state, "swap:J10")
    assert state["pieces"]["B4"]["owner"] == 0 and state["pieces"]["J10"]["owner"] == 1
    assert state["turn"] == 1


def test_the_curse_does_nothing_between_two_rigs() -> None:
    state = black()
    state["trains"]["black"] = {"seg": "h2-2", "to": [2, 3], "halt": "B3"}
    rig(state, "B4", 1)
    rig(state, "C4", 0)
    roll(state, 1, 1)
    texts = act(state, "token:A1")
    assert state["trains"]["black"]["halt"] == "B4" and state["stage"] == "act"
    assert any("no effect" in t for t in texts)


def test_the_curse_sends_a_truck_home_from_its_settlement_only_with_the_settlements_variant() -> None:
    for settlements, expected in (("on", "hand"), ("off", "board")):
        state = black(settlements=settlements)
        state["trains"]["black"] = {"seg": "h2-2", "to": [2, 3], "halt": "B3"}
        truck(state, "B5", 1, "h")
        state["truck"][1] = "board"
        roll(state, 1, 1)
        act(state, "token:A1")
        assert state["trains"]["black"]["halt"] == "B5"
        assert state["truck"][1] == expected


def test_a_train_skips_an_occupied_halt_and_never_stops_twice_running_at_one() -> None:
    state = black(own_trains="on")
    state["trains"]["black"] = {"seg": "h2-2", "to": [2, 3], "halt": "B3"}
    state["trains"]["1"] = {"seg": "h2-4", "to": [2, 5], "halt": "B5"}
    state["train"][1] = "tracks"
    roll(state, 1, 1)
    act(state, "token:A1")
    # B5's station is taken by seat 1's train: the black train runs on to the switch at C5/C6,
    # where coming from the west it may go east or turn south
    assert state["stage"] == "route" and keys(state) == ["go:E", "go:S"]
    act(state, "go:E")
    assert state["trains"]["black"]["halt"] == "B8"


def test_a_train_never_stops_twice_running_at_the_same_halt() -> None:
    state = black()
    rig(state, "F6", 1)  # beside h5-5 (E6|F6) and v5-5 (F5|F6)
    state["trains"]["black"] = {"seg": "h5-6", "to": [5, 6], "halt": "F8"}
    roll(state, 1, 1)
    act(state, "token:A1")
    assert state["trains"]["black"] == {"seg": "h5-5", "to": [5, 5], "halt": "F6"}
    roll(state, 1, 1, seat=0)
    act(state, "token:A2")
    assert keys(state) == ["go:N", "go:S", "go:W"]
    act(state, "go:S")  # v5-5 passes F6 again: not a halt this time, so on to the next switch
    assert state["stage"] == "route" and state["moving"]["seg"] == "v7-5"


def test_both_trains_moving_lets_the_active_player_choose_the_order() -> None:
    state = black(own_trains="on")
    state["trains"]["0"] = {"seg": "h8-5", "to": [8, 6], "halt": "I6"}
    state["train"][0] = "tracks"
    roll(state, 5, 5)  # a double in area 10, where seat 0's train stands
    act(state, "done")
    assert state["stage"] == "order" and keys(state) == ["move:black", "move:own"]
    act(state, "move:own")
    assert state["trains"]["0"]["halt"] == "I8"


def test_junctions_only_allow_straight_on_at_a_crossing_and_no_turn_against_a_switch() -> None:
    free = black()
    strict = black(junctions="on")
    for state in (free, strict):
        state["moving"] = {"train": "black", "seg": "v4-5", "to": [5, 5], "seen": [], "choice": None}
    assert GAME.exits(free, (5, 5), "N") == ["E", "S", "W"]
    assert GAME.exits(strict, (5, 5), "N") == ["S"]
    # the switch at C5/C6 (corner 2,5): trunk west, straight east, branch south
    assert GAME.exits(free, (2, 5), "S") == ["E", "W"]
    assert GAME.exits(strict, (2, 5), "S") == ["W"]
    assert GAME.exits(strict, (2, 5), "W") == ["E", "S"]
    assert GAME.exits(strict, (2, 5), "E") == ["W"]


# -- refusals, views, pictures --------------------------------------------------------------


def test_refusals_say_what_is_wrong() -> None:
    state = started()
    roll(state, 3, 4)
    assert "not a field" in refused(state, 0, "token:Z99")
    assert "not your turn" in refused(state, 1, "token:E5").lower()
    state["pieces"]["E5"] = {"kind": "rig", "owner": 1, "dir": None, "used": False}
    assert "not free" in refused(state, 0, "token:E5")
    assert "not a move now" in refused(state, 0, "score:rig:E5")


def test_the_view_shows_the_board_but_never_the_coming_dice() -> None:
    state = started()
    view = GAME.view(state, None)
    assert str(state["rng"]) not in json.dumps(view)
    assert view["dice"] == state["dice"] and view["area"] == ROLL_AREA[sum(state["dice"])]


@pytest.mark.parametrize(("players", "options", "steps"), [(2, {"board": "1901"}, 12), (4, {**ALL_1926, "settlements": "on", "wasteland": "on", "own_trains": "on", "black_train": "on", "start_or_train": "on"}, 400)])
def test_the_picture_is_phone_sized_and_draws_early_and_late(players: int, options: dict[str, str], steps: int) -> None:
    state = GAME.setup(players, options, 11)
    play_forward(GAME, state, chooser=random.Random(11), steps=steps)
    view = GAME.view(state, None)
    image = Image.open(io.BytesIO(encode_png(render.board(view))))
    assert 1000 <= image.width <= 1400
    assert render.board(view).tobytes() == render.board(view).tobytes()


# -- the agent and the kit ------------------------------------------------------------------


def test_the_agent_plays_legal_moves_to_the_end() -> None:
    state = GAME.setup(3, {**ALL_1926, "black_train": "on", "own_trains": "on", "settlements": "on"}, 4)
    play_forward(GAME, state, chooser=random.Random(4), steps=GAME.max_actions(3))
    assert GAME.outcome(state) is not None


def agent_win_rate(games: int, players: int = 3) -> float:
    wins = 0
    for seed in range(games):
        me = seed % players
        rng = random.Random(seed)
        board = "1901" if seed % 2 else "1926"
        opts = {"board": "1901"} if board == "1901" else {**ALL_1926, "black_train": rng.choice(["on", "off"])}
        state = GAME.setup(players, opts, seed)
        while prompts := GAME.prompts(state):
            seat = prompts[0].seat
            key = GAME.agent(state, seat, rng) if seat == me else rng.choice(prompts[0].actions).key
            GAME.apply(state, seat, key)
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += outcome.ranks[me] == 1
    return wins / games


def test_the_agent_beats_random_players() -> None:
    assert agent_win_rate(12) > 0.6


@pytest.mark.slow
def test_the_agent_wins_most_of_200_games_at_three_players() -> None:
    assert agent_win_rate(200) > 0.6


# -- the hard bot's hooks ---------------------------------------------------------------------


def test_evaluate_gives_each_player_a_win_chance_and_favours_the_one_near_more_oil() -> None:
    state = started(players=3)
    for field in ("C5", "C6", "D5", "D6", "E6"):
        state["tokens"][field] = 2
    rig(state, "D7", owner=1)  # reaches C6, D6, E6: six tokens
    rig(state, "J1", owner=2)  # reaches nothing
    chances = GAME.evaluate(state)
    assert chances is not None and len(chances) == 3
    assert all(0.0 <= chance <= 1.0 for chance in chances)
    assert abs(sum(chances) - 1.0) < 1e-9
    assert chances[1] > chances[0] and chances[1] > chances[2]


def test_evaluate_leaves_the_pumping_to_the_rollout() -> None:
    state = started(players=2)
    state["tokens"]["B2"] = 1
    rig(state, "A1", owner=0)
    phase2(state, holder=0)
    assert state["stage"] == "score"
    assert GAME.evaluate(state) is None


def test_the_rollout_policy_plays_legal_moves_to_the_end_on_every_board() -> None:
    for seed, opts in enumerate([{"board": "1901"}, {**ALL_1926, "own_trains": "on", "black_train": "on", "settlements": "on"}]):
        state = GAME.setup(3, opts, seed)
        rng = random.Random(seed)
        for _ in range(GAME.max_actions(3)):
            prompts = GAME.prompts(state)
            if not prompts:
                break
            key = GAME.rollout_agent(state, prompts[0].seat, rng)
            assert key in [action.key for action in prompts[0].actions]
            GAME.apply(state, prompts[0].seat, key)
        assert GAME.outcome(state) is not None


def test_the_rollout_policy_builds_a_rig_by_the_oil_rather_than_far_from_it() -> None:
    state = started(players=2)
    for field in ("H2", "H3", "H4", "J2"):
        state["tokens"][field] = 1
    roll(state, 4, 5, seat=0)  # area 9: I1..I4, J1..J4 and H2..H4
    options = keys(state)
    assert "rig:I3" in options
    choice = GAME.rollout_agent(state, 0, random.Random(1))
    assert choice == "rig:I3"  # the free field next to all four tokens


def kit_options(seed: int, players: int) -> dict[str, str]:
    """Every board and variant set the rulebook allows, spread over the seeds."""
    rng = random.Random(seed * 31 + players)
    if seed % 4 == 0:
        return {"board": "1901", **{k: "off" for k in ALL_1926 if k != "board"}, "start_or_train": rng.choice(["on", "off"])}
    opts = {**ALL_1926, **{k: rng.choice(["on", "off"]) for k in ("start_or_train", "settlements", "wasteland", "own_trains", "black_train")}}
    if "on" in (opts["own_trains"], opts["black_train"]):
        opts["junctions"] = rng.choice(["on", "off"])
    return opts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_kit_on_every_board_and_variant_set(players: int) -> None:
    for seed in range(8):
        check_game(GAME, [seed], players, kit_options(seed, players))


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_kit_with_200_seeds(players: int) -> None:
    covered = set()
    for seed in range(200):
        options = kit_options(seed, players)
        check_game(GAME, [seed], players, options)
        covered |= {(k, v) for k, v in options.items()}
    assert {(k, v) for k in ALL_1926 for v in ("on", "off") if k != "board"} <= covered


def test_the_agent_rerolls_a_train_roll_that_finds_no_free_field() -> None:
    state = started(players=2, start_or_train="on")
    state["tokens"] = {f: 1 for f in B1901.fields_of["7"]}
    end_phase1(state, last=1)
    act(state, "train")
    state["dice"] = [3, 4]  # area 7 is full
    assert keys(state) == ["reroll"]
    assert GAME.agent(state, 0, random.Random(1)) == "reroll"
    state["rerolled"] = True
    GAME._check_placeable(state, 0, [])
    assert state["train"][0] == "hand" and state["stage"] != "place"


def test_the_readme_table_of_area_sizes_matches_the_board_data() -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "data" / "schwarzes-gold" / "README.md").read_text()
    rows = [line.split("|") for line in readme.splitlines() if line.startswith("| ") and "/36" in line]
    table = {cells[1].strip(): int(cells[4]) for cells in rows if cells[1].strip() in B1901.fields_of}
    assert table == {area: len(fields) for area, fields in B1901.fields_of.items()}


def test_refusals_for_trains_name_the_reason() -> None:
    state = started(players=2, board="1926", own_trains="on")
    roll(state, 3, 4)
    act(state, "station:S")
    roll(state, 3, 4, seat=1)
    assert "taken" in refused(state, 1, "station:N")
    state3 = started(players=2, board="1926", own_trains="on")
    roll(state3, 3, 4)
    assert "station:N or station:S" in refused(state3, 0, "station:E")
    state2 = started(players=2, start_or_train="on")
    end_phase1(state2, last=1)
    act(state2, "train")
    area = GAME.roll_area(state2)
    elsewhere = next(f for f in B1901.area_of if B1901.area_of[f] != area)
    assert "area you rolled" in refused(state2, 0, f"train:{elsewhere}:h")
    assert "Say where" in refused(state2, 0, "train")


def test_every_point_is_a_token_or_barrel_taken_or_a_kept_train() -> None:
    """Conservation over random games with every variant: nothing is created or lost."""
    for seed in range(12):
        options = kit_options(seed, 3)
        state = GAME.setup(3, options, seed)
        rng = random.Random(seed)
        while prompts := GAME.prompts(state):
            GAME.apply(state, prompts[0].seat, rng.choice(prompts[0].actions).key)
            on_board = sum(state["tokens"].values())
            assert on_board + state["supply"]["tokens"] <= 60
            assert len(state["barrels"]) + state["supply"]["barrels"] <= 3
        taken = (60 - state["supply"]["tokens"] - sum(state["tokens"].values())) + (
            3 - state["supply"]["barrels"] - len(state["barrels"])
        )
        kept = state["train"].count("hand") if options["start_or_train"] == "on" else 0
        assert sum(state["points"]) == taken + kept, options
