"""Write the Construction Game's designed components to ``data/construction-game/*.json``.

The rulebook leaves the board track, the rate chart, the equipment prices and the 48
Contractor's Contingency cards to the board and the deck, which we do not have; these are
our own design (see ``data/construction-game/README.md`` for the reasons and the
simulations that tuned them). This script is the single source: edit the tables here and
run ``python scripts/construction_game_data.py``; the JSON files are what the game reads.
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "data" / "construction-game"

TYPES = ["backhoe", "dozer", "excavator", "grader", "scraper"]
SEASONS = {
    "backhoe": "residential",
    "dozer": "commercial",
    "excavator": "institutional",
    "grader": "municipal",
    "scraper": "heavy-highway",
}

# Price of one piece, and gross income of ONE piece by die roll 1..6; the chart pays
# pieces x rate for up to CHART_PIECES pieces of a type (more pieces earn nothing more).
PRICES = {"backhoe": 20_000, "dozer": 40_000, "excavator": 60_000, "grader": 80_000, "scraper": 100_000, "truck": 30_000}
RATES = {
    "backhoe": [1_000, 2_000, 2_500, 3_500, 4_000, 5_000],
    "dozer": [2_500, 4_000, 5_000, 6_500, 8_000, 9_500],
    "excavator": [4_000, 6_000, 8_000, 10_000, 12_000, 15_000],
    "grader": [5_000, 8_000, 10_500, 13_000, 16_000, 20_000],
    "scraper": [7_000, 10_000, 13_000, 16_500, 20_000, 27_500],
}
CHART_PIECES = 10
STAMPS = {"backhoe": 30, "dozer": 30, "excavator": 30, "grader": 30, "scraper": 24, "truck": 6}

PROPERTIES = {
    "landfill": {"name": "Landfill", "price": 100_000},
    "sand-gravel": {"name": "Sand & Gravel", "price": 200_000},
    "paving": {"name": "Paving Plant", "price": 400_000},
    "concrete": {"name": "Concrete Plant", "price": 500_000},
}


def job(kind: str, name: str, cost: int, **extra: object) -> dict[str, object]:
    square: dict[str, object] = {"kind": "job", "type": kind, "name": name, "cost": cost}
    square.update(extra)
    return square


def track() -> list[dict[str, object]]:
    """52 squares: YEAR END, 5 market weeks, 5 seasons of 8 weeks, 6 winter weeks."""
    squares: list[dict[str, object]] = [{"kind": "yearend", "name": "YEAR END"}]
    for kind in TYPES:
        squares.append({"kind": "market", "type": kind, "name": f"{SEASONS[kind].title()} market outlook"})
    b, d, e, g, s = TYPES
    # Residential (backhoes), squares 6-13; 13 is a corner.
    squares += [
        job(b, "Septic system, farmhouse", 500),
        job(b, "Basements, starter homes", 1_000, card=True),
        job(b, "Water line to a cul-de-sac", 1_000, truck=3_000),
        job(b, "Foundations, townhouses", 1_000, fee={"property": "landfill", "per_piece": 1_500}),
        job(b, "Subdivision utilities", 1_500, bid=True),
        job(b, "Swimming pools", 1_000, bonus=3_000),
        job(b, "Sewer hookups", 1_000, card=True),
        job(b, "Hillside lots", 1_500, corner={"text": "Spring mud: every contractor pays $500 per piece owned", "per_piece": 500}),
    ]
    # Commercial (dozers), 14-21.
    squares += [
        job(d, "Fast-food pad", 1_500),
        job(d, "Mini-mall site", 2_000, card=True),
        job(d, "Car dealership lot", 1_500, truck=5_000),
        job(d, "Office park clearing", 2_000, fee={"property": "sand-gravel", "per_piece": 2_500}),
        job(d, "Big-box store", 2_500, bid=True),
        job(d, "Motel grading", 1_500, bonus=4_000),
        job(d, "Gas station", 2_000, card=True, fee={"property": "landfill", "per_piece": 1_500}),
        job(d, "Shopping-centre parking", 2_500, truck=5_000),
    ]
    # Institutional (excavators), 22-29; 26 is a corner.
    squares += [
        job(e, "Church basement", 2_000),
        job(e, "Library foundation", 2_500, card=True),
        job(e, "Fire station", 2_500, fee={"property": "concrete", "per_piece": 3_500}),
        job(e, "Hospital wing", 3_000, bid=True),
        job(e, "High school", 3_000, corner={"text": "Safety inspection: every contractor pays $5,000", "flat": 5_000}),
        job(e, "Jail annex", 2_500, truck=6_000),
        job(e, "University labs", 3_000, card=True, fee={"property": "concrete", "per_piece": 3_500}),
        job(e, "Courthouse", 2_500, bonus=5_000),
    ]
    # Municipal (graders), 30-37.
    squares += [
        job(g, "Residential streets", 2_500, fee={"property": "paving", "per_piece": 4_000}),
        job(g, "Storm drains", 3_000, card=True),
        job(g, "City park", 2_500, bonus=5_000),
        job(g, "Water treatment plant", 3_500, bid=True),
        job(g, "Airport access road", 3_000, truck=7_000),
        job(g, "Bridge approaches", 3_500, card=True, fee={"property": "concrete", "per_piece": 3_500}),
        job(g, "Ball fields", 2_500, fee={"property": "sand-gravel", "per_piece": 2_500}),
        job(g, "Main street rebuild", 3_500, fee={"property": "paving", "per_piece": 4_000}),
    ]
    # Heavy/highway (scrapers), 38-45; 39 is a corner.
    squares += [
        job(s, "Interchange ramps", 3_500, truck=8_000, fee={"property": "paving", "per_piece": 4_000}),
        job(s, "Freeway widening", 4_500, card=True, corner={"text": "Fuel price hike: every contractor pays $1,000 per piece owned", "per_piece": 1_000}),
        job(s, "Earth dam", 4_500, fee={"property": "sand-gravel", "per_piece": 2_500}),
        job(s, "Airport runway", 5_000, bid=True, fee={"property": "paving", "per_piece": 4_000}),
        job(s, "Mine haul road", 4_000, card=True),
        job(s, "Levee", 4_000, bonus=6_000),
        job(s, "Mountain pass highway", 5_000, card=True, truck=8_000),
        job(s, "Railroad grade", 4_500, fee={"property": "concrete", "per_piece": 3_500}),
    ]
    # Winter, 46-51: no construction; bills and a little work for the owners of the right kit.
    squares += [
        {"kind": "winter", "name": "Haul the fleet to the winter yard", "truck": 6_000},
        {"kind": "winter", "name": "Snow-plowing contract: each grader earns $4,000", "earn": {"type": g, "each": 4_000}},
        {"kind": "winter", "name": "Shop floor: pay $10,000 to the Concrete Plant", "fee": {"property": "concrete", "amount": 10_000}},
        {"kind": "winter", "name": "Insurance renewal: $500 per piece owned", "per_piece": 500},
        {"kind": "winter", "name": "Yard clean-up: pay $5,000 to the Landfill", "fee": {"property": "landfill", "amount": 5_000}},
        {"kind": "winter", "name": "Winter overhaul: $500 per piece owned", "per_piece": 500},
    ]
    assert len(squares) == 52, len(squares)
    return squares


def cards() -> list[dict[str, object]]:
    """48 original Contractor's Contingency cards (drawn only on jobs that ask for one)."""
    c: list[tuple[str, dict[str, object]]] = [
        # Good news (16)
        ("Dry spell: the crew finishes a week early. Bonus $5,000.", {"cash": 5_000}),
        ("The owner loves your work and adds extras: gross +50%.", {"gross": 50}),
        ("Change order approved at a fat rate: gross +25%.", {"gross": 25}),
        ("Change order approved at a fat rate: gross +25%.", {"gross": 25}),
        ("Rock turned out to be rippable: save $1,000 per piece on the job.", {"per_piece": 1_000}),
        ("Your estimator found a cheaper borrow pit. Collect $4,000.", {"cash": 4_000}),
        ("Early-completion incentive paid. Collect $8,000.", {"cash": 8_000}),
        ("Sold the surplus topsoil. Collect $3,000.", {"cash": 3_000}),
        ("The engineer waives a re-test. Collect $2,000.", {"cash": 2_000}),
        ("Perfect compaction on the first pass: gross +20%.", {"gross": 20}),
        ("Fuel rebate from the supplier. Collect $1,000 per piece on the job.", {"per_piece": 1_000}),
        ("Night shift allowed: the job pays double-time premiums. Gross +30%.", {"gross": 30}),
        ("Salvage rights to old pipe on the site. Collect $6,000.", {"cash": 6_000}),
        ("Safety award from the state. Collect $5,000.", {"cash": 5_000}),
        ("No rain all month. Nothing goes wrong.", {}),
        ("A quiet job. Nothing to report.", {}),
        # Bad news (32)
        ("Rain delay: two weeks of standby. Pay $1,000 per piece on the job.", {"per_piece": -1_000}),
        ("Rain delay: two weeks of standby. Pay $1,000 per piece on the job.", {"per_piece": -1_000}),
        ("Hydraulic hose bursts: pay $1,000 per piece on the job.", {"per_piece": -1_000}),
        ("Blown engine on one machine. Pay $8,000.", {"cash": -8_000}),
        ("Hit an unmarked gas line: fines and repairs $10,000.", {"cash": -10_000}),
        ("Buried boulders: gross -25%.", {"gross": -25}),
        ("Buried boulders: gross -25%.", {"gross": -25}),
        ("Groundwater: pumps and wellpoints cost $5,000.", {"cash": -5_000}),
        ("Owner is slow to pay: gross -20% to cover the interest.", {"gross": -20}),
        ("Archaeologists find artifacts: the job stops. No gross income.", {"gross": -100}),
        ("The plans were wrong: redo a week's work. Gross -50%.", {"gross": -50}),
        ("Operator quits mid-job; overtime for the rest. Pay $3,000.", {"cash": -3_000}),
        ("Trucking bill for imported fill: $6,000 (your trucks cannot haul it).", {"trucking": 6_000}),
        ("Trucking bill for haul-off of unsuitable soil: $4,000.", {"trucking": 4_000}),
        ("Trucking bill, emergency lowboy move: $3,000.", {"trucking": 3_000}),
        ("Extra fill dumped at the landfill: pay $5,000 to the Landfill.", {"fee": {"property": "landfill", "amount": 5_000}}),
        ("Extra base rock: pay $8,000 to Sand & Gravel.", {"fee": {"property": "sand-gravel", "amount": 8_000}}),
        ("Patch the haul road: pay $8,000 to the Paving Plant.", {"fee": {"property": "paving", "amount": 8_000}}),
        ("Footings must be poured twice: pay $10,000 to the Concrete Plant.", {"fee": {"property": "concrete", "amount": 10_000}}),
        ("Stolen battery and tools. Pay $2,000.", {"cash": -2_000}),
        ("Environmental permit delay: gross -30%.", {"gross": -30}),
        ("Dust complaints; water trucks on every shift. Pay $4,000.", {"cash": -4_000}),
        ("Mechanic's overtime: pay $1,000 per piece on the job.", {"per_piece": -1_000}),
        ("Flat tires all week. Pay $500 per piece on the job.", {"per_piece": -500}),
        ("Survey stakes knocked out; resurvey costs $3,000.", {"cash": -3_000}),
        ("Neighbour's lawsuit settled out of court: pay $7,000.", {"cash": -7_000}),
        ("Union wage increase this season: gross -15%.", {"gross": -15}),
        ("Insurance deductible on a rolled machine: $6,000.", {"cash": -6_000}),
        ("Frost heave: regrade part of the site. Gross -20%.", {"gross": -20}),
        ("A broken track pin on the first day. Pay $2,500.", {"cash": -2_500}),
        ("Inspector orders more erosion control: pay $3,500.", {"cash": -3_500}),
        ("Late-delivery penalty written into the contract: gross -10%.", {"gross": -10}),
    ]
    assert len(c) == 48, len(c)
    return [{"id": i, "text": text, "effect": effect} for i, (text, effect) in enumerate(c)]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    chart = {
        "types": TYPES,
        "seasons": SEASONS,
        "prices": PRICES,
        "rates": RATES,
        "chart_pieces": CHART_PIECES,
        "stamps": STAMPS,
        "properties": PROPERTIES,
    }
    (OUT / "chart.json").write_text(json.dumps(chart, indent=1) + "\n", encoding="utf-8")
    (OUT / "track.json").write_text(json.dumps(track(), indent=1) + "\n", encoding="utf-8")
    (OUT / "cards.json").write_text(json.dumps(cards(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}/chart.json, track.json, cards.json")


if __name__ == "__main__":
    main()
