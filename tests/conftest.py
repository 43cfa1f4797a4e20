"""Shared fixtures: a real SQLite file per test, a real PostgreSQL server per test worker, an
injectable clock, the toy games."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import register
from bot.engine.words import Text
from bot.games import load_all
from bot.store import Store
from bot.tables import Tables, User
from tests.pgserver import PostgresServer
from tests.toygame import ToyDraw, ToyRace

load_all()
register(ToyDraw())
register(ToyRace())


class FakeClock:
    """Time that moves only when a test says so."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gamemaster.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of our own (one per test worker), started on first use."""
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
async def any_store(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Store]:
    """The store on each backend in turn: a SQLite file, then a fresh PostgreSQL database."""
    location = str(db_path) if request.param == "sqlite" else request.getfixturevalue("postgres_server").new_database()
    opened = await Store.open(location)
    yield opened
    await opened.close()


@pytest.fixture
async def tables(store: Store, clock: FakeClock) -> Tables:
    counter = iter(range(1000, 100_000))
    return Tables(store, clock=clock, seeds=lambda: next(counter), render=False)


ANA = User(101, "Ana")
BO = User(102, "Bo")
CY = User(103, "Cy")
EVE = User(999, "Eve")


@pytest.fixture
def made_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Text]]:
    """Every :class:`~bot.engine.words.Text` made while the test runs, whatever its catalog (the
    language tests check each has its translation)."""
    made: list[Text] = []
    original = Text.__new__

    def recording(cls: type[Text], domain: str, template: str, params: Any = None, **kwargs: Any) -> Text:
        text = original(cls, domain, template, params, **kwargs)
        made.append(text)
        return text

    monkeypatch.setattr(Text, "__new__", staticmethod(recording))
    yield made
