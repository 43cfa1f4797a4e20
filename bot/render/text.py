"""Text: measuring, wrapping and drawing with the bundled font."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from bot.engine.words import CORE, texts
from bot.i18n import Said, said_already, say_drawn
from bot.render.fonts import font
from bot.render.palette import INK, RGB

T, _, Tp = texts(CORE)


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text))


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (long words get a line of their own).

    The text is said in the language being spoken first; the lines are :class:`~bot.i18n.Said`."""
    lines: list[str] = []
    text = say_drawn(text)  # said (and recorded) whole, before it is cut into lines
    with said_already():
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                candidate = f"{line} {word}".strip()
                if line and text_width(candidate, size, bold) > width:
                    lines.append(line)
                    line = word
                else:
                    line = candidate
            lines.append(line)
    return [Said(line) for line in lines]


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Draw ``text`` at ``xy``, said in the language being spoken.

    A :class:`~bot.engine.words.Text` is said whole here, with its params: Pillow hands the font
    only plain lines of it (its metadata gone), which could be looked up by their English only."""
    said = say_drawn(text)
    with said_already():
        draw.text(xy, said, font=font(size, bold), fill=fill, anchor=anchor)


def draw_wrapped(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    width: int,
    fill: RGB = INK,
    bold: bool = False,
    spacing: float = 1.25,
) -> int:
    """Draw wrapped text from the top-left ``xy``; returns the y below the last line."""
    x, y = xy
    lines = wrap(text, size, width, bold)
    with said_already():
        for line in lines:
            draw.text((x, y), line, font=font(size, bold), fill=fill)
            y += int(size * spacing)
    return int(y)


def fit_size(text: str, width: int, largest: int, smallest: int = 10, bold: bool = False) -> int:
    """The largest font size from ``largest`` down that fits ``text`` on one line of ``width``."""
    size = largest
    while size > smallest and text_width(text, size, bold) > width:
        size -= 1
    return size


def seat_names(view: dict[str, Any]) -> list[str]:
    """Player names for a view: ``view["names"]`` (added by the session layer), else "Player N"."""
    given = view.get("names") or []
    return [given[i] if i < len(given) and given[i] else T("Player {n}", n=i + 1) for i in range(view["players"])]


