"""The kernel: value types, options, RNG, registry — and that the test kit catches broken games."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import (
    Action,
    BadOptions,
    Event,
    IllegalAction,
    Outcome,
    Prompt,
    Rng,
    State,
    UnknownGame,
    get_game,
    seed_value,
)
from bot.engine.rng import _canonical, shuffle_unseen
from bot.engine.testkit import KitFailure, check_game, random_playout
from tests.toygame import ToyDraw


def test_ranked_outcome_shares_ranks_on_ties() -> None:
    outcome = Outcome.ranked([5, 7, 7, 2], "done")
    assert outcome.ranks == (3, 1, 1, 4)
    assert outcome.winners == [1, 2]


def test_tiebreak_separates_equal_scores() -> None:
    outcome = Outcome.ranked([7, 7, 3], "done", tiebreak=[2, 5, 9])
    assert outcome.ranks == (2, 1, 3)


def test_options_fill_defaults_and_refuse_unknowns() -> None:
    game = ToyDraw()
    assert game.resolve_options({}) == {"deck": "12"}
    assert game.resolve_options({"deck": "6"}) == {"deck": "6"}
    with pytest.raises(BadOptions, match="no option 'colour'"):
        game.resolve_options({"colour": "red"})
    with pytest.raises(BadOptions, match="one of 6, 12, 30"):
        game.resolve_options({"deck": "7"})


def test_rng_is_deterministic_and_lives_in_the_state() -> None:
    first: State = {"rng": seed_value(42)}
    second: State = {"rng": seed_value(42)}
    draws = [Rng(first).randint(1, 6) for _ in range(50)]
    assert draws == [Rng(second).randint(1, 6) for _ in range(50)]
    assert first == second  # the generator's whole state is the stored integer
    assert json.loads(json.dumps(first)) == first
    assert {"rng": seed_value(43)} != {"rng": seed_value(42)}


def test_rng_is_roughly_uniform() -> None:
    state: State = {"rng": seed_value(1)}
    rng = Rng(state)
    counts = Counter(rng.randint(1, 6) for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < count < 1150 for count in counts.values())
    deck = list(range(20))
    rng.shuffle(deck)
    assert sorted(deck) == list(range(20)) and deck != list(range(20))


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGame, match="toy-draw"):
        get_game("monopoly")


def test_apply_refuses_other_seats_and_garbage_without_change() -> None:
    game = ToyDraw()
    state = game.setup(2, game.resolve_options({}), 3)
    before = json.dumps(state)
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(state, 1, "draw")
    with pytest.raises(IllegalAction, match="not a legal move"):
        game.apply(state, 0, "steal")
    assert json.dumps(state) == before


def test_toy_game_passes_the_kit() -> None:
    for players in (1, 2, 4):
        check_game(ToyDraw(), range(40), players)


# -- the kit must fail on broken games: each subclass breaks one promise ---------------------


class LeakyView(ToyDraw):
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        view["next_card"] = state["deck"][-1] if state["deck"] else None
        return view


class MutatesOnRefusal(ToyDraw):
    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        state["passes"] += 1
        return "no"


class TupleState(ToyDraw):
    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        events = super().perform(state, seat, key)
        state["last"] = (seat, key)
        return events


class FloatState(ToyDraw):
    """A float survives the JSON round trip (1.5 == 1.5), so the kit looks for one itself."""

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        events = super().perform(state, seat, key)
        state["share"] = {"of": [len(state["deck"]) / 2]}
        return events


class IntKeyState(ToyDraw):
    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        events = super().perform(state, seat, key)
        state["by_seat"] = {seat: key}
        return events


class NeverEnds(ToyDraw):
    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        events = super().perform(state, seat, key)
        state["passes"] = 0
        if not state["deck"]:
            state["deck"] = [1, 2]
        return events


class NotDeterministic(ToyDraw):
    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        events = super().perform(state, seat, key)
        if state["deck"]:
            state["deck"][0] = random.randint(1, 10**9)
        return events


class AcceptsEverything(ToyDraw):
    def apply(self, state: State, seat: int, key: str) -> list[Event]:
        if key not in ("draw", "pass"):
            return []
        return self.perform(state, seat, key)


class RevealsRngInView(ToyDraw):
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        view["debug"] = copy.deepcopy(state)
        return view


class AsksOnlyHoldersOfEvenCards(ToyDraw):
    """A reaction window that asks only the players who hold a card that may answer: the
    private prompt itself is fine, but *who* is asked tells the table who holds an even card."""

    def legal_prompts(self, state: State) -> list[Prompt]:
        prompts = super().legal_prompts(state)
        holders = [seat for seat, hand in enumerate(state["hands"]) if any(card % 2 == 0 for card in hand)]
        if prompts and holders and len(state["deck"]) % 3 == 0:
            return [Prompt(seat, "React?", (Action("draw", "Answer with a draw"),), simultaneous=True, private=True)
                    for seat in holders]
        return prompts


class SearchesOnlyWithEvenCards(ToyDraw):
    """A hard bot that thinks only when another player holds an even card: it decides on what
    its seat cannot see, and its pause would tell the table."""

    def worth_searching(self, state: State, seat: int) -> bool:
        return any(card % 2 == 0 for other, hand in enumerate(state["hands"]) if other != seat for card in hand)


@pytest.mark.parametrize(
    ("broken", "complaint"),
    [
        (AsksOnlyHoldersOfEvenCards, "which seats are prompted"),
        (SearchesOnlyWithEvenCards, "is searched .* depends on hidden information"),
        (LeakyView, "reveals something hidden"),
        (MutatesOnRefusal, "changed the state"),
        (TupleState, "round-trip"),
        (FloatState, r"state\.share\.of\[0\] is a float"),
        (IntKeyState, "round-trip"),
        (NeverEnds, "not over after"),
        (NotDeterministic, "replay differs"),
        (AcceptsEverything, "was allowed the unlisted action"),
        (RevealsRngInView, "shows the RNG state"),
    ],
)
def test_kit_catches_broken_games(broken: type[ToyDraw], complaint: str) -> None:
    with pytest.raises(KitFailure, match=complaint):
        check_game(broken(), range(20), 2)


def test_random_playout_is_reproducible() -> None:
    game = ToyDraw()
    first = random_playout(game, 3, seed=11)
    second = random_playout(game, 3, seed=11)
    assert first.log == second.log and first.state == second.state


def test_timed_games_get_a_clock_and_deadlines_in_the_kit() -> None:
    from tests.toygame import ToyRace

    playouts = check_game(ToyRace(), range(60), 2)
    expired = [entry for p in playouts for entry in p.log if entry[1] == "expire"]
    assert expired and all(entry[0] == -1 and entry[2] is not None for entry in expired)
    assert all(at is not None for p in playouts if p.options["mode"] == "live" for _, _, at in p.log)


def test_timed_apply_refuses_late_and_out_of_order_actions() -> None:
    from tests.toygame import ToyRace

    game = ToyRace()
    state = game.setup(2, {"mode": "live"}, 1)
    with pytest.raises(IllegalAction, match="Too late"):
        game.apply(state, 0, "grab", 1000)
    game.apply(state, 0, "grab", 500)
    with pytest.raises(IllegalAction, match="before the last one"):
        game.apply(state, 1, "grab", 400)
    with pytest.raises(IllegalAction, match="only 600 ms"):
        game.apply(state, -1, "expire", 600)
    events = game.apply(state, -1, "expire", 800)  # the tie window closed: seat 0 alone
    assert "wins the prize" in events[0].text and state["won"] == [1, 0]


class SmallDeckOnlyForTwo(ToyDraw):
    """A variant the game refuses at setup for some player counts, as an expert rule might."""

    def setup(self, players: int, options: Any, seed: int) -> State:
        if players > 2 and options.get("deck") == "6":
            raise BadOptions("The 6-card deck is for 1–2 players.")
        return super().setup(players, options, seed)


def test_kit_redraws_option_combinations_that_setup_refuses() -> None:
    playouts = check_game(SmallDeckOnlyForTwo(), range(30), 3)
    assert {p.options["deck"] for p in playouts} == {"12", "30"}
    with pytest.raises(KitFailure, match="setup refused every option draw"):
        check_game(SmallDeckOnlyForTwo(), range(3), 3, {"deck": "6"})


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)


@given(st.lists(_JSON_VALUES, max_size=8), st.integers(0, 2**32))
def test_shuffle_unseen_ignores_the_order_it_is_given(items: list[Any], seed: int) -> None:
    """Hidden cards are redrawn from one canonical order (their JSON), whatever order they
    came in, so a search makes the same choice on the real state and on any redrawing."""
    first, second = list(items), list(reversed(items))
    shuffle_unseen(first, random.Random(seed))
    shuffle_unseen(second, random.Random(seed))
    assert first == second
    canonical = sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    assert [json.dumps(item, sort_keys=True) for item in sorted(items, key=_canonical)] == [
        json.dumps(item, sort_keys=True) for item in canonical
    ]
