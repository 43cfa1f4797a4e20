"""The bundled font (DejaVu Sans, free licence: images/fonts/LICENSE-DejaVu.txt).

Drawing text is most of a board's drawing time: FreeType lays out and rasterises every string
each time ``ImageDraw.text`` is called, and a board draws the same few hundred strings (names,
prices, "VP", building names) on every move. The fonts handed out here remember the glyph
masks they rendered, so a string drawn again at the same size, anchor and sub-pixel offset is
a dictionary look-up and one blit. The mask is what FreeType would render again, so pictures
are pixel for pixel what an uncached font draws (``tests/test_render_kit.py`` checks it).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageFont

from bot.i18n import say_drawn
from bot.render.legibility import note_drawn

FONT_DIR = Path(__file__).resolve().parents[2] / "images" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

MASKS_KEPT = 6000
"""Glyph masks remembered across all fonts (least recently used go first). A mask is a
string's size in bytes (a 200×24 label is 4.8 KB), so this is a few tens of MB at most;
a five-player Puerto Rico board needs about 330, a game of it a few thousand."""

_LONGEST_CACHED = 120  # longer strings (wrapped paragraphs) are rarely drawn twice


class _Masks:
    """A thread-safe LRU of rendered masks: boards are drawn in worker threads."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._items: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> Any:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[Any, ...], value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


MASKS = _Masks(MASKS_KEPT)


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font whose rendered masks (``getmask2``, what ``ImageDraw.text`` draws) and
    measured lengths are remembered.

    Only greyscale and bitmap masks (modes ``L`` and ``1``, every plain ``draw.text``) are
    kept: their pixels do not depend on the ink, which is applied when the mask is blitted.
    Colour (``RGBA``, embedded colour) masks are coloured by the ink and changed in place by
    Pillow afterwards, so they are rendered fresh, as are strings with layout features.

    Every string is said in the language being spoken first (:func:`bot.i18n.say_drawn`), so
    a picture drawn inside ``speaking("pl", slug)`` measures and draws its words in Polish,
    whichever drawing call a renderer makes.
    """

    def getmask2(  # type: ignore[override]
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        if isinstance(text, str):
            text = say_drawn(text)
            note_drawn(text, self.size)  # the legibility check's record (bot/render/legibility.py)
        if mode not in ("L", "1") or features or args or not isinstance(text, str) or len(text) > _LONGEST_CACHED:
            return super().getmask2(text, mode, direction, features, language, stroke_width, anchor, ink, start,
                                    *args, **kwargs)
        key = (self.path, self.size, self.index, self.layout_engine, text, mode, direction, language, stroke_width, anchor,
               None if start is None else (float(start[0]), float(start[1])), tuple(sorted(kwargs.items())))
        found = MASKS.get(key)
        if found is None:
            found = super().getmask2(text, mode, direction, features, language, stroke_width, anchor, ink, start,
                                     **kwargs)
            MASKS.put(key, found)
        return found

    @lru_cache(maxsize=8192)  # noqa: B019 - the fonts live as long as the process (see font())
    def _length(self, text: str, mode: str, direction: str | None, language: str | None) -> float:
        return super().getlength(text, mode, direction, None, language)

    def getlength(  # type: ignore[override]
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if isinstance(text, str):
            text = say_drawn(text)
        if features or not isinstance(text, str):
            return super().getlength(text, mode, direction, features, language)
        return self._length(text, mode, direction, language)

    def getbbox(  # type: ignore[override]
        self, text: str | bytes, *args: Any, **kwargs: Any,
    ) -> tuple[float, float, float, float]:
        return super().getbbox(say_drawn(text) if isinstance(text, str) else text, *args, **kwargs)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled font at ``size`` pixels; cached (and so are the strings it renders), so call
    it freely while drawing."""
    return CachedFont(str(BOLD if bold else REGULAR), size)
