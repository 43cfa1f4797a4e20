"""1856 routes: the bundled graph the D-train search runs on (parallel track as one segment) and
its way back to real track, and that searching it never loses the best run.

The search is exact only if two things hold: the bundled graph is a relaxation (every legal run
is a run there, with the same stops and revenue, so no bound computed there is below what the
real map allows), and a run is kept only once its D-routes are placed on real track sharing no
side. The first is checked structurally on the dense map, the second by hand on a bundle whose
two members cross, and both together by comparing the search with the full enumeration on
random late maps (hypothesis: a few in the normal run, more in ``make soak``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.g1856.positions import random_position
from bot.games.g1856.route_bundles import bundle
from bot.games.g1856.routes import Candidate, best_routes, build_graph, exhaustive_best_routes, validate_run

DENSE = Path(__file__).parent / "data" / "1856" / "positions" / "two_d_trains_dense_map.json"


def _dense_graph():
    saved = json.loads(DENSE.read_text())
    return build_graph(saved["map"], saved["corp"], saved["phase"])


def test_parallel_segments_become_one_segment_on_the_sides_they_all_cross() -> None:
    graph = _dense_graph()
    bundling = bundle(graph)
    bundled = bundling.graph
    assert len(graph.segments) == 93 and len(bundled.segments) == 62  # the dense map's parallel track
    assert sorted(sid for members in bundling.members for sid in members) == list(range(93))
    assert bundled.nodes == graph.nodes and bundled.value == graph.value and bundled.homes == graph.homes
    for sid, (a, b, mask, _trail) in enumerate(bundled.segments):
        members = bundling.members[sid]
        for real in members:
            ra, rb, real_mask, _ = graph.segments[real]
            assert {ra, rb} == {a, b}
            assert real_mask & mask == mask  # the bundle's sides are ones every member crosses
        common = graph.segments[members[0]][2]
        for real in members[1:]:
            common &= graph.segments[real][2]
        assert mask == common
        assert sorted(o for o, _m, s in bundled.adjacency[a] if s == sid) == [b]


def _bundle_between(bundling, first: str, second: str) -> int:
    index = bundling.graph.index
    ends = {index[first], index[second]}
    return next(s for s, seg in enumerate(bundling.graph.segments) if {seg[0], seg[1]} == ends)


def test_a_bundle_whose_members_cross_carries_one_route_not_two() -> None:
    """L9–O2 is two stretches of track that share a side: either route may have it, not both."""
    bundling = bundle(_dense_graph())
    sid = _bundle_between(bundling, "L9.c0", "O2.o0")
    members = bundling.members[sid]
    masks = [bundling.real.segments[m][2] for m in members]
    assert len(members) == 2 and masks[0] & masks[1]
    stops = (bundling.graph.index["L9.c0"], bundling.graph.index["O2.o0"])
    route = Candidate(90, bundling.graph.segments[sid][2], stops, (sid,))
    alone = bundling.realize([route])
    assert alone is not None and alone[0].segments[0] in members
    assert alone[0].mask == bundling.real.segments[alone[0].segments[0]][2]
    assert alone[0].stops == stops and alone[0].revenue == 90
    assert bundling.realize([route, route]) is None
    # Beside another train's track on one member, the other member is chosen.
    beside = bundling.realize([route], fixed=masks[0] & ~masks[1])
    assert beside is not None and beside[0].segments == (members[1],)
    assert bundling.realize([route], fixed=masks[0] | masks[1]) is None


def test_a_bundle_of_disjoint_members_carries_two_routes() -> None:
    """N9–P9 is seven stretches of track, some sharing no side: two routes may both have it."""
    bundling = bundle(_dense_graph())
    sid = _bundle_between(bundling, "N9.c0", "P9.c0")
    stops = (bundling.graph.index["N9.c0"], bundling.graph.index["P9.c0"])
    route = Candidate(0, bundling.graph.segments[sid][2], stops, (sid,))
    both = bundling.realize([route, route])
    assert both is not None
    first, second = both
    assert first.segments != second.segments and not first.mask & second.mask


TRAIN_SETS = [["D"], ["D", "D"], ["2", "D"], ["5", "D"], ["2", "D", "D"], ["3", "3", "D"]]


def _agrees_with_the_enumeration(seed: int, lays: int, trains: list[str]) -> None:
    """The search's best run and its alternatives earn what enumerating every route finds, and
    each offered run is legal on the real map (validated again from its stops and hexes)."""
    state, corps, phase = random_position(random.Random(seed), lays, corps=3, phase_every=3)
    for corp in corps:
        plan = best_routes(state, corp, trains, phase, None, 2)
        reference = exhaustive_best_routes(state, corp, trains, phase, None, 2)
        assert [plan.revenue, *(a.revenue for a in plan.alternatives)] == [
            reference.revenue,
            *(a.revenue for a in reference.alternatives),
        ], (seed, lays, trains, corp)
        for option in [plan, *plan.alternatives]:
            again = validate_run(state, corp, trains, [r.to_json() for r in option.routes], phase)
            assert again.revenue == option.revenue


FUZZ = settings(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@settings(FUZZ, max_examples=8)
@given(seed=st.integers(0, 10**6), lays=st.integers(24, 44), trains=st.sampled_from(TRAIN_SETS))
def test_the_bundled_search_never_loses_the_best_run(seed: int, lays: int, trains: list[str]) -> None:
    _agrees_with_the_enumeration(seed, lays, trains)


@pytest.mark.slow
@settings(FUZZ, max_examples=300)
@given(seed=st.integers(0, 10**6), lays=st.integers(24, 56), trains=st.sampled_from(TRAIN_SETS))
def test_the_bundled_search_never_loses_the_best_run_on_many_maps(seed: int, lays: int, trains: list[str]) -> None:
    _agrees_with_the_enumeration(seed, lays, trains)


def test_best_plans_keeps_the_best_few_with_distinct_stops() -> None:
    """The one type every route search keeps its plans in: the same stops on other track are
    one plan (the better total stays), and the floor rises once ``keep`` plans are held."""
    from bot.games.g1856.route_keep import BestPlans, signature

    best = BestPlans[str](2, floor=10)
    assert not best.offer(10, signature([(1, 2)]), "at the threshold")
    assert best.offer(50, signature([(1, 2), None]), "a") and best.floor == 10
    assert best.offer(40, signature([(3, 4)]), "b") and best.floor == 40
    assert not best.offer(45, signature([(2, 1)]), "a on other track, earning less")
    assert best.offer(60, signature([(2, 1)]), "a again, earning more")
    assert [plan for _, plan in best.plans] == ["a again, earning more", "b"] and best.floor == 40
    assert best.offer(55, signature([(5,), (6, 7)]), "c")
    assert [total for total, _ in best.plans] == [60, 55] and best.floor == 55
    assert signature([(6, 7), (5,)]) == signature([(5,), (7, 6)])
