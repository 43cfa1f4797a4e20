"""Looking at one hex's tiles before laying one (``tiles:K12``): the prompt narrows to that
hex, the picture draws every tile it may take captioned with its move, and turning back is
offered once per hex and turn."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.games.g1856 import core
from bot.games.g1856.rules import G1856

GAME = G1856()


def keys(state: dict[str, Any]) -> list[str]:
    return [a.key for a in GAME.legal_prompts(state)[0].actions]


@pytest.fixture(scope="module")
def track_step() -> dict[str, Any]:
    """A bot game (4 players) at the first track step in phase 3 with a hex of many tiles."""
    rng = random.Random(3)
    state = GAME.setup(4, {}, 3)
    while GAME.legal_prompts(state):
        prompt = GAME.legal_prompts(state)[0]
        offered = [a.key for a in prompt.actions]
        if state["phase"] == "3" and sum(k.startswith("tiles:") for k in offered) >= 2:
            return state
        GAME.apply(state, prompt.seat, GAME.agent(state, prompt.seat, rng))
    raise AssertionError("no track step in phase 3")


def test_looking_at_a_hex_narrows_the_choice_to_its_tiles(track_step: dict[str, Any]) -> None:
    state = core.clone(track_step)
    coord = next(k for k in keys(state) if k.startswith("tiles:"))[6:]
    expected = sorted(k for k in keys(state) if k.startswith(f"lay:{coord}:"))
    GAME.apply(state, GAME.legal_prompts(state)[0].seat, f"tiles:{coord}")
    assert sorted(k for k in keys(state) if k != "back") == expected and "back" in keys(state)
    GAME.apply(state, GAME.legal_prompts(state)[0].seat, expected[0])
    assert state["map"]["tiles"][coord]["tile"] == expected[0].split(":")[2]
    assert "looking" not in (state.get("op") or {})


def test_turning_back_from_a_hex_is_offered_once_per_hex(track_step: dict[str, Any]) -> None:
    state = core.clone(track_step)
    coord = next(k for k in keys(state) if k.startswith("tiles:"))[6:]
    seat = GAME.legal_prompts(state)[0].seat
    GAME.apply(state, seat, f"tiles:{coord}")
    GAME.apply(state, seat, "back")
    assert f"tiles:{coord}" not in keys(state)
    assert any(k.startswith(f"lay:{coord}:") for k in keys(state))  # laying there directly still works
    assert any(k.startswith("tiles:") for k in keys(state))  # other hexes may still be looked at


def test_the_picture_draws_the_hexs_tiles_under_the_map(track_step: dict[str, Any]) -> None:
    from bot.games.g1856 import render
    from bot.games.g1856.render_map import FILL

    def tile_pixels(image: Image.Image) -> int:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG")  # decoded back: what Discord would show
        decoded = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
        fills = (FILL["yellow"], FILL["green"])  # phase 3 offers both
        return sum(n for n, colour in decoded.getcolors(1 << 20) or [] if colour in fills)

    state = core.clone(track_step)
    before = render.board(GAME.view(state, None))
    coord = next(k for k in keys(state) if k.startswith("tiles:"))[6:]
    GAME.apply(state, GAME.legal_prompts(state)[0].seat, f"tiles:{coord}")
    options = [k for k in keys(state) if k.startswith("lay:")]
    looking = render.board(GAME.view(state, None))
    assert looking.width == before.width and looking.height > before.height + 150
    # Every option is a yellow or green tile of phase 3, drawn at about 10,000 pixels.
    assert tile_pixels(looking) - tile_pixels(before) > 5_000 * len(options)
