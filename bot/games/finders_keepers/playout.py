"""Fast Expert play-outs for the hard level's search (turns mode only).

The rules' own ``apply`` builds prompts, log lines and a picture's worth of bookkeeping for
every move: about 0.17 ms, so a whole Expert game of 30-odd moves costs the search 5–20 ms and
the hard level's 0.8 s bought only 40–50 rollouts. Here the same turns are played on a bare
:class:`Table`: the grid is also a bit mask over the 60 card numbers, and what a tile takes is
two ``int.bit_count`` calls. A play-out from the deal to the end costs about 0.5 ms (2 players) to 0.6 ms (4), against 5–20 ms through the rules.

The search reaches this module only through :meth:`FindersKeepers.evaluate` and
:meth:`FindersKeepers.rollout_agent`, which it calls on states drawn by ``conceal``: the
reserve order and the stacks in them are one redrawing of what nobody sees, so playing them
out reads nothing hidden.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.games.finders_keepers.agent import NEXT_WEIGHT, THREAT_WEIGHT
from bot.games.finders_keepers.rules import CARDS, OBJECT_IDS

State = dict[str, Any]

SHOWN_ON: dict[str, int] = {
    thing: sum(1 << number for number, card in CARDS.items() if card.shows(thing)) for thing in OBJECT_IDS
}
"""Each object's cards, as a bit mask over card numbers."""
OWL_CARDS = sum(1 << number for number, card in CARDS.items() if card.mascot)
"""The cards with the mascot on them (worth 2 points), as a bit mask."""

NOISE = 0.1
"""Play-out policy: the share of moves that are a random matching tile (play-outs that are
all alike would test one future only)."""


def gain(mask: int, thing: str) -> int:
    """Points a tile of ``thing`` takes from the grid ``mask``."""
    hit = mask & SHOWN_ON[thing]
    return hit.bit_count() + (hit & OWL_CARDS).bit_count()


@dataclass(slots=True)
class Table:
    """A turns-mode Expert game reduced to what play needs (tops of piles are last)."""

    grid: list[int | None]
    mask: int
    reserve: list[int]
    hands: list[list[str]]
    stacks: list[list[str]]
    scores: list[int]
    turn: int | None

    @classmethod
    def of(cls, state: State) -> Table:
        """The table of a turns-mode Expert ``state`` (copied: ``state`` is not changed)."""
        grid = list(state["grid"])
        mask = sum(1 << card for card in grid if card is not None)
        scores = [sum(CARDS[c].points for c in pile) for pile in state["captured"]]
        return cls(
            grid,
            mask,
            list(state["reserve"]),
            [list(hand) for hand in state["hands"]],
            [list(stack) for stack in state["stacks"]],
            scores,
            None if state["end"] is not None else state["turn"],
        )

    def copy(self) -> Table:
        return Table(
            list(self.grid),
            self.mask,
            list(self.reserve),
            [list(hand) for hand in self.hands],
            [list(stack) for stack in self.stacks],
            list(self.scores),
            self.turn,
        )

    def playable(self, seat: int) -> list[str]:
        """The seat's face-up tiles that match a grid card, in hand order."""
        mask = self.mask
        return [thing for thing in self.hands[seat] if mask & SHOWN_ON[thing]]

    def play(self, seat: int, thing: str) -> None:
        """``seat`` plays ``thing``: as the rules' capture, draw, refill and pass to the next."""
        hit = self.mask & SHOWN_ON[thing]
        self.scores[seat] += hit.bit_count() + (hit & OWL_CARDS).bit_count()
        self.hands[seat].remove(thing)
        if self.stacks[seat]:
            self.hands[seat].append(self.stacks[seat].pop())
        grid, reserve = self.grid, self.reserve
        for slot, card in enumerate(grid):
            if card is not None and hit >> card & 1:
                grid[slot] = reserve.pop() if reserve else None
        self.mask = sum(1 << card for card in grid if card is not None)
        self.advance(seat)

    def advance(self, seat: int) -> None:
        """The turn goes to the next seat to the left with a matching tile; nobody: the end."""
        players = len(self.hands)
        for step in range(1, players + 1):
            nxt = (seat + step) % players
            if self.playable(nxt):
                self.turn = nxt
                return
        self.turn = None

    def after(self, thing: str) -> int:
        """The grid mask after a tile of ``thing`` takes its cards and the reserve refills."""
        hit = self.mask & SHOWN_ON[thing]
        mask = self.mask & ~hit
        top = len(self.reserve)
        for card in self.grid:
            if card is not None and hit >> card & 1 and top:
                top -= 1
                mask |= 1 << self.reserve[top]
        return mask


def _take(grid: list[int | None], mask: int, reserve: list[int], top: int, thing: str) -> tuple[int, int]:
    """Capture ``thing`` on a scratch ``grid`` (changed in place), refilling from
    ``reserve[:top]`` (top = last): the new mask and reserve height."""
    hit = mask & SHOWN_ON[thing]
    if not hit:
        return mask, top
    mask &= ~hit
    for slot, card in enumerate(grid):
        if card is not None and hit >> card & 1:
            if top:
                top -= 1
                grid[slot] = reserve[top]
                mask |= 1 << reserve[top]
            else:
                grid[slot] = None
    return mask, top


def _best(mask: int, hand: list[str]) -> tuple[int, str | None]:
    top, pick = 0, None
    for thing in hand:
        hit = mask & SHOWN_ON[thing]
        if hit:
            points = hit.bit_count() + (hit & OWL_CARDS).bit_count()
            if points > top:
                top, pick = points, thing
    return top, pick


def choice(table: Table, seat: int, rng: random.Random) -> str:
    """The play-out policy: the normal heuristic's one-round look-ahead (:func:`.agent.expert`,
    same weights) on the one future this redrawn table holds, instead of its averages over
    redrawings; a random tile now and then (:data:`NOISE`)."""
    tiles = table.playable(seat)
    if len(tiles) == 1:
        return tiles[0]
    if rng.random() < NOISE:
        return rng.choice(tiles)
    players = len(table.hands)
    hands, reserve = table.hands, table.reserve
    stack = table.stacks[seat]
    drawn = [stack[-1]] if stack else []
    best, top = tiles[0], -1e9
    for thing in tiles:
        grid = list(table.grid)
        now = gain(table.mask, thing)
        mask, height = _take(grid, table.mask, reserve, len(reserve), thing)
        taken = 0
        for step in range(1, players):
            points, tile = _best(mask, hands[(seat + step) % players])
            if tile is not None:
                taken += points
                mask, height = _take(grid, mask, reserve, height, tile)
        mine, _ = _best(mask, [t for t in hands[seat] if t != thing] + drawn)
        value = now + NEXT_WEIGHT * mine - THREAT_WEIGHT * taken / (players - 1)
        if value > top:
            best, top = thing, value
    return best


def play_out(table: Table, rng: random.Random) -> list[int]:
    """Play ``table`` to the end with :func:`choice` for every seat; the final scores."""
    while table.turn is not None:
        seat = table.turn
        table.play(seat, choice(table, seat, rng))
    return table.scores
