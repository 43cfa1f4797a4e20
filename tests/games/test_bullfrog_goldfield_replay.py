"""Bullfrog Goldfield: a whole recorded game, the uniform kit, the agent and the pictures.

The recorded game (``data/bullfrog-goldfield/replays/4p-seed2026.json``, written by
``scripts/bullfrog_record.py``: two agent seats and two random ones) is replayed through
``apply``; every logged key must be legal when it comes, and the game must end as recorded.
Beyond the recorded figures, the final scores are re-added here from the rulebook's
definition (cash plus the track value of every certificate held, bonded railroads at 0).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.engine.testkit import check_game, play_forward
from bot.games.bullfrog_goldfield import render
from bot.games.bullfrog_goldfield.rules import COMPANIES, BullfrogGoldfield

GAME = BullfrogGoldfield()
REPLAY = Path(__file__).resolve().parents[2] / "data" / "bullfrog-goldfield" / "replays" / "4p-seed2026.json"


def test_recorded_game_replays_to_its_result() -> None:
    data = json.loads(REPLAY.read_text(encoding="utf-8"))
    state = GAME.setup(data["players"], data["options"], data["seed"])
    for seat, key in data["log"]:
        assert GAME.prompts(state), "the game ended before the log did"
        GAME.apply(state, seat, key)
    outcome = GAME.outcome(state)
    expected = data["expected"]
    assert outcome is not None and not GAME.prompts(state)
    assert outcome.reason == expected["reason"] and state["cycle"] == expected["cycle"]
    assert list(outcome.ranks) == expected["ranks"] and state["cash"] == expected["cash"]
    values = {cid: co["value"] for cid, co in state["cos"].items() if co["status"] == "open"}
    assert values == expected["values"]
    for seat in range(data["players"]):
        stock = 0
        for cid in COMPANIES:
            co = state["cos"][cid]
            if co["status"] != "open":
                continue  # exhausted mines and bonded railroads are worth nothing
            stock += co["value"] * [co["charter"], *co["shares"]].count(seat)
        assert outcome.scores[seat] == (state["cash"][seat] + stock) * 1000 == expected["worth"][seat] * 1000


def test_kit_a_few_seeds_every_player_count() -> None:
    for players in range(2, 6):
        playouts = check_game(GAME, range(2), players, {"cash": "hidden"})
        assert all(p.outcome is not None for p in playouts)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_kit_200_seeds(players: int) -> None:
    playouts = check_game(GAME, range(200), players)
    assert len(playouts) == 200


def test_agent_beats_random_players() -> None:
    wins = 0
    for seed in range(12):
        state = GAME.setup(4, {}, seed)
        rng = random.Random(seed)
        agent_seat = seed % 4
        while GAME.prompts(state):
            prompt = GAME.prompts(state)[0]
            key = GAME.agent(state, prompt.seat, rng) if prompt.seat == agent_seat else rng.choice(prompt.actions).key
            GAME.apply(state, prompt.seat, key)
        wins += GAME.outcome(state).ranks[agent_seat] == 1
    assert wins >= 9


@pytest.mark.parametrize(("players", "steps", "options"), [
    (2, 0, {}), (3, 60, {"length": "short"}), (4, 150, {"cash": "hidden"}), (5, 10_000, {}),
])
def test_board_pictures_draw_at_every_stage(players: int, steps: int, options: dict[str, str]) -> None:
    state = GAME.setup(players, options, 5)
    play_forward(GAME, state, chooser=random.Random(5), steps=steps)
    image = render.board(GAME.view(state, None))
    assert image.width == render.WIDTH and 1500 < image.height < 2200


def test_hidden_cash_never_reaches_the_public_picture() -> None:
    state = GAME.setup(3, {"cash": "hidden"}, 8)
    play_forward(GAME, state, chooser=random.Random(8), steps=80)
    assert state["phase"] != "over"
    public = render.board(GAME.view(state, None)).tobytes()
    richer = json.loads(json.dumps(state))
    richer["cash"] = [c + 77 for c in richer["cash"]]
    assert render.board(GAME.view(richer, None)).tobytes() == public
    own = render.private(GAME.view(state, 1))
    assert own is not None and render.private(GAME.view(state, None)) is None
    assert render.private(GAME.view(GAME.setup(3, {}, 8), 1)) is None  # open cash: no private picture
