"""Schwarzes Gold: roll two dice, drill for oil on a board of nine areas, then cash it in.

The rules as implemented (every ruling, with reasons, is in ``data/schwarzes-gold/README.md``):

* **Setup.** 60 oil tokens, 3 barrels; each player a truck and 5 oil rigs (4 with four
  players). The table names the first player (the first prompt, answered by seat 1 for the
  table); play goes clockwise (seat order).
* **Phase 1.** The bot rolls two dice for the active player, who may reroll once and must
  then use the second roll. In the area of the sum (2/3, 4, ..., 11/12) they do exactly one
  of: a token on a free field (on a double also on a token without a barrel), an own rig on
  a free field, their truck (horizontal or vertical) on a free field, a barrel on a token.
  The phase ends at once when an area is full or the tokens run out; the left neighbour of
  the last active player takes the black train (and starts phase 2).
* **Phase 2.** From the holder of the black train, players choose in snake order
  (A B C C B A A B ...; two players alternate, A B A B ...) one of their unused rigs (one token
  from each of the 8 fields around it) or their truck (one token from each field of its line
  in both directions up to the next rig, truck or train). A barrel goes with the top token
  under it. Players with nothing left to score are skipped; the game ends when nothing
  scoreable is left. A token or barrel is a point; ties go to the player who began phase 2
  last.
* **Variants** (table options): ``start_or_train``, and on board 1926 ``settlements``,
  ``wasteland``, ``own_trains``, ``black_train`` and ``junctions``. See the README.

State (plain JSON)::

    {"rng": ..., "players": 3, "options": {...}, "stage": "act", "turn": 1,
     "dice": [3, 4], "rerolled": false, "acted": 0, "bonus": false,
     "tokens": {"C7": 2}, "barrels": ["C7"], "supply": {"tokens": 58, "barrels": 2},
     "pieces": {"D4": {"kind": "rig", "owner": 0, "dir": null, "used": false}},
     "rigs_left": [5, 4, 5], "truck": ["hand", "board", "hand"], "train": ["hand", ...],
     "trains": {"black": {"seg": "v4-5", "to": [5, 5], "halt": "E5"}},
     "points": [0, 0, 0], ...}

Texts use ``{seatN}`` placeholders (0-based seat) that the session layer fills with names.
"""

from __future__ import annotations

import json
import math
import random
from collections import deque
from collections.abc import Mapping
from typing import Any, ClassVar

from bot.engine import (
    Action,
    BadOptions,
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    Prompt,
    Rng,
    State,
    seat_ref,
    seed_value,
)
from bot.engine.words import Code, listing, restored, stored
from bot.games.schwarzes_gold.board import (
    BOARDS,
    DIRECTION_NAMES,
    OPPOSITE,
    ROLL_AREA,
    Board,
    line_from,
    neighbours4,
    neighbours8,
    parse_field,
    step_direction,
)
from bot.games.schwarzes_gold.messages import T, Tn, area_label

TOKENS = 60
BARRELS = 3
RIG_CAP = 8
TRUCK_CAP = 9
ON, OFF = "on", "off"
VARIANTS_1926 = ("settlements", "wasteland", "own_trains", "black_train", "junctions")
LOG_LINES = 5
ROLLOUT_STEPS = 0
"""A hard bot's rollouts stop after this many moves and are scored by ``evaluate``."""
WIN_SPREAD = 3.0
"""Points of expected lead that make a player e (2.7) times likelier to win: fitted to
normal-against-normal games at two players, where a lead of the heuristic's estimate
predicts the winner best with a spread of 3 points through most of phase 1."""


def tag(seat: int) -> str:
    return seat_ref(seat)


def snake_seat(start: int, index: int, players: int) -> int:
    """The seat choosing at step ``index`` of phase 2 from ``start``.

    The rulebook reverses the order after every round only "with 3 or 4 players"
    (A B C C B A A B C ...); two players simply alternate (A B A B ...)."""
    if players == 2:
        return (start + index) % 2
    lap, pos = divmod(index, players)
    return (start + (pos if lap % 2 == 0 else players - 1 - pos)) % players


class SchwarzesGold(Game):
    """Schwarzes Gold for 2–4 players on board 1901 or 1926, with the rulebook's variants."""

    slug: ClassVar[str] = "schwarzes-gold"
    title: ClassVar[str] = T("Schwarzes Gold")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    summary: ClassVar[str] = T("Roll for an area, strike oil, place rigs and trucks, then pump the field dry in snake order.")
    rules_file: ClassVar[str] = "schwarzes-gold.txt"
    render_module: ClassVar[str] = "bot.games.schwarzes_gold.render"
    grouped: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = False
    """Nothing is hidden but the coming dice (see :meth:`conceal`), so a prompt with a single
    action (the one rig left to pump, the one free field to strike oil on) is a forced move
    that everyone can see coming: the session layer plays it at once (issue 25)."""
    """Moves are filed in groups (token, rig, truck per field, barrel, station, train per field)."""
    version: ClassVar[int] = 2
    """2: no barrel on wasteland that has closed again (issue 28)."""
    options: ClassVar[tuple[Option, ...]] = (
        Option("board", "1901", ("1901", "1926"), T("Board side: 1901 (plain) or 1926 (settlements, wasteland, railway).")),
        Option("start_or_train", OFF, (OFF, ON),
               T("Variant: at the end of phase 1 start phase 2 or place your train like a truck.")),
        Option("settlements", OFF, (OFF, ON),
               T("Variant (1926): trucks in shanty settlements score oil connections at once.")),
        Option("wasteland", OFF, (OFF, ON),
               T("Variant (1926): wasteland fields open only when the rest of their area is taken.")),
        Option("own_trains", OFF, (OFF, ON),
               T("Variant (1926): your train on a station gives up to two actions in its area.")),
        Option("black_train", OFF, (OFF, ON), T("Variant (1926): Curse of Spindletop — a double moves the black train.")),
        Option("junctions", OFF, (OFF, ON),
               T("Optional train rule (1926, with a train variant): no turning against a switch.")),
    )

    # -- options -----------------------------------------------------------------------

    def check_combination(self, options: Mapping[str, str]) -> None:
        """Refuse the combinations the rulebook rules out (at setup, so /game start says why)."""
        if options["board"] == "1901":
            wrong = [name for name in VARIANTS_1926 if options[name] == ON]
            if wrong:
                raise BadOptions(Tn(
                    "{options} needs board 1926 (board 1901 has no settlements, wasteland or railway): set board=1926.",
                    "{options} need board 1926 (board 1901 has no settlements, wasteland or railway): set board=1926.",
                    len(wrong), options=listing([Code(name) for name in wrong]),
                ))
        if options["junctions"] == ON and OFF == options["own_trains"] == options["black_train"]:
            raise BadOptions(T("junctions=on changes how trains turn: play it with own_trains=on or black_train=on."))

    def check_options(self, options: Mapping[str, str]) -> None:
        """The contract's check at /game new: the same combinations setup refuses."""
        self.check_combination(options)

    # -- setup -------------------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """An empty board; the first prompt asks the table who begins."""
        self.check_players(players)
        opts = self.resolve_options(options)
        self.check_combination(opts)
        state: State = {
            "rng": seed_value(seed),
            "players": players,
            "options": opts,
            "stage": "first",
            "turn": 0,
            "first": None,
            "dice": None,
            "rerolled": False,
            "acted": 0,
            "bonus": False,
            "tokens": {},
            "barrels": [],
            "supply": {"tokens": TOKENS, "barrels": BARRELS},
            "pieces": {},
            "rigs_left": [4 if players == 4 else 5] * players,
            "truck": ["hand"] * players,
            "train": ["hand"] * players,
            "trains": {},
            "pending": [],
            "moving": None,
            "swap": None,
            "queue": [],
            "starter": None,
            "decider": None,
            "holder": None,
            "index": 0,
            "points": [0] * players,
            "safe": [0] * players,
            "log": [],
        }
        return state

    def max_actions(self, players: int) -> int:
        """Phase 1 turns are bounded by token and field counts (the curse returns tokens, so
        allow generously); phase 2 by the rigs and trucks."""
        return 6000

    # -- board helpers -----------------------------------------------------------------

    def board(self, state: State) -> Board:
        return BOARDS[state["options"]["board"]]

    @staticmethod
    def on(state: State, option: str) -> bool:
        return state["options"].get(option) == ON

    def settlement_fields(self, state: State) -> dict[str, str]:
        """Settlement field -> area, when the settlements variant makes them special."""
        return self.board(state).settlement_fields if self.on(state, "settlements") else {}

    @staticmethod
    def occupied(state: State, field: str) -> bool:
        return field in state["tokens"] or field in state["pieces"]

    def area_full(self, state: State, area: str) -> bool:
        """Every field taken (with the settlements variant: apart from the settlement)."""
        special = self.settlement_fields(state)
        return all(self.occupied(state, f) or f in special for f in self.board(state).fields_of[area])

    def locked(self, state: State, field: str) -> bool:
        """A wasteland field (variant) stays closed until the rest of its area is taken."""
        board = self.board(state)
        if not self.on(state, "wasteland") or field not in board.wasteland:
            return False
        special = self.settlement_fields(state)
        area = board.area_of[field]
        return any(
            not self.occupied(state, f) and f not in board.wasteland and f not in special
            for f in board.fields_of[area]
        )

    def oil_open(self, state: State, field: str) -> bool:
        """Oil on a field that may be used: tokens, no barrel yet, and not closed wasteland.

        The one test for both uses of a field's oil in phase 1, a barrel and (on a double)
        another token: wasteland "can be used only after all other fields" of its area are
        taken, and it closes again when one of them empties (a token scored by a truck in a
        settlement, the black train's curse), so its oil then takes neither.
        """
        return field in state["tokens"] and field not in state["barrels"] and not self.locked(state, field)

    def buildable(self, state: State, field: str) -> bool:
        """A free field where a token, rig, truck or train may go."""
        return (
            not self.occupied(state, field)
            and field not in self.settlement_fields(state)
            and not self.locked(state, field)
        )

    def roll_area(self, state: State) -> str:
        return ROLL_AREA[sum(state["dice"])]

    def is_double(self, state: State) -> bool:
        dice = state["dice"]
        return dice is not None and dice[0] == dice[1]

    def phase1_over(self, state: State) -> str | None:
        """Why phase 1 ends now, or None."""
        if state["supply"]["tokens"] == 0:
            return T("the oil tokens have run out")
        for area in self.board(state).fields_of:
            if self.area_full(state, area):
                return T("{area} is full", area=area_label(area))
        return None

    # -- phase 1 choices ---------------------------------------------------------------

    def placements(self, state: State, seat: int) -> list[Action]:
        """Every placement in the rolled area for ``seat`` (tokens, rigs, truck, barrel, train)."""
        area = self.roll_area(state)
        board = self.board(state)
        double = self.is_double(state)
        special = self.settlement_fields(state)
        free = [f for f in board.fields_of[area] if self.buildable(state, f)]
        actions: list[Action] = [Action(f"token:{f}", T("Strike oil: a token on {field}", field=f), group=(T("Token"), f))
                                 for f in free]
        if double:
            stacks = [f for f in board.fields_of[area] if self.oil_open(state, f)]
            actions += [
                Action(f"token:{f}", Tn("Strike oil on {field} again (double: {n} token there)",
                                        "Strike oil on {field} again (double: {n} tokens there)",
                                        state["tokens"][f] + 1, field=f),
                       group=(T("Token"), f))
                for f in stacks
            ]
        if state["rigs_left"][seat] > 0:
            actions += [
                Action(f"rig:{f}", T("Place an oil rig on {field} {note}", field=f, note=self.reach_note(state, f, "rig")),
                       group=(T("Rig"), f))
                for f in free
            ]
        if state["truck"][seat] == "hand":
            spots = free + [f for f, a in special.items() if a == area and f not in state["pieces"]]
            for f in spots:
                where = T("the settlement on {field}", field=f) if f in special else f
                actions.append(Action(f"truck:{f}:h", T("Place your truck on {where}, facing along the row {note}", where=where,
                                                        note=self.reach_note(state, f, "truck", "h")), group=(T("Truck"), f)))
                actions.append(Action(f"truck:{f}:v", T("Place your truck on {where}, facing along the column {note}",
                                                        where=where, note=self.reach_note(state, f, "truck", "v")),
                                      group=(T("Truck"), f)))
        if state["supply"]["barrels"] > 0:
            actions += [
                Action(f"barrel:{f}", T("Place a barrel on the oil on {field}", field=f), group=(T("Barrel"), f))
                for f in board.fields_of[area]
                if self.oil_open(state, f)
            ]
        if self.on(state, "own_trains") and state["train"][seat] == "hand":
            settlement = board.settlements.get(area)
            if settlement is not None and self.halt_free(state, settlement.station, [settlement.field], None):
                seg = board.segments[settlement.station]
                for corner in (seg.a, seg.b):
                    way = step_direction(seg.other_end(corner), corner)
                    actions.append(
                        Action(
                            f"station:{way}",
                            T("Put your train on the station of {area} ({field}), heading {heading}", area=area_label(area),
                              field=settlement.field, heading=DIRECTION_NAMES[way]),
                            group=(T("Station"),),
                        )
                    )
        return actions

    # -- trains ------------------------------------------------------------------------

    def stop_fields(self, state: State, segment: str) -> list[str]:
        """Why a train would halt on ``segment``: its settlement's station first, then rigs beside it."""
        board = self.board(state)
        found: list[str] = []
        station = board.station_of(segment)
        if station is not None:
            found.append(station.field)
        for side in board.segments[segment].sides:
            piece = state["pieces"].get(side)
            if piece is not None and piece["kind"] == "rig" and side not in found:
                found.append(side)
        return found

    @staticmethod
    def halt_free(state: State, segment: str, fields: list[str], mover: str | None) -> bool:
        """No other train stands on this segment or at this halt."""
        for name, train in state["trains"].items():
            if name != mover and (train["seg"] == segment or train["halt"] in fields):
                return False
        return True

    def exits(self, state: State, corner: tuple[int, int], came_from: str) -> list[str]:
        """Directions a train arriving at ``corner`` from ``came_from`` may leave by (always forward)."""
        board = self.board(state)
        ways = [d for d in board.exits[corner] if d != came_from]
        if self.on(state, "junctions"):
            switch = board.switches.get(corner)
            if switch is not None:
                ways = [d for d in ways if switch.allows(came_from, d)]
            elif len(board.exits[corner]) == 4:
                ways = [d for d in ways if d == OPPOSITE[came_from]]
        return sorted(ways, key="NESW".index)

    def _start_move(self, state: State, name: str) -> None:
        train = state["trains"][name]
        state["moving"] = {"train": name, "seg": train["seg"], "to": list(train["to"]), "seen": [], "choice": None}

    def _continue_move(self, state: State, events: list[Event]) -> bool:
        """Run the moving train on; True when the active player must choose at a junction."""
        board = self.board(state)
        move = state["moving"]
        name = move["train"]
        train = state["trains"][name]
        while True:
            corner = (move["to"][0], move["to"][1])
            came = step_direction(corner, board.segments[move["seg"]].other_end(corner))
            ways = self.exits(state, corner, came)
            if move["choice"] is None and len(ways) > 1:
                return True
            way = move["choice"] or ways[0]
            move["choice"] = None
            segment = board.segments[board.exits[corner][way]]
            after = segment.other_end(corner)
            mark = f"{segment.name}>{after[0]},{after[1]}"
            if mark in move["seen"]:
                events.append(Event(T("The {train} finds no free halt on that circuit and stays where it was.",
                                      train=self.train_name(name))))
                state["moving"] = None
                return False
            move["seen"].append(mark)
            move["seg"], move["to"] = segment.name, [after[0], after[1]]
            fields = self.stop_fields(state, segment.name)
            if fields and train["halt"] not in fields and self.halt_free(state, segment.name, fields, name):
                state["trains"][name] = {"seg": segment.name, "to": [after[0], after[1]], "halt": fields[0]}
                state["moving"] = None
                station = board.station_of(segment.name)
                if station is not None and fields[0] == station.field:
                    line = T("The {train} runs to the station of {area}.", train=self.train_name(name),
                             area=area_label(station.area))
                else:
                    line = T("The {train} runs to the oil rig on {field}.", train=self.train_name(name), field=fields[0])
                events.append(Event(line))
                if name == "black":
                    self._curse(state, segment.name, fields[0], events)
                return False

    @staticmethod
    def train_name(name: str) -> str:
        return T("black train") if name == "black" else T("train of {who}", who=tag(int(name)))

    def _curse(self, state: State, segment: str, halt: str, events: list[Event]) -> None:
        """The black train's effect on the field across the track from where it stopped."""
        board = self.board(state)
        target = board.segments[segment].across(halt)
        rigs = [f for f in board.segments[segment].sides if state["pieces"].get(f, {}).get("kind") == "rig"]
        if target in state["tokens"]:
            count = state["tokens"].pop(target)
            state["supply"]["tokens"] += count
            if target in state["barrels"]:
                state["barrels"].remove(target)
                state["supply"]["barrels"] += 1
                line = Tn("Curse of Spindletop: the oil on {field} dries out ({n} token and its barrel back to the supply).",
                          "Curse of Spindletop: the oil on {field} dries out ({n} tokens and its barrel back to the supply).",
                          count, field=target)
            else:
                line = Tn("Curse of Spindletop: the oil on {field} dries out ({n} token back to the supply).",
                          "Curse of Spindletop: the oil on {field} dries out ({n} tokens back to the supply).",
                          count, field=target)
            events.append(Event(line))
            return
        if self.occupied(state, target):
            if len(rigs) == 2:
                events.append(Event(T("Oil rig next to oil rig: the curse has no effect.")))
            return
        piece = state["pieces"].get(halt)
        active = state["turn"]
        if piece is not None and piece["kind"] == "rig":
            own = [f for f, p in state["pieces"].items() if p["kind"] == "rig" and p["owner"] == active]
            if piece["owner"] != active and own:
                state["swap"] = {"rig": halt}
                events.append(Event(T("Curse of Spindletop: {field} beside the rig on {halt} is free, so {who} may swap that "
                                      "rig with one of their own.", field=target, halt=halt, who=tag(active))))
            return
        if piece is not None and piece["kind"] == "truck" and halt in self.settlement_fields(state):
            owner = piece["owner"]
            del state["pieces"][halt]
            state["truck"][owner] = "hand"
            events.append(Event(T("Curse of Spindletop: the truck of {who} leaves the settlement on {field} and goes back to "
                                  "its owner.", who=tag(owner), field=halt)))

    # -- settlements -------------------------------------------------------------------

    def connection(self, state: State, start: str) -> list[str] | None:
        """The shortest chain of token fields (side by side) from settlement ``start`` to another."""
        special = self.settlement_fields(state)
        tokens = state["tokens"]
        goals = {f for f in special if f != start}
        first = [f for f in neighbours4(start) if f in tokens]
        previous: dict[str, str | None] = {f: None for f in first}
        queue = deque(first)
        while queue:
            field = queue.popleft()
            if any(n in goals for n in neighbours4(field)):
                path = [field]
                while previous[path[-1]] is not None:
                    path.append(previous[path[-1]])  # type: ignore[arg-type]
                return path[::-1]
            for n in neighbours4(field):
                if n in tokens and n not in previous:
                    previous[n] = field
                    queue.append(n)
        return None

    def _settle(self, state: State, events: list[Event]) -> None:
        """Trucks in settlements cash in every completed connection (repeat while any is found)."""
        special = self.settlement_fields(state)
        if not special:
            return
        active = state["turn"]
        for field in sorted(special):
            piece = state["pieces"].get(field)
            if piece is None or piece["kind"] != "truck":
                continue
            path = self.connection(state, field)
            if path is None:
                continue
            end = next(n for n in neighbours4(path[-1]) if n in special and n != field)
            take = 0
            for f in path:
                take += state["tokens"].pop(f)
                if f in state["barrels"]:
                    state["barrels"].remove(f)
                    take += 1
            owners = [piece["owner"]]
            other = state["pieces"].get(end)
            if other is not None and other["kind"] == "truck":
                owners.append(other["owner"])
            share, rest = divmod(take, len(owners))
            for owner in owners:
                state["points"][owner] += share
                state["safe"][owner] += share
                state["truck"][owner] = "gone"
            state["points"][active] += rest
            state["safe"][active] += rest
            for f in (field, end):
                if state["pieces"].get(f, {}).get("kind") == "truck":
                    del state["pieces"][f]
            events.append(Event(_connection_line(field, end, len(path), [tag(o) for o in owners], take,
                                                 tag(active) if rest else None)))
            self._settle(state, events)
            return

    # -- phase 2 -----------------------------------------------------------------------

    def reach(self, state: State, field: str) -> list[str]:
        """The fields a rig or truck on ``field`` takes oil from (before the caps)."""
        piece = state["pieces"][field]
        return self.reach_of(state, field, piece["kind"], piece["dir"])

    @staticmethod
    def reach_of(state: State, field: str, kind: str, direction: str | None) -> list[str]:
        """The fields a rig (``kind="rig"``) or a truck or train facing ``direction`` (h/v)
        on ``field`` would take oil from, whether or not it stands there yet."""
        if kind == "rig":
            return neighbours8(field)
        ways = ("W", "E") if direction == "h" else ("N", "S")
        out: list[str] = []
        for way in ways:
            for f in line_from(field, way):
                if f in state["pieces"]:
                    break
                out.append(f)
        return out

    def haul(self, state: State, field: str) -> list[str]:
        """The fields a piece would take a token from now: one (the top one) per field, capped."""
        piece = state["pieces"][field]
        return self.haul_of(state, field, piece["kind"], piece["dir"])

    def haul_of(self, state: State, field: str, kind: str, direction: str | None) -> list[str]:
        """:meth:`haul` for a piece that may not stand on ``field`` yet (phase-1 labels)."""
        cap = RIG_CAP if kind == "rig" else TRUCK_CAP
        return [f for f in self.reach_of(state, field, kind, direction) if f in state["tokens"]][:cap]

    def oil_text(self, fields: list[str], state: State) -> str:
        """"3 tokens + 1 barrel": what pumping ``fields`` (one token each) brings in."""
        barrels = sum(1 for f in fields if f in state["barrels"])
        tokens = Tn("{n} token", "{n} tokens", len(fields))
        if not barrels:
            return tokens
        return T("{tokens} + {barrels}", tokens=tokens, barrels=Tn("{n} barrel", "{n} barrels", barrels))

    def reach_note(self, state: State, field: str, kind: str, direction: str | None = None) -> str:
        """A phase-1 label's note on the oil a piece placed on ``field`` would reach today."""
        fields = self.haul_of(state, field, kind, direction)
        return T("(would reach {oil} now)", oil=self.oil_text(fields, state)) if fields else T("(no oil in reach yet)")

    def scoreable(self, state: State, seat: int) -> list[str]:
        return sorted(
            f for f, p in state["pieces"].items() if p["owner"] == seat and not p["used"] and self.haul(state, f)
        )

    def _next_scorer(self, state: State, events: list[Event]) -> None:
        """Move the snake order on to the next player with something to score, or end the game."""
        n = state["players"]
        if not any(self.scoreable(state, s) for s in range(n)):
            state["stage"] = "over"
            state["turn"] = None
            events.append(Event(self._final_text(state)))
            return
        while not self.scoreable(state, snake_seat(state["holder"], state["index"], n)):
            state["index"] += 1
        state["turn"] = snake_seat(state["holder"], state["index"], n)
        state["stage"] = "score"

    def _begin_phase2(self, state: State, events: list[Event]) -> None:
        holder = state["holder"]
        if state["players"] == 2:
            line = T("Phase 2: {who} holds the black train and scores first; turns alternate.", who=tag(holder))
        else:
            line = T("Phase 2: {who} holds the black train and scores first; then snake order.", who=tag(holder))
        events.append(Event(line))
        state["index"] = 0
        state["dice"] = None  # the last roll (a train's) means nothing in phase 2
        self._next_scorer(state, events)

    # -- the end of phase 1 ------------------------------------------------------------

    def _end_phase1(self, state: State, reason: str, events: list[Event]) -> None:
        n = state["players"]
        left = (state["turn"] + 1) % n
        state["trains"].pop("black", None)
        state["pending"], state["moving"], state["swap"] = [], None, None
        state["dice"] = None
        events.append(Event(T("Phase 1 ends: {reason}.", reason=reason)))
        order = [(left + i) % n for i in range(n)]
        special = self.settlement_fields(state)
        state["queue"] = [
            s for s in order
            if any(p["kind"] == "truck" and p["owner"] == s and f in special for f, p in state["pieces"].items())
        ]
        state["decider"] = left
        if state["queue"]:
            state["stage"] = "rotate"
            state["turn"] = state["queue"][0]
            return
        self._after_rotate(state, events)

    def _after_rotate(self, state: State, events: list[Event]) -> None:
        left = state["decider"]
        n = state["players"]
        if self.on(state, "start_or_train"):
            state["queue"] = [(left + i) % n for i in range(n)]
            state["starter"] = None
            self._next_decider(state, events)
            return
        state["holder"] = left
        events.append(Event(T("{who}, left of the last player, takes the black train.", who=tag(left))))
        self._begin_phase2(state, events)

    def _next_decider(self, state: State, events: list[Event]) -> None:
        """Start or train: ask the next player who still has something to decide."""
        while state["queue"]:
            seat = state["queue"][0]
            if state["starter"] is None or state["train"][seat] == "hand":
                state["stage"] = "decide"
                state["turn"] = seat
                return
            state["queue"].pop(0)
        if state["starter"] is None:
            state["starter"] = state["decider"]
            events.append(Event(T("Nobody chose to start: {who}, who decided first, takes the black train.",
                                  who=tag(state["decider"]))))
        for seat in range(state["players"]):
            if state["train"][seat] == "hand":
                state["points"][seat] += 1
                events.append(Event(T("{who} kept their train: 1 point.", who=tag(seat))))
        state["holder"] = state["starter"]
        self._begin_phase2(state, events)

    # -- turns -------------------------------------------------------------------------

    def _roll(self, state: State) -> None:
        rng = Rng(state)
        state["dice"] = [rng.randint(1, 6), rng.randint(1, 6)]

    def _bonus(self, state: State, seat: int) -> bool:
        train = state["trains"].get(str(seat))
        return train is not None and self.board(state).area_of[train["halt"]] == self.roll_area(state)

    def _roll_text(self, state: State, seat: int, again: bool = False) -> str:
        a, b = state["dice"]
        params = {"who": tag(seat), "a": a, "b": b, "total": a + b, "area": area_label(self.roll_area(state))}
        if again:
            text = (T("{who} rolls again {a} + {b} = {total} — a double: {area}.", **params) if a == b
                    else T("{who} rolls again {a} + {b} = {total}: {area}.", **params))
        else:
            text = (T("{who} rolls {a} + {b} = {total} — a double: {area}.", **params) if a == b
                    else T("{who} rolls {a} + {b} = {total}: {area}.", **params))
        if state["stage"] == "act" and state["bonus"]:
            text = T("{roll} Their train stands here: up to two actions.", roll=text)
        return text

    def _start_turn(self, state: State, seat: int, events: list[Event]) -> None:
        state.update({"turn": seat, "stage": "act", "rerolled": False, "acted": 0})
        self._roll(state)
        state["bonus"] = self._bonus(state, seat)
        events.append(Event(self._roll_text(state, seat), reveals=True))

    def _after_actions(self, state: State, events: list[Event]) -> None:
        seat = state["turn"]
        pending: list[str] = []
        if self.on(state, "black_train") and self.is_double(state) and "black" in state["trains"]:
            pending.append("black")
        if state["bonus"] and str(seat) in state["trains"]:
            pending.append(str(seat))
        state["pending"] = pending
        if len(pending) == 2:
            state["stage"] = "order"
            return
        self._run_pending(state, events)

    def _run_pending(self, state: State, events: list[Event]) -> None:
        while True:
            if state["moving"] is not None:
                if self._continue_move(state, events):
                    state["stage"] = "route"
                    return
                if state["swap"] is not None:
                    state["stage"] = "swap"
                    return
            if not state["pending"]:
                break
            self._start_move(state, state["pending"].pop(0))
        self._start_turn(state, (state["turn"] + 1) % state["players"], events)

    # -- the contract ------------------------------------------------------------------

    def legal_prompts(self, state: State) -> list[Prompt]:
        stage = state["stage"]
        if stage == "over":
            return []
        seat = state["turn"]
        n = state["players"]
        if stage == "first":
            actions = tuple(Action(f"first:{s + 1}", T("{who} begins", who=tag(s))) for s in range(n))
            return [Prompt(seat, T("Who was at a petrol station last? {who}, choose for the table who begins.", who=tag(seat)),
                           actions)]
        if stage == "face":
            seg = self.board(state).segments[self.board(state).settlements[self.board(state).black_start].station]
            ways = [step_direction(seg.other_end(c), c) for c in (seg.a, seg.b)]
            actions = tuple(Action(f"face:{w}", T("The black train heads {heading}", heading=DIRECTION_NAMES[w]))
                            for w in ways)
            return [Prompt(seat, T("{who}: which way does the black train face on its start station?", who=tag(seat)),
                           actions)]
        if stage == "act":
            area = self.roll_area(state)
            actions = self.placements(state, seat)
            if not state["rerolled"] and state["acted"] == 0:
                actions = [Action("reroll", T("Roll again (you must use the second roll)"), main=True), *actions]
            if state["bonus"]:
                label = T("Take no more actions") if state["acted"] else T("Take no action this turn")
                actions.append(Action("done", label, main=True))
            a, b = state["dice"]
            params = {"who": tag(seat), "a": a, "b": b, "total": a + b, "area": area_label(area)}
            if state["acted"]:
                text = T("{who} rolled {a} + {b} = {total}: act in {area} (second action).", **params)
            else:
                text = T("{who} rolled {a} + {b} = {total}: act in {area}.", **params)
            return [Prompt(seat, text, tuple(actions))]
        if stage == "order":
            actions = (
                Action("move:black", T("Move the black train first")),
                Action("move:own", T("Move your own train first")),
            )
            return [Prompt(seat, T("{who}: both trains move; which goes first?", who=tag(seat)), actions)]
        if stage == "route":
            move = state["moving"]
            corner = (move["to"][0], move["to"][1])
            came = step_direction(corner, self.board(state).segments[move["seg"]].other_end(corner))
            train = self.train_name(move["train"])
            actions = tuple(
                Action(f"go:{w}", T("Turn the {train} {heading}", train=train, heading=DIRECTION_NAMES[w]) if w != OPPOSITE[came]
                       else T("The {train} goes straight on ({heading})", train=train, heading=DIRECTION_NAMES[w]))
                for w in self.exits(state, corner, came)
            )
            return [Prompt(seat, T("{who}: the {train} reaches a junction; which way?", who=tag(seat), train=train), actions)]
        if stage == "swap":
            halt = state["swap"]["rig"]
            own = sorted(f for f, p in state["pieces"].items() if p["kind"] == "rig" and p["owner"] == seat)
            actions = tuple(Action(f"swap:{f}", T("Swap the rig on {halt} with your rig on {field}", halt=halt, field=f),
                                   group=(T("Swap"), f)) for f in own)
            keep = Action("keep", T("No swap"), main=True)
            return [Prompt(seat, T("{who}: swap the rig on {halt} for one of yours?", who=tag(seat), halt=halt), (*actions, keep))]
        if stage == "rotate":
            field = next(f for f, p in state["pieces"].items() if p["kind"] == "truck" and p["owner"] == seat)
            actions = (Action("rotate", T("Turn your truck on {field} by 90°", field=field)),
                       Action("keep", T("Leave it as it is")))
            return [Prompt(seat, T("{who}: your truck is still in its settlement; turn it?", who=tag(seat)), actions)]
        if stage == "decide":
            actions_list: list[Action] = []
            keeps = state["train"][seat] == "hand"
            if state["starter"] is None:
                start = (T("Start phase 2 (take the black train; your train stays in hand: 1 point at the end)") if keeps
                         else T("Start phase 2 (take the black train)"))
                actions_list.append(Action("start", start))
            if keeps:
                actions_list.append(Action("train", T("Roll to place your train like a truck (it scores like one, "
                                                      "instead of the point)")))
                actions_list.append(Action("pass", T("Keep your train (1 point at the end)")))
            else:
                actions_list.append(Action("pass", T("Do not start")))
            return [Prompt(seat, T("{who}: start phase 2, or place your train?", who=tag(seat)), tuple(actions_list))]
        if stage == "place":
            area = self.roll_area(state)
            actions_list = []
            if not state["rerolled"]:
                actions_list.append(Action("reroll", T("Roll again (you must use the second roll)"), main=True))
            for f in self.board(state).fields_of[area]:
                if self.buildable(state, f):
                    actions_list.append(Action(f"train:{f}:h", T("Place your train on {field}, facing along the row {note}",
                                                                 field=f, note=self.reach_note(state, f, "train", "h")),
                                               group=(T("Train"), f)))
                    actions_list.append(Action(f"train:{f}:v", T("Place your train on {field}, facing along the column {note}",
                                                                 field=f, note=self.reach_note(state, f, "train", "v")),
                                               group=(T("Train"), f)))
            a, b = state["dice"]
            text = T("{who} rolled {a} + {b} = {total}: place the train in {area}.", who=tag(seat), a=a, b=b, total=a + b,
                     area=area_label(area))
            return [Prompt(seat, text, tuple(actions_list))]
        # stage == "score"
        actions = tuple(
            Action(
                f"score:{state['pieces'][f]['kind']}:{f}",
                _PUMP[state["pieces"][f]["kind"]](f, self._haul_text(state, f)),
                group=(_GROUP[state["pieces"][f]["kind"]], f),
            )
            for f in self.scoreable(state, seat)
        )
        return [Prompt(seat, T("{who}: choose a rig or truck to score.", who=tag(seat)), actions)]

    def _haul_text(self, state: State, field: str) -> str:
        return self.oil_text(self.haul(state, field), state)

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        events: list[Event] = []
        verb, _, rest = key.partition(":")
        stage = state["stage"]
        if stage == "first":
            first = int(rest) - 1
            state["first"] = first
            state["turn"] = first
            events.append(Event(T("{who} begins; play goes clockwise.", who=tag(first))))
            if self.on(state, "black_train"):
                start = self.board(state).settlements[self.board(state).black_start]
                state["trains"]["black"] = {"seg": start.station, "to": [0, 0], "halt": start.field}
                state["stage"] = "face"
            else:
                self._start_turn(state, first, events)
        elif stage == "face":
            board = self.board(state)
            seg = board.segments[board.settlements[board.black_start].station]
            corner = next(c for c in (seg.a, seg.b) if step_direction(seg.other_end(c), c) == rest)
            state["trains"]["black"]["to"] = [corner[0], corner[1]]
            events.append(Event(T("The black train stands on the station of {area}, heading {heading}.",
                                  area=area_label(board.black_start), heading=DIRECTION_NAMES[rest])))
            self._start_turn(state, state["turn"], events)
        elif stage == "act":
            self._act(state, seat, verb, rest, events)
        elif stage == "order":
            if rest == "own":
                state["pending"].reverse()
            events.append(Event(T("{who} moves the own train first.", who=tag(seat)) if rest == "own"
                                else T("{who} moves the black train first.", who=tag(seat))))
            self._run_pending(state, events)
        elif stage == "route":
            state["moving"]["choice"] = rest
            events.append(Event(T("{who} sends the {train} {heading}.", who=tag(seat),
                                  train=self.train_name(state["moving"]["train"]), heading=DIRECTION_NAMES[rest])))
            self._run_pending(state, events)
        elif stage == "swap":
            halt = state["swap"]["rig"]
            state["swap"] = None
            if verb == "swap":
                theirs = state["pieces"][halt]["owner"]
                state["pieces"][halt]["owner"], state["pieces"][rest]["owner"] = seat, theirs
                events.append(Event(T("{who} swaps rigs: {halt} is theirs now, {field} goes to {other}.", who=tag(seat),
                                      halt=halt, field=rest, other=tag(theirs))))
            else:
                events.append(Event(T("{who} leaves the rigs as they are.", who=tag(seat))))
            self._run_pending(state, events)
        elif stage == "rotate":
            if verb == "rotate":
                field, piece = next((f, p) for f, p in state["pieces"].items() if p["kind"] == "truck" and p["owner"] == seat)
                piece["dir"] = "v" if piece["dir"] == "h" else "h"
                events.append(Event(T("{who} turns the truck on {field}.", who=tag(seat), field=field)))
            state["queue"].pop(0)
            if state["queue"]:
                state["turn"] = state["queue"][0]
            else:
                self._after_rotate(state, events)
        elif stage == "decide":
            self._decide(state, seat, verb, events)
        elif stage == "place":
            if verb == "reroll":
                self._roll(state)
                state["rerolled"] = True
                events.append(Event(self._roll_text(state, seat, again=True), reveals=True))
                self._check_placeable(state, seat, events)
            else:
                field, direction = rest.split(":")
                state["pieces"][field] = {"kind": "train", "owner": seat, "dir": direction, "used": False}
                state["train"][seat] = "board"
                events.append(Event(T("{who} places their train on {field}, facing along the row.", who=tag(seat), field=field)
                                    if direction == "h" else
                                    T("{who} places their train on {field}, facing along the column.", who=tag(seat),
                                      field=field)))
                state["queue"].pop(0)
                self._next_decider(state, events)
        else:  # score
            self._score(state, seat, rest.split(":")[1], events)
        self._remember(state, events)
        return events

    def _act(self, state: State, seat: int, verb: str, rest: str, events: list[Event]) -> None:
        if verb == "reroll":
            self._roll(state)
            state["rerolled"] = True
            state["bonus"] = self._bonus(state, seat)
            events.append(Event(self._roll_text(state, seat, again=True), reveals=True))
            return
        if verb == "done":
            events.append(Event(T("{who} ends the turn.", who=tag(seat))))
            self._after_actions(state, events)
            return
        state["acted"] += 1
        if verb == "token":
            state["tokens"][rest] = state["tokens"].get(rest, 0) + 1
            state["supply"]["tokens"] -= 1
            stack = state["tokens"][rest]
            events.append(Event(T("{who} strikes oil on {field} (now {n} tokens there).", who=tag(seat), field=rest, n=stack)
                                if stack > 1 else T("{who} strikes oil on {field}.", who=tag(seat), field=rest)))
            self._settle(state, events)
        elif verb == "rig":
            state["pieces"][rest] = {"kind": "rig", "owner": seat, "dir": None, "used": False}
            state["rigs_left"][seat] -= 1
            events.append(Event(T("{who} builds an oil rig on {field}.", who=tag(seat), field=rest)))
        elif verb == "truck":
            field, direction = rest.split(":")
            state["pieces"][field] = {"kind": "truck", "owner": seat, "dir": direction, "used": False}
            state["truck"][seat] = "board"
            events.append(Event(_parking_line(tag(seat), field, field in self.settlement_fields(state), direction)))
            self._settle(state, events)
        elif verb == "barrel":
            state["barrels"].append(rest)
            state["supply"]["barrels"] -= 1
            events.append(Event(T("{who} puts a barrel on the oil on {field}.", who=tag(seat), field=rest)))
        else:  # station
            board = self.board(state)
            settlement = board.settlements[self.roll_area(state)]
            seg = board.segments[settlement.station]
            corner = next(c for c in (seg.a, seg.b) if step_direction(seg.other_end(c), c) == rest)
            state["trains"][str(seat)] = {"seg": seg.name, "to": [corner[0], corner[1]], "halt": settlement.field}
            state["train"][seat] = "tracks"
            events.append(Event(T("{who} puts their train on the station of {area}.", who=tag(seat),
                                  area=area_label(settlement.area))))
        reason = self.phase1_over(state)
        if reason:
            self._end_phase1(state, reason, events)
        elif state["bonus"] and state["acted"] < 2:
            return
        else:
            self._after_actions(state, events)

    def _decide(self, state: State, seat: int, verb: str, events: list[Event]) -> None:
        if verb == "start":
            state["starter"] = seat
            events.append(Event(T("{who} starts phase 2 and takes the black train.", who=tag(seat))))
            state["queue"].pop(0)
            self._next_decider(state, events)
        elif verb == "pass":
            events.append(Event(T("{who} passes.", who=tag(seat))))
            state["queue"].pop(0)
            self._next_decider(state, events)
        else:  # train: roll for it
            state["stage"] = "place"
            state["rerolled"] = False
            self._roll(state)
            events.append(Event(self._roll_text(state, seat), reveals=True))
            self._check_placeable(state, seat, events)

    def _check_placeable(self, state: State, seat: int, events: list[Event]) -> None:
        """After the second roll a train that finds no free field stays in hand (a point)."""
        area = self.roll_area(state)
        if state["rerolled"] and not any(self.buildable(state, f) for f in self.board(state).fields_of[area]):
            events.append(Event(T("Area {area} has no free field: the train stays with {who}.", area=area, who=tag(seat))))
            state["queue"].pop(0)
            self._next_decider(state, events)

    def _score(self, state: State, seat: int, field: str, events: list[Event]) -> None:
        piece = state["pieces"][field]
        fields = self.haul(state, field)
        got = 0
        for f in fields:
            got += 1
            state["tokens"][f] -= 1
            if state["tokens"][f] == 0:
                del state["tokens"][f]
            if f in state["barrels"]:
                state["barrels"].remove(f)
                got += 1
        piece["used"] = True
        state["points"][seat] += got
        events.append(Event(_pumped_line(piece["kind"], tag(seat), field, got, listing(fields))))
        state["index"] += 1
        self._next_scorer(state, events)

    @staticmethod
    def _remember(state: State, events: list[Event]) -> None:
        state["log"] = (state["log"] + [stored(e.text) for e in events])[-LOG_LINES:]

    # -- results -----------------------------------------------------------------------

    def tiebreak(self, state: State) -> list[int]:
        """Later in the phase 2 order is better: the one who began phase 2 last wins a tie."""
        n = state["players"]
        holder = state["holder"] if state["holder"] is not None else 0
        return [(s - holder) % n for s in range(n)]

    def outcome(self, state: State) -> Outcome | None:
        if state["stage"] != "over":
            return None
        return Outcome.ranked(state["points"], T("All the oil that could be pumped is pumped."), self.tiebreak(state))

    def _final_text(self, state: State) -> str:
        outcome = Outcome.ranked(state["points"], "", self.tiebreak(state))
        winner = outcome.winners[0]
        best = state["points"][winner]
        tied = [s for s, p in enumerate(state["points"]) if p == best]
        if len(tied) > 1:
            return Tn("Nothing is left to pump. {players} tie on {n} point; {who} began phase 2 last and wins.",
                      "Nothing is left to pump. {players} tie on {n} points; {who} began phase 2 last and wins.",
                      best, players=listing([tag(s) for s in tied]), who=tag(winner))
        return Tn("Nothing is left to pump. {who} wins with {n} point.", "Nothing is left to pump. {who} wins with {n} points.",
                  best, who=tag(winner))

    # -- what players see --------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything is public in Schwarzes Gold except the dice to come (the RNG)."""
        outcome = self.outcome(state)
        stage = state["stage"]
        area = self.roll_area(state) if state["dice"] is not None else None
        order: list[int] = []
        if state["holder"] is not None:
            n = state["players"]
            order = [(state["holder"] + i) % n for i in range(n)]
        return {
            "game": self.slug,
            "players": state["players"],
            "board": state["options"]["board"],
            "options": dict(state["options"]),
            "stage": stage,
            "phase": 2 if stage in ("score", "over") else 1,
            "turn": state["turn"],
            "first": state["first"],
            "dice": list(state["dice"]) if state["dice"] else None,
            "area": area,
            "rerolled": state["rerolled"],
            "bonus": state["bonus"],
            "tokens": dict(state["tokens"]),
            "barrels": list(state["barrels"]),
            "supply": dict(state["supply"]),
            "pieces": {f: dict(p) for f, p in state["pieces"].items()},
            "rigs_left": list(state["rigs_left"]),
            "truck": list(state["truck"]),
            "train": list(state["train"]),
            "trains": {k: {"seg": v["seg"], "to": list(v["to"]), "halt": v["halt"]} for k, v in state["trains"].items()},
            "moving": None if state["moving"] is None else {"train": state["moving"]["train"], "seg": state["moving"]["seg"], "to": list(state["moving"]["to"])},
            "holder": state["holder"],
            "order": order,
            "points": list(state["points"]),
            "safe": list(state["safe"]),
            "log": [restored(line) for line in state["log"]],
            "over": stage == "over",
            "outcome": None
            if outcome is None
            else {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "reason": outcome.reason},
        }

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """Only the coming dice (the RNG) are hidden."""
        hidden = json.loads(json.dumps(state))
        hidden["rng"] = rng.getrandbits(63)
        return hidden

    # -- refusals ----------------------------------------------------------------------

    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        stage = state["stage"]
        prompts = self.legal_prompts(state)
        legal = [a.key for p in prompts for a in p.actions]
        sample = Code(", ".join(legal[:6]) + (" …" if len(legal) > 6 else ""))
        verb, _, rest = key.partition(":")
        if stage == "act" and verb in ("token", "rig", "truck", "barrel"):
            field = rest.split(":")[0]
            if parse_field(field) is None:
                return _not_a_field(field)
            area = self.roll_area(state)
            board = self.board(state)
            if board.area_of[field] != area:
                return T("You rolled {total}, so you act in {area}; {field} is in {other}.", total=sum(state["dice"]),
                         area=area_label(area), field=field, other=area_label(board.area_of[field]))
            if verb == "rig" and state["rigs_left"][seat] == 0:
                return T("You have no oil rigs left to place.")
            if verb == "truck" and state["truck"][seat] != "hand":
                return T("Your truck is not in your hand any more.")
            if verb == "truck" and rest.split(":")[-1] not in ("h", "v"):
                return T("Say which way the truck faces: truck:{field}:h (along the row) or truck:{field}:v (along the "
                         "column).", field=field)
            if verb == "barrel":
                if state["supply"]["barrels"] == 0:
                    return T("All three barrels are on the board.")
                if field not in state["tokens"]:
                    return T("A barrel goes on a token, and {field} has none.", field=field)
                if field in state["barrels"]:
                    return T("{field} already has a barrel.", field=field)
                if self.locked(state, field):
                    return T("{field} is wasteland and closed again: it opens only when the rest of {area} is taken.",
                             field=field, area=area_label(area))
            if field in self.settlement_fields(state):
                return T("{field} is a settlement: no tokens or rigs there (only a truck).", field=field)
            if self.locked(state, field):
                return T("{field} is wasteland: it opens only when the rest of {area} is taken.", field=field,
                         area=area_label(area))
            if field in state["tokens"] and verb == "token":
                if not self.is_double(state):
                    return T("{field} already has oil; only a double lets you put a token on a token.", field=field)
                return T("{field} has a barrel on its oil: no more tokens there.", field=field)
            return T("{field} is not free.", field=field)
        if stage == "place" and verb == "train":
            field = rest.split(":")[0]
            if not field:
                return T("Say where and which way: train:C7:h (along the row) or train:C7:v (along the column).")
            if parse_field(field) is None:
                return _not_a_field(field)
            area = self.roll_area(state)
            if self.board(state).area_of[field] != area:
                return T("Your train goes in {area}, the area you rolled; {field} is not in it.", area=area_label(area),
                         field=field)
            return T("{field} is not free for your train.", field=field)
        if stage == "act" and verb == "station":
            if not self.on(state, "own_trains"):
                return T("Trains on stations are part of the own_trains variant, which this table does not play.")
            if state["train"][seat] != "hand":
                return T("Your train is already on the board.")
            area = self.roll_area(state)
            heading = [k for k in legal if k.startswith("station:")]
            if heading:
                headings: Any = Code(heading[0])
                for key in heading[1:]:
                    headings = T("{first} or {next}", first=headings, next=Code(key))
                return T("From the station of {area} the train can head only {headings}.", area=area_label(area),
                         headings=headings)
            return T("The station of {area} is taken: another train stands there.", area=area_label(area))
        if stage == "swap" and verb == "swap":
            own = [k.partition(":")[2] for k in legal if k.startswith("swap:")]
            if rest:
                return T("{typed} is not one of your oil rigs: swap with {rigs}, or keep.", typed=Code(rest),
                         rigs=listing(own))
            return T("That is not one of your oil rigs: swap with {rigs}, or keep.", rigs=listing(own))
        if stage == "route" and verb == "go":
            return T("The train cannot go that way here: {legal}.", legal=sample)
        if verb == "reroll" and stage in ("act", "place"):
            if state["rerolled"]:
                return T("You have already rerolled: the second roll must be used.")
            return T("You have already acted this turn.")
        if verb == "score" and stage == "score":
            field = rest.split(":")[-1]
            piece = state["pieces"].get(field)
            if piece is None or piece["owner"] != seat:
                return T("You have no rig or truck on {field}.", field=Code(field))
            if piece["used"]:
                return _USED[piece["kind"]](field)
            return _DRY[piece["kind"]](field)
        where = _STAGE_HINT.get(stage, T("wait"))
        return T("{typed} is not a move now: {where}. Legal: {legal}.", typed=Code(repr(key)), where=where,
                 legal=sample)

    # -- bot seats ---------------------------------------------------------------------

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        """The heuristic player of :mod:`bot.games.schwarzes_gold.agent`."""
        from bot.games.schwarzes_gold.agent import choose

        if not any(p.seat == seat for p in self.prompts(state)):
            raise IllegalAction(T("This seat has nothing to decide now."))
        return choose(self, state, seat, rng)

    # -- the hard bot's search (bot/engine/search.py) ------------------------------------

    rollout_steps: ClassVar[int | None] = ROLLOUT_STEPS

    def settled(self, state: State) -> bool:
        """Phase 2, the pumping: no dice are thrown any more and nothing is hidden, so a hard
        bot answers by playing out every order of its own pumps (``search.best_reply``)."""
        return state["stage"] == "score"

    def rollout_agent(self, state: State, seat: int, rng: random.Random) -> str:
        """The quick version of the heuristic (:func:`~bot.games.schwarzes_gold.agent.quick_choose`)."""
        from bot.games.schwarzes_gold.agent import quick_choose

        return quick_choose(self, state, seat, rng)

    def evaluate(self, state: State) -> list[float] | None:
        """Each player's chance to win, a softmax over the heuristic's expected points
        (:func:`~bot.games.schwarzes_gold.agent.shares`) with a spread of
        :data:`WIN_SPREAD` points. In phase 2 ``None``: the pumping is short and has no dice,
        so the rollout plays it out instead of guessing."""
        from bot.games.schwarzes_gold.agent import shares

        if state["stage"] in ("score", "over"):
            return None
        expected = shares(self, state)
        top = max(expected)
        weights = [math.exp((points - top) / WIN_SPREAD) for points in expected]
        total = sum(weights)
        return [weight / total for weight in weights]


# -- words ---------------------------------------------------------------------------------
# Whole sentences for each case (a rig, a truck, a train; one owner or two), so that every
# language can word each one its own way.

_GROUP = {"rig": T("Rig"), "truck": T("Truck"), "train": T("Train")}
"""The group a phase-2 scoring move is filed under (the kind of piece)."""

_PUMP = {
    "rig": lambda field, oil: T("Pump your rig on {field}: {oil}", field=field, oil=oil),
    "truck": lambda field, oil: T("Pump your truck on {field}: {oil}", field=field, oil=oil),
    "train": lambda field, oil: T("Pump your train on {field}: {oil}", field=field, oil=oil),
}

_USED = {
    "rig": lambda field: T("Your rig on {field} has already been scored.", field=field),
    "truck": lambda field: T("Your truck on {field} has already been scored.", field=field),
    "train": lambda field: T("Your train on {field} has already been scored.", field=field),
}

_DRY = {
    "rig": lambda field: T("Your rig on {field} has no oil in reach.", field=field),
    "truck": lambda field: T("Your truck on {field} has no oil in reach.", field=field),
    "train": lambda field: T("Your train on {field} has no oil in reach.", field=field),
}

_STAGE_HINT = {
    "first": T("choose who begins"),
    "face": T("choose the black train's heading"),
    "act": T("place something in the rolled area"),
    "order": T("choose which train moves first"),
    "route": T("choose the train's way at the junction"),
    "swap": T("decide about swapping rigs"),
    "rotate": T("decide whether to turn your truck"),
    "decide": T("start phase 2 or place your train"),
    "place": T("place your train"),
    "score": T("choose a rig or truck to score"),
}


def _not_a_field(field: str) -> str:
    """The refusal of a field name that is not on the board (``C7`` is)."""
    if field:
        return T("{typed} is not a field: rows are A–J and columns 1–10, like C7.", typed=Code(field))
    return T("That is not a field: rows are A–J and columns 1–10, like C7.")


def _pumped_line(kind: str, who: str, field: str, got: int, fields: str) -> str:
    """A pumped piece's line: "Ana pumps the rig on C7: 3 points (B6, B7 and C6)."."""
    if kind == "rig":
        return Tn("{who} pumps the rig on {field}: {n} point ({fields}).", "{who} pumps the rig on {field}: {n} points ({fields}).",
                  got, who=who, field=field, fields=fields)
    if kind == "truck":
        return Tn("{who} pumps the truck on {field}: {n} point ({fields}).",
                  "{who} pumps the truck on {field}: {n} points ({fields}).", got, who=who, field=field, fields=fields)
    return Tn("{who} pumps the train on {field}: {n} point ({fields}).", "{who} pumps the train on {field}: {n} points ({fields}).",
              got, who=who, field=field, fields=fields)


def _parking_line(who: str, field: str, settlement: bool, direction: str) -> str:
    """A parked truck's line: "Ana parks the truck on C7, facing along the row."."""
    if settlement:
        if direction == "h":
            return T("{who} parks the truck on {field} in the settlement, facing along the row.", who=who, field=field)
        return T("{who} parks the truck on {field} in the settlement, facing along the column.", who=who, field=field)
    if direction == "h":
        return T("{who} parks the truck on {field}, facing along the row.", who=who, field=field)
    return T("{who} parks the truck on {field}, facing along the column.", who=who, field=field)


def _connection_line(field: str, end: str, length: int, owners: list[str], take: int, odd: str | None) -> str:
    """A settlement connection cashed in: by one truck, or shared by two (``odd``: who gets the
    odd point of an uneven share)."""
    params = {"field": field, "end": end, "length": length, "owners": listing(owners)}
    if len(owners) == 1:
        return Tn("Oil connects the settlements on {field} and {end} ({length} fields): {owners} take {n} safe point; "
                  "the truck leaves the game.",
                  "Oil connects the settlements on {field} and {end} ({length} fields): {owners} take {n} safe points; "
                  "the truck leaves the game.", take, **params)
    if odd is not None:
        return Tn("Oil connects the settlements on {field} and {end} ({length} fields): {owners} share {n} safe point; "
                  "{odd} gets the odd one; both trucks leave the game.",
                  "Oil connects the settlements on {field} and {end} ({length} fields): {owners} share {n} safe points; "
                  "{odd} gets the odd one; both trucks leave the game.", take, odd=odd, **params)
    return Tn("Oil connects the settlements on {field} and {end} ({length} fields): {owners} share {n} safe point; "
              "both trucks leave the game.",
              "Oil connects the settlements on {field} and {end} ({length} fields): {owners} share {n} safe points; "
              "both trucks leave the game.", take, **params)
