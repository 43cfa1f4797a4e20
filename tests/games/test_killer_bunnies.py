"""Killer Bunnies: every card type, reaction windows, the end and the magic carrot, on
hand-built states; setup; refusals; pictures; a recorded game replayed; the kit (slow, 200 seeds)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.engine import EXPIRE, SYSTEM_SEAT, IllegalAction, Rng
from bot.engine.testkit import check_game, play_forward
from bot.games.killer_bunnies import render
from bot.games.killer_bunnies.cards import CARROTS, DECK, PRICES
from bot.games.killer_bunnies.rules import REACT_MS, KillerBunnies, pay_with
from bot.render import encode_png

GAME = KillerBunnies()
REPLAYS = Path(__file__).resolve().parents[2] / "data" / "killer-bunnies" / "replays"


# -- helpers ------------------------------------------------------------------------------


def ids(name: str) -> list[int]:
    """Every card id with this name (some cards come in several copies)."""
    found = [c.id for c in DECK if c.name == name]
    assert found, name
    return found


def one(name: str, copy: int = 0) -> int:
    return ids(name)[copy]


def dolla(value: int, copy: int = 0) -> int:
    return one(f"{value} Kaballa Dolla", copy)


def table(players: int = 3, mode: str = "turns") -> dict[str, Any]:
    """A game in its first turn with empty hands, runs and circle, seat 0 to play; tests
    put the cards they need in place. Cards not placed stay in the draw pile."""
    state = GAME.setup(players, {"mode": mode}, seed=5)
    state["phase"] = "start"
    state["turn"] = 0
    state["draw"] = [c.id for c in DECK if c.kind not in ("dolla", "misfortune")]
    state["discard"] = []
    state["circle"] = []
    for me in state["seats"]:
        me.update(hand=[], top=None, bottom=None, dolla=[], cabbage=[], water=[], carrots=[], stage=2)
    return state


def give(state: dict[str, Any], seat: int, *cards: int, where: str = "hand") -> None:
    """Move cards (from wherever they are) to a seat's hand, run or circle."""
    for cid in cards:
        if cid in state["draw"]:
            state["draw"].remove(cid)
        if where == "hand":
            state["seats"][seat]["hand"].append(cid)
        elif where == "circle":
            state["circle"].append({"card": cid, "owner": seat})
        elif where == "dolla":
            state["seats"][seat]["dolla"].append(cid)
        else:
            state["seats"][seat][where] = cid


def on_top(state: dict[str, Any], *cards: int) -> None:
    """Put cards on top of the draw pile, the first one drawn first."""
    for cid in cards:
        if cid in state["draw"]:
            state["draw"].remove(cid)
    state["draw"].extend(reversed(cards))


def fix_roll(state: dict[str, Any], value: int) -> None:
    """Set the generator so that the next d12 shows ``value`` (searching seeds, not faking)."""
    for seed in range(10_000):
        probe = {"rng": seed}
        if Rng(probe).randint(1, 12) == value:
            state["rng"] = seed
            return
    raise AssertionError("no seed found")


def keys(state: dict[str, Any], seat: int) -> list[str]:
    return next(p.keys() for p in GAME.prompts(state) if p.seat == seat)


def texts(events: list[Any]) -> str:
    return "\n".join(e.text for e in events)


def pass_all(state: dict[str, Any], but: dict[int, str] | None = None) -> list[Any]:
    """Answer an open reaction window: ``but`` says who plays what, the others pass."""
    events = []
    assert state["phase"] == "window"
    for seat in list(state["window"]["seats"]):
        events += GAME.apply(state, seat, (but or {}).get(seat, "pass"))
    return events


# -- setup --------------------------------------------------------------------------------


def test_setup_deals_seven_lays_dolla_and_discards_misfortunes() -> None:
    for seed in range(30):
        state = GAME.setup(4, {}, seed)
        for me in state["seats"]:
            assert len(me["hand"]) == 7
            assert all(DECK[c].kind not in ("dolla", "misfortune") for c in me["hand"])
            assert all(DECK[c].kind == "dolla" for c in me["dolla"])
        assert all(DECK[c].kind == "misfortune" for c in state["discard"])
        counted = sum(len(m["hand"]) + len(m["dolla"]) for m in state["seats"]) + len(state["draw"]) + len(state["discard"])
        assert counted == len(DECK)


def test_setup_lays_a_bunny_on_top_and_any_card_below_then_a_roll_picks_the_first_player() -> None:
    state = GAME.setup(2, {}, seed=3)
    for seat in (0, 1):
        prompt = next(p for p in GAME.prompts(state) if p.seat == seat)
        assert prompt.private and prompt.simultaneous
    bunny_free = [s for s in (0, 1) if not any(DECK[c].kind == "bunny" for c in state["seats"][s]["hand"])]
    for seat in (0, 1):
        key = keys(state, seat)[0]
        if seat in bunny_free:
            assert key.startswith("give:")
            GAME.apply(state, seat, key)
            key = keys(state, seat)[0]
        assert key.startswith("top:") and all(k.startswith("top:") for k in keys(state, seat))
        GAME.apply(state, seat, key)
        assert DECK[state["seats"][seat]["top"]].kind == "bunny"
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "top:" + DECK[state["seats"][0]["hand"][0]].slug)
    GAME.apply(state, 0, keys(state, 0)[0])
    assert state["phase"] == "setup"
    events = GAME.apply(state, 1, keys(state, 1)[0])
    assert state["phase"] == "start" and "goes first" in texts(events)
    assert all(len(me["hand"]) == 5 for me in state["seats"])


def test_a_player_without_a_bunny_exchanges_a_card_for_one() -> None:
    state = GAME.setup(2, {}, seed=1)
    me = state["seats"][0]
    spare = [c for c in me["hand"] if DECK[c].kind != "bunny"]
    bunnies = [c for c in me["hand"] if DECK[c].kind == "bunny"]
    state["draw"] += bunnies
    me["hand"] = spare + [c for c in state["draw"] if DECK[c].kind not in ("bunny", "dolla", "misfortune")
                          and c not in spare][: 7 - len(spare)]
    for c in me["hand"]:
        if c in state["draw"]:
            state["draw"].remove(c)
    offered = keys(state, 0)
    assert {k.partition(":")[0] for k in offered} == {"give", "top"}  # the exchange is a "may"
    given = me["hand"][0]
    GAME.apply(state, 0, "give:" + DECK[given].slug)
    assert given in state["draw"] and given not in me["hand"]
    assert len(me["hand"]) == 7 and any(DECK[c].kind == "bunny" for c in me["hand"])


# -- the turn: flip, slide, draw, replace --------------------------------------------------


def test_a_turn_flips_slides_draws_and_replaces() -> None:
    state = table()
    bunny, rake = one("Red Timid Bunny"), one("Garden Rake")
    give(state, 0, bunny, where="top")
    give(state, 0, rake, where="bottom")
    give(state, 0, *ids("Decoy Bunny")[:4])
    drawn = one("Blue Gleeful Bunny")
    on_top(state, drawn)
    events = GAME.apply(state, 0, "flip")
    assert state["circle"] == [{"card": bunny, "owner": 0}]
    assert state["seats"][0]["top"] == rake and state["seats"][0]["bottom"] is None
    assert drawn in state["seats"][0]["hand"] and len(state["seats"][0]["hand"]) == 5
    assert any(e.visible_to == 0 and "Blue Gleeful Bunny" in e.text for e in events)
    assert not any(e.visible_to is None and "Blue Gleeful" in e.text for e in events)
    prompt = GAME.prompts(state)[0]
    assert prompt.private and prompt.seat == 0 and "run:blue-gleeful-bunny" in [a.key for a in prompt.actions]
    GAME.apply(state, 0, "run:blue-gleeful-bunny")
    assert state["seats"][0]["bottom"] == drawn and state["turn"] == 1 and state["phase"] == "start"


def test_drawn_dolla_go_down_and_a_drawn_misfortune_kills_the_newest_bunny() -> None:
    state = table()
    old, new = one("Red Timid Bunny"), one("Blue Timid Bunny")
    give(state, 0, old, new, where="circle")
    give(state, 0, one("Kitchen Garden"), where="top")
    give(state, 0, one("Veto"))
    keep = one("Green Gleeful Bunny")
    on_top(state, dolla(5), one("Terrible Misfortune"), keep)
    events = GAME.apply(state, 0, "flip")
    assert state["seats"][0]["dolla"] == [dolla(5)]
    assert [b["card"] for b in state["circle"]] == [old]
    assert new in state["discard"] and one("Terrible Misfortune") in state["discard"]
    assert keep in state["seats"][0]["hand"]
    assert "Terrible Misfortune" in texts(events)


def test_the_draw_pile_is_reshuffled_from_the_discards_when_empty() -> None:
    state = table()
    give(state, 0, one("Red Timid Bunny"), where="top")
    give(state, 0, one("Veto"))
    count = len(state["draw"])
    state["draw"], state["discard"] = [], list(state["draw"])
    GAME.apply(state, 0, "flip")
    assert state["reshuffles"] == 1 and len(state["seats"][0]["hand"]) == 2
    assert len(state["draw"]) == count - 1 and state["discard"] == []


def test_a_pink_box_card_fails_without_a_bunny() -> None:
    state = table()
    pan = one("Frying Pan")
    give(state, 0, pan, where="top")
    give(state, 1, one("Red Timid Bunny"), where="circle")
    events = GAME.apply(state, 0, "flip")
    assert "fails" in texts(events) and pan in state["discard"] and len(state["circle"]) == 1
    assert state["phase"] == "replace"


# -- weapons ------------------------------------------------------------------------------


def weapon_table(weapon: str, roll: int) -> dict[str, Any]:
    state = table()
    give(state, 0, one("Red Timid Bunny"), where="circle")
    give(state, 1, one("Blue Timid Bunny"), where="circle")
    give(state, 0, one(weapon), where="top")
    for seat in range(3):
        give(state, seat, one("Kitchen Garden", seat))
    fix_roll(state, roll)
    return state


def test_a_weapon_kills_when_the_roll_does_not_beat_its_level() -> None:
    state = weapon_table("Falling Anvil", 7)  # level 7, a 7 does not beat it
    GAME.apply(state, 0, "flip")
    assert state["phase"] == "window"  # only one target: it is chosen at once
    events = pass_all(state)
    assert one("Blue Timid Bunny") not in [b["card"] for b in state["circle"]]
    assert state["last_roll"]["dice"] == [{"colour": DECK[one("Falling Anvil")].dice[0], "value": 7}]
    assert "rolls 7" in texts(events) and "dies" in texts(events)


def test_a_weapon_misses_when_the_roll_beats_its_level() -> None:
    state = weapon_table("Falling Anvil", 8)
    GAME.apply(state, 0, "flip")
    events = pass_all(state)
    assert one("Blue Timid Bunny") in [b["card"] for b in state["circle"]]
    assert "survives" in texts(events) and state["last_roll"]["survived"]


def test_a_weapon_with_several_targets_asks_which_and_never_offers_your_own_bunny() -> None:
    state = weapon_table("Black Hole", 12)
    give(state, 2, one("Green Timid Bunny"), where="circle")
    GAME.apply(state, 0, "flip")
    assert state["phase"] == "target"
    assert sorted(keys(state, 0)) == ["target:blue-timid-bunny", "target:green-timid-bunny"]
    GAME.apply(state, 0, "target:green-timid-bunny")
    pass_all(state)
    assert [b["card"] for b in state["circle"]] == [one("Red Timid Bunny"), one("Blue Timid Bunny")]


# -- reaction windows ---------------------------------------------------------------------


def test_a_window_asks_every_other_player_privately_whether_or_not_they_hold_a_reaction() -> None:
    state = weapon_table("Black Hole", 12)
    GAME.apply(state, 0, "flip")
    prompts = GAME.prompts(state)
    assert sorted(p.seat for p in prompts) == [1, 2]
    assert all(p.private and p.simultaneous and p.keys() == ["pass"] for p in prompts)
    # the same window with a Decoy in seat 1's hand: the same seats are asked
    state2 = weapon_table("Black Hole", 12)
    give(state2, 1, one("Decoy Bunny"))
    GAME.apply(state2, 0, "flip")
    assert sorted(p.seat for p in GAME.prompts(state2)) == [1, 2]
    assert keys(state2, 1) == ["play:decoy-bunny", "pass"] and keys(state2, 2) == ["pass"]
    assert GAME.view(state, None)["window"] == GAME.view(state2, None)["window"]


def test_answered_decoy_cancels_the_weapon_and_the_hand_is_refilled() -> None:
    state = weapon_table("Black Hole", 12)
    decoy = one("Decoy Bunny")
    give(state, 1, decoy)
    GAME.apply(state, 0, "flip")
    events = GAME.apply(state, 1, "play:decoy-bunny")
    assert state["phase"] == "window"  # still waiting for seat 2
    assert next(e for e in events if e.visible_to is None).text == "{seat1} has answered."
    assert GAME.view(state, None)["window"]["answered"] == [1]
    events = GAME.apply(state, 2, "pass")
    assert "cancelled" in texts(events) and len(state["circle"]) == 2
    assert decoy in state["discard"] and decoy not in state["seats"][1]["hand"]
    assert len(state["seats"][1]["hand"]) == 2  # replaced from the draw pile
    assert state["last_roll"] is None


def test_a_reaction_only_the_target_may_play_is_not_offered_to_others() -> None:
    state = weapon_table("Black Hole", 12)
    give(state, 2, one("Decoy Bunny"), one("Bounce Back"))
    GAME.apply(state, 0, "flip")
    assert keys(state, 2) == ["pass"]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 2, "play:decoy-bunny")


def test_bounce_back_turns_the_weapon_on_the_attacker() -> None:
    state = weapon_table("Black Hole", 12)
    give(state, 1, one("Bounce Back"))
    GAME.apply(state, 0, "flip")
    events = pass_all(state, {1: "play:bounce-back"})
    assert [b["card"] for b in state["circle"]] == [one("Blue Timid Bunny")]
    assert "turns on" in texts(events)


def test_bodyguard_and_veto_may_be_played_by_anyone_and_only_the_first_is_spent() -> None:
    state = weapon_table("Black Hole", 12)
    give(state, 2, one("Bodyguard"))
    give(state, 1, one("Veto"))
    GAME.apply(state, 0, "flip")
    assert "play:bodyguard" in keys(state, 2) and "play:veto" in keys(state, 1)
    events = pass_all(state, {1: "play:veto", 2: "play:bodyguard"})
    assert len(state["circle"]) == 2
    assert one("Veto") in state["discard"]  # seat 1 is first from the attacker's left
    assert one("Bodyguard") in state["seats"][2]["hand"]
    assert any(e.visible_to == 2 and "stays in your hand" in e.text for e in events)


def test_bodyguard_protects_another_players_bunny_from_a_feeding() -> None:
    state = feed_table("Feed the Bunny: Midnight Feast")
    give(state, 2, one("Bodyguard"))
    GAME.apply(state, 0, "flip")
    assert [p.seat for p in GAME.prompts(state)] == [2]  # seat 1 has no card in hand
    assert keys(state, 2) == ["play:bodyguard", "pass"]
    events = pass_all(state, {2: "play:bodyguard"})
    assert "{seat2} plays Bodyguard!" in texts(events) and "cancelled" in texts(events)
    assert len(state["circle"]) == 2 and state["phase"] == "replace"


def test_a_special_card_flipped_from_the_run_does_nothing() -> None:
    state = weapon_table("Black Hole", 12)
    state["seats"][0]["top"] = None
    state["draw"].append(one("Black Hole"))
    give(state, 0, one("Veto"), where="top")
    events = GAME.apply(state, 0, "flip")
    assert "only works from the hand" in texts(events) and one("Veto") in state["discard"]
    assert len(state["circle"]) == 2 and state["phase"] == "replace"


def test_a_live_window_times_out_and_silence_is_a_pass() -> None:
    state = weapon_table("Black Hole", 12)
    state["mode"] = "live"
    give(state, 1, one("Decoy Bunny"))
    GAME.apply(state, 0, "flip", at=1_000)
    assert GAME.deadline(state) == 1_000 + REACT_MS
    assert all(p.deadline == 1_000 + REACT_MS for p in GAME.prompts(state))
    GAME.apply(state, 2, "pass", at=2_000)
    with pytest.raises(IllegalAction):
        GAME.apply(state, SYSTEM_SEAT, EXPIRE, at=1_000 + REACT_MS - 1)
    with pytest.raises(IllegalAction, match="Too late"):
        GAME.apply(state, 1, "play:decoy-bunny", at=1_000 + REACT_MS)
    events = GAME.apply(state, SYSTEM_SEAT, EXPIRE, at=1_000 + REACT_MS)
    assert "Time is up" in texts(events)
    assert [b["card"] for b in state["circle"]] == [one("Red Timid Bunny")]  # the Decoy stayed unplayed
    assert one("Decoy Bunny") in state["seats"][1]["hand"]


def test_no_window_opens_when_nobody_else_has_a_card_in_hand() -> None:
    state = weapon_table("Black Hole", 12)
    for seat in (1, 2):
        state["draw"] += state["seats"][seat]["hand"]
        state["seats"][seat]["hand"] = []
    GAME.apply(state, 0, "flip")
    assert state["phase"] == "replace" and len(state["circle"]) == 1


# -- feed the bunny -----------------------------------------------------------------------


def feed_table(feed: str = "Feed the Bunny: Lunch Break") -> dict[str, Any]:
    state = table()
    give(state, 0, one("Red Timid Bunny"), where="circle")
    give(state, 1, one("Blue Timid Bunny"), where="circle")
    give(state, 0, one(feed), where="top")
    give(state, 0, one("Kitchen Garden"))
    give(state, 2, one("Kitchen Garden", 1))
    return state


def test_feed_the_bunny_is_paid_with_cabbage_and_water() -> None:
    state = feed_table()  # 2 cabbage, 1 water
    state["seats"][1]["cabbage"] = [1, 1, 5]
    state["seats"][1]["water"] = [2]
    GAME.apply(state, 0, "flip")
    pass_all(state)
    assert state["phase"] == "feed" and GAME.prompts(state)[0].seat == 1
    assert not GAME.prompts(state)[0].private
    assert keys(state, 1) == ["feed", "starve"]
    GAME.apply(state, 1, "feed")
    assert state["seats"][1]["cabbage"] == [5] and state["seats"][1]["water"] == []
    assert len(state["circle"]) == 2 and state["phase"] == "replace"


def test_feed_the_bunny_lets_the_owner_buy_at_the_market_or_starve() -> None:
    state = feed_table()  # 2 cabbage, 1 water
    give(state, 1, dolla(2), dolla(2, 1), where="dolla")
    state["small"]["cabbage"] += [2]
    state["small"]["water"] += [1]
    GAME.apply(state, 0, "flip")
    pass_all(state)
    assert keys(state, 1) == ["buy:cabbage", "buy:water", "starve"]
    GAME.apply(state, 1, "buy:cabbage")
    assert state["seats"][1]["cabbage"] == [2] and state["seats"][1]["dolla"] == [dolla(2, 1)]
    assert keys(state, 1) == ["buy:water", "starve"]
    GAME.apply(state, 1, "buy:water")
    assert keys(state, 1) == ["feed", "starve"]
    events = GAME.apply(state, 1, "starve")  # it may still choose to let it starve
    assert "starves" in texts(events) and len(state["circle"]) == 1


def test_picnic_basket_feeds_the_bunny_for_free() -> None:
    state = feed_table()
    give(state, 1, one("Picnic Basket"))
    GAME.apply(state, 0, "flip")
    pass_all(state, {1: "play:picnic-basket"})
    assert len(state["circle"]) == 2 and state["phase"] == "replace"


# -- carrots, pickpocket, harvest ---------------------------------------------------------


def test_choose_a_carrot_and_choose_two() -> None:
    state = table()
    give(state, 0, one("Red Timid Bunny"), where="circle")
    give(state, 0, one("Choose Two Carrots"), where="top")
    for seat in range(3):
        give(state, seat, one("Kitchen Garden", seat))
    GAME.apply(state, 0, "flip")
    pass_all(state)
    assert state["phase"] == "carrot" and len(keys(state, 0)) == 12
    GAME.apply(state, 0, "carrot:amber")
    assert state["phase"] == "carrot"
    GAME.apply(state, 0, "carrot:kelp")
    assert [CARROTS[k] for k in state["seats"][0]["carrots"]] == ["Amber", "Kelp"]
    assert len(state["market"]) == 10 and state["phase"] == "replace"


def test_snatch_takes_the_first_carrot() -> None:
    state = table()
    give(state, 0, one("Red Timid Bunny"), where="circle")
    give(state, 2, one("Blue Timid Bunny"), where="circle")
    give(state, 0, one("Choose Two Carrots"), where="top")
    give(state, 2, one("Snatch"))
    give(state, 1, one("Snatch", 1))  # seat 1 has no bunny: Snatch needs one
    GAME.apply(state, 0, "flip")
    assert keys(state, 1) == ["pass"] and keys(state, 2) == ["play:snatch", "pass"]
    pass_all(state, {2: "play:snatch"})
    GAME.apply(state, 0, "carrot:amber")
    GAME.apply(state, 0, "carrot:kelp")
    assert [CARROTS[k] for k in state["seats"][2]["carrots"]] == ["Amber"]
    assert [CARROTS[k] for k in state["seats"][0]["carrots"]] == ["Kelp"]


def test_pickpocket_takes_a_carrot_from_another_player() -> None:
    state = table()
    give(state, 0, one("Red Timid Bunny"), where="circle")
    give(state, 0, one("Pickpocket"), where="top")
    for seat in range(3):
        give(state, seat, one("Kitchen Garden", seat))
    state["market"].remove(3)
    state["seats"][1]["carrots"] = [3]
    GAME.apply(state, 0, "flip")
    assert keys(state, 0) == ["take:dewdrop"]
    GAME.apply(state, 0, "take:dewdrop")
    pass_all(state)
    assert state["seats"][0]["carrots"] == [3] and state["seats"][1]["carrots"] == []


def test_kitchen_garden_brings_cabbage_and_water() -> None:
    state = table()
    give(state, 0, one("Red Timid Bunny"), where="circle")
    give(state, 0, one("Kitchen Garden"), where="top")
    give(state, 0, one("Veto"))
    state["small"]["cabbage"].append(3)
    state["small"]["water"].append(5)
    GAME.apply(state, 0, "flip")
    assert state["seats"][0]["cabbage"] == [3] and state["seats"][0]["water"] == [5]


# -- the market ---------------------------------------------------------------------------


def test_buying_pays_with_dolla_at_the_market_price_without_change() -> None:
    assert pay_with([5, 5, 2, 1, 1], 10) == [0, 1]
    assert pay_with([10, 2, 2, 2, 2, 1], 9) == [1, 2, 3, 4, 5]
    assert pay_with([5, 2], 10) is None
    state = table()
    give(state, 0, dolla(5), dolla(5, 1), dolla(2), where="dolla")
    assert f"buy:{CARROTS[0].lower()}" in keys(state, 0) and PRICES["carrot"] == 10
    GAME.apply(state, 0, "buy:amber")
    assert state["seats"][0]["dolla"] == [dolla(2)] and state["seats"][0]["carrots"] == [0]
    assert dolla(5) in state["discard"]
    assert not any(k.startswith("buy:") and k not in ("buy:cabbage", "buy:water") for k in keys(state, 0))
    with pytest.raises(IllegalAction, match="Kaballa Dolla"):
        GAME.apply(state, 0, "buy:kelp")


# -- the end and the magic carrot ---------------------------------------------------------


def test_the_last_carrot_ends_the_game_without_a_draw_and_carrots_go_to_the_richest_bunny_owner() -> None:
    state = table(players=3)
    give(state, 0, one("Red Timid Bunny"), where="circle")
    give(state, 2, one("Blue Timid Bunny"), where="circle")
    give(state, 1, dolla(10), where="dolla")  # the richest, but without a bunny
    give(state, 2, dolla(2), where="dolla")
    give(state, 0, dolla(1), where="dolla")
    state["market"] = [11]
    state["seats"][0]["carrots"] = [0, 1, 2, 3]
    state["seats"][1]["carrots"] = [4, 5, 6, 7, 8]
    state["seats"][2]["carrots"] = [9, 10]
    state["magic"] = [11, 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 6]  # a fixed order whose bottom card is Ginger
    give(state, 0, one("Choose a Carrot"), where="top")
    for seat in (1, 2):
        give(state, seat, one("Kitchen Garden", seat))
    hand_before = list(state["draw"])
    GAME.apply(state, 0, "flip")
    events = pass_all(state)
    events += GAME.apply(state, 0, "carrot:lantern")
    assert state["phase"] == "over" and GAME.prompts(state) == []
    assert state["draw"] == hand_before  # no replacement card is drawn
    assert sorted(state["seats"][2]["carrots"]) == [4, 5, 6, 7, 8, 9, 10]
    assert state["seats"][1]["carrots"] == []
    lines = [e.text for e in events]
    reveal = [t for t in lines if t.startswith("Carrot card") or "MAGIC CARROT" in t]
    assert len(reveal) == 12 and reveal[0].startswith("Carrot card 1 of 12: Lantern")
    assert "MAGIC CARROT: Ginger" in reveal[-1]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [2]
    assert GAME.view(state, None)["revealed"][-1] == "Ginger"


def test_nobody_wins_when_no_bunny_is_left() -> None:
    state = table(players=2)
    state["market"] = [0]
    state["seats"][0]["carrots"] = list(range(1, 12))
    give(state, 0, dolla(10), where="dolla")
    GAME.apply(state, 0, "buy:amber")
    outcome = GAME.outcome(state)
    assert outcome is not None and "Nobody" in outcome.reason and outcome.ranks == (2, 2) and outcome.winners == []


# -- refusals, views, pictures ------------------------------------------------------------


def test_refusals_explain_and_change_nothing() -> None:
    state = weapon_table("Black Hole", 12)
    before = json.dumps(state, sort_keys=True)
    for seat, key, words in ((1, "flip", "not your turn"), (0, "buy:amber", "Kaballa Dolla"),
                             (0, "run:veto", "no card"), (0, "nonsense", "not a move")):
        with pytest.raises(IllegalAction, match=words):
            GAME.apply(state, seat, key)
        assert json.dumps(state, sort_keys=True) == before


def test_views_hide_hands_and_run_cards() -> None:
    state = weapon_table("Black Hole", 12)
    public = GAME.view(state, None)
    assert "hand" not in public and public["seats"][0]["top"] is True
    assert "Black Hole" not in json.dumps(public)
    mine = GAME.view(state, 0)
    assert mine["run"]["top"]["name"] == "Black Hole" and len(mine["hand"]) == 1


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_pictures_draw_early_and_late(players: int) -> None:
    state = GAME.setup(players, {}, seed=players)
    play_forward(GAME, state, chooser=random.Random(players), steps=25 * players)
    for steps in (0, 5000):
        play_forward(GAME, state, chooser=random.Random(1), steps=steps)
        image = render.board(GAME.view(state, None))
        assert image.width == 1200 and 600 < image.height < 2000
        assert encode_png(image)[:4] == b"\x89PNG"
        private = render.private(GAME.view(state, 0))
        assert private is not None and private.width == 720
    assert render.private(GAME.view(state, None)) is None


def test_the_table_card_does_not_depend_on_hidden_cards_and_prints_carrots_held() -> None:
    state = GAME.setup(4, {}, seed=4)
    play_forward(GAME, state, chooser=random.Random(4), steps=120)
    other = GAME.conceal(state, None, random.Random(9))
    assert [s["hand"] for s in other["seats"]] != [s["hand"] for s in state["seats"]]
    card = render.table_card(GAME.view(state, None))
    assert card.tobytes() == render.table_card(GAME.view(other, None)).tobytes()
    assert card.width == 720
    view = GAME.view(state, None)
    held = [len(seat["carrots"]) for seat in view["seats"]]
    assert render.card_standings(view) == [f"{n} carrot" + ("" if n == 1 else "s") for n in held]


# -- a recorded game and the kit ----------------------------------------------------------


@pytest.mark.parametrize("path", sorted(REPLAYS.glob("*.json")), ids=lambda p: p.stem)
def test_recorded_game_replays_to_its_winner(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    state = GAME.setup(record["players"], record["options"], record["seed"])
    for seat, key in record["log"]:
        GAME.apply(state, seat, key)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == record["winners"]
    assert [CARROTS[k] for k in state["revealed"]][-1] == record["magic"]


def test_the_heuristic_agent_plays_legal_moves_to_the_end() -> None:
    state = GAME.setup(4, {}, seed=11)
    play_forward(GAME, state, chooser=random.Random(2), steps=GAME.max_actions(4))
    assert GAME.outcome(state) is not None


@pytest.mark.slow
def test_the_heuristic_agent_beats_random_play_clearly() -> None:
    """200 games at 4 players, the agent in a rotating seat against 3 random players: a fair
    share would be 25%; the agent wins about 46% (data/killer-bunnies/README.md)."""
    wins = 0
    for seed in range(200):
        smart = seed % 4
        state = GAME.setup(4, {}, seed)
        chooser = random.Random(seed)
        while prompts := GAME.prompts(state):
            prompt = chooser.choice(prompts)
            if prompt.seat == smart:
                key = GAME.agent(state, prompt.seat, chooser)
            else:
                key = chooser.choice(prompt.actions).key
            GAME.apply(state, prompt.seat, key)
        wins += state["winner"] == smart
    assert wins >= 70  # 35%


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("mode", ["turns", "live"])
def test_kit_200_seeds(players: int, mode: str) -> None:
    playouts = check_game(GAME, range(200), players, {"mode": mode})
    assert len(playouts) == 200 and all(p.outcome is not None for p in playouts)
