"""The exact search for a company's best run: branch and bound on the track graph.

A run is one route per train (or none), routes sharing no track (no hex side), each route a
simple path through at least one of the company's stations (see :mod:`routes` for the rules).
The search is exact: it returns the best total there is, and the next best plans the president
is offered, with nothing left unsearched. What keeps it fast is that nothing is enumerated that
a bound proves useless.

**One train.** Routes are grown from each station, first one way (the *first arm*), then, from
the station, the other way (the *second arm*), so the station may sit anywhere on the route;
a route containing a station already grown from was found from that station, so it is barred.
Before a partial route is extended, an upper bound on what it can still earn is compared with
the best found so far (the floor): the stops still *reachable* from its open ends (the tip of
the arm being grown and, while the first arm grows, the station the second arm leaves from),
over track that neither this route nor the company's other routes use, and without passing
through a stop a route may only end at (off-boards, cities full of other companies' markers).
A train of distance ``d`` can add at most the ``d - stops`` most valuable of them; a D-train
every reachable stop it may pass through, plus, at each of its open ends, one stop it may only
end at. Bonuses not yet earned are added in full. The bound never underestimates, so a cut
never loses a route that could beat the floor. Children are tried most valuable first so that
the floor rises early.

**Several trains.** Trains are searched one after another (shorter trains first, D-trains
last: a short train has few routes, and the last train is searched directly for its best
route beside the others). For train ``i`` on track ``used`` by the trains before it, the bound
for trains ``i+1..`` is the sum of their *exact* best routes on the track left (each one a
single-train search, memoized per track state). Train ``i`` only needs routes earning more than
``floor - total - bound``; each is tried best first, and the bound is recomputed on the track it
leaves. Trains of one distance take their routes in a fixed order (each no better than the
previous one), so a set of routes is searched once, not in every order. A train may also run
nothing. There is no work limit: the search ends when every remaining branch is proved unable
to beat the floor.

Everything here is plain data in, plain data out (a :class:`~routes.Graph` and lists of tuples),
so the search can run in a worker process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bot.games.g1856.routes import Candidate, Graph


class Plan(NamedTuple):
    """A run: its total and one route per train (None: that train runs nothing), trains in the
    order given to :func:`best_plans`."""

    total: int
    picks: tuple[Candidate | None, ...]


class _Single:
    """Single-train searches on one graph, memoized per (distance, used track)."""

    def __init__(self, graph: Graph, table: list[tuple[frozenset[int], int]]) -> None:
        self.graph = graph
        self.raw_table = table
        self.table = [(sum(1 << i for i in stops), amount) for stops, amount in table]
        self.bonus_total = sum(amount for _, amount in table)
        value = graph.value
        # Neighbours most valuable first: good routes are found early and raise the floor.
        self.adjacency = [
            sorted(adj, key=lambda e: -value[e[0]]) for adj in graph.adjacency
        ]
        self.homes = list(dict.fromkeys(graph.homes))
        self.best_memo: dict[tuple[int | None, int], int] = {}
        self.lists: dict[int, list[Candidate]] = {}
        self.nodes_searched = 0

    def listed(self, limit: int, used: int, threshold: int, keep: int | None) -> list[Candidate]:
        """:meth:`search` for a train with a distance, from the list of all its routes: a few
        thousand at most (six stops on a late map), enumerated once and filtered."""
        every = self.lists.get(limit)
        if every is None:
            from bot.games.g1856.routes import enumerate_routes

            every = self.lists[limit] = enumerate_routes(self.graph, limit, self.raw_table)
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

    def revenue(self, stops_bits: int, value: int) -> int:
        for bits, amount in self.table:
            if bits & stops_bits:
                value += amount
        return value

    def best_value(self, limit: int | None, used: int) -> int:
        """The exact best revenue of one route of ``limit`` stops on track not in ``used``."""
        key = (limit, used)
        found = self.best_memo.get(key)
        if found is None:
            routes = self.search(limit, used, -1, keep=1)
            found = routes[0].revenue if routes else 0
            self.best_memo[key] = found
        return found

    def search(self, limit: int | None, used: int, threshold: int, keep: int | None) -> list[Candidate]:
        """Routes earning more than ``threshold`` on track not in ``used``, best first.

        ``keep=None``: every such route, each track variant of the same stops included (the
        trains after this one may need the track one leaves free). ``keep=k``: the ``k`` best
        routes with distinct sets of stops (one track variant each): what the last train needs.
        """
        if limit is not None:
            return self.listed(limit, used, threshold, keep)
        graph = self.graph
        adjacency = self.adjacency
        passable = graph.passable
        group = graph.group
        value = graph.value
        cap = limit if limit is not None else len(graph.nodes)
        bonus_total = self.bonus_total
        found: list[Candidate] = []
        best_by_stops: dict[int, int] = {}  # keep mode: stop set -> index in found
        floor = [threshold]

        def raise_floor() -> None:
            if keep is not None and len(best_by_stops) >= keep:
                ranked = sorted((found[i].revenue for i in best_by_stops.values()), reverse=True)
                floor[0] = max(floor[0], ranked[keep - 1])

        def offer(stops: tuple[int, ...], segs: tuple[int, ...], mask: int, val: int) -> None:
            bits = 0
            for i in stops:
                bits |= 1 << i
            rev = self.revenue(bits, val) if self.table else val
            if rev <= floor[0]:
                return
            cand = Candidate(rev, mask, stops, segs)
            if keep is None:
                found.append(cand)
                return
            if bits in best_by_stops:
                return  # the same stops on other track earn the same
            best_by_stops[bits] = len(found)
            found.append(cand)
            raise_floor()

        def bound(starts: tuple[int, ...], visited: int, mask: int, count: int) -> int:
            """Most the open ends ``starts`` can still add (see the module docstring)."""
            self.nodes_searched += 1
            start_bits = 0
            for v in starts:
                start_bits |= 1 << v
            seen = visited | start_bits
            # The open ends are on the route, but a stop next to one may be entered from it.
            closed = visited & ~start_bits
            stack = list(starts)
            through = 0  # reachable stops a route may pass through
            end1 = end2 = 0  # the two most valuable reachable stops a route may only end at
            values: list[int] | None = [] if limit is not None else None
            while stack:
                v = stack.pop()
                # A stop with at most one way on left (not counting the way in) is a dead end:
                # a route reaching it ends there, like at an off-board.
                exits = 0
                for w, m, _ in adjacency[v]:
                    if (closed >> w) & 1 or m & mask:
                        continue
                    exits += 1
                    if (seen >> w) & 1:
                        continue
                    seen |= 1 << w
                    if passable[w]:
                        stack.append(w)
                    else:
                        x = value[w]
                        if x > end2:
                            end1, end2 = (x, end1) if x > end1 else (end1, x)
                if not (start_bits >> v) & 1:
                    x = value[v]
                    if exits <= 1:
                        if x > end2:
                            end1, end2 = (x, end1) if x > end1 else (end1, x)
                    else:
                        through += x
                        if values is not None:
                            values.append(x)
            ends = end1 + end2 if len(starts) > 1 else end1
            if values is None:
                return through + ends + bonus_total
            left = cap - count
            if left <= 0:
                return bonus_total
            pool = [*values, end1, end2] if len(starts) > 1 else [*values, end1]
            if len(pool) > left:
                pool.sort(reverse=True)
                pool = pool[:left]
            return sum(pool) + bonus_total

        # Keep mode: a partial route with the same stops, the same tip and track that includes
        # the track of one already grown from (same arm) earns the same and can only end in
        # fewer ways: the routes it could lead to were found (or proved no better) from the other.
        states: dict[tuple[int, int, int, int], list[int]] | None = {} if keep is not None else None

        def dominated(key: tuple[int, int, int, int], mask: int) -> bool:
            assert states is not None
            masks = states.get(key)
            if masks is None:
                states[key] = [mask]
                return False
            for other in masks:
                if not other & ~mask:
                    return True
            masks.append(mask)
            return False

        def grow_second(
            home: int,
            node: int,
            first: list[int],
            first_segs: list[int],
            second: list[int],
            second_segs: list[int],
            visited: int,
            groups: int,
            mask: int,
            count: int,
            val: int,
        ) -> None:
            if second_segs:
                offer(
                    (*reversed(first), *second),
                    (*reversed(first_segs), *second_segs),
                    mask,
                    val,
                )
                if not passable[node]:
                    return
            if count >= cap:
                return
            if states is not None and dominated((2, node, visited, first_segs[0] if first_segs and not second_segs else -1), mask):
                return
            if val + bound((node,), visited, mask, count) <= floor[0]:
                return
            for other, seg_mask, sid in adjacency[node]:
                if (visited >> other) & 1 or seg_mask & mask:
                    continue
                if not second_segs and first_segs and sid < first_segs[0]:
                    continue  # each route once: its first arm starts with the lower segment
                g = group[other]
                if g >= 0 and (groups >> g) & 1:
                    continue
                second.append(other)
                second_segs.append(sid)
                grow_second(
                    home,
                    other,
                    first,
                    first_segs,
                    second,
                    second_segs,
                    visited | (1 << other),
                    groups | (1 << g) if g >= 0 else groups,
                    mask | seg_mask,
                    count + 1,
                    val + value[other],
                )
                second.pop()
                second_segs.pop()

        def grow_first(
            home: int,
            node: int,
            first: list[int],
            first_segs: list[int],
            visited: int,
            groups: int,
            mask: int,
            count: int,
            val: int,
        ) -> None:
            # The route may continue from the station the other way (the station inside it).
            grow_second(home, home, first, first_segs, [], [], visited, groups, mask, count, val)
            if (first_segs and not passable[node]) or count >= cap:
                return
            if states is not None and dominated((1, node, visited, first_segs[0] if first_segs else -1), mask):
                return
            starts = (node, home) if node != home else (home, home)
            if val + bound(starts, visited, mask, count) <= floor[0]:
                return
            for other, seg_mask, sid in adjacency[node]:
                if (visited >> other) & 1 or seg_mask & mask:
                    continue
                g = group[other]
                if g >= 0 and (groups >> g) & 1:
                    continue
                first.append(other)
                first_segs.append(sid)
                grow_first(
                    home,
                    other,
                    first,
                    first_segs,
                    visited | (1 << other),
                    groups | (1 << g) if g >= 0 else groups,
                    mask | seg_mask,
                    count + 1,
                    val + value[other],
                )
                first.pop()
                first_segs.pop()

        barred = 0  # stations already grown from: every route through them is found
        for home in self.homes:
            g = group[home]
            grow_first(
                home,
                home,
                [home],
                [],
                barred | (1 << home),
                (1 << g) if g >= 0 else 0,
                used,
                1,
                value[home],
            )
            barred |= 1 << home
        found.sort(key=lambda c: -c.revenue)
        if keep is not None:
            del found[keep:]
        return found


def best_plans(
    graph: Graph,
    table: list[tuple[frozenset[int], int]],
    distances: list[int | None],
    keep: int,
    on_plan: Callable[[Plan], None] | None = None,
) -> list[Plan]:
    """The ``keep`` best runs (distinct sets of stops per route), best first.

    ``distances``: each train's number of stops (None: a D-train). Exact: see the module
    docstring.
    """
    n = len(distances)
    if n == 0:
        return [Plan(0, ())]
    single = _Single(graph, table)
    # Search order: shortest trains first, D-trains last (stable, so equal trains stay together).
    order = sorted(range(n), key=lambda i: distances[i] if distances[i] is not None else 10**6)
    dist = [distances[i] for i in order]
    grouped = [i > 0 and dist[i] == dist[i - 1] for i in range(n)]

    results: list[tuple[int, tuple[Candidate | None, ...]]] = []
    signatures: list[tuple[tuple[int, ...], ...]] = []
    floor = [-1]
    picks: list[Candidate | None] = []

    def offer(total: int) -> None:
        sig = tuple(sorted(tuple(sorted(c.stops)) for c in picks if c is not None))
        if sig in signatures:
            at = signatures.index(sig)
            if results[at][0] >= total:
                return
            del results[at], signatures[at]
        at = next((j for j, r in enumerate(results) if r[0] < total), len(results))
        results.insert(at, (total, tuple(picks)))
        signatures.insert(at, sig)
        del results[keep:], signatures[keep:]
        if len(results) == keep:
            floor[0] = results[-1][0]

    def rest(i: int, used: int) -> int:
        """Exact best of each train i.. alone on the track left: a bound for them together."""
        return sum(single.best_value(dist[j], used) for j in range(i, n))

    def below(prev: Candidate | None) -> Callable[[Candidate], bool]:
        """The fixed order among trains of one distance: (revenue, stops, track) not above."""
        if prev is None:
            return lambda c: True
        key = (prev.revenue, prev.stops, prev.mask)
        return lambda c: (c.revenue, c.stops, c.mask) <= key

    def solve(i: int, used: int, total: int, prev: Candidate | None) -> None:
        if i == n:
            if total > floor[0]:
                offer(total)
            return
        # The last train takes its best routes beside the others unfiltered: a set found in
        # two orders is one plan (offer keeps one).
        allowed = below(prev) if grouped[i] and i < n - 1 else (lambda c: True)
        if grouped[i] and prev is None:
            # The train before it in its group ran nothing: so does this one.
            picks.append(None)
            solve(i + 1, used, total, None)
            picks.pop()
            return
        if i == n - 1:
            for cand in single.search(dist[i], used, floor[0] - total, keep):
                if not allowed(cand):
                    continue
                picks.append(cand)
                solve(n, used, total + cand.revenue, cand)
                picks.pop()
            if total > floor[0]:
                picks.append(None)
                solve(n, used, total, None)
                picks.pop()
            return
        later = rest(i + 1, used)
        for cand in single.search(dist[i], used, floor[0] - total - later, None):
            if total + cand.revenue + later <= floor[0]:
                break  # best first: no later candidate can do better
            if not allowed(cand):
                continue
            after = used | cand.mask
            # Before the last train, its own search below is the check (with a high threshold
            # it is cheaper than its exact best).
            if i + 1 < n - 1 and total + cand.revenue + rest(i + 1, after) <= floor[0]:
                continue
            picks.append(cand)
            solve(i + 1, after, total + cand.revenue, cand)
            picks.pop()
        if total + later > floor[0]:
            picks.append(None)
            solve(i + 1, used, total, None)
            picks.pop()

    solve(0, 0, 0, None)
    plans = []
    for total, chosen in results:
        back: list[Candidate | None] = [None] * n
        for k, cand in enumerate(chosen):
            back[order[k]] = cand
        plans.append(Plan(total, tuple(back)))
    return plans
