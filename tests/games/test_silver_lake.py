"""Treasure of Silver Lake: hand-built positions for every rule, with loaded dice.

``Loaded`` is the real game with a queue of dice results, so a test can say "the next
throw is a double two" and check exactly what the rules do with it. Space ids are looked
up by name from the route data rather than written as numbers.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.engine import IllegalAction
from bot.games.silver_lake.board import AREA_SPACES, LUCK, NUGGETS, PERMIT, SPACES, START
from bot.games.silver_lake.rules import SilverLake, _pack, _unpack


class Loaded(SilverLake):
    """The game with dice taken from ``rolls`` (pairs, in order) while any are left."""

    def __init__(self, *rolls: tuple[int, int]) -> None:
        self.rolls = [list(r) for r in rolls]

    def _dice(self, state: dict[str, Any]) -> list[int]:
        if not self.rolls:
            return super()._dice(state)
        dice = self.rolls.pop(0)
        state["dice"] = dice
        return dice


def city(name: str) -> int:
    return next(s.id for s in SPACES if s.name == name)


def kind(name: str) -> list[int]:
    return [s.id for s in SPACES if s.kind == name]


def fresh(players: int = 3, laps: str = "5", turn: int = 0) -> dict[str, Any]:
    state = SilverLake().setup(players, {"laps": laps}, 7)
    state["turn"] = turn
    return state


def keys(game: SilverLake, state: dict[str, Any]) -> list[str]:
    prompts = game.prompts(state)
    assert len(prompts) == 1
    return prompts[0].keys()


def test_setup_cash_deck_nuggets_and_the_highest_roll_starts() -> None:
    game = SilverLake()
    for seed in range(30):
        state = game.setup(4, {}, seed)
        assert [s["cash"] for s in state["seats"]] == [1000] * 4
        assert sorted(_unpack(state["deck"])) == list(range(40))
        assert sorted(NUGGETS[i] for i in _unpack(state["pile"])) == sorted(NUGGETS)
        assert all(s["pos"] == START for s in state["seats"])
        last_round = state["start_rolls"][-1]
        best = max(a + b for _, a, b in last_round)
        winners = [s for s, a, b in last_round if a + b == best]
        assert winners == [state["first"]] == [state["turn"]]
        assert state["laps"] == 3  # the play-by-post default (issue 25)


def test_laps_option_range() -> None:
    game = SilverLake()
    assert game.setup(2, {"laps": "8"}, 1)["laps"] == 8
    with pytest.raises(ValueError):
        game.setup(2, {"laps": "1"}, 1)


def test_components() -> None:
    assert len(PERMIT) == 24 and len(LUCK) == 40 and len(NUGGETS) == 8
    assert {p.kind for p in PERMIT.values()} == {"fishing", "hunting", "mining"}
    assert all(len(spaces) == 2 for spaces in AREA_SPACES.values())
    assert all(p.mortgage < p.price and p.fee < p.price for p in PERMIT.values())


def test_doubles_give_at_most_three_throws() -> None:
    game = Loaded((1, 1), (2, 2), (3, 3))
    state = fresh()
    # Everything along the way is seat 0's own, so the landings ask only exploit/skip.
    for pid in PERMIT:
        state["owner"][pid] = 0
    state["mortgaged"] = []
    game.apply(state, 0, "roll")
    assert state["seats"][0]["pos"] == 2 and state["again"]
    game.apply(state, 0, "skip")  # own area: no exploit this time
    assert state["turn"] == 0 and state["phase"] == "roll" and state["throws"] == 1
    game.apply(state, 0, "roll")  # 2+2 -> space 6 (H1)
    game.apply(state, 0, "skip")
    assert state["turn"] == 0 and state["throws"] == 2
    events = game.apply(state, 0, "roll")  # 3+3, the third throw
    assert "third throw" in events[0].text
    while state["turn"] == 0:
        game.apply(state, 0, keys(game, state)[-1] if state["phase"] != "roll" else "roll")
    assert state["turn"] == 1 and state["throws"] == 0


def test_the_extra_throw_of_a_double_may_be_given_up() -> None:
    game = Loaded((1, 1))
    state = fresh()
    for pid in PERMIT:
        state["owner"][pid] = 0
    assert "stop" not in keys(game, state)  # the first throw of a turn is not optional
    with pytest.raises(IllegalAction, match="extra throw"):
        game.apply(state, 0, "stop")
    game.apply(state, 0, "roll")
    game.apply(state, 0, "skip")
    assert state["turn"] == 0 and state["phase"] == "roll" and "stop" in keys(game, state)
    events = game.apply(state, 0, "stop")
    assert "does not use the extra throw" in events[0].text
    assert state["turn"] == 1 and state["throws"] == 0 and state["seats"][0]["pos"] == 2


def test_wounded_card_cancels_the_extra_throw_of_a_double() -> None:
    game = Loaded((1, 1))
    state = fresh(players=2)
    luck = kind("luck")[0]
    state["seats"][0]["pos"] = luck - 2
    wounded = next(i for i, c in enumerate(LUCK) if c.title == "Wounded")
    state["deck"] = _pack([wounded, *(i for i in range(40) if i != wounded)])
    events = game.apply(state, 0, "roll")
    text = " ".join(e.text for e in events)
    assert "Wounded" in text and "loses the extra throw" in text
    assert state["seats"][0]["miss"] == 2 and state["turn"] == 1
    assert _unpack(state["deck"])[-1] == wounded  # back under the deck
    assert state["card"] == {"id": wounded, "seat": 0}
    # Seat 1 plays; seat 0 then misses two throws, so seat 1 throws three times in a row.
    game.rolls = [(1, 3), (1, 3), (1, 3)]  # from New Orleans to Waco, exactly
    for expected_miss in (1, 0):
        state["seats"][1]["pos"] = START
        game.apply(state, 1, "roll")
        while state["phase"] != "roll":
            game.apply(state, 1, keys(game, state)[-1])
        assert state["turn"] == 1 and state["seats"][0]["miss"] == expected_miss
    state["seats"][1]["pos"] = START
    game.apply(state, 1, "roll")
    assert state["turn"] == 0


def test_passing_a_city_pays_and_an_exact_landing_pays_double() -> None:
    waco = city("Waco")
    game = Loaded((1, 3), (2, 3))
    state = fresh()
    state["seats"][0]["pos"] = waco - 4
    game.apply(state, 0, "roll")
    assert state["seats"][0]["pos"] == waco and state["seats"][0]["cash"] == 1000 + 2 * 50
    state = fresh()
    state["seats"][0]["pos"] = waco - 4
    game.rolls = [(2, 3)]
    game.apply(state, 0, "roll")
    assert state["seats"][0]["pos"] == waco + 1 and state["seats"][0]["cash"] == 1000 + 50


def test_a_forced_shortcut_skips_the_cities_in_between() -> None:
    cutoff = next(s for s in SPACES if s.kind == "shortcut" and s.must)
    skipped = [s for s in SPACES if cutoff.id < s.id < cutoff.target and s.kind == "city"]
    assert skipped, "the cutoff must skip a city"
    game = Loaded((1, 3))
    state = fresh()
    state["seats"][0]["pos"] = cutoff.id - 4
    events = game.apply(state, 0, "roll")
    me = state["seats"][0]
    assert me["pos"] == cutoff.target and me["cash"] == 1000
    assert any("must take" in e.text for e in events)
    assert state["phase"] == "buy"  # the landing space counts


def test_an_optional_shortcut_may_be_taken_or_skipped() -> None:
    pony = next(s for s in SPACES if s.kind == "shortcut" and not s.must)
    for choice, where in (("shortcut:take", pony.target), ("shortcut:skip", pony.id)):
        game = Loaded((1, 2))
        state = fresh()
        state["seats"][0]["pos"] = pony.id - 3
        game.apply(state, 0, "roll")
        assert keys(game, state) == ["shortcut:take", "shortcut:skip"]
        game.apply(state, 0, choice)
        assert state["seats"][0]["pos"] == where and state["seats"][0]["cash"] == 1000


def test_buying_a_permit_and_exploiting_only_on_a_later_landing() -> None:
    f1 = AREA_SPACES["F1"]
    game = Loaded((1, 1))  # space 2: the second space of F1
    state = fresh()
    game.apply(state, 0, "roll")
    assert state["phase"] == "buy" and {"buy", "decline"} <= set(keys(game, state))
    game.apply(state, 0, "buy")
    assert state["owner"]["F1"] == 0 and state["seats"][0]["cash"] == 1000 - PERMIT["F1"].price
    assert state["phase"] == "roll" and state["turn"] == 0  # doubles: no exploit, throw again
    state["seats"][0]["pos"] = f1[0] - 1
    state["again"] = False
    game.rolls = [(1, 0)]  # a loaded die of one pip: straight to F1's first space
    game.apply(state, 0, "roll")
    assert keys(game, state) == ["exploit", "skip"]
    game.rolls = [(4, 4)]
    game.apply(state, 0, "exploit")
    assert state["seats"][0]["cash"] == 1000 - PERMIT["F1"].price + 80
    assert state["turn"] == 1  # doubles in an exploit roll do not throw again


def test_usage_fee_is_paid_then_the_lander_may_exploit() -> None:
    game = Loaded((1, 1), (3, 4))
    state = fresh()
    state["owner"]["F1"] = 1
    game.apply(state, 0, "roll")
    fee = PERMIT["F1"].fee
    assert state["seats"][0]["cash"] == 1000 - fee and state["seats"][1]["cash"] == 1000 + fee
    game.apply(state, 0, "exploit")
    assert state["seats"][0]["cash"] == 1000 - fee + 70


def test_a_mortgaged_area_charges_no_fee() -> None:
    game = Loaded((1, 1))
    state = fresh()
    state["owner"]["F1"] = 1
    state["mortgaged"] = ["F1"]
    events = game.apply(state, 0, "roll")
    assert "no usage fee" in events[-1].text
    assert [s["cash"] for s in state["seats"]] == [1000, 1000, 1000]
    assert state["phase"] == "exploit"


def test_mortgage_redeem_at_full_price_but_not_in_the_same_turn() -> None:
    game = Loaded()
    state = fresh()
    state["owner"]["M1"] = 0
    game.apply(state, 0, "mortgage:M1")
    assert state["seats"][0]["cash"] == 1000 + PERMIT["M1"].mortgage
    assert "redeem:M1" not in keys(game, state)
    with pytest.raises(IllegalAction, match="this turn"):
        game.apply(state, 0, "redeem:M1")
    state["barred"] = []  # a later turn
    game.apply(state, 0, "redeem:M1")
    assert state["seats"][0]["cash"] == 1000 + PERMIT["M1"].mortgage - PERMIT["M1"].price
    assert state["mortgaged"] == []


def test_the_bank_buys_back_at_full_price_and_the_permit_is_sold_again() -> None:
    game = Loaded((1, 1))
    state = fresh()
    state["owner"]["F1"] = 2
    state["turn"] = 2
    game.apply(state, 2, "sell:F1")
    assert "F1" not in state["owner"] and state["seats"][2]["cash"] == 1000 + PERMIT["F1"].price
    state["turn"] = 0
    game.apply(state, 0, "roll")
    assert state["phase"] == "buy"
    game.apply(state, 0, "buy")
    assert state["owner"]["F1"] == 0
    # A mortgaged permit sells for its price less the mortgage already received.
    state["owner"]["M2"] = 0
    state["mortgaged"].append("M2")
    cash = state["seats"][0]["cash"]
    game.apply(state, 0, "sell:M2")
    assert state["seats"][0]["cash"] == cash + PERMIT["M2"].price - PERMIT["M2"].mortgage


def test_an_auction_among_the_other_players() -> None:
    game = Loaded()
    state = fresh(players=4)
    state["owner"]["H3"] = 0
    game.apply(state, 0, "auction:H3")
    assert state["phase"] == "auction" and game.prompts(state)[0].seat == 1
    assert "bid:10" in keys(game, state) and "bid:180" in keys(game, state)  # steps and the price
    game.apply(state, 1, "bid:100")
    game.apply(state, 2, "pass")
    assert game.prompts(state)[0].seat == 3
    game.apply(state, 3, "bid:150")
    assert game.prompts(state)[0].seat == 1
    game.apply(state, 1, "pass")
    assert state["phase"] == "roll" and state["turn"] == 0
    assert state["owner"]["H3"] == 3
    assert state["seats"][0]["cash"] == 1150 and state["seats"][3]["cash"] == 850
    assert "auction:H3" not in keys(game, state)  # H3 is not seat 0's any more
    with pytest.raises(IllegalAction):
        game.apply(state, 0, "auction:H3")


def test_an_auction_nobody_bids_in_leaves_the_permit_and_cannot_be_repeated() -> None:
    game = Loaded()
    state = fresh(players=2)
    state["owner"]["H3"] = 0
    game.apply(state, 0, "auction:H3")
    game.apply(state, 1, "pass")
    assert state["owner"]["H3"] == 0 and state["phase"] == "roll"
    with pytest.raises(IllegalAction, match="already auctioned"):
        game.apply(state, 0, "auction:H3")


def test_a_debt_is_paid_by_selling_to_the_bank_then_the_exploit_follows() -> None:
    game = Loaded((1, 1))
    state = fresh()
    state["owner"]["F1"] = 1
    state["owner"]["H8"] = 0
    state["seats"][0]["cash"] = 20
    game.apply(state, 0, "roll")
    assert state["phase"] == "debt" and "insolvent" not in keys(game, state)
    assert "roll" not in keys(game, state)
    game.apply(state, 0, "sell:H8")
    fee = PERMIT["F1"].fee
    assert state["seats"][0]["cash"] == 20 + PERMIT["H8"].price - fee
    assert state["seats"][1]["cash"] == 1000 + fee
    assert state["phase"] == "exploit"


def test_insolvency_restarts_once_with_500_then_drops_out() -> None:
    game = Loaded((1, 1), (1, 1))
    state = fresh()
    h8 = AREA_SPACES["H8"][0]
    state["owner"].update(H8=1, F1=0)
    state["seats"][0].update(cash=10, pos=h8 - 2, nuggets=[NUGGETS[0]])
    state["pile"] = _pack([i for i in _unpack(state["pile"]) if NUGGETS[i] != NUGGETS[0]])
    assert 10 + PERMIT["F1"].price < PERMIT["H8"].fee  # even selling everything would not cover it
    game.apply(state, 0, "roll")
    assert state["phase"] == "debt" and "insolvent" in keys(game, state)
    events = game.apply(state, 0, "insolvent")
    me = state["seats"][0]
    assert me == {**me, "cash": 500, "pos": START, "restarted": True, "out": False, "nuggets": [], "route": None}
    assert "F1" not in state["owner"] and len(state["pile"]) == 16  # the nugget went back
    assert state["seats"][1]["cash"] == 1000  # the bank takes everything; the owner gets nothing
    assert state["turn"] == 1 and "starts again" in events[-1].text
    # Insolvent a second time: out, and the others play on.
    state["turn"] = 0
    state["seats"][0]["cash"] = 5
    state["seats"][0]["pos"] = h8 - 2
    game.apply(state, 0, "roll")  # no permits left: insolvent at once
    assert state["seats"][0]["out"] and state["dropped"] == [0]
    assert state["phase"] == "roll" and state["turn"] == 1
    while state["turn"] != 2:
        game.apply(state, 1, "roll") if state["phase"] == "roll" else game.apply(state, 1, keys(game, state)[-1])
    # Seat 0 is skipped from now on.
    while state["turn"] == 2:
        game.apply(state, 2, "roll") if state["phase"] == "roll" else game.apply(state, 2, keys(game, state)[-1])
    assert state["turn"] == 1


def test_the_last_player_left_wins() -> None:
    game = Loaded((1, 1))
    state = fresh(players=2)
    state["owner"]["H8"] = 1
    state["seats"][0].update(cash=5, restarted=True, pos=AREA_SPACES["H8"][0] - 2)
    game.apply(state, 0, "roll")
    outcome = game.outcome(state)
    assert game.prompts(state) == [] and outcome is not None
    assert outcome.winners == [1] and outcome.ranks == (2, 1)
    assert "last player" in outcome.reason


def test_the_game_ends_when_the_first_player_completes_the_agreed_laps() -> None:
    game = Loaded((2, 3))
    state = fresh(players=3, laps="2")
    last = SPACES[-1].id  # the levee, one space before New Orleans
    state["seats"][0].update(laps=1, pos=last - 2, nuggets=[300])
    state["seats"][1]["laps"] = 1
    state["owner"]["M8"] = 1
    state["mortgaged"] = ["M8"]
    events = game.apply(state, 0, "roll")
    me = state["seats"][0]
    assert me["pos"] == START and me["laps"] == 2  # stops in New Orleans: the last throw
    assert me["cash"] == 1000 + 200 + 300 and me["nuggets"] == []
    outcome = game.outcome(state)
    assert outcome is not None and game.prompts(state) == []
    # Worth: cash plus permits at purchase price, less the mortgage value when mortgaged.
    assert outcome.scores == (1500, 1000 + PERMIT["M8"].price - PERMIT["M8"].mortgage, 1000)
    assert outcome.ranks == (1, 2, 3)
    assert "Game over" in events[-1].text


def test_exact_landing_in_new_orleans_pays_double_start_money_and_cashes_nuggets() -> None:
    game = Loaded((1, 1))
    state = fresh()
    state["seats"][0].update(pos=SPACES[-2].id, nuggets=[250, 100])
    game.apply(state, 0, "roll")
    me = state["seats"][0]
    assert me["pos"] == START and me["laps"] == 1 and me["cash"] == 1000 + 400 + 350
    assert state["phase"] == "roll" and state["turn"] == 0  # doubles: throw again


def test_the_silver_lake_gives_a_nugget_paid_only_in_new_orleans() -> None:
    treasure = kind("treasure")[0]
    game = Loaded((1, 2))
    state = fresh()
    state["seats"][0].update(pos=treasure - 3, route="river")
    top = NUGGETS[_unpack(state["pile"])[0]]
    cash = state["seats"][0]["cash"]
    game.apply(state, 0, "roll")
    assert state["seats"][0]["nuggets"] == [top] and state["seats"][0]["cash"] == cash
    assert len(state["pile"]) == 14
    view = game.view(state, None)
    assert view["pile"] == 7 and view["seats"][0]["nuggets"] == [top]


def test_the_crossroads_asks_for_a_branch_and_the_walk_goes_on() -> None:
    eagle = city("Eagle")
    game = Loaded((1, 3))
    state = fresh()
    state["seats"][0]["pos"] = eagle
    game.apply(state, 0, "roll")
    assert state["phase"] == "fork" and keys(game, state) == ["branch:mountain", "branch:river"]
    game.apply(state, 0, "branch:river")
    river = [s.id for s in SPACES if s.segment == "river"]
    assert state["seats"][0]["pos"] == river[2] and state["seats"][0]["route"] == "river"


def test_going_back_from_the_join_follows_the_branch_you_came_by() -> None:
    boise = city("Boise")
    game = Loaded()
    state = fresh()
    state["seats"][0].update(pos=boise, route="river")
    game._back(state, 0, 1, [])
    assert SPACES[state["seats"][0]["pos"]].segment == "river"
    state["seats"][0].update(pos=boise, route="mountain")
    state["phase"] = "roll"
    game._back(state, 0, 1, [])
    assert SPACES[state["seats"][0]["pos"]].segment == "mountain"


def test_going_back_never_passes_behind_new_orleans() -> None:
    game = Loaded()
    state = fresh()
    state["seats"][0]["pos"] = 1
    game._back(state, 0, 4, [])
    assert state["seats"][0]["pos"] == START


def test_refusals_are_sentences_and_change_nothing() -> None:
    game = Loaded((1, 1))
    state = fresh()
    state["owner"]["M1"] = 1
    state["owner"]["H2"] = 0
    before = json.dumps(state, sort_keys=True)
    for seat, key, words in [
        (0, "buy", "no such decision"),
        (0, "sell:M1", "do not hold"),
        (0, "sell:Z9", "no permit"),
        (1, "roll", "not your turn"),
        (0, "insolvent", "not in debt"),
    ]:
        with pytest.raises(IllegalAction, match=f"(?i){words}"):
            game.apply(state, seat, key)
    assert json.dumps(state, sort_keys=True) == before
    state["seats"][0]["cash"] = 50
    game.apply(state, 0, "roll")
    assert state["phase"] == "buy" and "buy" not in keys(game, state)
    with pytest.raises(IllegalAction, match="costs"):
        game.apply(state, 0, "buy")


def test_views_hide_the_deck_and_the_nugget_pile() -> None:
    game = SilverLake()
    state = game.setup(3, {}, 5)
    view = game.view(state, None)
    text = json.dumps(view)
    assert state["deck"] not in text and view["deck"] == 40 and view["pile"] == 8
    hidden = game.conceal(state, None, random.Random(1))
    assert hidden["deck"] != state["deck"] and game.view(hidden, None) == view


def test_the_agent_plays_legal_moves_to_the_end() -> None:
    game = SilverLake()
    for players in (2, 6):
        state = game.setup(players, {"laps": "3"}, players)
        rng = random.Random(players)
        while prompts := game.prompts(state):
            key = game.agent(state, prompts[0].seat, rng)
            assert key in [action.key for action in prompts[0].actions]
            game.apply(state, prompts[0].seat, key)
        assert game.outcome(state) is not None
        assert "safeguard" not in game.outcome(state).reason


def _draw_card(title: str, pos_before_luck: int | None = None, **seat: Any) -> tuple[Loaded, dict[str, Any], list[Any]]:
    """Seat 0 throws 1+2 onto a luck space whose top card is ``title``."""
    luck = kind("luck")[0] if pos_before_luck is None else pos_before_luck + 3
    assert SPACES[luck].kind == "luck"
    card = next(i for i, c in enumerate(LUCK) if c.title == title)
    game = Loaded((1, 2))
    state = fresh()
    state["deck"] = _pack([card, *(i for i in range(40) if i != card)])
    state["seats"][0].update(pos=luck - 3, **seat)
    events = game.apply(state, 0, "roll")
    return game, state, events


def test_a_next_city_card_lands_exactly_and_pays_double() -> None:
    _, state, _ = _draw_card("Scout")
    assert state["seats"][0]["pos"] == city("Waco") and state["seats"][0]["cash"] == 1000 + 2 * 50


def test_a_pay_each_card_pays_every_other_player() -> None:
    _, state, _ = _draw_card("Lost wager")
    assert [s["cash"] for s in state["seats"]] == [900, 1050, 1050]


def test_the_steamboat_completes_the_lap_without_the_cities_on_the_way() -> None:
    _, state, events = _draw_card("Steamboat", nuggets=[200])
    me = state["seats"][0]
    assert me["pos"] == START and me["laps"] == 1 and me["cash"] == 1000 + 200 + 200
    assert not any("reimbursement" in e.text for e in events)


def test_prospecting_rolls_two_dice_for_ten_times_the_total() -> None:
    _, state, _ = _draw_card("Gravel bar")
    assert state["seats"][0]["cash"] == 1000 + 10 * sum(state["dice"])


def test_claim_jumpers_take_the_best_nugget_back() -> None:
    _, state, _ = _draw_card("Claim jumpers", nuggets=[150, 400])
    assert state["seats"][0]["nuggets"] == [150] and NUGGETS[_unpack(state["pile"])[-1]] == 400


def test_permit_cards_count_the_permits_held() -> None:
    _, state, _ = _draw_card("Permit inspection", cash=1000)
    assert state["seats"][0]["cash"] == 1000  # no permits: nothing to pay
    game = Loaded((1, 2))
    card = next(i for i, c in enumerate(LUCK) if c.title == "Fur prices")
    state = fresh()
    state["owner"].update(H1=0, H2=0, F1=0)
    state["deck"] = _pack([card, *(i for i in range(40) if i != card)])
    game.apply(state, 0, "roll")
    assert state["seats"][0]["cash"] == 1000 + 2 * 40


def test_an_unaffordable_area_is_passed_by() -> None:
    game = Loaded((1, 1))
    state = fresh()
    state["seats"][0]["cash"] = 30
    events = game.apply(state, 0, "roll")
    assert "cannot raise" in events[-1].text and state["phase"] == "roll" and "F1" not in state["owner"]


def test_the_crossroads_is_asked_again_on_the_next_lap() -> None:
    eagle = city("Eagle")
    game = Loaded((1, 3), (1, 3))
    state = fresh()
    state["seats"][0].update(pos=eagle, route="mountain")
    game.apply(state, 0, "roll")
    assert state["phase"] == "fork"
    prompt = game.prompts(state)[0]
    assert "3 more steps" in prompt.text


def test_going_back_onto_a_shortcut_offers_it_like_any_landing() -> None:
    """"The right, or obligation, to take the shortcut belongs to those who land on the space":
    a luck card that moves a player back onto the Pony Express Trail offers it too."""
    pony = next(s for s in SPACES if s.kind == "shortcut" and not s.must)
    luck = pony.id + 4
    assert SPACES[luck].kind == "luck"
    game, state, _ = _draw_card("Flood", pos_before_luck=luck - 3)  # back 4 spaces
    assert state["seats"][0]["pos"] == pony.id
    assert state["phase"] == "shortcut" and keys(game, state) == ["shortcut:take", "shortcut:skip"]
    cash = state["seats"][0]["cash"]  # Dodge paid on the way to the luck space
    game.apply(state, 0, "shortcut:take")
    assert state["seats"][0]["pos"] == pony.target and state["seats"][0]["cash"] == cash  # no reimbursements


# -- the picture ---------------------------------------------------------------------------


def _picture(state: dict[str, Any]):  # type: ignore[no-untyped-def]
    from bot.games.silver_lake.render import board

    view = SilverLake().view(state, None)
    view["names"] = ["ana", "bo", "cy", "dee", "eve", "fay"][: state["players"]]
    return board(view)


def test_the_auction_picture_highlights_the_bidder_not_the_seller() -> None:
    from bot.games.silver_lake import render
    from bot.render.palette import INK

    game = SilverLake()
    state = fresh(3)
    state["owner"]["F1"] = 0
    game.apply(state, 0, "auction:F1")
    assert state["phase"] == "auction" and game.prompts(state)[0].seat == 1
    assert game.view(state, None)["auction"]["to_act"] == 1
    image = _picture(state)
    width = (render.WIDTH - 2 * render.MARGIN - 10) // 2

    def framed(seat: int) -> bool:
        row, column = divmod(seat, 2)
        x0 = render.MARGIN + column * (width + 10)
        y0 = render.BOARD_H + 12 + row * (render.PANEL_H + 10)
        return image.getpixel((x0 + width // 2, y0 + 2)) == INK  # the thick frame of the one to act

    assert framed(1) and not framed(0) and not framed(2)


def test_pieces_on_a_city_leave_its_value_readable() -> None:
    from bot.games.silver_lake import render
    from bot.render.fonts import font
    from bot.render.palette import player_colour

    waco = SPACES[city("Waco")]
    for count in range(1, 7):
        state = fresh(6)
        for seat in range(6):
            state["seats"][seat]["pos"] = waco.id if seat < count else START
        image = _picture(state)
        _, value_at, spots = render.city_layout(waco, count)
        left, top, right, bottom = font(16).getbbox(f"${waco.value}", anchor="mm")
        box = (value_at[0] + left, value_at[1] + top, value_at[0] + right, value_at[1] + bottom)
        for x, y in spots:  # no piece touches the value's letters
            r = render.CITY_PIECE
            assert x + r < box[0] or x - r >= box[2] or y + r < box[1] or y - r >= box[3], (count, (x, y), box)
        colours = {player_colour(seat) for seat in range(6)}
        inside = {image.getpixel((x, y)) for x in range(box[0], box[2]) for y in range(box[1], box[3])}
        assert not inside & colours, count
        assert len(spots) == count


def test_the_picture_shows_which_way_the_route_runs() -> None:
    from bot.games.silver_lake import render

    assert len(render.ARROWS) == 8
    boxes = [render._box(space) for space in SPACES]
    image = _picture(fresh(3))
    for space_id, (x, y), (dx, dy) in render.ARROWS:
        space = SPACES[space_id]
        following = SPACES[space.next[0]]
        assert (dx, dy) == (following.col - space.col, following.row - space.row)  # the way the route goes on
        assert abs(dx) + abs(dy) == 1
        assert image.getpixel((x, y)) == render.ARROW
        ahead = (x + dx * 16, y + dy * 16)  # the arrowhead is at the front
        assert image.getpixel(ahead) == render.ARROW
        for x0, y0, x1, y1 in boxes:  # drawn on free ground, over no space and not in the centre panel
            assert x + 22 < x0 or x - 22 > x1 or y + 22 < y0 or y - 22 > y1
        assert not (render.C_LEFT <= x <= render.C_RIGHT and render.C_TOP <= y <= render.C_BOTTOM)
    # both branches after the crossroads carry an arrow
    branches = {SPACES[space_id].segment for space_id, _, _ in render.ARROWS}
    assert {"bottom", "top", "right", "mountain", "river"} <= branches
