"""Two helpers the games' texts share (issue 30), until :mod:`bot.engine.words` has them.

- :class:`Code`: an action key or a player's typed input written into a text
  ("place:3-right", "'no-such-move'"). Keys are the same in every language, so a code is
  not English to translate: it is not a ``str``, so :func:`bot.i18n.untranslated` and
  :func:`bot.i18n.say` pass it by, and a template writes it as it is.
- :func:`named`: a text with its ``{seatN}`` marks replaced by players' names and still
  sayable (:func:`~bot.engine.contract.fill_seat_refs` on a ``Text`` gives plain English),
  for pictures that print an outcome's reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import fill_seat_refs
from bot.engine.words import Text


class Code:
    """A code written into a text verbatim in every language (see the module doc)."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code

    def __str__(self) -> str:
        return self.code

    def __format__(self, spec: str) -> str:
        return format(self.code, spec)

    def __repr__(self) -> str:
        return f"Code({self.code!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Code) and other.code == self.code

    def __hash__(self) -> int:
        return hash(self.code)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Code, (self.code,))


def named(text: Any, names: Sequence[str]) -> Any:
    """``text`` with its ``{seatN}`` marks (in its params, or in a plain string) replaced by
    ``names``; a :class:`Text` stays a ``Text`` with the same message."""
    if isinstance(text, Text):
        params = {key: named(value, names) for key, value in text.params.items()}
        return Text(text.domain, text.template, params, plural=text.plural, count=text.count,
                    context=text.context)
    return fill_seat_refs(text, names) if isinstance(text, str) else text
