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
from bot.engine.words import and_list, plural
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

TOKENS = 60
BARRELS = 3
RIG_CAP = 8
TRUCK_CAP = 9
ON, OFF = "on", "off"
VARIANTS_1926 = ("settlements", "wasteland", "own_trains", "black_train", "junctions")
LOG_LINES = 5


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


def area_label(area: str) -> str:
    return f"area {area}"


class SchwarzesGold(Game):
    """Schwarzes Gold for 2–4 players on board 1901 or 1926, with the rulebook's variants."""

    slug: ClassVar[str] = "schwarzes-gold"
    title: ClassVar[str] = "Schwarzes Gold"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    summary: ClassVar[str] = "Roll for an area, strike oil, place rigs and trucks, then pump the field dry in snake order."
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
        Option("board", "1901", ("1901", "1926"), "Board side: 1901 (plain) or 1926 (settlements, wasteland, railway)."),
        Option("start_or_train", OFF, (OFF, ON), "Variant: at the end of phase 1 start phase 2 or place your train like a truck."),
        Option("settlements", OFF, (OFF, ON), "Variant (1926): trucks in shanty settlements score oil connections at once."),
        Option("wasteland", OFF, (OFF, ON), "Variant (1926): wasteland fields open only when the rest of their area is taken."),
        Option("own_trains", OFF, (OFF, ON), "Variant (1926): your train on a station gives up to two actions in its area."),
        Option("black_train", OFF, (OFF, ON), "Variant (1926): Curse of Spindletop — a double moves the black train."),
        Option("junctions", OFF, (OFF, ON), "Optional train rule (1926, with a train variant): no turning against a switch."),
    )

    # -- options -----------------------------------------------------------------------

    def check_combination(self, options: Mapping[str, str]) -> None:
        """Refuse the combinations the rulebook rules out (at setup, so /game start says why)."""
        if options["board"] == "1901":
            wrong = [name for name in VARIANTS_1926 if options[name] == ON]
            if wrong:
                raise BadOptions(
                    f"{and_list(wrong)} {'needs' if len(wrong) == 1 else 'need'} board 1926 "
                    "(board 1901 has no settlements, wasteland or railway): set board=1926."
                )
        if options["junctions"] == ON and OFF == options["own_trains"] == options["black_train"]:
            raise BadOptions("junctions=on changes how trains turn: play it with own_trains=on or black_train=on.")

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
            return "the oil tokens have run out"
        for area in self.board(state).fields_of:
            if self.area_full(state, area):
                return f"{area_label(area)} is full"
        return None

    # -- phase 1 choices ---------------------------------------------------------------

    def placements(self, state: State, seat: int) -> list[Action]:
        """Every placement in the rolled area for ``seat`` (tokens, rigs, truck, barrel, train)."""
        area = self.roll_area(state)
        board = self.board(state)
        double = self.is_double(state)
        special = self.settlement_fields(state)
        free = [f for f in board.fields_of[area] if self.buildable(state, f)]
        actions: list[Action] = [Action(f"token:{f}", f"Strike oil: a token on {f}", group=("Token", f)) for f in free]
        if double:
            stacks = [f for f in board.fields_of[area] if self.oil_open(state, f)]
            actions += [
                Action(f"token:{f}", f"Strike oil on {f} again (double: {state['tokens'][f] + 1} tokens there)",
                       group=("Token", f))
                for f in stacks
            ]
        if state["rigs_left"][seat] > 0:
            actions += [
                Action(f"rig:{f}", f"Place an oil rig on {f}{self.reach_note(state, f, 'rig')}", group=("Rig", f))
                for f in free
            ]
        if state["truck"][seat] == "hand":
            spots = free + [f for f, a in special.items() if a == area and f not in state["pieces"]]
            for f in spots:
                where = f"the settlement on {f}" if f in special else f
                actions.append(Action(f"truck:{f}:h", f"Place your truck on {where}, facing along the row"
                                                      f"{self.reach_note(state, f, 'truck', 'h')}", group=("Truck", f)))
                actions.append(Action(f"truck:{f}:v", f"Place your truck on {where}, facing along the column"
                                                      f"{self.reach_note(state, f, 'truck', 'v')}", group=("Truck", f)))
        if state["supply"]["barrels"] > 0:
            actions += [
                Action(f"barrel:{f}", f"Place a barrel on the oil on {f}", group=("Barrel", f))
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
                            f"Put your train on the station of {area_label(area)} ({settlement.field}), heading {DIRECTION_NAMES[way]}",
                            group=("Station",),
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
                events.append(Event(f"The {self.train_name(name)} finds no free halt on that circuit and stays where it was."))
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
                    what = f"the station of {area_label(station.area)}"
                else:
                    what = f"the oil rig on {fields[0]}"
                events.append(Event(f"The {self.train_name(name)} runs to {what}."))
                if name == "black":
                    self._curse(state, segment.name, fields[0], events)
                return False

    @staticmethod
    def train_name(name: str) -> str:
        return "black train" if name == "black" else f"train of {tag(int(name))}"

    def _curse(self, state: State, segment: str, halt: str, events: list[Event]) -> None:
        """The black train's effect on the field across the track from where it stopped."""
        board = self.board(state)
        target = board.segments[segment].across(halt)
        rigs = [f for f in board.segments[segment].sides if state["pieces"].get(f, {}).get("kind") == "rig"]
        if target in state["tokens"]:
            count = state["tokens"].pop(target)
            state["supply"]["tokens"] += count
            barrel = ""
            if target in state["barrels"]:
                state["barrels"].remove(target)
                state["supply"]["barrels"] += 1
                barrel = " and its barrel"
            events.append(Event(f"Curse of Spindletop: the oil on {target} dries out ({plural(count, 'token')}{barrel} back to the supply)."))
            return
        if self.occupied(state, target):
            if len(rigs) == 2:
                events.append(Event("Oil rig next to oil rig: the curse has no effect."))
            return
        piece = state["pieces"].get(halt)
        active = state["turn"]
        if piece is not None and piece["kind"] == "rig":
            own = [f for f, p in state["pieces"].items() if p["kind"] == "rig" and p["owner"] == active]
            if piece["owner"] != active and own:
                state["swap"] = {"rig": halt}
                events.append(Event(f"Curse of Spindletop: {target} beside the rig on {halt} is free, so {tag(active)} may swap that rig with one of their own."))
            return
        if piece is not None and piece["kind"] == "truck" and halt in self.settlement_fields(state):
            owner = piece["owner"]
            del state["pieces"][halt]
            state["truck"][owner] = "hand"
            events.append(Event(f"Curse of Spindletop: the truck of {tag(owner)} leaves the settlement on {halt} and goes back to its owner."))

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
            who = and_list([tag(o) for o in owners])
            extra = f"; {tag(active)} gets the odd one" if rest else ""
            events.append(
                Event(
                    f"Oil connects the settlements on {field} and {end} ({len(path)} fields): {who} "
                    f"{'take' if len(owners) == 1 else 'share'} {plural(take, 'safe point')}{extra}; "
                    f"{'the truck leaves' if len(owners) == 1 else 'both trucks leave'} the game."
                )
            )
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
        text = plural(len(fields), "token")
        return text + (f" + {plural(barrels, 'barrel')}" if barrels else "")

    def reach_note(self, state: State, field: str, kind: str, direction: str | None = None) -> str:
        """A phase-1 label's note on the oil a piece placed on ``field`` would reach today."""
        fields = self.haul_of(state, field, kind, direction)
        return f" (would reach {self.oil_text(fields, state)} now)" if fields else " (no oil in reach yet)"

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
        order = "turns alternate" if state["players"] == 2 else "then snake order"
        events.append(Event(f"Phase 2: {tag(holder)} holds the black train and scores first; {order}."))
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
        events.append(Event(f"Phase 1 ends: {reason}."))
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
        events.append(Event(f"{tag(left)}, left of the last player, takes the black train."))
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
            events.append(Event(f"Nobody chose to start: {tag(state['decider'])}, who decided first, takes the black train."))
        for seat in range(state["players"]):
            if state["train"][seat] == "hand":
                state["points"][seat] += 1
                events.append(Event(f"{tag(seat)} kept their train: 1 point."))
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
        double = " — a double" if a == b else ""
        verb = "rolls again" if again else "rolls"
        text = f"{tag(seat)} {verb} {a} + {b} = {a + b}{double}: {area_label(self.roll_area(state))}."
        if state["stage"] == "act" and state["bonus"]:
            text += " Their train stands here: up to two actions."
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
            actions = tuple(Action(f"first:{s + 1}", f"{tag(s)} begins") for s in range(n))
            return [Prompt(seat, f"Who was at a petrol station last? {tag(seat)}, choose for the table who begins.", actions)]
        if stage == "face":
            seg = self.board(state).segments[self.board(state).settlements[self.board(state).black_start].station]
            ways = [step_direction(seg.other_end(c), c) for c in (seg.a, seg.b)]
            actions = tuple(Action(f"face:{w}", f"The black train heads {DIRECTION_NAMES[w]}") for w in ways)
            return [Prompt(seat, f"{tag(seat)}: which way does the black train face on its start station?", actions)]
        if stage == "act":
            area = self.roll_area(state)
            actions = self.placements(state, seat)
            if not state["rerolled"] and state["acted"] == 0:
                actions = [Action("reroll", "Roll again (you must use the second roll)", main=True), *actions]
            if state["bonus"]:
                label = "Take no more actions" if state["acted"] else "Take no action this turn"
                actions.append(Action("done", label, main=True))
            a, b = state["dice"]
            more = " (second action)" if state["acted"] else ""
            text = f"{tag(seat)} rolled {a} + {b} = {a + b}: act in {area_label(area)}{more}."
            return [Prompt(seat, text, tuple(actions))]
        if stage == "order":
            actions = (
                Action("move:black", "Move the black train first"),
                Action("move:own", "Move your own train first"),
            )
            return [Prompt(seat, f"{tag(seat)}: both trains move; which goes first?", actions)]
        if stage == "route":
            move = state["moving"]
            corner = (move["to"][0], move["to"][1])
            came = step_direction(corner, self.board(state).segments[move["seg"]].other_end(corner))
            actions = tuple(
                Action(f"go:{w}", f"Turn the {self.train_name(move['train'])} {DIRECTION_NAMES[w]}" if w != OPPOSITE[came] else f"The {self.train_name(move['train'])} goes straight on ({DIRECTION_NAMES[w]})")
                for w in self.exits(state, corner, came)
            )
            return [Prompt(seat, f"{tag(seat)}: the {self.train_name(move['train'])} reaches a junction; which way?", actions)]
        if stage == "swap":
            halt = state["swap"]["rig"]
            own = sorted(f for f, p in state["pieces"].items() if p["kind"] == "rig" and p["owner"] == seat)
            actions = tuple(Action(f"swap:{f}", f"Swap the rig on {halt} with your rig on {f}", group=("Swap", f)) for f in own)
            keep = Action("keep", "No swap", main=True)
            return [Prompt(seat, f"{tag(seat)}: swap the rig on {halt} for one of yours?", (*actions, keep))]
        if stage == "rotate":
            field = next(f for f, p in state["pieces"].items() if p["kind"] == "truck" and p["owner"] == seat)
            actions = (Action("rotate", f"Turn your truck on {field} by 90°"), Action("keep", "Leave it as it is"))
            return [Prompt(seat, f"{tag(seat)}: your truck is still in its settlement; turn it?", actions)]
        if stage == "decide":
            actions_list: list[Action] = []
            keeps = state["train"][seat] == "hand"
            if state["starter"] is None:
                point = "; your train stays in hand: 1 point at the end" if keeps else ""
                actions_list.append(Action("start", f"Start phase 2 (take the black train{point})"))
            if keeps:
                actions_list.append(Action("train", "Roll to place your train like a truck (it scores like one, "
                                                    "instead of the point)"))
                actions_list.append(Action("pass", "Keep your train (1 point at the end)"))
            else:
                actions_list.append(Action("pass", "Do not start"))
            return [Prompt(seat, f"{tag(seat)}: start phase 2, or place your train?", tuple(actions_list))]
        if stage == "place":
            area = self.roll_area(state)
            actions_list = []
            if not state["rerolled"]:
                actions_list.append(Action("reroll", "Roll again (you must use the second roll)", main=True))
            for f in self.board(state).fields_of[area]:
                if self.buildable(state, f):
                    actions_list.append(Action(f"train:{f}:h", f"Place your train on {f}, facing along the row"
                                                               f"{self.reach_note(state, f, 'train', 'h')}", group=("Train", f)))
                    actions_list.append(Action(f"train:{f}:v", f"Place your train on {f}, facing along the column"
                                                               f"{self.reach_note(state, f, 'train', 'v')}", group=("Train", f)))
            a, b = state["dice"]
            return [Prompt(seat, f"{tag(seat)} rolled {a} + {b} = {a + b}: place the train in {area_label(area)}.", tuple(actions_list))]
        # stage == "score"
        actions = tuple(
            Action(
                f"score:{state['pieces'][f]['kind']}:{f}",
                f"Pump your {state['pieces'][f]['kind']} on {f}: {self._haul_text(state, f)}",
                group=(state["pieces"][f]["kind"].capitalize(), f),
            )
            for f in self.scoreable(state, seat)
        )
        return [Prompt(seat, f"{tag(seat)}: choose a rig or truck to score.", actions)]

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
            events.append(Event(f"{tag(first)} begins; play goes clockwise."))
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
            events.append(Event(f"The black train stands on the station of area {board.black_start}, heading {DIRECTION_NAMES[rest]}."))
            self._start_turn(state, state["turn"], events)
        elif stage == "act":
            self._act(state, seat, verb, rest, events)
        elif stage == "order":
            if rest == "own":
                state["pending"].reverse()
            events.append(Event(f"{tag(seat)} moves the {'own' if rest == 'own' else 'black'} train first."))
            self._run_pending(state, events)
        elif stage == "route":
            state["moving"]["choice"] = rest
            events.append(Event(f"{tag(seat)} sends the {self.train_name(state['moving']['train'])} {DIRECTION_NAMES[rest]}."))
            self._run_pending(state, events)
        elif stage == "swap":
            halt = state["swap"]["rig"]
            state["swap"] = None
            if verb == "swap":
                theirs = state["pieces"][halt]["owner"]
                state["pieces"][halt]["owner"], state["pieces"][rest]["owner"] = seat, theirs
                events.append(Event(f"{tag(seat)} swaps rigs: {halt} is theirs now, {rest} goes to {tag(theirs)}."))
            else:
                events.append(Event(f"{tag(seat)} leaves the rigs as they are."))
            self._run_pending(state, events)
        elif stage == "rotate":
            if verb == "rotate":
                field, piece = next((f, p) for f, p in state["pieces"].items() if p["kind"] == "truck" and p["owner"] == seat)
                piece["dir"] = "v" if piece["dir"] == "h" else "h"
                events.append(Event(f"{tag(seat)} turns the truck on {field}."))
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
                events.append(Event(f"{tag(seat)} places their train on {field}, facing along the {'row' if direction == 'h' else 'column'}."))
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
            events.append(Event(f"{tag(seat)} ends the turn."))
            self._after_actions(state, events)
            return
        state["acted"] += 1
        if verb == "token":
            state["tokens"][rest] = state["tokens"].get(rest, 0) + 1
            state["supply"]["tokens"] -= 1
            stack = state["tokens"][rest]
            events.append(Event(f"{tag(seat)} strikes oil on {rest}" + (f" (now {stack} tokens there)." if stack > 1 else ".")))
            self._settle(state, events)
        elif verb == "rig":
            state["pieces"][rest] = {"kind": "rig", "owner": seat, "dir": None, "used": False}
            state["rigs_left"][seat] -= 1
            events.append(Event(f"{tag(seat)} builds an oil rig on {rest}."))
        elif verb == "truck":
            field, direction = rest.split(":")
            state["pieces"][field] = {"kind": "truck", "owner": seat, "dir": direction, "used": False}
            state["truck"][seat] = "board"
            where = " in the settlement" if field in self.settlement_fields(state) else ""
            events.append(Event(f"{tag(seat)} parks the truck on {field}{where}, facing along the {'row' if direction == 'h' else 'column'}."))
            self._settle(state, events)
        elif verb == "barrel":
            state["barrels"].append(rest)
            state["supply"]["barrels"] -= 1
            events.append(Event(f"{tag(seat)} puts a barrel on the oil on {rest}."))
        else:  # station
            board = self.board(state)
            settlement = board.settlements[self.roll_area(state)]
            seg = board.segments[settlement.station]
            corner = next(c for c in (seg.a, seg.b) if step_direction(seg.other_end(c), c) == rest)
            state["trains"][str(seat)] = {"seg": seg.name, "to": [corner[0], corner[1]], "halt": settlement.field}
            state["train"][seat] = "tracks"
            events.append(Event(f"{tag(seat)} puts their train on the station of {area_label(settlement.area)}."))
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
            events.append(Event(f"{tag(seat)} starts phase 2 and takes the black train."))
            state["queue"].pop(0)
            self._next_decider(state, events)
        elif verb == "pass":
            events.append(Event(f"{tag(seat)} passes."))
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
            events.append(Event(f"{area_label(area).capitalize()} has no free field: the train stays with {tag(seat)}."))
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
        events.append(Event(f"{tag(seat)} pumps the {piece['kind']} on {field}: {plural(got, 'point')} ({and_list(fields)})."))
        state["index"] += 1
        self._next_scorer(state, events)

    @staticmethod
    def _remember(state: State, events: list[Event]) -> None:
        state["log"] = (state["log"] + [e.text for e in events])[-LOG_LINES:]

    # -- results -----------------------------------------------------------------------

    def tiebreak(self, state: State) -> list[int]:
        """Later in the phase 2 order is better: the one who began phase 2 last wins a tie."""
        n = state["players"]
        holder = state["holder"] if state["holder"] is not None else 0
        return [(s - holder) % n for s in range(n)]

    def outcome(self, state: State) -> Outcome | None:
        if state["stage"] != "over":
            return None
        return Outcome.ranked(state["points"], "All the oil that could be pumped is pumped.", self.tiebreak(state))

    def _final_text(self, state: State) -> str:
        outcome = Outcome.ranked(state["points"], "", self.tiebreak(state))
        winner = outcome.winners[0]
        best = state["points"][winner]
        tied = [s for s, p in enumerate(state["points"]) if p == best]
        if len(tied) > 1:
            return (
                f"Nothing is left to pump. {and_list([tag(s) for s in tied])} tie on {plural(best, 'point')}; "
                f"{tag(winner)} began phase 2 last and wins."
            )
        return f"Nothing is left to pump. {tag(winner)} wins with {plural(best, 'point')}."

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
            "log": list(state["log"]),
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
        sample = ", ".join(legal[:6]) + (" …" if len(legal) > 6 else "")
        verb, _, rest = key.partition(":")
        if stage == "act" and verb in ("token", "rig", "truck", "barrel"):
            field = rest.split(":")[0]
            if parse_field(field) is None:
                return f"{field or 'That'} is not a field: rows are A–J and columns 1–10, like C7."
            area = self.roll_area(state)
            board = self.board(state)
            if board.area_of[field] != area:
                return f"You rolled {sum(state['dice'])}, so you act in {area_label(area)}; {field} is in {area_label(board.area_of[field])}."
            if verb == "rig" and state["rigs_left"][seat] == 0:
                return "You have no oil rigs left to place."
            if verb == "truck" and state["truck"][seat] != "hand":
                return "Your truck is not in your hand any more."
            if verb == "truck" and rest.split(":")[-1] not in ("h", "v"):
                return f"Say which way the truck faces: truck:{field}:h (along the row) or truck:{field}:v (along the column)."
            if verb == "barrel":
                if state["supply"]["barrels"] == 0:
                    return "All three barrels are on the board."
                if field not in state["tokens"]:
                    return f"A barrel goes on a token, and {field} has none."
                if field in state["barrels"]:
                    return f"{field} already has a barrel."
                if self.locked(state, field):
                    return (f"{field} is wasteland and closed again: it opens only when the rest of "
                            f"{area_label(area)} is taken.")
            if field in self.settlement_fields(state):
                return f"{field} is a settlement: no tokens or rigs there (only a truck)."
            if self.locked(state, field):
                return f"{field} is wasteland: it opens only when the rest of {area_label(area)} is taken."
            if field in state["tokens"] and verb == "token":
                if not self.is_double(state):
                    return f"{field} already has oil; only a double lets you put a token on a token."
                return f"{field} has a barrel on its oil: no more tokens there."
            return f"{field} is not free."
        if stage == "place" and verb == "train":
            field = rest.split(":")[0]
            if not field:
                return "Say where and which way: train:C7:h (along the row) or train:C7:v (along the column)."
            if parse_field(field) is None:
                return f"{field or 'That'} is not a field: rows are A–J and columns 1–10, like C7."
            area = self.roll_area(state)
            if self.board(state).area_of[field] != area:
                return f"Your train goes in {area_label(area)}, the area you rolled; {field} is not in it."
            return f"{field} is not free for your train."
        if stage == "act" and verb == "station":
            if not self.on(state, "own_trains"):
                return "Trains on stations are part of the own_trains variant, which this table does not play."
            if state["train"][seat] != "hand":
                return "Your train is already on the board."
            area = self.roll_area(state)
            heading = [k for k in legal if k.startswith("station:")]
            if heading:
                return f"From the station of {area_label(area)} the train can head only {' or '.join(heading)}."
            return f"The station of {area_label(area)} is taken: another train stands there."
        if stage == "swap" and verb == "swap":
            own = [k.partition(":")[2] for k in legal if k.startswith("swap:")]
            return f"{rest or 'That'} is not one of your oil rigs: swap with {and_list(own)}, or keep."
        if stage == "route" and verb == "go":
            return f"The train cannot go that way here: {sample}."
        if verb == "reroll" and stage in ("act", "place"):
            return "You have already rerolled: the second roll must be used." if state["rerolled"] else "You have already acted this turn."
        if verb == "score" and stage == "score":
            field = rest.split(":")[-1]
            piece = state["pieces"].get(field)
            if piece is None or piece["owner"] != seat:
                return f"You have no rig or truck on {field}."
            if piece["used"]:
                return f"Your {piece['kind']} on {field} has already been scored."
            return f"Your {piece['kind']} on {field} has no oil in reach."
        where = {
            "first": "choose who begins",
            "face": "choose the black train's heading",
            "act": "place something in the rolled area",
            "order": "choose which train moves first",
            "route": "choose the train's way at the junction",
            "swap": "decide about swapping rigs",
            "rotate": "decide whether to turn your truck",
            "decide": "start phase 2 or place your train",
            "place": "place your train",
            "score": "choose a rig or truck to score",
        }.get(stage, "wait")
        return f"{key!r} is not a move now: {where}. Legal: {sample}."

    # -- bot seats ---------------------------------------------------------------------

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        """The heuristic player of :mod:`bot.games.schwarzes_gold.agent`."""
        from bot.games.schwarzes_gold.agent import choose

        if not any(p.seat == seat for p in self.prompts(state)):
            raise IllegalAction("This seat has nothing to decide now.")
        return choose(self, state, seat, rng)
