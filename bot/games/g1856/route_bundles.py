"""Parallel track as one segment: the relaxation that keeps the D-train search small.

A late map has many *parallel* segments: stretches of track joining the same two stops through
different hexes or different paths of one tile (on the dense test map 93 segments join only
62 pairs of stops, seven of them the same two cities). A route's revenue depends only on its
stops, but the arms of :mod:`route_arms` were built once per segment choice: eleven times as
many arms as there are sequences of stops, and every search over them as many times slower.

So the D-train search runs on a **bundled** graph: the segments joining the same two stops are
one segment whose track is only the sides *all* of them cross (the sides any choice must use).
That is a relaxation: a legal run maps onto the bundled graph with the same stops and revenue,
its routes still sharing no side there (they use fewer), so every bound computed on the
bundled graph is at least what the real map allows, and the search, which drops only what a
bound proves cannot beat a run already *realized*, still meets every legal run. The other way
does not hold (two routes may want the one track of a bundle, or a route two crossing members),
so before a run is kept, :meth:`Bundling.realize` picks a real segment for every bundle the
run's D-routes take, all sharing no side with each other nor with the other trains' routes
(a small backtracking search: most bundles have one member). A run with no such choice is
never offered and never raises the floor. Hence exact: the best run and its alternatives are
the real map's, with real track.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from bot.games.g1856.routes import Candidate, Graph


@dataclass
class Bundling:
    """A graph's bundled form and the way back to real segments."""

    real: Graph
    graph: Graph
    """The bundled graph: the same stops (same indices), one segment per pair of joined stops."""
    members: list[list[int]]
    """Per bundled segment, the real segments it stands for (their ids in ``real``)."""
    _memo: dict[tuple[tuple[tuple[int, ...], ...], int], list[Candidate] | None] = field(default_factory=dict)
    _masks: list[int] = field(default_factory=list)  # the real segments' tracks
    _reach: list[int] = field(default_factory=list)  # per bundle: every side a member crosses

    def __post_init__(self) -> None:
        self._masks = [seg[2] for seg in self.real.segments]
        self._reach = [0] * len(self.members)
        for sid, members in enumerate(self.members):
            for real in members:
                self._reach[sid] |= self._masks[real]

    def realize(self, routes: Sequence[Candidate], fixed: int = 0) -> list[Candidate] | None:
        """The ``routes`` (on the bundled graph) on real track sharing no side with each other
        nor with ``fixed`` (the other trains' track), or None when there is no such choice.

        Each route keeps its stops and revenue; its segments and track become real ones."""
        members = self.members
        masks = self._masks
        # Only the other trains' track that some member could use matters (more cache hits).
        reach = 0
        for r in routes:
            for sid in r.segments:
                reach |= self._reach[sid]
        fixed &= reach
        key = (tuple(r.segments for r in routes), fixed)
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = None
        chosen = [[-1] * len(r.segments) for r in routes]
        # A bundle of one member is forced; the others keep the members still free after
        # that, fewest first (the search below backtracks only over them).
        used = fixed
        open_bundles: list[tuple[int, int]] = []
        for k, r in enumerate(routes):
            for at, sid in enumerate(r.segments):
                if len(members[sid]) == 1:
                    real_sid = members[sid][0]
                    if masks[real_sid] & used:
                        return None
                    used |= masks[real_sid]
                    chosen[k][at] = real_sid
                else:
                    open_bundles.append((k, at))
        slots: list[tuple[int, int, list[int]]] = []
        for k, at in open_bundles:
            free = [m for m in members[routes[k].segments[at]] if not masks[m] & used]
            if not free:
                return None
            slots.append((k, at, free))
        slots.sort(key=lambda slot: len(slot[2]))

        def assign(i: int, used: int) -> bool:
            if i == len(slots):
                return True
            k, at, free = slots[i]
            for real_sid in free:
                mask = masks[real_sid]
                if mask & used:
                    continue
                chosen[k][at] = real_sid
                if assign(i + 1, used | mask):
                    return True
            return False

        found: list[Candidate] | None = None
        if assign(0, used):
            found = []
            for r, sids in zip(routes, chosen, strict=True):
                track = 0
                for sid in sids:
                    track |= masks[sid]
                found.append(Candidate(r.revenue, track, r.stops, tuple(sids)))
        self._memo[key] = found
        return found


def bundle(graph: Graph) -> Bundling:
    """The bundled form of ``graph`` (see the module docstring)."""
    by_ends: dict[tuple[int, int], list[int]] = {}
    for sid, (a, b, _mask, _trail) in enumerate(graph.segments):
        by_ends.setdefault((min(a, b), max(a, b)), []).append(sid)
    segments: list[tuple[int, int, int, tuple[str, ...]]] = []
    adjacency: list[list[tuple[int, int, int]]] = [[] for _ in graph.nodes]
    members: list[list[int]] = []
    for (a, b), sids in by_ends.items():
        common = graph.segments[sids[0]][2]
        for sid in sids[1:]:
            common &= graph.segments[sid][2]
        bundled = len(segments)
        segments.append((a, b, common, graph.segments[sids[0]][3]))
        members.append(sids)
        adjacency[a].append((b, common, bundled))
        adjacency[b].append((a, common, bundled))
    return Bundling(graph, replace(graph, segments=segments, adjacency=adjacency), members)
