"""The two Schwarzes Gold boards as geometry: fields, areas, settlements, tracks and switches.

Both boards are a 10 × 10 grid of fields named like a chess board turned on its side:
rows ``A``–``J`` from the top, columns ``1``–``10`` from the left (``C7`` is the third row,
seventh column). A row holds ten fields, so a truck standing in one sees at most nine others:
that is where the rulebook's "at most 9 tokens" for a truck comes from.

Railway tracks (board 1926) run *along the grid lines between fields*, so every piece of
track has a field on each side: a station or an oil rig on one side, and the field "on the
other side of the track" that the black train's curse hits. Tracks are stored as unit
segments between lattice corners ``(row, col)`` with ``0 <= row, col <= 10``:

* ``h{r}-{c}`` runs from corner ``(r, c)`` to ``(r, c+1)``, between field ``(r-1, c)`` above
  and field ``(r, c)`` below;
* ``v{r}-{c}`` runs from corner ``(r, c)`` to ``(r+1, c)``, between field ``(r, c-1)`` on the
  left and field ``(r, c)`` on the right.

The layouts themselves are data (``data/schwarzes-gold/boards.json``); the README next to it
explains every choice. :func:`load_boards` checks them when the module is imported.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parents[3] / "data" / "schwarzes-gold" / "boards.json"

SIZE = 10
ROWS = "ABCDEFGHIJ"
AREAS = ("2/3", "4", "5", "6", "7", "8", "9", "10", "11/12")
"""The nine areas in the order of the dice sums they answer to."""

DIRECTIONS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
from bot.games.schwarzes_gold.messages import T  # noqa: E402

DIRECTION_NAMES = {"N": T("north"), "E": T("east"), "S": T("south"), "W": T("west")}


def field_name(row: int, col: int) -> str:
    """``field_name(2, 6)`` -> ``"C7"``."""
    return f"{ROWS[row]}{col + 1}"


def parse_field(name: str) -> tuple[int, int] | None:
    """``"C7"`` -> ``(2, 6)``; ``None`` for anything that is not a field of the board."""
    if len(name) < 2 or name[0] not in ROWS or not name[1:].isdigit():
        return None
    col = int(name[1:]) - 1
    if not 0 <= col < SIZE or name[1:] != str(col + 1):
        return None
    return ROWS.index(name[0]), col


ALL_FIELDS: tuple[str, ...] = tuple(field_name(r, c) for r in range(SIZE) for c in range(SIZE))


def neighbours8(name: str) -> list[str]:
    """The up to eight fields around ``name`` (diagonals too): an oil rig's reach."""
    return list(_neighbours8(name))


@cache
def _neighbours8(name: str) -> tuple[str, ...]:
    # cached: the bots ask for a rig's reach thousands of times a decision
    row, col = parse_field(name) or (0, 0)
    return tuple(
        field_name(row + dr, col + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= row + dr < SIZE and 0 <= col + dc < SIZE
    )


def neighbours4(name: str) -> list[str]:
    """The up to four fields that share a side with ``name``: how oil connects settlements."""
    row, col = parse_field(name) or (0, 0)
    return [
        field_name(row + dr, col + dc)
        for dr, dc in DIRECTIONS.values()
        if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE
    ]


def line_from(name: str, direction: str) -> list[str]:
    """The fields from ``name`` (excluded) to the edge of the board in ``direction``."""
    return list(_line_from(name, direction))


@cache
def _line_from(name: str, direction: str) -> tuple[str, ...]:
    # cached like _neighbours8: a truck's line is asked for as often as a rig's reach
    row, col = parse_field(name) or (0, 0)
    dr, dc = DIRECTIONS[direction]
    out: list[str] = []
    row, col = row + dr, col + dc
    while 0 <= row < SIZE and 0 <= col < SIZE:
        out.append(field_name(row, col))
        row, col = row + dr, col + dc
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Segment:
    """One unit of track between corners ``a`` and ``b``, with the fields on its two sides."""

    name: str
    a: tuple[int, int]
    b: tuple[int, int]
    sides: tuple[str, str]
    """(above, below) for a horizontal segment, (left, right) for a vertical one."""

    def other_end(self, corner: tuple[int, int]) -> tuple[int, int]:
        return self.b if corner == self.a else self.a

    def across(self, field: str) -> str:
        """The field on the other side of the track from ``field``."""
        return self.sides[1] if self.sides[0] == field else self.sides[0]


def segment_between(p: tuple[int, int], q: tuple[int, int]) -> Segment:
    """The unit segment joining two neighbouring corners."""
    (r1, c1), (r2, c2) = sorted((p, q))
    if r1 == r2 and c2 == c1 + 1:
        return Segment(f"h{r1}-{c1}", (r1, c1), (r2, c2), (field_name(r1 - 1, c1), field_name(r1, c1)))
    if c1 == c2 and r2 == r1 + 1:
        return Segment(f"v{r1}-{c1}", (r1, c1), (r2, c2), (field_name(r1, c1 - 1), field_name(r1, c1)))
    raise ValueError(f"corners {p} and {q} are not neighbours")


def step_direction(frm: tuple[int, int], to: tuple[int, int]) -> str:
    """The compass direction from one corner to a neighbouring one."""
    delta = (to[0] - frm[0], to[1] - frm[1])
    return next(d for d, v in DIRECTIONS.items() if v == delta)


@dataclass(frozen=True, slots=True)
class Settlement:
    area: str
    field: str
    station: str
    """The track segment beside the settlement where trains halt."""


@dataclass(frozen=True, slots=True)
class Switch:
    """A junction drawn as a railway switch: from ``trunk`` a train may go ``straight`` or
    turn into ``branch``; coming from ``straight`` or ``branch`` it may only go on to ``trunk``.
    Directions name the side of the corner the track leaves by."""

    trunk: str
    straight: str
    branch: str

    def allows(self, came_from: str, leave_by: str) -> bool:
        if came_from == self.trunk:
            return leave_by in (self.straight, self.branch)
        return leave_by == self.trunk


@dataclass(frozen=True)
class Board:
    """One side of the board: which area each field is in, and (1926) what else is drawn."""

    name: str
    area_of: dict[str, str]
    fields_of: dict[str, tuple[str, ...]]
    settlements: dict[str, Settlement]
    wasteland: frozenset[str]
    segments: dict[str, Segment]
    exits: dict[tuple[int, int], dict[str, str]]
    """For each track corner: direction -> the segment leaving that way."""
    switches: dict[tuple[int, int], Switch]
    black_start: str | None

    @cached_property
    def settlement_fields(self) -> dict[str, str]:
        """Settlement field -> area (asked for every field of every prompt, so computed once)."""
        return {s.field: area for area, s in self.settlements.items()}

    @property
    def has_tracks(self) -> bool:
        return bool(self.segments)

    def station_of(self, segment: str) -> Settlement | None:
        return next((s for s in self.settlements.values() if s.station == segment), None)

    def junctions(self) -> list[tuple[int, int]]:
        """Corners where a train has a choice (three or four ways)."""
        return sorted(corner for corner, out in self.exits.items() if len(out) >= 3)


def _build(name: str, raw: dict, letters: dict[str, str]) -> Board:
    rows = raw["map"]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ValueError(f"board {name}: the map must be {SIZE} rows of {SIZE} letters")
    area_of = {field_name(r, c): letters[rows[r][c]] for r in range(SIZE) for c in range(SIZE)}
    fields_of = {area: tuple(f for f in ALL_FIELDS if area_of[f] == area) for area in AREAS}
    settlements = {
        area: Settlement(area, s["field"], s["station"]) for area, s in raw.get("settlements", {}).items()
    }
    segments: dict[str, Segment] = {}
    exits: dict[tuple[int, int], dict[str, str]] = {}
    for line in raw.get("tracks", []):
        for p, q in itertools.pairwise(line):
            p, q = tuple(p), tuple(q)
            step = (int(q[0] > p[0]) - int(q[0] < p[0]), int(q[1] > p[1]) - int(q[1] < p[1]))
            while p != q:
                nxt = (p[0] + step[0], p[1] + step[1])
                seg = segment_between(p, nxt)
                segments[seg.name] = seg
                exits.setdefault(p, {})[step_direction(p, nxt)] = seg.name
                exits.setdefault(nxt, {})[step_direction(nxt, p)] = seg.name
                p = nxt
    switches = {
        tuple(int(x) for x in key.split(",")): Switch(v["trunk"], v["straight"], v["branch"])
        for key, v in raw.get("switches", {}).items()
    }
    return Board(
        name=name,
        area_of=area_of,
        fields_of=fields_of,
        settlements=settlements,
        wasteland=frozenset(raw.get("wasteland", [])),
        segments=segments,
        exits=exits,
        switches=switches,  # type: ignore[arg-type]
        black_start=raw.get("black_start"),
    )


def _check(board: Board) -> None:
    """The promises the rules rely on; a broken data file fails loudly at import."""
    sizes = {area: len(board.fields_of[area]) for area in AREAS}
    if any(not 9 <= n <= 16 for n in sizes.values()) or max(sizes, key=sizes.__getitem__) != "7":
        raise ValueError(f"board {board.name}: area sizes {sizes} break the 9-16 rule or 7 is not largest")
    for area, s in board.settlements.items():
        if board.area_of.get(s.field) != area or s.station not in board.segments:
            raise ValueError(f"board {board.name}: settlement of area {area} is misplaced")
        if s.field not in board.segments[s.station].sides:
            raise ValueError(f"board {board.name}: station {s.station} is not beside {s.field}")
    if any(f in board.settlement_fields or f not in board.area_of for f in board.wasteland):
        raise ValueError(f"board {board.name}: a wasteland field is a settlement or off the board")
    for corner, out in board.exits.items():
        if len(out) < 2:
            raise ValueError(f"board {board.name}: the track ends at {corner}; trains only go forward")
        if len(out) == 3 and corner not in board.switches:
            raise ValueError(f"board {board.name}: junction {corner} has no switch")
    for corner, switch in board.switches.items():
        if {switch.trunk, switch.straight, switch.branch} != set(board.exits.get(corner, {})):
            raise ValueError(f"board {board.name}: switch {corner} does not match its tracks")


def load_boards(path: Path = DATA_FILE) -> dict[str, Board]:
    data = json.loads(path.read_text(encoding="utf-8"))
    boards = {name: _build(name, raw, data["areas"]) for name, raw in data["boards"].items()}
    for board in boards.values():
        _check(board)
    return boards


BOARDS = load_boards()
ROLL_AREA: dict[int, str] = {
    int(k): v for k, v in json.loads(DATA_FILE.read_text(encoding="utf-8"))["rolls"].items()
}
