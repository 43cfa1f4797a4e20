"""The exact search for a company's best run when it holds one D-train (any distance).

A run is one route per train (or none), routes sharing no track (no hex side), each route a
simple path through at least one of the company's stations (see :mod:`routes` for the rules).
The search is exact: it returns the best total there is and the next best plans the president
is offered; nothing is left unsearched and there is no work limit. It is fast because what a
bound proves useless is never enumerated.

**Trains with a distance** (2 to 8 stops) have few routes even on a late map (about 4,000 for a
6-train, 13,000 for an 8): they are enumerated once (:func:`routes.enumerate_routes`), best
first, and filtered by the track still free.

**The D-train** runs any distance, so its routes are not enumerated (a dense late map has
hundreds of thousands) but searched. Routes are grown from each station, first one way (the
*first arm*), then from the station the other way (the *second arm*), so the station may sit
anywhere on the route; a route through a station already grown from was found from it. Before
a partial route is extended, an upper bound on what it can still add is compared with the
*floor* (the worst of the plans kept so far, or the threshold the caller needs):

- *regions*: from each open end (the tip of the arm, and while the first arm grows the station
  the second arm will leave from), the stops reachable over stops not on the route and track
  not used, never through a stop a route may only end at (off-boards, cities full of other
  companies' markers). A path enters one region per end; in it, it collects at most every stop
  it may pass through, plus one stop it may only end at (such stops, and dead ends: stops with
  one way in, are only counted as ends);
- *blocks*: a path that leaves a biconnected piece of the region through a cut vertex never
  comes back, so it collects at most the stops of the blocks along one chain of the block tree
  (Tarjan's algorithm, the best chain computed as blocks close).

Bonuses not yet earned are added in full. The bounds never underestimate, so a cut never loses
a route that could beat the floor. Neighbours are tried most valuable first so that the floor
rises early, and a partial route whose stops, tip and arm equal those of one already grown from,
on track that includes that one's, is skipped (it can only end in fewer ways).

**Several trains** are searched one after another, the trains with a distance first, the
D-train last. For train ``i`` on the track ``used`` by the trains before it, the bound for the
trains after it is the sum of their *exact* best routes on the track left (list scans, or a
D-train search, memoized per track state); train ``i`` takes only routes earning more than
``floor - total - bound``, best first, and the last train is searched directly for its best
routes beside the others. Trains of one distance take their routes in a fixed order, so a set
of routes is searched once, not in every order. A train may also run nothing.

Everything here is plain data in, plain data out (a :class:`~routes.Graph` and tuples), so the
search can run in a worker process.
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
        self.adjacency = [sorted(adj, key=lambda e: -value[e[0]]) for adj in graph.adjacency]
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

        def regions(ends: tuple[int, ...], visited: int, mask: int) -> list[list[list[int]]]:
            """For each open end, the regions a route may continue into from it.

            A region is what is reachable through one first step from the end, over stops not
            on the route and track not used, passing only through stops a route may pass
            through: (its stops' value, the two most valuable stops in it a route may only end
            at). Regions of different first steps that meet are one region (same object), so
            two ends continuing into one region draw on it once.
            """
            self.nodes_searched += 1
            end_bits = 0
            for v in ends:
                end_bits |= 1 << v
            # The open ends are on the route, but a stop next to one may be entered from it.
            closed = visited & ~end_bits
            seen = visited
            label: dict[int, list[int]] = {}  # passable stop -> its region [through, end1, end2]
            out: list[list[list[int]]] = []
            for end in ends:
                options: list[list[int]] = []
                for first, m0, _ in adjacency[end]:
                    if (visited >> first) & 1 or m0 & mask:
                        continue
                    if not passable[first]:
                        options.append([0, value[first], 0])  # a route may end there
                        continue
                    region = label.get(first)
                    if region is None:
                        region = [0, 0, 0]
                        through = 0
                        end1 = end2 = 0
                        seen |= 1 << first
                        stack = [first]
                        label[first] = region
                        while stack:
                            v = stack.pop()
                            # A stop with at most one way on (not counting the way in) is a
                            # dead end: a route reaching it ends there, like at an off-board.
                            exits = 0
                            for w, m, _ in adjacency[v]:
                                if (closed >> w) & 1 or m & mask:
                                    continue
                                exits += 1
                                if not passable[w]:
                                    x = value[w]
                                    if x > end2:
                                        end1, end2 = (x, end1) if x > end1 else (end1, x)
                                    continue
                                if (seen >> w) & 1:
                                    continue
                                seen |= 1 << w
                                label[w] = region
                                stack.append(w)
                            x = value[v]
                            if exits <= 1:
                                if x > end2:
                                    end1, end2 = (x, end1) if x > end1 else (end1, x)
                            else:
                                through += x
                        region[0], region[1], region[2] = through, end1, end2
                    options.append(region)
                out.append(list({id(r): r for r in options}.values()))
            return out

        def path_bound(start: int, visited: int, mask: int) -> int:
            """Most a path from ``start`` can still add, over stops not on the route and track
            not used: the best chain of *blocks* (biconnected pieces) from ``start``.

            A simple path that leaves a block through a cut vertex never returns to it, so it
            collects at most the stops of the blocks along one path of the block tree; a stop
            a route may only end at is a block of its own hanging off its neighbour. Computed
            by Tarjan's algorithm, blocks in the order they close (innermost first)."""
            self.nodes_searched += 1
            best_below: dict[int, int] = {}  # cut vertex -> best chain of blocks hanging from it
            closed = visited & ~(1 << start)  # edges back to the start count (as in any cycle)

            def neighbours(v: int) -> list[int]:
                out = []
                for w, m, _ in adjacency[v]:
                    if (closed >> w) & 1 or m & mask:
                        continue
                    if passable[w]:
                        if w not in out:
                            out.append(w)
                    elif value[w] > best_below.get(v, 0):
                        best_below[v] = value[w]  # a route may end there
                return out

            disc = {start: 0}
            low = {start: 0}
            order = 1
            on_stack: list[int] = []
            frames = [(start, -1, iter(neighbours(start)))]
            while frames:
                v, parent, rest = frames[-1]
                for w in rest:
                    if w == parent:
                        continue
                    if w in disc:
                        if disc[w] < low[v]:
                            low[v] = disc[w]
                        continue
                    disc[w] = low[w] = order
                    order += 1
                    on_stack.append(w)
                    frames.append((w, v, iter(neighbours(w))))
                    break
                else:
                    frames.pop()
                    if not frames:
                        break
                    p = frames[-1][0]
                    if low[v] < low[p]:
                        low[p] = low[v]
                    if low[v] >= disc[p]:
                        # The block entered from p closes: its stops, then the best chain below.
                        total = 0
                        below = 0
                        while True:
                            u = on_stack.pop()
                            total += value[u]
                            x = best_below.get(u, 0)
                            if x > below:
                                below = x
                            if u == v:
                                break
                        if total + below > best_below.get(p, 0):
                            best_below[p] = total + below
            return best_below.get(start, 0)

        def bound_one(tip: int, visited: int, mask: int) -> int:
            """Most one open end can still add (:func:`path_bound`)."""
            return path_bound(tip, visited, mask) + bonus_total

        def bound_two(tip: int, home: int, visited: int, mask: int, need: int) -> int:
            """Most two open ends (the first arm's tip and the station the second arm leaves
            from) can still add: the best pair of regions, or one region both draw on."""
            tips, homes = regions((tip, home), visited, mask)
            best = 0
            for a in tips:
                for b in homes:
                    # Both arms into one region: its stops once, two ends in it.
                    x = a[0] + a[1] + a[2] if a is b else a[0] + a[1] + b[0] + b[1]
                    if x > best:
                        best = x
            for a in (*tips, *homes):
                if a[0] + a[1] > best:
                    best = a[0] + a[1]
            if best + bonus_total > need:
                # The two arms are disjoint paths: each at most its own chain of blocks.
                best = min(best, path_bound(tip, visited, mask) + path_bound(home, visited, mask))
            return best + bonus_total

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
            arm_start = first_segs[0] if first_segs and not second_segs else -1
            if states is not None and dominated((2, node, visited, arm_start), mask):
                return
            if val + bound_one(node, visited, mask) <= floor[0]:
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
            val: int,
        ) -> None:
            # The route may continue from the station the other way (the station inside it).
            grow_second(home, home, first, first_segs, [], [], visited, groups, mask, val)
            if first_segs and not passable[node]:
                return
            if states is not None and dominated(
                (1, node, visited, first_segs[0] if first_segs else -1), mask
            ):
                return
            if val + bound_two(node, home, visited, mask, floor[0] - val) <= floor[0]:
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
) -> list[Plan]:
    """The ``keep`` best runs (distinct sets of stops per route), best first.

    ``distances``: each train's number of stops (None: a D-train). Exact: see the module
    docstring.
    """
    n = len(distances)
    if n == 0:
        return [Plan(0, ())]
    single = _Single(graph, table)
    # Search order: shortest trains first, the D-train last (stable: equal trains stay
    # together). A train with a distance has few routes (a list, cheap to filter); the D-train
    # is searched last, for its best routes beside the others' with a threshold that rises.
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
