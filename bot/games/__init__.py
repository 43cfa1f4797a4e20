"""One package per title. Importing a package registers its game."""

from __future__ import annotations

import importlib
import pkgutil


def load_all() -> None:
    """Import every game package under ``bot.games`` so each registers itself."""
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            importlib.import_module(f"{__name__}.{module.name}")
