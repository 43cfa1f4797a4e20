"""One ping per decision: whom a reply calls, and whom it leaves alone.

A player is pinged when a decision becomes theirs, not again for the steps of that same
decision. A seat's *decision* is a run of positions at which it has a prompt: placing a
worker and then choosing where is one run (the seat keeps a prompt from one move to the
next), and so is a simultaneous choice while the others answer theirs. The run ends when the
seat has nothing to decide after some move (another seat's turn, a reaction window of the
others); its next prompt starts a new decision, which is pinged. Forced moves, standing orders
and bots act through the same commits, so whatever they answer never starts a run of its own
for a human who is not waiting afterwards.

The session layer calls :meth:`Decisions.observe` after every committed move and
:meth:`Decisions.call` when it builds a reply. The record lives in memory with the loaded
table. A table read from the store (after a restart or eviction from the cache) starts one in
which the players waiting were already called (the reply that made them wait did it); after an
undo, everyone waiting is called again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from bot.replies import Turn

PingMode = Literal["new", "all", "none"]
"""How a reply calls the players it waits for: ``new`` pings the decisions nobody was pinged
for yet (a move's reply), ``all`` everyone waiting (a reminder), ``none`` nobody (a status)."""


@dataclass(slots=True)
class Decisions:
    """Per loaded table: since which position each waiting seat's decision runs, and which
    decisions have been announced (pinged) to which player."""

    runs: dict[int, int] = field(default_factory=dict)
    """Seat -> the position at which its current run of prompts began."""
    announced: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Seat -> (user id, run start) of the decision its player was last pinged for."""

    @classmethod
    def starting(cls, position: int, waiting: Iterable[int]) -> Decisions:
        """The record of a table just read at ``position`` with ``waiting`` seats: nothing
        announced yet, so its next reply calls everyone waiting."""
        return cls(runs={seat: position for seat in waiting})

    @classmethod
    def resumed(cls, position: int, waiting: Iterable[tuple[int, int]]) -> Decisions:
        """The record of a table read from the store at ``position``, whose ``waiting`` (seat,
        user id) pairs were called by the reply that made them wait: not called again for it."""
        pairs = list(waiting)
        return cls(runs={seat: position for seat, _ in pairs},
                   announced={seat: (user_id, position) for seat, user_id in pairs})

    def observe(self, position: int, waiting: Iterable[int]) -> None:
        """After the move that reached ``position``: ``waiting`` are the seats with a prompt now."""
        now = set(waiting)
        for seat in [seat for seat in self.runs if seat not in now]:
            del self.runs[seat]
        for seat in now:
            self.runs.setdefault(seat, position)

    def call(self, position: int, turns: list[Turn], humans: set[int], mode: PingMode) -> list[int]:
        """The user ids a reply at ``position`` pings among the ``humans`` it waits for (sorted).

        In mode ``new`` (and ``all``) the decisions pinged are remembered as announced, so the
        next reply in the same decision stays quiet; ``none`` changes nothing.
        """
        if mode == "none":
            return []
        called: set[int] = set()
        for turn in turns:
            if turn.user_id not in humans:
                continue
            start = self.runs.setdefault(turn.seat, position)
            if mode == "all" or self.announced.get(turn.seat) != (turn.user_id, start):
                called.add(turn.user_id)
                self.announced[turn.seat] = (turn.user_id, start)
        return sorted(called)
