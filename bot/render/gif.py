"""Animated GIFs of a whole game: one small frame per sampled position, a shared palette.

Frames are the public boards (drawn from views, like every picture), scaled to a common
width. GIF allows 256 colours per frame: each frame is quantised to its own adaptive palette
(board art is flat colour, so this keeps text crisp) and Pillow's ``optimize`` stores only
what changed between frames, which keeps a 300-move game well under Discord's upload limit.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import Image

FRAME_MS = 450
LAST_FRAME_MS = 4000
WIDTH = 720


def animate(frames: Iterable[Image.Image], width: int = WIDTH) -> bytes:
    """The GIF bytes of ``frames`` (in order), each scaled to ``width`` pixels wide.

    Boards may grow during a game (more snakes, more rows): every frame is scaled by width and
    placed at the top of a canvas as tall as the tallest, so nothing is stretched.
    """
    scaled = [
        frame.convert("RGB").resize((width, max(1, round(frame.height * width / frame.width))),
                                    Image.Resampling.BILINEAR, reducing_gap=2.0)
        for frame in frames
    ]
    if not scaled:
        raise ValueError("a GIF needs at least one frame")
    height = max(frame.height for frame in scaled)
    background = scaled[0].getpixel((0, 0))
    small = []
    for frame in scaled:
        canvas = Image.new("RGB", (width, height), background)
        canvas.paste(frame, (0, 0))
        small.append(canvas.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))
    durations = [FRAME_MS] * (len(small) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    small[0].save(buffer, format="GIF", save_all=True, append_images=small[1:], duration=durations, loop=0,
                  optimize=True, disposal=1)
    return buffer.getvalue()
