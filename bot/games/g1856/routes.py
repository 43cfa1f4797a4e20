"""Train routes and revenue on the 1856 map, and the search for a company's best run.

Vocabulary:

- a *stop* (node) is a city, town or off-board: ``"F15.c0"``, ``"E18.t1"``, ``"B13.o0"``;
- a *segment* is a stretch of track between two stops with no stop in between. Its track is a
  set of *sides*: the hex borders it crosses (two paths of one company's runs may never share a
  side, which is how "no track used twice" is checked: 18xx.games does the same with hex edges);
- a *route* is a chain of segments, from stop to stop, with no stop visited twice.

Rules a route obeys (rulebook, with 18xx.games where the summary is silent):

- it visits at least two stops and at most the train's number of them (towns count; the D runs
  any distance);
- it includes at least one city holding the company's station marker;
- it never passes *through* an off-board (they are ends only) or a city whose every space holds
  another company's marker (it may start or end there);
- it visits at most one stop of an off-board group (Buffalo P17/P19, Canadian West N1/O2,
  Lower Canada Q8/Q10);
- no two routes of the company share a side, nor does one route reuse one.

Revenue is the sum of the stops' values in the current phase, plus the company's bonuses: +20
once per route that stops in the hex holding its port marker, +10 per route reaching Buffalo
with a bridge right, +10 per route reaching Sarnia with a tunnel right.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.engine import IllegalAction
from bot.games.g1856 import board
from bot.games.g1856.map import MapState, current, is_blocking, tokens_of
from bot.games.g1856.messages import T, Tn
from bot.games.g1856.route_keep import BestPlans, signature

# ---------------------------------------------------------------- the graph


@dataclass
class Graph:
    """The stops and segments of the map as seen by one company in one phase."""

    nodes: list[str]
    index: dict[str, int]
    value: list[int]
    passable: list[bool]  # a route may run through it
    group: list[int]  # off-board group id or -1
    hexes: list[str]
    adjacency: list[list[tuple[int, int, int]]]  # per node: (other node, sides mask, segment id)
    segments: list[tuple[int, int, int, tuple[str, ...]]]  # (a, b, mask, hexes from a to b)
    homes: list[int]  # nodes holding the company's markers


def _side_bits() -> dict[tuple[str, int], int]:
    """One bit per hex border (shared by the two hexes that meet there)."""
    bits: dict[tuple[str, int], int] = {}
    n = 0
    for coord in sorted(board.hexes()):
        for edge in range(6):
            if (coord, edge) in bits:
                continue
            bits[(coord, edge)] = n
            other = board.neighbour(coord, edge)
            if other is not None:
                bits[(other, (edge + 3) % 6)] = n
            n += 1
    return bits


_SIDES = _side_bits()


def build_graph(state: MapState, corp: str, phase: str) -> Graph:
    nodes: list[str] = []
    value: list[int] = []
    passable: list[bool] = []
    group: list[int] = []
    hexes: list[str] = []
    groups = {
        coord: i
        for i, (_, coords) in enumerate(sorted(board.data()["offboard_groups"].items()))
        for coord in coords
    }
    placed_by_hex = {}
    for coord in board.hexes():
        placed = current(state, coord)
        if not placed.paths:
            continue
        placed_by_hex[coord] = placed
        for i, (rev, _) in enumerate(placed.cities):
            nodes.append(f"{coord}.c{i}")
            value.append(board.revenue(rev, phase))
            passable.append(not is_blocking(state, coord, i, corp))
            group.append(-1)
            hexes.append(coord)
        for i, rev in enumerate(placed.towns):
            nodes.append(f"{coord}.t{i}")
            value.append(board.revenue(rev, phase))
            passable.append(True)
            group.append(-1)
            hexes.append(coord)
        for i, rev in enumerate(placed.offboards):
            nodes.append(f"{coord}.o{i}")
            value.append(board.revenue(rev, phase))
            passable.append(False)
            group.append(groups.get(coord, -1))
            hexes.append(coord)
    index = {name: i for i, name in enumerate(nodes)}
    adjacency: list[list[tuple[int, int, int]]] = [[] for _ in nodes]
    segments: list[tuple[int, int, int, tuple[str, ...]]] = []
    seen_segments: set[tuple[int, int, int]] = set()

    def walk(start: int, coord: str, edge: int, mask: int, trail: tuple[str, ...]) -> None:
        bit = 1 << _SIDES[(coord, edge)]
        if mask & bit:
            return
        mask |= bit
        across = board.track_neighbour(coord, edge)
        if across is None or across not in placed_by_hex:
            return
        back = f"e{(edge + 3) % 6}"
        trail = (*trail, across)
        for a, b, _ in placed_by_hex[across].paths:
            if back not in (a, b) or a == b:
                continue
            other = b if a == back else a
            if other[0] == "e":
                walk(start, across, int(other[1]), mask, trail)
            else:
                end = index[f"{across}.{other}"]
                if end == start:
                    continue
                key = (min(start, end), max(start, end), mask)
                if key in seen_segments:
                    continue
                seen_segments.add(key)
                sid = len(segments)
                segments.append((start, end, mask, trail))
                adjacency[start].append((end, mask, sid))
                adjacency[end].append((start, mask, sid))

    for i, name in enumerate(nodes):
        coord, end = board.split_node(name)
        for a, b, _ in placed_by_hex[coord].paths:
            if end not in (a, b):
                continue
            other = b if a == end else a
            if other[0] == "e":
                walk(i, coord, int(other[1]), 0, (coord,))
    homes = [
        index[f"{coord}.c{city}"] for coord, city in tokens_of(state, corp) if f"{coord}.c{city}" in index
    ]
    return Graph(nodes, index, value, passable, group, hexes, adjacency, segments, homes)


# ---------------------------------------------------------------- bonuses and revenue


@dataclass(frozen=True)
class Bonuses:
    """The company's revenue bonuses (the game decides who holds what).

    ``port``: the hex holding this company's port marker (GLSC), or None;
    ``bridge`` / ``tunnel``: it holds the Buffalo bridge / Sarnia tunnel right.
    """

    port: str | None = None
    bridge: bool = False
    tunnel: bool = False

    @classmethod
    def of(cls, value: Bonuses | dict[str, Any] | None) -> Bonuses:
        if value is None:
            return cls()
        if isinstance(value, Bonuses):
            return value
        return cls(port=value.get("port"), bridge=bool(value.get("bridge")), tunnel=bool(value.get("tunnel")))


def bonus_table(graph: Graph, bonuses: Bonuses) -> list[tuple[frozenset[int], int]]:
    """(stops, amount): a route visiting any of ``stops`` earns ``amount`` once."""
    table = []
    data = board.data()["bonuses"]
    if bonuses.port:
        stops = frozenset(i for i, coord in enumerate(graph.hexes) if coord == bonuses.port)
        table.append((stops, data["port"]))
    for right, held in (("bridge", bonuses.bridge), ("tunnel", bonuses.tunnel)):
        if held:
            hexes = set(data[right]["hexes"])
            table.append(
                (frozenset(i for i, coord in enumerate(graph.hexes) if coord in hexes), data[right]["amount"])
            )
    return [(stops, amount) for stops, amount in table if stops]


def _route_revenue(graph: Graph, stops: tuple[int, ...], table: list[tuple[frozenset[int], int]]) -> int:
    total = sum(graph.value[i] for i in stops)
    for bonus_stops, amount in table:
        if not bonus_stops.isdisjoint(stops):
            total += amount
    return total


# ---------------------------------------------------------------- enumeration


class Candidate(NamedTuple):
    """One route: revenue, sides used (bitmask), stops and segments in order (graph indices)."""

    revenue: int
    mask: int
    stops: tuple[int, ...]
    segments: tuple[int, ...]


def enumerate_routes(
    graph: Graph, max_stops: int | None, table: list[tuple[frozenset[int], int]]
) -> list[Candidate]:
    """Every legal route of at most ``max_stops`` stops (``None``: any number), best first.

    Routes are grown from each station in both directions (the station may sit anywhere in
    the route), so only routes that include a station are ever built.
    """
    limit = max_stops if max_stops is not None else len(graph.nodes)
    adjacency = graph.adjacency
    passable = graph.passable
    group = graph.group
    value = graph.value
    found: list[Candidate] = []
    barred: set[int] = set()  # stations already grown from: their routes are all found

    def grow_second(
        node: int,
        first: list[int],
        first_segs: list[int],
        second: list[int],
        second_segs: list[int],
        visited: set[int],
        groups: set[int],
        mask: int,
        count: int,
        revenue: int,
    ) -> None:
        if second_segs:
            stops = (*reversed(first), *second)
            if table:
                revenue = _route_revenue(graph, stops, table)
            found.append(Candidate(revenue, mask, stops, (*reversed(first_segs), *second_segs)))
            if not passable[node]:
                return
        if count >= limit:
            return
        for other, seg_mask, sid in adjacency[node]:
            if other in visited or seg_mask & mask or other in barred:
                continue
            if not second_segs and first_segs and sid < first_segs[0]:
                continue  # each route once: its first half starts with the lower segment
            g = group[other]
            if g >= 0:
                if g in groups:
                    continue
                groups.add(g)
            visited.add(other)
            second.append(other)
            second_segs.append(sid)
            grow_second(
                other,
                first,
                first_segs,
                second,
                second_segs,
                visited,
                groups,
                mask | seg_mask,
                count + 1,
                revenue + value[other],
            )
            second.pop()
            second_segs.pop()
            visited.discard(other)
            if g >= 0:
                groups.discard(g)

    def grow_first(
        node: int,
        first: list[int],
        first_segs: list[int],
        visited: set[int],
        groups: set[int],
        mask: int,
        count: int,
        revenue: int,
    ) -> None:
        # The route may continue from the station the other way (the station inside it).
        grow_second(first[0], first, first_segs, [], [], visited, groups, mask, count, revenue)
        if (first_segs and not passable[node]) or count >= limit:
            return
        for other, seg_mask, sid in adjacency[node]:
            if other in visited or seg_mask & mask or other in barred:
                continue
            g = group[other]
            if g >= 0:
                if g in groups:
                    continue
                groups.add(g)
            visited.add(other)
            first.append(other)
            first_segs.append(sid)
            grow_first(
                other, first, first_segs, visited, groups, mask | seg_mask, count + 1, revenue + value[other]
            )
            first.pop()
            first_segs.pop()
            visited.discard(other)
            if g >= 0:
                groups.discard(g)

    for home in dict.fromkeys(graph.homes):
        grow_first(home, [home], [], {home}, set(), 0, 1, value[home])
        barred.add(home)
    found.sort(key=lambda c: -c.revenue)
    return found


# ---------------------------------------------------------------- the best run


@dataclass
class RouteResult:
    """One train's route in a plan: its stops in order, the hexes of each leg, its revenue."""

    train: str
    stops: list[str]
    connections: list[list[str]]
    revenue: int

    def to_json(self) -> dict[str, Any]:
        return {
            "train": self.train,
            "stops": self.stops,
            "connections": self.connections,
            "revenue": self.revenue,
        }


@dataclass
class RunPlan:
    """Routes for a company's trains (trains without a route are left out) and the total."""

    revenue: int
    routes: list[RouteResult]
    alternatives: list[RunPlan] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "revenue": self.revenue,
            "routes": [r.to_json() for r in self.routes],
            "alternatives": [a.to_json() for a in self.alternatives],
        }


def _result(graph: Graph, train: str, cand: Candidate) -> RouteResult:
    stops = [graph.nodes[i] for i in cand.stops]
    connections = []
    for k, sid in enumerate(cand.segments):
        a, _b, _mask, trail = graph.segments[sid]
        chain = list(trail) if a == cand.stops[k] else list(reversed(trail))
        connections.append(chain)
    return RouteResult(train, stops, connections, cand.revenue)


def _bits(items: list[int], size: int) -> int:
    """A Python int with bit ``k`` set for each ``k`` in ``items``."""
    raw = bytearray((size >> 3) + 1)
    for k in items:
        raw[k >> 3] |= 1 << (k & 7)
    return int.from_bytes(raw, "little")


def _combine(
    routes: list[Candidate], graph: Graph, distances: list[int | None], keep: int
) -> list[tuple[int, list[int]]]:
    """Branch and bound over the trains: the ``keep`` best sets of routes sharing no track.

    ``routes`` is every candidate, best first; train ``i`` may take those with at most
    ``distances[i]`` stops (trains sorted longest first). Sets of routes are Python-int
    bitsets over ``routes``, so "what is still compatible" is a few big-int operations:
    ``users[s]`` holds the routes using segment ``s``, and picking a route removes every route
    that uses a segment sharing a side with one of its segments. The bound for the trains
    still to run is the best compatible route of each. Trains of one distance take routes in
    list order, so a set is not searched in every order. A pick of -1 means "no route".
    """
    size = len(routes)
    n = len(distances)
    by_segment: list[list[int]] = [[] for _ in graph.segments]
    for k, cand in enumerate(routes):
        for sid in cand.segments:
            by_segment[sid].append(k)
    users = [_bits(ks, size) for ks in by_segment]
    seg_masks = [seg[2] for seg in graph.segments]
    clash = [[t for t, other in enumerate(seg_masks) if other & mask] for mask in seg_masks]
    eligible_cache: dict[int | None, int] = {}
    eligible = []
    for d in distances:
        if d not in eligible_cache:
            eligible_cache[d] = _bits(
                [k for k, c in enumerate(routes) if d is None or len(c.stops) <= d], size
            )
        eligible.append(eligible_cache[d])
    grouped = [i + 1 < n and distances[i + 1] == distances[i] for i in range(n)]
    # Per segment: every route using a segment that shares a side with it.
    seg_conflict = []
    for sid in range(len(graph.segments)):
        bits = 0
        for t in clash[sid]:
            bits |= users[t]
        seg_conflict.append(bits)
    conflict_cache: dict[int, int] = {}

    def conflict(k: int) -> int:
        found = conflict_cache.get(k)
        if found is None:
            found = 0
            for sid in routes[k].segments:
                found |= seg_conflict[sid]
            conflict_cache[k] = found
        return found

    def best_in(bits: int) -> int:
        return routes[(bits & -bits).bit_length() - 1].revenue if bits else 0

    # exact[i]: the best the trains i.. earn on the whole map (their own sub-problem, solved
    # first, from the back); no set of routes left later can do better, which tightens the
    # bound where the trains compete for the same few sides (around a station).
    exact = [0] * (n + 1)

    def rest_bound(i: int, free: int, above: int) -> int:
        """Most trains i.. can add from ``free`` (the first of a group after index ``above``)."""
        total = 0
        for j in range(i, n):
            if j == i and above >= 0:
                total += best_in(free & eligible[j] & ~((1 << above) - 1))
            else:
                total += best_in(free & eligible[j])
        return min(total, exact[i])

    def solve(first: int, keep: int) -> list[tuple[int, list[int]]]:
        best = BestPlans[list[int]](keep)
        picks: list[int] = []

        def offer(total: int) -> None:
            # Plans that visit the same stops on other track are one choice for the president.
            best.offer(total, signature(routes[k].stops if k >= 0 else None for k in picks), list(picks))

        def search(i: int, free: int, total: int, start: int) -> None:
            if i == n:
                if total > best.floor:
                    offer(total)
                return
            cands = free & eligible[i] & ~((1 << start) - 1)
            if i == n - 1:
                # The last train: its compatible routes in order, no need to look further down.
                while cands:
                    low = cands & -cands
                    k = low.bit_length() - 1
                    cands ^= low
                    if total + routes[k].revenue <= best.floor:
                        break
                    picks.append(k)
                    search(n, 0, total + routes[k].revenue, 0)
                    picks.pop()
                if total > best.floor:
                    picks.append(-1)
                    search(n, 0, total, 0)
                    picks.pop()
                return
            # What the trains after the next one could add without this pick (fixed in the loop).
            tail = min(
                sum(best_in(free & eligible[j]) for j in range(i + 2, n)), exact[i + 2] if i + 2 < n else 0
            )
            plain = rest_bound(i + 1, free, -1)
            # Same stops on other track: a variant that leaves no more room than one already
            # tried can do no better (same revenue, fewer routes left for the others).
            tried: dict[frozenset[int], list[int]] = {}
            while cands:
                low = cands & -cands
                k = low.bit_length() - 1
                cands ^= low
                rev = routes[k].revenue
                nxt = k + 1 if grouped[i] else 0
                above = nxt if grouped[i] else -1
                # The next train of a group takes a later route: at best the next one left here.
                rest = min(best_in(cands) + tail, exact[i + 1]) if grouped[i] else plain
                if total + rev + rest <= best.floor:
                    break  # later candidates earn no more and leave no more room
                after = free & ~conflict(k)
                if total + rev + rest_bound(i + 1, after, above) <= best.floor:
                    continue
                same = tried.setdefault(stop_sets[k], [])
                if any(not (after & ~other) for other in same):
                    continue
                same.append(after)
                picks.append(k)
                search(i + 1, after, total + rev, nxt)
                picks.pop()
            # This train runs nothing (nor do the rest of its group).
            nxt = size if grouped[i] else 0
            if total + rest_bound(i + 1, free, nxt if grouped[i] else -1) > best.floor:
                picks.append(-1)
                search(i + 1, free, total, nxt)
                picks.pop()

        search(first, (1 << size) - 1, 0, 0)
        return best.plans

    stop_sets = [frozenset(c.stops) for c in routes]
    everything = (1 << size) - 1
    exact[n - 1] = best_in(everything & eligible[n - 1]) if n else 0
    for first in range(n - 2, 0, -1):
        found = solve(first, 1)
        exact[first] = found[0][0] if found else 0
    exact[0] = sum(best_in(everything & eligible[j]) for j in range(n))
    return solve(0, keep) if n else [(0, [])]


def _checked(trains: list[str], phase: str) -> None:
    for train in trains:
        try:
            board.train_distance(str(train))
        except KeyError:
            raise IllegalAction(T("There is no {train}-train in 1856.", train=train)) from None
    if phase not in board.phases():
        raise IllegalAction(T("There is no phase {phase} in 1856.", phase=phase))


def best_routes(
    state: MapState,
    corp: str,
    trains: list[str],
    phase: str,
    bonuses: Bonuses | dict[str, Any] | None = None,
    alternatives: int = 3,
) -> RunPlan:
    """The run that earns the most for ``corp``'s ``trains`` (names or record ids: ``"2"``,
    ``"D"``, ``"3-1"``), with up to ``alternatives`` next-best plans for the president.

    Exact (:mod:`route_search`, :mod:`route_arms`: branch and bound, no work limit). A pure function of plain
    data (the map state is JSON-like, the result has ``to_json``), so it may run in a worker
    process."""
    from bot.games.g1856.route_search import best_plans

    _checked(trains, phase)
    distances = [board.train_distance(str(t)) for t in trains]
    if None not in distances:
        # Trains with a distance only: their routes are few (thousands at most), enumerated and
        # combined by bitsets.
        return exhaustive_best_routes(state, corp, trains, phase, bonuses, alternatives)
    graph = build_graph(state, corp, phase)
    table = bonus_table(graph, Bonuses.of(bonuses))
    found = best_plans(graph, table, distances, 1 + max(0, alternatives))
    plans = [
        RunPlan(
            plan.total,
            [_result(graph, trains[k], cand) for k, cand in enumerate(plan.picks) if cand is not None],
        )
        for plan in found
    ]
    if not plans:
        return RunPlan(0, [])
    best = plans[0]
    best.alternatives = plans[1:]
    return best


def exhaustive_best_routes(
    state: MapState,
    corp: str,
    trains: list[str],
    phase: str,
    bonuses: Bonuses | dict[str, Any] | None = None,
    alternatives: int = 3,
) -> RunPlan:
    """Every legal route enumerated, then combined by branch and bound over candidate bitsets
    (:func:`_combine`), without limit. Exact. :func:`best_routes` uses it for trains with a
    distance only (their routes are few); with D-trains it is the reference the search of
    :mod:`route_search` is checked against (with a D on a dense late map it takes seconds, with
    two a minute and gigabytes: every D-route is enumerated)."""
    _checked(trains, phase)
    graph = build_graph(state, corp, phase)
    table = bonus_table(graph, Bonuses.of(bonuses))
    order = sorted(range(len(trains)), key=lambda i: -(board.train_distance(trains[i]) or 10**6))
    distances = [board.train_distance(trains[i]) for i in order]
    longest = None if None in distances else max(distances, default=0)
    every = enumerate_routes(graph, longest, table) if trains else []
    found = _combine(every, graph, distances, 1 + max(0, alternatives))
    plans = []
    for total, picks in found:
        routes = [_result(graph, trains[order[k]], every[pick]) for k, pick in enumerate(picks) if pick >= 0]
        routes.sort(key=lambda r: trains.index(r.train) if r.train in trains else 0)
        plans.append(RunPlan(total, routes))
    if not plans:
        return RunPlan(0, [])
    best = plans[0]
    best.alternatives = plans[1:]
    return best


# ---------------------------------------------------------------- checking a chosen run


def _parse_node(graph: Graph, name: str) -> int:
    """``HEX.c0`` (ours) or ``HEX-i`` (18xx.games: i-th stop of the hex, cities first)."""
    if "." in name:
        if name not in graph.index:
            raise IllegalAction(T("There is no stop {name} on the map now.", name=name))
        return graph.index[name]
    coord, _, number = name.rpartition("-")
    in_hex = [i for i, c in enumerate(graph.hexes) if c == coord]
    if not number.isdigit() or int(number) >= len(in_hex):
        raise IllegalAction(T("There is no stop {name} on the map now.", name=name))
    return in_hex[int(number)]


def _match_route(graph: Graph, route: dict[str, Any]) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Every reading of a described route as (stops, segments, mask).

    A route is given by its stops (``stops``, or 18xx.games ``nodes``), by the hexes of each
    leg (``connections``, as 18xx.games records them), or both.
    """
    chains = route.get("connections")
    stops_given = route.get("stops")
    # 18xx.games' ``nodes`` name the stops; with ``connections`` they only filter (their
    # order need not be the route's), without them they are the route in order.
    node_set = None
    if stops_given is None and route.get("nodes") is not None:
        if chains is None:
            stops_given = route.get("nodes")
        elif isinstance(route["nodes"], list):
            node_set = {_parse_node(graph, str(s)) for s in route["nodes"]}
    if chains is not None and (
        not isinstance(chains, list) or not all(isinstance(c, list) and len(c) >= 2 for c in chains)
    ):
        raise IllegalAction(T("Each leg of a route lists at least two hexes."))
    if stops_given is not None:
        if not isinstance(stops_given, list) or len(stops_given) < 2:
            raise IllegalAction(T("A route needs at least two stops."))
        wanted = [_parse_node(graph, str(s)) for s in stops_given]
    else:
        wanted = None
    if chains is None and wanted is None:
        raise IllegalAction(T("A route must list its stops or its hexes."))
    legs = len(chains) if chains is not None else len(wanted) - 1  # type: ignore[arg-type]
    if wanted is not None and chains is not None and len(wanted) != legs + 1:
        raise IllegalAction(T("A route's legs and stops do not match."))
    out: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []

    def fits(k: int, start: int, end: int, trail: tuple[str, ...]) -> bool:
        if wanted is not None and (start != wanted[k] or end != wanted[k + 1]):
            return False
        # 18xx.games may list a leg's hexes in either direction.
        return chains is None or list(trail) == chains[k] or list(reversed(trail)) == chains[k]

    def extend(k: int, stops: list[int], segs: list[int], mask: int) -> None:
        if k == legs:
            out.append((tuple(stops), tuple(segs), mask))
            return
        for other, seg_mask, sid in graph.adjacency[stops[-1]]:
            if seg_mask & mask or not fits(k, stops[-1], other, graph.segments[sid][3]):
                continue
            stops.append(other)
            segs.append(sid)
            extend(k + 1, stops, segs, mask | seg_mask)
            stops.pop()
            segs.pop()

    for start in range(len(graph.nodes)):
        if wanted is not None and start != wanted[0]:
            continue
        if chains is not None and graph.hexes[start] not in (chains[0][0], chains[0][-1]):
            continue
        extend(0, [start], [], 0)
    if node_set is not None:
        out = [option for option in out if set(option[0]) == node_set]
    return out


def _check_candidate(graph: Graph, stops: tuple[int, ...], limit: int | None) -> str | None:
    if len(set(stops)) != len(stops):
        return T("visits a stop twice")
    if limit is not None and len(stops) > limit:
        return Tn("visits {n} stop, more than the train's {limit}", "visits {n} stops, more than the train's {limit}",
                  len(stops), limit=limit)
    for i in stops[1:-1]:
        if not graph.passable[i]:
            coord = graph.hexes[i]
            return T("runs through {coord}, which it may only start or end at", coord=coord)
    groups = [graph.group[i] for i in stops if graph.group[i] >= 0]
    if len(groups) != len(set(groups)):
        return T("visits two parts of one off-board area")
    if not set(stops) & set(graph.homes):
        return T("does not include one of the company's stations")
    return None


def validate_run(
    state: MapState,
    corp: str,
    trains: list[str],
    routes: list[dict[str, Any]],
    phase: str,
    bonuses: Bonuses | dict[str, Any] | None = None,
) -> RunPlan:
    """Check a chosen run (each route names its ``train``) and price it; IllegalAction if illegal.

    Routes may be ours (``stops``, optional ``connections``) or 18xx.games' (``connections``,
    optional ``nodes``). Where a description fits several tracks (parallel track, two cities in
    one hex) the reading that is legal and earns the most is taken.
    """
    if phase not in board.phases():
        raise IllegalAction(T("There is no phase {phase} in 1856.", phase=phase))
    graph = build_graph(state, corp, phase)
    table = bonus_table(graph, Bonuses.of(bonuses))
    if not isinstance(routes, list):
        raise IllegalAction(T("A run is a list of routes."))
    available = list(trains)
    readings: list[tuple[str, list[Candidate]]] = []
    for number, route in enumerate(routes, start=1):
        if not isinstance(route, dict):
            raise IllegalAction(T("Route {number} is not a route.", number=number))
        train = str(route.get("train", ""))
        if train not in available:
            raise IllegalAction(T("Route {number} names train '{train}', which the company cannot run now.", number=number, train=train))
        available.remove(train)
        try:
            limit = board.train_distance(train)
        except KeyError:
            raise IllegalAction(T("There is no {train}-train in 1856.", train=train)) from None
        options = _match_route(graph, route)
        if not options:
            raise IllegalAction(T("Route {number} ({train}-train) does not follow track on the map.", number=number, train=train))
        legal: list[Candidate] = []
        reason = ""
        for stops, segs, mask in options:
            problem = _check_candidate(graph, stops, limit)
            if problem:
                reason = problem
                continue
            legal.append(Candidate(_route_revenue(graph, stops, table), mask, stops, segs))
        if not legal:
            raise IllegalAction(T("Route {number} ({train}-train) {reason}.", number=number, train=train, reason=reason))
        legal.sort(key=lambda c: -c.revenue)
        readings.append((train, legal))
    best: tuple[int, list[Candidate]] | None = None

    def choose(k: int, used: int, picked: list[Candidate]) -> None:
        nonlocal best
        if k == len(readings):
            total = sum(c.revenue for c in picked)
            if best is None or total > best[0]:
                best = (total, list(picked))
            return
        for cand in readings[k][1]:
            if cand.mask & used:
                continue
            picked.append(cand)
            choose(k + 1, used | cand.mask, picked)
            picked.pop()

    choose(0, 0, [])
    if best is None:
        raise IllegalAction(T("Two of the routes use the same track."))
    total, picked = best
    return RunPlan(total, [_result(graph, readings[k][0], c) for k, c in enumerate(picked)])
