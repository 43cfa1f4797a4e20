"""Puerto Rico pictures: they encode, decode, have the expected size, and keep VP secret."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.games.puerto_rico import card, render
from bot.games.puerto_rico.rules import PuertoRico
from bot.render import board_png, encode_png, private_png
from bot.render.legibility import below_floor, recording

GAME = PuertoRico()


def played(players: int, steps: int, seed: int = 7) -> dict:
    state = GAME.setup(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        GAME.apply(state, prompts[0].seat, GAME.agent(state, prompts[0].seat, rng))
    return state


def decode(image: Image.Image) -> Image.Image:
    return Image.open(io.BytesIO(encode_png(image)))


@pytest.mark.parametrize(("players", "steps"), [(3, 0), (3, 120), (4, 60), (5, 40), (5, 10_000)])
def test_board_and_private_decode_at_the_expected_size(players: int, steps: int) -> None:
    state = played(players, steps)
    view = GAME.view(state, None)
    view["names"] = ["Ana", "Ben", "Cleo", "Dev", "Eli"][:players]
    picture = decode(render.board(view))
    rows = (players + 1) // 2
    assert picture.size == (render.WIDTH, 92 + 128 + 262 + 372 + rows * 384 + render.MARGIN)
    mine = GAME.view(state, 1)
    private = decode(render.private(mine))
    assert private.width == card.WIDTH and 400 < private.height < 1400
    assert render.private(view) is None  # a spectator has no private board


def test_shared_kit_finds_the_renderer() -> None:
    state = played(4, 30)
    assert board_png(GAME, GAME.view(state, None)).startswith(b"\x89PNG")
    assert private_png(GAME, GAME.view(state, 2)).startswith(b"\x89PNG")


def test_public_board_does_not_draw_vp_chips() -> None:
    state = played(4, 80)
    other = GAME.conceal(state, None, random.Random(5))
    other["rng"] = state["rng"]
    other["stack"] = list(state["stack"])
    for seat in other["seats"]:
        seat["vp"] += 17
    assert other["seats"] != state["seats"]
    same = render.board(GAME.view(state, None)).tobytes() == render.board(GAME.view(other, None)).tobytes()
    assert same  # nothing on the public board depends on anyone's VP chips
    same_card = render.table_card(GAME.view(state, None)).tobytes() == render.table_card(GAME.view(other, None)).tobytes()
    assert same_card  # nor on the table card
    assert render.private(GAME.view(state, 0)).tobytes() != render.private(GAME.view(other, 0)).tobytes()


def test_names_fall_back_to_player_numbers() -> None:
    view = GAME.view(played(3, 5), None)
    assert render._name(view, 2) == "Player 3"
    view["names"] = ["A", "B", "C"]
    assert render._name(view, 2) == "C"


def test_the_card_at_the_end_prints_the_final_scores_above_the_floor() -> None:
    state = played(3, 10_000)
    view = GAME.view(state, None)
    assert view["over"]
    view["names"] = ["Ana", "Ben", "Cleo"]
    outcome = GAME.outcome(state)
    assert card.card_standings(view) == [f"{int(score)} pts" for score in outcome.scores]
    with recording() as drawn:
        image = render.table_card(view)
    assert below_floor(drawn, image.width) == []
    texts = {item.text for item in drawn}
    assert "Final score" in texts and f"{int(outcome.scores[0])} pts" in texts


def test_the_last_move_keeps_only_public_lines() -> None:
    state = played(4, 0)
    lines = []
    rng = random.Random(3)
    while prompts := GAME.prompts(state):  # a whole game: every shipment's "You earn N VP." is private
        GAME.apply(state, prompts[0].seat, GAME.agent(state, prompts[0].seat, rng))
        lines += GAME.view(state, None)["last"]["lines"]
    assert any("loads" in line for line in lines)
    assert not any("You earn" in line for line in lines)
