"""The exact search for a company's best run (used by :func:`routes.best_routes`).

A run is one route per train (or none), routes sharing no track (no hex side), each route a
simple path through at least one of the company's stations (see :mod:`routes` for the rules).
The search is exact: it returns the best total there is and the next best plans the president
is offered; nothing is left unsearched and there is no work limit. It is fast because what a
bound proves useless is never enumerated.

**Trains with a distance** (2 to 8 stops) have few routes even on a late map (about 4,000 for a
6-train, 13,000 for an 8): they are enumerated once (:func:`routes.enumerate_routes`), best
first, and filtered by the track still free.

**D-trains** run any distance, so their routes are not enumerated (a dense late map has
hundreds of thousands) but searched as pairs of *arms* leaving a station
(:mod:`route_arms`): the arms are few, and the best extension of each arm is known exactly.
They are searched on the *bundled* graph (:mod:`route_bundles`: parallel track between two
stops is one segment on the sides all of it crosses, a tenth of the arms on a dense map), a
relaxation whose bounds are never below the real map's; a run is kept only once its D-routes
are placed on real track beside the other trains' routes, so the floor is always a real run.

**Several trains**: the trains with a distance are searched first (shortest first), the
D-trains last. For train ``i`` on the track ``used`` by the trains before it, the trains with
a distance after it can add at most the sum of their exact best routes on that track (list
scans, memoized per track state) and the D-trains at most ``k`` times the best D-route of the
whole map; train ``i`` takes only routes that can still beat the floor with that, best first.
Before a route is taken, the D-trains are asked whether the track it leaves still holds a
D-route earning their share of what is missing (a search with a high threshold, which stops at
the first route it finds). The D-trains then take their best routes beside the others with
the floor as their threshold. Trains of one distance take their routes in a fixed order, so a
set of routes is searched once, not in every order. A train may also run nothing.

Everything here is plain data in, plain data out (a :class:`~routes.Graph` and tuples), so the
search can run in a worker process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from bot.games.g1856.route_arms import ArmSearch
from bot.games.g1856.route_bundles import bundle
from bot.games.g1856.route_keep import BestPlans, signature
from bot.games.g1856.routes import Candidate, Graph, enumerate_routes


class Plan(NamedTuple):
    """A run: its total and one route per train (None: that train runs nothing), trains in the
    order given to :func:`best_plans`."""

    total: int
    picks: tuple[Candidate | None, ...]


class _Lists:
    """The routes of trains with a distance, enumerated once per distance and filtered."""

    def __init__(self, graph: Graph, table: list[tuple[frozenset[int], int]]) -> None:
        self.graph = graph
        self.table = table
        self.lists: dict[int, list[Candidate]] = {}
        self.masks: dict[int, list[int]] = {}  # the lists' tracks, for the scan of best_value
        self.best_memo: dict[tuple[int, int], Candidate | None] = {}

    def search(self, limit: int, used: int, threshold: int, keep: int | None) -> list[Candidate]:
        """Routes of at most ``limit`` stops earning more than ``threshold`` on track not in
        ``used``, best first. ``keep=None``: every such route, each track variant of the same
        stops included (the trains after this one may need the track one leaves free).
        ``keep=k``: the ``k`` best routes with distinct sets of stops."""
        every = self.routes(limit)
        out: list[Candidate] = []
        stop_sets: set[frozenset[int]] = set()
        for cand in every:  # best first
            if cand.revenue <= threshold:
                break
            if cand.mask & used:
                continue
            if keep is not None:
                stops = frozenset(cand.stops)
                if stops in stop_sets:
                    continue
                stop_sets.add(stops)
                if len(stop_sets) > keep:
                    break
            out.append(cand)
        return out

    def free(self, limit: int, used: int, threshold: int) -> Iterator[Candidate]:
        """Every route of at most ``limit`` stops earning more than ``threshold`` on track not in
        ``used``, best first, each track variant of the same stops too (as they are asked for)."""
        for cand in self.routes(limit):
            if cand.revenue <= threshold:
                return
            if not cand.mask & used:
                yield cand

    def masks_of(self, limit: int) -> list[int]:
        self.routes(limit)
        return self.masks[limit]

    def routes(self, limit: int) -> list[Candidate]:
        every = self.lists.get(limit)
        if every is None:
            every = self.lists[limit] = enumerate_routes(self.graph, limit, self.table)
            self.masks[limit] = [c.mask for c in every]
        return every

    def best_route(self, limit: int, used: int) -> Candidate | None:
        """The best route of ``limit`` stops on track not in ``used`` (None: there is none)."""
        key = (limit, used)
        if key not in self.best_memo:
            at = next((k for k, mask in enumerate(self.masks_of(limit)) if not mask & used), -1)
            self.best_memo[key] = self.lists[limit][at] if at >= 0 else None
        return self.best_memo[key]

    def best_value(self, limit: int, used: int) -> int:
        """The exact best revenue of one route of ``limit`` stops on track not in ``used``."""
        best = self.best_route(limit, used)
        return best.revenue if best is not None else 0


def best_plans(
    graph: Graph,
    table: list[tuple[frozenset[int], int]],
    distances: list[int | None],
    keep: int,
) -> list[Plan]:
    """The ``keep`` best runs (distinct sets of stops per route), best first.

    ``distances``: each train's number of stops (None: a D-train). Exact: see the module
    docstring.
    """
    n = len(distances)
    if n == 0:
        return [Plan(0, ())]
    lists = _Lists(graph, table)
    # Trains with a distance shortest first, then the D-trains (stable: equal trains stay
    # together). The search itself takes the D-trains first (below).
    order = sorted(range(n), key=lambda i: distances[i] if distances[i] is not None else 10**6)
    dist = [distances[i] for i in order]
    shorts: list[int] = [d for d in dist if d is not None]
    d_count = n - len(shorts)

    def short_plans(
        used: int, threshold: int, fits: Callable[[list[Candidate | None]], bool] | None = None
    ) -> list[tuple[int, list[Candidate | None]]]:
        return _short_plans(lists, shorts, used, threshold, keep, fits)

    if not d_count:
        found = short_plans(0, -1)
    else:
        # The D-trains search the bundled graph (parallel track as one segment) and keep a run
        # only when its D-routes fit on real track beside the other trains' routes.
        bundling = bundle(graph)

        def fixed(picks: list[Candidate | None]) -> int:
            track = 0
            for pick in picks:
                if pick is not None:
                    track |= pick.mask
            return track

        def fits(d_routes: list[Candidate], picks: list[Candidate | None]) -> bool:
            return bundling.realize(d_routes, fixed(picks)) is not None

        arms = ArmSearch(bundling.graph, table, fits)

        def shorts_bound(used: int) -> tuple[int, int]:
            """At most what the trains with a distance add on track not in ``used`` (each its
            best route alone), and the track of those routes."""
            total = track = 0
            for d in shorts:
                best = lists.best_route(d, used)
                if best is not None:
                    total += best.revenue
                    track |= best.mask
            return total, track

        found = []
        for total, d_picks, short_picks in arms.plans(
            d_count, 0, -1, keep, shorts_bound if shorts else None, short_plans if shorts else None
        ):
            placed = bundling.realize([c for c in d_picks if c is not None], fixed(short_picks))
            if placed is None:  # cannot happen: a run is kept only once it was placed
                raise RuntimeError("a kept run's D-routes do not fit on real track")
            real = iter(placed)
            found.append((total, [*short_picks, *(next(real) if c is not None else None for c in d_picks)]))
    plans = []
    for total, chosen in found:
        back: list[Candidate | None] = [None] * n
        for k, cand in enumerate(chosen):
            back[order[k]] = cand
        plans.append(Plan(total, tuple(back)))
    return plans


def _short_plans(
    lists: _Lists,
    dist: list[int],
    used: int,
    threshold: int,
    keep: int,
    fits: Callable[[list[Candidate | None]], bool] | None = None,
) -> list[tuple[int, list[Candidate | None]]]:
    """The ``keep`` best sets of routes for trains with distances ``dist`` (ascending) on
    track not in ``used`` that earn more than ``threshold`` (distinct sets of stops), best
    first; each set one route or None per train. ``fits``: which sets may be kept (beside
    D-routes searched on bundled track, whether they all fit on the real map)."""
    n = len(dist)
    if n == 0:
        return [(0, [])] if threshold < 0 and (fits is None or fits([])) else []
    grouped = [i > 0 and dist[i] == dist[i - 1] for i in range(n)]
    best = BestPlans[list[Candidate | None]](keep, threshold)
    picks: list[Candidate | None] = []

    def offer(total: int) -> None:
        if fits is None or fits(picks):
            best.offer(total, signature(c.stops if c is not None else None for c in picks), list(picks))

    def rest(i: int, used: int) -> int:
        """Exact best of each train i.. alone on the track left: a bound for them together."""
        return sum(lists.best_value(dist[j], used) for j in range(i, n))

    def below(prev: Candidate | None) -> Callable[[Candidate], bool]:
        """The fixed order among trains of one distance: (revenue, stops, track) not above."""
        if prev is None:
            return lambda c: True
        key = (prev.revenue, prev.stops, prev.mask)
        return lambda c: (c.revenue, c.stops, c.mask) <= key

    def solve(i: int, used: int, total: int, prev: Candidate | None) -> None:
        if i == n:
            if total > best.floor:
                offer(total)
            return
        if grouped[i] and prev is None:
            # The train before it in its group ran nothing: so does this one.
            picks.append(None)
            solve(i + 1, used, total, None)
            picks.pop()
            return
        if i == n - 1:
            # The last train takes its best routes beside the others unfiltered: a set found
            # in two orders is one plan (offer keeps one). Beside D-routes on bundled track a
            # route may not fit on one track and fit on another: then every track variant is
            # tried, best first, while it can still be kept.
            if fits is None:
                options = lists.search(dist[i], used, best.floor - total, keep)
            else:
                options = lists.free(dist[i], used, best.floor - total)
            taken: set[frozenset[int]] = set()  # stop sets kept here: other tracks add nothing
            for cand in options:
                if total + cand.revenue <= best.floor or len(taken) >= keep:
                    break
                stops = frozenset(cand.stops)
                if stops in taken:
                    continue
                picks.append(cand)
                if fits is None or fits(picks):
                    taken.add(stops)
                    solve(n, used, total + cand.revenue, cand)
                picks.pop()
            if total > best.floor:
                picks.append(None)
                solve(n, used, total, None)
                picks.pop()
            return
        allowed = below(prev) if grouped[i] else (lambda c: True)
        later = rest(i + 1, used)
        for cand in lists.search(dist[i], used, best.floor - total - later, None):
            if total + cand.revenue + later <= best.floor:
                break  # best first: no later candidate can do better
            if not allowed(cand):
                continue
            after = used | cand.mask
            if i + 1 < n - 1 and total + cand.revenue + rest(i + 1, after) <= best.floor:
                continue
            picks.append(cand)
            solve(i + 1, after, total + cand.revenue, cand)
            picks.pop()
        if total + later > best.floor:
            picks.append(None)
            solve(i + 1, used, total, None)
            picks.pop()

    solve(0, used, 0, None)
    return best.plans
