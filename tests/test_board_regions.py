"""Clickable board regions (``board_regions(view)``, see :mod:`bot.render.regions`).

Over seeded random games of each game whose renderer offers regions: at every prompt, every
group name (at any depth) that names a thing on the board, and every main choice that is
one (Puerto Rico's roles), has exactly one region of that name, so a click on the picture
finds its step; at sampled positions the regions lie inside the picture ``board(view)``
draws and regions of distinct names never overlap (hexes share edges, which is no overlap).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from bot.engine import Game
from bot.engine.choices import layout
from bot.engine.registry import get_game
from bot.engine.testkit import random_walk
from bot.games import load_all
from bot.render import board_image
from bot.render.regions import Region, board_regions, region_at, regions_json

load_all()

CONTROLS: dict[str, frozenset[str]] = {
    "1856": frozenset(
        {
            "Bid",
            "Buy a private",
            "Buy a share",
            "Buy a train",
            "Discard a train",
            "Give up a train",
            "Lay a tile",
            "Next stop",
            "Other runs",
            "Place a station",
            "Port marker",
            "Sell shares",
            "Take a station off",
            "Start a company",
        }
    ),
    "schwarzes-gold": frozenset({"Barrel", "Rig", "Station", "Swap", "Token", "Train", "Truck"}),
    "silver-lake": frozenset({"Auction", "Mortgage", "Redeem", "Sell to the bank"}),
    "bullfrog-goldfield": frozenset(
        {
            "Building",
            "Buy a charter",
            "Buy a share",
            "Haul ore",
            "Issue a bond",
            "Lay in",
            "Lay track",
            "Pay off a bond",
            "Sell a share",
            "Swap a bond",
            "No mine",
        }
    ),
    "puerto-rico": frozenset(),
}
"""Per game, the group names that name a control (a menu), not a thing on the board: every
other group name must be a region. A new control name fails the test until it is listed."""
BAND = re.compile(r"(?P<control>.+), rows? \S+")
"""1856 splits a control into bands of map rows when more hexes are legal than one list
holds: "Lay a tile, rows I–N" is the control "Lay a tile"."""
TILE = re.compile(r"#\d+")
"""1856's tile step when a hex has more lays than one list holds ("#57"): tiles are drawn in
the tile strip, not on the map, so they have no region."""


def _is_control(slug: str, name: str) -> bool:
    band = BAND.fullmatch(name)
    base = band["control"] if band else name
    return base in CONTROLS[slug] or (slug == "1856" and TILE.fullmatch(name) is not None)


BOARD_MAIN_KEYS = {"puerto-rico": "role:"}
"""Main choices drawn on the board (by key prefix), whose label is their region's name."""

SEEDS = (1, 2)
PICTURES_PER_GAME = 4


def _walks(game: Game) -> Iterator[tuple[int, int, dict]]:
    """``(seed, index, state)`` of each walk; the state is the live one (use it at once)."""
    for seed in SEEDS:
        for players in sorted({game.min_players, game.max_players}):
            for index, state in enumerate(random_walk(game, players, seed)):
                yield seed, index, state


def _named(game: Game, state: dict) -> set[str]:
    """The names a click on the board could pick at this state."""
    names: set[str] = set()
    prefix = BOARD_MAIN_KEYS.get(game.slug)
    for prompt in game.prompts(state):
        for action in prompt.actions:
            names.update(name for name in action.group if not _is_control(game.slug, name))
            if prefix and action.main and action.key.startswith(prefix):
                names.add(action.label)
    return names


def _corners(region: Region) -> tuple[tuple[float, float], ...]:
    if region.shape == "polygon":
        return tuple(region.points)
    left, top, right, bottom = region.box
    return ((left, top), (right, top), (right, bottom), (left, bottom))


def _overlap(a: Region, b: Region, tolerance: float = 1.5) -> bool:
    """Whether two convex regions share more than an edge: separating-axis test, counting
    projections that overlap by at most ``tolerance`` pixels (rounded shared edges) as apart."""
    left = max(a.box[0], b.box[0])
    right = min(a.box[2], b.box[2])
    top = max(a.box[1], b.box[1])
    bottom = min(a.box[3], b.box[3])
    if right - left <= tolerance or bottom - top <= tolerance:
        return False
    first, second = _corners(a), _corners(b)
    for shape in (first, second):
        for index, (x1, y1) in enumerate(shape):
            x2, y2 = shape[(index + 1) % len(shape)]
            nx, ny = y2 - y1, x1 - x2
            length = (nx * nx + ny * ny) ** 0.5
            if length == 0:
                continue
            nx, ny = nx / length, ny / length
            p = [x * nx + y * ny for x, y in first]
            q = [x * nx + y * ny for x, y in second]
            if min(max(p), max(q)) - max(min(p), min(q)) <= tolerance:
                return False
    return True


def _check_geometry(regions: list[Region], width: int, height: int, where: str) -> None:
    for region in regions:
        left, top, right, bottom = region.box
        assert 0 <= left < right <= width and 0 <= top < bottom <= height, (where, region)
    for index, region in enumerate(regions):
        for other in regions[index + 1 :]:
            if other.name != region.name:
                assert not _overlap(region, other), (where, region.name, other.name)


@pytest.mark.parametrize("slug", sorted(CONTROLS))
def test_every_board_name_of_every_prompt_has_one_region_inside_the_picture(slug: str) -> None:
    game = get_game(slug)
    prompts = named_total = 0
    pictured = []
    length = sum(1 for _ in _walks(game))
    sample = {length * k // PICTURES_PER_GAME for k in range(PICTURES_PER_GAME)} | {length - 1}
    for position, (seed, index, state) in enumerate(_walks(game)):
        view = game.view(state, None)
        regions = board_regions(game, view)
        counts: dict[str, int] = {}
        for region in regions:
            counts[region.name] = counts.get(region.name, 0) + 1
        assert all(count == 1 for count in counts.values()), (seed, index, counts)
        named = _named(game, state)
        missing = sorted(name for name in named if name not in counts)
        assert not missing, (seed, index, missing)
        prompts += bool(game.prompts(state))
        named_total += len(named)
        if position in sample:
            picture = board_image(game, view)
            _check_geometry(regions, picture.width, picture.height, f"seed {seed} state {index}")
            pictured.append(len(regions))
    assert prompts > 100 and named_total > 100  # the walks reach board choices
    assert len(pictured) >= PICTURES_PER_GAME and min(pictured) > 10


def test_a_click_on_a_region_opens_its_step() -> None:
    """Schwarzes Gold: the click on a field the roll allows finds, in the step the player sees,
    the option of that field (a truck's two directions: the group to open; a token: the action)."""
    game = get_game("schwarzes-gold")
    for state in random_walk(game, 3, 5):
        prompts = game.prompts(state)
        groups = [a.group for p in prompts for a in p.actions if a.group and a.group[0] == "Truck"]
        if groups:
            break
    else:
        pytest.fail("no truck placement in the walk")
    actions = prompts[0].actions
    field = groups[0][1]
    regions = board_regions(game, game.view(state, None))
    region = next(r for r in regions if r.name == field)
    centre = ((region.box[0] + region.box[2]) / 2, (region.box[1] + region.box[3]) / 2)
    assert region_at(regions, *centre) == region
    truck = layout(actions, ("Truck",))
    options = [o for c in truck.controls() for o in c.options]
    assert any(o.group == ("Truck", field) for o in options)


def test_made_up_control_names_are_told_from_hexes() -> None:
    assert _is_control("1856", "Lay a tile, rows I–N") and _is_control("1856", "Place a station, row K")
    assert _is_control("1856", "#57") and not _is_control("1856", "K12") and not _is_control("1856", "GW")


def test_regions_as_json_and_hit_testing() -> None:
    hexagon = Region.polygon("K12", [(10, 0), (30, 0), (40, 17), (30, 34), (10, 34), (0, 17)])
    square = Region.rect("Harbor", 50.2, 0, 80.5, 30)
    assert square.box == (50, 0, 81, 30)
    assert hexagon.box == (0, 0, 41, 35)
    data = json.loads(regions_json([hexagon, square]))
    assert data[0]["shape"] == "polygon" and data[0]["points"][0] == [10, 0]
    assert data[1] == {"name": "Harbor", "box": [50, 0, 81, 30], "shape": "rect"}
    assert region_at([hexagon, square], 20, 17) is hexagon
    assert region_at([hexagon, square], 1, 1) is None  # inside the box, outside the hexagon
    assert region_at([hexagon, square], 60, 10) is square
    with pytest.raises(ValueError):
        Region("empty", (5, 5, 5, 9))


def test_the_overlap_check_tells_touching_from_overlapping() -> None:
    left = Region.polygon("A", [(0, 0), (20, 0), (20, 20), (0, 20)])
    touching = Region.polygon("B", [(20, 0), (40, 0), (40, 20), (20, 20)])
    crossing = Region.polygon("C", [(15, 5), (35, 5), (35, 25), (15, 25)])
    assert not _overlap(left, touching)
    assert _overlap(left, crossing)


def test_the_overlay_script_draws_every_region() -> None:
    from scripts.regions_overlay import overlay, position, prompt_names

    game = get_game("silver-lake")
    state = position(game, 3, 2, 40)
    view = game.view(state, None)
    picture = board_image(game, view)
    regions = board_regions(game, view)
    drawn = overlay(picture, regions, prompt_names(game, state))
    assert drawn.size == picture.size
    left, top, _, _ = regions[0].box
    assert drawn.getpixel((left + 1, top + 10)) != picture.getpixel((left + 1, top + 10))  # the outline
