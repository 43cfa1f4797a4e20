"""Draw the README's picture of a grouped prompt: ``python scripts/grouped_prompt_picture.py``.

A seeded two-player Treasure of Silver Lake game is played on (seeded random moves) to a roll
prompt where the player holds permits, so the prompt has a dozen actions. The picture shows
how the Discord table message offers them, drawn from the real layout
(:func:`bot.engine.choices.layout`) with the game's own labels: the main choice as a button,
each group as one menu, the ungrouped rest as "More moves", and one menu opened. It is a
drawing of Discord's controls (dark theme), not a screenshot, so it changes only when the
game's moves or the layout rules change. Written to ``images/readme/grouped-prompt.png``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image, ImageDraw

from bot.engine import Action, get_game
from bot.engine.choices import Control, Step, layout
from bot.games import load_all
from bot.render.text import draw_text, text_width, wrap

OUT = Path(__file__).resolve().parents[1] / "images" / "readme" / "grouped-prompt.png"
SEED, MOVES = 19, 223
"""A roll prompt with three permits held: Roll, Mortgage, Sell to the bank, Auction, More moves."""
NAMES = ["Ana", "Bo"]

WIDTH = 1240
MESSAGE_X = 84
CONTROL_W = 560
BACKGROUND = (49, 51, 56)
TEXT = (219, 222, 225)
MUTED = (148, 155, 164)
BLURPLE = (88, 101, 242)
GREY = (78, 80, 88)
SELECT_BG = (30, 31, 34)
SELECT_LINE = (24, 25, 28)
MENU_BG = (43, 45, 49)
HOVER = (64, 66, 73)
NOTE = (250, 215, 55)


def roll_prompt() -> tuple[str, list[Action]]:
    """The seeded position's prompt text (names filled in) and its actions."""
    game = get_game("silver-lake")
    state = game.setup(2, {}, SEED)
    chooser = random.Random(SEED)
    for _ in range(MOVES):
        prompt = game.prompts(state)[0]
        game.apply(state, prompt.seat, chooser.choice(prompt.actions).key)
    prompt = game.prompts(state)[0]
    text = prompt.text.format(**{f"seat{i}": name for i, name in enumerate(NAMES)})
    return text, list(prompt.actions)


def _button(draw: ImageDraw.ImageDraw, x: int, y: int, label: str, primary: bool) -> int:
    width = text_width(label, 18, bold=True) + 36
    draw.rounded_rectangle((x, y, x + width, y + 40), radius=6, fill=BLURPLE if primary else GREY)
    draw_text(draw, (x + width / 2, y + 20), label, 18, (255, 255, 255), bold=True, anchor="mm")
    return x + width + 10


def _select(draw: ImageDraw.ImageDraw, y: int, placeholder: str, open_: bool = False) -> None:
    box = (MESSAGE_X, y, MESSAGE_X + CONTROL_W, y + 44)
    draw.rounded_rectangle(box, radius=6, fill=SELECT_BG, outline=BLURPLE if open_ else SELECT_LINE, width=2)
    draw_text(draw, (MESSAGE_X + 14, y + 22), placeholder, 18, MUTED, anchor="lm")
    cx, cy = MESSAGE_X + CONTROL_W - 24, y + 22
    chevron = [(cx - 7, cy - 3), (cx, cy + 4), (cx + 7, cy - 3)] if not open_ else [(cx - 7, cy + 4), (cx, cy - 3), (cx + 7, cy + 4)]
    draw.line(chevron, fill=TEXT, width=3)


OPEN_X = MESSAGE_X + CONTROL_W + 60
"""Where the opened menu is drawn, beside the board (Discord drops it over what is below)."""
OPEN_W = 520
CAPTION = (
    "Roll is the main choice: a button. Each group (Mortgage, Sell to the bank, Auction) is one menu "
    "of its moves, picked in one go; the ungrouped rest is \u201cMore moves\u201d. Never a flat list "
    "of every move split into menus of 25."
)


def draw_message(text: str, step: Step, opened: Control | None) -> Image.Image:
    image = Image.new("RGB", (WIDTH, 1200), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.ellipse((20, 20, 68, 68), fill=(31, 110, 60))
    draw_text(draw, (44, 44), "GM", 18, (255, 255, 255), bold=True, anchor="mm")
    draw_text(draw, (MESSAGE_X, 22), "gamemaster", 20, (255, 255, 255), bold=True)
    tag_x = MESSAGE_X + text_width("gamemaster", 20, bold=True) + 10
    draw.rounded_rectangle((tag_x, 24, tag_x + 40, 44), radius=4, fill=BLURPLE)
    draw_text(draw, (tag_x + 20, 34), "APP", 13, (255, 255, 255), bold=True, anchor="mm")
    draw_text(draw, (MESSAGE_X, 56), f"{text}  @{NAMES[0]}", 19, TEXT)
    draw.rounded_rectangle((MESSAGE_X, 92, MESSAGE_X + CONTROL_W, 150), radius=8, outline=GREY, width=2)
    draw_text(draw, (MESSAGE_X + CONTROL_W / 2, 121), "the table card (the picture) is here", 17, MUTED, anchor="mm")
    y = 168
    for row in step.rows:
        first = row[0]
        if first.kind == "select":
            _select(draw, y, first.placeholder, open_=first is opened)
            if first is opened:
                _opened(draw, y, first)
            y += 54
        else:
            x = MESSAGE_X
            for control in row:
                x = _button(draw, x, y, control.options[0].label, control.primary)
            y += 52
    _button(draw, MESSAGE_X, y, "Full board", False)
    y += 64
    for line in wrap(CAPTION, 18, WIDTH - MESSAGE_X - 40):
        draw_text(draw, (MESSAGE_X, y), line, 18, NOTE)
        y += 26
    return image.crop((0, 0, WIDTH, y + 14))


def _opened(draw: ImageDraw.ImageDraw, y: int, control: Control) -> None:
    """The menu ``control`` opened: its options, one highlighted, joined to its select."""
    top = y - 4
    height = 12 + 44 * len(control.options)
    draw.line([(MESSAGE_X + CONTROL_W + 4, y + 22), (OPEN_X - 4, y + 22)], fill=BLURPLE, width=3)
    draw.rounded_rectangle((OPEN_X, top, OPEN_X + OPEN_W, top + height), radius=6, fill=MENU_BG,
                           outline=BLURPLE, width=2)
    for index, option in enumerate(control.options):
        oy = top + 6 + index * 44
        if index == 1:
            draw.rounded_rectangle((OPEN_X + 6, oy, OPEN_X + OPEN_W - 6, oy + 40), radius=4, fill=HOVER)
        draw_text(draw, (OPEN_X + 16, oy + 20), option.label, 17, TEXT, anchor="lm")


def main() -> None:
    load_all()
    text, actions = roll_prompt()
    step = layout(actions)
    sell = next((c for c in step.controls() if c.kind == "select" and c.placeholder.startswith("Sell")), None)
    image = draw_message(text, step, sell)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    image.save(OUT, optimize=True)
    print(OUT, image.size)


if __name__ == "__main__":
    main()
