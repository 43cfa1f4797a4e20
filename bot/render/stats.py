"""Pictures for ``/stats``: a leaderboard card and a player's rating chart."""

from __future__ import annotations

from PIL import Image

from bot.engine.words import CORE, texts
from bot.render.palette import INK, LINE, MUTED, PANEL, player_colour
from bot.render.shapes import canvas, panel
from bot.render.text import draw_text, fit_size

T, _, Tp = texts(CORE)

WIDTH = 1000


def leaderboard_card(title: str, rows: list[tuple[int, str, float, int, int]]) -> Image.Image:
    """``rows``: (place, name, rating, games, wins), best first."""
    row_h = 44
    height = 120 + row_h * max(1, len(rows)) + 20
    image, draw = canvas(WIDTH, height)
    top = panel(draw, (16, 16, WIDTH - 16, height - 16), title, title_size=30)
    columns = (("#", 40), (Tp("leaderboard", "player"), 110), (Tp("leaderboard", "rating"), 600),
               (Tp("leaderboard", "games"), 760), (Tp("leaderboard", "wins"), 880))
    for label, x in columns:
        draw_text(draw, (x, top + 4), label, 20, MUTED, bold=True)
    y = top + 36
    best = rows[0][2] if rows else 0.0
    worst = min((r[2] for r in rows), default=0.0)
    for place, name, rating, games, wins in rows:
        if place % 2 == 0:
            draw.rectangle((24, y - 4, WIDTH - 24, y + row_h - 8), fill=(244, 238, 226))
        draw_text(draw, (40, y), str(place), 24, INK, bold=place <= 3)
        draw_text(draw, (110, y), name, fit_size(name, 470, 24), INK, bold=place <= 3)
        span = max(1e-9, best - worst)
        bar = int(70 * (rating - worst) / span) if rows else 0
        draw.rounded_rectangle((600 + 70, y + 6, 600 + 70 + max(4, bar), y + 26), radius=5, fill=player_colour(0))
        draw_text(draw, (600, y), f"{rating:.1f}", 24, INK)
        draw_text(draw, (760, y), str(games), 24, INK)
        draw_text(draw, (880, y), str(wins), 24, INK)
        y += row_h
    if not rows:
        draw_text(draw, (40, y), T("Nobody is rated in this game here yet."), 24, MUTED)
    return image


def rating_chart(title: str, series: dict[str, list[float]]) -> Image.Image:
    """One line per game: the player's rating after each of their rated games, oldest first."""
    height = 560
    image, draw = canvas(WIDTH, height)
    top = panel(draw, (16, 16, WIDTH - 16, height - 16), title, title_size=30)
    left, right, bottom = 90, WIDTH - 200, height - 60
    values = [v for points in series.values() for v in points] or [0.0]
    low, high = min(*values, 0.0), max(*values, 1.0)
    span = max(1e-9, high - low)
    longest = max((len(points) for points in series.values()), default=1)

    def xy(index: int, value: float) -> tuple[float, float]:
        x = left + (right - left) * (index / max(1, longest - 1))
        return x, bottom - (bottom - top - 20) * (value - low) / span

    for fraction in (0.0, 0.25, 0.5, 0.75, 1.0):
        value = low + span * fraction
        _, y = xy(0, value)
        draw.line((left, y, right, y), fill=LINE, width=1)
        draw_text(draw, (left - 10, y), f"{value:.0f}", 18, MUTED, anchor="rm")
    draw_text(draw, ((left + right) / 2, bottom + 30), T("rated games, oldest → newest"), 18, MUTED, anchor="mm")
    for number, (name, points) in enumerate(sorted(series.items())):
        colour = player_colour(number)
        coords = [xy(i, v) for i, v in enumerate(points)]
        if len(coords) > 1:
            draw.line(coords, fill=colour, width=4)
        for x, y in coords[-1:]:
            draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=colour, outline=PANEL, width=2)
        legend_y = top + 10 + number * 32
        draw.rectangle((right + 24, legend_y + 4, right + 44, legend_y + 20), fill=colour)
        label = f"{name} {points[-1]:.1f}" if points else name
        draw_text(draw, (right + 52, legend_y), label, fit_size(label, 120, 20), INK)
    if not series:
        draw_text(draw, ((left + right) / 2, (top + bottom) / 2), T("No rated games yet."), 24, MUTED, anchor="mm")
    return image
