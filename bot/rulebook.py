"""Rulebook pages for ``/game rules``: the rulebook files split into readable pages."""

from __future__ import annotations

from pathlib import Path

PAGE_CHARS = 1800


def paginate(text: str, limit: int = PAGE_CHARS) -> list[str]:
    """Split at paragraph breaks (then lines, then words) into pages of at most ``limit`` characters."""
    pages: list[str] = []
    current = ""
    for paragraph in _pieces(text.strip(), limit):
        joined = f"{current}\n\n{paragraph}" if current else paragraph
        if len(joined) <= limit:
            current = joined
        else:
            pages.append(current)
            current = paragraph
    if current:
        pages.append(current)
    return pages or [""]


def _pieces(text: str, limit: int) -> list[str]:
    pieces: list[str] = []
    for paragraph in (p.strip() for p in text.split("\n\n")):
        if not paragraph:
            continue
        while len(paragraph) > limit:
            cut = paragraph.rfind("\n", 0, limit)
            if cut <= 0:
                cut = paragraph.rfind(" ", 0, limit)
            if cut <= 0:
                cut = limit
            pieces.append(paragraph[:cut].strip())
            paragraph = paragraph[cut:].strip()
        pieces.append(paragraph)
    return pieces


def rule_pages(rules_dir: Path, rules_file: str) -> list[str] | None:
    """The pages of a game's rulebook, or None when the file is not there."""
    if not rules_file:
        return None
    path = rules_dir / rules_file
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8", errors="replace")
    # Shop blurbs appended to some rulebook files are not rules.
    text = text.split("• Shop")[0]
    return paginate(text)
