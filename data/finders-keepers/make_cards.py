"""Generate ``cards.json``, the 60 Keep Me cards of our Finders Keepers design, and check it.

Run from the repository root::

    .venv/bin/python data/finders-keepers/make_cards.py          # write cards.json, print the report
    .venv/bin/python data/finders-keepers/make_cards.py --check  # fail if cards.json differs

The output is a pure function of :data:`SEED` and ``objects.json`` (only the standard
library's :class:`random.Random` is used), so the test suite regenerates it and compares.

How the cards are made (``README.md`` explains why):

1. **Which objects go on which card** (the incidence). 30 cards show 6 objects, 20 show
   7 and 10 show 8: 400 places, so each of the 40 objects can be on exactly 10 cards. The
   400 object "tokens" are shuffled and dealt, then a local search swaps tokens between
   cards until no card shows an object twice, no two cards share more than 2 objects, and
   no two objects are together on more than 3 cards.
2. **Pip the owl** (the mascot) is put on 8 cards — four 6-object, three 7-object and one
   8-object card — chosen so that no object is on more than 2 of them.
3. **The picture** of each card: every object gets a size, a turn (most are nearly
   upright, some lie on their side, some are upside down) and a place, chosen by
   best-candidate sampling so that objects do not collide, except that one or two objects
   per card are tucked *partly behind* a neighbour, as the rulebook warns. Numbers are in
   card units: a card is 1000 × 1000, its number badge sits in the top-left corner.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OBJECTS_FILE = HERE / "objects.json"
CARDS_FILE = HERE / "cards.json"

SEED = 20240613
CARDS = 60
SIZES = {6: 30, 7: 20, 8: 10}
"""How many cards show 6, 7 and 8 objects."""
PER_OBJECT = 10
MAX_CARD_OVERLAP = 2
"""No two cards share more than this many objects."""
MAX_PAIR_TOGETHER = 3
"""No two objects appear together on more than this many cards."""
MASCOT_CARDS = {6: 4, 7: 3, 8: 1}
MAX_MASCOTS_PER_OBJECT = 2

CARD_UNITS = 1000
BADGE = (92, 92, 92)
"""The number badge: centre x, centre y, radius (card units). Nothing is drawn under it."""
BASE_SIZE = {6: 365, 7: 340, 8: 318}
"""The usual width of an object on a card with 6, 7 or 8 objects (card units)."""
MASCOT_SIZE = 250
REACH = 0.44
"""An icon's shape fits in a circle of REACH × its size (the rest of its square is empty)."""
TINTS = 6


# -- 1. the incidence -----------------------------------------------------------------------


def _pairs(card: list[str]) -> list[tuple[str, str]]:
    return [(a, b) if a < b else (b, a) for a, b in combinations(set(card), 2)]


def _excess(value: int, limit: int) -> int:
    return value - limit if value > limit else 0


def incidence(objects: list[str], rng: random.Random) -> list[list[str]]:
    """60 object sets (sizes from SIZES), each object on PER_OBJECT cards, constraints met.

    Start from a random deal with no repeats on a card, then run a local search: move an
    object of a card in trouble to another card in exchange for one of that card's objects
    (never creating a repeat), keep the exchange unless it makes things worse (and, rarely,
    even then, to get out of dead ends), until no two cards share more than
    MAX_CARD_OVERLAP objects and no two objects meet on more than MAX_PAIR_TOGETHER cards.
    Overlaps and pair counts are kept up to date move by move, so a move costs little.
    """
    sizes = [size for size, count in sorted(SIZES.items()) for _ in range(count)]
    rng.shuffle(sizes)
    while True:  # a random deal without repeats: fill the emptiest cards first
        left = {name: PER_OBJECT for name in objects}
        cards: list[list[str]] = [[] for _ in sizes]
        ok = True
        for name in sorted(objects, key=lambda _: rng.random()):
            for _ in range(left[name]):
                room = [i for i, card in enumerate(cards) if len(card) < sizes[i] and name not in card]
                if not room:
                    ok = False
                    break
                most = max(sizes[i] - len(cards[i]) for i in room)
                cards[rng.choice([i for i in room if sizes[i] - len(cards[i]) == most])].append(name)
            if not ok:
                break
        if ok:
            break
    n = len(cards)
    holders: dict[str, set[int]] = {name: set() for name in objects}
    for i, card in enumerate(cards):
        for name in card:
            holders[name].add(i)
    overlap = [[len(set(cards[i]) & set(cards[j])) if i != j else 0 for j in range(n)] for i in range(n)]
    together: Counter[tuple[str, str]] = Counter(pair for card in cards for pair in _pairs(card))

    def cost() -> int:
        c = sum(_excess(overlap[i][j], MAX_CARD_OVERLAP) for i in range(n) for j in range(i + 1, n))
        return c + sum(_excess(v, MAX_PAIR_TOGETHER) for v in together.values())

    def troubled() -> list[int]:
        bad = {i for i in range(n) for j in range(n) if overlap[i][j] > MAX_CARD_OVERLAP}
        crowded = {pair for pair, v in together.items() if v > MAX_PAIR_TOGETHER}
        bad |= {i for i, card in enumerate(cards) if any(pair in crowded for pair in _pairs(card))}
        return sorted(bad)

    total = cost()
    steps = 0
    while total > 0:
        steps += 1
        if steps > 2_000_000:
            raise RuntimeError("the card search did not converge; try another SEED")
        if steps % 200 == 1:
            trouble = troubled()
        a = rng.choice(trouble)
        b = rng.randrange(n)
        x, y = rng.choice(cards[a]), rng.choice(cards[b])
        if a == b or x in cards[b] or y in cards[a]:
            continue
        # the move: x goes from card a to card b, y from b to a
        delta = 0
        changes: list[tuple[int, int, int]] = []
        for k in holders[x]:
            if k != a:
                changes += [(a, k, -1), (b, k, +1)]
        for k in holders[y]:
            if k != b:
                changes += [(b, k, -1), (a, k, +1)]
        touched: Counter[tuple[int, int]] = Counter()
        for i, k, d in changes:
            touched[(i, k)] += d
        for (i, k), d in touched.items():
            delta += _excess(overlap[i][k] + d, MAX_CARD_OVERLAP) - _excess(overlap[i][k], MAX_CARD_OVERLAP)
        rest_a = [name for name in cards[a] if name != x]
        rest_b = [name for name in cards[b] if name != y]
        pair_change: Counter[tuple[str, str]] = Counter()
        for name in rest_a:
            pair_change[(x, name) if x < name else (name, x)] -= 1
            pair_change[(y, name) if y < name else (name, y)] += 1
        for name in rest_b:
            pair_change[(y, name) if y < name else (name, y)] -= 1
            pair_change[(x, name) if x < name else (name, x)] += 1
        for pair, d in pair_change.items():
            if d:
                delta += _excess(together[pair] + d, MAX_PAIR_TOGETHER) - _excess(together[pair], MAX_PAIR_TOGETHER)
        if delta > 0 and rng.random() >= 0.003:
            continue
        for (i, k), d in touched.items():
            overlap[i][k] += d
            overlap[k][i] += d
        together.update(pair_change)
        cards[a][cards[a].index(x)] = y
        cards[b][cards[b].index(y)] = x
        holders[x].discard(a)
        holders[x].add(b)
        holders[y].discard(b)
        holders[y].add(a)
        total += delta
    assert total == cost() == 0
    order = {name: n for n, name in enumerate(objects)}
    return [sorted(card, key=order.__getitem__) for card in cards]


# -- 2. the mascot ------------------------------------------------------------------------


def mascot_cards(cards: list[list[str]], rng: random.Random) -> set[int]:
    """Indexes of the cards that show Pip: MASCOT_CARDS by size, objects spread out."""
    for _ in range(10_000):
        chosen: list[int] = []
        for size, count in sorted(MASCOT_CARDS.items()):
            pool = [i for i, card in enumerate(cards) if len(card) == size]
            chosen += rng.sample(pool, count)
        per_object = Counter(name for i in chosen for name in cards[i])
        if max(per_object.values()) <= MAX_MASCOTS_PER_OBJECT:
            return set(chosen)
    raise RuntimeError("no spread-out choice of mascot cards found")


# -- 3. the pictures ----------------------------------------------------------------------


def _turn(rng: random.Random) -> int:
    """How far an object is turned (degrees, clockwise): mostly upright, sometimes not."""
    roll = rng.random()
    if roll < 0.55:
        return rng.randint(-15, 15)
    if roll < 0.80:
        return rng.choice((-1, 1)) * rng.randint(30, 90)
    if roll < 0.90:
        return rng.choice((-1, 1)) * rng.randint(100, 160)
    return 180


def _inside(x: float, y: float, r: float) -> bool:
    if not (r <= x <= CARD_UNITS - r and r <= y <= CARD_UNITS - r):
        return False
    bx, by, br = BADGE
    return math.hypot(x - bx, y - by) >= br + r * 0.9


def layout(names: list[str], with_mascot: bool, rng: random.Random) -> list[dict[str, Any]]:
    """Where each object (and Pip) lies on one card, in drawing order (back to front).

    One object (two on some 8-object cards) is *tucked*: placed so that a neighbour, drawn
    after it, covers part of it. Everything else keeps clear of everything else. Each item
    is placed at the best of many random spots (the one farthest from its neighbours), big
    items first; if a card cannot be filled, everything shrinks a little and it starts over.
    """
    count = len(names)
    scale = 1.0
    for _attempt in range(400):
        items = [{"object": name, "size": round(BASE_SIZE[count] * scale * rng.uniform(0.84, 1.14))} for name in names]
        rng.shuffle(items)
        tucked = 2 if count == 8 and rng.random() < 0.5 else 1
        pairs = [(k, k + 1) for k in range(0, 2 * tucked, 2)]  # (covered, cover) item indexes
        if with_mascot:
            items.append({"object": "pip", "size": round(MASCOT_SIZE * scale * rng.uniform(0.9, 1.05))})
        partner = {i: j for i, j in pairs} | {j: i for i, j in pairs}
        rest = sorted(range(2 * tucked, len(items)), key=lambda i: -items[i]["size"])
        order = [i for pair in pairs for i in pair] + rest
        spots: dict[int, tuple[float, float]] = {}
        for i in order:
            r = items[i]["size"] * REACH
            best: tuple[float, float, float] | None = None
            for _ in range(90):
                x, y = rng.uniform(r, CARD_UNITS - r), rng.uniform(r, CARD_UNITS - r)
                if not _inside(x, y, r):
                    continue
                slack = math.inf
                fine = True
                for j, (ox, oy) in spots.items():
                    ro = items[j]["size"] * REACH
                    d = math.hypot(x - ox, y - oy)
                    if partner.get(i) == j:
                        fine = 0.58 * (r + ro) <= d <= 0.74 * (r + ro)
                    elif d < r + ro - 8:
                        fine = False
                    else:
                        slack = min(slack, d - r - ro)
                    if not fine:
                        break
                if fine and (best is None or slack > best[2]):
                    best = (x, y, slack)
            if best is None:
                break
            spots[i] = (best[0], best[1])
        if len(spots) == len(items):
            covered = {i for i, _ in pairs}
            covers = {j for _, j in pairs}
            middle = [i for i in range(len(items)) if i not in covered and i not in covers]
            out = []
            for i in sorted(covered) + middle + sorted(covers):
                x, y = spots[i]
                out.append(
                    {
                        "object": items[i]["object"],
                        "x": round(x),
                        "y": round(y),
                        "size": items[i]["size"],
                        "rotation": _turn(rng),
                        "under": items[partner[i]]["object"] if i in covered else None,
                    }
                )
            return out
        scale *= 0.985
    raise RuntimeError(f"could not lay out a card with {count} objects")


def generate(seed: int = SEED) -> dict[str, Any]:
    """The whole card design as JSON data, deterministic for ``seed``."""
    objects = [entry["id"] for entry in json.loads(OBJECTS_FILE.read_text(encoding="utf-8"))["objects"]]
    rng = random.Random(seed)
    sets = incidence(objects, rng)
    mascots = mascot_cards(sets, rng)
    cards = []
    for index, names in enumerate(sets):
        items = layout(names, index in mascots, rng)
        cards.append(
            {
                "id": index + 1,
                "objects": names,
                "mascot": index in mascots,
                "tint": rng.randrange(TINTS),
                "items": items,
            }
        )
    return {
        "about": "The 60 Keep Me cards of our Finders Keepers design, made by make_cards.py. See README.md.",
        "seed": seed,
        "card_units": CARD_UNITS,
        "badge": list(BADGE),
        "cards": cards,
    }


# -- checks and the report ----------------------------------------------------------------


def check(design: dict[str, Any], objects: list[str]) -> dict[str, Any]:
    """Check every design rule; return the numbers for the report. Raises ValueError."""
    cards = design["cards"]
    problems: list[str] = []
    if [c["id"] for c in cards] != list(range(1, CARDS + 1)):
        problems.append(f"card ids must be 1..{CARDS}")
    sizes = Counter(len(c["objects"]) for c in cards)
    if dict(sizes) != SIZES:
        problems.append(f"card sizes {dict(sizes)} != {SIZES}")
    per_object = Counter(name for c in cards for name in c["objects"])
    if set(per_object) != set(objects) or set(per_object.values()) != {PER_OBJECT}:
        problems.append(f"every object must be on {PER_OBJECT} cards: {per_object}")
    for c in cards:
        if len(set(c["objects"])) != len(c["objects"]):
            problems.append(f"card {c['id']} shows an object twice")
        drawn = [item["object"] for item in c["items"] if item["object"] != "pip"]
        if sorted(drawn) != sorted(c["objects"]):
            problems.append(f"card {c['id']}: the picture does not show exactly its objects")
        if c["mascot"] != any(item["object"] == "pip" for item in c["items"]):
            problems.append(f"card {c['id']}: mascot flag and picture disagree")
        names = {item["object"] for item in c["items"]}
        hidden = [item for item in c["items"] if item["under"] is not None]
        if not 1 <= len(hidden) <= 2 or any(item["under"] not in names for item in hidden):
            problems.append(f"card {c['id']}: 1 or 2 objects must be partly behind another one")
        for item in c["items"]:
            r = item["size"] * REACH
            if not (r - 1 <= item["x"] <= CARD_UNITS - r + 1 and r - 1 <= item["y"] <= CARD_UNITS - r + 1):
                problems.append(f"card {c['id']}: {item['object']} sticks out of the card")
    overlaps = Counter(
        len(set(a["objects"]) & set(b["objects"])) for a, b in combinations(cards, 2)
    )
    if max(overlaps) > MAX_CARD_OVERLAP:
        problems.append(f"two cards share more than {MAX_CARD_OVERLAP} objects: {overlaps}")
    together = Counter(pair for c in cards for pair in _pairs(c["objects"]))
    if max(together.values()) > MAX_PAIR_TOGETHER:
        problems.append(f"two objects are together on more than {MAX_PAIR_TOGETHER} cards")
    mascots = [c for c in cards if c["mascot"]]
    if Counter(len(c["objects"]) for c in mascots) != Counter(MASCOT_CARDS):
        problems.append(f"mascot cards by size must be {MASCOT_CARDS}")
    mascot_objects = Counter(name for c in mascots for name in c["objects"])
    if max(mascot_objects.values()) > MAX_MASCOTS_PER_OBJECT:
        problems.append("an object is on too many mascot cards")
    if problems:
        raise ValueError("; ".join(problems))
    turns = Counter(
        "upright" if abs(item["rotation"]) <= 15 else "upside down" if abs(item["rotation"]) >= 100 else "sideways"
        for c in cards
        for item in c["items"]
    )
    return {
        "card sizes (objects: cards)": dict(sorted(sizes.items())),
        "cards per object": sorted(set(per_object.values())),
        "pairs of cards sharing 0/1/2 objects": [overlaps.get(n, 0) for n in range(MAX_CARD_OVERLAP + 1)],
        "pairs of objects together on 0/1/2/3 cards": [
            math.comb(len(objects), 2) - len(together),
            *[sum(1 for v in together.values() if v == n) for n in range(1, MAX_PAIR_TOGETHER + 1)],
        ],
        "mascot cards": len(mascots),
        "objects on 0/1/2 mascot cards": [
            len(objects) - len(mascot_objects),
            *[sum(1 for v in mascot_objects.values() if v == n) for n in (1, 2)],
        ],
        "items by turn": dict(sorted(turns.items())),
        "partly hidden objects": sum(1 for c in cards for item in c["items"] if item["under"]),
    }


def play_stats(design: dict[str, Any], seed: int = 1, games: int = 2000) -> dict[str, Any]:
    """How the cards play, by simulation: reveals until someone finishes (everyone sharp-eyed)."""
    rng = random.Random(seed)
    cards = [set(c["objects"]) for c in design["cards"]]
    objects = sorted({name for c in cards for name in c})
    out: dict[str, Any] = {}
    for players in range(2, 7):
        deal = 12 if players <= 4 else 10
        lengths = []
        shared = 0
        for _ in range(games):
            order = list(range(len(cards)))
            rng.shuffle(order)
            hands = [order[p * deal : (p + 1) * deal] for p in range(players)]
            tiles = objects[:]
            rng.shuffle(tiles)
            seen: set[str] = set()
            for turn, tile in enumerate(tiles, start=1):
                seen.add(tile)
                done = [all(cards[c] & seen for c in hand) for hand in hands]
                if any(done):
                    lengths.append(turn)
                    shared += sum(done) > 1
                    break
        lengths.sort()
        out[f"{players} players"] = {
            "median reveals": lengths[len(lengths) // 2],
            "range": [lengths[0], lengths[-1]],
            "shared wins %": round(100 * shared / games, 1),
        }
    # the chance that a revealed object is on at least one of your cards
    for deal in (12, 10):
        miss = math.comb(CARDS - PER_OBJECT, deal) / math.comb(CARDS, deal)
        out[f"P(a tile shows on one of your {deal} cards)"] = round(1 - miss, 3)
    grid_miss = math.comb(CARDS - PER_OBJECT, 9) / math.comb(CARDS, 9)
    out["P(a tile matches a fresh 3x3 grid)"] = round(1 - grid_miss, 3)
    return out


def to_text(design: dict[str, Any]) -> str:
    """The JSON text of cards.json: one line per card header and one per object, easy to diff."""
    lines = ["{"]
    for key, value in design.items():
        if key != "cards":
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)},")
    lines.append('  "cards": [')
    for n, card in enumerate(design["cards"]):
        head = {k: v for k, v in card.items() if k != "items"}
        lines.append("    " + json.dumps(head)[:-1] + ', "items": [')
        items = [json.dumps(item) for item in card["items"]]
        lines += [f"      {item}," for item in items[:-1]] + [f"      {items[-1]}"]
        lines.append("    ]}" + ("," if n < len(design["cards"]) - 1 else ""))
    lines += ["  ]", "}"]
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == design
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that cards.json is up to date")
    args = parser.parse_args(argv)
    objects = [entry["id"] for entry in json.loads(OBJECTS_FILE.read_text(encoding="utf-8"))["objects"]]
    design = generate()
    report = check(design, objects)
    text = to_text(design)
    if args.check:
        if CARDS_FILE.read_text(encoding="utf-8") != text:
            print("cards.json is out of date: run make_cards.py", file=sys.stderr)
            return 1
        print("cards.json is up to date")
        return 0
    CARDS_FILE.write_text(text, encoding="utf-8")
    for name, value in {**report, **play_stats(design)}.items():
        print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
