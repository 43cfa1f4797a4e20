"""Legibility on a phone: the size every drawn text must have, and a recorder that checks it.

Discord shows a picture in a chat about :data:`PHONE_WIDTH` pixels wide until it is tapped.
Text that carries game state must then still be :data:`PHONE_FLOOR_PX` pixels tall, so in a
PNG ``width`` pixels wide it needs a font of at least ``floor_px(width)`` pixels. A narrower
picture makes large text cheaper: a 800 px card needs 22 px text, a 1,400 px board 39 px.

Every string the kit's fonts draw passes through :meth:`CachedFont.getmask2
<bot.render.fonts.CachedFont.getmask2>`, which reports it here while :func:`recording` is
active, so a test can render a picture and check every text it drew::

    with recording() as drawn:
        image = table_card(view)
    small = below_floor(drawn, image.width)   # [] when every text is large enough
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

PHONE_WIDTH = 400
"""How wide (in CSS pixels) a phone's Discord client shows a picture in a chat."""

PHONE_FLOOR_PX = 11
"""The smallest text height, at :data:`PHONE_WIDTH`, that still reads at a glance."""


def floor_px(width: int) -> int:
    """The smallest font size for a picture ``width`` pixels wide: ``11 × width / 400``, rounded up."""
    return -(-PHONE_FLOOR_PX * width // PHONE_WIDTH)


@dataclass(frozen=True, slots=True)
class DrawnText:
    """One string a font drew: its text and its font size in pixels."""

    text: str
    size: int


_ACTIVE: contextvars.ContextVar[list[DrawnText] | None] = contextvars.ContextVar("drawn_texts", default=None)


def note_drawn(text: str, size: int) -> None:
    """Called by the kit's fonts for every string drawn; records it while :func:`recording` is on."""
    drawn = _ACTIVE.get()
    if drawn is not None and text.strip():
        drawn.append(DrawnText(text, size))


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Collect every text drawn (in this thread or task) while the block runs."""
    drawn: list[DrawnText] = []
    token = _ACTIVE.set(drawn)
    try:
        yield drawn
    finally:
        _ACTIVE.reset(token)


def below_floor(drawn: list[DrawnText], width: int) -> list[DrawnText]:
    """The drawn texts smaller than :func:`floor_px` for a picture ``width`` pixels wide."""
    floor = floor_px(width)
    return [item for item in drawn if item.size < floor]
