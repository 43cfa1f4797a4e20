"""1856 map pictures: drawn from plain views, early and late, with the last run and a zoom."""

from __future__ import annotations

import json
import random

from bot.games.g1856.map import lay_tile, new_map, place_home_token, tokens_of
from bot.games.g1856.positions import random_position
from bot.games.g1856.render_map import ROUTE_COLOURS, map_view, render_map, render_zoom
from bot.games.g1856.routes import best_routes


def _count(image, colour) -> int:
    return dict((c, n) for n, c in image.getcolors(maxcolors=1 << 24)).get(colour, 0)


def test_early_map_with_the_walkthrough_run():
    state = new_map()
    place_home_token(state, "GW")
    lay_tile(state, "GW", "F17", "5", 2, "2")
    plan = best_routes(state, "GW", ["2", "2"], "2")
    view = map_view(state, "2", {"corp": "GW", "routes": [r.to_json() for r in plan.routes]}, zoom="GW")
    view = json.loads(json.dumps(view))  # a view is plain data
    image = render_map(view)
    assert 1000 <= image.width <= 1400
    assert _count(image, ROUTE_COLOURS[0]) > 200  # the route is highlighted
    zoom = render_zoom(view)
    assert zoom.width >= 1000
    # The zoom shows fewer hexes, so each is bigger: the London route takes more pixels.
    assert _count(zoom, ROUTE_COLOURS[0]) > _count(image, ROUTE_COLOURS[0])


def test_late_map_draws():
    state, corps, phase = random_position(random.Random(4), 90, corps=6, phase_every=15)
    corp = next(c for c in corps if tokens_of(state, c))
    plan = best_routes(state, corp, ["6", "D"], phase)
    view = map_view(state, phase, {"corp": corp, "routes": [r.to_json() for r in plan.routes]}, zoom=corp)
    assert render_map(view).height > 800
    assert render_zoom(view).width >= 1000
