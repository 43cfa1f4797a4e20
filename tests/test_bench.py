"""The benchmark runs timed games on the table clock it simulates and reports CPU beside wall
time. (It prints numbers and asserts nothing about speed; these tests only check it runs true.)"""

from __future__ import annotations

from typing import Any

import pytest

from bot import bench
from bot.games import load_all
from bot.selfplay import SimulatedClock


@pytest.mark.slow
@pytest.mark.parametrize("slug", ["chomp", "collide-o"])
async def test_timed_games_bench_on_the_simulated_clock(slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the real clock, a render slower than the tie window made the next move "too late"
    and the bench crashed; on the simulated clock time passes only as the players think."""
    load_all()
    clocks: list[Any] = []
    real = bench.Tables

    class Spy(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            clocks.append(kwargs.get("clock"))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(bench, "Tables", Spy)
    lines: list[str] = []
    figures = await bench.bench_game(slug, lines.append, games=1, engine_seconds=0.1)
    assert isinstance(clocks[0], SimulatedClock)
    assert figures["move_card_p95_cpu_ms"] > figures["card_p95_cpu_ms"] > 0 and figures["render_p95_cpu_ms"] > 0
    assert any("move→card" in line and "CPU" in line for line in lines)
    # The card's width and size are printed as the card's PNG header and length say.
    [card_line] = [line for line in lines if line.startswith("  card ") and "wide" in line]
    assert f"{int(figures['card_width_min'])}" in card_line and "KB" in card_line
    assert any("interleaved" in line for line in lines)


def test_png_width_reads_the_header_of_an_encoded_picture() -> None:
    import io

    from PIL import Image

    from bot.render import encode_png

    png = encode_png(Image.new("RGB", (437, 90), (200, 30, 30)))
    assert bench.png_width(png) == 437 == Image.open(io.BytesIO(png)).width


def test_the_state_copy_figures_time_both_copies_of_a_state_halfway_through_a_game() -> None:
    load_all()
    from bot.engine import get_game

    game = get_game("hisss")
    start = game.setup(2, game.resolve_options({}), 1)
    middle = bench.mid_game_state(game, 2)
    assert middle != start and game.prompts(middle)  # played on, and not to the end
    clone_us, deepcopy_us = bench.state_copy_us(game, 2, seconds=0.02)
    assert clone_us > 0 and deepcopy_us > 0
