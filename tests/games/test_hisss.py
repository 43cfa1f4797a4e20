"""HISSS: rule tests on hand-built states, the uniform test kit, and the picture."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from PIL import Image

from bot.engine import IllegalAction, get_game
from bot.games.hisss import render
from bot.games.hisss.card import card_standings, placements, table_card
from bot.games.hisss.rules import COLOURS, DECK, Hisss, lay, piece_colours
from bot.render import encode_png
from bot.render.legibility import recording

GAME = Hisss()


# -- helpers ------------------------------------------------------------------------------


def card_id(kind: str, *colours: str, copy: int = 0) -> int:
    """The id of a card by kind and colours (bodies in either order; ``copy`` picks the twin)."""
    found = [
        c.id
        for c in DECK
        if c.kind == kind and (c.colours == colours or (kind == "body" and c.colours == colours[::-1]))
    ]
    return found[copy]


def head(colour: str) -> int:
    return card_id("head", colour)


def tail(colour: str) -> int:
    return card_id("tail", colour)


def body(left: str, right: str, copy: int = 0) -> int:
    """A body piece lying with ``left`` on the left."""
    return lay(DECK[card_id("body", left, right, copy=copy)], left)


def make_state(
    snakes: list[list[int]],
    fan: list[int],
    players: int = 2,
    turn: int = 0,
    pits: list[list[list[int]]] | None = None,
) -> dict[str, Any]:
    """A state with the given open snakes (numbered 1, 2, ...) and fan (top first)."""
    state = GAME.setup(players, {}, seed=1)
    state["snakes"] = [{"id": i + 1, "cards": cards} for i, cards in enumerate(snakes)]
    state["next_snake"] = len(snakes) + 1
    state["fan"] = [c if c >= 0 else ~c for c in fan]
    state["turn"] = turn
    if pits is not None:
        state["pits"] = [[{"id": 90 + i, "cards": s} for i, s in enumerate(pit)] for pit in pits]
    return state


def colours_of(cards: list[int]) -> list[list[str]]:
    return [piece_colours(p) for p in cards]


def keys(state: dict[str, Any]) -> list[str]:
    prompts = GAME.prompts(state)
    assert len(prompts) == 1
    return prompts[0].keys()


def dump(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


SPARE = card_id("body", "purple", "purple")
"""A card to leave in the fan so the game does not end after the card under test."""


# -- the deck -----------------------------------------------------------------------------


def test_deck_matches_the_published_facts_and_is_balanced() -> None:
    kinds = Counter(c.kind for c in DECK)
    assert len(DECK) == 50
    assert kinds == {"head": 7, "tail": 7, "body": 36}
    assert [(c.kind, c.colours) for c in DECK if "rainbow" in c.colours] == [
        ("head", ("rainbow",)),
        ("tail", ("rainbow",)),
    ]
    halves = Counter(colour for c in DECK if c.kind == "body" for colour in c.colours)
    assert halves == {colour: 12 for colour in COLOURS}
    pairs = Counter(tuple(sorted(c.colours)) for c in DECK if c.kind == "body")
    for a, b in combinations(COLOURS, 2):
        assert pairs[tuple(sorted((a, b)))] == 2
    for colour in COLOURS:
        assert pairs[(colour, colour)] == 1
        assert head(colour) != tail(colour)


def test_setup_deals_the_starter_face_up_and_is_deterministic() -> None:
    state = GAME.setup(3, {}, seed=42)
    assert GAME.setup(3, {}, seed=42) == state
    assert len(state["fan"]) == 49
    [starter] = state["snakes"]
    assert starter["id"] == 1 and starter["cards"] == [state["starter"]]
    assert sorted(state["fan"] + [state["starter"]]) == list(range(50))
    assert GAME.prompts(state)[0].seat == 0
    assert GAME.prompts(state)[0].keys() == [f"draw:{i}" for i in range(1, 50)]
    assert [(a.label, a.group) for a in GAME.prompts(state)[0].actions[6:11:4]] == [
        ("Draw A7", ("Row A",)), ("Draw B1", ("Row B",))]
    starters = {GAME.setup(2, {}, seed)["starter"] for seed in range(40)}
    assert len(starters) > 10  # the starter really is drawn from the shuffled fan


def test_registered_under_its_slug() -> None:
    import bot.games.hisss  # noqa: F401 - registers the game

    assert get_game("hisss").title == "HISSS"


# -- laying cards -------------------------------------------------------------------------


def test_a_matching_card_goes_next_to_the_starter_with_colours_touching() -> None:
    state = make_state([[body("red", "blue")]], [card_id("body", "green", "red"), SPARE])
    events = GAME.apply(state, 0, "draw:1")
    assert colours_of(state["snakes"][0]["cards"]) == [["green", "red"], ["red", "blue"]]
    assert len(state["snakes"]) == 1
    assert [e.reveals for e in events] == [True]
    assert events[0].text == (
        "{seat0} draws a red/green body (A1 of 2 cards) and adds it to snake 1 at its left end."
    )
    assert state["turn"] == 1 and state["pending"] is None


def test_a_card_that_matches_nothing_starts_a_new_snake() -> None:
    state = make_state([[body("red", "blue")]], [card_id("body", "green", "yellow"), SPARE])
    events = GAME.apply(state, 0, "draw:1")
    assert [s["id"] for s in state["snakes"]] == [1, 2]
    assert colours_of(state["snakes"][1]["cards"]) == [["yellow", "green"]]  # as listed in the deck
    assert "starts snake 2" in events[0].text
    assert state["turn"] == 1


def test_one_legal_place_is_automatic_several_make_the_drawer_choose() -> None:
    state = make_state(
        [[body("red", "blue")]],
        [card_id("body", "blue", "green"), card_id("body", "red", "blue", copy=1), SPARE],
    )
    GAME.apply(state, 0, "draw:1")  # blue/green: only the blue right end matches
    assert colours_of(state["snakes"][0]["cards"]) == [["red", "blue"], ["blue", "green"]]
    assert state["turn"] == 1
    # a red/blue body fits a red/blue snake at both ends (different results): a choice
    state = make_state([[body("red", "blue")]], [card_id("body", "red", "blue", copy=1), SPARE])
    GAME.apply(state, 0, "draw:1")
    assert state["pending"] == card_id("body", "red", "blue", copy=1)
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == 0
    assert prompt.text == "{seat0}: where does a red/blue body go?"
    assert prompt.keys() == ["place:1-right", "place:1-left"]
    assert prompt.actions[1].label == "Add a red/blue body to snake 1 at its left end"
    events = GAME.apply(state, 0, "place:1-left")
    assert colours_of(state["snakes"][0]["cards"]) == [["blue", "red"], ["red", "blue"]]
    assert events[0].text == "{seat0} adds a red/blue body to snake 1 at its left end."
    assert not events[0].reveals
    assert state["pending"] is None and state["turn"] == 1


def test_equivalent_places_on_one_snake_are_offered_once() -> None:
    # a red ... red snake of bodies: a red/blue body on either end gives the same snake
    state = make_state([[body("red", "red")]], [card_id("body", "red", "blue"), SPARE])
    GAME.apply(state, 0, "draw:1")
    assert state["pending"] is None
    assert len(state["snakes"][0]["cards"]) == 2


def test_head_completes_a_snake_with_a_tail_and_the_drawer_wins_it() -> None:
    state = make_state(
        [[body("red", "blue"), tail("blue")], [body("green", "green")]],
        [head("red"), SPARE],
        turn=1,
    )
    events = GAME.apply(state, 1, "draw:1")
    assert [s["id"] for s in state["snakes"]] == [2]
    [won] = state["pits"][1]
    assert colours_of(won["cards"]) == [["red"], ["red", "blue"], ["blue"]]
    assert events[0].text.startswith("HISSS! {seat1} draws the red head")
    assert events[0].text.endswith("and completes snake 1 with it, winning it (3 cards).")
    view = GAME.view(state, None)
    assert view["scores"] == [0, 3]
    assert view["pits"][1]["cards"] == 3 and view["pits"][1]["longest"] == 3
    assert view["last"]["won"] is True


def test_a_tail_completes_a_snake_with_a_head() -> None:
    state = make_state([[head("green"), body("green", "yellow")]], [tail("yellow"), SPARE])
    GAME.apply(state, 0, "draw:1")
    assert state["snakes"] == [] and len(state["pits"][0][0]["cards"]) == 3


def test_rainbow_head_and_tail_match_any_colour() -> None:
    state = make_state([[body("purple", "orange"), tail("orange")]], [head("rainbow"), SPARE])
    GAME.apply(state, 0, "draw:1")
    assert colours_of(state["pits"][0][0]["cards"]) == [["rainbow"], ["purple", "orange"], ["orange"]]
    state = make_state([[head("blue"), body("blue", "yellow")]], [tail("rainbow"), SPARE])
    GAME.apply(state, 0, "draw:1")
    assert colours_of(state["pits"][0][0]["cards"])[-1] == ["rainbow"]


def test_a_body_against_a_lone_rainbow_head_may_lie_either_way() -> None:
    state = make_state([[head("rainbow")]], [card_id("body", "red", "blue"), SPARE])
    GAME.apply(state, 0, "draw:1")
    prompt = GAME.prompts(state)[0]
    assert prompt.keys() == ["place:1-right-red", "place:1-right-blue"]
    assert "blue half against the rainbow head" in prompt.actions[1].label
    GAME.apply(state, 0, "place:1-right-blue")
    assert colours_of(state["snakes"][0]["cards"]) == [["rainbow"], ["blue", "red"]]


def test_a_head_never_goes_on_a_snake_that_has_a_head() -> None:
    # the rainbow head matches any colour, but snake 1 already has a head
    state = make_state([[head("red"), body("red", "blue")]], [head("rainbow"), SPARE])
    GAME.apply(state, 0, "draw:1")
    assert colours_of(state["snakes"][0]["cards"]) == [["red"], ["red", "blue"]]
    assert colours_of(state["snakes"][1]["cards"]) == [["rainbow"]]


def test_a_head_and_a_tail_alone_do_not_make_a_snake() -> None:
    state = make_state([[head("red")]], [tail("red"), SPARE])
    GAME.apply(state, 0, "draw:1")
    assert [s["cards"] for s in state["snakes"]] == [[head("red")], [tail("red")]]
    assert state["pits"] == [[], []]


def test_a_head_on_the_right_end_of_a_snake_of_bodies_turns_it_round() -> None:
    state = make_state([[body("red", "blue")]], [head("blue"), SPARE])
    events = GAME.apply(state, 0, "draw:1")
    assert colours_of(state["snakes"][0]["cards"]) == [["blue"], ["blue", "red"]]
    assert "(the snake turns round)" in events[0].text


# -- joining snakes -----------------------------------------------------------------------


def test_a_body_matching_two_snakes_may_join_them_and_wins_the_joined_snake() -> None:
    state = make_state(
        [
            [head("red"), body("red", "blue")],
            [body("green", "green")],
            [body("yellow", "green"), tail("green")],
        ],
        [card_id("body", "blue", "yellow"), SPARE],
    )
    GAME.apply(state, 0, "draw:1")
    prompt = GAME.prompts(state)[0]
    assert prompt.keys() == ["place:1-right", "place:3-left", "merge:1-3"]
    assert prompt.actions[2].label == "Join snakes 1 and 3 with a yellow/blue body and win them (5 cards)"
    events = GAME.apply(state, 0, "merge:1-3")
    assert [s["id"] for s in state["snakes"]] == [2]
    [won] = state["pits"][0]
    assert won["id"] == 1
    assert colours_of(won["cards"]) == [
        ["red"],
        ["red", "blue"],
        ["blue", "yellow"],
        ["yellow", "green"],
        ["green"],
    ]
    assert events[0].text == (
        "HISSS! {seat0} joins snakes 1 and 3 with a yellow/blue body, winning the 5-card snake."
    )


def test_a_join_is_won_even_without_head_or_tail() -> None:
    state = make_state(
        [[body("red", "red")], [body("blue", "blue")]], [card_id("body", "red", "blue"), SPARE]
    )
    GAME.apply(state, 0, "draw:1")
    GAME.apply(state, 0, "merge:1-2")
    assert state["snakes"] == []
    assert len(state["pits"][0][0]["cards"]) == 3


def test_a_join_that_would_give_two_heads_is_refused() -> None:
    state = make_state(
        [[head("red"), body("red", "blue")], [head("green"), body("green", "yellow")]],
        [card_id("body", "blue", "yellow"), SPARE],
    )
    GAME.apply(state, 0, "draw:1")
    assert keys(state) == ["place:1-right", "place:2-right"]
    before = dump(state)
    with pytest.raises(IllegalAction, match="two heads"):
        GAME.apply(state, 0, "merge:1-2")
    assert dump(state) == before


def test_a_join_of_a_head_half_and_a_tail_half_faces_the_right_way() -> None:
    # snake 1 is open on its left only (it has a tail); snake 2 on its right (it has a head)
    state = make_state(
        [[body("red", "blue"), tail("blue")], [head("green"), body("green", "yellow")]],
        [card_id("body", "red", "yellow"), SPARE],
    )
    GAME.apply(state, 0, "draw:1")
    GAME.apply(state, 0, "merge:1-2")
    cards = state["pits"][0][0]["cards"]
    assert colours_of(cards) == [["green"], ["green", "yellow"], ["yellow", "red"], ["red", "blue"], ["blue"]]


# -- the end ------------------------------------------------------------------------------


def test_the_game_ends_when_the_fan_is_empty() -> None:
    state = make_state([[body("red", "blue")]], [card_id("body", "green", "yellow")])
    assert GAME.outcome(state) is None
    events = GAME.apply(state, 0, "draw:1")
    assert GAME.prompts(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (0, 0) and outcome.ranks == (1, 1)
    assert events[-1].text == "The fan is empty and nobody won a snake: everyone ties."
    assert GAME.view(state, None)["over"] is True
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 1, "draw:1")


def test_the_game_does_not_end_while_the_last_card_waits_to_be_laid() -> None:
    state = make_state([[body("red", "blue")]], [card_id("body", "red", "blue", copy=1)])
    GAME.apply(state, 0, "draw:1")
    assert GAME.outcome(state) is None and state["fan"] == []
    GAME.apply(state, 0, "place:1-right")
    assert GAME.outcome(state) is not None


def test_most_cards_win_and_the_longest_snake_breaks_ties() -> None:
    # hand-built pits: only the number of cards per snake matters for the score
    h, t = head("red"), tail("red")
    three = [h, body("red", "red"), t]
    five = [h, body("red", "orange"), body("orange", "yellow"), body("yellow", "red"), t]
    six = [
        h,
        body("red", "orange"),
        body("orange", "yellow"),
        body("yellow", "green"),
        body("green", "red"),
        t,
    ]
    state = make_state([], [], players=4, pits=[[three, three], [five], [three], [three, three]])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (6, 5, 3, 6)
    assert outcome.ranks == (1, 3, 4, 1)  # seats 0 and 3: 6 cards, longest 3 — still equal
    state["pits"][1] = [{"id": 9, "cards": six}]  # 6 cards too, but all in one snake
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.ranks == (2, 1, 4, 2)
    assert outcome.reason.endswith("{seat1} wins with the longest snake (6 cards).")


# -- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("draw:4", "There are only 3 cards in the fan: choose 1–3."),
        ("draw:0", "There are only 3 cards in the fan: choose 1–3."),
        ("draw:two", "Say which card of the fan to draw by its name"),
        ("place:1-left", "Draw a card from the fan first"),
        ("merge:1-2", "Draw a card from the fan first"),
    ],
)
def test_illegal_draws_are_refused_and_change_nothing(key: str, message: str) -> None:
    state = make_state([[body("red", "blue")]], [SPARE, head("red"), tail("red")])
    before = dump(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, key)
    assert str(refused.value).startswith(message)
    assert dump(state) == before


def test_the_wrong_seat_is_refused() -> None:
    state = make_state([[body("red", "blue")]], [SPARE, head("red")])
    before = dump(state)
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 1, "draw:1")
    assert dump(state) == before


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("draw:1", "You have already drawn the blue tail: lay it first."),
        ("place:9-right", "There is no open snake 9."),
        ("place:1-right", "Snake 1's right end is not a legal place for the blue tail: a tail closes it."),
        ("place:2-left", "Snake 2's left end is not a legal place for the blue tail: a head closes it."),
        ("place:3-right", "Snake 3's right end is not a legal place for the blue tail: that end is green."),
        ("merge:2-4", "Only a body can join two snakes, and you drew the blue tail."),
    ],
)
def test_refusals_while_choosing_say_why(key: str, message: str) -> None:
    state = make_state(
        [
            [body("blue", "red"), tail("red")],
            [head("yellow"), body("yellow", "blue")],
            [body("blue", "green")],
            [body("blue", "blue")],
        ],
        [tail("blue"), SPARE],
    )
    GAME.apply(state, 0, "draw:1")
    assert keys(state) == ["place:2-right", "place:3-left", "place:4-right"]
    before = dump(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, key)
    assert str(refused.value).startswith(message)
    assert "Choose one of: place:2-right, place:3-left, place:4-right." in str(refused.value)
    assert dump(state) == before


# -- views --------------------------------------------------------------------------------


def test_the_view_shows_the_fan_size_but_never_its_order() -> None:
    state = GAME.setup(3, {}, seed=9)
    GAME.apply(state, 0, "draw:5")
    view = GAME.view(state, None)
    assert view["fan"] == len(state["fan"]) == 48
    shuffled = json.loads(json.dumps(state))
    random.Random(3).shuffle(shuffled["fan"])
    shuffled["rng"] = 12345
    assert GAME.view(shuffled, None) == view
    for seat in (None, 0, 1, 2):
        assert GAME.view(GAME.conceal(state, seat, random.Random(1)), seat) == GAME.view(state, seat)
    assert str(state["rng"]) not in json.dumps(view)
    assert set(view) >= {"snakes", "pits", "turn", "last", "scores", "over", "outcome", "pending"}


def test_texts_use_seat_placeholders_that_format_with_names() -> None:
    state = make_state([[body("red", "blue")]], [card_id("body", "red", "blue", copy=1), SPARE], turn=1)
    [event] = GAME.apply(state, 1, "draw:1")
    names = {"seat0": "Ana", "seat1": "Bo"}
    assert event.text.format(**names).startswith("Bo draws a red/blue body")
    assert GAME.prompts(state)[0].text.format(**names) == "Bo: where does a red/blue body go?"


# The uniform kit runs for every registered game in tests/test_kit_all_games.py.


def test_max_actions_is_a_true_bound() -> None:
    longest = 0
    for seed in range(100):
        state = GAME.setup(5, {}, seed)
        chooser = random.Random(seed)
        steps = 0
        while prompts := GAME.prompts(state):
            GAME.apply(state, prompts[0].seat, chooser.choice(prompts[0].actions).key)
            steps += 1
        longest = max(longest, steps)
    assert 49 < longest <= GAME.max_actions(5) == 98


# -- the picture --------------------------------------------------------------------------


def _finished(players: int, seed: int) -> dict[str, Any]:
    state = GAME.setup(players, {}, seed)
    chooser = random.Random(seed)
    while prompts := GAME.prompts(state):
        GAME.apply(state, prompts[0].seat, chooser.choice(prompts[0].actions).key)
    return state


@pytest.mark.parametrize("stage", ["start", "end"])
def test_board_picture_is_about_1200_wide_and_encodes(stage: str) -> None:
    state = GAME.setup(4, {}, seed=3) if stage == "start" else _finished(4, 3)
    view = GAME.view(state, None)
    view["names"] = ["Ana", "Bo", "Cy", "Dagmar"]
    image = render.board(view)
    assert image.mode == "RGB"
    assert 1100 <= image.width <= 1300
    assert 400 < image.height < 1600
    decoded = Image.open(io.BytesIO(encode_png(image)))
    decoded.load()
    assert decoded.size == image.size


def test_board_picture_without_names_uses_player_numbers() -> None:
    image = render.board(GAME.view(_finished(2, 8), None))
    assert image.width == 1200


# -- the table card (phone-first picture after every move) ------------------------------


def _pending_views(players: int, seed: int) -> list[tuple[dict[str, Any], list[str]]]:
    """Every public view (with its prompt's action keys) where a drawn card waits for its place."""
    state = GAME.setup(players, {}, seed)
    chooser = random.Random(seed)
    found = []
    while prompts := GAME.prompts(state):
        if state["pending"] is not None:
            found.append((GAME.view(state, None), [action.key for action in prompts[0].actions]))
        GAME.apply(state, prompts[0].seat, chooser.choice(prompts[0].actions).key)
    return found


def test_card_tags_exactly_the_ends_and_joins_the_move_buttons_offer() -> None:
    checked = 0
    for seed in range(1, 6):
        for view, keys in _pending_views(3, seed):
            ends, joins = placements(view)
            wanted_ends: dict[int, set[str]] = {}
            for key in keys:
                if key.startswith("place:"):
                    number, side = key.removeprefix("place:").split("-")[:2]
                    wanted_ends.setdefault(int(number), set()).add(side)
            wanted_joins = [tuple(int(n) for n in key.removeprefix("merge:").split("-"))
                            for key in keys if key.startswith("merge:")]
            assert ends == wanted_ends and joins == wanted_joins
            with recording() as drawn:
                table_card(view)
            texts = [item.text for item in drawn]
            assert texts.count("◀ left") == sum("left" in sides for sides in ends.values())
            assert texts.count("right ▶") == sum("right" in sides for sides in ends.values())
            assert all(f"Snake {number}" in texts for number in ends)  # the buttons' "snake N"
            checked += 1
    assert checked > 10  # enough choices seen to mean something


def test_card_prints_each_pit_and_ends_with_the_winner() -> None:
    state = _finished(3, 5)
    view = GAME.view(state, None)
    view["names"] = ["Ana", "Bo", "Cy"]
    assert card_standings(view) == [f"{n} card{'s' if n != 1 else ''}" for n in GAME.scores(state)]
    with recording() as drawn:
        image = table_card(view)
    texts = [item.text for item in drawn]
    assert all(value in texts for value in card_standings(view))
    assert any(text.startswith("Game over:") for text in texts)
    assert image.width == 640


def test_the_fan_is_filed_by_its_rows_and_every_card_is_one_tap_away() -> None:
    """Draws are filed by the fan's rows as the pictures lay it out ("Row B" lists "Draw B1"…);
    rows are as even as they can be; a fan of five or fewer is buttons; the fan's size alone
    decides it."""
    from bot.engine.choices import check_layout, layout, taps
    from bot.games.hisss.rules import _DRAW_ACTIONS, fan_name, fan_shape, fan_span

    wide = _DRAW_ACTIONS[49]
    assert [(a.label, a.group) for a in wide[:1] + wide[9:11] + wide[-1:]] == [
        ("Draw A1", ("Row A",)), ("Draw A10", ("Row A",)), ("Draw B1", ("Row B",)), ("Draw E9", ("Row E",))]
    assert fan_shape(11) == (2, 6) and fan_span(11) == "A1–B5" and fan_span(49) == "A1–E9"
    for count in range(1, 50):
        actions = _DRAW_ACTIONS[count]
        names = [fan_name(i, count) for i in range(1, count + 1)]
        assert len(set(names)) == count and [a.label for a in actions] == [f"Draw {n}" for n in names]
        assert all(a.group in ((), (f"Row {a.label[5]}",)) for a in actions)
        check_layout(actions)
        assert max(taps(actions, a.key) for a in actions) == 1
        rows = layout(actions).rows
        if count <= 5:
            assert all(control.kind == "button" for row in rows for control in row)
        else:  # one menu per row of the picture, named as the picture names it
            assert [row[0].placeholder for row in rows] == [f"Row {r}" for r in "ABCDE"[: fan_shape(count)[0]]]


def test_the_rollout_policy_draws_blind_and_lays_where_it_wins_the_most() -> None:
    rng = random.Random(4)
    laid = won = 0
    for seed in range(6):
        state = GAME.setup(3, {}, seed=seed)
        while GAME.prompts(state):
            (prompt,) = GAME.prompts(state)
            key = GAME.rollout_agent(state, prompt.seat, rng)
            assert key in [action.key for action in prompt.actions]
            if state["pending"] is None:
                assert key == "draw:1"
            else:
                laid += 1
                gains = {}
                for action in prompt.actions:
                    after = json.loads(json.dumps(state))
                    GAME.apply(after, prompt.seat, action.key)
                    gains[action.key] = GAME.scores(after)[prompt.seat] - GAME.scores(state)[prompt.seat]
                assert gains[key] == max(gains.values())
                won += gains[key] > 0
            GAME.apply(state, prompt.seat, key)
    assert laid > 20 and won > 5


def test_a_fast_play_out_plays_what_the_rules_play() -> None:
    """:func:`.playout.play_out` against the same game played on through the rules' ``apply``
    with the rollout policy, one move in ten at random as the search's rollouts play (the
    same random numbers): the same reward for every seat, from positions along games of 2
    to 5 players — draws, placements and a card waiting to be placed alike."""
    from bot.engine.search import rewards
    from bot.games.hisss.playout import NOISE, play_out

    waiting = 0
    for players in (2, 3, 4, 5):
        for seed in range(12):
            state = GAME.setup(players, {}, seed=seed)
            chooser = random.Random(seed)
            for _ in range(chooser.randrange(80)):
                if not (prompts := GAME.prompts(state)):
                    break
                GAME.apply(state, prompts[0].seat, GAME.agent(state, prompts[0].seat, chooser))
            before = json.dumps(state)
            waiting += state["pending"] is not None
            reference = json.loads(before)
            luck = random.Random(seed)
            while prompts := GAME.prompts(reference):
                prompt = prompts[0]
                if luck.random() < NOISE:
                    key = luck.choice(prompt.actions).key
                else:
                    key = GAME.rollout_agent(reference, prompt.seat, luck)
                GAME.apply(reference, prompt.seat, key)
            outcome = GAME.outcome(reference)
            assert outcome is not None
            assert play_out(state, random.Random(seed)) == pytest.approx(rewards(outcome))
            assert json.dumps(state) == before  # the state it played from is not changed
    assert waiting > 3


def test_evaluate_plays_the_game_out_with_the_states_own_seed() -> None:
    state = GAME.setup(3, {}, seed=5)
    rewards = GAME.evaluate(state)
    assert rewards is not None and len(rewards) == 3 and max(rewards) >= 0.45
    assert GAME.evaluate(state) == rewards  # the same luck for every candidate of one sample
    assert len({tuple(GAME.evaluate({**state, "rng": seed}) or ()) for seed in range(8)}) > 1  # the seed is the luck
