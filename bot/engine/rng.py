"""Seeded randomness whose whole state is one integer inside the game state.

Games never use :mod:`random` directly for game events: they take an :class:`Rng` on the
state (``Rng(state)``), so the seed plus the action log replays a game exactly and a
snapshot carries the generator with it. The generator is SplitMix64: tiny, fast in pure
Python, and good enough for shuffling cards.
"""

from __future__ import annotations

import json
import random
from collections.abc import MutableSequence, Sequence
from json.encoder import encode_basestring_ascii
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
RNG_KEY = "rng"


def seed_value(seed: int) -> int:
    """The first generator state for a table seed (any int, even negative)."""
    return _mix(seed & _MASK)


def _mix(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """A generator bound to ``state[RNG_KEY]``; every draw advances the stored integer."""

    __slots__ = ("_state",)

    def __init__(self, state: dict[str, Any]) -> None:
        if RNG_KEY not in state:
            raise KeyError("the game state has no 'rng' entry; set it with seed_value(seed)")
        self._state = state

    def next64(self) -> int:
        current = (self._state[RNG_KEY] + 0x9E3779B97F4A7C15) & _MASK
        self._state[RNG_KEY] = current
        z = current
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``low..high`` inclusive (a die: ``randint(1, 6)``)."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffle_unseen(items: list[Any], rng: random.Random) -> None:
    """Shuffle hidden ``items`` in place for ``Game.conceal``, from a canonical order.

    The result depends only on which items there are and on ``rng``, never on the order they
    were in: so ``conceal`` redraws the same state from any state its viewer cannot tell apart,
    and a search over redrawn states (:mod:`bot.engine.search`) makes the very same choice on
    the real state and on any redrawing of it."""
    items.sort(key=_canonical)
    rng.shuffle(items)


def _canonical(item: Any) -> str:
    """``json.dumps(item, sort_keys=True)``, sooner for the usual card (a string or a number):
    a search redraws hidden cards thousands of times a second, and ``dumps`` builds a new
    encoder at every call that asks for sorted keys."""
    if type(item) is str:
        return encode_basestring_ascii(item)  # what ``dumps`` writes for a string
    if type(item) is int:
        return str(item)
    return json.dumps(item, sort_keys=True)
