"""Bullfrog Goldfield's table card needs two things of the view: the last move (its public log
lines and the map areas it changed) and views that stay as they were drawn while play goes on.

Both are checked over a seeded random game, step by step against the state itself.
"""

from __future__ import annotations

import json

from bot.engine.testkit import random_playout
from bot.games.bullfrog_goldfield.card import card_standings, map_focus
from bot.games.bullfrog_goldfield.rules import BullfrogGoldfield, board_marks, money

GAME = BullfrogGoldfield()


def test_the_last_move_names_its_lines_and_every_area_it_changed() -> None:
    playout = random_playout(GAME, 3, 5, {"cash": "open"}, thorough=False)
    state = GAME.setup(3, playout.options, 5)
    assert GAME.view(state, None)["last"] is None
    checked = 0
    for seat, key, _at in playout.log[:400]:
        before, last_before = board_marks(state), json.dumps(state["last"])
        events = GAME.apply(state, seat, key)
        after, last = board_marks(state), GAME.view(state, None)["last"]
        if not events:  # nothing logged (an area picked for track): the last move stays shown
            assert json.dumps(state["last"]) == last_before
            continue
        assert last["lines"] == [event.text for event in events]
        assert set(last["areas"]) == {area for area in after if after[area] != before[area]}
        checked += bool(last["areas"])
    assert checked >= 10, "the game should have changed the map a few times"


def test_a_kept_view_does_not_change_as_play_goes_on() -> None:
    playout = random_playout(GAME, 4, 2, thorough=False)
    state = GAME.setup(4, playout.options, 2)
    kept = []
    for seat, key, _at in playout.log[:600]:
        view = GAME.view(state, None)
        kept.append((json.dumps(view, sort_keys=True), view))
        GAME.apply(state, seat, key)
    assert any(view["auction"] for _, view in kept) and any(view["sub"] for _, view in kept)
    assert all(json.dumps(view, sort_keys=True) == text for text, view in kept)


def test_the_card_prints_net_worth_or_with_hidden_cash_the_stock_value() -> None:
    view = GAME.view(GAME.setup(2, {"cash": "hidden"}, 1), None)
    view["seats"][0].update({"stock": 40, "worth": None})
    view["seats"][1].update({"stock": 12, "worth": 57})
    assert card_standings(view) == [money(40), "$57,000"]


def test_the_map_window_follows_track_being_laid() -> None:
    view = GAME.view(GAME.setup(2, {}, 1), None)
    view.update({"phase": "act", "auction": None, "sub": {"kind": "lay", "rr": "sp", "areas": ["beatty"], "bond": 0}})
    assert map_focus(view) == ["beatty"]
    view["sub"] = {"kind": "build", "area": "rhyolite"}
    assert map_focus(view) == ["rhyolite"]
    view["sub"] = {"kind": "charter", "co": "sp"}
    assert map_focus(view) == []
