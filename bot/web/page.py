"""What a table's web page shows, as plain JSON: built from views and prompts only.

The spectator part (:func:`public_part`) is a function of public information: the public
view's picture, the names, whose turn it is (public, as the kit checks), the log lines
everyone sees. The seat part (:func:`seat_part`) adds, for the one player whose link opened
the page, their legal moves as the grouped controls of :mod:`bot.engine.choices` and the
board regions those moves can be picked on. Nothing here draws or reads the store.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

from bot.engine import Action
from bot.engine.choices import Control, Option, Path, Step, layout
from bot.i18n import say
from bot.render.regions import Region


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG (from its IHDR chunk), for placing regions over it."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def option_json(option: Option) -> dict[str, Any]:
    if option.action is not None:
        return {"label": option.label, "key": option.action.key}
    return {"label": option.label, "group": list(option.group or ())}


def control_json(control: Control, language: str = "en") -> dict[str, Any]:
    """One control, its own words (a form's label and range, a menu's placeholder) said in
    ``language``; the moves' labels come said already."""
    data: dict[str, Any] = {"kind": control.kind, "primary": control.primary}
    if control.kind == "amount" and control.amount is not None:
        choice = control.amount
        members = list(choice.actions.values())
        data["amount"] = {
            "prefix": choice.prefix,
            "label": say(choice.field_label(), language)[:45],
            "range": say(choice.range_text(), language),
            "low": {"label": members[0].label, "key": members[0].key},
            "high": {"label": members[-1].label, "key": members[-1].key},
        }
        return data
    data["options"] = [option_json(option) for option in control.options]
    if control.placeholder:
        data["placeholder"] = say(control.placeholder, language)
    return data


def step_json(step: Step, language: str = "en") -> dict[str, Any]:
    """One step of the choice tree: rows of buttons, selects and amount forms."""
    return {"path": list(step.path), "title": step.title,
            "rows": [[control_json(control, language) for control in row] for row in step.rows]}


def region_targets(actions: Sequence[Action], regions: Sequence[Region]) -> list[dict[str, Any]]:
    """The regions a player can click now, each with what a click does.

    A region named like a main choice's label plays it; otherwise it opens the group whose
    path ends in its name (``("Lay track", "K12")`` for the hex K12): ``key`` when that group
    holds a single action (the click plays it), else ``paths`` to open (one, usually; several
    when the thing is named in more than one group, e.g. a hex to build on or to run to).
    """
    targets = []
    for region in regions:
        keys: list[str] = []
        paths: list[Path] = []
        for action in actions:
            if action.main and action.label == region.name:
                keys.append(action.key)
                continue
            if region.name in action.group:
                path = action.group[: action.group.index(region.name) + 1]
                keys.append(action.key)
                if path not in paths:
                    paths.append(path)
        if not keys:
            continue
        target: dict[str, Any] = region.to_json()
        if len(keys) == 1:
            target["key"] = keys[0]
        else:
            target["paths"] = [list(path) for path in paths]
        targets.append(target)
    return targets


def step_for(actions: Sequence[Action], path: Sequence[str], language: str = "en") -> dict[str, Any]:
    """The step at ``path`` (KeyError when the actions no longer have that group: a stale page)."""
    return step_json(layout(list(actions), tuple(path)), language)
