"""Wake the web pages watching a table when it changes.

The session layer calls :meth:`TableFeed.changed` whenever it publishes a table it wrote
(a move, a bot's answer, a join, an undo: see ``Tables.watchers``); each open page's
server-sent-events stream waits in :meth:`TableFeed.wait` and then sends the new revision.
A notification carries no content: the stream reads the table itself, so a spurious wake-up
costs one comparison and never shows anything.
"""

from __future__ import annotations

import asyncio
import contextlib


class TableFeed:
    def __init__(self) -> None:
        self._events: dict[int, asyncio.Event] = {}

    def changed(self, table_id: int) -> None:
        """Wake everyone waiting on ``table_id`` (called by the session layer; never blocks)."""
        event = self._events.pop(table_id, None)
        if event is not None:
            event.set()

    async def wait(self, table_id: int, timeout: float) -> bool:
        """Wait until ``table_id`` changes (True) or ``timeout`` seconds pass (False)."""
        event = self._events.get(table_id)
        if event is None:
            event = self._events[table_id] = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)
            return True
        return False

    @property
    def watched(self) -> int:
        """Tables someone is waiting on now."""
        return len(self._events)
