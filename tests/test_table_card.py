"""Issue 23: every game's table card reads on a phone (Discord shows it about 400 px wide).

Two checks, over seeded random games at each game's smallest and largest player count:

- **legibility**: every text the card draws is at least :func:`floor_px` of the card's width
  (the render kit records every string its fonts draw, see :mod:`bot.render.legibility`);
- **OCR**: Tesseract reads the card scaled down to 400 px wide (never upscaled before OCR) and
  finds every player's name and, for each seat, the number that decides the game as the card
  prints it (``card_standings(view)`` in the game's render module), in at least 90% of the
  sampled pictures.

A game whose card is not drawn yet is listed in :data:`CARDS_PENDING`; its cases are
``xfail(strict=True)``, so when its card lands the case passes, strictness fails it, and the
game must be taken off the list.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.engine import Game, all_games
from bot.engine.testkit import random_playout
from bot.games import load_all
from bot.render import card_image
from bot.render.legibility import PHONE_WIDTH, below_floor, recording

load_all()

NAMES = ["Alexandra", "Bartholomew", "Cornelius", "Dorothea", "Evangeline", "Fitzgerald", "Guinevere", "Humphrey"]
"""Long, distinct names: OCR must read each whole, and none is a part of another."""

CARDS_PENDING: set[str] = set()
"""Games whose phone card is not done yet (their cases are expected to fail, strictly)."""

PRIVATE_PENDING: set[str] = set()
"""Games whose private picture (``private(view)`` in the render module: a hand, secret points,
your own cash) does not follow the phone floor yet (strict xfails, as above)."""

POINTS = (0.0, 0.5, 0.9)
"""Where in a seeded game the card is drawn: at the start, halfway, near the end."""

OCR_SEEDS = int(os.environ.get("CARD_OCR_SEEDS", "1"))
"""Seeded games per player count for OCR: one (3 pictures) in ``make test``; more in soak."""

PSMS = ("11", "6")
"""Tesseract page segmentation modes tried; a name or number counts as read if either finds it.
11 finds scattered text (labels around a board), 6 reads a block of rows (a score table)."""

OCR_SHARE = 0.9

ONE_THREAD = {**os.environ, "OMP_THREAD_LIMIT": "1"}
"""Tesseract runs one thread: the suite already runs one test per core, and its own threads
on a small picture cost more CPU than they save time."""


def _game(slug: str) -> Game:
    return next(game for game in all_games() if game.slug == slug)


def _counts(game: Game) -> list[int]:
    return sorted({game.min_players, game.max_players})


def public_views(game: Game, players: int, seed: int) -> list[dict[str, Any]]:
    """The public view, with the test names, at each of :data:`POINTS` of a seeded random game."""
    playout = random_playout(game, players, seed, thorough=False)
    stops = {min(len(playout.log), int(point * len(playout.log))) for point in POINTS}
    state = game.setup(players, playout.options, seed)
    views = []
    for step in range(len(playout.log) + 1):
        if step in stops:
            view = json.loads(json.dumps(game.view(state, None)))  # a copy: a view may share the live state's parts
            view["names"] = NAMES[:players]
            views.append(view)
        if step < len(playout.log):
            seat, key, at = playout.log[step]
            game.apply(state, seat, key) if at is None else game.apply(state, seat, key, at)
    return views


def seat_views(game: Game, players: int, seed: int) -> list[dict[str, Any]]:
    """Every seat's own view, with the test names, at each of :data:`POINTS` of a seeded game."""
    playout = random_playout(game, players, seed, thorough=False)
    stops = {min(len(playout.log), int(point * len(playout.log))) for point in POINTS}
    state = game.setup(players, playout.options, seed)
    views = []
    for step in range(len(playout.log) + 1):
        if step in stops:
            for seat in range(players):
                view = json.loads(json.dumps(game.view(state, seat)))
                view["names"] = NAMES[:players]
                views.append(view)
        if step < len(playout.log):
            seat, key, at = playout.log[step]
            game.apply(state, seat, key) if at is None else game.apply(state, seat, key, at)
    return views


def _shipped() -> list[Game]:
    # The shipped games only: tests register toy games without pictures.
    shipped = [game for game in all_games() if type(game).__module__.startswith("bot.games.")]
    return sorted(shipped, key=lambda g: g.slug)


def _cases(pending_reason: str, pending: set[str] = CARDS_PENDING, only_private: bool = False) -> list[Any]:
    cases = []
    for game in _shipped():
        if only_private and not hasattr(importlib.import_module(game.render_module), "private"):
            continue
        for players in _counts(game):
            marks = [pytest.mark.xfail(strict=True, reason=f"{game.slug}: {pending_reason}")] if game.slug in pending else []
            cases.append(pytest.param(game.slug, players, marks=marks, id=f"{game.slug}-{players}p"))
    return cases


@pytest.mark.parametrize(("slug", "players"), _cases("table card not drawn yet (CARDS_PENDING)"))
def test_every_text_on_the_card_reads_at_phone_width(slug: str, players: int) -> None:
    game = _game(slug)
    for view in public_views(game, players, seed=1):
        with recording() as drawn:
            image = card_image(game, view)
        small = below_floor(drawn, image.width)
        assert small == [], f"{slug} {players}p, {image.width} px wide: {small[:5]} (of {len(small)})"


@pytest.mark.parametrize(("slug", "players"), _cases("private picture not phone-legible yet (PRIVATE_PENDING)",
                                                     PRIVATE_PENDING, only_private=True))
def test_every_text_on_a_private_picture_reads_at_phone_width(slug: str, players: int) -> None:
    game = _game(slug)
    draw_private = importlib.import_module(game.render_module).private
    drawn_any = False
    for view in seat_views(game, players, seed=1):
        with recording() as drawn:
            image = draw_private(view)
        if image is None:
            continue
        drawn_any = True
        small = below_floor(drawn, image.width)
        assert small == [], f"{slug} {players}p private, {image.width} px wide: {small[:5]} (of {len(small)})"
    if not drawn_any:
        pytest.skip(f"{slug} draws no private picture at {players} players")


def _unread(image: Image.Image, wanted: list[str]) -> list[str]:
    """The items of ``wanted`` that Tesseract does not find in ``image`` shown :data:`PHONE_WIDTH`
    wide (downscaled only). The modes of :data:`PSMS` are tried in turn while anything is unread
    (a name or number counts as read if any mode finds it)."""
    if image.width > PHONE_WIDTH:
        image = image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)), Image.Resampling.LANCZOS)
    missing = list(wanted)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "card.png"
        image.convert("RGB").save(path)
        for psm in PSMS:
            text = subprocess.run(["tesseract", str(path), "-", "--psm", psm], capture_output=True, text=True,
                                  check=True, env=ONE_THREAD).stdout
            missing = [item for item in missing if not _found(item, text)]
            if not missing:
                break
    return missing


def _found(wanted: str, text: str) -> bool:
    """Whether ``wanted`` appears in ``text`` as a whole word (case not significant), so "12" is
    not found inside "120"."""
    return re.search(rf"(?<!\w){re.escape(wanted.lower())}(?!\w)", text.lower()) is not None


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract not installed (make tesseract)")
@pytest.mark.parametrize(("slug", "players"), _cases("table card / card_standings not done yet (CARDS_PENDING)"))
def test_ocr_reads_every_name_and_standing_at_phone_width(slug: str, players: int) -> None:
    game = _game(slug)
    module = importlib.import_module(game.render_module)
    standings = getattr(module, "card_standings", None)
    assert standings is not None, f"{slug}: its render module has no card_standings(view)"
    pictures, read, misses = 0, 0, []
    for seed in range(1, OCR_SEEDS + 1):
        for view in public_views(game, players, seed):
            missing = _unread(card_image(game, view), [*view["names"], *standings(view)])
            pictures += 1
            read += not missing
            if missing:
                misses.append(missing)
    assert read >= OCR_SHARE * pictures, f"{slug} {players}p: {read}/{pictures} pictures fully read; missed {misses}"
