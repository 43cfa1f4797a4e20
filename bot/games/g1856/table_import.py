"""An 18xx.games 1856 record as a gamemaster table record, so ``/game import`` can continue it.

:mod:`replay18xx` proves a record against our rules engine; this module turns the same record
into the moves a Discord table is made of — our action keys, seat by seat — so the imported
game goes on in a channel exactly where the record stops.

How a recorded action becomes a key: the record is stepped through the rules engine (the
same steps as :mod:`replay18xx`), and beside it our :class:`~bot.games.g1856.rules.G1856`
plays a table. After each recorded action the table must reach the engine's state with its
legal keys: one key, a key and then a price (``company:TCC``, ``price:37``), or a run built
by hand (``run:choose``, ``stop:…``, ``end``) when the record's run is not the bot's best.
The keys our translation guesses are tried first; if they do not land on the same state,
every legal key is tried. So the table's moves are legal moves by construction, and a
record our table cannot follow is refused with the action's number. A record that replays
only as an earlier platform version (see :data:`replay18xx.PLATFORM_VERSIONS`) is refused:
our tables play today's turn sequence.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.engine import IllegalAction, State
from bot.games.g1856 import board, core, replay18xx
from bot.games.g1856.messages import Code, T
from bot.games.g1856.routes import validate_run
from bot.games.g1856.rules import G1856

# What only the table keeps (searches cached for its prompts, the running log, a price being
# chosen) or keeps in its own words (the routes a run took: the record's and ours may differ
# at equal revenue); the rest of the state must match the engine's exactly.
_TABLE_ONLY_OP = ("lays", "lays_for", "plan", "plan_for", "routes", "offer", "building", "declined", "looking")


class NotAnImport(ValueError):
    """The record cannot become a table; the message names the action and the reason."""


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    key: str


def is_18xx_record(record: Any) -> bool:
    """Whether ``record`` looks like an 18xx.games 1856 export (not a gamemaster record)."""
    return (
        isinstance(record, dict)
        and "format" not in record
        and str(record.get("title", "")).strip() == "1856"
        and isinstance(record.get("players"), list)
        and isinstance(record.get("actions"), list)
    )


def player_names(record: dict[str, Any]) -> list[str]:
    return replay18xx.seats_of(record)[0]


def table_options(record: dict[str, Any]) -> dict[str, str]:
    """Our table options for the record's settings (see :func:`replay18xx.settings_of`)."""
    variant, alternate, legacy = replay18xx.settings_of(record)
    destinations = "alternate" if alternate else ("legacy" if legacy else "standard")
    unlimited = replay18xx.table_options(record)["unlimited_bonus_tokens"]
    return {
        "variant": variant,
        "destinations": destinations,
        "bonus_tokens": "unlimited" if unlimited else "limited",
    }


@cache
def canonical_rotation(tile: str, rotation: int) -> int:
    """The lowest rotation that gives ``tile`` the same track as ``rotation`` (a straight
    track turned half-way round is the same tile): our prompts list each shape once."""
    def shape(r: int) -> frozenset[tuple[str, str]]:
        return frozenset((a, b) if a < b else (b, a) for a, b, _ in board.placed_tile(tile, r).paths)

    return next(r for r in range(6) if shape(r) == shape(rotation))


def _comparable(state: State) -> State:
    # "last" is what the table card shows of the move just made: how a state was reached, not
    # the game's position, so two ways to one position compare equal.
    out = {k: v for k, v in state.items() if k not in ("log", "values", "last")}
    op = out.get("op")
    if isinstance(op, dict):
        out["op"] = {k: v for k, v in op.items() if k not in _TABLE_ONLY_OP}
    tiles = state.get("map", {}).get("tiles")
    if tiles:
        out["map"] = dict(state["map"], tiles={
            coord: dict(laid, rotation=canonical_rotation(laid["tile"], laid["rotation"]))
            for coord, laid in tiles.items()
        })
    return out


def _guess(before: State, after: State, action: dict[str, Any]) -> list[str]:
    """The key (or key and price) most likely to do what ``action`` did."""
    kind = action["type"]
    rnd = before["round"]
    if kind == "pass":
        if before.get("nationalization"):
            return [f"payoff:{before['nationalization']['queue'][0]}"]
        return ["pass"]
    if kind == "merge" and before.get("nationalization"):
        return [f"merge:{before['nationalization']['queue'][0]}"]
    if kind == "bid" and rnd == "auction":
        sym, price = action["company"], int(action["price"])
        if not before["auction"]["auctioning"] and sym == core.auction_cheapest(before):
            return [f"buy:{sym}"]
        return [f"bid:{sym}:{price}"]
    if kind == "par":
        return [f"par:{action['corporation']}:{str(action['share_price']).split(',')[0]}"]
    if kind == "buy_shares":
        corp = str(action["shares"][0]).rsplit("_", 1)[0]
        sold_before = before["corps"][corp]["pool"] if corp in before["corps"] else 0
        sold_after = after["corps"][corp]["pool"] if corp in after["corps"] else 0
        return [f"buy:{corp}:{'pool' if sold_after < sold_before else 'ipo'}"]
    if kind == "sell_shares":
        corp = str(action["shares"][0]).rsplit("_", 1)[0]
        unit = before["corps"][corp].get("share_size", 10)
        return [f"sell:{corp}:{int(action.get('percent') or unit * len(action['shares'])) // unit}"]
    if kind == "bankrupt":
        return ["bankrupt"]
    if kind == "lay_tile":
        tile = str(action["tile"]).rsplit("-", 1)[0]
        return [f"lay:{action['hex']}:{tile}:{canonical_rotation(tile, int(action['rotation']) % 6)}"]
    if kind == "run_routes":
        return _run_keys(before, action)
    if kind == "dividend":
        return ["payout" if action["kind"] == "payout" else "withhold"]
    if kind == "take_loan":
        return ["loan"]
    if kind == "payoff_loan":
        return ["repay"]
    if kind == "discard_train":
        return [f"discard:{replay18xx.train_id(action['train'])}"]
    if kind == "assign":
        return [f"port:{action['target']}"]
    if kind == "buy_company":
        return [f"company:{action['company']}", f"price:{int(action['price'])}"]
    if kind == "special_buy":
        # Newer records name the item ({"item": {"description": ...}}), older ones the action.
        item = str((action.get("item") or {}).get("description") or action.get("description") or "").lower()
        return [f"right:{'tunnel' if 'tunnel' in item else 'bridge'}"]
    if kind == "buy_train":
        tid = replay18xx.train_id(action["train"])
        if action.get("exchange"):
            return [f"train:{tid}:trade:{replay18xx.train_id(action['exchange'])}"]
        owner = next((c for c, v in before["corps"].items() if tid in v["trains"]), None)
        if owner is not None:
            return [f"train:{tid}:{owner}", f"price:{int(action['price'])}"]
        return [f"train:{tid}"]
    return []


def _run_keys(before: State, action: dict[str, Any]) -> list[str]:
    """The bot's best run when it earns what the record's run earns, else the record's
    routes chosen by hand, train by train and stop by stop."""
    corp = core.current_corp(before)
    if corp is None:
        return []
    trains = list(before["corps"][corp]["trains"])
    recorded = [dict(r, train=replay18xx.train_id(r["train"])) for r in action.get("routes") or []]
    plan = before["op"].get("plan") or {}
    if plan.get("revenue") == sum(int(r.get("revenue") or 0) for r in recorded):
        return ["run:best"]
    try:
        run = validate_run(before["map"], corp, trains, recorded, before["phase"], core.bonuses(before, corp))
    except IllegalAction:
        return []
    stops = {route.train: route.stops for route in run.routes}
    keys = ["run:choose"]
    for train in trains:
        keys += [f"stop:{s}" for s in stops[train]] + ["end"] if train in stops else ["none"]
    return keys


def _prompt_of(game: G1856, state: State) -> tuple[int, list[str]]:
    prompts = game.legal_prompts(state)
    if not prompts:
        return -1, []
    return prompts[0].seat, [a.key for a in prompts[0].actions]


def _copy(state: State) -> State:
    """A deep copy of a state through JSON, which a state is made of (the engine contract: it
    round-trips exactly); several times faster than ``copy.deepcopy`` on a late 1856 state,
    and a try costs one copy."""
    return json.loads(json.dumps(state))


def _reach(game: G1856, table: State, target: State, guess: list[str]) -> list[Move] | None:
    """Keys that take ``table`` to ``target`` (compared without table-only fields), or None.

    The guess first, then every legal key, and after a key that only opens a choice (a price
    to name) every key of that choice.
    """
    goal = _comparable(target)

    def attempt(state: State, keys: list[str]) -> tuple[State, list[Move]] | None:
        moves = []
        state = _copy(state)
        for key in keys:
            seat, legal = _prompt_of(game, state)
            if key not in legal:
                return None
            try:
                game.apply(state, seat, key)
            except IllegalAction:
                return None
            moves.append(Move(seat, key))
        return state, moves

    tried = attempt(table, guess) if guess else None
    if tried and _comparable(tried[0]) == goal:
        table.clear()
        table.update(tried[0])
        return tried[1]
    _, legal = _prompt_of(game, table)
    # Keys of the guessed kind first (a record's "pass" may be ours to skip a step, say);
    # trying a key costs a copy of the state and a move.
    kind = guess[0].split(":")[0] if guess else ""
    legal.sort(key=lambda k: k.split(":")[0] != kind)
    for key in legal:
        first = attempt(table, [key])
        if first is None:
            continue
        state, moves = first
        if _comparable(state) == goal:
            table.clear()
            table.update(state)
            return moves
        if (state.get("op") or {}).get("offer"):  # the key opened a price: try each price
            _, prices = _prompt_of(game, state)
            for price in prices:
                second = attempt(state, [price])
                if second and _comparable(second[0]) == goal:
                    table.clear()
                    table.update(second[0])
                    return moves + second[1]
    return None


def _describe(game: G1856, state: State) -> str:
    seat, legal = _prompt_of(game, state)
    shown = ", ".join(legal[:8]) + (" …" if len(legal) > 8 else "")
    return T("player {n} is offered {keys}", n=seat + 1, keys=Code(shown))


def moves_of(record: dict[str, Any]) -> Iterator[Move]:
    """The table moves that play ``record``; raises :class:`NotAnImport` naming the action."""
    game = G1856()
    names = player_names(record)
    if not game.min_players <= len(names) <= game.max_players:
        raise NotAnImport(T("1856 is for 3–6 players; the record has {n}.", n=len(names)))
    platform = replay18xx.platform_of(record)
    if platform != "current":
        raise NotAnImport(
            T("This record follows the {platform} version of 18xx.games' 1856, whose turn steps or "
              "rules differ from today's (see data/1856/README.md): `python -m bot import-18xx` "
              "replays it, but a table here goes on only from records of the current version.",
              platform=Code(platform))
        )
    table = game.setup(len(names), table_options(record), 0)
    for action, engine in replay18xx.steps(record):
        if _comparable(engine) == _comparable(table):
            continue  # an action the table does by itself (a check, a pass it makes for you)
        found = _reach(game, table, engine, _guess(table, engine, action))
        if found is None:
            raise NotAnImport(
                T("action {id} ({type}): our table cannot make this move; {offered}.", id=Code(str(action.get("id"))),
                  type=Code(str(action["type"])), offered=_describe(game, table))
            )
        yield from found


def gamemaster_record(
    record: dict[str, Any], members: Sequence[tuple[int, str]]
) -> dict[str, Any]:
    """Our (unsigned) table record for ``record``, seat *n* played by ``members[n]``.

    Seat order is the record's player order, and the seed is 0 so the record's first player
    opens the private auction, as on 18xx.games.
    """
    names = player_names(record)
    if len(members) != len(names):
        raise NotAnImport(
            T("The record has {n} players ({names}); name one member for each, in that order.", n=len(names),
              names=Code(", ".join(names)))
        )
    try:
        moves = list(moves_of(record))
    except replay18xx.ReplayError as error:
        raise NotAnImport(error.args[0] if error.args else str(error)) from None
    return {
        "format": "gamemaster-table",
        "format_version": 1,
        "game": G1856.slug,
        "engine_version": G1856.version,
        "options": table_options(record),
        "seed": 0,
        "status": "imported from 18xx.games",
        "seats": [
            {"seat": n, "user_id": user_id, "name": name, "bot": False}
            for n, (user_id, name) in enumerate(members)
        ],
        "actions": [
            {"seat": m.seat, "key": m.key, "user_id": members[m.seat][0]} for m in moves
        ],
    }
