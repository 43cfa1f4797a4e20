"""The 1856 table card (``bot/games/g1856/card.py``): what it says agrees with the game.

The shared tests (``tests/test_table_card.py``) check that the card reads on a phone; these
check that it tells the truth: the player it frames is the one the game asks, the numbers it
prints are the ones ``outcome`` ranks by, the hexes it labels are the ones the move buttons
name, and the last move it reports is the one just made, marked on the map.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageChops

from bot.engine import State
from bot.games.g1856 import card
from bot.games.g1856.render_map import _Layout
from bot.games.g1856.rules import G1856
from bot.render import card_png
from bot.render.palette import HIGHLIGHT

GAME = G1856()


def _view(state: State) -> dict[str, Any]:
    view = json.loads(json.dumps(GAME.view(state, None)))  # a fresh copy, as plain data
    view["names"] = [f"Seat {i + 1}" for i in range(view["players"])]
    return view


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


def test_the_card_frames_the_player_the_game_asks_and_prints_what_outcome_ranks_by() -> None:
    state = GAME.setup(4, GAME.resolve_options({}), 5)
    rng = random.Random(5)
    rounds = set()
    for _ in range(400):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        view = _view(state)
        assert card.seat_to_move(view) == prompts[0].seat, (view["round"], prompts[0].text)
        rounds.add(view["round"])
        GAME.apply(state, prompts[0].seat, GAME.agent(state, prompts[0].seat, rng))
    assert {"auction", "stock", "operating"} <= rounds
    view = _view(state)
    assert card.card_standings(view) == [GAME.format_score(value) for value in view["values"]]


def test_labelled_hexes_are_the_hexes_the_track_buttons_name() -> None:
    state = _play(3, 2, lambda s: bool(s["op"] and s["op"].get("step") == "track" and s["op"].get("lays")))
    view = _view(state)
    buttons = {
        action.key.split(":")[1]
        for action in GAME.prompts(state)[0].actions
        if action.key.startswith("tiles:")
    }
    assert buttons and set(card.choosable_hexes(view)) == buttons
    window, outside = card.map_window(view)
    assert window.size == (card.WIDTH, card.MAP_HEIGHT)
    assert set(outside) < buttons or not outside  # some are labelled on the window itself
    assert card.table_card(view).width == card.WIDTH


def test_the_last_move_is_reported_and_its_hex_marked() -> None:
    state = _play(3, 2, lambda s: bool(s["op"] and s["op"].get("step") == "track" and s["op"].get("lays")))
    prompt = GAME.prompts(state)[0]
    corp = state["op"]["corp"]
    lay = next(action.key for action in prompt.actions if action.key.startswith("lay:"))
    GAME.apply(state, prompt.seat, lay)
    view = _view(state)
    coord, tile = lay.split(":")[1:3]
    said = card.last_move(view, view["names"])
    assert said.startswith(f"Seat {prompt.seat + 1} ({corp}) laid tile #{tile} on {coord}")
    assert card.last_hexes(view) == {coord}
    assert view["op"]["corp"] == corp  # still its turn: the card shows the map around it
    window, _ = card.map_window(view)
    left, top = card.window_corner(view, card.choosable_hexes(view))
    layout = _Layout(card.HEX, (-left, -top), (0, 0), (1, 1))
    assert card._labelled(layout, coord)
    x, y = layout.centre(coord)
    y -= card.HEX * 0.58  # where the coordinate's plate is
    plate = window.crop((int(x - 20), int(y - 10), int(x + 20), int(y + 10)))
    assert _near(plate, HIGHLIGHT) > 50, "the changed hex's coordinate sits on a highlighted plate"


def test_a_stock_move_is_reported_with_its_company() -> None:
    state = _play(4, 3, lambda s: s["round"] == "stock")
    prompt = GAME.prompts(state)[0]
    buy = next(action.key for action in prompt.actions if action.key.startswith(("buy:", "par:")))
    GAME.apply(state, prompt.seat, buy)
    view = _view(state)
    sym = buy.split(":")[1]
    said = card.last_move(view, view["names"])
    assert said.startswith(f"Seat {prompt.seat + 1} ") and sym in said
    assert card.last_company(view) == sym
    png = card_png(GAME, view)
    assert Image.open(io.BytesIO(png)).width == card.WIDTH and len(png) < 150_000


def _near(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 12) -> int:
    r, g, b = ImageChops.difference(image.convert("RGB"), Image.new("RGB", image.size, colour)).split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    return worst.point(lambda p: 255 if p <= tolerance else 0).histogram()[255]
