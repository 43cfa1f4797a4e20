"""Fixtures for end-to-end tests: a fake Discord on 127.0.0.1 and real bot subprocesses.

* ``fake_discord`` - a started :class:`FakeDiscord` (default world), stopped after the test;
  a request that Discord's OpenAPI document refuses fails the test at teardown (see
  ``tests/fakediscord/openapi.py``). A module that needs another world overrides it with
  ``serve(FakeDiscord(...))``.
* ``bot_processes`` - a factory ``make(argv) -> BotProcess``; every process it made is stopped
  before the fake, and its output is attached to the test report (shown when a test fails).
* ``probe_process`` - an unstarted :class:`BotProcess` for ``tests/e2e/probe_bot.py``.

For the real bot: ``proc = bot_processes([sys.executable, "-m", "bot", "run"]).start(fake_discord.env(...))``.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

import pytest

from tests.fakediscord import BotProcess, FakeDiscord

PROBE_BOT = Path(__file__).with_name("probe_bot.py")

MakeBot = Callable[[Sequence[str]], BotProcess]

SPEC_ROUTES: Counter[str] = Counter()
"""Requests checked against Discord's spec in this process, by route (printed at the end)."""


async def serve(fake: FakeDiscord) -> AsyncIterator[FakeDiscord]:
    """Start ``fake``, hand it to the test, stop it, and fail if a request broke Discord's spec."""
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
        SPEC_ROUTES.update(fake.spec_routes)
    fake.check_spec_violations()


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A fake Discord listening on a free port of 127.0.0.1."""
    async for fake in serve(FakeDiscord()):
        yield fake


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How much of Discord's API the e2e tests exercised (by route with ``-v``; not under xdist,
    where the counts stay in the workers)."""
    if SPEC_ROUTES:
        terminalreporter.write_line(
            f"fake Discord: {SPEC_ROUTES.total()} requests on {len(SPEC_ROUTES)} routes checked against Discord's spec"
        )
        if terminalreporter.config.option.verbose > 0:
            for route, count in sorted(SPEC_ROUTES.items()):
                terminalreporter.write_line(f"  {count:5d}  {route}")


@pytest.fixture
async def bot_processes(
    request: pytest.FixtureRequest, tmp_path: Path, fake_discord: FakeDiscord
) -> AsyncIterator[MakeBot]:
    """Make bot processes (logs under ``tmp_path``); they are stopped before the fake Discord."""
    made: list[BotProcess] = []

    def make(argv: Sequence[str]) -> BotProcess:
        proc = BotProcess(argv, log_path=tmp_path / f"bot-{len(made)}.log")
        made.append(proc)
        return proc

    yield make
    for proc in made:
        await proc.stop()
        request.node.add_report_section("teardown", f"bot output {proc.log_path.name}", proc.output)


@pytest.fixture
def probe_process(bot_processes: MakeBot) -> BotProcess:
    """The probe bot, not started yet: ``probe_process.start(fake_discord.env())``."""
    return bot_processes([sys.executable, str(PROBE_BOT)])
