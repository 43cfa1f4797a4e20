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
    """PNG bytes of ``image`` (RGB; zlib level 6 balances size against encode time)."""
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def _renderer(game: Game) -> Any:
    if not game.render_module:
        raise LookupError(f"{game.slug} has no renderer")
    return importlib.import_module(game.render_module)


def board_png(game: Game, view: dict[str, Any]) -> bytes:
    """The public picture of a table, from ``game.view(state, None)``."""
    return encode_png(_renderer(game).board(view))


def private_png(game: Game, view: dict[str, Any]) -> bytes | None:
    """A seat's private picture (hand, secret points), or None if the game has none."""
    module = _renderer(game)
    draw_private = getattr(module, "private", None)
    if draw_private is None:
        return None
    image = draw_private(view)
    return None if image is None else encode_png(image)
