"""Our how-to-play pages in Polish, Hungarian and German (``data/<slug>/rules.<lang>.md``).

Each is a translation of the English page: the same title line and the same ``## `` sections
(one Discord page each, so ``/game rules GAME page:N`` is the same part in every language),
and every ``code span`` kept byte for byte (commands, option names and values, action keys
are what players type, in English in every language)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import TRANSLATED
from bot.rulebook import DATA_DIR, OWN_RULES, own_pages

GAMES = sorted(path.parent.name for path in DATA_DIR.glob(f"*/{OWN_RULES}"))
CODE = re.compile(r"`[^`\n]+`")


def _sections(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.startswith("## "))


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("slug", GAMES)
def test_the_page_in_each_language_matches_the_english_one(slug: str, language: str) -> None:
    english_path = DATA_DIR / slug / OWN_RULES
    path = DATA_DIR / slug / f"rules.{language}.md"
    assert path.is_file(), f"{slug} has no rules page in {language}: {path}"
    english, translated = english_path.read_text(encoding="utf-8"), path.read_text(encoding="utf-8")
    assert _sections(translated) == _sections(english)
    assert sorted(CODE.findall(translated)) == sorted(CODE.findall(english)), "code spans must stay as in English"
    assert len(own_pages(slug, language=language)) == len(own_pages(slug))
    assert translated != english


def test_every_game_has_a_page() -> None:
    assert len(GAMES) == 11 and all(Path(DATA_DIR / slug / OWN_RULES).is_file() for slug in GAMES)
