"""Build the Collide-o deck and write it to ``cards.json`` next to this script.

    .venv/bin/python data/collide-o/make_deck.py          # rewrite cards.json
    .venv/bin/python data/collide-o/make_deck.py --check  # fail if cards.json is out of date

The recipe (see README.md for why): 90 cards with three sections each.

* 5 all-wild cards: card 1 starts the line, cards 2-5 are jokers that fit anywhere;
* 85 coloured cards, by *shape* (section types left to right, S solid, D two-colour, W wild):

  ====  =====  ===========================================
  SDS    40    solid ends, two-colour middle
  SSS    25    three solid sections
  DSS    10    a two-colour end, solid middle and other end
  SWS    10    solid ends, wild middle
  ====  =====  ===========================================

Colours are dealt out per section position so that every colour (and, for two-colour
sections, every pair of colours) appears equally often in every position of every shape;
the order within a position is a seeded shuffle. The first seed from 1 that gives 85
coloured cards no two of which are alike (also not when one is turned round) is used, so
the output is deterministic and every coloured card is unique.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from pathlib import Path

COLOURS = ("blue", "yellow", "red", "green", "black")
PAIRS = tuple(f"{a}/{b}" for a, b in itertools.combinations(COLOURS, 2))
WILD = "wild"
RECIPE: tuple[tuple[str, int], ...] = (("SDS", 40), ("SSS", 25), ("DSS", 10), ("SWS", 10))
ALL_WILD = 5
OUT = Path(__file__).resolve().parent / "cards.json"


def _position_values(kind: str, count: int) -> list[str]:
    """Section specs for one position of one shape, every colour or pair equally often."""
    if kind == "S":
        pool: tuple[str, ...] = COLOURS
    elif kind == "D":
        pool = PAIRS
    else:
        return [WILD] * count
    if count % len(pool):
        raise ValueError(f"{count} cards cannot share {len(pool)} values evenly")
    return list(pool) * (count // len(pool))


def coloured_cards(seed: int) -> list[list[str]]:
    """The 85 coloured cards for one seed, shape by shape."""
    rng = random.Random(seed)
    cards: list[list[str]] = []
    for shape, count in RECIPE:
        columns = []
        for kind in shape:
            values = _position_values(kind, count)
            rng.shuffle(values)
            columns.append(values)
        cards += [[column[i] for column in columns] for i in range(count)]
    return cards


def _unique(cards: list[list[str]]) -> bool:
    """No two cards alike, reading each card either way round."""
    seen: set[tuple[str, ...]] = set()
    for sections in cards:
        forms = {tuple(sections), tuple(reversed(sections))}
        if forms & seen:
            return False
        seen |= forms
    return True


def build() -> dict[str, object]:
    seed = next(s for s in itertools.count(1) if _unique(coloured_cards(s)))
    sections = [[WILD, WILD, WILD]] * ALL_WILD + coloured_cards(seed)
    return {
        "colours": list(COLOURS),
        "starter": 1,
        "seed": seed,
        "cards": [{"id": i + 1, "sections": list(s)} for i, s in enumerate(sections)],
    }


def dumps(deck: dict[str, object]) -> str:
    """JSON with one card per line, so a diff of the deck reads card by card."""
    head = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in deck.items() if key != "cards"]
    cards = ",\n    ".join(json.dumps(card) for card in deck["cards"])  # type: ignore[attr-defined]
    return "{\n" + ",\n".join(head) + ',\n  "cards": [\n    ' + cards + "\n  ]\n}\n"


def main(argv: list[str]) -> int:
    text = dumps(build())
    if "--check" in argv:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date: run {Path(__file__).name}", file=sys.stderr)
            return 1
        print(f"{OUT.name} is up to date")
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(json.loads(text)['cards'])} cards)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
