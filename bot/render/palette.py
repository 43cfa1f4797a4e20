"""Colours. Player colours are the Okabe–Ito set, distinguishable with colour-blindness.

Never let colour be the only cue: renderers also write names, numbers or letters.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

BACKGROUND: RGB = (246, 242, 232)
PANEL: RGB = (255, 252, 245)
INK: RGB = (34, 34, 38)
MUTED: RGB = (120, 116, 108)
LINE: RGB = (200, 194, 182)
HIGHLIGHT: RGB = (255, 214, 10)
WHITE: RGB = (255, 255, 255)

# Okabe & Ito (2008), "Color Universal Design": safe for the common colour-vision deficiencies.
PLAYERS: tuple[RGB, ...] = (
    (0, 114, 178),  # blue
    (230, 159, 0),  # orange
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (86, 180, 233),  # sky blue
    (213, 94, 0),  # vermillion
    (240, 228, 66),  # yellow
    (0, 0, 0),  # black
)


def player_colour(seat: int) -> RGB:
    return PLAYERS[seat % len(PLAYERS)]


def text_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill`` (WCAG relative luminance)."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in fill)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return INK if luminance > 0.35 else WHITE


def shade(colour: RGB, factor: float) -> RGB:
    """Darker (factor < 1) or lighter (factor > 1, towards white) version of ``colour``."""
    if factor <= 1:
        return tuple(int(c * factor) for c in colour)  # type: ignore[return-value]
    return tuple(int(c + (255 - c) * (factor - 1)) for c in colour)  # type: ignore[return-value]
