"""Chomp!: rule tests on hand-built states, live-mode timing, turns mode, and the picture."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from typing import Any

import pytest
from PIL import Image

from bot.engine import EXPIRE, SYSTEM_SEAT, IllegalAction, get_game
from bot.engine.testkit import random_playout
from bot.games.chomp import card as table
from bot.games.chomp import render
from bot.games.chomp.rules import (
    DECK,
    DECK_SPLIT,
    EEL,
    FLIP_MS,
    FOOD_CHAIN,
    OCTOPUS,
    ROUND_LIMIT,
    ROUND_MS,
    Chomp,
    can_chomp,
    judge,
    round_kind,
)
from bot.render import encode_png
from bot.render.legibility import recording
from bot.render.palette import HIGHLIGHT

GAME = Chomp()
FILLER = "shrimp"
"""What hand-built draw piles hold: a round of shrimp only is a round nobody can win."""


# -- helpers ------------------------------------------------------------------------------


def chomp_state(
    cards: list[str | None],
    *,
    mode: str = "live",
    tie: str = "300",
    endgame: str = "count",
    draws: list[list[str]] | None = None,
    discards: list[list[str]] | None = None,
    now: int = 10_000,
) -> dict[str, Any]:
    """A 3+ player state in the middle of a round with ``cards`` face up (None = washed up).

    Draw piles are three shrimp each unless given (top = last); the middle is empty.
    """
    players = len(cards)
    state = GAME.setup(players, {"mode": mode, "tie": tie, "endgame": endgame}, seed=1)
    state.update(
        {
            "now": now,
            "opened": now,
            "round": 5,
            "box": [],
            "draw": [list(d) for d in draws] if draws else [[FILLER] * 3 if c else [] for c in cards],
            "discard": [list(d) for d in discards] if discards else [[] for _ in cards],
            "table": [[{"card": c, "up": True}] if c else [] for c in cards],
            "out": [None if c else 2 for c in cards],
            "kind": round_kind(cards),
            "phase": "chomp",
            "center": [],
            "carry": [],
            "slaps": [],
            "forfeit": [],
            "first": None,
            "last": None,
        }
    )
    return state


def war_state(
    draws: list[list[str]], *, mode: str = "live", tie: str = "300", discards: list[list[str]] | None = None
) -> dict[str, Any]:
    """A 2-player Underwater War state waiting for a fresh flip (top of a pile = last)."""
    state = GAME.setup(2, {"mode": mode, "tie": tie}, seed=1)
    state.update(
        {
            "draw": [list(d) for d in draws],
            "discard": [list(d) for d in discards] if discards else [[], []],
            "box": [],
            "now": 5_000,
            "opened": 5_000,
        }
    )
    return state


def flip(state: dict[str, Any], seat: int, at: int) -> list[Any]:
    """Turn the next War cards: in turns mode ``seat`` flips; live, the countdown expires
    (the table's clock turns them, no earlier than ``at``)."""
    if state["mode"] == "turns":
        return GAME.apply(state, seat, "flip")
    due = GAME.deadline(state)
    assert due is not None
    return GAME.apply(state, SYSTEM_SEAT, EXPIRE, max(due, at))


def dump(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def keys_of(state: dict[str, Any], seat: int) -> list[str]:
    return next(p.keys() for p in GAME.prompts(state) if p.seat == seat)


def texts(events: list[Any]) -> str:
    return " | ".join(e.text for e in events)


def total_cards(state: dict[str, Any]) -> int:
    on_table = sum(len(laid) for laid in state["table"])
    piles = sum(len(p) for p in state["draw"]) + sum(len(p) for p in state["discard"])
    return piles + on_table + len(state["center"]) + len(state["box"])


# -- the deck and the food chain ----------------------------------------------------------


def test_deck_has_52_cards_split_as_documented() -> None:
    assert len(DECK) == 52
    assert Counter(DECK) == DECK_SPLIT
    assert DECK_SPLIT == {
        "shark": 7,
        "seal": 7,
        "big fish": 7,
        "little fish": 7,
        "shrimp": 7,
        "plankton": 7,
        OCTOPUS: 5,
        EEL: 5,
    }
    assert FOOD_CHAIN == ("plankton", "shrimp", "little fish", "big fish", "seal", "shark")


def test_the_food_chain_as_written() -> None:
    assert can_chomp("shark", "seal") and can_chomp("shark", "plankton")
    assert can_chomp("seal", "big fish") and not can_chomp("seal", "shark")
    assert can_chomp("big fish", "little fish") and not can_chomp("big fish", "seal")
    assert can_chomp("little fish", "shrimp") and can_chomp("little fish", "plankton")
    assert can_chomp("shrimp", "plankton") and not can_chomp("shrimp", "little fish")
    assert not any(can_chomp("plankton", food) for food in DECK_SPLIT)
    for creature in FOOD_CHAIN:
        assert not can_chomp(creature, creature)  # nobody chomps their own kind
        assert not can_chomp(creature, OCTOPUS) and not can_chomp(creature, EEL)
        assert not can_chomp(OCTOPUS, creature) and not can_chomp(EEL, creature)


def test_round_kinds_and_the_eel_beats_the_octopus() -> None:
    assert round_kind(["shark", "seal", None]) == "chomp"
    assert round_kind(["shark", OCTOPUS]) == "ink"
    assert round_kind([EEL, "plankton"]) == "frenzy"
    assert round_kind([OCTOPUS, EEL, "seal"]) == "frenzy"


# -- setup --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "each", "box"), [(2, 26, 0), (3, 17, 1), (4, 13, 0), (5, 10, 2)])
def test_setup_deals_evenly_and_puts_the_rest_in_the_box(players: int, each: int, box: int) -> None:
    state = GAME.setup(players, {}, seed=7)
    assert state == GAME.setup(players, {}, seed=7)
    assert len(state["box"]) == box
    assert total_cards(state) == 52
    if players == 2:  # Underwater War waits for a flip
        assert state["war"] and state["phase"] == "flip"
        assert [len(d) for d in state["draw"]] == [each, each]
        prompts = GAME.prompts(state)  # live: the table turns the cards; a seat may sit out
        assert [p.seat for p in prompts] == [0, 1] and all(p.keys() == ["pass"] for p in prompts)
        assert all(p.simultaneous and p.deadline == FLIP_MS for p in prompts)
    else:  # round 1 is revealed at once
        assert state["round"] == 1 and state["phase"] == "chomp"
        assert [len(d) for d in state["draw"]] == [each - 1] * players
        assert all(len(laid) == 1 and laid[0]["up"] for laid in state["table"])
        prompts = GAME.prompts(state)
        assert [p.seat for p in prompts] == list(range(players))
        assert all(p.simultaneous and p.deadline == ROUND_MS for p in prompts)
        assert prompts[0].keys() == [*(f"chomp:{n}" for n in range(1, players + 1)), "pass"]


def test_registered_with_its_options() -> None:
    import bot.games.chomp  # noqa: F401 - registers the game

    game = get_game("chomp")
    assert game.title == "Chomp" and (game.min_players, game.max_players) == (2, 5)
    assert game.rules_file == "chomp.txt" and game.render_module == "bot.games.chomp.render"
    options = {o.name: (o.default, o.choices) for o in game.options}
    assert options == {
        "mode": ("live", ("live", "turns")),
        "endgame": ("count", ("count", "war")),
        "tie": ("300", ("0", "150", "300", "500", "1000")),
    }
    assert game.is_timed(game.setup(3, {}, 1)) and not game.is_timed(game.setup(3, {"mode": "turns"}, 1))


# -- the rulebook's worked example --------------------------------------------------------

EXAMPLE = ["seal", "shark", "big fish", "big fish"]


def test_worked_example_only_the_seal_and_shark_can_chomp() -> None:
    state = chomp_state(EXAMPLE)
    cards = GAME.face_up(state)
    good = {(s, t) for s in range(4) for t in range(4) if judge(cards, s, t) == "good"}
    assert good == {(0, 2), (0, 3), (1, 2), (1, 3)}  # a big fish: the lowest creature
    # the big fish players: their own card, the same creature, or higher ones — all bad
    assert judge(cards, 2, 2) == "own" and judge(cards, 2, 3) == "same" and judge(cards, 2, 1) == "higher"


def test_worked_example_the_shark_chomps_first_and_takes_everything() -> None:
    state = chomp_state(EXAMPLE)
    events = GAME.apply(state, 1, "chomp:3", 10_400)
    assert events[0].text == "Chomp! {seat1} slaps {seat2}'s big fish."
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_700)  # the tie window closes
    assert sorted(state["discard"][1]) == sorted(EXAMPLE)
    assert state["discard"][0] == [] and state["last"]["winner"] == 1 and state["last"]["taken"] == 4
    assert "{seat1} chomps first with a shark and takes a shark, a seal and 2 big fish (4 cards)." in texts(
        events
    )
    assert total_cards(state) == 4 * 3 + 4


def test_worked_example_the_seal_chomps_first_and_the_shark_goes_home() -> None:
    state = chomp_state(EXAMPLE)
    GAME.apply(state, 0, "chomp:4", 10_100)
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_400)
    assert sorted(state["discard"][0]) == ["big fish", "big fish", "seal"]
    assert state["discard"][1] == ["shark"]  # it could not be chomped: back to its owner
    assert state["discard"][2] == state["discard"][3] == []


def test_after_a_round_the_next_one_is_revealed() -> None:
    draws = [["seal"], ["plankton"], ["shark"], ["seal"]]
    state = chomp_state(EXAMPLE, draws=draws)
    GAME.apply(state, 1, "chomp:3", 10_100)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_400)
    assert GAME.face_up(state) == ["seal", "plankton", "shark", "seal"]
    assert state["round"] == 6 and state["opened"] == 10_400
    reveal = events[-1]
    assert reveal.reveals and reveal.text == (
        "Round 6 — {seat0} seal, {seat1} plankton, {seat2} shark, {seat3} seal."
    )
    assert GAME.deadline(state) == 10_400 + ROUND_MS


# -- bad chomps ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "seat", "key", "why"),
    [
        (["seal", "shark", "big fish"], 1, "chomp:2", "nobody may chomp their own card"),
        (["seal", "shark", "big fish"], 0, "chomp:2", "it is higher on the food chain than their own card"),
        (["big fish", "shark", "big fish"], 0, "chomp:3", "it is the same creature as their own"),
        (["seal", OCTOPUS, "plankton"], 0, "chomp:3", "nobody may chomp in an ink-out"),
        (["shrimp", "seal", "plankton"], 2, "chomp:1", "it is higher on the food chain than their own card"),
    ],
    ids=["own card", "higher", "same creature", "ink out", "lowest card holder"],
)
def test_each_bad_chomp_costs_a_face_down_penalty_card(
    cards: list[str], seat: int, key: str, why: str
) -> None:
    draws = [["plankton", "shrimp"], ["plankton", "shrimp"], ["plankton", "little fish"]]
    state = chomp_state(cards, draws=draws)
    events = GAME.apply(state, seat, key, 10_050)
    assert events[0].text.startswith(f"Bad chomp! {{seat{seat}}} slaps ")
    assert events[0].text.endswith(f": {why}. A penalty card goes face down in the middle.")
    penalty = draws[seat][-1]
    assert state["center"] == [{"card": penalty, "owner": seat, "up": False}]
    assert state["forfeit"] == [seat] and state["draw"][seat] == draws[seat][:-1]
    view = GAME.view(state, None)
    assert view["middle"]["down"][seat] == 1 and view["middle"]["up"] == []
    assert view["seats"][seat]["slap"]["verdict"] != "good"
    assert penalty not in json.dumps(view["middle"])  # face down: never shown


def test_the_round_winner_takes_the_bad_chompers_two_cards() -> None:
    # the big fish at seat 2 slaps the seal (higher): a bad chomp; then the shark wins
    state = chomp_state(
        ["seal", "shark", "big fish"], draws=[["shrimp"], ["shrimp"], ["shrimp", "little fish"]]
    )
    GAME.apply(state, 2, "chomp:1", 10_050)
    GAME.apply(state, 1, "chomp:3", 10_100)
    GAME.apply(state, 0, "pass", 10_200)  # everybody has acted: settled at once
    assert sorted(state["discard"][1]) == ["big fish", "little fish", "seal", "shark"]
    assert state["center"] == [] and state["carry"] == []
    assert state["last"]["slaps"][0] == {"seat": 2, "key": "chomp:1", "verdict": "higher"}


def test_with_no_winner_the_bad_chompers_cards_wait_for_the_next_winner() -> None:
    draws = [["seal"], ["plankton", "little fish"], ["big fish"]]
    state = chomp_state(["shrimp", "shrimp", "shrimp"], draws=draws)
    GAME.apply(state, 1, "chomp:2", 10_010)  # own card
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_000 + ROUND_MS)
    assert "Nobody chomped" in texts(events) and "2 cards stay in the middle" in texts(events)
    assert state["discard"] == [["shrimp"], [], ["shrimp"]]  # the bad chomper's shrimp stays out
    assert sorted(item["card"] for item in state["center"]) == ["little fish", "shrimp"]
    # next round: seal, plankton, big fish — the seal wins and takes the waiting cards too
    assert GAME.face_up(state) == ["seal", "plankton", "big fish"]
    now = state["now"]
    GAME.apply(state, 0, "chomp:2", now + 500)
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, now + 800)
    assert sorted(state["discard"][0]) == ["big fish", "little fish", "plankton", "seal", "shrimp", "shrimp"]


def test_a_bad_chomper_without_cards_only_forfeits_the_turned_card() -> None:
    state = chomp_state(["shark", "plankton", "seal"], draws=[["shrimp"], [], ["shrimp"]])
    events = GAME.apply(state, 1, "chomp:1", 10_020)
    assert "{seat1} has no card left to put in the middle." in events[0].text
    assert state["center"] == []


# -- ink out, feeding frenzy --------------------------------------------------------------


def test_ink_out_sets_the_round_aside_and_the_next_winner_takes_it() -> None:
    draws = [["plankton"], ["seal"], ["shark"]]
    state = chomp_state(["shark", OCTOPUS, "shrimp"], draws=draws)
    assert GAME.prompts(state)[0].text == "{seat0}: the cards are up! Slap the lowest creature, or hold."
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_000 + ROUND_MS)
    assert "Ink out! Nobody may chomp" in texts(events)
    assert [item["card"] for item in state["center"]] == ["shark", OCTOPUS, "shrimp"]
    assert all(item["up"] for item in state["center"]) and state["carry"] == ["ink"]
    view = GAME.view(state, None)
    assert view["middle"]["carry"] == ["ink"] and view["middle"]["total"] == 3
    # next round: plankton, seal, shark — the seal chomps first
    assert GAME.face_up(state) == ["plankton", "seal", "shark"]
    now = state["now"]
    GAME.apply(state, 1, "chomp:1", now + 900)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, now + 1200)
    # the set-aside round (all of it) plus what the seal eats now; the shark goes home
    assert sorted(state["discard"][1]) == sorted(["shark", OCTOPUS, "shrimp", "plankton", "seal"])
    assert state["discard"][2] == ["shark"]
    assert "plus a shark, a shrimp and an octopus from the middle" in texts(events)
    assert state["center"] == [] and state["carry"] == []


def test_ink_out_carries_on_through_a_round_nobody_wins() -> None:
    state = chomp_state([OCTOPUS, "seal", "seal"], draws=[["shrimp", "shrimp"]] * 3)
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_000 + ROUND_MS)
    assert len(state["center"]) == 3
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, state["now"] + ROUND_MS)  # shrimp x3: nobody chomps
    assert len(state["center"]) == 3 and state["carry"] == ["ink"]
    assert state["discard"] == [["shrimp"], ["shrimp"], ["shrimp"]]


def test_every_slap_in_an_ink_out_is_bad_even_at_the_lowest_card() -> None:
    state = chomp_state(["shark", OCTOPUS, "plankton"])
    cards = GAME.face_up(state)
    assert {judge(cards, 0, t) for t in (1, 2)} == {"ink"}
    assert judge(cards, 0, 0) == "own"


def test_feeding_frenzy_the_first_chomp_takes_every_card_even_higher_ones() -> None:
    state = chomp_state(["plankton", EEL, "shark", "seal"])
    assert GAME.prompts(state)[0].actions[2].label == "Slap {seat2}'s card"  # live: no hint
    cards = GAME.face_up(state)
    assert judge(cards, 0, 2) == "good" and judge(cards, 1, 2) == "good"  # the eel's owner too
    assert judge(cards, 3, 3) == "own"
    GAME.apply(state, 0, "chomp:3", 10_100)  # the plankton chomps the shark
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_400)
    assert sorted(state["discard"][0]) == sorted(["plankton", EEL, "shark", "seal"])
    assert state["last"]["result"] == "frenzy"


def test_the_eel_beats_the_octopus_a_frenzy_not_an_ink_out() -> None:
    state = chomp_state([OCTOPUS, EEL, "shrimp"])
    assert state["kind"] == "frenzy"
    GAME.apply(state, 2, "chomp:1", 10_100)  # the shrimp chomps the octopus
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_400)
    assert sorted(state["discard"][2]) == sorted([OCTOPUS, EEL, "shrimp"])


# -- live-mode timing ---------------------------------------------------------------------


def test_first_valid_click_wins_and_opens_the_tie_window() -> None:
    state = chomp_state(["seal", "shark", "big fish", "plankton"])
    GAME.apply(state, 0, "chomp:4", 10_250)
    assert state["first"] == 10_250 and state["now"] == 10_250
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == [1, 2, 3]  # the others keep their prompts ...
    assert all(p.deadline == 10_250 + 300 for p in prompts)  # ... until the window closes
    assert GAME.view(state, None)["window"] == 10_550
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_550)
    assert state["last"]["winner"] == 0


def test_a_click_inside_the_tie_window_makes_a_tie() -> None:
    draws = [["plankton"], ["big fish"], ["shrimp"], ["seal"]]
    state = chomp_state(["seal", "shark", "big fish", "plankton"], draws=draws)
    GAME.apply(state, 0, "chomp:4", 10_250)
    events = GAME.apply(state, 2, "chomp:4", 10_250 + 299)  # the big fish, 299 ms later
    assert events[0].text == "Chomp! {seat2} slaps {seat3}'s plankton too, 299 ms later."
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_550)
    assert "A tie between {seat0} and {seat2}!" in texts(events)
    assert len(state["center"]) == 4 and state["carry"] == ["tie"]
    assert state["discard"] == [[], [], [], []]
    # the tie round: everyone plays another card; its winner takes the set-aside cards
    assert GAME.face_up(state) == ["plankton", "big fish", "shrimp", "seal"]
    now = state["now"]
    GAME.apply(state, 3, "chomp:1", now + 700)  # the seal chomps the plankton
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, now + 1000)
    assert sorted(state["discard"][3]) == sorted(
        ["seal", "shark", "big fish", "plankton", "plankton", "big fish", "shrimp", "seal"]
    )


def test_a_click_after_the_tie_window_is_too_late_and_does_not_tie() -> None:
    state = chomp_state(["seal", "shark", "big fish", "plankton"])
    GAME.apply(state, 0, "chomp:4", 10_250)
    before = dump(state)
    with pytest.raises(IllegalAction, match="Too late"):
        GAME.apply(state, 1, "chomp:4", 10_550)
    assert dump(state) == before
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_550)  # the session layer settles first
    assert state["last"]["winner"] == 0 and state["last"]["result"] == "chomp"
    # the late click now lands in the next round (shrimp all round: a bad chomp there)
    events = GAME.apply(state, 1, "chomp:4", 10_551)
    assert events[0].text.startswith("Bad chomp!")


@pytest.mark.parametrize("tie", ["0", "150", "300", "500", "1000"])
def test_the_tie_option_sets_the_window(tie: str) -> None:
    state = chomp_state(["seal", "shark", "big fish", "plankton"], tie=tie)
    GAME.apply(state, 0, "chomp:4", 10_000)
    if tie == "0":  # no window: the first click settles the round
        assert state["last"]["winner"] == 0 and state["round"] == 6
    else:
        assert GAME.deadline(state) == 10_000 + int(tie)
        GAME.apply(state, 1, "chomp:4", 10_000 + int(tie) - 1)
        GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_000 + int(tie))
        assert state["last"]["result"] == "tie"


def test_deadline_with_nobody_acting_sends_every_card_home() -> None:
    state = chomp_state(["seal", "shark", "big fish"])
    with pytest.raises(IllegalAction, match="deadline is at 18000"):
        GAME.apply(state, SYSTEM_SEAT, EXPIRE, 17_999)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 18_000)
    assert events[0].text == "Nobody chomped: every card goes back to its owner's discard pile."
    assert state["discard"] == [["seal"], ["shark"], ["big fish"]]
    assert state["last"]["result"] == "none" and state["round"] == 6


def test_when_everyone_has_acted_the_round_settles_without_waiting() -> None:
    state = chomp_state(["shrimp", "shrimp", "shrimp"])
    for seat in range(3):
        GAME.apply(state, seat, "pass", 10_100 + seat)
    assert state["round"] == 6 and state["last"]["result"] == "none"


def test_actions_are_stamped_with_the_clock_and_refused_out_of_order() -> None:
    state = chomp_state(["seal", "shark", "big fish"])
    GAME.apply(state, 2, "pass", 10_300)
    assert state["slaps"] == [{"seat": 2, "key": "pass", "at": 10_300}]
    with pytest.raises(IllegalAction, match="stamped before"):
        GAME.apply(state, 0, "chomp:3", 10_200)
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 2, "chomp:1", 10_400)  # one slap per round


# -- reshuffle, washed up, the end --------------------------------------------------------


def test_an_empty_draw_pile_is_refilled_from_the_shuffled_discard_pile() -> None:
    draws = [[], ["shrimp"], ["shrimp"]]
    discards = [["seal", "plankton", "shark"], [], []]
    state = chomp_state(["shrimp", "shrimp", "shrimp"], draws=draws, discards=discards)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 18_000)
    assert "{seat0} shuffles their discard pile into a new draw pile (4 cards)." in texts(events)
    assert state["discard"][0] == [] and len(state["draw"][0]) == 3
    assert sorted([*state["draw"][0], GAME.face_up(state)[0]]) == ["plankton", "seal", "shark", "shrimp"]


def test_a_player_without_cards_is_washed_up_and_no_longer_prompted() -> None:
    draws = [["shrimp"], ["shrimp"], [], ["shrimp"]]
    state = chomp_state(["seal", "shark", "plankton", "big fish"], draws=draws)
    GAME.apply(state, 0, "chomp:3", 10_100)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_400)
    assert "{seat2} has no cards left and is washed up!" in texts(events)
    assert state["out"] == [None, None, 5, None]
    assert [p.seat for p in GAME.prompts(state)] == [0, 1, 3]
    assert GAME.face_up(state) == ["shrimp", "shrimp", None, "shrimp"]
    assert "chomp:3" not in keys_of(state, 0)
    with pytest.raises(IllegalAction, match="is washed up"):
        GAME.apply(state, 0, "chomp:3", 10_500)
    view = GAME.view(state, None)
    assert view["seats"][2]["out"] and view["seats"][2]["out_round"] == 5


def test_endgame_count_two_players_left_count_their_cards() -> None:
    draws = [["shrimp"] * 4, ["shrimp"], []]
    state = chomp_state(["seal", "shark", "plankton"], draws=draws, endgame="count")
    GAME.apply(state, 0, "chomp:3", 10_100)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_400)
    assert GAME.prompts(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (6, 2, 0)  # seal+plankton+4 ; shark+1 ; washed up
    assert outcome.ranks == (1, 2, 3)
    assert outcome.reason == "Two players are left, so they count their cards. {seat0} wins with 6 cards."
    assert events[-1].text == outcome.reason
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 0, "pass", 10_500)


def test_endgame_war_the_last_two_play_underwater_war() -> None:
    draws = [["shrimp"] * 3 + ["seal"], ["shrimp"], []]
    state = chomp_state(["seal", "shark", "plankton"], draws=draws, endgame="war")
    GAME.apply(state, 0, "chomp:3", 10_100)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_400)
    assert "Two players are left: {seat0} and {seat1} play on as Underwater War." in texts(events)
    assert state["war"] and state["phase"] == "flip" and GAME.outcome(state) is None
    assert [p.seat for p in GAME.prompts(state)] == [0, 1]
    flip(state, 1, 10_500)
    assert GAME.view(state, None)["last"]["result"] == "battle"


def test_set_aside_cards_go_home_when_too_few_players_can_play_on() -> None:
    state = chomp_state([OCTOPUS, "seal", "shrimp"], draws=[[], [], ["plankton"]])
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 18_000)
    assert "the cards in the middle go back to their owners" in texts(events)
    assert state["out"] == [None, None, None] and state["center"] == []
    assert GAME.face_up(state)[:2] == [OCTOPUS, "seal"]


def test_the_round_limit_ends_the_game_with_a_count() -> None:
    state = chomp_state(["shrimp", "shrimp", "shrimp"], draws=[["shrimp"] * 3, ["seal"], ["shrimp"] * 2])
    state["round"] = ROUND_LIMIT
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 18_000)
    assert f"The {ROUND_LIMIT}-round limit is reached" in texts(events)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (4, 2, 3) and outcome.ranks == (1, 3, 2)


def test_ranks_follow_the_order_players_washed_up() -> None:
    state = chomp_state([None] * 5)
    state["out"] = [None, 12, 30, 30, 12]  # seat 0 is left; 2 and 3 lasted longer than 1 and 4
    state["draw"] = [["shrimp"] * 5, [], [], [], []]
    state["phase"], state["end"] = "over", {"reason": "test", "how": "last"}
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (5, 0, 0, 0, 0)
    assert outcome.ranks == (1, 4, 2, 2, 4)


# -- Underwater War -----------------------------------------------------------------------


def test_war_the_higher_card_takes_both() -> None:
    state = war_state([["seal", "plankton"], ["shrimp", "shark"]])
    events = flip(state, 0, 5_100)
    assert events[0].reveals
    assert events[0].text == "The cards turn over by themselves — {seat0} plankton, {seat1} shark."
    assert (
        events[1].text == "{seat1} wins the battle (a shark is higher on the food chain) and takes 2 cards."
    )
    assert sorted(state["discard"][1]) == ["plankton", "shark"]
    assert state["phase"] == "flip" and state["flip"] == "new"
    assert all(p.deadline == 5_000 + 2 * FLIP_MS for p in GAME.prompts(state))


def test_war_tie_two_face_down_one_face_up_takes_all() -> None:
    state = war_state([["x1", "seal", "d1", "d2", "big fish"], ["x2", "shrimp", "d3", "d4", "big fish"]])
    flip(state, 1, 5_100)
    assert state["flip"] == "war"
    prompt = GAME.prompts(state)[0]
    assert prompt.text.startswith("{seat0}: war: two cards face down and one up turn over by themselves")
    events = flip(state, 0, 5_200)
    assert events[0].text == (
        "War! The cards turn over by themselves — {seat0} 2 face down + seal, {seat1} 2 face down + shrimp."
    )
    assert sorted(state["discard"][0]) == sorted(
        ["big fish", "big fish", "d1", "d2", "d3", "d4", "seal", "shrimp"]
    )
    assert state["draw"] == [["x1"], ["x2"]]


def test_war_face_down_cards_are_hidden_in_views() -> None:
    state = war_state(
        [["x", "seal", OCTOPUS, EEL, "big fish"], ["y", "shrimp", "shark", "plankton", "big fish"]]
    )
    flip(state, 0, 5_100)
    assert GAME.view(state, None)["seats"][0]["table"] == ["big fish"]
    flip(state, 0, 5_200)
    last = GAME.view(state, None)["last"]
    assert last["table"][0] == ["big fish", None, None, "seal"]
    assert last["table"][1] == ["big fish", None, None, "shrimp"]
    assert EEL not in json.dumps(GAME.view(state, None))  # face down, never turned
    for viewer in (None, 0, 1):
        view = GAME.view(state, viewer)
        assert GAME.view(GAME.conceal(state, viewer, random.Random(5)), viewer) == view


def test_war_with_too_few_cards_lays_what_there_is() -> None:
    state = war_state([["seal", "big fish"], ["plankton", "shrimp", "plankton", "plankton", "big fish"]])
    flip(state, 0, 5_100)
    flip(state, 0, 5_200)  # seat 0 has one card left: it goes face up
    assert GAME.snapshot(state) == [[], []]
    assert state["last"]["table"][0] == ["big fish", "seal"]
    assert state["last"]["winner"] == 0


def test_war_a_player_who_cannot_turn_a_card_loses() -> None:
    state = war_state([["big fish"], ["shark", "big fish"]])
    flip(state, 0, 5_100)
    events = flip(state, 0, 5_200)
    assert "{seat0} has no card left to turn over and is washed up!" in texts(events)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranks == (2, 1) and outcome.scores == (0, 3)


def test_war_both_players_running_dry_count_their_cards() -> None:
    state = war_state([["big fish"], ["big fish"]], discards=[[], []])
    flip(state, 0, 5_100)
    events = flip(state, 0, 5_200)
    assert "Both players ran out of cards in the same battle" in texts(events)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (1, 1) and outcome.ranks == (1, 1)


def test_war_octopus_each_turns_over_the_next_card() -> None:
    state = war_state([["shrimp", "seal"], ["little fish", OCTOPUS]])
    events = flip(state, 1, 5_100)
    assert "An octopus: ink out!" in texts(events) and state["flip"] == "octopus"
    flip(state, 1, 5_200)
    assert sorted(state["discard"][1]) == sorted(["seal", OCTOPUS, "shrimp", "little fish"])


def test_war_electric_eel_the_first_slap_takes_everything() -> None:
    state = war_state([["seal", "shark"], ["seal", EEL]])
    up = 5_000 + FLIP_MS  # live: the countdown turns the cards
    flip(state, 0, up)
    assert state["phase"] == "slap"
    prompts = GAME.prompts(state)
    assert [p.keys() for p in prompts] == [["slap", "pass"], ["slap", "pass"]]
    assert all(p.deadline == up + ROUND_MS for p in prompts)
    GAME.apply(state, 0, "slap", up + 500)  # the shark's owner slaps the eel first
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, up + 800)
    assert sorted(state["discard"][0]) == sorted(["shark", EEL])


def test_war_the_eel_beats_the_octopus() -> None:
    state = war_state([["seal", OCTOPUS], ["seal", EEL]])
    flip(state, 0, 5_100)
    assert state["phase"] == "slap"


@pytest.mark.parametrize("how", ["tie", "nobody"])
def test_war_an_eel_slap_tie_or_no_slap_means_war(how: str) -> None:
    state = war_state([["seal", "d", "d", "shark"], ["shrimp", "d", "d", EEL]])
    up = 5_000 + FLIP_MS
    flip(state, 0, up)
    if how == "tie":
        GAME.apply(state, 0, "slap", up + 100)
        GAME.apply(state, 1, "slap", up + 200)  # inside the window: both have acted
    else:
        GAME.apply(state, SYSTEM_SEAT, EXPIRE, up + ROUND_MS)
    assert state["phase"] == "flip" and state["flip"] == "war"
    flip(state, 1, state["now"] + 10)
    assert sorted(state["discard"][0]) == sorted(["shark", EEL, "d", "d", "d", "d", "seal", "shrimp"])


def test_war_flips_by_themselves_when_the_flip_deadline_passes() -> None:
    state = war_state([["seal"], ["shrimp"]])
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 5_000 + FLIP_MS)
    assert events[0].text.startswith("The cards turn over by themselves — ")
    assert state["end"]["how"] == "last"  # seat 1 has nothing left
    assert GAME.outcome(state) is not None and GAME.outcome(state).winners == [0]


# -- turns mode ---------------------------------------------------------------------------


def test_turns_mode_answers_are_private_until_everyone_has_answered() -> None:
    state = chomp_state(["seal", "shark", "big fish"], mode="turns")
    assert GAME.prompts(state)[0].deadline is None and not GAME.is_timed(state)
    events = GAME.apply(state, 2, "chomp:1")  # a bad chomp, not yet punished
    assert [(e.text, e.visible_to) for e in events] == [
        ("{seat2} has answered.", None),
        ("Your answer: Chomp {seat0}'s seal with your big fish.", 2),
    ]
    assert state["center"] == [] and state["forfeit"] == []
    public = GAME.view(state, None)
    assert public["seats"][2]["acted"] and public["seats"][2]["slap"] is None
    assert "chomp:1" not in json.dumps(public)
    assert GAME.view(state, 0)["seats"][2]["slap"] is None
    assert GAME.view(state, 2)["seats"][2]["slap"]["key"] == "chomp:1"
    for viewer in (None, 0, 1, 2):
        concealed = GAME.conceal(state, viewer, random.Random(viewer or 9))
        assert GAME.view(concealed, viewer) == GAME.view(state, viewer)
    assert [p.seat for p in GAME.prompts(state)] == [0, 1]


def test_turns_mode_the_earlier_good_answer_wins_and_there_are_no_ties() -> None:
    state = chomp_state(["seal", "shark", "big fish"], mode="turns")
    GAME.apply(state, 2, "chomp:1")  # bad chomp (higher)
    GAME.apply(state, 0, "chomp:3")  # good: the seal eats the big fish, answered first
    events = GAME.apply(state, 1, "chomp:3")  # good too, but later
    text = texts(events)
    assert "Bad chomp! {seat2} slaps {seat0}'s seal" in text
    assert "{seat0} chomps first with a seal" in text
    # the seal takes its card, the big fish and the bad chomper's penalty card
    assert sorted(state["discard"][0]) == ["big fish", "seal", "shrimp"]
    assert state["discard"][1] == ["shark"]
    assert [s["verdict"] for s in state["last"]["slaps"]] == ["higher", "good", "good"]
    assert state["last"]["winner"] == 0


def test_turns_mode_everyone_holding_is_a_round_nobody_wins() -> None:
    state = chomp_state(["seal", "shark", "big fish"], mode="turns")
    for seat in (1, 0, 2):
        GAME.apply(state, seat, "pass")
    assert state["last"]["result"] == "none" and state["round"] == 6


def test_turns_mode_war_slaps_are_answers_and_the_first_slap_wins() -> None:
    state = war_state([["seal", EEL], ["seal", "shrimp"]], mode="turns")
    GAME.apply(state, 1, "flip")
    GAME.apply(state, 1, "slap")
    assert GAME.view(state, 0)["seats"][1]["slap"] is None
    GAME.apply(state, 0, "slap")
    assert sorted(state["discard"][1]) == sorted([EEL, "shrimp"])


# -- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("chomp:7", "There are only 4 players: there is no player 7."),
        ("chomp:0", "Name a player by number, like chomp:2."),
        ("chomp:two", "Name a player by number, like chomp:2."),
        ("chomp:4", "{seat3} is washed up and has no card on the table."),
        ("flip", "The cards are already turned over: chomp one or pass."),
        ("slap", "Slap a card with chomp:N"),
        ("eat", "'eat' is not a move in Chomp."),
    ],
)
def test_refusals_say_why_and_change_nothing(key: str, message: str) -> None:
    state = chomp_state(["seal", "shark", "big fish", None])
    before = dump(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, key, 10_100)
    assert str(refused.value).startswith(message)
    assert "Choose one of: chomp:1, chomp:2, chomp:3 or pass." in str(refused.value)
    assert dump(state) == before


def test_war_refusals() -> None:
    state = war_state([["seal"], ["shrimp"]], mode="turns")
    with pytest.raises(IllegalAction, match="turn the cards over first"):
        GAME.apply(state, 0, "chomp:2")
    state = war_state([["seal"], ["shrimp"]])
    with pytest.raises(IllegalAction, match="turn over by themselves"):
        GAME.apply(state, 0, "chomp:2", 5_100)
    state = war_state([["seal", "shark"], ["seal", EEL]])
    flip(state, 0, 5_100)
    with pytest.raises(IllegalAction, match="slap the electric eel itself"):
        GAME.apply(state, 0, "chomp:2", state["now"] + 100)


# -- views, texts, bounds -----------------------------------------------------------------


def test_views_show_pile_counts_never_their_cards() -> None:
    state = GAME.setup(4, {}, seed=3)
    view = GAME.view(state, 1)
    assert [s["draw"] for s in view["seats"]] == [12, 12, 12, 12]
    assert str(state["rng"]) not in json.dumps(view)
    for viewer in (None, 0, 3):
        assert GAME.view(GAME.conceal(state, viewer, random.Random(2)), viewer) == GAME.view(state, viewer)
    shuffled = json.loads(json.dumps(state))
    for pile in shuffled["draw"]:
        random.Random(4).shuffle(pile)
    assert GAME.view(shuffled, None) == GAME.view(state, None)


def test_texts_use_seat_placeholders_that_format_with_names() -> None:
    state = chomp_state(EXAMPLE)
    prompt = next(p for p in GAME.prompts(state) if p.seat == 1)
    names = {f"seat{i}": name for i, name in enumerate(["Ana", "Bo", "Cy", "Di"])}
    assert prompt.actions[0].label.format(**names) == "Slap Ana's card"
    assert prompt.actions[1].label.format(**names) == "Slap your own card"
    assert prompt.actions[-1].label == "Hold: don't chomp this round"
    events = GAME.apply(state, 1, "chomp:3", 10_100)
    assert events[0].text.format(**names) == "Chomp! Bo slaps Cy's big fish."


def test_the_agent_chomps_the_lowest_card_when_it_can_and_holds_otherwise() -> None:
    state = chomp_state(["seal", "shark", "big fish", "plankton"])
    assert GAME.agent(state, 1, random.Random(1)) == "chomp:4"
    assert GAME.agent(state, 3, random.Random(1)) == "pass"
    state = chomp_state([OCTOPUS, "shark", "plankton"])
    assert GAME.agent(state, 1, random.Random(1)) == "pass"


@pytest.mark.parametrize("mode", ["live", "turns"])
def test_random_playouts_keep_52_cards_and_stay_within_max_actions(mode: str) -> None:
    for players in range(2, 6):
        longest = 0
        for seed in range(25):
            options = {"mode": mode, "endgame": "war" if seed % 2 else "count", "tie": "300"}
            playout = random_playout(GAME, players, seed, options, thorough=False)
            assert total_cards(playout.state) == 52
            assert sum(playout.outcome.scores) <= 52
            longest = max(longest, len(playout.log))
        assert longest <= GAME.max_actions(players)


def test_a_whole_live_game_with_the_agent_reaches_an_outcome() -> None:
    state = GAME.setup(4, {"mode": "live", "tie": "150"}, seed=12)
    rng = random.Random(3)
    now = 0
    for _ in range(GAME.max_actions(4)):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        now += rng.choice([40, 90, 400, 900])
        due = GAME.deadline(state)
        if due is not None and now >= due:
            GAME.apply(state, SYSTEM_SEAT, EXPIRE, due)
            now = due
            continue
        seat = rng.choice(prompts).seat
        GAME.apply(state, seat, GAME.agent(state, seat, rng), now)
    assert GAME.outcome(state) is not None


# -- the picture --------------------------------------------------------------------------


def _board(state: dict[str, Any], names: list[str] | None = None) -> Image.Image:
    view = GAME.view(state, None)
    if names:
        view["names"] = names
    image = render.board(view)
    decoded = Image.open(io.BytesIO(encode_png(image)))
    decoded.load()
    assert decoded.size == image.size
    return image


def test_board_for_a_live_round_with_a_bad_chomp_and_a_tie_window() -> None:
    state = chomp_state(EXAMPLE)
    GAME.apply(state, 2, "chomp:4", 10_100)
    GAME.apply(state, 1, "chomp:3", 10_200)
    image = _board(state, ["Ana", "Bo", "Cyrus", "Dagmar"])
    assert image.mode == "RGB" and image.width == 1200 and 700 < image.height < 1400


def test_board_for_war_ink_out_turns_mode_and_game_over() -> None:
    state = war_state([["seal", "d", "d", "shark"], ["shrimp", "d", "d", OCTOPUS]])
    flip(state, 0, 5_100)
    assert _board(state).width == 1200
    state = chomp_state([OCTOPUS, "seal", "shrimp", "plankton", "little fish"], mode="turns")
    GAME.apply(state, 1, "chomp:3")
    assert _board(state).width == 1200
    GAME.apply(state, 0, "pass")
    for seat in (2, 3, 4):
        GAME.apply(state, seat, "pass")
    assert _board(state).width == 1200
    over = random_playout(GAME, 3, 4, {"mode": "live", "endgame": "count", "tie": "300"}, thorough=False)
    image = _board(over.state, ["Ana", "Bo", "Cyrus"])
    assert image.width == 1200


def test_every_card_has_a_drawing() -> None:
    for card in DECK_SPLIT:
        tile = render.card_image(card, 120, 164)
        assert tile.size == (120, 164)
        colours = tile.convert("RGB").getcolors(maxcolors=1 << 16) or []
        assert len(colours) > 20  # a picture, not a blank card


# -- the table card (phone-first picture after every move) ------------------------------


def _card_texts(state: dict[str, Any], names: list[str]) -> tuple[list[str], Image.Image]:
    """Every text the table card draws for ``state``'s public view, and the card."""
    view = GAME.view(state, None)
    view["names"] = names
    with recording() as drawn:
        image = table.table_card(view)
    return [item.text for item in drawn], image


def _framed(image: Image.Image) -> int:
    """How many pixels of the yellow "still has to answer" frame the card shows."""
    return sum(count for count, colour in image.getcolors(1 << 20) or [] if colour == HIGHLIGHT)


NAMES = ["Ana", "Bo", "Cyrus", "Dagmar"]


@pytest.mark.parametrize("first", [OCTOPUS, EEL])
def test_live_card_never_tells_an_ink_out_or_a_frenzy_before_anyone_acts(first: str) -> None:
    """Spotting the round's kind is the skill of live Chomp: an ink-out or a frenzy round
    looks on the card exactly like an ordinary one, except for the card itself."""
    rest = ["shark", "big fish", "big fish"]
    plain_texts, plain = _card_texts(chomp_state(["seal", *rest]), NAMES)
    special_texts, special = _card_texts(chomp_state([first, *rest]), NAMES)

    def without_seat_one_card(texts: list[str]) -> list[str]:
        return [text for text in texts if not text.startswith(("seal ·", f"{first} ·"))]

    assert without_seat_one_card(special_texts) == without_seat_one_card(plain_texts)
    assert len(plain_texts) == len(special_texts)  # the card lines themselves are there
    assert _framed(special) == _framed(plain) > 0  # every seat is asked, whatever the round
    # turns mode (play-by-post, nobody races) keeps the hint, so the check above can fail
    turns_texts, _ = _card_texts(chomp_state([first, *rest], mode="turns"), NAMES)
    assert any("Ink out!" in text or "frenzy!" in text for text in turns_texts)


def test_live_card_shows_a_slap_once_made_and_stops_framing_that_seat() -> None:
    state = chomp_state(EXAMPLE)
    before = _framed(_card_texts(state, NAMES)[1])
    GAME.apply(state, 2, "chomp:4", 10_100)  # a big fish slaps the other big fish: bad chomp
    texts, image = _card_texts(state, NAMES)
    assert "Bad chomp: Dagmar's big" in " ".join(texts) and _framed(image) < before


def test_card_prints_each_seats_cards_and_out_for_a_washed_up_seat() -> None:
    state = chomp_state(["seal", None, "shrimp", "plankton"], draws=[["shrimp"] * 4, [], ["shrimp"], []],
                        discards=[[], [], ["seal"] * 2, []])
    view = GAME.view(state, None)
    assert table.card_standings(view) == ["4 cards", "out", "3 cards", "0 cards"]
    texts, image = _card_texts(state, NAMES)
    assert {"4 cards", "out", "3 cards", "0 cards"} <= set(texts)
    assert "washed up in round 2" in texts and image.width == 640


# -- the hard level's hooks ---------------------------------------------------------------


def test_the_rollout_policy_plays_the_heuristics_moves_from_the_cards_alone() -> None:
    for players in (2, 3, 4):
        state = GAME.setup(players, {"mode": "turns"}, seed=players)
        rng = random.Random(players)
        compared = 0
        for _ in range(200):
            prompts = GAME.prompts(state)
            if not prompts:
                break
            seat = rng.choice(prompts).seat
            quick = GAME.rollout_agent(state, seat, random.Random(compared))
            assert quick == GAME.agent(state, seat, random.Random(compared))
            assert quick in keys_of(state, seat)
            compared += 1
            GAME.apply(state, seat, quick)
        assert compared > 20


def test_the_evaluation_favours_more_cards_and_gives_each_seat_a_share() -> None:
    state = chomp_state(["seal", "shrimp", "big fish", None], mode="turns",
                        draws=[[FILLER] * 20, [FILLER] * 5, [FILLER] * 10, []])
    shares = GAME.evaluate(state)
    assert shares is not None and len(shares) == 4
    assert all(0.0 <= share <= 1.0 for share in shares)
    assert shares[0] > shares[2] > shares[1] > shares[3] == 0.0  # seat 3 is washed up
    assert sum(shares) == pytest.approx(1.0)


def test_the_evaluation_of_a_finished_game_is_its_outcome() -> None:
    state = chomp_state(["seal", "shrimp", "seal"], mode="turns", draws=[[FILLER] * 4, [], [FILLER]])
    GAME.apply(state, 0, "chomp:2")  # the shrimp was its owner's last card: seat 1 is washed up
    GAME.apply(state, 1, "pass")
    GAME.apply(state, 2, "pass")
    assert GAME.outcome(state) is not None
    shares = GAME.evaluate(state)
    assert shares is not None and shares[0] > 0.5 > shares[1]


def test_conceal_redraws_sealed_answers_mostly_as_a_sensible_player_answers() -> None:
    state = chomp_state(["seal", "shark", "big fish", "plankton"], mode="turns")
    GAME.apply(state, 1, "chomp:1")  # a miss, sealed: others cannot see it
    redrawn = Counter()
    for seed in range(200):
        hidden = GAME.conceal(state, 0, random.Random(seed))
        assert GAME.view(hidden, 0) == GAME.view(state, 0)
        (slap,) = hidden["slaps"]
        assert slap["key"] in keys_of(GAME.conceal(state, 1, random.Random(seed)), 0) or slap["key"] == "pass"
        redrawn[slap["key"]] += 1
    assert redrawn["chomp:4"] > 120  # the shark's good chomp on the plankton
    assert len(redrawn) > 2  # and sometimes anything else
