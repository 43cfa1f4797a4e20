"""The best few plans with distinct stops: what every route search keeps while it runs.

A president is offered the best run and a few alternatives, and two runs that visit the same
stops on other track are one choice (they earn the same). Each search (the bitset search of
:mod:`routes`, the trains with a distance and the D-trains of :mod:`route_search` and
:mod:`route_arms`) keeps its plans in a :class:`BestPlans`, whose ``floor`` is what a new
plan must beat once ``keep`` plans are held: the number its bounds prune against.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

Plan = TypeVar("Plan")


def signature(stop_lists: Iterable[Iterable[int] | None]) -> tuple[tuple[int, ...], ...]:
    """A plan's identity for the president: the set of stops of each route (None: no route)."""
    return tuple(sorted(tuple(sorted(stops)) for stops in stop_lists if stops is not None))


class BestPlans(Generic[Plan]):
    """The ``keep`` best plans with distinct signatures, best first (a tie keeps the earlier)."""

    def __init__(self, keep: int, floor: int = -1) -> None:
        self.keep = keep
        self.floor = floor
        """Only plans earning more than this are kept: the start's threshold, raised to the
        worst plan held once ``keep`` are held."""
        self.plans: list[tuple[int, Plan]] = []
        self._signatures: list[tuple[tuple[int, ...], ...]] = []

    def offer(self, total: int, sig: tuple[tuple[int, ...], ...], plan: Plan) -> bool:
        """Keep ``plan`` (earning ``total``) if it is among the best; True if it was kept."""
        if total <= self.floor:
            return False
        if sig in self._signatures:
            at = self._signatures.index(sig)
            if self.plans[at][0] >= total:
                return False
            del self.plans[at], self._signatures[at]
        at = next((j for j, held in enumerate(self.plans) if held[0] < total), len(self.plans))
        self.plans.insert(at, (total, plan))
        self._signatures.insert(at, sig)
        del self.plans[self.keep :], self._signatures[self.keep :]
        if len(self.plans) == self.keep:
            self.floor = max(self.floor, self.plans[-1][0])
        return True
