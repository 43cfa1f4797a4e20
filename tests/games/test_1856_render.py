"""1856 pictures: the map alone (early and late, with a run and a zoom) and the whole table
picture, decoded back from PNG, with the sprite and text caches checked against fresh
drawings so a changed view can never show a stale picture."""

from __future__ import annotations

import copy
import io
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.engine import State
from bot.games.g1856 import board, economy
from bot.games.g1856 import render as table
from bot.games.g1856 import render_map as rmap
from bot.games.g1856.map import current, lay_tile, legal_tile_lays, new_map, place_home_token, tokens_of
from bot.games.g1856.positions import random_position
from bot.games.g1856.render_map import ROUTE_COLOURS, map_view, render_map, render_zoom
from bot.games.g1856.routes import best_routes
from bot.games.g1856.rules import G1856
from bot.render import board_png
from bot.render.palette import BACKGROUND, INK, MUTED, PLAYERS, WHITE

GAME = G1856()


def _count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    return dict((c, n) for n, c in image.getcolors(maxcolors=1 << 24)).get(colour, 0)


def _near(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 12) -> int:
    """Pixels within ``tolerance`` of ``colour`` on every channel (a PNG's 256-colour palette
    moves colours a little)."""
    r, g, b = ImageChops.difference(image, Image.new("RGB", image.size, colour)).split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    return worst.point(lambda p: 255 if p <= tolerance else 0).histogram()[255]


def _play(players: int, seed: int, until: Callable[[State], bool], limit: int = 3000) -> State:
    """A game of heuristic bots, stopped at the first position where ``until`` holds."""
    state = GAME.setup(players, GAME.resolve_options({}), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        prompt = GAME.prompts(state)[0]
        GAME.apply(state, prompt.seat, GAME.agent(state, prompt.seat, rng))
    raise AssertionError("the position was never reached")


def _view(state: State) -> dict[str, Any]:
    view = json.loads(json.dumps(GAME.view(state, None)))  # a view is plain data
    view["names"] = [f"Seat {i + 1}" for i in range(view["players"])]
    return view


def _clear_caches() -> None:
    for cached in (rmap._sprite, rmap._body, rmap._plan, rmap.settle_labels, table._glyphs, table._measure, table._market_row):
        cached.cache_clear()


def _decode(view: dict[str, Any]) -> Image.Image:
    return Image.open(io.BytesIO(board_png(GAME, view))).convert("RGB")


def _bare_map_height() -> int:
    return render_map(map_view(new_map(), "2"), table.WIDTH).height


def _is_track_step(state: State) -> bool:
    op = state.get("op") or {}
    return (
        op.get("step") == "track"
        and not op.get("laid")
        and bool(op.get("lays"))
        and len(state["map"]["tiles"]) >= 2
    )


def _is_route_step(state: State) -> bool:
    op = state.get("op") or {}
    plan = op.get("plan")
    return op.get("step") == "route" and bool(plan) and len(plan["routes"]) >= 2


# ---------------------------------------------------------------- the map alone


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


def _direct(view: dict[str, Any], width: int = 1400) -> Image.Image:
    """The map drawn hex by hex straight onto one canvas, without sprites (the reference);
    each hex's labels keep clear of what :func:`rmap.settle_labels` says, as in the sprites."""
    fresh = render_map(view, width)  # the same size and header
    coords = sorted(board.hexes())
    cols = [ord(c[0]) - ord("A") for c in coords]
    rows = [int(c[1:]) for c in coords]
    size = min(90.0, (width - 24) / (1.5 * (max(cols) - min(cols)) + 2))
    layout = rmap._Layout(size, (12, 96), (min(cols), max(cols)), (min(rows), max(rows)))
    image = Image.new("RGB", fresh.size, BACKGROUND)
    image.paste(fresh.crop((0, 0, fresh.width, 90)), (0, 0))  # the header is not a hex
    draw = ImageDraw.Draw(image)
    hexes = tuple((coord, rmap._laid(view["map"]["tiles"], coord)) for coord in coords)
    avoid = rmap.settle_labels(rmap._geometry(coords, width)[0], hexes, view["phase"])
    for layer in (0, 1):
        for coord in coords:
            keep_clear = avoid.get(coord, ()) if layer else ()
            rmap._draw_hex(draw, layout, coord, view["map"], view["phase"], None, layer, keep_clear)
    return image


def test_sprites_give_the_same_map_as_drawing_directly():
    state, _, phase = random_position(random.Random(9), 120, corps=8, phase_every=20)
    view = map_view(state, phase)
    _clear_caches()
    cold = render_map(view)
    warm = render_map(view)  # from the caches
    assert ImageChops.difference(cold, warm).getbbox() is None
    direct = _direct(view)
    inside = direct.crop((0, 90, direct.width, direct.height))
    assert _count(inside, rmap.FILL["white"]) > 100_000  # hexes were drawn
    diff = ImageChops.difference(cold, direct).convert("L").point(lambda p: 255 if p else 0)
    # Only the rounding of a wide line's edge may differ (a whole-pixel shift can round a
    # half pixel the other way): a few hundred pixels of 1.5 million.
    assert _count(diff.convert("RGB"), (255, 255, 255)) < 600


# ---------------------------------------------------------------- the table picture


@pytest.mark.parametrize("players", [3, 6])
def test_table_picture_decodes_with_every_panel_filled(players):
    state = _play(players, 3, lambda s: s["round"] == "operating" and len(s["map"]["tiles"]) >= 2)
    view = _view(state)
    image = _decode(view)
    assert image.width == 1400 and 1800 < image.height < 2800
    top = _bare_map_height()
    hexes = image.crop((0, 90, 1400, top))
    assert _near(hexes, rmap.FILL["white"]) > 100_000  # the printed map
    assert _near(hexes, rmap.FILL["yellow"]) > 1_000  # laid tiles
    panel = image.crop((0, top, 1400, image.height))
    for seat in range(players):
        assert _near(panel, PLAYERS[seat]) >= 25 * 25  # each player's swatch
    for sym, c in view["corps"].items():
        if c["par"] is not None:  # a charter, a market marker and the certificates
            assert _near(panel, table._corp_colour(sym)) > 3_000


def test_header_reads_as_players_count_rounds():
    state = _play(4, 3, lambda s: s["round"] == "operating" and s["or_total"] == 2 and s["or_number"] == 2)
    view = _view(state)
    assert table.round_title(view) == "Operating round 2 of 2"
    detail = table.round_detail(view)
    assert detail.startswith(f"After stock round {view['sr_number']} · {view['op']['corp']} ")
    stock = _view(_play(4, 3, lambda s: s["round"] == "stock" and s["sr_number"] == 2))
    assert table.round_title(stock) == "Stock round 2"
    assert "to act" in table.round_detail(stock)


def test_header_names_the_seat_that_acts():
    """Through auctions (a private bid off between its bidders included) and stock rounds of
    random games, the header's second line names the seat the game is waiting for."""
    checked = 0
    for seed in range(6):
        state = GAME.setup(4, GAME.resolve_options({}), seed)
        rng = random.Random(seed)
        while (prompts := GAME.prompts(state)) and state["round"] in ("auction", "stock"):
            if not state.get("crisis"):
                assert table.round_detail(_view(state)).startswith(f"Seat {prompts[0].seat + 1} to act")
                checked += 1
            prompt = rng.choice(prompts)
            GAME.apply(state, prompt.seat, rng.choice(prompt.actions).key)
    assert checked > 100


def test_cash_change_redraws_only_the_players_panel():
    view = _view(_play(4, 5, lambda s: s["round"] == "stock" and s["sr_number"] == 2))
    before = table.board_image(view)
    changed = copy.deepcopy(view)
    changed["cash"][1] += 7
    after = table.board_image(changed)
    box = ImageChops.difference(before, after).getbbox()
    top = _bare_map_height()
    assert box is not None
    assert top + 8 + 36 + 40 <= box[1] and box[3] <= top + 8 + table._players_height(view)  # seat 2's row


def test_a_change_on_the_map_shows_and_the_caches_never_go_stale():
    state = _play(3, 1, _is_track_step)
    view = _view(state)
    first = table.board_image(view)  # the caches now hold this position
    corp = view["op"]["corp"]
    lay = next(
        o for o in legal_tile_lays(view["map"], corp, view["phase"]) if o.hex not in view["map"]["tiles"]
    )
    moved = copy.deepcopy(view)
    lay_tile(moved["map"], corp, lay.hex, lay.tile, lay.rotation, view["phase"])
    moved["op"]["step"] = "token"  # the lay is made: no more outlines
    second = table.board_image(moved)
    box = ImageChops.difference(first, second).getbbox()
    assert box is not None and box[1] < _bare_map_height()
    # The same views drawn from empty caches give exactly the same pictures.
    _clear_caches()
    assert ImageChops.difference(table.board_image(moved), second).getbbox() is None
    assert ImageChops.difference(table.board_image(view), first).getbbox() is None
    # A station marker changes its hex too.
    stationed = copy.deepcopy(moved)
    home = next(
        sym for sym, c in board.corporations().items() if c["home"] and not tokens_of(moved["map"], sym)
    )
    place_home_token(stationed["map"], home)
    marked = table.board_image(stationed)
    box = ImageChops.difference(second, marked).getbbox()
    assert box is not None and box[3] < _bare_map_height()
    _clear_caches()
    assert ImageChops.difference(table.board_image(stationed), marked).getbbox() is None
    # A new phase changes printed revenues (off-boards): the map must change with it.
    later = copy.deepcopy(moved)
    later["phase"] = "5"
    top = _bare_map_height()
    assert ImageChops.difference(
        second.crop((0, 90, 1400, top)), table.board_image(later).crop((0, 90, 1400, top))
    ).getbbox()


def test_market_markers_follow_the_view():
    view = _view(_play(4, 5, lambda s: s["round"] == "stock" and s["sr_number"] == 2))
    cell, syms = next(iter(view["cells"].items()))
    image = table.board_image(view)
    moved = copy.deepcopy(view)
    del moved["cells"][cell]
    r, col = (int(x) for x in cell.split(","))
    moved["cells"][f"{r},{col + 1}"] = syms + moved["cells"].get(f"{r},{col + 1}", [])
    after = table.board_image(moved)
    box = ImageChops.difference(image, after).getbbox()
    market_top = image.height - 12 - sum(s.height for s in table._market_rows(view))
    assert box is not None and box[1] >= market_top  # only the market moved
    _clear_caches()
    assert ImageChops.difference(table.board_image(moved), after).getbbox() is None
    assert economy.market()[r][col]["price"] > 0


def test_track_step_outlines_where_the_company_may_lay():
    view = _view(_play(3, 1, _is_track_step))
    corp = view["op"]["corp"]
    hexes = table.lay_hexes(view)
    assert hexes and set(hexes) <= {key.split(":")[1] for key, _ in view["op"]["lays"]}
    outlined = table.board_image(view)
    plain = copy.deepcopy(view)
    plain["op"]["step"] = "token"
    assert table.lay_hexes(plain) == []
    top = _bare_map_height()
    colour = table._corp_colour(corp)
    ring = _count(outlined.crop((0, 90, 1400, top)), colour) - _count(
        table.board_image(plain).crop((0, 90, 1400, top)), colour
    )
    assert ring > 150 * len(hexes)  # about six sides of 4 px a hex
    # One hex is "1 hex", never "1 hexes".
    words = f"{len(hexes)} hex outlined" if len(hexes) == 1 else f"{len(hexes)} hexes outlined"
    assert words in table.round_detail(view)
    assert "1 hexes" not in table.round_detail(view)


def test_route_step_shows_the_best_run():
    view = _view(_play(3, 1, _is_route_step))
    run = table.shown_run(view)
    assert run is not None and run["routes"] == view["op"]["plan"]["routes"]
    image = table.board_image(view)
    assert _count(image.crop((0, 90, 1400, _bare_map_height())), ROUTE_COLOURS[0]) > 100


def test_cgr_and_the_nationalization_draw():
    """Record 89363 moved on to phase 5 (as in the rules tests), then the first 6-train: the
    header names the CGR's forming, then the CGR has a charter and a market marker."""
    from bot.games.g1856 import core
    from tests.games.test_1856_cgr import phase5_position

    state = phase5_position(wr_cash=800)
    core.buy_train(state, "WR", "6-0", 700)
    assert state.get("nationalization")
    first = state["nationalization"]["queue"][0]
    assert table.round_detail(_view(state)) == (
        f"The CGR is forming: Seat {state['corps'][first]['president'] + 1} decides whether to repay "
        f"{first}'s loans or merge it"
    )
    table.board_image(_view(state))
    while state.get("nationalization"):
        core.nationalization_choice(state, state["nationalization"]["queue"][0], pay=False)
    view = _view(state)
    image = table.board_image(view)
    assert ("CGR", view["corps"]["CGR"]) in table._started(view)
    black = _count(image.crop((0, _bare_map_height(), 1400, image.height)), (0, 0, 0))
    assert black > 80 * 30  # the CGR's chip (black) in the charters, and its market marker


def test_trains_sit_in_the_maps_empty_corner():
    """No hex reaches the corner the train roster uses, even on a full map; a train bought
    changes that corner and nothing else on the map."""
    bare = render_map(map_view(new_map(), "2"), table.WIDTH)
    assert bare.crop(table.TRAINS_BOX).getcolors(1) == [(_area(table.TRAINS_BOX), BACKGROUND)]
    # Not only printed hexes: no hex of the board has a corner in (or near) the corner box.
    coords = sorted(board.hexes())
    cols = [ord(c[0]) - ord("A") for c in coords]
    rows = [int(c[1:]) for c in coords]
    size = (table.WIDTH - 24) / (1.5 * (max(cols) - min(cols)) + 2)
    layout = rmap._Layout(size, (12, 96), (min(cols), max(cols)), (min(rows), max(rows)))
    x0, y0, x1, y1 = table.TRAINS_BOX
    for coord in coords:
        cx, cy = layout.centre(coord)
        assert cx + size < x0 or cx - size > x1 or cy + size < y0 or cy - size > y1, coord
    view = _view(_play(4, 5, lambda s: s["round"] == "operating" and s["phase"] == "3"))
    before = table.board_image(view)
    bought = copy.deepcopy(view)
    name = next(n for n, left in bought["depot"].items() if left > 0)
    bought["depot"][name] -= 1
    box = ImageChops.difference(before, table.board_image(bought)).getbbox()
    x0, y0, x1, y1 = table.TRAINS_BOX
    assert box is not None and x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1


def _area(box: tuple[int, int, int, int]) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def test_the_private_companies_panel_shows_prices_bids_and_owners() -> None:
    from bot.games.g1856.rules import G1856

    game = G1856()
    state = game.setup(3, {}, 0)
    view = game.view(state, None)
    before = table.board_image(view)
    assert table._private_status(view, "FT", ["Ana", "Bo", "Cy"]).startswith("for sale at $20 (buy it")
    game.apply(state, 0, "buy:FT")
    game.apply(state, 1, "bid:TCC:60")
    view = game.view(state, None)
    assert table._private_status(view, "FT", ["Ana", "Bo", "Cy"]) == "owned by Ana"
    assert table._private_status(view, "TCC", ["Ana", "Bo", "Cy"]) == "bids: Bo $60"
    after = table.board_image(view)
    assert after.size == before.size and after.tobytes() != before.tobytes()
    state["privates"]["FT"]["closed"] = True  # a closed private leaves the panel
    assert table.board_image(game.view(state, None)).height == before.height - 34


# ---------------------------------------------------------------- labels


def _record_end_map(name: str) -> tuple[dict[str, Any], str]:
    """The map at the end of a test record, replayed through our engine."""
    from pathlib import Path

    from bot.games.g1856 import replay18xx

    record = json.loads((Path(__file__).parent / "data" / "1856" / f"{name}.json").read_text())
    last: State | None = None
    for _, after in replay18xx.steps(record, replay18xx.platform_of(record)):
        last = after
    assert last is not None
    return last["map"], last["phase"]


def test_labels_clear_of_stops_revenue_track_and_each_other_on_a_late_map() -> None:
    """Record hotseat007's last map (phase D): markers in Toronto, Hamilton and Barrie, a
    brown tile on Maudaumin (C14). No hex name, coordinate, tile letter or revenue disc
    covers a city's marker spaces, a town or another label; a label over track stands on a
    plate; and the pixels in each label's box are its text's, so what was planned is drawn."""
    state, phase = _record_end_map("hotseat007")
    for coord in ("N11", "L15", "M4", "C14"):
        assert state["tokens"].get(coord) and coord in state["tiles"], coord
    view = map_view(state, phase)
    plans = rmap.label_plans(view)
    checked = 0
    for coord, plan in plans.items():
        boxes = list(plan.labels.items())
        for k, (key, (_, _, box)) in enumerate(boxes):
            assert not any(rmap._overlaps(box, m) for m in plan.markers), (coord, key)
            for other, (_, _, box2) in boxes[k + 1 :]:
                assert not rmap._overlaps(box, box2), (coord, key, other)
            if key not in plan.backed and not key.startswith("revenue:c"):
                assert not any(rmap._overlaps(box, t) for t in plan.track), (coord, key)
            checked += 1
    assert checked > 150  # every hex has its coordinate at least
    # Across hexes too: a name or a disc reaching over the hex's border covers no neighbour's
    # label or stops (the Hamilton disc used to sit on "M16", M16's "$40" on Welland's "OO").
    placed = [(coord, key, box) for coord, plan in plans.items() for key, (_, _, box) in plan.labels.items()]
    for coord, key, box in placed:
        for other, plan in plans.items():
            if other != coord:
                assert not any(rmap._overlaps(box, m) for m in plan.markers), (coord, key, other)
                for other_key, (_, _, box2) in plan.labels.items():
                    assert not rmap._overlaps(box, box2), (coord, key, other, other_key)
    for coord in ("N11", "L15", "M4", "C14"):
        assert {"coord", "name", "revenue:c0"} <= set(plans[coord].labels), coord
        assert min(plans[coord].sizes.values()) >= 13  # readable
    image = render_map(view)
    for coord in ("N11", "L15", "M4", "C14"):
        plan = plans[coord]
        dark = current(state, coord).colour in ("red", "brown", "gray")
        for key, colour in (("coord", WHITE if dark else MUTED), ("name", INK)):
            left, top, right, bottom = (round(v) for v in plan.labels[key][2])
            inked = _near(image.crop((left, top, right, bottom)), colour, 40)
            assert inked > 15, (coord, key, inked)


def test_revenue_disc_keeps_clear_of_the_coordinate_on_c14() -> None:
    """The disc of Maudaumin's city used to sit on "C14" (the coordinate under it)."""
    state = new_map()
    place_home_token(state, "LPS")
    lay_tile(state, None, "C14", "57", 2, "2")
    plan = rmap.label_plans(map_view(state, "2"))["C14"]
    disc = plan.labels["revenue:c0"][2]
    assert not rmap._overlaps(disc, plan.labels["coord"][2])
    assert not rmap._overlaps(disc, plan.labels["name"][2])


@pytest.mark.parametrize("tile", sorted(t for t, spec in board.tiles().items() if len(spec["cities"]) >= 2))
def test_the_cities_of_a_two_city_tile_never_overlap(tile: str) -> None:
    """A city on a straight run sits at the centre by its edges; on brown #67 and #68 the
    other city did too, and Kitchener's two cities were drawn as one blot."""
    layout = rmap._map_layout(1400)
    gap = 2 * rmap._slot_radius(layout.s, 1)
    for rotation in range(6):
        placed = board.placed_tile(tile, rotation)
        points = rmap._node_positions(layout, "I12", placed)
        cities = [points[f"c{i}"] for i in range(len(placed.cities))]
        for i, a in enumerate(cities):
            for b in cities[i + 1:]:
                assert ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 >= gap, (tile, rotation)
