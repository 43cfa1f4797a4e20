"""Token-bucket rate limits: per client address for every request, per seat for moves.

A bucket holds up to ``burst`` tokens and refills at ``rate`` tokens a second; a request
takes one or is refused (HTTP 429, with how long to wait). The clock is injected, so tests
move time instead of sleeping. Buckets idle long enough to be full again are forgotten, so
the table of addresses cannot grow without bound.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

MAX_KEYS = 50_000
"""Buckets kept at most; past this, full (idle) ones are dropped first, then the oldest."""


@dataclass(slots=True)
class _Bucket:
    tokens: float
    stamp: float


class RateLimit:
    """``burst`` requests at once, ``rate`` per second sustained, per key."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a rate limit needs a positive rate and a burst of at least 1")
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[Hashable, _Bucket] = {}

    def take(self, key: Hashable) -> float:
        """Take one token for ``key``: 0.0 if allowed, else the seconds until one is free."""
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MAX_KEYS:
                self._prune(now)
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.stamp) * self.rate)
        bucket.stamp = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.rate

    def _prune(self, now: float) -> None:
        full_after = self.burst / self.rate
        for key in [k for k, b in self._buckets.items() if now - b.stamp >= full_after]:
            del self._buckets[key]
        while len(self._buckets) >= MAX_KEYS:
            del self._buckets[next(iter(self._buckets))]
