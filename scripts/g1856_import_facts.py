"""Write ``data/1856/map.json`` (the 1856 board library's data) from the shared facts file.

Usage: ``.venv/bin/python scripts/g1856_import_facts.py [/path/to/1856-facts.json]``

The facts file (our own schema, numbers and connectivity only) is converted into the compact
format documented in ``data/1856/README.md``: path endpoints become short strings (``"e3"`` an
edge, ``"c0"`` a city, ``"t1"`` a town, ``"o0"`` an off-board), revenues are an integer or a
by-phase table, and only what the board library needs is kept. The output is deterministic.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_FACTS = Path("/work/shared/rules/1856-facts.json")
OUT = ROOT / "data" / "1856" / "map.json"

_KIND = {"edge": "e", "city": "c", "town": "t", "offboard": "o"}


def _end(end: dict[str, int]) -> str:
    ((kind, number),) = end.items()
    return f"{_KIND[kind]}{number}"


def _paths(paths: list[dict[str, Any]]) -> list[list[Any]]:
    out = []
    for path in paths:
        entry: list[Any] = [_end(path["a"]), _end(path["b"])]
        if path["terminal"]:
            entry.append("terminal")
        out.append(entry)
    return out


def _revenue(stop: dict[str, Any]) -> int | dict[str, int]:
    if isinstance(stop["revenue"], int):
        return stop["revenue"]
    return dict(stop["revenue_by_phase"])


def _hex(h: dict[str, Any], groups: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": h["kind"],
        "name": h["name"],
        "cities": [{"revenue": _revenue(c), "slots": c["slots"]} for c in h["cities"]],
        "towns": [{"revenue": _revenue(t)} for t in h["towns"]],
        "offboards": [{"revenue": _revenue(o)} for o in h["offboards"]],
        "paths": _paths(h["paths"]),
        "label": h["label"],
        "future_label": h["future_label"],
        "terrain": h["terrain"],
        "port": h["port"],
        "hidden": h["hidden"],
        "blocked_by_private": h["blocked_by_private"],
        "home_of": h["home_of"],
        "destination_of": h["destination_of"],
        "neighbours": h["neighbours"],
        "track_neighbours": h["track_neighbours"],
        "group": groups.get(h["coord"]),
        "icons": h["icons"],
    }
    return out


def convert(facts: dict[str, Any]) -> dict[str, Any]:
    groups = {coord: name for name, coords in facts["offboard_groups"].items() for coord in coords}
    hexes = {h["coord"]: _hex(h, groups) for h in sorted(facts["hexes"], key=lambda h: h["coord"])}
    tiles = {
        t["name"]: {
            "colour": t["colour"],
            "count": t["count"],
            "cities": [{"revenue": c["revenue"], "slots": c["slots"]} for c in t["cities"]],
            "towns": [{"revenue": r["revenue"]} for r in t["towns"]],
            "paths": _paths(t["paths"]),
            "label": t["label"],
        }
        for t in facts["tiles"]
    }
    rules = facts["upgrade_rules"]
    corporations = {
        c["symbol"]: {
            "name": c["name"],
            "home": c["home"],
            "home_city": c["home_city"],
            "destination": c["destination"],
            "token_costs": c["token_costs"],
            "color": c["color"],
            "text_color": c["text_color"],
        }
        for c in facts["corporations"]
    }
    national = facts["national"]
    corporations[national["symbol"]] = {
        "name": national["name"],
        "home": None,
        "home_city": None,
        "destination": None,
        "token_costs": [national["spare_token_price"]] * national["token_limit"],
        "color": national["color"],
        "text_color": "white",
    }
    privates = {p["symbol"]: {"name": p["name"], "hexes": p["hexes"]} for p in facts["privates"]}
    return {
        "schema": "gamemaster-1856-map/1",
        "source": {"facts_schema": facts["schema"], "engine_commit": facts["source"]["commit"]},
        "directions": [[d["d_col"], d["d_row"]] for d in facts["map"]["directions"]],
        "colour_order": rules["colour_order"],
        "phases": {
            p["name"]: {
                "tile_colours": p["tile_colours"],
                "upgradeable_towns": "upgradeable_towns" in p["status"],
            }
            for p in facts["phases"]
        },
        "trains": {
            t["name"]: {"distance": None if t["unlimited_distance"] else t["distance"]}
            for t in facts["trains"]
        },
        "phase6_extra_upgrades": [[u["from"], u["to"]] for u in rules["phase6_extra_upgrades"]],
        "hex_only_upgrades": [
            [rules["hex_only"]["hex"], rules["hex_only"]["from_colour"], rules["hex_only"]["only_to"]]
        ],
        "offboard_groups": facts["offboard_groups"],
        "port_hexes": facts["port_hexes"],
        "bonuses": {
            "port": facts["rules_constants"]["port_bonus"],
            "bridge": {"hexes": ["P17", "P19"], "amount": facts["rules_constants"]["bonus_right_amount"]},
            "tunnel": {"hexes": ["B13"], "amount": facts["rules_constants"]["bonus_right_amount"]},
        },
        "hexes": hexes,
        "tiles": tiles,
        "corporations": corporations,
        "privates": privates,
    }


def main(argv: list[str]) -> int:
    source = Path(argv[1]) if len(argv) > 1 else DEFAULT_FACTS
    facts = json.loads(source.read_text())
    data = convert(facts)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(data['hexes'])} hexes, {len(data['tiles'])} tiles")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
