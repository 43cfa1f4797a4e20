"""Write ``data/killer-bunnies/cards.json``: our own Killer Bunnies deck (names, kinds, effects).

Run ``python scripts/killer_bunnies_cards.py`` after changing the design below; the design and
its reasons are in ``data/killer-bunnies/README.md``. Nothing here is copied from the
published cards: names, dice and effects are ours, built to play the rulebook's game.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "data" / "killer-bunnies" / "cards.json"

BUNNY_COLOURS = ("blue", "yellow", "red", "green", "violet")
BUNNY_KINDS = ("Congenial", "Gleeful", "Lumbering", "Sinister", "Timid")  # named in the rulebook
DICE = ("red", "orange", "yellow", "green", "blue", "violet")

# (name, level): one weapon per level 1-12, and a second one at the middle levels.
WEAPONS = (
    ("Feather Duster", 1), ("Pillow Fight", 2), ("Soggy Noodle", 2), ("Garden Rake", 3),
    ("Water Balloon", 3), ("Rubber Mallet", 4), ("Pogo Spear", 4), ("Slingshot", 5),
    ("Snowball Volley", 5), ("Frying Pan", 6), ("Catapult", 6), ("Falling Anvil", 7),
    ("Lightning Rod", 7), ("Cactus Cannon", 8), ("Wrecking Ball", 8), ("Runaway Piano", 9),
    ("Tornado in a Jar", 9), ("Doom Laser", 10), ("Meteor Shower", 11), ("Black Hole", 12),
)
# (name, cabbage, water): what the target must pay to keep its bunny.
FEEDS = (
    ("Snack Time", 1, 1), ("Lunch Break", 2, 1), ("Thirsty Work", 1, 2), ("Picnic", 2, 2),
    ("Banquet", 3, 2), ("Tea Party", 2, 3), ("Midnight Feast", 3, 3),
)
SMALL_VALUES = (1,) * 9 + (2,) * 6 + (3,) * 2 + (5,) * 2 + (10,)  # per small deck (cabbage, water)
CARROTS = (
    "Amber", "Bramble", "Copper", "Dewdrop", "Ember", "Fennel",
    "Ginger", "Hazel", "Indigo", "Juniper", "Kelp", "Lantern",
)
MARKET = {"cabbage": 2, "water": 2, "carrot": 10}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def deck() -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = []

    def add(name: str, kind: str, type_: str, effect: dict[str, Any], *, colour: str = "",
            needs_bunny: bool = True, dice: tuple[str, ...] = ()) -> None:
        cards.append({
            "id": len(cards), "name": name, "slug": slug(name), "type": type_, "kind": kind,
            "colour": colour, "needs_bunny": needs_bunny, "dice": list(dice), "effect": effect,
        })

    for colour in BUNNY_COLOURS:
        for kind in BUNNY_KINDS:
            add(f"{colour.title()} {kind} Bunny", "bunny", "run", {"do": "bunny"}, colour=colour, needs_bunny=False)
    for index, (name, level) in enumerate(WEAPONS):
        add(name, "weapon", "run", {"do": "weapon", "level": level}, dice=(DICE[index % len(DICE)],))
    for name, cabbage, water in FEEDS:
        add(f"Feed the Bunny: {name}", "feed", "run", {"do": "feed", "cabbage": cabbage, "water": water})
    for _ in range(11):
        add("Choose a Carrot", "carrot", "run", {"do": "carrot", "count": 1})
    for _ in range(3):
        add("Choose Two Carrots", "carrot", "run", {"do": "carrot", "count": 2})
    for _ in range(4):
        add("Pickpocket", "steal", "run", {"do": "steal"})
    for _ in range(5):
        add("Kitchen Garden", "harvest", "run", {"do": "harvest", "cabbage": 1, "water": 1})
    reactions = (
        ("Decoy Bunny", "special", 5, {"do": "react", "on": ["weapon"], "who": "target", "then": "cancel"}, True),
        ("Picnic Basket", "special", 3, {"do": "react", "on": ["feed"], "who": "target", "then": "fed"}, True),
        ("Snatch", "special", 2, {"do": "react", "on": ["carrot"], "who": "any", "then": "snatch"}, True),
        ("Bodyguard", "very special", 2, {"do": "react", "on": ["weapon", "feed"], "who": "any", "then": "cancel"}, False),
        ("Bounce Back", "very special", 2, {"do": "react", "on": ["weapon"], "who": "target", "then": "reflect"}, True),
        ("Veto", "very special", 2, {"do": "react", "on": ["weapon", "feed", "carrot", "steal"], "who": "any", "then": "cancel"}, False),
    )
    for name, type_, copies, effect, needs in reactions:
        for _ in range(copies):
            add(name, "reaction", type_, effect, needs_bunny=needs)
    for _ in range(4):
        add("Terrible Misfortune", "misfortune", "play immediately", {"do": "misfortune"}, needs_bunny=False)
    for value, copies in ((1, 5), (2, 6), (5, 3), (10, 1)):
        for _ in range(copies):
            add(f"{value} Kaballa Dolla", "dolla", "kaballa dolla", {"do": "dolla", "value": value}, needs_bunny=False)
    return cards


def main() -> None:
    data = {
        "bunny_colours": list(BUNNY_COLOURS),
        "bunny_kinds": list(BUNNY_KINDS),
        "dice": list(DICE),
        "carrots": list(CARROTS),
        "small_values": list(SMALL_VALUES),
        "market": MARKET,
        "cards": deck(),
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(data['cards'])} cards")


if __name__ == "__main__":
    main()
