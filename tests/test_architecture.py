"""The dependency rules of DESIGN.md, checked on the source so they cannot rot."""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@cache
def _imports(path: Path) -> frozenset[str]:
    """The modules a file imports (absolute imports), parsed once for all the checks below."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return frozenset(names)


def _python_files(*folders: str) -> list[Path]:
    return [path for folder in folders for path in sorted((ROOT / folder).rglob("*.py"))]


def test_discord_is_imported_only_by_cogs_and_app() -> None:
    allowed = {ROOT / "bot" / "app.py"}
    offenders = [
        path.relative_to(ROOT)
        for path in _python_files("bot")
        if path not in allowed and any(name.split(".")[0] == "discord" for name in _imports(path))
    ]
    assert offenders == []


def test_engine_imports_only_the_standard_library() -> None:
    offenders = {}
    for path in _python_files("bot/engine"):
        outside = {
            name for name in _imports(path)
            if name.split(".")[0] not in sys.stdlib_module_names and not name.startswith("bot.engine")
        }
        if outside:
            offenders[str(path.relative_to(ROOT))] = outside
    assert offenders == {}


def test_sql_lives_only_in_the_store() -> None:
    offenders = [
        path.relative_to(ROOT)
        for path in _python_files("bot", "cogs")
        if path.name not in ("store.py", "store_backends.py")
        and {"sqlite3", "aiosqlite", "asyncpg"} & {n.split(".")[0] for n in _imports(path)}
    ]
    assert offenders == []


def test_rules_never_import_pillow() -> None:
    # Pictures live in a game's render*.py and its table card, card.py (issue 23).
    offenders = [
        path.relative_to(ROOT)
        for path in _python_files("bot/games", "bot/engine")
        if not path.name.startswith(("render", "card")) and any(name.split(".")[0] == "PIL" for name in _imports(path))
    ]
    assert offenders == []


def test_session_layer_imports_no_front_end() -> None:
    names = _imports(ROOT / "bot" / "tables.py")
    assert not any(name.split(".")[0] in {"discord", "cogs", "PIL"} for name in names)
