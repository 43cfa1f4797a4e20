"""Small English helpers for game text (log lines, prompts, labels)."""

from __future__ import annotations

from collections.abc import Sequence


def plural(n: int, word: str) -> str:
    """``plural(1, "card")`` -> "1 card"; ``plural(3, "card")`` -> "3 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def and_list(items: Sequence[str], empty: str = "") -> str:
    """``["Ana", "Bo", "Cy"]`` -> "Ana, Bo and Cy"; ``empty`` when there is nothing."""
    if not items:
        return empty
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
