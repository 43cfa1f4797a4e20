"""Chomp!: rules fidelity (issue 9) — only the lowest card wins, live mode gives nothing away
before anyone acts, and Underwater War's cards turn on the table clock, not a player's click."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot.engine import EXPIRE, SYSTEM_SEAT, IllegalAction
from bot.games.chomp import render
from bot.games.chomp.rules import EEL, FLIP_MS, OCTOPUS, ROUND_MS, judge
from tests.games.test_chomp import EXAMPLE, GAME, chomp_state, texts, war_state

# -- only the lowest card wins ------------------------------------------------------------


def test_worked_example_only_a_slap_on_a_big_fish_wins() -> None:
    """Seal, shark, big fish, big fish: only the seal and shark players can chomp, and only
    by slapping a big fish (the lowest creature); the shark slapping the seal is no chomp."""
    cards = GAME.face_up(chomp_state(EXAMPLE))
    good = {(s, t) for s in range(4) for t in range(4) if judge(cards, s, t) == "good"}
    assert good == {(0, 2), (0, 3), (1, 2), (1, 3)}
    assert judge(cards, 1, 0) == "miss"


def test_live_the_shark_slapping_the_seal_wins_nothing_and_the_seal_still_can() -> None:
    state = chomp_state(EXAMPLE)
    events = GAME.apply(state, 1, "chomp:1", 10_100)  # the shark slaps the seal
    assert "not the lowest creature" in texts(events)
    assert state["first"] is None and state["center"] == [] and state["forfeit"] == []
    assert 1 not in {p.seat for p in GAME.prompts(state)}  # the slap is spent for this round
    GAME.apply(state, 0, "chomp:3", 10_500)  # the seal slaps a big fish: the winning chomp
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, 10_800)
    assert state["last"]["winner"] == 0
    assert sorted(state["discard"][0]) == ["big fish", "big fish", "seal"]
    assert state["discard"][1] == ["shark"]


def test_turns_the_earlier_slap_on_a_non_lowest_card_does_not_win() -> None:
    state = chomp_state(EXAMPLE, mode="turns")
    GAME.apply(state, 1, "chomp:1")  # first answer: the shark slaps the seal
    GAME.apply(state, 0, "chomp:4")  # second: the seal slaps a big fish
    GAME.apply(state, 2, "pass")
    GAME.apply(state, 3, "pass")
    assert state["last"]["winner"] == 0
    verdicts = {v["seat"]: v["verdict"] for v in state["last"]["slaps"]}
    assert verdicts[1] == "miss" and state["center"] == []


def test_the_lowest_card_may_be_shared_and_a_same_creature_slap_stays_bad() -> None:
    cards = GAME.face_up(chomp_state(["seal", "seal", "shark"]))
    assert judge(cards, 2, 0) == "good" and judge(cards, 2, 1) == "good"
    assert judge(cards, 0, 1) == "same"


# -- live mode gives nothing away before anyone acts ---------------------------------------

CARD_WORDS = re.compile(r"\b(?:an? )?(electric eel|little fish|big fish|octopus|shark|seal|shrimp|plankton)\b")


def _neutral(value: Any) -> str:
    """Text with every card name (and its article) replaced, so only the form remains."""
    return CARD_WORDS.sub("CARD", json.dumps(value, sort_keys=True) if not isinstance(value, str) else value)


def _revealed(cards: list[str], mode: str = "live") -> tuple[dict[str, Any], list[Any]]:
    """A round of shrimp nobody wins, then a reveal of ``cards`` (the next tops of the piles)."""
    draws = [["shrimp", "shrimp", card] for card in cards]
    state = chomp_state(["shrimp"] * len(cards), mode=mode, draws=draws)
    events: list[Any] = []
    for seat in range(len(cards)):
        events = GAME.apply(state, seat, "pass", 10_100 + seat) if mode == "live" else GAME.apply(state, seat, "pass")
    assert GAME.face_up(state) == cards
    return state, events


ROUNDS = {
    "normal": ["seal", "shark", "big fish", "shrimp"],
    "ink": ["seal", OCTOPUS, "big fish", "shrimp"],
    "frenzy": ["seal", EEL, "big fish", "shrimp"],
}


def _form(state: dict[str, Any], events: list[Any]) -> dict[str, Any]:
    prompts = [
        (p.seat, _neutral(p.text), [(a.key, _neutral(a.label)) for a in p.actions], p.deadline)
        for p in GAME.prompts(state)
    ]
    reveal = [_neutral(e.text) for e in events if e.reveals]
    return {"prompts": prompts, "reveal": reveal, "view": _neutral(GAME.view(state, None))}


def test_live_rounds_of_every_kind_look_alike_before_anyone_acts() -> None:
    forms = {kind: _form(*_revealed(cards)) for kind, cards in ROUNDS.items()}
    assert forms["ink"] == forms["normal"]
    assert forms["frenzy"] == forms["normal"]
    labels = {label for _, _, actions, _ in forms["normal"]["prompts"] for _, label in actions}
    assert not any(word in " ".join(labels).lower() for word in ("frenzy", "ink", "nobody"))


def test_live_the_kind_of_round_is_told_when_it_is_settled() -> None:
    state, _ = _revealed(ROUNDS["ink"])
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, state["opened"] + ROUND_MS)
    assert "Ink out!" in texts(events)
    assert state["last"]["result"] == "ink"


def test_turns_mode_keeps_its_hints() -> None:
    state, events = _revealed(ROUNDS["ink"], mode="turns")
    assert "ink out" in texts(events).lower()
    state, _ = _revealed(ROUNDS["frenzy"], mode="turns")
    labels = [a.label for a in GAME.prompts(state)[0].actions]
    assert any(label.startswith("Frenzy") for label in labels)


# -- Underwater War: the table turns the cards over --------------------------------------


def test_live_war_has_no_flip_button_and_the_clock_turns_the_cards() -> None:
    state = war_state([["seal"] * 3, ["shrimp"] * 3])
    prompts = GAME.prompts(state)
    assert all(p.keys() == ["pass"] for p in prompts)  # sitting out: no flip button
    assert all(p.deadline == 5_000 + FLIP_MS for p in prompts)
    with pytest.raises(IllegalAction, match="by themselves"):
        GAME.apply(state, 0, "flip", 5_100)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, 5_000 + FLIP_MS)
    assert events[0].text.startswith("The cards turn over by themselves")
    assert sorted(state["discard"][0]) == ["seal", "shrimp"]


def test_live_war_a_seat_that_sat_out_cannot_slap_the_eel() -> None:
    state = war_state([["seal", "shark"], ["seal", EEL]])
    GAME.apply(state, 0, "pass", 5_100)  # sits out the coming battle
    assert state["table"] == [[], []]  # one seat alone does not turn the cards
    GAME.apply(state, SYSTEM_SEAT, EXPIRE, 5_000 + FLIP_MS)
    assert state["phase"] == "slap"
    assert [p.seat for p in GAME.prompts(state)] == [1]
    GAME.apply(state, 1, "slap", 5_000 + FLIP_MS + 200)  # both have acted: settled at once
    assert sorted(state["discard"][1]) == sorted(["shark", EEL])


def test_live_war_when_both_sit_out_the_cards_turn_at_once_and_nobody_slaps() -> None:
    state = war_state([["seal", "d", "d", "shark"], ["shrimp", "d", "d", EEL]])
    GAME.apply(state, 0, "pass", 5_100)
    events = GAME.apply(state, 1, "pass", 5_200)
    assert "Nobody slapped the eel: war!" in texts(events)
    assert state["phase"] == "flip" and state["flip"] == "war"


def test_turns_war_keeps_the_flip_button() -> None:
    state = war_state([["seal"], ["shrimp"]], mode="turns")
    assert [p.keys() for p in GAME.prompts(state)] == [["flip"], ["flip"]]


# -- the picture ---------------------------------------------------------------------------


def test_the_middle_says_whose_the_waiting_cards_will_be() -> None:
    state = chomp_state(EXAMPLE)
    state["center"] = [{"card": "shrimp", "owner": 2, "up": True}]
    assert "this round's winner" in render.middle_caption(GAME.view(state, None))
    state = war_state([["seal"] * 3, ["shrimp"] * 3])
    state["center"] = [{"card": "shrimp", "owner": 1, "up": True}]
    assert "next battle's winner" in render.middle_caption(GAME.view(state, None))
    view = GAME.view(state, None)
    view["over"] = True
    assert "nobody" in render.middle_caption(view)


def test_the_first_good_chomp_in_the_tie_window_is_marked() -> None:
    state = chomp_state(EXAMPLE)
    GAME.apply(state, 1, "chomp:3", 10_100)
    GAME.apply(state, 0, "chomp:4", 10_200)
    view = GAME.view(state, None)
    names = ["Ana", "Bo", "Cy", "Di"]
    first, _ = render.seat_action(view, view["seats"][1], names)
    second, _ = render.seat_action(view, view["seats"][0], names)
    assert first.startswith("FIRST") and not second.startswith("FIRST")


def test_the_two_player_legend_says_slap_the_eel() -> None:
    war = GAME.view(war_state([["seal"], ["shrimp"]]), None)
    assert "slap the eel" in render.legend(war)[EEL]
    assert "chomp anything" not in render.legend(war)[EEL]
    assert "frenzy" in render.legend(GAME.view(chomp_state(EXAMPLE), None))[EEL]
