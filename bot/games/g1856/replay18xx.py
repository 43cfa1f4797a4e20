"""Replaying an 18xx.games 1856 record (its JSON export) through our rules engine.

``replay(record)`` applies every standing action (undo/redo resolved, ``skip``-flagged ones
dropped, ``message`` and ``program_*`` ignored, ``auto_actions`` performed after their
action) to :mod:`bot.games.g1856.core` and checks along the way that the record and our
engine agree: who acts, the revenue of every run, which companies reach their destination.
It returns the final player values; :func:`check` compares them with the record's
``result``. A record that cannot be replayed raises :class:`ReplayError` naming the action
and the reason (our engine's :class:`IllegalAction` sentence, or the disagreement).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.engine import IllegalAction
from bot.games.g1856 import board, core
from bot.games.g1856 import map as gmap
from bot.games.g1856.records import standing_actions

IGNORED = ("message", "end_game")
LEGACY_WGB_BEFORE = "2021-06-01"
"""Records the platform made before this date give WGB (Wellington, Grey & Bruce) the
destination Lake Huron (H5) instead of Goderich (F9): record hotseat001 (March 2021) has WGB
reach its destination with track to Lake Huron and replays exactly only so. The boundary is
the date of the platform's change "Fix alternate destinations in 1856" (tobymao/18xx#5552);
later records use the current table."""


class ReplayError(Exception):
    """A record action our engine refuses or disagrees with."""


@dataclass
class ReplayResult:
    names: list[str]
    values: list[int]
    expected: list[int] | None
    actions: int
    state: dict[str, Any]

    @property
    def matches(self) -> bool:
        return self.expected is not None and self.values == self.expected


def _seats(record: dict[str, Any]) -> tuple[list[str], dict[Any, int]]:
    names, lookup = [], {}
    for seat, p in enumerate(record["players"]):
        names.append(str(p.get("name", f"Player {seat + 1}")))
        for key in ("id", "name"):
            if key in p:
                lookup[p[key]] = seat
                lookup[str(p[key])] = seat
    return names, lookup


def replay(record: dict[str, Any]) -> ReplayResult:
    names, seats = _seats(record)
    state = core.new_game(len(names), **table_options(record))
    created = str(record.get("created_at") or "")
    if created and created[:10] < LEGACY_WGB_BEFORE:
        state["legacy_wgb_destination"] = True
    copies: dict[str, str] = {}
    shares: dict[str, str] = {}  # record share id -> "ipo" | "pool" | seat
    count = 0
    for action in standing_actions(record):
        kind = action["type"]
        if kind == "end_game":
            break
        if kind == "message":
            continue
        count += 1
        try:
            _apply(state, action, seats, copies, shares)
        except IllegalAction as exc:
            raise ReplayError(f"action {action.get('id')} ({kind}): our rules refuse it: {exc}") from exc
        if state["round"] == "over":
            break
    values = core.end_values(state)
    expected = None
    result = record.get("result")
    if isinstance(result, dict):
        expected = [0] * len(names)
        for key, value in result.items():
            if key not in seats:
                expected = None
                break
            expected[seats[key]] = int(value)
    return ReplayResult(names, values, expected, count, state)


def table_options(record: dict[str, Any]) -> dict[str, Any]:
    """The record's 18xx.games optional rules as :func:`core.new_game` options; an optional
    rule our 1856 does not have refuses the record."""
    try:
        return core.platform_options((record.get("settings") or {}).get("optional_rules") or [])
    except IllegalAction as exc:
        raise ReplayError(str(exc)) from exc


def _corp_of(state: dict[str, Any], action: dict[str, Any]) -> str:
    entity = str(action["entity"])
    if action.get("entity_type") == "company":
        owner = state["privates"].get(entity, {}).get("owner")
        if not owner or owner.startswith("p"):
            raise ReplayError(f"action {action.get('id')}: {entity} is not owned by a company")
        return owner
    return entity


def _apply(
    state: dict[str, Any],
    action: dict[str, Any],
    seats: dict[Any, int],
    copies: dict[str, str],
    shares: dict[str, str],
) -> None:
    kind = action["type"]
    aid = action.get("id")
    if action.get("auto") and kind == "destination_connection":
        for corp in action.get("corporations") or []:
            if not state["corps"][corp]["destinated"]:
                raise ReplayError(
                    f"action {aid}: the record has {corp} reach its destination, our engine does not"
                )
        return
    if action.get("entity_type") == "player":
        seat = seats.get(action["entity"])
        if seat is None:
            raise ReplayError(f"action {aid}: unknown player {action['entity']!r}")
        rnd = state["round"]
        if kind == "bankrupt":
            core.declare_bankruptcy(state, seat)
            return
        if rnd == "operating" and kind == "sell_shares":
            ids = action["shares"]
            corp = ids[0].rsplit("_", 1)[0]
            unit = state["corps"][corp].get("share_size", 10)
            core.emergency_sell(state, seat, corp, int(action.get("percent") or unit * len(ids)) // unit)
            for sid in ids:
                shares[sid] = "pool"
            return
        if rnd == "auction":
            if kind == "bid":
                core.bid(state, seat, action["company"], int(action["price"]))
            elif kind == "pass":
                core.auction_pass(state, seat)
            else:
                raise ReplayError(f"action {aid}: {kind} during the private auction")
            return
        if rnd != "stock":
            raise ReplayError(f"action {aid}: a player's {kind} while our engine is in round {rnd}")
        if state["sr"]["current"] != seat:
            raise ReplayError(
                f"action {aid}: the record has player {seat + 1} act, our engine expects player "
                f"{state['sr']['current'] + 1}"
            )
        if kind == "par":
            corp = action["corporation"]
            core.par(state, seat, corp, int(str(action["share_price"]).split(",")[0]))
            shares[f"{corp}_0"] = str(seat)
        elif kind == "buy_shares":
            ids = action["shares"]
            for sid in ids:
                corp = sid.rsplit("_", 1)[0]
                source = shares.get(sid, "ipo")
                if source not in ("ipo", "pool"):
                    raise ReplayError(f"action {aid}: share {sid} is held by a player")
                core.buy_share(state, seat, corp, source)
                shares[sid] = str(seat)
        elif kind == "sell_shares":
            ids = action["shares"]
            corp = ids[0].rsplit("_", 1)[0]
            pct = int(action.get("percent") or 10 * len(ids))
            core.sell_shares(state, seat, corp, pct)
            for sid in ids:
                shares[sid] = "pool"
        elif kind == "pass":
            core.sr_pass(state, seat)
        else:
            raise ReplayError(f"action {aid}: {kind} is not supported in a stock round")
        return
    corp = _corp_of(state, action)
    if (
        state.get("nationalization")
        and kind in ("merge", "pass")
        and state["nationalization"]["queue"][:1] == [corp]
    ):
        core.nationalization_choice(state, corp, pay=kind == "pass")
        return
    if kind == "discard_train":
        core.discard_train(state, corp, action["train"])
        return
    if kind == "assign":
        core.assign_port(state, corp, action["target"])
        return
    if kind == "place_token" and _home_token(state, corp, action):
        return
    if kind == "place_token" and action.get("entity") == "WSRC":
        core.wsrc_token(state, corp, int(action["city"].rpartition("-")[2]))
        return
    if state["round"] != "operating" or core.current_corp(state) != corp:
        raise ReplayError(
            f"action {aid}: the record has {corp} act ({kind}), our engine is at "
            f"{core.current_corp(state) or state['round']}"
        )
    if kind == "lay_tile":
        name = action["tile"].rsplit("-", 1)[0]
        core.lay_tile(state, corp, action["hex"], name, int(action["rotation"]))
        copies[action["tile"]] = action["hex"]
    elif kind == "place_token":
        copy_id, _, city = action["city"].rpartition("-")
        coord = copies.get(copy_id) or copy_id.split("-")[0]
        core.place_token(state, corp, coord, int(city))
    elif kind == "run_routes":
        routes = [dict(r) for r in action["routes"]]
        revenue = core.run_routes(state, corp, routes)
        recorded = sum(int(r.get("revenue") or 0) for r in routes)
        if all("revenue" in r for r in routes) and revenue != recorded:
            raise ReplayError(
                f"action {aid}: the run earns ${revenue} by our rules, the record says ${recorded}"
            )
    elif kind == "dividend":
        core.dividend(state, corp, action["kind"])
    elif kind == "buy_train":
        core.buy_train(state, corp, action["train"], int(action["price"]), action.get("exchange"))
    elif kind == "take_loan":
        core.take_loan(state, corp)
    elif kind == "payoff_loan":
        core.payoff_loan(state, corp)
    elif kind == "buy_company":
        core.buy_company(state, corp, action["company"], int(action["price"]))
    elif kind == "special_buy":
        item = str((action.get("item") or {}).get("description", "")).lower()
        core.buy_right(state, corp, "tunnel" if "tunnel" in item else "bridge")
    elif kind == "pass":
        core.or_pass(state, corp)
    else:
        raise ReplayError(f"action {aid}: {kind} is not supported by our importer yet")


def _home_token(state: dict[str, Any], corp: str, action: dict[str, Any]) -> bool:
    """A ``place_token`` that is THB's home station at the start of its first turn (the
    platform asks for one once Hamilton has track): the president's choice of city when our
    engine offers one; when only one city had room our engine placed it already, and the
    record must name that city. False: not a home station."""
    tail = str(action.get("city", "")).rpartition("-")[2]
    city = int(tail) if tail.isdigit() else -1
    if (pending := core.pending_home(state)) and pending["corp"] == corp:
        core.choose_home(state, corp, pending["hex"], city)
        return True
    home = board.corporations().get(corp, {})
    op = state.get("op") if state["round"] == "operating" else None
    if home.get("home_city", 0) is not None or not op or op["corp"] != corp or op["step"] != "track" or op["laid"]:
        return False
    if gmap.tokens_of(state["map"], corp) != [(home["home"], city)]:
        raise ReplayError(f"action {action.get('id')}: the record puts {corp}'s home station in city {city}")
    return True


def check(path: str | Path) -> ReplayResult:
    return replay(json.loads(Path(path).read_text()))


def report(path: str | Path) -> tuple[str, bool]:
    """The text ``python -m bot import-18xx FILE`` prints, and whether it matched."""
    try:
        result = check(path)
    except ReplayError as exc:
        return f"Refused: {exc}", False
    lines = [f"Replayed {result.actions} actions."]
    for seat, name in enumerate(result.names):
        expected = "" if result.expected is None else f" (record: {result.expected[seat]})"
        lines.append(f"  {name}: {result.values[seat]}{expected}")
    if result.expected is None:
        lines.append("The record has no result to compare.")
    else:
        lines.append(
            "Equal to the record's result." if result.matches else "DIFFERENT from the record's result."
        )
    return "\n".join(lines), result.matches
