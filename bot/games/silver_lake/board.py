"""The Silver Lake components, read once from ``data/silver-lake/``: route, permits, luck cards.

Everything here is our own design (the rulebook gives no board, permit or card data); the
reasons are in ``data/silver-lake/README.md``. The data are immutable tuples so the rules
module can index them freely; the game state only ever holds ids.

* **Route** (``route.json``): 87 spaces. Space 0 is New Orleans. Each space names its
  successors (``next``); the crossroads has two (the Mountain Pass and the River Trail),
  which meet again at Boise. A lap is 72 spaces by the Mountain Pass and 76 by the River Trail.
* **Permits** (``permits.json``): 24 areas of two spaces each, 8 fishing (``F1``–``F8``),
  8 hunting (``H``) and 8 mining (``M``), with serial number, purchase price, usage fee and
  mortgage value.
* **Luck cards** (``luck.json``): 40 cards, each with one effect from a small vocabulary.
* **Bank** (``bank.json``): starting cash, the restart cash, the 8 gold nuggets, the bid
  steps of an auction and the instruction spaces' texts.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .messages import T, data_text

DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "silver-lake"

START = 0
"""New Orleans: where everyone starts, where laps are counted and nuggets are cashed."""


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the route. ``kind`` is one of start, city, area, luck, text, treasure,
    fork, shortcut, bridge, ford. ``value`` is a city's travel-cost reimbursement."""

    id: int
    kind: str
    col: int
    row: int
    segment: str
    next: tuple[int, ...]
    name: str = ""
    value: int = 0
    permit: str = ""
    text: str = ""
    shortcut: str = ""
    target: int = -1
    must: bool = False


@dataclass(frozen=True, slots=True)
class Permit:
    """A fishing, hunting or mining permit: one area of two spaces."""

    id: str
    serial: str
    name: str
    kind: str
    price: int
    fee: int
    mortgage: int

    @property
    def label(self) -> str:
        """The permit as the log names it: "Bayou Teche (F1)"."""
        return T("{name} ({id})", name=self.name, id=self.id)


@dataclass(frozen=True, slots=True)
class Effect:
    """What a luck card or an instruction space does: ``effect`` with amount ``n``."""

    title: str
    text: str
    effect: str
    n: int
    kind: str = ""
    short: str = ""
    """A word of at most five letters for the board picture (instruction spaces)."""


def _read(name: str) -> Any:
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def _load_route() -> tuple[tuple[Space, ...], dict[str, dict[str, Any]]]:
    data = _read("route.json")
    spaces = tuple(
        Space(
            id=s["id"], kind=s["kind"], col=s["col"], row=s["row"], segment=s["segment"], next=tuple(s["next"]),
            name=data_text(s.get("name", "")), value=s.get("value", 0), permit=s.get("permit", ""), text=s.get("text", ""),
            shortcut=s.get("shortcut", ""), target=s.get("target", -1), must=s.get("must", False),
        )
        for s in data["spaces"]
    )
    if [s.id for s in spaces] != list(range(len(spaces))) or spaces[START].kind != "start":
        raise ValueError("route.json: space ids must run 0.. with New Orleans first")
    branches = {key: {**info, "name": data_text(info["name"])} for key, info in data["branches"].items()}
    return spaces, branches


SPACES, BRANCHES = _load_route()
FORK = next(s.id for s in SPACES if s.kind == "fork")
JOIN = SPACES[BRANCHES["mountain"]["last"]].next[0]
BRANCH_OF_FIRST = {info["first"]: name for name, info in BRANCHES.items()}
"""The first space of each branch -> the branch's name ("mountain", "river")."""


def _load_permits() -> tuple[Permit, ...]:
    data = _read("permits.json")
    kinds = data["kinds"]
    permits = tuple(
        Permit(p["id"], p["serial"], data_text(p["name"]), kinds[p["id"][0]], p["price"], p["fee"], p["mortgage"])
        for p in data["permits"]
    )
    for letter in "FHM":
        if sorted(p.id for p in permits if p.id[0] == letter) != sorted(f"{letter}{i}" for i in range(1, 9)):
            raise ValueError(f"permits.json: expected {letter}1..{letter}8")
    return permits


PERMITS = _load_permits()
PERMIT = {p.id: p for p in PERMITS}
PERMIT_ORDER = {p.id: i for i, p in enumerate(PERMITS)}
AREA_SPACES = {p.id: tuple(s.id for s in SPACES if s.permit == p.id) for p in PERMITS}
if any(len(spaces) != 2 or spaces[1] != spaces[0] + 1 for spaces in AREA_SPACES.values()):
    raise ValueError("route.json: every area must be two consecutive spaces")

_luck = _read("luck.json")["cards"]
LUCK = tuple(Effect(data_text(c["title"]), data_text(c["text"]), c["effect"], c["n"], c.get("kind", "")) for c in _luck)
if len(LUCK) != 40:
    raise ValueError("luck.json: expected 40 luck cards")

_bank = _read("bank.json")
START_CASH: int = _bank["start_cash"]
RESTART_CASH: int = _bank["restart_cash"]
NUGGETS: tuple[int, ...] = tuple(_bank["nuggets"])
BID_STEPS: tuple[int, ...] = tuple(_bank["bid_steps"])
EXPLOIT_TIMES: int = _bank["exploit_multiplier"]
INSTRUCTIONS = {
    key: Effect(data_text(i["title"]), data_text(i["text"]), i["effect"], i["n"], short=data_text(i["short"]))
    for key, i in _bank["instructions"].items()
}


def _previous() -> dict[int, dict[str, int]]:
    """Each space's predecessor; the join has one per branch (keyed by branch name)."""
    before: dict[int, dict[str, int]] = {}
    for space in SPACES:
        for following in space.next:
            branch = BRANCH_OF_FIRST.get(following, "")
            if following == JOIN:
                branch = "mountain" if space.id == BRANCHES["mountain"]["last"] else "river"
            before.setdefault(following, {})[branch] = space.id
    return before


PREVIOUS = _previous()


def step_back(position: int, route: str | None) -> int:
    """The space behind ``position`` for a traveller who came by ``route`` (at the join)."""
    options = PREVIOUS[position]
    if len(options) == 1:
        return next(iter(options.values()))
    return options.get(route or "mountain", options["mountain"])


def space_name(space: Space) -> str:
    """A short name for a space in log lines: 'Dallas', 'Bayou Teche (F1)', 'a luck space'."""
    if space.kind in ("city", "start", "shortcut"):
        return space.name
    if space.kind == "area":
        return PERMIT[space.permit].label
    if space.kind == "text":
        return INSTRUCTIONS[space.text].title
    return {
        "luck": T("a luck space"),
        "treasure": T("the Silver Lake treasure"),
        "fork": T("the crossroads"),
        "bridge": T("a bridge"),
        "ford": T("a ford"),
    }.get(space.kind, space.kind)
