"""Collide-o: rules fidelity (issue 9) — live prompts never reveal who can play, spotting a
fit stays the player's job (a card that does not fit is called out and comes back), and the
earliest play wins a tie window (no catch-up rule)."""

from __future__ import annotations

import random

from bot.engine import EXPIRE, SYSTEM_SEAT
from bot.engine.testkit import play_forward
from bot.games.collide_o import render
from bot.games.collide_o.rules import PATIENCE_MS, CollideO, fits, parse_play
from tests.games.test_collide_o import GAME, keys, live, refused, shown, texts


def _every_play(hand: list[int]) -> list[str]:
    return [f"play:{card}:{side}{turn}" for card in hand for side in ("left", "right") for turn in ("", ":turned")]


# -- no leak of who can play -----------------------------------------------------------------


def test_live_every_seat_gets_the_same_private_prompt_whatever_it_holds() -> None:
    # seat 0 holds a card that fits, seat 2 holds nothing that fits either end
    state = live([[67, 63], [79, 48], [24, 50]])
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == [0, 1, 2]
    assert all(p.private and p.simultaneous and p.deadline == PATIENCE_MS for p in prompts)
    for prompt, hand in zip(prompts, state["hands"], strict=True):
        assert prompt.keys() == [*_every_play(hand), "stuck"]
        assert prompt.text == prompts[0].text.replace("{seat0}", f"{{seat{prompt.seat}}}")


def test_live_a_seat_that_cannot_play_is_not_stuck_until_it_says_so() -> None:
    state = live([[67, 63], [79, 48], [24, 50]])
    GAME.apply(state, 0, "stuck", 10)
    GAME.apply(state, 1, "stuck", 20)
    assert len(state["line"]) == 3  # seat 2 has not said stuck: nothing comes off yet
    events = GAME.apply(state, 2, "stuck", 30)
    assert "Everyone is stuck" in texts(events)[-1] and len(state["line"]) == 2


# -- spotting a fit is the player's job ---------------------------------------------------------


def test_live_labels_view_and_hand_picture_give_no_fit_hints() -> None:
    state = live([[67, 63], [79, 48]])
    labels = [a.label.lower() for p in GAME.prompts(state) for a in p.actions]
    assert not any("fit" in label for label in labels)
    view = GAME.view(state, 0)
    assert all(card["fits"] is None for card in view["hand"])
    assert "fits" not in render.hand_notes(view["hand"][0]) and render.hand_notes(view["hand"][0]) == []


def test_turns_mode_keeps_the_helpful_list() -> None:
    state = live([[67, 63], [79, 48]])
    state["mode"] = "turns"
    state.update({"turn": 0, "passes": 0})
    assert keys(state, 0) == ["play:67:right", "pass"]


def test_a_card_that_does_not_fit_is_called_out_and_comes_back_to_the_hand() -> None:
    state = live([[67, 63], [79, 48]])
    before = (list(state["line"]), [list(h) for h in state["hands"]])
    events = GAME.apply(state, 0, "play:63:left", 100)
    assert "does not fit" in texts(events)[0] and "back in {seat0}'s hand" in texts(events)[0]
    assert (state["line"], state["hands"]) == before and state["contests"] == []
    # called out: that card is not offered again (any end, either way) until the line changes
    assert not [k for k in keys(state, 0) if k.startswith("play:63:")]
    assert refused(state, 0, "play:63:right:turned", 110).startswith("Card 63 was called out on the left end")
    assert GAME.view(state, None)["misfits"] == [{"seat": 0, "card": 63, "side": "left", "turned": False}]
    GAME.apply(state, 0, "play:67:right", 200)  # a card lands: the line changed
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, 500)
    assert state["line"][-1] == "67:right" and state["tried"] == [[], []]


def test_the_agent_tries_plays_that_fit_and_says_stuck_otherwise() -> None:
    state = live([[67, 63], [79, 48], [24, 50]])
    for seed in range(10):
        key = GAME.agent(state, 0, random.Random(seed))
        card, side, turned = parse_play(key)  # type: ignore[misc]
        assert fits(card, side, turned, state["ends"])
    assert GAME.agent(state, 2, random.Random(1)) == "stuck"


def test_a_live_game_of_agents_ends_within_max_actions() -> None:
    for players in (2, 5):
        state = GAME.setup(players, {"mode": "live"}, seed=players)
        play_forward(GAME, state, chooser=random.Random(players), steps=GAME.max_actions(players))
        assert GAME.outcome(state) is not None
        assert state["plays"] >= 2  # bots do play cards


# -- ties: the earliest click wins ----------------------------------------------------------------


def test_the_earlier_click_wins_even_against_a_player_with_more_cards() -> None:
    # seat 0 leads (fewer cards left); seat 1 trails and clicks 299 ms later on the same end
    state = live([[67, 63], [79, 48]], piles=[[50], [70, 77, 65]])
    GAME.apply(state, 0, "play:67:right", 1_000)
    GAME.apply(state, 1, "play:79:right", 1_299)
    if state["contests"]:
        GAME.apply(state, SYSTEM_SEAT, EXPIRE, 1_300)
    assert state["line"][-1] == "67:right" and 79 in state["hands"][1]
    assert shown(state)[-1] == "blue"


def test_an_exact_tie_is_a_seeded_draw_whatever_the_counts() -> None:
    winners = set()
    for rng in range(16):
        state = live([[67, 63], [79, 48]], piles=[[50], [70, 77, 65]])
        state["rng"] = rng
        GAME.apply(state, 0, "play:67:right", 1_000)
        events = GAME.apply(state, 1, "play:79:right", 1_000)
        assert any("same millisecond" in e.text and e.reveals for e in events)
        winners.add(state["owners"][-1])
    assert winners == {0, 1}


def test_version_bumped_for_old_logs() -> None:
    assert CollideO.version >= 2
