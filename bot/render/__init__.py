"""The shared Pillow kit: fonts, palette, text, cards, tiles, grids.

Games draw from a *view* (never the raw state) in ``bot/games/<slug>/render.py`` with the
helpers here; :func:`board_png` and :func:`private_png` find a game's renderer and encode
the picture. Drawing is CPU work: the session layer calls these in a worker thread.
"""

from __future__ import annotations

import importlib
import io
from typing import Any

from PIL import Image

from bot.engine import Game


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes of ``image``, reduced to a 256-colour palette first.

    Board art is flat colour and anti-aliased text, which a fast octree palette (chosen from a
    sample, see :data:`PALETTE_SAMPLE`) keeps intact; a palette PNG encodes about twice as fast and is a third of the size of an
    RGB one (measured on a 1400×1638 Puerto Rico board: 58 → 33 ms, 233 → 100 KB), which
    is what keeps a move's reply under 100 ms and light on a phone's data.
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    buffer = io.BytesIO()
    _quantize(rgb).save(buffer, format="PNG", optimize=False, compress_level=3)
    return buffer.getvalue()


PALETTE_SAMPLE = 2
"""The palette is chosen from every second pixel of every second row (a quarter of them), then
every pixel is mapped to its nearest colour in it. Choosing is the dear part of quantizing
(24 of 29 ms on a 1400×2022 Puerto Rico board); on the sample it takes a quarter of that and
the picture is as close to the drawn one (mean error per channel 0.73 against 0.74, largest
18 against 35, on that board), since anything drawn is at least two pixels wide."""


def _quantize(rgb: Image.Image) -> Image.Image:
    fast, plain = Image.Quantize.FASTOCTREE, Image.Dither.NONE
    if rgb.width < 2 * PALETTE_SAMPLE or rgb.height < 2 * PALETTE_SAMPLE:
        return rgb.quantize(colors=256, method=fast, dither=plain)
    sample = rgb.resize((rgb.width // PALETTE_SAMPLE, rgb.height // PALETTE_SAMPLE), Image.Resampling.NEAREST)
    return rgb.quantize(palette=sample.quantize(colors=256, method=fast, dither=plain), dither=plain)


def _renderer(game: Game) -> Any:
    if not game.render_module:
        raise LookupError(f"{game.slug} has no renderer")
    return importlib.import_module(game.render_module)


def board_image(game: Game, view: dict[str, Any]) -> Image.Image:
    """The public picture of a table as an image (for animations), from ``game.view(state, None)``."""
    return _renderer(game).board(view)


def board_png(game: Game, view: dict[str, Any]) -> bytes:
    """The public picture of a table, from ``game.view(state, None)``."""
    return encode_png(board_image(game, view))


def card_image(game: Game, view: dict[str, Any]) -> Image.Image:
    """The table card: the picture posted after every move, drawn for a phone (text at least
    :func:`bot.render.legibility.floor_px` of its width). A renderer without ``table_card(view)``
    posts its full board instead."""
    module = _renderer(game)
    draw_card = getattr(module, "table_card", None)
    return draw_card(view) if draw_card is not None else module.board(view)


def card_png(game: Game, view: dict[str, Any]) -> bytes:
    """The table card as PNG bytes (see :func:`card_image`)."""
    return encode_png(card_image(game, view))


def card_standings(game: Game, view: dict[str, Any]) -> list[str]:
    """The number that decides the game, per seat, as the table card prints it (the render
    module's ``card_standings(view)``), for front ends that show standings as text; empty for a
    game without it."""
    standings = getattr(_renderer(game), "card_standings", None)
    if standings is None:
        return []
    return [value if isinstance(value, str) else str(value) for value in standings(view)]  # a Text stays one


def private_png(game: Game, view: dict[str, Any]) -> bytes | None:
    """A seat's private picture (hand, secret points), or None if the game has none."""
    module = _renderer(game)
    draw_private = getattr(module, "private", None)
    if draw_private is None:
        return None
    image = draw_private(view)
    return None if image is None else encode_png(image)
