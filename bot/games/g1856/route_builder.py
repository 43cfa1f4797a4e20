"""Choosing a company's run by hand: train by train, stop by stop.

The bot offers its best run (and the next best) in one click, but the rules let a company run
any legal routes, so a president may also build the run: for each train in turn, the stops of
its route one at a time, or no route at all. Only stops that continue into a legal route are
offered, given the routes already chosen for the company's other trains (two trains may visit
the same city but never share track); a route may end once what is chosen is a legal route.

This is a thin layer over :func:`routes.enumerate_routes`: every legal route of a train is one
of its candidates, read in either direction, and a route's track is its ``mask``.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bot.games.g1856 import board
from bot.games.g1856.routes import Bonuses, Candidate, Graph, bonus_table, build_graph, enumerate_routes

_CACHE: OrderedDict[str, tuple[Graph, list[Candidate]]] = OrderedDict()
_CACHE_SIZE = 8
"""The candidates of the last few (map, company, phase, bonuses, distance) searched: building a
run asks for them at every stop, and nothing in the key can change in between."""


@dataclass(frozen=True, slots=True)
class Choices:
    """What may follow the stops chosen so far for one train."""

    next_stops: list[str]
    """Stops (``"N11.c1"``) that continue the route towards a legal one, sorted."""
    revenue: int | None
    """The route's revenue if the stops chosen so far already make a legal route, else None."""
    mask: int
    """The track that route uses (0 when it is not complete)."""


def _candidates(
    map_state: dict[str, Any], corp: str, phase: str, bonuses: Bonuses, train: str
) -> tuple[Graph, list[Candidate]]:
    distance = board.train_distance(train.split("-")[0])
    key = json.dumps([map_state, corp, phase, [bonuses.port, bonuses.bridge, bonuses.tunnel], distance],
                     sort_keys=True)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    graph = build_graph(map_state, corp, phase)
    found = (graph, enumerate_routes(graph, distance, bonus_table(graph, bonuses)))
    _CACHE[key] = found
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return found


def choices(
    map_state: dict[str, Any],
    corp: str,
    phase: str,
    bonuses: Bonuses | dict[str, Any] | None,
    train: str,
    used: int,
    stops: list[str],
) -> Choices:
    """The next stops for ``train`` after ``stops``, beside routes whose track is ``used``."""
    graph, candidates = _candidates(map_state, corp, phase, Bonuses.of(bonuses), train)
    try:
        prefix = tuple(graph.index[s] for s in stops)
    except KeyError:
        return Choices([], None, 0)
    n = len(prefix)
    following: set[int] = set()
    best: Candidate | None = None
    for cand in candidates:
        if cand.mask & used:
            continue
        for order in (cand.stops, cand.stops[::-1]):
            if order[:n] != prefix:
                continue
            if len(order) > n:
                following.add(order[n])
            elif best is None or cand.revenue > best.revenue:
                best = cand
    return Choices(
        sorted(graph.nodes[i] for i in following),
        best.revenue if best is not None else None,
        best.mask if best is not None else 0,
    )
