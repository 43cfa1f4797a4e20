"""The bundled font (DejaVu Sans, free licence: images/fonts/LICENSE-DejaVu.txt)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parents[2] / "images" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled font at ``size`` pixels; cached, so call it freely while drawing."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)
