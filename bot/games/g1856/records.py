"""Reading the map actions of 18xx.games 1856 records (``lay_tile``, ``place_token``,
``run_routes``...) into this library, to rebuild real positions and check revenues.

Only what the map needs is followed: tiles, station markers (home stations when a company
first acts), the phase (from train purchases), private companies leaving players' hands
(their hexes open; bridge/tunnel rights) and the port marker. The full game replay is the
game's job (part 2); this is its map half.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.games.g1856 import board
from bot.games.g1856.map import MapState, lay_tile, new_map, place_home_token, place_token, tokens_of, unblock
from bot.games.g1856.routes import Bonuses

PHASE_OF_TRAIN = {"2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "D": "D", "8": "8"}
_PHASE_ORDER = ["2", "3", "4", "5", "6", "D", "8"]


def standing_actions(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The actions that stand, in order: undo/redo applied, ``skip`` dropped, auto actions
    placed right after the action that carried them (``program_*`` actions themselves are
    dropped, their auto actions kept)."""
    done: list[list[dict[str, Any]]] = []
    undone: list[list[dict[str, Any]]] = []
    for action in record["actions"]:
        if action.get("skip"):
            continue
        kind = action["type"]
        if kind == "undo":
            target = action.get("action_id")
            if target is None:
                if done:
                    undone.append(done.pop())
            else:
                while done and done[-1][0]["id"] > target:
                    undone.append(done.pop())
            continue
        if kind == "redo":
            if undone:
                done.append(undone.pop())
            continue
        if kind == "message":
            continue
        undone.clear()
        # A program_* action (a player's standing order) does nothing by itself, but the
        # passes the platform made on its behalf come as its auto actions and stand.
        done.append(
            [action, *(dict(a, auto=True, parent=action.get("id")) for a in action.get("auto_actions") or [])]
        )
    return [a for group in done for a in group if not a["type"].startswith("program_")]


@dataclass
class MapReplay:
    """The map side of a record, advanced one action at a time."""

    state: MapState = field(default_factory=new_map)
    phase: str = "2"
    copies: dict[str, str] = field(default_factory=dict)  # "57-0" -> hex
    rights: dict[str, dict[str, Any]] = field(default_factory=dict)  # corp -> bonuses
    operated: set[str] = field(default_factory=set)

    def bonuses(self, corp: str) -> Bonuses:
        return Bonuses.of(self.rights.get(corp))

    def _home(self, corp: str) -> None:
        if corp in self.operated or corp not in board.corporations():
            return
        self.operated.add(corp)
        if board.corporations()[corp]["home"] and not tokens_of(self.state, corp):
            place_home_token(self.state, corp)

    def apply(self, action: dict[str, Any]) -> None:
        kind = action["type"]
        entity = action.get("entity")
        if action.get("entity_type") == "corporation" and kind in (
            "lay_tile",
            "place_token",
            "run_routes",
            "buy_train",
            "dividend",
            "pass",
            "buy_company",
        ):
            self._home(str(entity))
        if kind == "lay_tile":
            name = action["tile"].rsplit("-", 1)[0]
            lay_tile(self.state, None, action["hex"], name, action["rotation"], self.phase)
            self.copies[action["tile"]] = action["hex"]
        elif kind == "place_token":
            # "5-0-0": tile 5, copy 0, city 0; a printed hex's tile is named after the hex ("F15-0-0").
            copy_id, _, city = action["city"].rpartition("-")
            coord = self.copies.get(copy_id) or copy_id.split("-")[0]
            place_token(self.state, str(entity), coord, int(city))
        elif kind == "buy_train":
            name = action["train"].split("-")[0]
            if name in PHASE_OF_TRAIN and _PHASE_ORDER.index(name) > _PHASE_ORDER.index(self.phase):
                self.phase = PHASE_OF_TRAIN[name]
        elif kind == "buy_company":
            company = action["company"]
            unblock(self.state, company)
            if company == "SCFTC":
                self.rights.setdefault(str(entity), {})["tunnel"] = True
            elif company == "NFSBC":
                self.rights.setdefault(str(entity), {})["bridge"] = True
        elif kind == "assign":
            # GLSC's port marker: the owning corporation's runs into that hex earn the bonus.
            target = action.get("target")
            if action.get("target_type") == "hex" and target in board.data()["port_hexes"]:
                owner = str(action.get("owner") or entity)
                self.rights.setdefault(owner, {})["port"] = target


def replay(record: dict[str, Any]) -> Iterator[tuple[dict[str, Any], MapReplay]]:
    """Yield each standing action with the map *before* it is applied (so a ``run_routes``
    can be priced on the map it ran on), then apply it."""
    game = MapReplay()
    for action in standing_actions(record):
        yield action, game
        game.apply(action)
