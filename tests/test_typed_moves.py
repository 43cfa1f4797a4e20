"""Typed moves: only an exact match plays; partial matches are offered; amounts read as people write them.

Over real games on the real session layer (SQLite): the Silver Lake ``/play mortgage`` case
(the only partial match used to mortgage Pike Lake at once), Bullfrog Goldfield's prices and
bids in thousands, and the refusal of an amount that is not legal.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import Action, Written, amount_choices, parse_amount, split_amount
from bot.games import load_all
from bot.tables import (
    AmbiguousMove,
    AmountRefused,
    ConfirmMove,
    IllegalMove,
    StaleBoard,
    Tables,
    User,
    resolve_move,
)
from tests.conftest import ANA, BO

CHANNEL = 88
load_all()


async def start(tables: Tables, slug: str) -> int:
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug=slug)
    await tables.join(channel_id=CHANNEL, user=BO)
    await tables.start(channel_id=CHANNEL, user=ANA)
    return reply.table_id


async def drive(tables: Tables, table_id: int, until: Callable[[list[Action]], bool],
                prefer: tuple[str, ...]) -> User:
    """Play (by key) the first preferred move until the mover's actions satisfy ``until``."""
    for _ in range(300):
        live = await tables.load(table_id)
        turn = tables.turns(live)[0]
        user = ANA if turn.user_id == ANA.id else BO
        actions = list(turn.actions)
        if until(actions):
            return user
        keys = [a.key for a in actions]
        key = next((k for p in prefer for k in keys if k.startswith(p)), keys[0])
        await tables.act(user=user, move=key, table_id=table_id)
    raise AssertionError("the wanted prompt never came")


def test_amounts_are_read_the_way_people_write_them() -> None:
    for text in ("15000", "$15,000", "15k", "15 000", "15K", "$15k", "15_000"):
        assert parse_amount(text) is not None and parse_amount(text).dollars == 15000, text
    assert parse_amount("1.5k") == Written(1500, False)
    assert parse_amount("$1.5 million") == Written(1_500_000, False)
    for text in ("abc", "1.2345k", "15,00", "", "k"):
        assert parse_amount(text) is None, text
    assert split_amount("bid $15,000") == ("bid", Written(15000, False))
    assert split_amount("b12") is None and split_amount("mortgage") is None


def test_amount_choices_find_money_keys_and_their_unit() -> None:
    actions = [Action("pass", "Pass"), Action("draw:3", "Draw card 3")]
    actions += [Action(f"price:{p}", f"Pay ${p * 1000:,} (starts at {p})") for p in (2, 6, 11, 26)]
    actions += [Action(f"bid:{a}", f"Bid ${a:,}") for a in range(12000, 40001, 1000)]
    prices, bids = amount_choices(actions)
    assert (prices.prefix, prices.unit, prices.amounts) == ("price", 1000, [2000, 6000, 11000, 26000])
    assert (bids.prefix, bids.unit, bids.amounts[:2]) == ("bid", 1, [12000, 13000])
    assert bids.refusal(Written(15500, False)) == (
        "$15,500 is not a bid you can make: bids go from $12,000 to $40,000 in steps of $1,000; "
        "nearest: $15,000, $16,000.")
    assert "the prices you can make are $2,000, $6,000, $11,000, $26,000" in prices.refusal(Written(7000, False))
    assert prices.field_label() == "Price: $2,000 to $26,000"


def test_only_an_exact_match_plays_at_once() -> None:
    actions = [
        Action("build:harbor", "Build Harbor (8 doubloons)"),
        Action("build:hacienda", "Build Hacienda (2 doubloons)"),
        Action("pass", "Pass"),
    ]
    assert resolve_move("pass", actions).how == "exact"
    assert resolve_move("PASS", actions).action.key == "pass"
    assert resolve_move("  build   HARBOR (8 doubloons) ", actions).how == "exact"  # the whole label
    partial = resolve_move("harb", actions)
    assert (partial.how, partial.action.key) == ("confirm", "build:harbor")
    several = resolve_move("build", actions)
    assert several.how == "several" and [a.key for a in several.actions] == ["build:harbor", "build:hacienda"]
    with pytest.raises(IllegalMove):
        resolve_move("castle", actions)


async def test_silver_lake_mortgage_asks_first_and_a_stale_confirmation_is_refused(tables: Tables) -> None:
    table_id = await start(tables, "silver-lake")
    mover = await drive(tables, table_id, lambda acts: sum(a.key.startswith("mortgage:") for a in acts) == 1,
                        ("buy", "roll"))
    live = await tables.load(table_id)
    position, revision = live.position, tables.board_revision(live)
    [mortgage] = [a for a in tables.turns(live)[0].actions if a.key.startswith("mortgage:")]
    with pytest.raises(ConfirmMove) as asked:
        await tables.act(user=mover, move="mortgage", channel_id=CHANNEL)
    assert mortgage.label in str(asked.value) and "Confirm" in str(asked.value)
    assert [a.key for a in asked.value.candidates] == [mortgage.key]
    assert (asked.value.table_id, asked.value.revision) == (table_id, revision)
    assert (await tables.load(table_id)).position == position  # nothing was played
    # The confirmation plays the key it carries, for the board it was made for …
    reply = await tables.act(user=mover, move=mortgage.key, table_id=table_id, expected_revision=revision,
                             channel_id=CHANNEL)
    assert (await tables.load(table_id)).position > position and "ortgage" in reply.text
    # … and the same confirmation once more is out of date.
    with pytest.raises(StaleBoard):
        await tables.act(user=mover, move=mortgage.key, table_id=table_id, expected_revision=revision,
                         channel_id=CHANNEL)


async def start_in(tables: Tables, slug: str, channel: int) -> int:
    reply = await tables.create(guild_id=1, channel_id=channel, host=ANA, slug=slug)
    await tables.join(channel_id=channel, user=BO)
    await tables.start(channel_id=channel, user=ANA)
    return reply.table_id


async def test_bullfrog_prices_accept_the_three_spellings(tables: Tables) -> None:
    # Bullfrog keeps money in thousands: the key of a $15,000 charter price is price:15.
    for channel, spelling in enumerate(("15000", "$15,000", "15k", "pay 15 000", "price 15"), start=CHANNEL):
        table_id = await start_in(tables, "bullfrog-goldfield", channel)
        mover = await drive(tables, table_id, lambda acts: any(a.key == "price:15" for a in acts), ("charter",))
        position = (await tables.load(table_id)).position
        await tables.act(user=mover, move=spelling, channel_id=channel)
        assert (await tables.load(table_id)).position == position + 1, spelling
        assert (await tables.store.actions(table_id))[-1].action_key == "price:15", spelling


async def test_a_refused_amount_says_the_legal_range_and_changes_nothing(tables: Tables) -> None:
    table_id = await start(tables, "bullfrog-goldfield")
    mover = await drive(tables, table_id, lambda acts: any(a.key.startswith("price:") for a in acts), ("charter",))
    live = await tables.load(table_id)
    prices = sorted(int(a.key.split(":")[1]) for a in tables.turns(live)[0].actions if a.key.startswith("price:"))
    position = live.position
    with pytest.raises(AmountRefused) as refused:
        await tables.act(user=mover, move="$1,500", channel_id=CHANNEL)
    low, high = f"${prices[0] * 1000:,}", f"${prices[-1] * 1000:,}"
    assert str(refused.value).startswith(f"$1,500 is not a price you can make: prices go from {low} to {high}")
    assert f"nearest: {low}" in str(refused.value)
    assert (await tables.load(table_id)).position == position


async def test_a_bare_small_number_is_read_in_the_games_thousands(tables: Tables) -> None:
    """"bid 12" in Bullfrog is $12,000 — never a prefix of $120,000."""
    table_id = await start(tables, "bullfrog-goldfield")
    mover = await drive(tables, table_id, lambda acts: any(a.key == "price:12" for a in acts), ("charter",))
    await tables.act(user=mover, move="12", channel_id=CHANNEL)
    assert (await tables.store.actions(table_id))[-1].action_key == "price:12"


async def test_several_partial_matches_are_offered_not_played(tables: Tables) -> None:
    table_id = await start(tables, "bullfrog-goldfield")
    mover = await drive(tables, table_id, lambda acts: sum(a.key.startswith("price:") for a in acts) > 1,
                        ("charter",))
    position = (await tables.load(table_id)).position
    with pytest.raises(AmbiguousMove) as several:
        await tables.act(user=mover, move="pay", channel_id=CHANNEL)
    assert len(several.value.candidates) > 1 and "Pick one" in str(several.value)
    assert (await tables.load(table_id)).position == position


async def test_the_console_asks_before_a_partial_match_and_plays_on_yes(tables: Tables, tmp_path) -> None:
    import io

    from bot.console import CONSOLE_CHANNEL, Console

    reply = await tables.create(guild_id=None, channel_id=CONSOLE_CHANNEL, host=ANA, slug="hisss")
    await tables.join(channel_id=CONSOLE_CHANNEL, user=BO)
    await tables.start(channel_id=CONSOLE_CHANNEL, user=ANA)
    live = await tables.load(reply.table_id)
    out = io.StringIO()
    console = Console(tables, tmp_path, out)
    console.user = ANA if tables.turns(live)[0].user_id == ANA.id else BO
    position = live.position
    await console.run(["/play draw 7", "n"])
    assert "would play: Draw A7" in out.getvalue() and "Play it? (y/n)" in out.getvalue()
    assert "Cancelled — nothing was played." in out.getvalue()
    assert (await tables.load(reply.table_id)).position == position
    await console.run(["/play draw 7", "y"])
    assert (await tables.store.actions(reply.table_id))[-1].action_key == "draw:7"
    # Several matches are numbered; a number plays that one.
    out.truncate(0)
    live = await tables.load(reply.table_id)
    console.user = ANA if tables.turns(live)[0].user_id == ANA.id else BO
    await console.run(["/play draw", "2"])
    assert "1. Draw A1" in out.getvalue() and "Type a number" in out.getvalue()
    assert (await tables.store.actions(reply.table_id))[-1].action_key == "draw:2"
