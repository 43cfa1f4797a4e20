"""The Construction Game: hand-built positions for every rule, the rulebook's example, the kit.

Dice are rigged by choosing the generator's state (``rig``): the same seeded generator the
game uses, started where it rolls the wanted faces. The contingency deck is set by letters.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.engine import IllegalAction, Rng
from bot.engine.testkit import check_game, random_playout
from bot.games.construction_game import rules as R
from bot.games.construction_game.components import CARDS, RATES, SLOT, TRACK, rate
from bot.games.construction_game.render import board

GAME = R.ConstructionGame()


def rig(state: dict, rolls: list[int]) -> None:
    """Set the state's generator so the next die rolls are ``rolls``."""
    for start in range(1, 1_000_000):
        probe = {"rng": start}
        rng = Rng(probe)
        if all(rng.randint(1, 6) == roll for roll in rolls):
            state["rng"] = start
            return
    raise AssertionError("no generator state rolls that")


def deck_top(state: dict, *card_ids: int) -> None:
    """Put these cards on top of the Contingency deck."""
    letters = "".join(R.CARD_LETTERS[i] for i in card_ids)
    rest = "".join(ch for ch in state["deck"] if ch not in letters)
    state["deck"] = letters + rest


def card_with(effect: dict) -> int:
    return next(card["id"] for card in CARDS if card["effect"] == effect)


def fresh(players: int = 3, **options: str) -> dict:
    state = GAME.setup(players, options, 7)
    state["turn"] = state["first"] = 0
    return state


def pass_window(state: dict) -> None:
    """Everyone in the purchase window buys nothing (the job's worker, after a bid, rolls)."""
    while state["phase"] == "window":
        seat = state["window"]["waiting"][0]
        GAME.apply(state, seat, "roll" if seat == state["job"]["worker"] else "pass")


def land(state: dict, seat: int, square: int) -> None:
    """Put ``seat`` one roll of 1 before ``square`` and roll (``rig`` the 1 first)."""
    state["pos"][seat] = square - 1
    state["turn"] = seat


def test_setup_matches_the_rulebook() -> None:
    state = GAME.setup(4, {}, 3)
    assert state["cash"] == [100_000] * 4
    assert state["fleet"] == [[2, 1, 0, 0, 0, 0]] * 4  # backhoes, dozers, excavators, graders, scrapers, trucks
    assert [R.credit_left(state, s) for s in range(4)] == [100_000] * 4
    assert state["supply"]["backhoe"] == 30 - 8 and state["supply"]["scraper"] == 24 and state["supply"]["truck"] == 6
    assert len(state["deck"]) == 48
    # the highest roll starts: the last roll-off's highest seat is the first player
    last = dict(map(int, pair.split(":")) for pair in state["start_rolls"][-1].split())
    assert state["first"] + 1 == max(last, key=last.get)
    assert list(last.values()).count(max(last.values())) == 1


def test_rulebook_example_two_dozers_roll_three() -> None:
    """Two dozers, a job accepted in the commercial season, income roll 3: the chart pays 2 × rate."""
    state = fresh()
    state["fleet"][0][SLOT["dozer"]] = 2
    land(state, 0, 14)  # Fast-food pad: operating cost only
    rig(state, [1, 3])
    GAME.apply(state, 0, "roll")
    assert state["phase"] == "job"
    GAME.apply(state, 0, "accept")
    pass_window(state)
    last = state["last"]
    gross = 2 * RATES["dozer"][3 - 1]  # the chart's dozer figure for a 3, per piece, times two
    assert last["roll"] == 3 and last["pieces"] == 2 and last["lines"][0][1] == gross
    assert state["cash"][0] == 100_000 + gross - TRACK[14]["cost"]


def test_refusing_a_job_costs_nothing() -> None:
    state = fresh()
    land(state, 0, 15)  # card square
    rig(state, [1])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "refuse")
    assert state["cash"][0] == 100_000 and len(state["deck"]) == 48 and state["phase"] == "turn"


def test_no_equipment_and_no_money_means_no_job() -> None:
    state = fresh()
    state["cash"][0] = 1_000
    land(state, 0, 22)  # institutional: no excavators
    rig(state, [1])
    events = GAME.apply(state, 0, "roll")
    assert state["phase"] == "turn" and state["turn"] == 1
    assert any("no excavators" in e.text for e in events)


def test_buying_at_once_before_the_income_roll() -> None:
    state = fresh()
    land(state, 0, 22)
    rig(state, [1, 6])
    GAME.apply(state, 0, "roll")
    keys = GAME.prompts(state)[0].keys()
    assert "accept" not in keys and "buy:excavator:1" in keys
    GAME.apply(state, 0, "buy:excavator:1")
    GAME.apply(state, 0, "accept")
    pass_window(state)
    assert state["last"]["lines"][0][1] == rate("excavator", 6, 1)


def test_operating_cost_property_fee_to_the_owner_and_none_for_your_own() -> None:
    state = fresh()
    state["deeds"]["landfill"] = 1
    state["fleet"][0][SLOT["backhoe"]] = 4
    land(state, 0, 9)  # Foundations: $1,000 per backhoe to the Landfill
    rig(state, [1, 2])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    pass_window(state)
    fee = TRACK[9]["fee"]["per_piece"] * 4
    assert state["cash"][1] == 100_000 + fee
    assert state["cash"][0] == 100_000 + rate("backhoe", 2, 4) - TRACK[9]["cost"] - fee
    # the owner pays no fee on the same square
    state2 = fresh()
    state2["deeds"]["landfill"] = 0
    land(state2, 0, 9)
    rig(state2, [1, 2])
    GAME.apply(state2, 0, "roll")
    GAME.apply(state2, 0, "accept")
    pass_window(state2)
    assert state2["cash"][0] == 100_000 + rate("backhoe", 2, 2) - TRACK[9]["cost"]


def test_trucking_bill_bank_rent_and_own_truck() -> None:
    bill = TRACK[8]["truck"]
    for trucks, expected_me, expected_owner in (
        ({}, -bill, 0),  # nobody has a truck: the bank is paid
        ({1: 1}, -bill // 2, bill // 2),  # rent seat 1's truck for half
        ({0: 1, 1: 1}, 0, 0),  # own truck: no bill
    ):
        state = fresh()
        for seat, count in trucks.items():
            state["fleet"][seat][SLOT["truck"]] = count
        land(state, 0, 8)
        rig(state, [1, 1])
        GAME.apply(state, 0, "roll")
        GAME.apply(state, 0, "accept")
        pass_window(state)
        gross = rate("backhoe", 1, 2)
        assert state["cash"][0] == 100_000 + gross - TRACK[8]["cost"] + expected_me
        assert state["cash"][1] == 100_000 + expected_owner


def test_a_card_trucking_bill_is_not_avoided_by_a_truck() -> None:
    state = fresh()
    state["fleet"][0][SLOT["truck"]] = 1
    card = card_with({"trucking": 6_000})
    deck_top(state, card)
    land(state, 0, 7)  # card square
    rig(state, [1, 4])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    pass_window(state)
    assert state["cash"][0] == 100_000 + rate("backhoe", 4, 2) - TRACK[7]["cost"] - 6_000
    assert state["card"]["id"] == card and state["discard"] == R.CARD_LETTERS[card]


@pytest.mark.parametrize(("effect", "expected"), [
    ({"gross": 50}, lambda g: g + g // 2),
    ({"gross": -100}, lambda g: 0),
    ({"per_piece": -1_000}, lambda g: g - 2_000),
    ({"cash": 8_000}, lambda g: g + 8_000),
])
def test_contingency_card_effects(effect: dict, expected) -> None:
    state = fresh()
    deck_top(state, card_with(effect))
    land(state, 0, 12)
    rig(state, [1, 5])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    pass_window(state)
    gross = rate("backhoe", 5, 2)
    assert state["cash"][0] == 100_000 + expected(gross) - TRACK[12]["cost"]


def test_a_fee_card_pays_the_deed_owner() -> None:
    state = fresh()
    state["deeds"]["concrete"] = 2
    deck_top(state, card_with({"fee": {"property": "concrete", "amount": 10_000}}))
    land(state, 0, 12)
    rig(state, [1, 5])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    pass_window(state)
    assert state["cash"][2] == 110_000


def test_corner_expense_hits_every_lander_even_without_the_job() -> None:
    state = fresh()
    land(state, 0, 13)  # Spring mud: $500 per piece owned
    rig(state, [1])
    GAME.apply(state, 0, "roll")
    assert state["cash"][0] == 100_000 - 500 * 3
    GAME.apply(state, 0, "refuse")
    assert state["cash"][0] == 100_000 - 1_500


def test_winter_squares_per_piece_and_earnings() -> None:
    state = fresh()
    land(state, 0, 49)  # insurance $500 per piece
    rig(state, [1])
    GAME.apply(state, 0, "roll")
    assert state["cash"][0] == 100_000 - 1_500
    state = fresh()
    state["fleet"][0][SLOT["grader"]] = 3
    land(state, 0, 47)  # snow plowing: $4,000 per grader
    rig(state, [1])
    GAME.apply(state, 0, "roll")
    assert state["cash"][0] == 112_000


def test_hot_market_doubles_next_year_only() -> None:
    state = fresh()
    state["pos"][0] = 50
    rig(state, [4])  # 50 -> 2: passes YEAR END, lands on the commercial outlook
    GAME.apply(state, 0, "roll")
    assert state["hot_next"][0] == ["dozer"] and state["hot"][0] == [] and state["years"][0] == 1
    # next year begins: the outlook becomes this year's hot market
    state["pos"][0] = 51
    state["turn"] = 0
    rig(state, [1])
    GAME.apply(state, 0, "roll")
    assert state["hot"][0] == ["dozer"] and state["hot_next"][0] == []
    land(state, 0, 14)
    rig(state, [1, 2])
    GAME.apply(state, 0, "roll")
    before = state["cash"][0]
    GAME.apply(state, 0, "accept")
    pass_window(state)
    assert state["last"]["lines"][1] == ["Hot market: gross doubled", rate("dozer", 2, 1)]
    assert state["cash"][0] == before + 2 * rate("dozer", 2, 1) - TRACK[14]["cost"]


def test_credit_limit_by_years_and_interest() -> None:
    assert [R.credit_limit(y) for y in (0, 4, 5, 9, 10, 30)] == [100_000, 100_000, 200_000, 200_000, 300_000, 300_000]
    state = fresh()
    state["years"][0] = 4
    state["notes"][0] = 50_000
    state["pos"][0] = 51
    rig(state, [3])
    GAME.apply(state, 0, "roll")
    assert state["years"][0] == 5 and R.credit_left(state, 0) == 150_000
    assert state["cash"][0] == 100_000 - 5_000  # 10% interest on the notes


def test_the_twenty_percent_rule() -> None:
    state = fresh()
    state["cash"][0] = 15_999
    GAME.apply(state, 0, "shop")
    keys = GAME.prompts(state)[0].keys()
    assert "buy:scraper:1:note" not in keys  # 20% of $100,000 is $20,000
    assert "buy:grader:1:note" not in keys  # 20% of $80,000 is $16,000
    assert "buy:excavator:1:note" in keys  # 20% of $60,000 is $12,000
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "buy:scraper:1:note")


def test_twenty_percent_down_and_notes_within_the_limit() -> None:
    state = fresh()
    state["cash"][0] = 20_000
    GAME.apply(state, 0, "shop")
    keys = GAME.prompts(state)[0].keys()
    assert "buy:scraper:1:note" in keys and "buy:scraper:2:note" not in keys  # 2 would need $160k of notes
    GAME.apply(state, 0, "buy:scraper:1:note")
    assert state["cash"][0] == 0 and state["notes"][0] == 80_000 and state["fleet"][0][SLOT["scraper"]] == 1
    assert R.net_worth(state, 0) == 0 + 100_000 - 80_000 + 2 * 20_000 + 40_000


def test_a_crunch_with_two_auctions_and_a_bank_buy_back() -> None:
    state = fresh(3)
    state["cash"] = [0, 60_000, 25_000]
    state["years"][0] = 10
    state["notes"][0] = 250_000
    state["pos"][0] = 51
    rig(state, [1])  # lands on YEAR END: $25,000 interest with no cash
    GAME.apply(state, 0, "roll")
    assert state["phase"] == "crunch" and state["cash"][0] == -25_000
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, "pass")
    # first auction: a backhoe, bids from half its $20,000 price, starting on the left
    GAME.apply(state, 0, "auction:backhoe")
    assert state["auction"]["active"] == [1, 2] and GAME.prompts(state)[0].seat == 1
    assert GAME.prompts(state)[0].keys() == ["bid:10000", "bid:11000", "bid:15000", "bid:20000", "pass"]
    GAME.apply(state, 1, "bid:10000")
    GAME.apply(state, 2, "bid:11000")
    GAME.apply(state, 1, "bid:16000")
    GAME.apply(state, 2, "pass")
    assert state["fleet"][1][SLOT["backhoe"]] == 3 and state["cash"][1] == 44_000
    # $9,000 still unpaid: a second piece goes up; nobody bids, the bank pays half
    assert state["phase"] == "crunch" and state["cash"][0] == -9_000
    GAME.apply(state, 0, "auction:dozer")
    GAME.apply(state, 1, "pass")
    GAME.apply(state, 2, "pass")
    assert state["cash"][0] == 11_000 and state["fleet"][0][SLOT["dozer"]] == 0
    assert state["supply"]["dozer"] == 30 - 3 + 1
    assert state["phase"] == "turn" and state["turn"] == 1


def test_a_bank_buy_back_when_nobody_can_bid() -> None:
    state = fresh(2)
    state["cash"] = [0, 0]
    state["notes"][0] = 100_000
    state["pos"][0] = 51
    rig(state, [1])  # $10,000 interest
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "auction:backhoe")  # nobody has $10,000: the bank pays it at once
    assert state["cash"][0] == 0 and state["phase"] == "turn" and state["turn"] == 1
    assert state["fleet"][0][SLOT["backhoe"]] == 1


def test_bankruptcy_ends_a_two_player_game() -> None:
    state = fresh(2)
    state["cash"][0] = 0
    state["fleet"][0] = [0] * 6
    land(state, 0, 26)  # safety inspection: $5,000, nothing to sell
    rig(state, [1])
    GAME.apply(state, 0, "roll")
    assert state["out"][0] and GAME.prompts(state) == []
    outcome = GAME.outcome(state)
    assert outcome.ranks == (2, 1) and "bankrupt" in outcome.reason


def test_bid_with_three_bidders() -> None:
    state = fresh(4)
    for seat in (1, 2):
        state["fleet"][seat][SLOT["scraper"]] = 1
    state["fleet"][0][SLOT["scraper"]] = 2
    state["cash"][2] = 3_000
    land(state, 0, 41)  # Airport runway: competitive bid
    rig(state, [1, 6])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    bid = state["bid"]
    assert bid["active"] == [0, 1, 2] and bid["high"] == 1_000 and bid["to_act"] == 1
    assert GAME.prompts(state)[0].keys() == ["bid:2000", "bid:6000", "bid:11000", "bid:26000", "pass"]
    GAME.apply(state, 1, "bid:6000")
    assert state["bid"]["to_act"] == 2 and GAME.prompts(state)[0].keys() == ["pass"]  # $3,000 cash only
    GAME.apply(state, 2, "pass")
    assert state["bid"]["to_act"] == 0
    GAME.apply(state, 0, "bid:11000")
    GAME.apply(state, 1, "pass")
    assert state["bid"] is None and state["job"]["worker"] == 0 and state["cash"][0] == 89_000
    pass_window(state)
    assert state["last"]["lines"][0][1] == rate("scraper", 6, 2)
    assert ["Winning bid (paid to the bank)", -11_000] in state["last"]["lines"]


def test_bid_won_by_a_rival_who_then_does_the_job() -> None:
    state = fresh(3)
    state["fleet"][0][SLOT["scraper"]] = 1
    state["fleet"][2][SLOT["scraper"]] = 3
    land(state, 0, 41)
    rig(state, [1, 2])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    GAME.apply(state, 2, "bid:2000")
    GAME.apply(state, 0, "pass")
    assert state["job"]["worker"] == 2
    pass_window(state)
    assert state["last"]["seat"] == 2 and state["last"]["pieces"] == 3


def test_bid_alone_gets_the_job_for_the_opening_bid() -> None:
    state = fresh(3)
    state["fleet"][0][SLOT["scraper"]] = 1
    land(state, 0, 41)
    rig(state, [1, 1])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    assert state["bid"] is None and state["job"]["worker"] == 0 and state["cash"][0] == 99_000


def test_window_offers_buys_to_every_other_contractor() -> None:
    state = fresh(3)
    land(state, 0, 14)
    rig(state, [1, 1])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == [1, 2] and all(p.simultaneous for p in prompts)
    offered = prompts[0].keys()
    assert "buy:dozer:1" in offered and "pass" in offered
    GAME.apply(state, 2, "buy:dozer:1")
    assert state["fleet"][2][SLOT["dozer"]] == 2 and [p.seat for p in GAME.prompts(state)] == [1]


def test_trade_offer_and_accept() -> None:
    state = fresh(3)
    GAME.apply(state, 0, "trade")
    GAME.apply(state, 0, "offer:3:dozer:60000")
    assert GAME.prompts(state)[0].seat == 2
    GAME.apply(state, 2, "accept")
    assert state["fleet"][2][SLOT["dozer"]] == 2 and state["cash"] == [160_000, 100_000, 40_000]
    menu = GAME.prompts(state)[0].keys()
    assert "trade" not in menu  # one offer a turn


def test_networth_audit_ends_the_game() -> None:
    state = fresh(3)
    state["cash"][1] = R.GOAL - 80_000  # plus two backhoes and a dozer = $1.5M
    land(state, 0, 3)  # a market week: nothing to pay
    rig(state, [1])
    GAME.apply(state, 0, "roll")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [1] and outcome.scores[1] == R.GOAL


def test_end_after_set_years_finishes_the_round() -> None:
    state = fresh(3, end="years", years="3")
    state["years"] = [2, 2, 2]
    state["pos"] = [51, 51, 51]
    rig(state, [2])
    GAME.apply(state, 0, "roll")
    assert state["final"] and GAME.outcome(state) is None
    for seat in (1, 2):
        rig(state, [2])
        GAME.apply(state, seat, "roll")
    outcome = GAME.outcome(state)
    assert outcome is not None and "years" in outcome.reason


def test_refusals_do_not_change_the_state() -> None:
    state = fresh(3)
    before = json.dumps(state, sort_keys=True)
    for seat, key in ((1, "roll"), (0, "buy:scraper:9"), (0, "offer:2:concrete:1"), (0, "bid:1000")):
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, key)
    assert json.dumps(state, sort_keys=True) == before


def test_pictures_render_from_views() -> None:
    state = fresh(6)
    playout = random_playout(GAME, 6, 3, {"end": "years", "years": "3"}, thorough=False)
    for s in (state, playout.state):
        image = board(GAME.view(s, None))
        assert image.width == 1200 and 1300 < image.height < 2200


@pytest.mark.slow
def test_kit_200_seeds() -> None:
    for players in range(2, 7):
        check_game(GAME, range(200), players)


@pytest.mark.slow
def test_agent_beats_random_at_four_players() -> None:
    wins = 0
    for seed in range(200):
        state = GAME.setup(4, {}, seed)
        rng = random.Random(seed)
        hero = seed % 4
        while GAME.prompts(state):
            prompt = rng.choice(GAME.prompts(state))
            key = GAME.agent(state, prompt.seat, rng) if prompt.seat == hero else rng.choice(prompt.actions).key
            GAME.apply(state, prompt.seat, key)
        wins += hero in GAME.outcome(state).winners
    assert wins / 200 > 0.5


def test_agents_finish_a_game_with_legal_moves() -> None:
    state = GAME.setup(2, {}, 11)
    rng = random.Random(11)
    for _ in range(GAME.max_actions(2)):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        prompt = rng.choice(prompts)
        GAME.apply(state, prompt.seat, GAME.agent(state, prompt.seat, rng))
    outcome = GAME.outcome(state)
    assert outcome is not None and max(outcome.scores) >= 0


def test_a_rival_who_wins_a_bid_may_buy_before_the_income_roll() -> None:
    """"It must be purchased before rolling for job income": the bid's winner gets the window
    too, and a scraper bought there counts on the job."""
    state = fresh(3)
    state["fleet"][0][SLOT["scraper"]] = 1
    state["fleet"][2][SLOT["scraper"]] = 1
    land(state, 0, 41)  # Airport runway: competitive bid
    rig(state, [1, 4])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    GAME.apply(state, 2, "bid:2000")
    GAME.apply(state, 0, "pass")
    assert state["phase"] == "window" and 2 in state["window"]["waiting"]
    mine = set(next(p for p in GAME.prompts(state) if p.seat == 2).keys())
    assert {"roll", "buy:scraper:1:note", "buy:truck:1"} <= mine
    GAME.apply(state, 2, "buy:scraper:1:note")
    assert 2 in state["window"]["waiting"]  # the worker keeps buying until they roll
    GAME.apply(state, 2, "roll")
    pass_window(state)
    assert state["last"]["seat"] == 2 and state["last"]["pieces"] == 2
    assert state["last"]["lines"][0][1] == rate("scraper", 4, 2)


def test_a_lone_lander_who_opens_the_bid_gets_no_second_window() -> None:
    """Alone with the machine, the lander had the job prompt's purchases already."""
    state = fresh(3)
    state["fleet"][0][SLOT["scraper"]] = 1
    land(state, 0, 41)
    rig(state, [1, 1])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    assert state["phase"] == "window" and 0 not in state["window"]["waiting"]


def test_on_a_trucking_week_the_lander_may_buy_a_truck_before_taking_the_job() -> None:
    state = fresh(3)
    land(state, 0, 8)  # Water line to a cul-de-sac: $3,000 trucking
    rig(state, [1, 2])
    GAME.apply(state, 0, "roll")
    keys = GAME.prompts(state)[0].keys()
    assert "buy:truck:1" in keys and "buy:landfill" in keys and "buy:backhoe:1" in keys
    GAME.apply(state, 0, "buy:truck:1")
    GAME.apply(state, 0, "accept")
    pass_window(state)
    assert ["Trucking bill (own truck)", 0] in state["last"]["lines"]
    assert state["cash"][0] == 100_000 - 30_000 + rate("backhoe", 2, 2) - TRACK[8]["cost"]


def test_cards_and_fees_count_the_same_pieces_on_the_job() -> None:
    """Twelve dozers on a Landfill week with a Fuel-rebate card: the chart, the fee and the card
    all count the ten pieces on the job (the audit found $12,000 of rebate against a $15,000 fee)."""
    state = fresh(3)
    state["fleet"][0][SLOT["dozer"]] = 12
    square = TRACK[20]
    assert square["card"] and square["fee"] == {"property": "landfill", "per_piece": 1500}
    land(state, 0, 20)
    rebate = card_with({"per_piece": 1000})
    deck_top(state, rebate)
    rig(state, [1, 3])
    GAME.apply(state, 0, "roll")
    GAME.apply(state, 0, "accept")
    pass_window(state)
    lines = dict((text, amount) for text, amount in state["last"]["lines"])
    assert state["last"]["pieces"] == 10
    assert lines["Landfill fee"] == -15_000 and lines["Contingency card"] == 10_000
    assert state["last"]["lines"][0] == ["Rate chart: roll 3, 10 dozers (2 more idle: the chart counts 10)",
                                         rate("dozer", 3, 12)]


def test_the_rules_page_carries_the_rate_chart_and_the_prices() -> None:
    """The chart on /game rules is the chart the game pays by (read back from the page)."""
    from bot.games.construction_game.components import PRICES
    from bot.rulebook import own_pages

    page = next(p for p in own_pages("construction-game") if p.startswith("## The rate chart"))
    rows = {}
    for line in page.splitlines():
        found = re.fullmatch(r"- (\w+) \(price \$([\d,]+)\) — (.*)", line)
        if found:
            figures = re.findall(r"(\d): \$([\d,]+)", found.group(3))
            assert [int(roll) for roll, _ in figures] == [1, 2, 3, 4, 5, 6]
            rows[found.group(1)] = ([int(v.replace(",", "")) for _, v in figures], int(found.group(2).replace(",", "")))
    assert rows == {kind: (RATES[kind], PRICES[kind]) for kind in RATES}
    assert f"${PRICES['truck']:,}" in page and "at most 10" in page


def test_the_picture_of_a_job_shows_its_rate_chart(monkeypatch: pytest.MonkeyPatch) -> None:
    """While a job is decided, the view carries its chart row and the picture draws it: the
    per-piece figures and the gross for the contractor's pieces on the job, doubled when hot."""
    import io

    from PIL import Image

    from bot.games.construction_game import render

    state = fresh(3)
    state["fleet"][0][SLOT["dozer"]] = 3
    state["hot"][0] = ["dozer"]
    land(state, 0, 14)
    rig(state, [1])
    GAME.apply(state, 0, "roll")
    view = GAME.view(state, None)
    chart = view["chart"]
    assert chart == {"type": "dozer", "seat": 0, "per_piece": RATES["dozer"], "pieces": 3, "hot": True,
                     "gross": [2 * rate("dozer", roll, 3) for roll in range(1, 7)]}
    drawn: list[str] = []
    real = render.draw_text

    def record(draw, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return real(draw, xy, text, *args, **kwargs)

    monkeypatch.setattr(render, "draw_text", record)
    view["names"] = ["ana", "bo", "cy"]
    image = board(view)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    with Image.open(io.BytesIO(buffer.getvalue())) as decoded:
        assert decoded.size == image.size
    assert any(text.startswith("Rate chart, dozer") and "ana's 3 on the job" in text and "doubled" in text
               for text in drawn)
    # the chart row's six per-piece figures follow its heading (other panels may draw the same amounts)
    heading = next(i for i, text in enumerate(drawn) if text.startswith("Rate chart, dozer"))
    figures = {render._money(v) for v in RATES["dozer"]}
    assert [render._money(v) for v in RATES["dozer"]] == [t for t in drawn[heading:] if t in figures][:6]
    assert render._money(2 * rate("dozer", 6, 3)) in drawn  # $57k: the gross for a 6, hot
    # no job, no chart
    GAME.apply(state, 0, "refuse")
    assert GAME.view(state, None)["chart"] is None


def test_the_starting_rolls_are_shown_in_the_first_line_and_the_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.games.construction_game import render

    state = GAME.setup(4, {}, 5)
    assert state["start_rolls"] == ["1:3 2:1 3:2 4:4"]
    prompt = GAME.prompts(state)[0]
    assert prompt.text.startswith("Starting rolls: {seat0} 3, {seat1} 1, {seat2} 2, {seat3} 4. {seat3} starts.")
    view = GAME.view(state, None)
    assert view["start_rolls"] == [[[0, 3], [1, 1], [2, 2], [3, 4]]] and view["first"] == 3
    drawn: list[str] = []
    real = render.draw_text
    monkeypatch.setattr(render, "draw_text", lambda d, xy, text, *a, **k: (drawn.append(text), real(d, xy, text, *a, **k)))
    view["names"] = ["ana", "bo", "cy", "dee"]
    board(view)
    assert "Starting rolls: ana 3 · bo 1 · cy 2 · dee 4" in drawn and "dee rolled highest and starts." in drawn
    # a tie rolls again, and both rounds are shown
    tied = next(GAME.setup(3, {}, seed) for seed in range(200) if len(GAME.setup(3, {}, seed)["start_rolls"]) > 1)
    assert "; tie, again: " in GAME.prompts(tied)[0].text
    # once someone has moved, the turn prompt is the plain one
    state["turns"] = 1
    assert GAME.prompts(state)[0].text.startswith("Your turn:")


def test_purchases_are_filed_by_type_only_when_several_pieces_can_be_bought() -> None:
    from bot.games.construction_game.rules import buy_group

    assert buy_group("dozer", (1, 2, 3)) == ("Buy equipment", "dozer")
    assert buy_group("dozer", (1,)) == ("Buy equipment",)
    assert buy_group("paving", (1, 2, 3)) == buy_group("paving", (1,)) == ("Buy a deed",)


def test_the_bot_borrows_up_to_its_whole_credit_limit() -> None:
    """A piece bought on notes costs net worth only its interest while it earns about a third
    of its price a year, so the bot seat's style uses all the credit the bank gives (after 5
    years, $200,000), where the simulations' balanced style stops at $100,000 of notes."""
    from bot.games.construction_game.agent import BALANCED, NORMAL, best_purchase

    state = fresh(2)
    state["years"][0], state["notes"][0], state["cash"][0] = 5, 100_000, 40_000
    assert R.credit_left(state, 0) == 100_000
    assert best_purchase(state, 0, BALANCED, (1, 2, 3)) is None
    state["cash"][0] = 12_000  # with the normal style's thin cushion, too little to pay cash
    assert best_purchase(state, 0, NORMAL, (1, 2, 3)) == "buy:backhoe:1:note"
    state["notes"][0] = 200_000  # the limit reached: no more notes
    assert best_purchase(state, 0, NORMAL, (1, 2, 3)) is None


def test_the_jobs_first_style_grows_the_season_it_has_before_buying_a_lone_big_machine() -> None:
    """A job's operating cost is the same whatever the fleet, so one more backhoe on a fleet of
    two adds more to a year of jobs per dollar than a first excavator or scraper does; the
    jobs-first style spends its first money on backhoes where the chart's mean rate per dollar
    (the balanced style) buys a lone scraper."""
    from bot.games.construction_game.agent import BALANCED, JOBS_FIRST, best_purchase, fleet_yield

    state = fresh(2)
    assert state["fleet"][0][:5] == [2, 1, 0, 0, 0]
    assert fleet_yield(state, 0, "backhoe", 1) > fleet_yield(state, 0, "excavator", 1)
    assert fleet_yield(state, 0, "backhoe", 1) > fleet_yield(state, 0, "scraper", 1)
    assert best_purchase(state, 0, JOBS_FIRST, (1, 2, 3)) == "buy:backhoe:3"
    assert best_purchase(state, 0, BALANCED, (1, 2, 3)).startswith("buy:scraper")


def test_the_normal_bot_buys_a_rivals_machine_only_with_a_down_payment_left() -> None:
    """A machine offered at its listed price is bought when one more of its type adds to a
    year of jobs and the cushion plus a down payment's worth (three tenths of the price) stays:
    accepting every offer down to the cushion let a rival who sells the bot its machines each
    turn keep it from paying down at its own jobs (the `dumper`)."""
    from dataclasses import replace

    from bot.games.construction_game.agent import NORMAL, choose

    any_offer = replace(NORMAL, offer_needs_yield=False)
    for cash, dozers, normal, before in ((100_000, 1, "accept", "accept"),
                                         (55_000, 1, "decline", "accept"),  # $15,000 left: under $6,500 + $12,000
                                         (100_000, 10, "decline", "accept")):  # the chart's last column: adds nothing
        state = fresh(2)
        state["cash"][1], state["fleet"][1][SLOT["dozer"]] = cash, dozers
        GAME.apply(state, 0, "trade")
        GAME.apply(state, 0, "offer:2:dozer:40000")
        assert choose(state, 1, random.Random(0), NORMAL) == normal, (cash, dozers)
        assert choose(state, 1, random.Random(0), any_offer) == before, (cash, dozers)


def test_the_dumper_opens_the_trade_screen_only_with_an_offer_to_make() -> None:
    """"No offer after all" leaves the turn as it was: a dumper that went in without an offer
    at a listed price would go in and out again until the safeguard ended the game."""
    from bot.games.construction_game.strategies import dumper

    state = fresh(2)
    state["cash"][1] = 15_000  # offers are possible, but not of any machine at its listed price
    assert any(action.key == "trade" for action in GAME.prompts(state)[0].actions)
    assert dumper(GAME, state, 0, random.Random(0)) == "roll"
    state["cash"][1] = 100_000
    assert dumper(GAME, state, 0, random.Random(0)) == "trade"
    GAME.apply(state, 0, "trade")
    assert dumper(GAME, state, 0, random.Random(0)).startswith("offer:2:")
