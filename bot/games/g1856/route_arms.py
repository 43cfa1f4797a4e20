"""D-train routes as pairs of *arms*: the exact search behind :mod:`route_search`.

Every route includes one of the company's stations, so it is a station (its *home*) with up to
two *arms* leaving it: simple paths that start next to the home and share with each other
neither a stop nor track (a hex side). A route with one arm ends at its home.

The arms of a home are few even where its routes are many: on the densest test map a station
has at most 17,000 arms but the company has 357,817 D-routes, because a route is any
compatible pair. So the arms are enumerated once per search (a tree: each arm is its parent
arm plus one segment, stored flat in preorder) and the routes are never listed. What makes the
pair search fast is one exact number per arm, ``best[j]``: the most any arm that *extends*
arm ``j`` earns (the maximum over its subtree). It bounds both choices of a route:

- the first arm ``a`` is grown down the tree; a subtree is dropped when the home, the subtree's
  ``best`` and the best second arm still compatible with its root cannot beat the floor
  (any arm that extends ``a`` shares ``a``'s stops and track, so the arms compatible with an
  extension are fewer, never more);
- the second arm ``b`` is found by a scan of the same tree that skips a whole subtree when its
  root shares a stop or track with ``a`` (every arm below does too), when its ``best`` cannot
  lift the route above the floor, or when its root already earns more than ``a`` (each pair
  is searched once: ``b`` never earns more than ``a``, ties by position in the tree).

Bonuses (port, bridge, tunnel) are paid once per route: an arm's ``upper`` value adds those
its stops earn, so a pair's upper values never underestimate the route, and each offered route
is priced exactly. Nothing is cut except by these bounds: the search is exact, with no work
limit.

The search runs on whatever graph it is given: :mod:`route_search` gives it the bundled graph
of :mod:`route_bundles` (parallel track as one segment) and a :attr:`ArmSearch.fits` that keeps
only runs placed on real track.

Routes through several stations are found from the first of them: later homes' arms never pass
through an earlier home (that home's arms already hold every such route).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.games.g1856.route_keep import BestPlans, signature
from bot.games.g1856.routes import Candidate, Graph


@dataclass
class ArmTree:
    """The arms of one home, flat in preorder (a subtree is ``j .. end[j] - 1``)."""

    home: int
    base: int  # the home's value plus the bonuses the home itself earns
    stop: list[int] = field(default_factory=list)  # the arm's last stop
    segment: list[int] = field(default_factory=list)  # the segment that reached it
    parent: list[int] = field(default_factory=list)  # -1: the arm's first segment leaves the home
    value: list[int] = field(default_factory=list)  # the stops' values (the home not included)
    upper: list[int] = field(default_factory=list)  # value + every bonus its stops earn (not the home's)
    stops: list[int] = field(default_factory=list)  # stop bits, and bit N+g per off-board group g
    track: list[int] = field(default_factory=list)  # sides used
    end: list[int] = field(default_factory=list)  # one past the subtree
    best: list[int] = field(default_factory=list)  # the most upper value in the subtree
    kids: dict[int, list[int]] = field(default_factory=dict)  # children, once asked for

    def __len__(self) -> int:
        return len(self.stop)


def _bonus_bits(table: list[tuple[frozenset[int], int]]) -> list[tuple[int, int]]:
    return [(sum(1 << i for i in stops), amount) for stops, amount in table]


def build_arm_trees(graph: Graph, table: list[tuple[frozenset[int], int]]) -> list[ArmTree]:
    """The arm tree of each of the company's stations (earlier stations barred from later trees)."""
    bonuses = _bonus_bits(table)
    trees: list[ArmTree] = []
    barred = 0
    for home in dict.fromkeys(graph.homes):
        trees.append(_arm_tree(graph, home, barred, bonuses))
        barred |= 1 << home
    return trees


def _arm_tree(graph: Graph, home: int, barred: int, bonuses: list[tuple[int, int]]) -> ArmTree:
    """Every arm leaving ``home`` (never through a stop in ``barred``), in preorder."""
    n = len(graph.nodes)
    adjacency = graph.adjacency
    passable = graph.passable
    group = graph.group
    value = graph.value
    home_bit = 1 << home
    own = [(bits, amount) for bits, amount in bonuses if not bits & home_bit]
    tree = ArmTree(home, value[home] + sum(amount for bits, amount in bonuses if bits & home_bit))
    stop_l, seg_l, parent_l = tree.stop, tree.segment, tree.parent
    value_l, upper_l, stops_l, track_l = tree.value, tree.upper, tree.stops, tree.track
    end_l, best_l = tree.end, tree.best

    def grow(node: int, seen: int, mine: int, mask: int, val: int, parent: int) -> int:
        """Append every arm extending the arm ending at ``node``; the most upper value among them."""
        top = -1
        for other, seg_mask, sid in adjacency[node]:
            if (seen >> other) & 1 or seg_mask & mask:
                continue
            g = group[other]
            bit = 1 << other
            if g >= 0:
                gbit = 1 << (n + g)
                if seen & gbit:
                    continue  # one stop per off-board area
                bit |= gbit
            bits = mine | bit
            new_mask = mask | seg_mask
            j = len(stop_l)
            v = val + value[other]
            up = v
            for bonus_bits, amount in own:
                if bonus_bits & bits:
                    up += amount
            stop_l.append(other)
            seg_l.append(sid)
            parent_l.append(parent)
            value_l.append(v)
            upper_l.append(up)
            stops_l.append(bits)
            track_l.append(new_mask)
            end_l.append(0)
            best_l.append(up)
            below = grow(other, seen | bit, bits, new_mask, v, j) if passable[other] else -1
            end_l[j] = len(stop_l)
            if below > up:
                best_l[j] = below
            else:
                below = up
            if below > top:
                top = below
        return top

    g0 = group[home]
    grow(home, home_bit | barred | ((1 << (n + g0)) if g0 >= 0 else 0), 0, 0, 0, -1)
    return tree


def arm_path(tree: ArmTree, j: int) -> tuple[list[int], list[int]]:
    """The stops and segments of arm ``j``, from the home outwards (the home not included)."""
    stops: list[int] = []
    segs: list[int] = []
    while j >= 0:
        stops.append(tree.stop[j])
        segs.append(tree.segment[j])
        j = tree.parent[j]
    stops.reverse()
    segs.reverse()
    return stops, segs


Fits = Callable[[list[Candidate], list[Candidate | None]], bool]
"""Whether a run (its D-routes, the other trains' picks) may be kept (see ``ArmSearch.fits``)."""
OtherPlans = Callable[[int, int, Callable[[list[Candidate | None]], bool]], list[tuple[int, list[Candidate | None]]]]
"""The best runs of the trains with a distance: (track used, threshold, which picks fit)."""
Pair = Callable[[ArmTree, int, int, Any], bool]
"""Called with (tree, first arm, second arm or -1, hint) for each route the walk finds; True
stops the walk. The hint is what ``Prune`` returned for the first arm."""
Prune = Callable[[int, int, Any], Any]
"""Called with (track, bound, hint) for a first arm whose routes earn at most ``bound`` on
``track``; the hint is what it returned for the parent arm (None at the top). None drops the
subtree; anything else is the hint for the arm's routes and subtrees (the caller's bound for
what else can run beside them: it never grows down the tree, as the track only grows)."""


class ArmSearch:
    """Best D-routes by pairs of arms (see the module docstring), on one graph.

    Built once per search (the arm trees do not depend on the track other trains use); then
    :meth:`search` (one D-train), :meth:`exists` (is there a route above a threshold?) and
    :meth:`plans` (several D-trains) may be called many times.
    """

    def __init__(
        self, graph: Graph, table: list[tuple[frozenset[int], int]], fits: Fits | None = None
    ) -> None:
        self.graph = graph
        self.fits = fits
        """Whether a run may be kept: (its D-routes, the other trains' picks) -> bool. Searching
        a relaxed graph (:mod:`route_bundles`), this says whether the run exists on the real
        map; None: every run found is real."""
        self.bonuses = _bonus_bits(table)
        self.trees = [t for t in build_arm_trees(graph, table) if len(t)]
        roots = {id(t): _roots(t) for t in self.trees}
        # Stations whose best pair of arms could earn most first: the floor rises early.
        self.trees.sort(key=lambda t: -(t.base + 2 * max(t.best[j] for j in roots[id(t)])))
        self.roots = [roots[id(t)] for t in self.trees]
        # At most what a route at each home earns (upper values never underestimate).
        self.potential = [t.base + 2 * max(t.best[j] for j in r) for t, r in zip(self.trees, self.roots, strict=True)]
        self.nodes_searched = 0

    # ------------------------------------------------------------ routes from arms

    def exact(self, tree: ArmTree, a: int, b: int) -> int:
        """The revenue of the route of arms ``a`` and ``b`` (-1: none) at ``tree``'s home."""
        bits = (1 << tree.home) | tree.stops[a] | (tree.stops[b] if b >= 0 else 0)
        revenue = self.graph.value[tree.home] + tree.value[a] + (tree.value[b] if b >= 0 else 0)
        for bonus_bits, amount in self.bonuses:
            if bonus_bits & bits:
                revenue += amount
        return revenue

    @staticmethod
    def stop_bits(tree: ArmTree, a: int, b: int) -> int:
        """The route's stops as bits (with off-board group bits): equal sets, equal revenue."""
        return (1 << tree.home) | tree.stops[a] | (tree.stops[b] if b >= 0 else 0)

    @staticmethod
    def track(tree: ArmTree, a: int, b: int) -> int:
        return tree.track[a] | (tree.track[b] if b >= 0 else 0)

    def candidate(self, tree: ArmTree, a: int, b: int, revenue: int) -> Candidate:
        first, first_segs = arm_path(tree, a)
        second, second_segs = arm_path(tree, b) if b >= 0 else ([], [])
        stops = (*reversed(first), tree.home, *second)
        segs = (*reversed(first_segs), *second_segs)
        return Candidate(revenue, self.track(tree, a, b), stops, segs)

    # ------------------------------------------------------------ one D-train

    def search(self, used: int, threshold: int, keep: int | None, enough: int | None = None) -> list[Candidate]:
        """Routes earning more than ``threshold`` on track not in ``used``, best first.

        ``keep=None``: every such route (each track variant of the same stops too).
        ``keep=k``: the ``k`` best routes with distinct sets of stops (one track variant each).
        ``enough``: stop at the first route earning at least this (then the routes returned
        are not necessarily the best, only at least ``enough``).
        """
        found: list[Candidate] = []
        by_stops: set[int] = set()
        ranked: list[int] = []  # keep mode: the revenues of the distinct stop sets, best first
        floor = threshold

        def pair(tree: ArmTree, a: int, b: int, _hint: Any) -> bool:
            nonlocal floor
            revenue = self.exact(tree, a, b)
            if revenue <= floor:
                return False
            if keep is None:
                found.append(self.candidate(tree, a, b, revenue))
                return False
            bits = self.stop_bits(tree, a, b)
            if bits in by_stops:
                return False  # the same stops on other track earn the same
            by_stops.add(bits)
            found.append(self.candidate(tree, a, b, revenue))
            ranked.append(revenue)
            ranked.sort(reverse=True)
            if len(ranked) >= keep and ranked[keep - 1] > floor:
                floor = ranked[keep - 1]
            return enough is not None and revenue >= enough

        for tree, roots, potential in zip(self.trees, self.roots, self.potential, strict=True):
            if potential <= floor:
                break  # sorted: no later home does better
            if self._walk(tree, roots, used, lambda: floor, pair, None):
                break
        found.sort(key=lambda c: -c.revenue)
        if keep is not None:
            del found[keep:]
        return found

    def exists(self, used: int, threshold: int) -> bool:
        """Whether some route on track not in ``used`` earns more than ``threshold`` (the walk
        stops at the first one)."""
        if threshold < 0:
            return True  # running nothing earns 0
        hit = False

        def pair(tree: ArmTree, a: int, b: int, _hint: Any) -> bool:
            nonlocal hit
            hit = self.exact(tree, a, b) > threshold
            return hit

        for tree, roots, potential in zip(self.trees, self.roots, self.potential, strict=True):
            if potential <= threshold:
                break  # sorted: no later home does better
            if self._walk(tree, roots, used, lambda: threshold, pair, None):
                return True
        return False

    # ------------------------------------------------------------ several trains

    def plans(
        self,
        count: int,
        used: int,
        threshold: int,
        keep: int,
        others_bound: Callable[[int], tuple[int, int]] | None = None,
        other_plans: OtherPlans | None = None,
        context: tuple[Callable[[], Candidate], ...] = (),
    ) -> list[tuple[int, list[Candidate | None], list[Candidate | None]]]:
        """The ``keep`` best runs of ``count`` D-trains and the *other* trains (those with a
        distance) on track not in ``used`` that earn more than ``threshold``, with distinct
        sets of stops, best first: (total, the D-trains' routes, the others' picks), None for
        a train that runs nothing.

        ``others_bound(used)`` is at most what the others add on a track, with the track of the
        routes that earn it (while they stay free, the bound stays), ``other_plans(used,
        threshold, fits)`` their best runs there that ``fits`` accepts (the caller's exact
        search); without them there are no others. ``context``: the D-routes the callers chose
        already (each built when asked for): a run is kept only if :attr:`fits` accepts it
        with them. The D-route earning most (*route 1*) is searched first: with the others'
        bound ``o`` it earns more than ``(floor - o) / count``. For each route 1 the rest (the
        other D-trains, then the others) are searched on the track it leaves, above ``floor``
        minus its revenue. A subtree of route 1's first arm is dropped when its bound ``r``
        and what the rest can add on its track cannot beat the floor: the others at most
        their bound there, the other D-trains more than their share only if a single route on
        that track does."""
        fits = self.fits

        def accepted(routes: list[Candidate | None], picks: list[Candidate | None]) -> bool:
            if fits is None:
                return True
            chosen = [make() for make in context]
            return fits([*chosen, *(r for r in routes if r is not None)], picks)

        if count == 0:
            if other_plans is None:
                return [(0, [], [])] if threshold < 0 and accepted([], []) else []
            return [
                (total, [], picks) for total, picks in other_plans(used, threshold, lambda picks: accepted([], picks))
            ]
        best = BestPlans[tuple[list[Candidate | None], list[Candidate | None]]](keep, threshold)
        others_now = others_bound(used)[0] if others_bound else 0

        def offer(total: int, routes: list[Candidate | None], picks: list[Candidate | None]) -> None:
            if total <= best.floor or not accepted(routes, picks):
                return
            best.offer(total, signature(c.stops if c is not None else None for c in (*routes, *picks)), (routes, picks))

        def rest_of(first: Candidate, make: Callable[[], Candidate], bar: int) -> None:
            """Offer ``first`` with the best of the rest beside it (above ``bar`` in total)."""
            for total, routes, picks in self.plans(
                count - 1, used | first.mask, bar - first.revenue, keep, others_bound, other_plans, (*context, make)
            ):
                offer(first.revenue + total, [first, *routes], picks)

        def pair(tree: ArmTree, a: int, b: int, hint: tuple[int, ...]) -> bool:
            revenue = self.exact(tree, a, b)
            floor = best.floor
            if revenue * count + others_now <= floor or revenue + hint[0] <= floor:
                return False
            built: list[Candidate] = []

            def make() -> Candidate:
                if not built:
                    built.append(self.candidate(tree, a, b, revenue))
                return built[0]

            for total, routes, picks in self.plans(
                count - 1, used | self.track(tree, a, b), floor - revenue, keep, others_bound, other_plans,
                (*context, make),
            ):
                offer(revenue + total, [make(), *routes], picks)
            return False

        def prune(track: int, bound: int, hint: tuple[int, ...] | None) -> tuple[int, ...] | None:
            """The hint (most the rest adds beside routes earning at most ``bound`` on
            ``track``; the best single D-route there and its track, -1 if unknown; the others'
            bound and the track of their routes that earn it, -1 if unknown), or None if the
            rest cannot beat the floor."""
            floor = best.floor
            rest_bound, d_best, witness, o_best, o_witness = (
                hint if hint is not None else (1 << 62, 0, -1, 0, -1)
            )
            if bound + rest_bound <= floor:
                return None  # the parent's bound already says so
            if others_bound is not None and (o_witness < 0 or o_witness & track):
                o_best, o_witness = others_bound(track)  # (else the same routes are still free)
            rest = o_best
            if count > 1:
                need = floor - bound - rest  # what the other D-trains must add
                if (count - 1) * bound <= need:
                    return None
                if witness < 0 or witness & track:
                    # The best single D-route found for the parent is gone: search again (a
                    # route still free stays the best, as the track only grows). A route
                    # earning ``bound`` is enough: no other D-train earns more than route 1,
                    # and the bound only falls down the tree, so the rest's figure is then
                    # ``bound`` here and below while that route stays free.
                    found = self.search(track, need // (count - 1) if need >= 0 else -1, 1, bound)
                    if not found and need >= 0:
                        return None
                    # (With need < 0 they may all run nothing.)
                    d_best, witness = (found[0].revenue, found[0].mask) if found else (0, 0)
                # The best of them earns more than its share, and no more than route 1.
                if need >= 0 and d_best <= need // (count - 1):
                    return None
                rest += (count - 1) * min(bound, d_best)
            return (rest, d_best, witness, o_best, o_witness) if bound + rest > floor else None

        if count > 1:
            # The best single routes first, each with the best of the rest beside it: plans
            # that are usually near the best, so the floor is high before the walk begins.
            for first in self.search(used, (best.floor - others_now) // count, keep):
                rest_of(first, lambda first=first: first, best.floor)
        for tree, roots, potential in zip(self.trees, self.roots, self.potential, strict=True):
            if potential * count + others_now <= best.floor:
                break  # sorted: no later home does better
            self._walk(tree, roots, used, lambda: (best.floor - others_now) // count, pair, prune)
        # No D-train runs.
        for total, _, picks in self.plans(0, used, best.floor, keep, others_bound, other_plans, context):
            offer(total, [None] * count, picks)
        return [(total, routes, picks) for total, (routes, picks) in best.plans]

    # ------------------------------------------------------------ the walk

    def _walk(
        self,
        tree: ArmTree,
        roots: list[int],
        used: int,
        floor_of: Callable[[], int],
        pair: Pair,
        prune: Prune | None,
    ) -> bool:
        """Call ``pair`` for every route at ``tree``'s home on track not in ``used`` that may
        earn more than ``floor_of()`` (read again as it rises); True if ``pair`` stopped it.

        The first arm walks the tree in preorder; at each arm ``a`` one scan (of the arms its
        parent's scan kept; at the top, of the tree) finds the arms compatible with it (no shared stop or track): the best of them bounds the
        second arm of every route whose first arm extends ``a``, and those earning no more
        than ``a`` (ties: later in the tree) that lift the pair above the floor are its
        partners. ``prune`` may drop a subtree (see :data:`Prune`)."""
        stop_bits, track, upper, best, end = tree.stops, tree.track, tree.upper, tree.best, tree.end
        size = len(tree)
        base = tree.base
        # The arms any route here may use: on free track, and able to lift some route above
        # the floor (a subtree is skipped at its root: the arms below share its track and earn
        # no more than its best).
        need = floor_of() - base - max(best[j] for j in roots)
        everything: list[int] = []
        j = 0
        while j < size:
            if track[j] & used or best[j] <= need:
                j = end[j]
                continue
            everything.append(j)
            j += 1
        # (first arm, the best second arm compatible with its parent, the arms its parent's
        # scan kept, the hint): most promising on top.
        stack: list[tuple[int, int, list[int], Any]] = [(j, 1 << 62, everything, None) for j in roots]
        while stack:
            a, cap_parent, pool, hint = stack.pop()
            self.nodes_searched += 1
            if track[a] & used:
                continue  # and every extension of it
            floor = floor_of()
            top = best[a]
            cap = min(top, cap_parent)  # no second arm earns more than the first, nor than this
            if base + top + cap <= floor:
                continue
            a_stops = stop_bits[a]
            a_track = track[a] | used
            ua = upper[a]
            need = floor - base - top  # a second arm must earn more than this for the subtree
            pair_need = floor - base - ua  # ... and more than this to pair with ``a`` itself
            best_b = -1
            partners: list[int] = []
            kept: list[int] = []  # the arms this scan keeps: the children's scans need no others
            # An extension's compatible arms are among its parent's, and its bounds are no
            # looser: filtering the parent's list finds the same arms as a scan of the tree.
            for j in pool:
                if stop_bits[j] & a_stops or track[j] & a_track or best[j] <= need:
                    continue
                uj = upper[j]
                if uj > cap:
                    continue
                kept.append(j)
                if uj > best_b:
                    best_b = uj
                if uj > pair_need and (uj < ua or (uj == ua and j > a)):
                    partners.append(j)
            bound = base + top + max(best_b, 0)
            if bound <= floor:
                continue
            if prune is not None:
                found = prune(a_track, bound, hint)
                if found is None:
                    continue
                hint = found
            if base + ua > floor and pair(tree, a, -1, hint):
                return True
            for b in partners:
                if pair(tree, a, b, hint):
                    return True
            kids = tree.kids.get(a)
            if kids is None:
                kids = tree.kids[a] = _children(tree, a)
            child_cap = max(best_b, 0)
            stack.extend((k, child_cap, kept, hint) for k in kids)
        return False


def _children(tree: ArmTree, a: int) -> list[int]:
    """The arms one segment longer than ``a``, the most promising last (the walk's stack)."""
    kids = []
    k = a + 1
    while k < tree.end[a]:
        kids.append(k)
        k = tree.end[k]
    kids.sort(key=lambda k: tree.best[k])
    return kids


def _roots(tree: ArmTree) -> list[int]:
    """The arms of one segment (the tree's top level), the most promising last."""
    out = []
    j = 0
    while j < len(tree):
        out.append(j)
        j = tree.end[j]
    out.sort(key=lambda j: tree.best[j])
    return out
