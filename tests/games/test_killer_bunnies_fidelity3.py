"""Killer Bunnies, rules fidelity round 3 (issue 28): a game nobody wins, the first-game
exchange as a "may", carrots as the final scores, and the market's texts (no change, useless
purchases while feeding, refusals, the last card and roll).

Positions are hand-built with the helpers of ``test_killer_bunnies`` and played through
``apply``.
"""

from __future__ import annotations

import json

import pytest

from bot.engine import IllegalAction, Outcome
from bot.games.killer_bunnies import render
from bot.games.killer_bunnies.cards import DECK
from bot.ratings import rate
from bot.store import ResultRow, ResultSeatRow
from bot.tables import describe_outcome
from tests.games.test_killer_bunnies import (
    GAME,
    dolla,
    feed_table,
    give,
    keys,
    one,
    pass_all,
    table,
    texts,
    weapon_table,
)

NAMES = ["ana", "bo", "cy"]


def refused(state: dict, seat: int, key: str) -> str:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, key)
    assert json.dumps(state, sort_keys=True) == before
    return str(error.value)


def label(state: dict, seat: int, key: str) -> str:
    prompt = next(p for p in GAME.prompts(state) if p.seat == seat)
    return next(a.label for a in prompt.actions if a.key == key)


# -- nobody wins -----------------------------------------------------------------------------------


def no_bunny_end() -> dict:
    """Three players, no bunny anywhere; seat 0 buys the last carrot and ends the game."""
    state = table(players=3)
    state["market"] = [0]
    state["seats"][0]["carrots"] = [1, 2, 3]
    state["seats"][1]["carrots"] = [4, 5]
    give(state, 0, dolla(10), where="dolla")
    GAME.apply(state, 0, "buy:amber")
    return state


def test_with_no_bunny_left_nobody_wins_and_nobody_ranks_first() -> None:
    outcome = GAME.outcome(no_bunny_end())
    assert outcome is not None and outcome.winners == [] and outcome.nobody_won
    assert outcome.ranks == (3, 3, 3)  # everyone shares the last place
    line = describe_outcome(outcome, NAMES)
    assert line.startswith("Game over: Nobody wins! Nobody could win: no bunny was left alive.")
    assert "ana and bo and cy" not in line


def test_a_game_nobody_won_is_rated_with_no_winner() -> None:
    outcome = GAME.outcome(no_bunny_end())
    assert outcome is not None
    result = ResultRow(table_id=1, guild_id=0, slug=GAME.slug, started_at=0.0, finished_at=10.0, actions=9,
                       players=3, rated=True, reason=outcome.reason)
    seats = [ResultSeatRow(table_id=1, seat=s, user_id=100 + s, is_bot=False, score=float(outcome.scores[s]),
                           rank=outcome.ranks[s]) for s in range(3)]
    rated, rows = rate(result, seats, {}, 11.0)
    assert [row.wins for row in rows] == [0, 0, 0] and [row.games for row in rows] == [1, 1, 1]
    # Nobody beat anybody: newcomers tied with each other keep one and the same rating.
    assert len({round(s.mu_after, 9) for s in rated}) == 1


def test_no_winner_is_a_general_outcome() -> None:
    outcome = Outcome.no_winner([4, 0], "The dragon ate everyone.")
    assert outcome.winners == [] and outcome.nobody_won and outcome.ranks == (2, 2)
    assert not Outcome.ranked([4, 0], "x").nobody_won and not Outcome.ranked([1, 1], "tie").nobody_won


# -- the first-game exchange is a "may" -------------------------------------------------------------


def test_a_player_without_a_bunny_may_decline_the_exchange() -> None:
    state = GAME.setup(2, {}, seed=1)
    me = state["seats"][0]
    bunnies = [c for c in me["hand"] if DECK[c].kind == "bunny"]
    others = [c for c in state["draw"] if DECK[c].kind not in ("bunny", "dolla", "misfortune")][: len(bunnies)]
    for bunny, other in zip(bunnies, others, strict=True):
        me["hand"][me["hand"].index(bunny)] = other
        state["draw"][state["draw"].index(other)] = bunny
    prompt = next(p for p in GAME.prompts(state) if p.seat == 0)
    assert "you may exchange" in prompt.text
    kept = me["hand"][0]
    key = "top:" + DECK[kept].slug
    offered = prompt.keys()
    assert key in offered and "give:" + DECK[kept].slug in offered
    assert label(state, 0, key).startswith("Keep your cards; top run card: ")
    draw_before, hand_before = list(state["draw"]), list(me["hand"])
    GAME.apply(state, 0, key)
    assert me["top"] == kept and me["stage"] == 1
    assert state["draw"] == draw_before and me["hand"] == [c for c in hand_before if c != kept]


# -- the final line shows carrots --------------------------------------------------------------------


def test_the_final_scores_are_carrots_and_the_magic_carrot_holder_ranks_first() -> None:
    state = table(players=3)
    give(state, 0, one("Red Timid Bunny"), where="circle")
    give(state, 1, one("Blue Timid Bunny"), where="circle")
    state["market"] = [11]
    state["seats"][0]["carrots"] = [0, 1, 2]
    state["seats"][1]["carrots"] = [6]
    state["magic"] = [11, 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 6]  # the magic carrot is bo's only one
    give(state, 0, dolla(10), where="dolla")
    GAME.apply(state, 0, "buy:lantern")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [1]
    assert outcome.scores == (4, 1, 0) and outcome.ranks == (2, 1, 3)
    line = describe_outcome(outcome, NAMES)
    assert "Game over: bo wins! bo holds the magic carrot (Ginger) and wins." in line
    assert line.endswith("Final: 1. bo 1, 2. ana 4, 3. cy 0.")
    assert [GAME.format_score(s) for s in outcome.scores] == ["4 carrots", "1 carrot", "0 carrots"]


# -- the market's texts --------------------------------------------------------------------------------


def test_buy_labels_say_when_a_note_pays_more_than_the_price() -> None:
    state = table()
    give(state, 0, dolla(10), where="dolla")
    assert label(state, 0, "buy:cabbage") == "Buy a cabbage card for 2 Kaballa Dolla (you pay 10: no change)"
    assert label(state, 0, "buy:amber") == "Buy the Amber carrot for 10 Kaballa Dolla"
    give(state, 1, dolla(2), dolla(5), where="dolla")
    state["turn"] = 1
    assert label(state, 1, "buy:water") == "Buy a water card for 2 Kaballa Dolla"


def test_feeding_offers_no_purchase_that_cannot_make_up_the_shortfall() -> None:
    state = feed_table()  # Lunch Break: 2 cabbage and 1 water, and seat 1 has neither
    give(state, 1, dolla(1), dolla(2), where="dolla")  # one purchase, but two are needed
    GAME.apply(state, 0, "flip")
    pass_all(state)
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == 1 and prompt.keys() == ["starve"]
    assert "no purchase can make up what is missing" in prompt.text
    assert "cannot be saved by buying" in refused(state, 1, "buy:cabbage")


def test_feeding_labels_say_what_is_short() -> None:
    state = feed_table()
    state["seats"][1]["water"] = [1]
    give(state, 1, dolla(10), where="dolla")
    GAME.apply(state, 0, "flip")
    pass_all(state)
    assert keys(state, 1) == ["buy:cabbage", "starve"]
    assert label(state, 1, "buy:cabbage") == \
        "Buy a cabbage card for 2 Kaballa Dolla (you pay 10: no change); 2 cabbage short"
    assert "needs no more water" in refused(state, 1, "buy:water")
    assert "only cabbage and water" in refused(state, 1, "buy:amber")


def test_refusals_to_buy_name_the_price() -> None:
    state = table()
    give(state, 0, dolla(5), where="dolla")
    assert refused(state, 0, "buy:amber") == "A carrot costs 10 Kaballa Dolla and you have 5."
    state["seats"][0]["dolla"] = [dolla(1)]
    assert refused(state, 0, "buy:water") == "A water card costs 2 Kaballa Dolla and you have 1."
    state["market"].remove(0)
    state["seats"][0]["dolla"] = [dolla(10)]
    assert refused(state, 0, "buy:amber") == "The Amber carrot is no longer in the market."


def test_the_last_roll_is_marked_when_it_belongs_to_an_earlier_turn() -> None:
    state = weapon_table("Falling Anvil", 7)  # seat 0's anvil kills bo's bunny
    GAME.apply(state, 0, "flip")
    pass_all(state)
    GAME.apply(state, 0, keys(state, 0)[0])  # replace the bottom run card
    view = GAME.view(state, None)
    view["names"] = NAMES
    assert render.last_title(view) == "Last card: ana's flip"
    assert render.roll_lines(view) == ["This card's roll", f"{DECK[one('Falling Anvil')].dice[0]} d12 vs level 7",
                                       "Falling Anvil", "bo's Blue Timid Bunny died"]
    give(state, 1, one("Kitchen Garden", 3), where="top")  # bo flips a card that rolls nothing
    events = GAME.apply(state, 1, "flip")
    assert "Kitchen Garden" in texts(events)
    view = GAME.view(state, None)
    view["names"] = NAMES
    assert render.last_title(view) == "Last card: bo's flip"
    assert render.roll_lines(view)[0] == "Earlier roll, ana's turn"
    image = render.board(view)
    assert image.width == render.WIDTH
