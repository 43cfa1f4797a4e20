"""Log lines an operator can search: context on every line, JSON on request, no secrets.

Context: the table, guild, shard and interaction a line is about live in context variables.
The bot sets them where an interaction arrives (:mod:`bot.app`, before discord.py creates the
task that handles it, so that task and everything it awaits inherit them) and the session
layer sets the table when it loads one (:meth:`bot.tables.Tables.load`). Every record then
carries them (:class:`ContextFilter`); with ``LOG_FORMAT=json`` each line is one JSON object
(:class:`JsonFormatter`) with ``table``, ``guild``, ``shard`` and ``interaction`` wherever known.

Secrets: interaction and webhook tokens (and any ``"token": "..."`` in a payload logged at
DEBUG) are removed from every line, its traceback included (:class:`RedactTokens`,
:func:`redact`). The bot token itself is never logged: :class:`bot.config.Settings` hides it
in its ``repr`` and discord.py never prints it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import sys
from collections.abc import Iterator
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

FIELDS = ("table", "guild", "shard", "interaction")
"""The context every line carries where known, in this order."""

_CONTEXT: ContextVar[dict[str, int] | None] = ContextVar("gamemaster_log_context", default=None)
"""The context of the current task: one mutable dict per interaction (or scheduler step).

Mutable on purpose: the cogs run an interaction's work in a child task, and the table that
work loads must show on the lines its parent task logs afterwards (sending the reply). A
child task copies the *variable*, so both see the same dict; a new interaction (or a
:func:`context` block) gets a dict of its own."""

LOG_FORMATS = ("text", "json")


def _check(values: dict[str, int | None]) -> None:
    unknown = set(values) - set(FIELDS)
    if unknown:
        raise ValueError(f"unknown log context {sorted(unknown)}")


def bind(**values: int | None) -> None:
    """Add to (``None``: remove from) the current context, for the rest of this interaction
    or task and the tasks it created since it was entered."""
    _check(values)
    holder = _CONTEXT.get()
    if holder is None:
        holder = {}
        _CONTEXT.set(holder)
    for name, value in values.items():
        if value is None:
            holder.pop(name, None)
        else:
            holder[name] = value


@contextlib.contextmanager
def context(**values: int | None) -> Iterator[None]:
    """A fresh context inside the ``with`` block (what is set now, updated by ``values``);
    tasks created inside it keep it after the block ends."""
    _check(values)
    fresh = {**(_CONTEXT.get() or {}), **values}
    token = _CONTEXT.set({name: value for name, value in fresh.items() if value is not None})
    try:
        yield
    finally:
        _CONTEXT.reset(token)


def current() -> dict[str, int]:
    """The known context now (fields that are unset are left out)."""
    return dict(_CONTEXT.get() or {})


class ContextFilter(logging.Filter):
    """Put the current context on each record (``record.table`` …; ``None`` where unknown)."""

    def filter(self, record: logging.LogRecord) -> bool:
        known = _CONTEXT.get() or {}
        for name in FIELDS:
            if getattr(record, name, None) is None:
                setattr(record, name, known.get(name))
        return True


_SECRETS_IN_LOGS = (
    # Interaction and webhook tokens in REST URLs: /interactions/<id>/<token>/callback,
    # /webhooks/<application id>/<token>/messages/@original
    (re.compile(r"(/(?:interactions|webhooks)/\d+/)[A-Za-z0-9_.\-]+"), r"\1<token>"),
    # ... and in gateway payloads logged at DEBUG: "token": "..."
    (re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+"""), r"\1<token>"),
)


def redact(text: str) -> str:
    """``text`` without interaction tokens."""
    for pattern, replacement in _SECRETS_IN_LOGS:
        text = pattern.sub(replacement, text)
    return text


class RedactTokens(logging.Filter):
    """Remove interaction tokens from log lines (discord.py logs URLs and payloads at DEBUG).

    An interaction token lets anyone answer, edit or delete the bot's messages for 15
    minutes; a log file is no place for it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the context
    fields that are known, and the traceback (as one string) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": redact(record.getMessage()),
        }
        known = _CONTEXT.get() or {}
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is None:
                value = known.get(name)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = redact(self.formatException(record.exc_info))
        elif record.exc_text:
            line["exception"] = redact(record.exc_text)
        if record.stack_info:
            line["stack"] = redact(self.formatStack(record.stack_info))
        return json.dumps(line, ensure_ascii=False, default=str)


def install_filters(logger: logging.Logger | None = None) -> None:
    """Put :class:`ContextFilter` and :class:`RedactTokens` on every handler of ``logger`` (root)."""
    for handler in (logger or logging.getLogger()).handlers:
        if not any(isinstance(f, ContextFilter) for f in handler.filters):
            handler.addFilter(ContextFilter())
        if not any(isinstance(f, RedactTokens) for f in handler.filters):
            handler.addFilter(RedactTokens())


def setup_json(level: int, stream: Any = None) -> logging.Handler:
    """Send the root logger's records to ``stream`` (stderr) as JSON lines, replacing its handlers."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    install_filters(root)
    return handler
