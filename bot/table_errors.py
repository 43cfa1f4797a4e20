"""The session layer's refusals: each carries a sentence for the player, and nothing was changed.

Front ends catch :class:`TableError` and show its message privately; the subclasses say why
(no table here, not seated, not your turn, an outdated board, an unsure typed move...).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Action, fill_seat_refs


class TableError(Exception):
    """A refusal with a sentence for the player; nothing was changed.

    The sentence (``args[0]``) is a :class:`~bot.engine.words.Text` where the bot or a game
    made it, so a front end says it in the player's language (:meth:`said`); ``str(error)``
    is its English. A game's refusal may name players by their ``{seatN}`` marks: ``names``
    fills them in after saying, and ``domains`` are the catalogs its plain words are looked
    up in (the game's)."""

    names: Sequence[str] = ()
    domains: tuple[str, ...] = ()

    def naming(self, names: Sequence[str], *domains: str) -> TableError:
        """This refusal, with the players' names for its ``{seatN}`` marks and the game's catalog."""
        self.names, self.domains = list(names), domains
        return self

    def said(self, language: str) -> str:
        """The sentence in ``language``, players' names filled in."""
        from bot.i18n import say

        sentence = self.args[0] if self.args and isinstance(self.args[0], str) else str(self)
        return fill_seat_refs(say(sentence, language, self.domains), self.names) if self.names else say(
            sentence, language, self.domains)


class NoTable(TableError):
    pass


class NotSeated(TableError):
    pass


class NotHost(TableError):
    pass


class NotYourTurn(TableError):
    pass


class LobbyError(TableError):
    pass


class GameNotRunning(TableError):
    pass


class StaleBoard(TableError):
    """A button from an older board; ``revision`` is the table's current revision."""

    def __init__(self, message: str, revision: int) -> None:
        super().__init__(message)
        self.revision = revision


class UnsureMove(TableError):
    """Typed text that did not name one move exactly; nothing was played.

    ``candidates`` are the moves it could mean, for the board at ``revision`` of table
    ``table_id``: a front end offers them (a Confirm button that carries the key and the
    revision, so a confirmation made after the board changed is refused as stale).
    """

    def __init__(self, message: str, candidates: list[Action], table_id: int = 0, revision: int = 0) -> None:
        super().__init__(message)
        self.candidates = candidates
        self.table_id, self.revision = table_id, revision


class ConfirmMove(UnsureMove):
    """One move matches only part of what was typed: the player confirms it first."""


class AmbiguousMove(UnsureMove):
    """Several moves match what was typed."""


class IllegalMove(TableError):
    pass


class AmountRefused(IllegalMove):
    """An amount that is not legal now; the message names the legal range and the nearest."""


class NotModerator(TableError):
    pass


class EngineFailed(TableError):
    """The worker computing a move crashed or ran out of time; nothing was committed."""
