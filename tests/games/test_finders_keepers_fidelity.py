"""Finders Keepers as the rulebook has it (issue 9): Expert for 2–4, Expert by turns by
default, and texts and pictures that say exactly what happens.

See ``data/finders-keepers/README.md`` for the rulings these tests pin down.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import BadOptions, Event
from bot.games.finders_keepers import render
from bot.games.finders_keepers.rules import CARDS, FindersKeepers
from bot.tables import LobbyError, Tables, User
from tests.conftest import ANA, BO, CY, EVE

GAME = FindersKeepers()


def showing(thing: str, without: tuple[str, ...] = ()) -> list[int]:
    return [n for n, c in sorted(CARDS.items()) if c.shows(thing) and not any(c.shows(o) for o in without)]


def not_showing(*things: str) -> list[int]:
    return [n for n, c in sorted(CARDS.items()) if not any(c.shows(t) for t in things)]


# -- Expert is for 2–4 players ---------------------------------------------------------------


@pytest.mark.parametrize("players", [5, 6])
def test_expert_refuses_five_or_six_players(players: int) -> None:
    with pytest.raises(BadOptions, match=r"Expert Finders Keepers is for 2–4 players, not \d.*variant=basic"):
        GAME.setup(players, {"variant": "expert"}, seed=1)
    for mode in ("live", "turns"):
        with pytest.raises(BadOptions):
            GAME.setup(players, {"variant": "expert", "mode": mode}, seed=1)
    assert len(GAME.setup(players, {"variant": "basic"}, seed=1)["spreads"]) == players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_still_opens_for_two_to_four(players: int) -> None:
    state = GAME.setup(players, {"variant": "expert"}, seed=1)
    assert len(state["hands"]) == players


# -- the default mode follows the rulebook ---------------------------------------------------


def test_default_mode_is_the_rulebooks_way_for_each_variant() -> None:
    mode = next(o for o in GAME.options if o.name == "mode")
    assert mode.default == "auto" and mode.choices == ("auto", "live", "turns")
    expert = GAME.setup(3, {"variant": "expert"}, seed=2)
    assert expert["mode"] == "turns" and not GAME.is_timed(expert)
    prompts = GAME.prompts(expert)
    assert len(prompts) == 1 and prompts[0].deadline is None and not prompts[0].simultaneous
    basic = GAME.setup(3, {}, seed=2)
    assert basic["mode"] == "live" and GAME.is_timed(basic)
    # the live race stays an option for Expert, and turns for the basic game
    assert GAME.is_timed(GAME.setup(3, {"variant": "expert", "mode": "live"}, seed=2))
    assert not GAME.is_timed(GAME.setup(3, {"variant": "basic", "mode": "turns"}, seed=2))


# -- texts and pictures ----------------------------------------------------------------------


def _tie(first: str, second: str, contested: int) -> tuple[dict[str, Any], list[Event]]:
    """A live Expert tie between ``second`` (called first) and ``first`` (within the window),
    with ``contested`` grid cards showing both; the third seat holds a tree, in no grid card,
    and calls it first (a wrong call), so the second call settles the tie at once."""
    state = GAME.setup(3, {"variant": "expert", "mode": "live", "tie": "300"}, seed=11)
    both = [n for n in showing(first, without=("tree",)) if CARDS[n].shows(second)][:contested]
    assert len(both) == contested
    rest = not_showing(first, second, "tree")[: 9 - len(both)]
    state["grid"] = [*both, *rest]
    state["reserve"] = [c for c in range(1, 61) if c not in state["grid"]][:10]
    state["hands"] = [[first], [second], ["tree"]]
    state["stacks"] = [["cat"], ["fish"], ["moon"]]
    state["out"], state["used"] = [], []
    GAME.apply(state, 2, "tile:tree", 900)  # the third seat's call matches nothing: out of the race
    GAME.apply(state, 1, f"tile:{second}", 1000)
    events = GAME.apply(state, 0, f"tile:{first}", 1100)
    return state, events


def test_one_contested_card_stays_singular_and_several_plural() -> None:
    state, events = _tie("key", "sun", 1)
    [card] = state["last"]["contested"]
    texts = [e.text for e in events]
    assert f"Card {card} stays in the grid: several players called it." in texts
    view = GAME.view(state, None)
    lines = [text for text, _ in render.expert_lines(view, ["Ann", "Bo", "Cy"])]
    assert f"Tie: card {card} stayed in the grid (red frame)." in lines
    state, events = _tie("anchor", "apple", 2)
    first, second = state["last"]["contested"]
    assert f"Cards {first} and {second} stay in the grid: several players called them." in [e.text for e in events]
    lines = [text for text, _ in render.expert_lines(GAME.view(state, None), ["Ann", "Bo", "Cy"])]
    assert f"Tie: cards {first} and {second} stayed in the grid (red frame)." in lines


def test_one_player_timed_out_stops_looking() -> None:
    state = GAME.setup(2, {"variant": "basic", "mode": "live"}, seed=4)
    GAME.apply(state, 0, "reveal", 0)
    GAME.apply(state, 0, "done", 10)
    events = GAME.apply(state, -1, "expire", 30_000)
    assert "Time's up! {seat1} stops looking." in [e.text for e in events]


def test_basic_turns_highlight_only_the_player_who_may_look() -> None:
    state = GAME.setup(3, {"variant": "basic", "mode": "turns"}, seed=5)
    GAME.apply(state, 0, "reveal")
    view = GAME.view(state, None)
    assert view["looking"] == [0, 1, 2] and view["current"] == 0
    assert [render.basic_acting(view, s) for s in range(3)] == [True, False, False]
    notes = [render.basic_note(view, view["seats"][s], view["last"])[0] for s in range(3)]
    assert notes[0].startswith("looking") and notes[1] == notes[2] == "waits to look"
    GAME.apply(state, 0, "done")
    view = GAME.view(state, None)
    assert [render.basic_acting(view, s) for s in range(3)] == [False, True, False]
    # a live look: everyone still looking is highlighted
    live = GAME.setup(3, {"variant": "basic", "mode": "live"}, seed=5)
    GAME.apply(live, 0, "reveal", 0)
    view = GAME.view(live, None)
    assert [render.basic_acting(view, s) for s in range(3)] == [True, True, True]


def test_expert_by_default_plays_whole_games() -> None:
    for seed in range(4):
        state = GAME.setup(4, {"variant": "expert"}, seed)
        rng = random.Random(seed)
        while GAME.prompts(state):
            prompt = GAME.prompts(state)[0]
            GAME.apply(state, prompt.seat, GAME.agent(state, prompt.seat, rng))
        assert GAME.outcome(state) is not None


@pytest.mark.parametrize(("variant", "mode"), [("basic", "live"), ("basic", "turns"), ("expert", "live"), ("expert", "turns")])
def test_quick_seat_and_deadline_answers_agree_with_the_prompts(variant: str, mode: str) -> None:
    """``apply`` and the clock ask who may act and until when without building every action;
    those answers must be exactly what the full prompts say, all through random games."""
    for seed in range(3):
        state = GAME.setup(3, {"variant": variant, "mode": mode}, seed)
        rng, now = random.Random(seed), 0
        while True:
            prompts = GAME.prompts(state)
            assert GAME.prompted_seats(state) == [p.seat for p in prompts]
            deadlines = [p.deadline for p in prompts if p.deadline is not None]
            assert GAME.deadline(state) == (min(deadlines) if deadlines else None)
            if not prompts:
                break
            if GAME.is_timed(state):
                now += rng.choice((0, 100, 400, 20_000))
                due = GAME.deadline(state)
                if due is not None and now >= due:
                    GAME.apply(state, -1, "expire", due)
                    now = due
                    continue
                prompt = rng.choice(prompts)
                GAME.apply(state, prompt.seat, rng.choice(prompt.actions).key, now)
            else:
                prompt = rng.choice(prompts)
                GAME.apply(state, prompt.seat, rng.choice(prompt.actions).key)


async def test_a_five_player_expert_table_is_refused_at_start_with_the_reason(tables: Tables) -> None:
    await tables.create(guild_id=1, channel_id=9, host=ANA, slug="finders-keepers", options={"variant": "expert"})
    for user in (BO, CY, EVE, User(555, "Fay")):
        await tables.join(channel_id=9, user=user)
    with pytest.raises(LobbyError, match="Expert Finders Keepers is for 2–4 players, not 5"):
        await tables.start(channel_id=9, user=ANA)
    await tables.leave(channel_id=9, user=EVE)  # four players: the same table starts
    reply = await tables.start(channel_id=9, user=ANA)
    assert "Finders Keepers begins" in reply.text
