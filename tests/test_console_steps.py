"""The console offers moves the way the Discord board does: numbered main choices, groups,
narrowing step by step, and a number asked for a long choice among amounts.

Real session layer and store (the ``tables`` fixture); the toy ``toy-tiles`` files its lays two
levels deep (hex, then tile and rotation) and ``toy-bid`` below offers Pass and a bid among
sixteen amounts.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.console import CONSOLE_CHANNEL, Console
from bot.engine import Action, Event, Game, Outcome, Prompt, State, register, seat_ref, seed_value
from bot.tables import Tables
from tests.conftest import ANA, BO
from tests.toygame import ToyTiles


class ToyBid(Game):
    """One bid, or a pass, each: bids from $10,000 to $40,000 in steps of $2,000."""

    slug = "toy-bid"
    title = "Toy Bid"
    min_players = 2
    max_players = 2
    summary = "Bid once or pass."
    grouped = True
    hidden_information = False

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"rng": seed_value(seed), "turn": 0, "bids": [None, None], "done": 0}

    def legal_prompts(self, state: State) -> list[Prompt]:
        if state["done"] >= 2:
            return []
        actions = [Action("pass", "Pass", main=True)]
        actions += [Action(f"bid:{n}", f"Bid ${n * 1000:,}") for n in range(10, 41, 2)]
        return [Prompt(state["turn"], f"{seat_ref(state['turn'])}: bid or pass", tuple(actions))]

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        state["turn"], state["done"] = 1 - seat, state["done"] + 1
        if key == "pass":
            return [Event(f"{seat_ref(seat)} passes.")]
        state["bids"][seat] = int(key.split(":")[1])
        return [Event(f"{seat_ref(seat)} bids ${state['bids'][seat] * 1000:,}.")]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"bids": list(state["bids"])}

    def outcome(self, state: State) -> Outcome | None:
        if state["done"] < 2:
            return None
        return Outcome.ranked([bid or 0 for bid in state["bids"]], "Both have bid.")

    def max_actions(self, players: int) -> int:
        return 4


register(ToyTiles())
register(ToyBid())


async def _console_at(tables: Tables, tmp_path: Path, slug: str) -> tuple[Console, io.StringIO, int]:
    """A started two-player table of ``slug`` in the console, the console acting as the mover."""
    reply = await tables.create(guild_id=None, channel_id=CONSOLE_CHANNEL, host=ANA, slug=slug)
    await tables.join(channel_id=CONSOLE_CHANNEL, user=BO)
    await tables.start(channel_id=CONSOLE_CHANNEL, user=ANA)
    live = await tables.load(reply.table_id)
    out = io.StringIO()
    console = Console(tables, tmp_path, out)
    console.user = ANA if tables.turns(live)[0].user_id == ANA.id else BO
    console.show_menu(await tables.board(channel_id=CONSOLE_CHANNEL))
    return console, out, reply.table_id


def _fresh(out: io.StringIO) -> None:
    out.seek(0)
    out.truncate(0)


async def test_a_group_narrows_step_by_step_and_zero_goes_back(tables: Tables, tmp_path: Path) -> None:
    console, out, table_id = await _console_at(tables, tmp_path, "toy-tiles")
    shown = out.getvalue()
    # The board's controls: Pass, then the "Tiles" menu naming the hexes (each opens a step).
    assert "  1. Pass\n  Tiles:\n    2. A1 …\n    3. B2 …\n    4. C3 …\n" in shown
    _fresh(out)
    await console.run(["3"])
    assert "Tiles › B2 (type a number, 0 to go back" in out.getvalue()
    assert "  7:\n    1. Lay tile 7 on B2, rotation 0\n" in out.getvalue()
    _fresh(out)
    await console.run(["0"])
    assert "Your moves" in out.getvalue() and "    3. B2 …" in out.getvalue()
    _fresh(out)
    await console.run(["3", "6"])  # B2, then tile 8 rotation 2
    assert (await tables.store.actions(table_id))[-1].action_key == "lay:B2:8:2"
    assert "lays tile 8 on B2" in out.getvalue() and "→" in out.getvalue()  # the other player is called
    _fresh(out)
    await console.run(["1"])  # no longer this user's menu
    assert "no menu" in out.getvalue() and (await tables.store.actions(table_id))[-1].action_key == "lay:B2:8:2"


async def test_an_amount_is_asked_for_and_a_refused_one_gives_the_range(tables: Tables, tmp_path: Path) -> None:
    console, out, table_id = await _console_at(tables, tmp_path, "toy-bid")
    shown = out.getvalue()
    assert "  1. Pass\n  2. Bid $10,000\n  3. Bid $40,000\n  4. Enter amount… (Bid: $10,000 to $40,000)\n" in shown
    _fresh(out)
    await console.run(["4", "15k"])
    refused = out.getvalue()
    assert "$15,000 is not a bid you can make" in refused and "nearest: $14,000, $16,000" in refused
    assert await tables.store.actions(table_id) == []
    await console.run(["$16,000"])  # still asking: the number is played
    assert (await tables.store.actions(table_id))[-1].action_key == "bid:16"


async def test_a_menu_printed_for_an_older_board_is_refused(tables: Tables, tmp_path: Path) -> None:
    console, out, table_id = await _console_at(tables, tmp_path, "toy-bid")
    stale = console.menu
    await console.run(["1"])  # pass
    assert stale is not None and len(await tables.store.actions(table_id)) == 1
    other = BO if console.user.id == ANA.id else ANA
    console.user = other
    _fresh(out)
    old = stale.__class__(stale.table_id, stale.revision, other.id, stale.actions, True)
    old.lines()
    await console.pick(old, 2)
    assert "out of date" in out.getvalue() and len(await tables.store.actions(table_id)) == 1
