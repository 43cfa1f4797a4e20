"""Bullfrog Goldfield, rules fidelity round 3 (issue 28): the end trigger on every move of a
stock value, the sole owner's dividend, and the picture's bonds column and long Income Track.

Positions are hand-built with the helpers of ``test_bullfrog_goldfield`` and played through
``apply``; pictures are rendered and decoded back to pixels.
"""

from __future__ import annotations

import io
from itertools import combinations_with_replacement

from PIL import Image

from bot.engine import State
from bot.games.bullfrog_goldfield import render
from bot.games.bullfrog_goldfield.render import BONDS_WIDTH, COLUMN_X, RAIL_RGB, bonds_text, track_x
from bot.render.palette import PANEL
from bot.render.text import text_width
from tests.games.test_bullfrog_goldfield import GAME, ZERO, acting, last_turn, open_company, play, put_trains

MINUS_FOUR = 33
"""A shallow dig tile worth -4 that adds and removes nothing."""


# -- the end trigger --------------------------------------------------------------------------------


def test_a_charter_bought_above_the_end_mark_ends_the_game_even_after_falling_back() -> None:
    state = acting(players=2)
    state["buildings"] = {"goldcenter": 4}  # Gold Center's limit is 125: a charter may cost 103
    state["cash"][1] = 150
    state["cos"]["gc"]["tiles"] = [MINUS_FOUR, *ZERO[:2]]
    last_turn(state)  # seat 1 has the last action of the cycle
    play(state, 1, "charter:gc", "price:103")
    gc = state["cos"]["gc"]
    assert gc["value"] == 99  # the income phase dug the -4 tile: back under the mark
    assert state["triggered"] and state["phase"] == "dividend"
    play(state, 1, "withhold:gc")
    assert gc["value"] == 94
    assert state["phase"] == "over" and GAME.prompts(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and "Gold Center passed 100" in outcome.reason


def test_every_value_change_goes_through_the_one_trigger_helper() -> None:
    """No code but ``set_value`` writes a stock value (``.update`` included), so a new way to
    move a value cannot skip the end check."""
    import re
    from pathlib import Path

    import bot.games.bullfrog_goldfield.rules as rules

    lines = Path(rules.__file__).read_text().splitlines()
    writes = [line.strip() for line in lines if re.search(r'\["value"\]\s*[-+]?=(?!=)', line)]
    assert writes == ['state["cos"][cid]["value"] = value']
    assert not [line for line in lines if ".update(" in line and '"value"' in line]


# -- the sole owner's dividend ----------------------------------------------------------------------


def test_a_sole_owner_may_take_a_dividend_below_3000_but_shared_companies_may_not() -> None:
    state = acting(players=2)
    # Railroads that have reached no mine earn nothing, so their cash stays as set.
    sp = open_company(state, "sp", 0, 10, cash=2)
    sp["shares"] = [0, 0]  # seat 0 holds all three certificates
    put_trains(state, "sp", ["blair"])
    bg = open_company(state, "bg", 1, 10, cash=2)
    bg["shares"] = [0, None]
    put_trains(state, "bg", ["goldfield"])
    last_turn(state)
    play(state, 1, "haul:none")
    assert state["phase"] == "dividend" and state["queue"][0] == ["dividend", "sp"]
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == 0
    assert prompt.actions[0].label == "Pay out $2,000 all to you (you hold every certificate) (+5 on the Income Track)"
    cash = state["cash"][0]
    play(state, 0, "dividend:sp")
    assert state["cash"][0] == cash + 2 and sp["cash"] == 0 and sp["value"] == 15
    # The Bullfrog Goldfield's thirds would be $0: no dividend, it moves back 5 by itself.
    assert bg["value"] == 5 and bg["cash"] == 2
    assert state["phase"] == "select"


def test_a_sole_owner_with_no_cash_has_no_dividend_to_pay() -> None:
    state = acting(players=2)
    sp = open_company(state, "sp", 0, 10, cash=0)
    sp["shares"] = [0, 0]
    put_trains(state, "sp", ["blair"])
    last_turn(state)
    play(state, 1, "haul:none")
    assert state["phase"] == "select" and sp["value"] == 5


# -- the picture ------------------------------------------------------------------------------------


def picture_position() -> State:
    """Three railroads with long bond lists (one not yet at a mine) and values past 130."""
    state = acting(players=3)
    sp = open_company(state, "sp", 0, 175, cash=12)
    put_trains(state, "sp", ["blair"])
    sp["bonds"] = [10, 10, 10, 20, 20, 50, 50]
    bg = open_company(state, "bg", 1, 140, cash=5)
    put_trains(state, "bg", ["goldfield"])
    bg["bonds"] = [10, 20, 50]
    tg = open_company(state, "tg", 2, 130)
    tg.update({"bonds": [10, 10, 20, 50], "reached": True})
    open_company(state, "gc", 0, 99)
    return state


def rendered(state: State) -> Image.Image:
    view = GAME.view(state, None)
    view["names"] = ["ana", "bo", "cy"]
    data = io.BytesIO()
    render.board(view).save(data, format="PNG")
    return Image.open(io.BytesIO(data.getvalue())).convert("RGB")


def rows_of(image: Image.Image, colour: tuple[int, int, int], x: int, top: int) -> list[int]:
    """The y's below ``top`` where column ``x`` has ``colour`` (a company badge's left edge)."""
    return [y for y in range(top, image.height) if image.getpixel((x, y)) == colour]


def test_bonds_text_always_fits_its_column() -> None:
    for count in range(8):
        for bonds in combinations_with_replacement((10, 20, 50), count):
            for reached in (True, False):
                text, size = bonds_text(sorted(bonds), reached)
                assert text_width(text, size) <= BONDS_WIDTH, (bonds, reached, text, size)
    assert bonds_text([10, 50], True) == ("$10k+$50k", 17)
    assert bonds_text([10, 10, 10, 20, 20, 50, 50], False)[0].startswith("7 bonds, $170k")


def test_the_bonds_column_never_runs_into_the_charter_column() -> None:
    image = rendered(picture_position())
    x0 = render.MARGIN + 12
    below_track = render.MAP_TOP + render.MAP_H + 150
    gap = range(x0 + COLUMN_X["bonds"] + BONDS_WIDTH + 1, x0 + COLUMN_X["charter"] - 1)
    for rr in ("sp", "bg", "tg"):
        badge = rows_of(image, RAIL_RGB[{"sp": "red", "bg": "blue", "tg": "green"}[rr]], x0 + 2, below_track)
        assert badge, rr
        for y in range(min(badge) - 2, max(badge) + 3):
            inked = [x for x in gap if image.getpixel((x, y)) != PANEL]
            assert not inked, (rr, y, inked)


def test_values_past_130_stand_at_their_own_place_on_a_longer_track() -> None:
    state = picture_position()
    image = rendered(state)
    end = render.track_end([175, 140, 130, 99])
    assert end == 200 and render.track_end([130, 12]) == 130
    top, bottom = render.MAP_TOP + render.MAP_H + 40, render.MAP_TOP + render.MAP_H + 40 + 120
    centres = {}
    for rr, colour in (("sp", "red"), ("bg", "blue"), ("tg", "green")):
        xs = [x for y in range(top, bottom) for x in range(render.WIDTH)
              if image.getpixel((x, y)) == RAIL_RGB[colour]]
        assert xs, rr
        centres[rr] = (min(xs) + max(xs)) / 2
        value = state["cos"][rr]["value"]
        assert abs(centres[rr] - track_x(value, end)) <= 2, (rr, centres[rr], track_x(value, end))
    assert centres["tg"] + 30 < centres["bg"] and centres["bg"] + 100 < centres["sp"]

