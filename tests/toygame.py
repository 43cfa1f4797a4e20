"""A tiny game for testing the kernel: draw numbered cards from a hidden deck, or pass.

It has what real games have — hidden information (deck order, other hands), private
events, a reveal, a two-step turn — in a few lines, so store and session tests do not
depend on any real title.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from bot.engine import Action, Event, Game, Option, Outcome, Prompt, Rng, State, seat_ref, seed_value


class ToyDraw(Game):
    slug = "toy-draw"
    title = "Toy Draw"
    min_players = 1
    max_players = 4
    summary = "Draw cards from a hidden deck; the highest hidden total wins."
    options = (Option("deck", "12", ("6", "12", "30"), "cards in the deck"),)

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        state: State = {"rng": seed_value(seed), "turn": 0, "hands": [[] for _ in range(players)], "passes": 0}
        deck = list(range(1, int(options.get("deck", "12")) + 1))
        Rng(state).shuffle(deck)
        state["deck"] = deck
        return state

    def legal_prompts(self, state: State) -> list[Prompt]:
        if not state["deck"] or state["passes"] >= len(state["hands"]):
            return []
        actions = [Action("draw", "Draw the top card")]
        if len(state["deck"]) % 2 == 0:
            actions.append(Action("pass", "Pass"))
        return [Prompt(state["turn"], f"{seat_ref(state['turn'])}: draw or pass", tuple(actions))]

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        players = len(state["hands"])
        state["turn"] = (seat + 1) % players
        if key == "pass":
            state["passes"] += 1
            return [Event(f"{seat_ref(seat)} passes.")]
        state["passes"] = 0
        card = state["deck"].pop()
        state["hands"][seat].append(card)
        return [Event(f"{seat_ref(seat)} draws a card.", reveals=True), Event(f"You drew {card}.", visible_to=seat)]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "deck": len(state["deck"]),
            "turn": state["turn"],
            "cards": [len(hand) for hand in state["hands"]],
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "totals": [sum(hand) for hand in state["hands"]] if not self.legal_prompts(state) else None,
        }

    def outcome(self, state: State) -> Outcome | None:
        if self.legal_prompts(state):
            return None
        return Outcome.ranked([sum(hand) for hand in state["hands"]], "The deck is done.")

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        hidden = copy.deepcopy(state)
        hidden["rng"] = rng.getrandbits(63)
        if self.legal_prompts(state):  # at the end every hand is shown
            pool = [card for seat, hand in enumerate(hidden["hands"]) if seat != viewer for card in hand]
            pool += hidden["deck"]
            rng.shuffle(pool)
            for seat, hand in enumerate(hidden["hands"]):
                if seat != viewer:
                    hidden["hands"][seat] = [pool.pop() for _ in hand]
            hidden["deck"] = pool
        return hidden

    def max_actions(self, players: int) -> int:
        return 30 * (players + 1) + 30


class ToyRace(Game):
    """A timed toy: each round everyone may grab the prize; the first grab wins it, unless
    another grab lands within the tie window, and then nobody does. Nobody grabbing before
    the round's deadline wastes the prize. Five prizes.
    """

    slug = "toy-race"
    title = "Toy Race"
    min_players = 2
    max_players = 3
    summary = "Grab first; grabs within the tie window cancel out."
    options = (Option("mode", "live", ("live", "turns"), "live races or turns"),)
    ROUND_MS = 1000
    TIE_MS = 300

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"rng": seed_value(seed), "mode": options.get("mode", "live"), "prizes": 5, "won": [0] * players,
                "round_start": 0, "first": None, "grabs": [], "turn": 0}

    def is_timed(self, state: State) -> bool:
        return state["mode"] == "live"

    def legal_prompts(self, state: State) -> list[Prompt]:
        if state["prizes"] == 0:
            return []
        if state["mode"] == "turns":
            seat = state["turn"]
            return [Prompt(seat, "grab or wait", (Action("grab", "Grab"), Action("wait", "Wait")))]
        if state["first"] is None:
            deadline = state["round_start"] + self.ROUND_MS
        else:
            deadline = state["first"] + self.TIE_MS
        return [
            Prompt(seat, "Grab!", (Action("grab", "Grab"),), simultaneous=True, deadline=deadline)
            for seat in range(len(state["won"])) if seat not in state["grabs"]
        ]

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        if state["mode"] == "turns":
            state["turn"] = (seat + 1) % len(state["won"])
            if key == "grab":
                state["won"][seat] += 1
                state["prizes"] -= 1
                return [Event(f"{seat_ref(seat)} grabs a prize.")]
            return [Event(f"{seat_ref(seat)} waits.")]
        if state["first"] is None:
            state["first"] = state["now"]
        state["grabs"].append(seat)
        if len(state["grabs"]) == len(state["won"]):
            return self._settle(state)
        return [Event(f"{seat_ref(seat)} grabs!")]

    def on_deadline(self, state: State) -> list[Event]:
        return self._settle(state)

    def _settle(self, state: State) -> list[Event]:
        grabs = state["grabs"]
        state["prizes"] -= 1
        state["round_start"] = state["now"]
        state["first"], state["grabs"] = None, []
        if len(grabs) == 1:
            state["won"][grabs[0]] += 1
            return [Event(f"{seat_ref(grabs[0])} wins the prize.")]
        return [Event("A tie: nobody wins the prize." if grabs else "Nobody grabbed: the prize is lost.")]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"won": state["won"], "prizes": state["prizes"], "grabs": state["grabs"]}

    def outcome(self, state: State) -> Outcome | None:
        return None if state["prizes"] else Outcome.ranked(state["won"], "All prizes are gone.")

    def max_actions(self, players: int) -> int:
        return 5 * (players + 1) + 50


class ToyTiles(Game):
    """A toy that files its moves in groups two levels deep, like a tile-laying map game:
    lay a tile on a hex (``("Tiles", hex, tile)``: pick the hex, then the tile's rotation), or
    pass. A tile on every hex ends the game, or everyone passing twice in a row; the last to lay a
    tile wins. No hidden information."""

    slug = "toy-tiles"
    title = "Toy Tiles"
    min_players = 1
    max_players = 2
    summary = "Lay tiles: pick a hex, then a tile and its rotation."
    grouped = True
    hidden_information = False
    HEXES = ("A1", "B2", "C3")
    TILES = ("7", "8")
    ROTATIONS = 3
    LAYS = 3

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"rng": seed_value(seed), "turn": 0, "players": players, "laid": [], "last": None, "passes": 0}

    def legal_prompts(self, state: State) -> list[Prompt]:
        if len(state["laid"]) >= self.LAYS or state["passes"] >= 2 * state["players"]:
            return []
        taken = {hex_name for hex_name, _tile, _rotation in state["laid"]}
        actions = [Action("pass", "Pass", main=True)]
        actions += [
            Action(f"lay:{hex_name}:{tile}:{rotation}", f"Lay tile {tile} on {hex_name}, rotation {rotation}",
                   group=("Tiles", hex_name, tile))
            for hex_name in self.HEXES if hex_name not in taken for tile in self.TILES
            for rotation in range(self.ROTATIONS)
        ]
        return [Prompt(state["turn"], f"{seat_ref(state['turn'])}: lay a tile or pass", tuple(actions))]

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        state["turn"] = (seat + 1) % state["players"]
        if key == "pass":
            state["passes"] += 1
            return [Event(f"{seat_ref(seat)} passes.")]
        state["passes"] = 0
        _lay, hex_name, tile, rotation = key.split(":")
        state["laid"].append([hex_name, tile, int(rotation)])
        state["last"] = seat
        return [Event(f"{seat_ref(seat)} lays tile {tile} on {hex_name} (rotation {rotation}).")]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"turn": state["turn"], "laid": [list(entry) for entry in state["laid"]]}

    def outcome(self, state: State) -> Outcome | None:
        if self.legal_prompts(state):
            return None
        why = "Every hex has its tile." if len(state["laid"]) >= self.LAYS else "Everyone passed."
        return Outcome.ranked([int(seat == state["last"]) for seat in range(state["players"])], why)

    def max_actions(self, players: int) -> int:
        return 200
