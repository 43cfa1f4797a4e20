"""The Killer Bunnies deck as data: our own cards, read from ``data/killer-bunnies/cards.json``.

Every card has an ``effect`` dict that :mod:`bot.games.killer_bunnies.rules` interprets:

* ``{"do": "bunny"}`` — a bunny joins the Bunny Circle;
* ``{"do": "weapon", "level": L}`` — the target bunny dies unless the card's die rolls more than L;
* ``{"do": "feed", "cabbage": C, "water": W}`` — the target's owner pays C cabbage and W water
  (card values) or the bunny dies;
* ``{"do": "carrot", "count": N}`` — take N carrots from Kaballa's Market;
* ``{"do": "steal"}`` — take one carrot from another player;
* ``{"do": "harvest", "cabbage": C, "water": W}`` — take C cabbage and W water cards from the decks;
* ``{"do": "react", "on": [...], "who": "target"|"any", "then": "cancel"|"reflect"|"fed"|"snatch"}``
  — a Special or Very Special card played from the hand in a reaction window;
* ``{"do": "misfortune"}`` — Play Immediately: the drawer's newest bunny dies;
* ``{"do": "dolla", "value": V}`` — Kaballa Dolla, laid face up in front of its owner.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).resolve().parents[3] / "data" / "killer-bunnies" / "cards.json"


@dataclass(frozen=True, slots=True)
class Card:
    """One large card. ``needs_bunny`` is the rulebook's pink box; ``dice`` the dice it rolls."""

    id: int
    name: str
    slug: str
    type: str
    kind: str
    colour: str
    needs_bunny: bool
    dice: tuple[str, ...]
    effect: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The card's face for views: its name and rule text as text that can be said."""
        from .messages import CARD_NAMES  # messages reads this module's deck

        return {
            "id": self.id,
            "name": CARD_NAMES[self.id],
            "type": self.type,
            "kind": self.kind,
            "colour": self.colour,
            "needs_bunny": self.needs_bunny,
            "dice": list(self.dice),
            "text": describe(self),
        }


def describe(card: Card) -> str:
    """Our one-line rules text for a card (shown on its face and in labels)."""
    from .messages import DIE_COLOURS, T  # messages reads this module's deck

    e = card.effect
    do = e["do"]
    if do == "bunny":
        return T("Joins your Bunny Circle.")
    if do == "weapon":
        return T("Level {level}: a bunny dies unless the {die} die rolls more than {level}.", level=e["level"],
                 die=DIE_COLOURS[card.dice[0]])
    if do == "feed":
        return T("A bunny's owner pays {cabbage} cabbage and {water} water, or it starves.", cabbage=e["cabbage"],
                 water=e["water"])
    if do == "carrot":
        return T("Take a carrot from the market.") if e["count"] == 1 else T("Take two carrots from the market.")
    if do == "steal":
        return T("Take one carrot from another player.")
    if do == "harvest":
        return T("Take a cabbage card and a water card.")
    if do == "react":
        attacks = {"weapon": T("a weapon"), "feed": T("a Feed the Bunny"), "carrot": T("a Choose a Carrot"),
                   "steal": T("a Pickpocket")}
        on: str = attacks[e["on"][0]]
        for attack in e["on"][1:]:
            on = T("{first} or {next}", first=on, next=attacks[attack])
        whose = T("on your bunny") if e["who"] == "target" else T("by another player")
        then = {
            "cancel": T("cancel it"),
            "reflect": T("turn it on the attacker's newest bunny"),
            "fed": T("your bunny eats for free"),
            "snatch": T("the first carrot taken is yours"),
        }[e["then"]]
        return T("When {on} is played {whose}: {then}.", on=on, whose=whose, then=then)
    if do == "misfortune":
        return T("Play at once: your newest bunny dies.")
    return T("Worth {value}: lay it face up in front of you.", value=e["value"])


def load(path: Path = DATA_FILE) -> dict[str, Any]:
    """Read and check the deck: 25 distinct bunnies, weapons of every level 1-12, the Dolla counts."""
    data = json.loads(path.read_text(encoding="utf-8"))
    cards = tuple(
        Card(c["id"], c["name"], c["slug"], c["type"], c["kind"], c["colour"], c["needs_bunny"], tuple(c["dice"]), c["effect"])
        for c in data["cards"]
    )
    if [c.id for c in cards] != list(range(len(cards))):
        raise ValueError(f"{path}: card ids must be 0..{len(cards) - 1}")
    bunnies = {(c.colour, c.name) for c in cards if c.kind == "bunny"}
    if len(bunnies) != 25:
        raise ValueError(f"{path}: expected 25 different bunnies")
    if {c.effect["level"] for c in cards if c.kind == "weapon"} != set(range(1, 13)):
        raise ValueError(f"{path}: weapons must cover levels 1-12")
    dolla = sorted(c.effect["value"] for c in cards if c.kind == "dolla")
    if dolla != [1] * 5 + [2] * 6 + [5] * 3 + [10]:
        raise ValueError(f"{path}: Kaballa Dolla must be five 1s, six 2s, three 5s and one 10")
    if any(d not in data["dice"] for c in cards for d in c.dice):
        raise ValueError(f"{path}: a card names a die that is not in the set")
    if len(data["carrots"]) != 12:
        raise ValueError(f"{path}: there are 12 carrots")
    data["cards"] = cards
    return data


DATA = load()
DECK: tuple[Card, ...] = DATA["cards"]
CARROTS: tuple[str, ...] = tuple(DATA["carrots"])
DICE: tuple[str, ...] = tuple(DATA["dice"])
SMALL_VALUES: tuple[int, ...] = tuple(DATA["small_values"])
PRICES: dict[str, int] = dict(DATA["market"])
CARROT_SLUGS: tuple[str, ...] = tuple(name.lower() for name in CARROTS)
