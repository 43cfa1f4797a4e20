"""What a typed move means: ``/play TEXT`` is matched against the legal actions.

Only an exact match (the key, the whole label, or a legal amount) is played at once; a unique
partial match is shown back for confirmation and several matches are offered as choices, so
typing never plays a surprise move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine import Action, amount_choices, split_amount
from bot.engine.words import CORE, texts
from bot.table_errors import AmbiguousMove, AmountRefused, ConfirmMove, IllegalMove, UnsureMove

T, _, _ = texts(CORE)


@dataclass(frozen=True, slots=True)
class MoveMatch:
    """What typed text means among the legal actions (see :func:`resolve_move`).

    ``how`` is ``"exact"`` (the key, the whole label, or a legal amount: play it),
    ``"confirm"`` (one action matches part of the text: ask first) or ``"several"``.
    """

    how: str
    actions: tuple[Action, ...]

    @property
    def action(self) -> Action:
        return self.actions[0]


def _folded(text: str) -> str:
    return " ".join(text.split()).lower()


def resolve_move(move: str, actions: tuple[Action, ...] | list[Action]) -> MoveMatch:
    """Find the action a player meant; only an exact match may be played at once.

    Exact: the key, or the whole label (case and spacing aside), or an amount among the
    prompt's amount actions ("bid 15000", "$15,000", "15k" — see :mod:`bot.engine.amounts`).
    Otherwise every word typed must start a word of the label or key ("harb" finds "Build
    Harbor"): one match needs confirming, several are offered. Raises :class:`IllegalMove`
    when nothing matches, or when an amount is not legal (the sentence gives the legal range
    and the nearest legal amounts).
    """
    text = move.strip()
    if not text:
        raise IllegalMove(T("Say which move: use /moves to see them."))
    for action in actions:
        if action.key == text:
            return MoveMatch("exact", (action,))
    folded = _folded(text)
    for action in actions:
        if action.key.lower() == folded or _folded(action.label) == folded:
            return MoveMatch("exact", (action,))
    split = split_amount(text)
    if split is not None:
        words, written = split
        choices = [choice for choice in amount_choices(actions) if choice.named_by(words)]
        if choices:
            found = [a for a in (choice.action_for(written) for choice in choices) if a is not None]
            if len(found) == 1:
                return MoveMatch("exact", (found[0],))
            if found:
                return MoveMatch("several", tuple(found))
            refusal = choices[0].refusal(written)
            for choice in choices[1:]:
                refusal = T("{first} {next}", first=refusal, next=choice.refusal(written))
            raise AmountRefused(refusal)
    wanted = folded.split()
    candidates = []
    for action in actions:
        words = re.split(r"[\s:/,()\-]+", f"{action.label} {action.key}".lower())
        if all(any(word.startswith(token) for word in words if word) for token in wanted):
            candidates.append(action)
    if len(candidates) == 1:
        return MoveMatch("confirm", (candidates[0],))
    if candidates:
        return MoveMatch("several", tuple(candidates))
    raise IllegalMove(T('"{text}" is not one of your moves now. Use /moves to see them.', text=text))


def unsure_move(text: str, match: MoveMatch, table_id: int, revision: int) -> UnsureMove:
    """The refusal-with-offer for a match that is not exact (the text says what to do)."""
    candidates = list(match.actions)
    if match.how == "confirm":
        return ConfirmMove(T('"{text}" would play: {move}. Confirm it, or type the move in full.', text=text,
                             move=candidates[0].label), candidates, table_id, revision)
    shown = "; ".join(action.label for action in candidates[:10])
    if len(candidates) > 10:
        return AmbiguousMove(T('"{text}" matches {count} moves: {moves} and {more} more. Pick one, or be more specific.',
                               text=text, count=len(candidates), moves=shown, more=len(candidates) - 10),
                             candidates, table_id, revision)
    return AmbiguousMove(T('"{text}" matches {count} moves: {moves}. Pick one, or be more specific.', text=text,
                           count=len(candidates), moves=shown), candidates, table_id, revision)
