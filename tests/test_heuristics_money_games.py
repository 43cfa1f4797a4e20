"""The normal bots of Bullfrog Goldfield, Silver Lake, 1856 and Killer Bunnies (issue 26).

What is checked here, cheaply (one short arena run; the figures against the simple strategies
are in each game's ``data/<game>/README.md``, with the command that made them):

- each agent chooses the same move when what its seat cannot see is redrawn (``conceal``),
  and so does each of 1856's strategies (the other games' strategies are checked for every
  game in ``tests/test_bot_levels.py``; 1856 is heavy and skipped there); the red-team
  ``privateer`` sells its privates to its own companies at the top price;
- a known-bad choice of the old agents is no longer made: Killer Bunnies buying food it may
  not finish paying for, Bullfrog buying into a mine that is dug out before the end, Silver
  Lake passing up a dearer permit it could mortgage a cheaper one for, 1856 filling its
  train limit with trains about to rust, spending its starting cash on privates, withholding
  (its shares lost value while the investors' climbed) and sitting on the cash of a sold-out
  late game; Bullfrog opening its mines at the top price, which left it one mine of seven
  against players who open theirs at $10,000 (one arena run of 100 four-player games).
"""

from __future__ import annotations

import json
import random

import pytest

from bot.arena import run_arena
from bot.engine import Game, get_game
from bot.engine.testkit import random_walk
from bot.games.bullfrog_goldfield import agent as bullfrog_agent
from bot.games.g1856 import agent as g1856_agent
from bot.games.g1856 import core as g1856_core
from bot.games.g1856.strategies import STRATEGIES as G1856_STRATEGIES
from bot.games.killer_bunnies.cards import DECK
from bot.games.silver_lake.board import PERMIT


def positions(game: Game, players: int, seed: int, every: int, limit: int) -> list[dict]:
    """Up to ``limit`` unfinished states of a random game, one in ``every``, as copies."""
    found = []
    for index, state in enumerate(random_walk(game, players, seed)):
        if index % every == 0 and game.prompts(state):
            found.append(json.loads(json.dumps(state)))
            if len(found) >= limit:
                break
    return found


@pytest.mark.parametrize(
    ("slug", "players", "every", "limit"),
    [("bullfrog-goldfield", 3, 3, 40), ("silver-lake", 3, 3, 40), ("killer-bunnies", 4, 3, 40), ("1856", 3, 25, 12)],
)
def test_the_agent_chooses_from_what_its_seat_sees(slug: str, players: int, every: int, limit: int) -> None:
    game = get_game(slug)
    checked = 0
    for seed in (3, 4):
        for state in positions(game, players, seed, every, limit):
            for prompt in game.prompts(state):
                legal = prompt.keys()
                key = game.agent(state, prompt.seat, random.Random(9))
                assert key in legal
                redrawn = game.conceal(state, prompt.seat, random.Random(seed))
                assert game.agent(redrawn, prompt.seat, random.Random(9)) == key, (slug, prompt.text)
                checked += 1
    assert checked >= limit


def test_1856_strategies_are_legal_and_see_only_their_seat() -> None:
    game = get_game("1856")
    for state in positions(game, 4, 5, 20, 12):
        for prompt in game.prompts(state):
            redrawn = game.conceal(state, prompt.seat, random.Random(1))
            legal = prompt.keys()
            for name, strategy in G1856_STRATEGIES.items():
                key = strategy(game, state, prompt.seat, random.Random(2))
                assert key in legal, f"{name} chose {key!r}"
                assert strategy(game, redrawn, prompt.seat, random.Random(2)) == key, name


def test_1856_privateer_sells_its_privates_to_its_own_companies_at_the_top_price() -> None:
    """The red-team ``privateer`` buys privates in the auction and has the companies it runs
    buy them from it for as much as the rules and their treasuries allow."""
    game = get_game("1856")
    privateer = G1856_STRATEGIES["privateer"]
    state = game.setup(3, game.resolve_options({}), 1)
    rng = random.Random(1)
    bought_at_auction: set[str] = set()
    sold: list[tuple[str, int, int]] = []
    while game.prompts(state) and len(sold) < 2:
        prompt = game.prompts(state)[0]
        if prompt.seat == 0:
            game.apply(state, 0, game.agent(state, 0, rng))
            continue
        key = privateer(game, state, prompt.seat, rng)
        if state["round"] == "auction" and key.startswith("buy:"):
            bought_at_auction.add(key[4:])
        if key.startswith("price:"):
            offered = max(int(k.split(":")[1]) for k in (action.key for action in prompt.actions) if k.startswith("price:"))
            sold.append((key, int(key.split(":")[1]), offered))
        game.apply(state, prompt.seat, key)
    assert len(bought_at_auction) >= 2 and len(sold) == 2
    assert all(price == offered for _key, price, offered in sold)


# -- Killer Bunnies: food it may not finish paying for ----------------------------------------------


def _feeding(short_dolla: bool) -> tuple[Game, dict, int]:
    """A Feed the Bunny (3 cabbage, 2 water) on a bunny whose owner has the water and no
    cabbage; the cabbage deck holds 3, 1, 1, 1. One lucky purchase (the 3) would do, three
    unlucky ones are needed at worst: $6 of Dolla. The owner holds $4 or $6."""
    game = get_game("killer-bunnies")
    state = next(json.loads(json.dumps(s)) for s in random_walk(game, 4, 0) if s["phase"] == "feed")
    owner = game.owner_of(state, state["pending"]["target"])
    state["pending"]["card"] = next(c.id for c in DECK if c.kind == "feed" and c.effect == {
        "do": "feed", "cabbage": 3, "water": 2})
    me = state["seats"][owner]
    me["cabbage"], me["water"] = [], [2]
    twos = [c.id for c in DECK if c.kind == "dolla" and c.effect["value"] == 2]
    me["dolla"] = twos[:2] if short_dolla else twos[:3]
    for other in state["seats"]:
        if other is not me:
            other["dolla"] = [c for c in other["dolla"] if c not in me["dolla"]]
    state["small"]["cabbage"], state["small"]["cabbage_used"] = [3, 1, 1, 1], []
    return game, state, owner


def test_killer_bunnies_buys_no_food_it_may_not_finish_paying_for() -> None:
    game, state, owner = _feeding(short_dolla=True)
    keys = game.prompts(state)[0].keys()
    assert "buy:cabbage" in keys  # the rules offer it: the best case would save the bunny
    assert game.agent(state, owner, random.Random(0)) == "starve"
    game, state, owner = _feeding(short_dolla=False)
    assert game.agent(state, owner, random.Random(0)) == "buy:cabbage"


# -- Bullfrog Goldfield: a share of a mine that will be dug out -------------------------------------


def test_bullfrog_values_a_share_of_a_mine_dug_out_before_the_end_below_a_lasting_one() -> None:
    game = get_game("bullfrog-goldfield")
    state = game.setup(2, {}, 1)
    for mine in ("gc", "rh"):
        co = state["cos"][mine]
        co.update(status="open", charter=1, value=20, cash=10)
    state["cos"]["gc"]["tiles"] = state["cos"]["gc"]["tiles"][:1]  # dug out at the next income
    worth = bullfrog_agent.Worth(state, 0)
    assert worth.cycles_left > 1
    assert worth.buy("gc") < worth.buy("rh")
    assert worth.buy("gc") < worth.haul(None)  # hauling for $2,000 beats paying $20,000 into it


# -- Bullfrog Goldfield: the price of a charter ------------------------------------------------------


def test_bullfrog_opens_a_mine_at_the_lowest_price_and_a_railroad_at_the_top_it_can_pay() -> None:
    game = get_game("bullfrog-goldfield")
    state = game.setup(2, {}, 1)
    rng = random.Random(0)
    while not (state["phase"] == "act" and state["sub"] is None and state["auction"] is None):
        prompt = game.prompts(state)[0]
        game.apply(state, prompt.seat, game.agent(state, prompt.seat, rng))
    seat = game.prompts(state)[0].seat
    assert state["cash"][seat] >= 25
    chosen = {}
    for company in ("gc", "sp"):  # a mine, a railroad
        opened = json.loads(json.dumps(state))
        game.apply(opened, seat, f"charter:{company}")
        offered = game.prompts(opened)[0].keys()
        prices = [key for key in offered if key.startswith("price:")]
        assert prices[0] == "price:10" and prices[-1] == "price:25"
        chosen[company] = game.agent(opened, seat, rng)
    assert chosen == {"gc": "price:10", "sp": "price:25"}


def test_bullfrog_normal_wins_more_than_its_share_against_three_cheap_spread_seats() -> None:
    """Opening its mines at the top price, the bot won 20% of these games (fair share 25%):
    the three others opened six mines of seven at $10,000 in the first cycle. The games are
    seeded and normal's choices use no clock, so the run is the same every time."""
    records = run_arena("bullfrog-goldfield", players=4, seats=["normal", *["cheap_spread"] * 3], games=100,
                        budget_ms=1, seed=7, out=lambda line: None)
    assert records["normal"].rate >= 0.375


# -- Silver Lake: mortgaging a cheap permit to buy a dear one ---------------------------------------


def _buy_prompt(cash: int) -> tuple[Game, dict, int]:
    """Seat 0 on an unowned H5 ($200, fee $120) holding F1 ($100, fee $60)."""
    game = get_game("silver-lake")
    state = game.setup(2, {}, 2)
    seat = state["turn"]
    state["owner"]["F1"] = seat
    state["seats"][seat]["cash"] = cash
    state.update(phase="buy", area="H5")
    return game, state, seat


def test_silver_lake_mortgages_a_cheaper_permit_to_buy_a_dearer_one() -> None:
    game, state, seat = _buy_prompt(cash=160)  # $160 + F1's $50 mortgage pays for H5
    assert PERMIT["F1"].fee < PERMIT["H5"].fee
    assert game.agent(state, seat, random.Random(0)) == "mortgage:F1"
    game.apply(state, seat, "mortgage:F1")
    assert game.agent(state, seat, random.Random(0)) == "buy"
    game, state, seat = _buy_prompt(cash=100)  # $150 is not enough: keep F1 earning
    assert game.agent(state, seat, random.Random(0)) == "decline"


def test_silver_lake_redeems_no_mortgage_in_its_last_lap() -> None:
    game = get_game("silver-lake")
    state = game.setup(2, {}, 2)
    seat = state["turn"]
    state["owner"]["F1"] = seat
    state["mortgaged"].append("F1")
    state["seats"][seat]["cash"] = 2000
    assert game.agent(state, seat, random.Random(0)) == "redeem:F1"
    state["seats"][seat]["laps"] = state["laps"] - 1
    assert game.agent(state, seat, random.Random(0)) == "roll"


# -- 1856: trains that move the phases on ------------------------------------------------------------


def test_1856_buys_trains_that_move_the_phases_on_and_saves_for_them() -> None:
    state = get_game("1856").setup(3, {}, 1)
    corp = "CA"
    c = state["corps"][corp]
    c["trains"] = ["2-0", "2-1"]
    state["depot"]["2"] = 4
    assert not g1856_agent._wants(state, corp, "2-2")  # a third short-lived 2 would block a 3 later
    assert g1856_agent._wants(state, corp, "3-0")  # a newer type
    state["depot"]["2"] = 1
    assert g1856_agent._wants(state, corp, "2-5")  # the last 2 opens phase 3
    state["depot"]["2"], state["depot"]["3"] = 0, 5
    c["trains"] = ["3-0", "3-1"]
    assert g1856_agent._wants(state, corp, "3-2")  # a 3 outlives the 4 and the 5: worth a third
    # Saving (the standing order's rule): room for a train it wants and not the money for it yet.
    c["cash"] = 100
    assert g1856_agent.saving_for_train(state, corp)
    c["cash"] = g1856_core.train_price(state, "3")
    assert not g1856_agent.saving_for_train(state, corp)


def test_1856_pays_out_while_the_order_would_save() -> None:
    """The agent pays out even where "pay dividends unless saving for a train" withholds."""
    state = get_game("1856").setup(3, {}, 1)
    corp = "CA"
    state["corps"][corp].update(trains=["2-0"], cash=50)
    state["round"], state["op"] = "operating", {"corp": corp, "step": "dividend"}
    assert g1856_agent.saving_for_train(state, corp)
    assert g1856_agent._operate(state, ["payout", "withhold"]) == "payout"


def test_1856_takes_only_free_privates_in_the_auction() -> None:
    state = get_game("1856").setup(4, {}, 1)
    keys = ["buy:FT", "pass"]
    assert g1856_agent._auction(state, 0, keys) == "pass"  # its face value: shares are better
    state["privates"]["FT"]["price"] = 0
    assert g1856_agent._auction(state, 0, keys) == "buy:FT"


def test_1856_starts_a_further_company_once_its_own_are_sold_out_and_it_is_rich() -> None:
    state = get_game("1856").setup(4, {}, 1)
    seat = 0
    for corp, held in (("WR", 30), ("WGB", 60)):
        state["corps"][corp].update(president=seat, par=80, pos=[2, 4], ipo=0, pool=0)
        state["corps"][corp]["held"] = [held, 70 - held if held < 60 else 40, 0, 0]
    pars = [f"par:THB:{p}" for p in (65, 70, 75, 80, 90, 100)]
    state["cash"][seat] = 7 * 80
    assert g1856_agent._stock(state, seat, [*pars, "pass"], random.Random(0)) == "par:THB:80"
    state["cash"][seat] = 7 * 65 - 1  # not seven times any par: keeps its cash
    assert g1856_agent._stock(state, seat, [*pars, "pass"], random.Random(0)) == "pass"
    state["cash"][seat] = 7 * 80
    state["corps"]["WR"]["ipo"] = 10  # a share of its own left: it buys that first, no new company
    assert g1856_agent._stock(state, seat, ["buy:WR:ipo", *pars, "pass"], random.Random(0)) == "buy:WR:ipo"
    assert g1856_agent._stock(state, seat, [*pars, "pass"], random.Random(0)) == "pass"
