"""1856 D-train search by pairs of arms (:mod:`route_arms`): the arm trees and their bounds,
the single-route search, the existence check and runs of several D-trains, each checked
against the full enumeration or a brute force on small random maps."""

from __future__ import annotations

import json
import random

import pytest

from bot.games.g1856.positions import random_position
from bot.games.g1856.route_arms import ArmSearch, arm_path, build_arm_trees
from bot.games.g1856.routes import (
    Bonuses,
    best_routes,
    bonus_table,
    build_graph,
    enumerate_routes,
    exhaustive_best_routes,
)
from tests.games.test_1856_routes import DENSE, brute_force


def _positions(seeds: range, lays: int = 30):
    """(graph, bonus table, state, company, phase) of random late maps, bonuses at random."""
    for seed in seeds:
        rng = random.Random(seed)
        state, corps, phase = random_position(random.Random(700 + seed), lays, corps=3, phase_every=3)
        for corp in corps:
            graph = build_graph(state, corp, phase)
            bonuses = Bonuses(
                port=rng.choice([None, *sorted(set(graph.hexes))]) if graph.hexes else None,
                bridge=rng.random() < 0.5,
                tunnel=rng.random() < 0.5,
            )
            yield graph, bonus_table(graph, bonuses), state, corp, phase, bonuses


def _distinct(cands) -> dict[frozenset[int], int]:
    return {frozenset(c.stops): c.revenue for c in cands}


def _dense() -> tuple:
    saved = json.loads(DENSE.read_text())
    graph = build_graph(saved["map"], saved["corp"], saved["phase"])
    return graph, bonus_table(graph, Bonuses.of(saved["bonuses"]))


def test_arm_trees_hold_simple_paths_and_exact_subtree_bests() -> None:
    checked = 0
    for graph, table, *_ in [*_positions(range(4)), _dense()]:
        for tree in build_arm_trees(graph, table):
            for j in range(len(tree)):
                # best[j]: the most any arm extending j earns (its subtree, in preorder).
                assert tree.best[j] == max(tree.upper[j : tree.end[j]])
                assert tree.upper[j] >= tree.value[j]
                stops, segs = arm_path(tree, j)
                assert tree.home not in stops and len(set(stops)) == len(stops)
                at = tree.home
                mask = 0
                for stop, sid in zip(stops, segs, strict=True):
                    a, b, seg_mask, _ = graph.segments[sid]
                    assert {a, b} == {at, stop} and not seg_mask & mask  # no side used twice
                    mask |= seg_mask
                    at = stop
                assert mask == tree.track[j]
                checked += 1
    assert checked > 40_000  # the dense map's stations have 42,016 arms


def test_every_d_route_is_found_and_priced_exactly() -> None:
    """With no floor the pairs of arms give every route the enumeration gives (one track
    variant per set of stops at least), at the same revenue, on free track and beside a
    random track already used."""
    rng = random.Random(3)
    compared = 0
    for graph, table, *_ in _positions(range(5)):
        every = enumerate_routes(graph, None, table)
        search = ArmSearch(graph, table)
        sides = sorted({bit for c in every for bit in range(c.mask.bit_length()) if c.mask >> bit & 1})
        for used in (0, sum(1 << b for b in rng.sample(sides, min(3, len(sides))))):
            expected = _distinct(c for c in every if not c.mask & used)
            assert _distinct(search.search(used, -1, None)) == expected
            top = sorted(expected.values(), reverse=True)[:3]
            assert [c.revenue for c in search.search(used, -1, 3)] == top
            compared += 1
    assert compared >= 10


def test_exists_agrees_with_the_search() -> None:
    for graph, table, *_ in _positions(range(3)):
        search = ArmSearch(graph, table)
        found = search.search(0, -1, 1)
        best = found[0].revenue if found else 0
        for threshold in (-1, 0, best - 10, best - 1, best, best + 10):
            assert search.exists(0, threshold) == (threshold < best or threshold < 0)


def test_two_d_trains_on_small_maps_equal_brute_force() -> None:
    rng = random.Random(41)
    checked = 0
    for seed in range(4):
        state, corps, phase = random_position(random.Random(500 + seed), 20, corps=3, phase_every=3)
        for corp in corps:
            trains = rng.choice([["D", "D"], ["2", "D", "D"], ["5", "D", "D"]])
            assert best_routes(state, corp, trains, phase).revenue == brute_force(state, corp, trains, phase)
            checked += 1
    assert checked == 12


@pytest.mark.slow
def test_runs_with_d_trains_equal_the_enumeration_with_alternatives() -> None:
    """Best run and both alternatives (their totals) as the full enumeration finds them."""
    rng = random.Random(8)
    for _graph, _table, state, corp, phase, bonuses in _positions(range(10, 40), lays=26):
        trains = rng.choice([["D"], ["D", "D"], ["6", "D"], ["5", "D"], ["6", "D", "D"], ["2", "3", "D"]])
        new = best_routes(state, corp, trains, phase, bonuses, 2)
        old = exhaustive_best_routes(state, corp, trains, phase, bonuses, 2)
        assert [new.revenue, *(a.revenue for a in new.alternatives)] == [
            old.revenue,
            *(a.revenue for a in old.alternatives),
        ], (corp, trains)
