"""The 1856 map as plain JSON data, and its rules: tile lays, upgrades, station markers, reach.

A map state is a dict (see ``data/1856/README.md``)::

    {"tiles": {"F17": {"tile": "57", "rotation": 2}},          # laid tiles only
     "tokens": {"F15": [["GW"]]},                             # per hex: per city, corporations
     "reservations": [{"hex": "J15", "city": 0, "corp": "BBG"}, ...],  # homes not yet placed
     "supply": {"57": 4, ...},                                  # manifest tiles left
     "blocked": {"L3": "FT", "I12": "WSRC", "H11": "TCC"}}       # closed while a player owns

Every function here is pure on its input except the ``lay_tile`` / ``place_token`` /
``place_home_token`` family, which validate first and change the map only when the move is
legal (a refused move raises :class:`IllegalAction` and leaves the map untouched).
Per-turn limits (one lay, one token per turn, money) belong to the game's turn structure.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections import deque
from dataclasses import dataclass
from typing import Any

from bot.engine import IllegalAction
from bot.games.g1856 import board
from bot.games.g1856.board import COLOUR_ORDER, Placed
from bot.games.g1856.messages import T, Tp

COLOUR_WORDS = {
    "white": Tp("tile colour", "white"),
    "yellow": Tp("tile colour", "yellow"),
    "green": Tp("tile colour", "green"),
    "brown": Tp("tile colour", "brown"),
    "gray": Tp("tile colour", "gray"),
}
"""A tile's colour in a refusal ("the green tile on ...")."""
COLOUR_TILES = {
    "yellow": Tp("tiles of a colour", "Yellow"),
    "green": Tp("tiles of a colour", "Green"),
    "brown": Tp("tiles of a colour", "Brown"),
    "gray": Tp("tiles of a colour", "Gray"),
}
"""A colour opening a sentence about tiles of that colour ("Green tiles may not ...")."""

MapState = dict[str, Any]


# ---------------------------------------------------------------- the state


def new_map() -> MapState:
    """The map at the start of a game: printed hexes, full manifest, every home reserved."""
    reservations = []
    for symbol, corp in board.corporations().items():
        if corp["home"] is None:
            continue
        reservations.append({"hex": corp["home"], "city": corp["home_city"], "corp": symbol})
    blocked = {
        coord: h["blocked_by_private"] for coord, h in board.hexes().items() if h["blocked_by_private"]
    }
    return {
        "tiles": {},
        "tokens": {},
        "reservations": reservations,
        "supply": {name: t["count"] for name, t in board.tiles().items()},
        "blocked": dict(sorted(blocked.items())),
    }


def current(state: MapState, coord: str) -> Placed:
    """What is on ``coord`` now (the laid tile, or the printed hex)."""
    laid = state["tiles"].get(coord)
    if laid is None:
        return board.printed(coord)
    return board.placed_tile(laid["tile"], laid["rotation"])


def city_tokens(state: MapState, coord: str, city: int) -> list[str]:
    cities = state["tokens"].get(coord, [])
    return list(cities[city]) if city < len(cities) else []


def city_reservations(state: MapState, coord: str, city: int) -> list[str]:
    """Corporations holding a home reservation on this city (hex-wide ones count on every city)."""
    return [
        r["corp"]
        for r in state["reservations"]
        if r["hex"] == coord and (r["city"] is None or r["city"] == city)
    ]


def tokens_of(state: MapState, corp: str) -> list[tuple[str, int]]:
    """Where ``corp`` has station markers: ``(hex, city)`` pairs."""
    return [
        (coord, i)
        for coord, cities in sorted(state["tokens"].items())
        for i, corps in enumerate(cities)
        if corp in corps
    ]


def free_slots(state: MapState, coord: str, city: int, corp: str | None = None) -> int:
    """Empty station spaces in a city that ``corp`` may use (other companies' home reservations
    are not free; a hex-wide reservation, THB's in Hamilton, keeps one space in the hex)."""
    placed = current(state, coord)
    slots = placed.cities[city][1]
    used = len(city_tokens(state, coord, city))
    held = [r for r in state["reservations"] if r["hex"] == coord and r["corp"] != corp]
    used += sum(1 for r in held if r["city"] == city)
    free = slots - used
    if any(r["city"] is None for r in held):
        # The hex-wide reservation keeps one free space somewhere in the hex.
        others = sum(
            max(0, placed.cities[i][1] - len(city_tokens(state, coord, i)))
            for i in range(len(placed.cities))
            if i != city
        )
        if others == 0:
            free -= 1
    return max(0, free)


def is_blocking(state: MapState, coord: str, city: int, corp: str) -> bool:
    """A city a route (or reach) may not pass through: every space holds another company's marker."""
    placed = current(state, coord)
    tokens = city_tokens(state, coord, city)
    return corp not in tokens and len(tokens) >= placed.cities[city][1]


# ---------------------------------------------------------------- reach


@dataclass
class Reach:
    """What a company's track network touches.

    ``edges[hex]``: the sides of ``hex`` through which the network reaches it (a new tile must
    have an exit on one of them; a hex holding the company's marker counts on all six);
    ``nodes``: every stop (``HEX.c0``...) a route from a station could reach.
    """

    edges: dict[str, set[int]]
    nodes: set[str]


_EDGE_NAME = tuple(f"e{edge}" for edge in range(6))
_EDGE_NUMBER = {name: edge for edge, name in enumerate(_EDGE_NAME)}


def reach(state: MapState, corp: str) -> Reach:
    """Walk the track from ``corp``'s stations; full cities of others and off-boards stop the walk."""
    edges: dict[str, set[int]] = {}
    nodes: set[str] = set()
    queue: deque[tuple[str, str]] = deque()
    seen: set[tuple[str, str]] = set()
    # A bot tries every lay and walks the network after each, so this is 1856's hottest
    # loop: each hex's tile and each city's verdict is looked up once per walk.
    on_hex: dict[str, Placed] = {}
    passable: dict[tuple[str, str], bool] = {}
    hexes = board.hexes()
    for coord, city in tokens_of(state, corp):
        edges.setdefault(coord, set()).update(range(6))
        queue.append((coord, f"c{city}"))
        seen.add((coord, f"c{city}"))
        nodes.add(board.node_name(coord, f"c{city}"))
    while queue:
        coord, at = queue.popleft()
        placed = on_hex.get(coord)
        if placed is None:
            placed = on_hex[coord] = current(state, coord)
        for other in placed.links.get(at, ()):
            if other[0] != "e":
                # A node reached inside the hex.
                nodes.add(board.node_name(coord, other))
                if (coord, other) in seen:
                    continue
                open_ = passable.get((coord, other))
                if open_ is None:
                    open_ = passable[(coord, other)] = _passable(state, coord, other, corp)
                if open_:
                    seen.add((coord, other))
                    queue.append((coord, other))
                continue
            edge = _EDGE_NUMBER[other]
            edges.setdefault(coord, set()).add(edge)
            if (coord, other) not in seen:
                seen.add((coord, other))
                queue.append((coord, other))
            across = hexes[coord]["track_neighbours"][edge]  # board.track_neighbour, inlined
            if across is None:
                continue
            back = (edge + 3) % 6
            edges.setdefault(across, set()).add(back)
            arrival = (across, _EDGE_NAME[back])
            if arrival not in seen:
                seen.add(arrival)
                queue.append(arrival)
    return Reach(edges=edges, nodes=nodes)


def _passable(state: MapState, coord: str, node: str, corp: str) -> bool:
    if node[0] == "o":
        return False
    if node[0] == "c":
        return not is_blocking(state, coord, int(node[1:]), corp)
    return True


# ---------------------------------------------------------------- tile lays


@dataclass(frozen=True)
class Lay:
    """One legal tile lay and what it costs (terrain)."""

    hex: str
    tile: str
    rotation: int
    cost: int

    @property
    def key(self) -> str:
        return f"lay:{self.hex}:{self.tile}:{self.rotation}"


def _allowed_colours(phase: str) -> list[str]:
    phases = board.phases()
    if phase not in phases:
        raise IllegalAction(T("There is no phase {phase} in 1856.", phase=phase))
    return phases[phase]["tile_colours"]


def _special_upgrade(old: Placed, tile: str, phase: str) -> bool:
    """The phase-6 town conversions (single town → plain track or yellow city, double → green city)."""
    if not board.phases()[phase]["upgradeable_towns"]:
        return False
    return [old.name, tile] in board.data()["phase6_extra_upgrades"]


def _label_error(coord: str, old: Placed, new_tile: str) -> str | None:
    """The label and special-hex rules; a sentence if ``new_tile`` may not go on ``coord``."""
    h = board.hexes()[coord]
    new = board.tiles()[new_tile]
    name = h["name"] or coord
    for hex_only, colour, only in board.data()["hex_only_upgrades"]:
        if coord == hex_only and old.colour == colour:
            return None if new_tile == only else T("{name} ({coord}) can only be upgraded to tile #{only} now.", name=name, coord=coord, only=only)
    future = h["future_label"]
    if future and future["colour"] == new["colour"]:
        if new["label"] != future["label"]:
            return T("The {colour} tile on {name} ({coord}) must carry the label {label}.", colour=COLOUR_WORDS[new["colour"]], name=name, coord=coord, label=future['label'])
        return None
    if new["label"] != old.label:
        if old.label:
            return T("{name} ({coord}) needs a tile labelled {label}; #{new_tile} is not.", name=name, coord=coord, label=old.label, new_tile=new_tile)
        return T("Tile #{new_tile} is labelled {label} and {name} ({coord}) is not.", new_tile=new_tile, label=new['label'], name=name, coord=coord)
    return None


def _assign(
    old_groups: list[frozenset[int]], new_groups: list[frozenset[int]], merge: bool
) -> tuple[int, ...] | None:
    """Map each old city/town (by its edges) into a new one that keeps all its edges.

    Without ``merge`` the map is one-to-one. Unconnected old cities go in index order.
    """
    if not old_groups:
        return ()
    if merge:
        choices = itertools.product(range(len(new_groups)), repeat=len(old_groups))
    else:
        if len(new_groups) < len(old_groups):
            return None
        choices = itertools.permutations(range(len(new_groups)), len(old_groups))
    for choice in choices:
        if all(old <= new_groups[j] for old, j in zip(old_groups, choice, strict=True)):
            return tuple(choice)
    return None


def _fit(old: Placed, new: Placed, convert: bool) -> tuple[int, ...] | None:
    """Whether ``new`` keeps all of ``old``'s track; returns the old→new city map.

    ``convert``: a phase-6 town conversion, where a town's edges may go into a city or into
    plain track joining them.
    """
    if not old.edge_pairs() <= new.edge_pairs():
        return None
    new_cities = [new.node_edges(f"c{i}") for i in range(len(new.cities))]
    old_cities = [old.node_edges(f"c{i}") for i in range(len(old.cities))]
    old_towns = [old.node_edges(f"t{i}") for i in range(len(old.towns))]
    if convert:
        for town in old_towns:
            if new.cities:
                if not any(town <= city for city in new_cities):
                    return None
            elif (len(town) == 2 and frozenset(town) not in new.edge_pairs()) or len(town) > 2:
                return None
        return ()
    new_towns = [new.node_edges(f"t{i}") for i in range(len(new.towns))]
    if _assign(old_towns, new_towns, merge=False) is None:
        return None
    merge = len(new_cities) < len(old_cities)
    return _assign(old_cities, new_cities, merge=merge)


def check_lay(
    state: MapState,
    corp: str | None,
    coord: str,
    tile: str,
    rotation: int,
    phase: str,
    *,
    connected: Reach | None = None,
    special: bool = False,
) -> tuple[int, tuple[int, ...]]:
    """Validate one lay; return ``(terrain cost, old→new city map)`` or raise IllegalAction.

    ``corp=None`` skips the connection test (used when replaying or building positions).
    ``special`` is a private company's lay (TCC's town on H11, WSRC's #59 on I12): it may use
    the hex its own private closes, ignores the phase's tile colours and pays no terrain, and
    needs no connection to the company's track (18xx.games asks it only of powers marked
    "reachable", which these are not: record hotseat003 action 105 has WR, far from H11, lay
    TCC's town there). The game decides when a private may do that.
    """
    if coord not in board.hexes():
        raise IllegalAction(T("There is no hex {coord} on the 1856 map.", coord=coord))
    if tile not in board.tiles():
        raise IllegalAction(T("There is no tile #{tile} in 1856.", tile=tile))
    if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation <= 5:
        raise IllegalAction(T("A tile's rotation is a whole number from 0 to 5."))
    fits = _check_tile(state, corp, coord, tile, phase, connected=connected, special=special)
    return _check_rotation(fits, rotation)


@dataclass(frozen=True)
class _TileFits:
    """What :func:`_check_tile` found true of a tile on a hex whatever its rotation."""

    corp: str | None
    coord: str
    tile: str
    where: str
    old: Placed
    convert: bool
    reach: Reach | None
    cost: int


def _check_tile(
    state: MapState,
    corp: str | None,
    coord: str,
    tile: str,
    phase: str,
    *,
    connected: Reach | None = None,
    special: bool = False,
) -> _TileFits:
    """The half of :func:`check_lay` that does not depend on the rotation (the hex, the supply,
    the phase's colours, the reach, upgrade colour, labels, cities and towns), in its order."""
    h = board.hexes()[coord]
    where = T("{name} ({coord})", name=h["name"], coord=coord) if h["name"] else coord
    if h["kind"] in ("offboard", "blue", "preprinted_gray"):
        raise IllegalAction(T("No tile can be laid on {where}.", where=where))
    if coord in state["blocked"] and not special:
        private = state["blocked"][coord]
        raise IllegalAction(T("{where} is closed to track while a player owns the private {private}.", where=where, private=private))
    if state["supply"].get(tile, 0) <= 0:
        raise IllegalAction(T("All copies of tile #{tile} are on the map.", tile=tile))
    new_def = board.tiles()[tile]
    colours = _allowed_colours(phase)
    if new_def["colour"] not in colours and not special:
        raise IllegalAction(T("{colour} tiles may not be laid in phase {phase}.", colour=COLOUR_TILES[new_def["colour"]], phase=phase))
    reach_ = None
    if corp is not None and not special:
        reach_ = connected if connected is not None else reach(state, corp)
        if not reach_.edges.get(coord):
            raise IllegalAction(T("{corp}'s track does not reach {where}.", corp=corp, where=where))
    old = current(state, coord)
    convert = _special_upgrade(old, tile, phase)
    order = COLOUR_ORDER.index
    if not convert and order(new_def["colour"]) != order(old.colour) + 1:
        if old.colour == "white":
            raise IllegalAction(T("{where} is empty: only a yellow tile may be laid there.", where=where))
        raise IllegalAction(
            T("The {colour} tile on {where} can only be replaced by a {value} tile.", colour=COLOUR_WORDS[old.colour],
              where=where, value=COLOUR_WORDS[COLOUR_ORDER[order(old.colour) + 1]] if old.colour != "gray" else T("nothing"))
        )
    if not convert:
        error = _label_error(coord, old, tile)
        if error:
            raise IllegalAction(error)
        if old.colour == "white" or not new_def["label"]:
            # Towns stay towns, cities stay cities (and as many of them).
            if len(new_def["towns"]) != len(old.towns) or len(new_def["cities"]) != len(old.cities):
                raise IllegalAction(T("Tile #{tile} does not match the cities and towns of {where}.", tile=tile, where=where))
        elif len(new_def["towns"]) != len(old.towns) or len(new_def["cities"]) > max(len(old.cities), 1):
            raise IllegalAction(T("Tile #{tile} does not match the cities and towns of {where}.", tile=tile, where=where))
    cost = 0
    if coord not in state["tiles"] and h["terrain"] and not special:
        cost = h["terrain"]["cost"]
    return _TileFits(corp, coord, tile, where, old, convert, reach_, cost)


def _check_rotation(fits: _TileFits, rotation: int) -> tuple[int, tuple[int, ...]]:
    """The half of :func:`check_lay` that does depend on the rotation: no track off the map,
    the old track kept, a connection to the company's track."""
    coord, tile, where, reach_, corp = fits.coord, fits.tile, fits.where, fits.reach, fits.corp
    new = board.placed_tile(tile, rotation)
    for edge in sorted(new.exits):
        if board.track_neighbour(coord, edge) is None:
            raise IllegalAction(
                T("Tile #{tile} at rotation {rotation} would run track off {where}'s side {edge}.", tile=tile, rotation=rotation, where=where, edge=edge)
            )
    mapping = _fit(fits.old, new, fits.convert)
    if mapping is None:
        raise IllegalAction(
            T("Tile #{tile} at rotation {rotation} does not keep the track already on {where}.", tile=tile, rotation=rotation, where=where)
        )
    if reach_ is not None and not (new.exits & reach_.edges[coord]):
        raise IllegalAction(
            T("Tile #{tile} at rotation {rotation} does not connect to {corp}'s track on {where}.", tile=tile, rotation=rotation, corp=corp, where=where)
        )
    return fits.cost, mapping


def lay_tile(
    state: MapState,
    corp: str | None,
    coord: str,
    tile: str,
    rotation: int,
    phase: str,
    *,
    special: bool = False,
    connected: Reach | None = None,
) -> int:
    """Lay (or upgrade to) ``tile`` on ``coord``; returns the terrain cost to pay.

    The replaced tile goes back to the supply; station markers follow their city (merging
    where the new tile merges cities, e.g. Toronto #124, Hamilton #123). ``connected`` is
    ``corp``'s :func:`reach` on ``state`` where the caller has it already (a bot trying every
    lay); without it the lay walks the track itself.
    """
    cost, mapping = check_lay(state, corp, coord, tile, rotation, phase, special=special, connected=connected)
    old = state["tiles"].get(coord)
    if old is not None:
        state["supply"][old["tile"]] += 1
    state["supply"][tile] -= 1
    state["tiles"][coord] = {"tile": tile, "rotation": rotation}
    new_count = len(board.tiles()[tile]["cities"])
    old_tokens = state["tokens"].get(coord)
    if old_tokens is not None or new_count:
        moved: list[list[str]] = [[] for _ in range(new_count)]
        for i, corps in enumerate(old_tokens or []):
            target = mapping[i] if i < len(mapping) else i
            if target < new_count:
                moved[target].extend(corps)
        for reservation in state["reservations"]:
            if reservation["hex"] == coord and reservation["city"] is not None and mapping:
                reservation["city"] = (
                    mapping[reservation["city"]] if reservation["city"] < len(mapping) else 0
                )
        if any(moved):
            state["tokens"][coord] = moved
        else:
            state["tokens"].pop(coord, None)
    return cost


def legal_tile_lays(state: MapState, corp: str, phase: str) -> list[Lay]:
    """Every (hex, tile, rotation) ``corp`` may lay now, with its cost; rotations that give the
    same track are listed once (the lowest).

    Incremental: which tiles fit a hex depends only on the hex, what lies on it now, the sides
    through which the company's track reaches it and the phase (and, for what may be laid
    today, on which tiles are left in the supply). :func:`_hex_lays` answers the first part
    once per such situation and remembers it, so a track step recomputes only the hexes whose
    tile or reach changed since they were last asked about — on a late map, a handful of the
    forty-odd hexes in reach instead of some 3,000 checks. The supply is applied afterwards.
    :func:`legal_tile_lays_full` is the plain definition it must always equal (tests compare
    the two over whole games).
    """
    reach_ = reach(state, corp)
    supply = state["supply"]
    blocked = state["blocked"]
    hexes = board.hexes()
    out: list[Lay] = []
    for coord in sorted(reach_.edges):
        if hexes[coord]["kind"] in ("offboard", "blue", "preprinted_gray") or coord in blocked:
            continue
        laid = state["tiles"].get(coord)
        on_hex = None if laid is None else (laid["tile"], laid["rotation"])
        for tile, rotation, cost in _hex_lays(coord, on_hex, frozenset(reach_.edges[coord]), phase):
            if supply[tile] > 0:
                out.append(Lay(coord, tile, rotation, cost))
    return out


@functools.lru_cache(maxsize=32_768)
def _hex_lays(
    coord: str, on_hex: tuple[str, int] | None, edges: frozenset[int], phase: str
) -> tuple[tuple[str, int, int], ...]:
    """``(tile, rotation, cost)`` of every lay on ``coord`` (holding ``on_hex``, reached through
    the sides ``edges``) in ``phase``, as if every tile were still in the supply.

    :func:`check_lay` reads nothing else of the map for an unblocked hex: the tile on it (its
    track, its label, whether terrain is still to pay), the reach on it, the phase and the
    supply, so a map holding only this hex's tile asks it exactly (a full supply stands in for
    the real one, which :func:`legal_tile_lays` applies). The map's data is fixed for the
    process, so the answers stay true; at most a few thousand situations occur in a game.
    """
    probe: MapState = {
        "tiles": {} if on_hex is None else {coord: {"tile": on_hex[0], "rotation": on_hex[1]}},
        "tokens": {},
        "reservations": [],
        "supply": _FULL_SUPPLY,
        "blocked": {},
    }
    connected = Reach(edges={coord: set(edges)}, nodes=set())
    colours = set(_allowed_colours(phase))
    out: list[tuple[str, int, int]] = []
    for tile in (name for name, t in board.tiles().items() if t["colour"] in colours):
        try:  # what fails for one rotation here fails for all (most tiles: the wrong colour)
            fits = _check_tile(probe, "", coord, tile, phase, connected=connected)
        except IllegalAction:
            continue
        seen: set[frozenset[tuple[str, str]]] = set()
        for rotation in range(6):
            shape = _shape(tile, rotation)
            if shape in seen:
                continue
            try:
                cost, _ = _check_rotation(fits, rotation)
            except IllegalAction:
                continue
            seen.add(shape)
            out.append((tile, rotation, cost))
    return tuple(out)


class _Plenty(dict):  # type: ignore[type-arg]
    """A supply with every tile in it (read only by :func:`_hex_lays`)."""

    def get(self, key: object, default: object = None) -> int:
        return 1

    def __getitem__(self, key: object) -> int:
        return 1


_FULL_SUPPLY = _Plenty()


@functools.cache
def _shape(tile: str, rotation: int) -> frozenset[tuple[str, str]]:
    """The track of ``tile`` at ``rotation`` as unordered pairs of ends (rotations of a
    symmetric tile that give the same track have the same shape)."""
    return frozenset((a, b) if a < b else (b, a) for a, b, _ in board.placed_tile(tile, rotation).paths)


def legal_tile_lays_full(state: MapState, corp: str, phase: str) -> list[Lay]:
    """:func:`legal_tile_lays` the slow, obvious way: every tile in the supply tried at every
    rotation on every hex in reach. Kept as the definition the incremental one is tested against."""
    reach_ = reach(state, corp)
    colours = set(_allowed_colours(phase))
    out: list[Lay] = []
    candidates = [
        name for name, t in board.tiles().items() if t["colour"] in colours and state["supply"][name] > 0
    ]
    for coord in sorted(reach_.edges):
        h = board.hexes()[coord]
        if h["kind"] in ("offboard", "blue", "preprinted_gray") or coord in state["blocked"]:
            continue
        for tile in candidates:
            seen: set[frozenset[tuple[str, str]]] = set()
            for rotation in range(6):
                new = board.placed_tile(tile, rotation)
                shape = frozenset((a, b) if a < b else (b, a) for a, b, _ in new.paths)
                if shape in seen:
                    continue
                try:
                    cost, _ = check_lay(state, corp, coord, tile, rotation, phase, connected=reach_)
                except IllegalAction:
                    continue
                seen.add(shape)
                out.append(Lay(coord, tile, rotation, cost))
    return out


# ---------------------------------------------------------------- station markers


@dataclass(frozen=True)
class TokenSpot:
    hex: str
    city: int
    cost: int

    @property
    def key(self) -> str:
        return f"token:{self.hex}:{self.city}"


def next_token_cost(state: MapState, corp: str) -> int | None:
    """What ``corp``'s next station marker costs, or ``None`` when it has none left."""
    costs = board.corporations()[corp]["token_costs"]
    placed = len(tokens_of(state, corp))
    return costs[placed] if placed < len(costs) else None


def check_token(
    state: MapState,
    corp: str,
    coord: str,
    city: int,
    *,
    connected: Reach | None = None,
    ignore_reach: bool = False,
) -> int:
    """Validate a station marker for ``corp`` in ``coord`` city ``city``; returns its cost."""
    if corp not in board.corporations():
        raise IllegalAction(T("There is no corporation {corp}.", corp=corp))
    if coord not in board.hexes():
        raise IllegalAction(T("There is no hex {coord} on the 1856 map.", coord=coord))
    placed = current(state, coord)
    where = T("{name} ({coord})", name=board.hexes()[coord]["name"] or coord, coord=coord)
    if not isinstance(city, int) or isinstance(city, bool) or not 0 <= city < len(placed.cities):
        raise IllegalAction(T("{where} has no city {city}.", where=where, city=city))
    cost = next_token_cost(state, corp)
    if cost is None:
        raise IllegalAction(T("{corp} has no station markers left.", corp=corp))
    if any(hx == coord for hx, _ in tokens_of(state, corp)):
        raise IllegalAction(T("{corp} already has a station in {where}.", corp=corp, where=where))
    if free_slots(state, coord, city, corp) <= 0:
        raise IllegalAction(T("The city in {where} has no free station space.", where=where))
    if not ignore_reach:
        reach_ = connected if connected is not None else reach(state, corp)
        if board.node_name(coord, f"c{city}") not in reach_.nodes:
            raise IllegalAction(T("{corp}'s track does not reach the city in {where}.", corp=corp, where=where))
    return cost


def _put_token(state: MapState, corp: str, coord: str, city: int) -> None:
    count = len(current(state, coord).cities)
    cities = state["tokens"].setdefault(coord, [[] for _ in range(count)])
    while len(cities) < count:
        cities.append([])
    cities[city].append(corp)
    state["reservations"] = [
        r for r in state["reservations"] if not (r["corp"] == corp and r["hex"] == coord)
    ]


def place_token(state: MapState, corp: str, coord: str, city: int = 0, *, ignore_reach: bool = False) -> int:
    """Place ``corp``'s next station marker; returns its cost.

    ``ignore_reach`` is for markers the rules place without a connection (WSRC's free marker
    in Kitchener, setting up positions); the game decides when that applies.
    """
    cost = check_token(state, corp, coord, city, ignore_reach=ignore_reach)
    _put_token(state, corp, coord, city)
    return cost


def place_home_token(state: MapState, corp: str, city: int | None = None) -> None:
    """Put ``corp``'s free home station on its home city (when it first operates).

    THB's home, Hamilton, has two cities: ``city`` chooses (default: one with room, preferring
    one with track).
    """
    info = board.corporations().get(corp)
    if info is None or info["home"] is None:
        raise IllegalAction(T("{corp} has no home station.", corp=corp))
    coord = info["home"]
    if tokens_of(state, corp):
        raise IllegalAction(T("{corp} has already placed its home station.", corp=corp))
    target = info["home_city"] if info["home_city"] is not None else city
    placed = current(state, coord)
    if target is None:
        # A city with room, preferring one with track.
        room = [
            i for i in range(len(placed.cities)) if len(city_tokens(state, coord, i)) < placed.cities[i][1]
        ]
        target = next((i for i in room if placed.node_edges(f"c{i}")), room[0] if room else 0)
    if not 0 <= target < len(placed.cities):
        raise IllegalAction(T("{coord} has no city {target}.", coord=coord, target=target))
    if len(city_tokens(state, coord, target)) >= placed.cities[target][1]:
        raise IllegalAction(T("{corp}'s home city is full.", corp=corp))
    _put_token(state, corp, coord, target)


def legal_token_placements(state: MapState, corp: str) -> list[TokenSpot]:
    """Every city where ``corp`` may place its next station marker now, with the cost."""
    reach_ = reach(state, corp)
    out = []
    for node in sorted(reach_.nodes):
        coord, end = board.split_node(node)
        if end[0] != "c":
            continue
        try:
            cost = check_token(state, corp, coord, int(end[1:]), connected=reach_)
        except IllegalAction:
            continue
        out.append(TokenSpot(coord, int(end[1:]), cost))
    return out


def remove_token(state: MapState, corp: str, coord: str, city: int) -> None:
    """Take a marker off the map (nationalization, closing companies); no cost, no checks of reach."""
    if corp not in city_tokens(state, coord, city):
        raise IllegalAction(T("{corp} has no station in {coord} city {city}.", corp=corp, coord=coord, city=city))
    state["tokens"][coord][city].remove(corp)
    if not any(state["tokens"][coord]):
        del state["tokens"][coord]


def unblock(state: MapState, private: str) -> None:
    """The private left players' hands (bought by a company or closed): its hex opens."""
    state["blocked"] = {coord: p for coord, p in state["blocked"].items() if p != private}


def clone(state: MapState) -> MapState:
    """A deep copy (the map is plain JSON data, which the json module copies faster than
    :func:`copy.deepcopy`)."""
    return json.loads(json.dumps(state))


# ---------------------------------------------------------------- invariants


def check_invariants(state: MapState) -> list[str]:
    """Problems with a map state (empty when valid): used by tests after random lay sequences."""
    problems = []
    on_map: dict[str, int] = {}
    for coord, laid in state["tiles"].items():
        on_map[laid["tile"]] = on_map.get(laid["tile"], 0) + 1
        placed = current(state, coord)
        for a, b, _ in placed.paths:
            for end in (a, b):
                if end[0] == "e" and board.track_neighbour(coord, int(end[1])) is None:
                    problems.append(f"{coord}: path runs off side {end[1]}")
                elif end[0] == "c" and int(end[1:]) >= len(placed.cities):
                    problems.append(f"{coord}: path to missing city {end}")
                elif end[0] == "t" and int(end[1:]) >= len(placed.towns):
                    problems.append(f"{coord}: path to missing town {end}")
    for name, t in board.tiles().items():
        left = state["supply"][name]
        if left < 0:
            problems.append(f"tile {name}: supply below zero")
        if left + on_map.get(name, 0) != t["count"]:
            problems.append(f"tile {name}: {left} left + {on_map.get(name, 0)} laid != {t['count']}")
    for coord, cities in state["tokens"].items():
        placed = current(state, coord)
        if len(cities) > len(placed.cities):
            problems.append(f"{coord}: tokens for {len(cities)} cities on a tile with {len(placed.cities)}")
        for i, corps in enumerate(cities):
            if i < len(placed.cities) and len(corps) > placed.cities[i][1]:
                problems.append(f"{coord}: city {i} holds {len(corps)} markers")
    return problems
