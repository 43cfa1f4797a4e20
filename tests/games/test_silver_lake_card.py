"""Silver Lake pictures: the owner band stands out on every area, and the table card shows the
trail ahead of the player to move (issue 23)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from PIL import Image

from bot.games.silver_lake import card, render
from bot.games.silver_lake.board import FORK, PERMIT, SPACES
from bot.games.silver_lake.rules import SilverLake
from bot.render.palette import PLAYERS

GAME = SilverLake()
ONE_OF_EACH_KIND = ("F1", "H1", "M1")


def _luminance(rgb: tuple[int, ...]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The WCAG contrast ratio of two colours (1 = none, 21 = black on white)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _view_with_owner(seat: int, permits: tuple[str, ...] = ONE_OF_EACH_KIND) -> dict[str, Any]:
    state = GAME.setup(6, {}, seed=3)
    for pid in permits:
        state["owner"][pid] = seat
    return GAME.view(state, None)


@pytest.mark.parametrize("seat", range(len(PLAYERS) - 2))  # the six seats of a full table
def test_owner_band_is_edged_apart_from_every_area_colour(seat: int) -> None:
    """Between a seat's band and the area under it runs a line that stands out from both
    (WCAG 3:1, the ratio asked of graphics): sky blue (seat 5) on the fishing blue measured
    1.3:1 before the band had an edge."""
    image = render.board(_view_with_owner(seat))
    for pid in ONE_OF_EACH_KIND:
        x0, y0, _, _ = render._box(next(s for s in SPACES if s.permit == pid))
        band = image.getpixel((x0 + 6, y0 + 10))
        edge = image.getpixel((x0 + 6, y0 + 20))
        area = image.getpixel((x0 + 6, y0 + 30))
        assert band == PLAYERS[seat]
        assert area == render.KIND_FILL[PERMIT[pid].kind]
        assert contrast(edge, band) >= 3 and contrast(edge, area) >= 3, (pid, seat, edge, band, area)


def test_trail_ahead_runs_along_the_route_and_stops_at_the_crossroads() -> None:
    start = card.trail_ahead(0)
    assert len(start) == card.AHEAD + 1
    assert all(SPACES[a].next == (b,) for a, b in pairwise(start))
    before_fork = next(s.id for s in SPACES if s.next == (FORK,))
    assert card.trail_ahead(before_fork) == [before_fork, FORK]


def test_card_standings_print_worth_in_dollars_and_out_for_a_dropped_player() -> None:
    state = GAME.setup(3, {}, seed=5)
    state["seats"][2]["out"] = True
    state["seats"][1]["cash"] = 12345
    assert card.card_standings(GAME.view(state, None)) == ["$1,000", "$12,345", "out"]


def _pixels_of(image: Image.Image, colour: tuple[int, int, int]) -> int:
    return sum(count for count, rgb in image.getcolors(maxcolors=1 << 20) or [] if rgb == colour)


def test_card_shows_the_owner_band_on_an_area_ahead() -> None:
    """An area on the trail ahead that a seat owns gets that seat's colour band on both of its
    spaces (read back from the picture: the card gains at least two bands' worth of pixels in
    exactly the owner's colour)."""
    state = GAME.setup(2, {}, seed=1)
    mover = state["turn"]
    ahead = card.trail_ahead(state["seats"][mover]["pos"])
    pid = next(SPACES[s].permit for s in ahead[1:] if SPACES[s].kind == "area")
    before = GAME.view(state, None)
    state["owner"][pid] = 1 - mover
    after = GAME.view(state, None)
    band = (card.TILE_W - 8) * (card.BAND_H - 6)
    gained = _pixels_of(card.table_card(after), PLAYERS[1 - mover]) - _pixels_of(card.table_card(before), PLAYERS[1 - mover])
    assert gained >= 2 * band
