"""Finders Keepers: the component design, the rules on hand-built states, timing, pictures.

The uniform kit (every player count, both variants, both modes) runs from
``tests/test_kit_all_games.py``; these tests pin down the rulings of
``data/finders-keepers/README.md`` one by one.
"""

from __future__ import annotations

import importlib.util
import io
import json
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from PIL import Image

from bot.engine import EXPIRE, SYSTEM_SEAT, IllegalAction, get_game
from bot.engine.testkit import play_forward
from bot.games.finders_keepers import icons, render
from bot.games.finders_keepers.rules import (
    CARDS,
    DATA_DIR,
    LOOK_MS,
    OBJECT_IDS,
    OBJECTS,
    REVEAL_MS,
    ROUND_MS,
    FindersKeepers,
)
from bot.render import encode_png

GAME = FindersKeepers()


# -- helpers ------------------------------------------------------------------------------


def showing(thing: str, *, mascot: bool | None = None, without: tuple[str, ...] = ()) -> list[int]:
    """Card numbers that show ``thing`` (and none of ``without``), optionally by Pip."""
    return [
        n
        for n, card in sorted(CARDS.items())
        if card.shows(thing)
        and not any(card.shows(other) for other in without)
        and (mascot is None or card.mascot == mascot)
    ]


def not_showing(*things: str) -> list[int]:
    return [n for n, card in sorted(CARDS.items()) if not any(card.shows(t) for t in things)]


def keys(state: dict[str, Any], seat: int) -> list[str]:
    return next(p.keys() for p in GAME.prompts(state) if p.seat == seat)


def seats_prompted(state: dict[str, Any]) -> list[int]:
    return [p.seat for p in GAME.prompts(state)]


def dump(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def basic(players: int = 3, mode: str = "live", **changes: Any) -> dict[str, Any]:
    state = GAME.setup(players, {"variant": "basic", "mode": mode}, seed=7)
    state.update(changes)
    return state


def revealed(state: dict[str, Any], thing: str, at: int | None = 0) -> dict[str, Any]:
    """Put ``thing`` on top of the pile and reveal it (at table time ``at`` in live play)."""
    state["pile"].remove(thing)
    state["pile"].append(thing)
    seat = state["turn"]
    if at is None:
        GAME.apply(state, seat, "reveal")
    else:
        GAME.apply(state, seat, "reveal", at)
    return state


def expert(players: int = 2, mode: str = "turns", tie: str = "300", **changes: Any) -> dict[str, Any]:
    state = GAME.setup(players, {"variant": "expert", "mode": mode, "tie": tie}, seed=11)
    state.update(changes)
    return state


# -- the components -------------------------------------------------------------------------


def test_forty_objects_each_with_a_drawing() -> None:
    assert len(OBJECTS) == 40 == len(set(OBJECT_IDS))
    assert set(icons.RECIPES) == {*OBJECT_IDS, icons.MASCOT}
    assert all(o.article in ("a", "an") for o in OBJECTS.values())
    assert OBJECTS["anchor"].a_name == "an anchor"


def test_sixty_cards_of_six_to_eight_objects_balanced() -> None:
    assert sorted(CARDS) == list(range(1, 61))
    sizes = Counter(len(card.objects) for card in CARDS.values())
    assert sizes == {6: 30, 7: 20, 8: 10}
    per_object = Counter(t for card in CARDS.values() for t in card.objects)
    assert set(per_object) == set(OBJECT_IDS) and set(per_object.values()) == {10}
    overlaps = Counter(len(a.objects & b.objects) for a, b in combinations(CARDS.values(), 2))
    assert max(overlaps) == 2  # two cards never share more than two objects
    mascots = [card for card in CARDS.values() if card.mascot]
    assert len(mascots) == 8
    assert all(card.points == 2 for card in mascots)


def test_card_pictures_turn_and_hide_objects() -> None:
    for card in CARDS.values():
        drawn = [item.object for item in card.items]
        assert sorted(t for t in drawn if t != "pip") == sorted(card.objects)
        assert ("pip" in drawn) == card.mascot
        tucked = [item for item in card.items if item.under]
        assert 1 <= len(tucked) <= 2
        for item in tucked:  # drawn before the object that covers it, and really overlapping
            cover = next(i for i in card.items if i.object == item.under)
            assert drawn.index(item.object) < drawn.index(cover.object)
            distance = ((item.x - cover.x) ** 2 + (item.y - cover.y) ** 2) ** 0.5
            assert distance < (item.size + cover.size) * 0.44
    rotations = [item.rotation for card in CARDS.values() for item in card.items]
    assert any(abs(r) == 180 for r in rotations) and any(30 <= abs(r) <= 90 for r in rotations)


def test_generator_reproduces_cards_json_and_checks_the_design() -> None:
    spec = importlib.util.spec_from_file_location("make_cards", DATA_DIR / "make_cards.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    design = module.generate()
    assert module.to_text(design) == (DATA_DIR / "cards.json").read_text(encoding="utf-8")
    report = module.check(design, list(OBJECT_IDS))
    assert report["cards per object"] == [10]
    assert report["mascot cards"] == 8
    broken = json.loads(json.dumps(design))
    broken["cards"][0]["objects"] = broken["cards"][1]["objects"]
    with pytest.raises(ValueError):
        module.check(broken, list(OBJECT_IDS))


# -- metadata and setup -----------------------------------------------------------------------


def test_registered_with_options_and_players() -> None:
    game = get_game("finders-keepers")
    assert isinstance(game, FindersKeepers)
    assert (game.min_players, game.max_players) == (2, 6)
    assert game.rules_file == "finders-keepers.txt"
    assert game.render_module == "bot.games.finders_keepers.render"
    options = {o.name: (o.default, o.choices) for o in game.options}
    assert options == {
        "variant": ("basic", ("basic", "expert")),
        "mode": ("auto", ("auto", "live", "turns")),
        "tie": ("300", ("0", "150", "300", "500", "1000")),
    }
    assert game.is_timed(basic()) and not game.is_timed(basic(mode="turns"))


@pytest.mark.parametrize(("players", "deal"), [(2, 12), (3, 12), (4, 12), (5, 10), (6, 10)])
def test_basic_deal_by_player_count(players: int, deal: int) -> None:
    state = GAME.setup(players, {}, seed=players)
    assert [len(s) for s in state["spreads"]] == [deal] * players
    dealt = [c for s in state["spreads"] for c in s]
    assert len(set(dealt)) == len(dealt)
    assert sorted(state["pile"]) == sorted(OBJECT_IDS)
    assert GAME.prompts(state)[0].seat == 0 and keys(state, 0) == ["reveal"]
    assert GAME.setup(players, {}, seed=players) == state


@pytest.mark.parametrize(("players", "each", "out"), [(2, 20, 0), (3, 13, 1), (4, 10, 0)])
def test_expert_deal_by_player_count(players: int, each: int, out: int) -> None:
    state = GAME.setup(players, {"variant": "expert"}, seed=players)
    assert [len(h) + len(s) for h, s in zip(state["hands"], state["stacks"], strict=True)] == [each] * players
    assert all(len(hand) == 3 for hand in state["hands"])
    assert len(state["out"]) == out
    tiles = [t for h in state["hands"] for t in h] + [t for s in state["stacks"] for t in s] + state["out"]
    assert sorted(tiles) == sorted(OBJECT_IDS)
    assert len(state["grid"]) == 9 and len(state["reserve"]) == 51
    assert sorted(state["grid"] + state["reserve"]) == list(range(1, 61))


# -- the basic game -------------------------------------------------------------------------


def test_reveal_starts_a_look_for_everyone_with_every_card_offered() -> None:
    state = revealed(basic(3), "key", at=1000)
    assert state["tile"] == "key" and state["revealed"] == ["key"]
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == [0, 1, 2]
    assert all(p.simultaneous and p.deadline == 1000 + LOOK_MS for p in prompts)
    # every card is offered, not only the right ones: finding them is the game
    assert keys(state, 1) == [f"claim:{c}" for c in state["spreads"][1]] + ["done"]
    assert prompts[1].actions[-1].label == "Done: no more cards with a key"


def test_right_claim_keeps_the_card_wrong_claim_ends_the_look() -> None:
    state = basic(2)
    good, bad = showing("key")[:2], not_showing("key")[:3]
    state["spreads"] = [sorted([*good, bad[0]]), sorted(bad[1:])]
    revealed(state, "key")
    GAME.apply(state, 0, f"claim:{good[0]}", 10)
    assert state["keepers"][0] == [good[0]] and good[0] not in state["spreads"][0]
    assert 0 in seats_prompted(state)
    events = GAME.apply(state, 0, f"claim:{bad[0]}", 20)
    assert "has no key" in events[0].text
    assert bad[0] in state["spreads"][0] and state["wrong"][0] == bad[0]
    assert seats_prompted(state) == [1]  # seat 0's look is over; seat 1 still looking
    with pytest.raises(IllegalAction, match=rf"ended with a wrong claim \(card {bad[0]}\)"):
        GAME.apply(state, 0, "done", 25)
    GAME.apply(state, 1, "done", 30)
    # the round ends: the unclaimed key card stays, a lost chance, and it is recorded
    assert state["phase"] == "reveal" and state["turn"] == 1
    assert good[1] in state["spreads"][0]
    assert state["last"]["missed"][0] == [good[1]] and state["last"]["found"][0] == [good[0]]


def test_the_look_deadline_is_a_lost_chance_and_the_reveal_can_time_out() -> None:
    state = basic(2)
    good = showing("sun")[:2]
    state["spreads"] = [sorted([good[0], *not_showing("sun")[:3]]), sorted([good[1], *not_showing("sun")[3:6]])]
    revealed(state, "sun", at=500)
    GAME.apply(state, 0, f"claim:{good[0]}", 1200)
    assert GAME.deadline(state) == 500 + LOOK_MS
    with pytest.raises(IllegalAction, match="Too late"):
        GAME.apply(state, 1, f"claim:{good[1]}", 500 + LOOK_MS)
    with pytest.raises(IllegalAction):
        GAME.apply(state, SYSTEM_SEAT, EXPIRE, 500 + LOOK_MS - 1)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 500 + LOOK_MS)
    assert any("Time's up" in e.text for e in events)
    assert state["last"]["timed_out"] == [0, 1]
    assert good[1] in state["spreads"][1] and state["last"]["missed"][1] == [good[1]]
    # the next revealer dawdles: the tile turns over by itself
    assert GAME.deadline(state) == 500 + LOOK_MS + REVEAL_MS
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 500 + LOOK_MS + REVEAL_MS)
    assert events[0].reveals and "turned itself over" in events[0].text
    assert state["phase"] == "look" and len(state["revealed"]) == 2


def test_first_to_empty_wins_and_same_round_finishers_share() -> None:
    state = basic(3)
    cards = showing("moon")
    state["spreads"] = [[cards[0]], [cards[1]], sorted([cards[2], *not_showing("moon")[:2]])]
    revealed(state, "moon")
    GAME.apply(state, 0, f"claim:{cards[0]}", 100)
    assert not GAME.outcome(state)  # seat 0 is out of cards, but the round goes on
    GAME.apply(state, 2, f"claim:{cards[2]}", 2000)  # speed decides nothing in the basic game
    GAME.apply(state, 2, "done", 2100)
    GAME.apply(state, 1, f"claim:{cards[1]}", 9000)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1]
    assert outcome.ranks == (1, 1, 3)
    assert "all win" in outcome.reason
    assert GAME.prompts(state) == []


def test_running_out_of_tiles_the_fewest_cards_left_win() -> None:
    state = basic(2, mode="turns")
    state["pile"] = ["star"]
    state["spreads"] = [not_showing("star")[:2], not_showing("star")[2:5]]
    revealed(state, "star", at=None)
    GAME.apply(state, 0, "done")
    GAME.apply(state, 1, "done")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0]
    assert "run out" in outcome.reason and "fewest cards left (2)" in outcome.reason


def test_turns_mode_looks_one_player_at_a_time_from_the_revealer() -> None:
    state = basic(3, mode="turns", turn=1)
    revealed(state, "cat", at=None)
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == [1] and prompts[0].deadline is None and not prompts[0].simultaneous
    with pytest.raises(IllegalAction, match="is looking for the cat now; your turn to look comes next"):
        GAME.apply(state, 0, "done")
    GAME.apply(state, 1, "done")
    assert seats_prompted(state) == [2]
    GAME.apply(state, 2, "done")
    assert seats_prompted(state) == [0]
    with pytest.raises(IllegalAction, match="done looking for the cat"):
        GAME.apply(state, 1, "done")
    GAME.apply(state, 0, "done")
    assert state["phase"] == "reveal" and state["turn"] == 2


def test_basic_refusals_say_what_is_wrong() -> None:
    state = basic(2)
    with pytest.raises(IllegalAction, match="No tile is face up"):
        GAME.apply(state, 0, "claim:1")
    revealed(state, "fish")
    other = state["spreads"][1][0]
    with pytest.raises(IllegalAction, match=rf"Card {other} is .*'s card, not yours"):
        GAME.apply(state, 0, f"claim:{other}")
    with pytest.raises(IllegalAction, match="There is no card 99"):
        GAME.apply(state, 0, "claim:99")
    with pytest.raises(IllegalAction, match="number printed"):
        GAME.apply(state, 0, "claim:fish")
    with pytest.raises(IllegalAction, match="already face up"):
        GAME.apply(state, 0, "reveal")
    outside = next(c for c in CARDS if all(c not in s for s in state["spreads"]))
    with pytest.raises(IllegalAction, match="not in play"):
        GAME.apply(state, 0, f"claim:{outside}")


# -- the Expert game ------------------------------------------------------------------------


def expert_board(state: dict[str, Any], grid: list[int | None], hands: list[list[str]]) -> dict[str, Any]:
    """Lay out a grid and hands; stacks and reserve keep the rest (tiles/cards not shown)."""
    used_cards = {c for c in grid if c is not None}
    state["grid"] = grid
    state["reserve"] = [c for c in range(1, 61) if c not in used_cards][:10]
    held = {t for hand in hands for t in hand}
    spare = [t for t in OBJECT_IDS if t not in held]
    state["hands"] = hands
    state["stacks"] = [[spare.pop()] for _ in hands]
    state["out"] = []
    state["used"] = []
    return state


def test_expert_must_match_if_able_and_takes_every_matching_card() -> None:
    state = expert(2)
    cats = showing("cat", without=("key", "sun", "moon"))[:2]
    rest = not_showing("cat", "key", "sun", "moon")[:7]
    expert_board(state, [*cats, *rest], [["cat", "moon", "key"], ["sun", "fish", "tree"]])
    state["turn"] = 0
    assert keys(state, 0) == ["tile:cat"]  # moon and key match nothing: not offered
    with pytest.raises(IllegalAction, match="No card in the grid shows the moon"):
        GAME.apply(state, 0, "tile:moon")
    with pytest.raises(IllegalAction, match=r"is .*'s, not yours"):
        GAME.apply(state, 0, "tile:sun")
    top = state["stacks"][0][-1]
    reserve_top = state["reserve"][-2:]
    events = GAME.apply(state, 0, "tile:cat")
    assert sorted(state["captured"][0]) == sorted(cats)
    assert "cat" in state["used"] and state["hands"][0] == ["moon", "key", top]  # refilled from the stack
    assert set(reserve_top) <= set(state["grid"]) and None not in state["grid"]  # the grid refilled
    assert any(e.reveals for e in events)


def test_expert_player_without_a_match_passes_and_the_game_ends_when_nobody_can() -> None:
    cat = showing("cat", without=("key", "sun", "fish"))[0]
    fish = showing("fish", without=("key", "sun", "cat"))[0]
    rest = not_showing("cat", "key", "sun", "fish")
    # a pass: seat 0 holds only the key, which is in no grid card, so its turn is skipped
    state = expert(3)
    expert_board(state, [cat, fish, *rest[:7]], [["key"], ["fish"], ["cat"]])
    state["reserve"] = rest[7:12]
    state["turn"] = 2
    events = GAME.apply(state, 2, "tile:cat")
    assert state["turn"] == 1
    assert any("cannot match the grid and passes" in e.text for e in events)
    # the end: after seat 0's capture nobody's face-up tile matches any grid card
    state = expert(3)
    expert_board(state, [cat, *rest[:8]], [["cat"], ["key"], ["sun"]])
    state["reserve"] = rest[8:9]
    state["stacks"] = [[], [], []]
    state["turn"] = 0
    events = GAME.apply(state, 0, "tile:cat")
    assert state["end"] == "stuck" and GAME.prompts(state) == []
    assert "No more cards can be captured" in events[-1].text
    assert sum("No more cards" in e.text for e in events) == 1
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0]


def test_expert_scoring_two_for_pip_one_for_others() -> None:
    state = expert(2)
    pip = showing("bell", mascot=True, without=("hat",))[0]
    plain = showing("bell", mascot=False, without=("hat",))[:2]
    hat = showing("hat", mascot=False, without=("bell",))[0]
    rest = not_showing("bell", "hat")[:5]
    expert_board(state, [pip, *plain, hat, *rest], [["bell"], ["hat"]])
    state["reserve"] = []
    state["stacks"] = [[], []]
    state["turn"] = 0
    GAME.apply(state, 0, "tile:bell")
    GAME.apply(state, 1, "tile:hat")
    assert GAME.scores(state) == [4, 1]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (4, 1) and outcome.winners == [0]


def test_live_expert_first_call_wins_ties_split_contested_cards() -> None:
    state = expert(3, mode="live", tie="300")
    both = next(n for n in showing("key") if CARDS[n].shows("sun") and not CARDS[n].shows("tree"))
    keys_only = showing("key", without=("sun", "tree"))[0]
    suns_only = showing("sun", without=("key", "tree"))[0]
    rest = [c for c in not_showing("key", "sun", "tree") if c not in (both, keys_only, suns_only)][:6]
    expert_board(state, [both, keys_only, suns_only, *rest], [["key"], ["sun"], ["tree"]])
    state["opened"] = state["now"] = 0
    assert seats_prompted(state) == [0, 1, 2]  # everyone races: seat 2's tree matches nothing
    assert all(p.deadline == ROUND_MS for p in GAME.prompts(state))
    GAME.apply(state, 2, "tile:tree", 3000)  # a wrong call: out of this round, tile kept
    assert seats_prompted(state) == [0, 1] and state["hands"][2] == ["tree"]
    GAME.apply(state, 1, "tile:sun", 4000)
    assert seats_prompted(state) == [0] and GAME.deadline(state) == 4300  # the tie window
    GAME.apply(state, 0, "tile:key", 4299)  # within the window: a tie, settled at once
    assert sorted(state["captured"][1]) == [suns_only]
    assert sorted(state["captured"][0]) == [keys_only]
    assert both in state["grid"] and state["last"]["contested"] == [both] and state["last"]["tie"]
    assert "sun" in state["used"] and "key" in state["used"]


def test_live_expert_late_call_is_refused_and_the_window_settles_on_its_own() -> None:
    state = expert(2, mode="live", tie="150")
    cats = showing("cat", without=("fish",))[:1]
    fish = showing("fish", without=("cat",))[0]
    rest = not_showing("cat", "fish")[:7]
    expert_board(state, [*cats, fish, *rest], [["cat"], ["fish"]])
    GAME.apply(state, 0, "tile:cat", 1000)
    with pytest.raises(IllegalAction, match="already called the cat"):
        GAME.apply(state, 0, "tile:cat", 1100)
    with pytest.raises(IllegalAction, match="Too late"):
        GAME.apply(state, 1, "tile:fish", 1150)
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, 1150)
    assert state["captured"] == [cats, []] and not state["claims"]
    assert state["opened"] == 1150


def test_live_expert_without_a_tie_window_the_first_call_settles_at_once() -> None:
    state = expert(2, mode="live", tie="0")
    cat = showing("cat", without=("fish",))[0]
    fish = showing("fish", without=("cat",))[0]
    expert_board(state, [cat, fish, *not_showing("cat", "fish")[:7]], [["cat"], ["fish"]])
    GAME.apply(state, 1, "tile:fish", 10)
    assert state["captured"] == [[], [fish]] and not state["claims"]


def test_live_expert_nobody_calls_each_able_player_loses_a_chance() -> None:
    state = expert(3, mode="live")
    cat = showing("cat", without=("fish", "key", "sun", "moon"))[0]
    fish = showing("fish", without=("cat", "key", "sun", "moon"))[0]
    rest = not_showing("cat", "fish", "key", "sun", "moon")[:7]
    expert_board(state, [cat, fish, *rest], [["key", "cat", "moon"], ["sun"], ["fish"]])
    with pytest.raises(IllegalAction, match=r"fish tile is .*, not yours"):
        GAME.apply(state, 1, "tile:fish", 5)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, ROUND_MS)
    assert "Lost chances" in events[0].text
    assert state["last"]["lost"] == [{"seat": 0, "tile": "cat"}, {"seat": 2, "tile": "fish"}]
    assert "cat" not in state["hands"][0] and "key" in state["hands"][0]
    assert state["grid"][:2] == [cat, fish]  # nothing was captured


def test_expert_conceal_redraws_face_down_tiles_only() -> None:
    state = expert(3)
    hidden = GAME.conceal(state, 0, random.Random(5))
    assert hidden["hands"] == state["hands"] and hidden["grid"] == state["grid"]
    assert [len(s) for s in hidden["stacks"]] == [len(s) for s in state["stacks"]]
    assert hidden["stacks"] != state["stacks"] or hidden["reserve"] != state["reserve"]
    assert GAME.view(hidden, 0) == GAME.view(state, 0)


# -- bots and whole games -------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["basic", "expert"])
@pytest.mark.parametrize("mode", ["live", "turns"])
def test_agent_plays_whole_games(variant: str, mode: str) -> None:
    for seed in range(10):
        state = GAME.setup(4, {"variant": variant, "mode": mode}, seed)
        play_forward(GAME, state, chooser=random.Random(seed), steps=GAME.max_actions(4), step_ms=700)
        assert GAME.outcome(state) is not None


def test_safe_reserve_counts_only_cards_no_other_player_can_take() -> None:
    from bot.games.finders_keepers.agent import safe_reserve

    card = next(c for c in CARDS.values() if not c.mascot)
    mine, theirs = sorted(card.objects)[:2]
    elsewhere = next(thing for thing in OBJECT_IDS if not card.shows(thing))
    grid: list[int | None] = [card.id, None]
    # its next capture (``pick``) takes the card: nothing is left in reserve
    assert safe_reserve(grid, [mine, elsewhere], mine, []) == 0
    # another of its tiles shows the card and no other player's tile does: kept in reserve
    assert safe_reserve(grid, [mine, elsewhere], elsewhere, []) == 1
    # another player's face-up tile shows it too: not safe
    assert safe_reserve(grid, [mine, elsewhere], elsewhere, [theirs]) == 0


# -- pictures -------------------------------------------------------------------------------


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def sample(players: int, options: dict[str, str], steps: int, seed: int = 3) -> dict[str, Any]:
    state = GAME.setup(players, options, seed)
    return play_forward(GAME, state, chooser=random.Random(seed), steps=steps)


@pytest.mark.parametrize(
    ("players", "options", "steps"),
    [
        (3, {"variant": "basic", "mode": "live"}, 9),
        (3, {"variant": "basic", "mode": "turns"}, 0),
        (4, {"variant": "expert", "mode": "turns"}, 5),
        (4, {"variant": "expert", "mode": "live"}, 6),
        (6, {"variant": "basic", "mode": "turns"}, 5000),
        (2, {"variant": "expert", "mode": "live", "tie": "500"}, 5000),
    ],
)
def test_pictures_decode_for_every_kind_of_table(players: int, options: dict[str, str], steps: int) -> None:
    state = sample(players, options, steps)
    view = GAME.view(state, None)
    view["names"] = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    image = decode(encode_png(render.board(view)))
    assert image.width == 1200 and 500 < image.height < 2400
    assert render.private(view) is None  # a spectator has no cards
    mine = GAME.view(state, 0)
    mine["names"] = view["names"]
    hand = decode(encode_png(render.private(mine)))
    assert hand.width == 1200


def test_cached_art_draws_the_same_board() -> None:
    """Objects are drawn once and cached; a second drawing must be pixel-identical.
    (How fast boards render is measured by `python -m bot bench finders-keepers`.)"""
    for players, options, steps in ((4, {"variant": "expert", "mode": "turns"}, 4),
                                    (3, {"variant": "basic", "mode": "live"}, 9)):
        view = GAME.view(sample(players, options, steps), None)
        first, second = render.board(view), render.board(view)
        assert first.tobytes() == second.tobytes()


def test_private_picture_shows_every_card_of_the_spread() -> None:
    state = revealed(basic(2), "bird")
    view = GAME.view(state, 1)
    image = render.private(view)
    assert image is not None
    rows = -(-len(view["seats"][1]["spread"]) // 3)
    assert image.height >= rows * 350  # three big cards to a row


def test_object_sheet_and_icons() -> None:
    sheet = render.object_sheet()
    assert sheet.width > 1000
    for name in [*OBJECT_IDS, icons.MASCOT]:
        art = render.icon(name, 40)
        assert art.size == (40, 40) and art.getchannel("A").getbbox() is not None


def test_basic_conceal_redraws_only_the_pile() -> None:
    state = revealed(basic(3), "boot")
    hidden = GAME.conceal(state, 2, random.Random(1))
    assert sorted(hidden["pile"]) == sorted(state["pile"]) and hidden["pile"] != state["pile"]
    assert hidden["spreads"] == state["spreads"]
    assert GAME.view(hidden, 2) == GAME.view(state, 2)
    assert GAME.view(state, 2)["pile"] == 39


def test_live_expert_offers_every_face_up_tile_and_a_wrong_call_costs_the_round() -> None:
    """Spotting the match is the skill: the race's buttons never tell which tile matches,
    and the public view names no seat as able to call (only who is still in the race)."""
    state = expert(2, mode="live")
    cat = showing("cat", without=("fish", "key", "sun", "moon"))[0]
    rest = not_showing("cat", "fish", "key", "sun", "moon")[:8]
    expert_board(state, [cat, *rest], [["key", "cat", "moon"], ["sun", "fish"]])
    state["opened"] = state["now"] = 0
    offered = {p.seat: p.keys() for p in GAME.prompts(state)}
    assert offered == {0: ["tile:key", "tile:cat", "tile:moon"], 1: ["tile:sun", "tile:fish"]}
    view = GAME.view(state, None)
    assert "able" not in view and view["racing"] == [0, 1]
    GAME.apply(state, 0, "tile:key", 500)
    assert state["hands"][0] == ["key", "cat", "moon"] and seats_prompted(state) == [1]
    with pytest.raises(IllegalAction, match="out of this round"):
        GAME.apply(state, 0, "tile:cat", 600)
    # Seat 1 misses too: nobody is left in the race, so the round ends at once, and seat 0,
    # who could have called the cat, loses that chance.
    GAME.apply(state, 1, "tile:sun", 700)
    assert "cat" in state["used"] and "cat" not in state["hands"][0]
    assert state["wrong_calls"] == [] and state["last"]["lost"] == [{"seat": 0, "tile": "cat"}]
