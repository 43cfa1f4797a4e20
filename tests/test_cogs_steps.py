"""Grouped moves on the Discord board: each group one control, and narrowing step by step.

Mocked interactions (from ``tests/test_cogs.py``) over the real session layer, a real game
that declares its groups (Treasure of Silver Lake) and a toy whose groups are two levels deep
(``tests/toygame.py``: hex, then tile and rotation).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.engine import Action, register
from bot.engine.choices import layout
from bot.games.hisss.rules import Hisss
from bot.tables import Tables
from cogs._ui import (
    GroupButton,
    MoveButton,
    MoveSelect,
    action_rows,
    group_ref,
    move_rows,
    option_button,
    resolve_group,
    table_layout,
)
from tests.test_cogs import CHANNEL, FakeInteraction, ana, bo, client, control_ids  # noqa: F401
from tests.test_cogs_taps import started
from tests.test_typed_moves import drive
from tests.toygame import ToyTiles

register(ToyTiles())


class FlatHisss(Hisss):
    """HISSS as a game that declares no groups: its 49 draws as flat menus of 25."""

    slug = "toy-flat-hisss"
    grouped = False


register(FlatHisss())


def picked(client: Any, user: Any, value: str, *, private: bool = False) -> FakeInteraction:  # noqa: F811
    """A pick of ``value`` in a select, on the public board or on a private step."""
    name = getattr(user, "display_name", None) or user.name  # an interaction's user, or the session's User
    interaction = FakeInteraction(client, user.id, name, data={"values": [value]})
    interaction.message.flags = SimpleNamespace(ephemeral=private)
    return interaction


def selects_of(view: discord.ui.BaseView) -> list[discord.ui.Select[Any]]:
    """The select menus of ``view`` (a persistent select is a DynamicItem wrapping one)."""
    items = [getattr(item, "item", item) for item in view.walk_children()]
    return [item for item in items if isinstance(item, discord.ui.Select)]


def expected_ids(table_id: int, revision: int, actions: list[Action], path: tuple[str, ...] = ()) -> list[str]:
    """The custom_ids the controls of a step must have, read from the engine's layout."""
    ids, selects = [], 0
    for control in layout(actions, path).controls():
        if control.kind == "select":
            ids.append(f"gm-select:{table_id}:{revision}:{selects}")
            selects += 1
        elif control.kind == "amount" and control.amount is not None:
            low, high = control.amount.amounts[0], control.amount.amounts[-1]
            ids += [f"gm:{table_id}:{revision}:{control.amount.actions[low].key}",
                    f"gm:{table_id}:{revision}:{control.amount.actions[high].key}",
                    f"gm-amount:{table_id}:{revision}:{control.amount.prefix}"]
        else:
            ids.append(f"gm:{table_id}:{revision}:{control.options[0].value}")
    return ids


async def test_a_grouped_board_shows_each_group_as_one_select_and_plays_from_it(client: Any) -> None:  # noqa: F811
    tables: Tables = client.tables
    table_id = await started(client, "silver-lake")
    mover = await drive(tables, table_id, lambda acts: sum(a.key.startswith("mortgage:") for a in acts) >= 2
                        and any(a.key == "roll" for a in acts), ("buy", "roll"))
    live = await tables.load(table_id)
    revision = tables.board_revision(live)
    actions = list(tables.turns(live)[0].actions)
    reply = await tables.board(channel_id=CHANNEL)
    assert reply.grouped
    view = table_layout([], None, move_rows(reply))
    assert control_ids(view) == expected_ids(table_id, revision, actions)
    # The main choices are buttons; the permits to mortgage are one select, its values the keys.
    mains = [a for a in actions if a.main]
    assert mains and all(f"gm:{table_id}:{revision}:{a.key}" in control_ids(view) for a in mains)
    mortgages = {a.key for a in actions if a.group[:1] == ("Mortgage",)}
    [menu] = [s for s in selects_of(view) if s.placeholder == "Mortgage"]
    assert {option.value for option in menu.options} == mortgages
    # Picking one plays it through the same path as a board button: public board, logged.
    key = sorted(mortgages)[0]
    select = await MoveSelect.from_custom_id(None, menu, {"table": table_id, "revision": revision, "part": 0})  # type: ignore[arg-type]
    clicked = picked(client, mover, key)
    await select.callback(clicked)
    assert (await tables.store.actions(table_id))[-1].action_key == key
    assert not clicked.log[0].ephemeral and "ortgage" in (clicked.log[0].content or "")


async def test_a_game_without_groups_keeps_its_flat_controls(client: Any) -> None:  # noqa: F811
    tables: Tables = client.tables
    table_id = await started(client, "toy-flat-hisss")
    reply = await tables.board(channel_id=CHANNEL)
    assert not reply.grouped
    flat = action_rows(table_id, reply.revision, list(reply.turns[0].actions))
    assert control_ids(table_layout([], None, move_rows(reply))) == control_ids(table_layout([], None, flat))
    assert [len(select.options) for select in selects_of(table_layout([], None, flat))] == [25, 24]


async def test_hisss_shows_one_menu_per_row_of_the_fan_named_as_the_picture_names_it(client: Any) -> None:  # noqa: F811
    tables: Tables = client.tables
    await started(client, "hisss")
    reply = await tables.board(channel_id=CHANNEL)
    assert reply.grouped
    menus = selects_of(table_layout([], None, move_rows(reply)))
    assert [menu.placeholder for menu in menus] == ["Row A", "Row B", "Row C", "Row D", "Row E"]
    assert [option.label for option in menus[1].options][:2] == ["Draw B1", "Draw B2"]
    assert menus[1].options[0].value == "draw:11" and sum(len(menu.options) for menu in menus) == 49


async def test_a_two_level_group_narrows_step_by_step_in_private(client: Any) -> None:  # noqa: F811
    tables: Tables = client.tables
    table_id = await started(client, "toy-tiles")
    live = await tables.load(table_id)
    revision = tables.board_revision(live)
    mover = ana(client) if tables.turns(live)[0].user_id == 101 else bo(client)
    other = bo(client) if mover.user.id == 101 else ana(client)
    reply = await tables.board(channel_id=CHANNEL)
    board = table_layout([], None, move_rows(reply))
    # The board: Pass, and one select of the hexes (each opens a step).
    assert control_ids(board) == [f"gm:{table_id}:{revision}:pass", f"gm-select:{table_id}:{revision}:0"]
    [hexes] = selects_of(board)
    assert [option.value for option in hexes.options] == ["group:Tiles/A1", "group:Tiles/B2", "group:Tiles/C3"]
    select = await MoveSelect.from_custom_id(None, hexes, {"table": table_id, "revision": revision, "part": 0})  # type: ignore[arg-type]
    # The other player may not open it: refused privately, nothing shown.
    refused = picked(client, other.user, "group:Tiles/B2")
    await select.callback(refused)
    assert refused.log[-1].ephemeral and "not your turn" in refused.log[-1].content and refused.log[-1].view is None
    # The mover opens B2: a private step with one select per tile, listing its rotations.
    opened = picked(client, mover.user, "group:Tiles/B2")
    await select.callback(opened)
    [step] = opened.log
    assert step.ephemeral and "Tiles › B2" in step.content
    assert control_ids(step.view) == [f"gm-select:{table_id}:{revision}:0", f"gm-select:{table_id}:{revision}:1"]
    tiles = selects_of(step.view)
    assert [s.placeholder for s in tiles] == ["7", "8"]
    assert [o.value for o in tiles[1].options] == ["lay:B2:8:0", "lay:B2:8:1", "lay:B2:8:2"]
    assert (await tables.load(table_id)).position == live.position  # opening a step plays nothing
    # Opening another hex from the step replaces the step in place (still private).
    again = picked(client, mover.user, "group:Tiles/C3", private=True)
    await select.callback(again)
    [edited] = again.log
    assert edited.kind == "edit_message" and "Tiles › C3" in edited.content
    # A rotation picked on the step is played like a board button: the step is cleared,
    # the public board follows.
    rotation = await MoveSelect.from_custom_id(None, tiles[1], {"table": table_id, "revision": revision, "part": 1})  # type: ignore[arg-type]
    played = picked(client, mover.user, "lay:B2:8:2", private=True)
    await rotation.callback(played)
    assert (await tables.store.actions(table_id))[-1].action_key == "lay:B2:8:2"
    assert played.log[0].kind == "edit_message" and control_ids(played.log[0].view) == []
    assert not played.log[1].ephemeral and "lays tile 8 on B2" in played.log[1].content
    # The old board's group is out of date now: refused privately with the current board.
    stale = picked(client, mover.user, "group:Tiles/A1")
    await select.callback(stale)
    assert stale.log[-1].ephemeral and "out of date" in stale.log[-1].content
    assert len(await tables.store.actions(table_id)) == 1


def test_a_long_group_path_is_carried_as_a_short_hash() -> None:
    path = ("Trucks", "A very long field name " * 3, "across from the river to the old mine " * 2)
    actions = [Action(f"truck:{n}", f"Truck {n}", group=path) for n in range(3)] + [Action("pass", "Pass", main=True)]
    ref = group_ref(path)
    assert ref.startswith("group#") and len(ref) <= 100
    assert resolve_group(actions, ref) == path
    assert resolve_group(actions, group_ref(("Trucks",))) == ("Trucks",)
    assert resolve_group(actions[-1:], ref) is None  # the prompt moved on: no such group now
    # A button that opens such a group keeps its custom_id within Discord's 100 characters.
    from bot.engine.choices import Option

    button = option_button(123456789012345678, 99999, Option("Field", group=path), primary=False)
    assert isinstance(button, GroupButton) and len(button.custom_id) <= 100
    assert resolve_group(actions, button.ref) == path
    played = option_button(1, 2, Option("Pass", action=actions[-1]), primary=True)
    assert isinstance(played, MoveButton) and played.custom_id == "gm:1:2:pass"


async def test_a_group_button_opens_its_step(client: Any) -> None:  # noqa: F811
    tables: Tables = client.tables
    table_id = await started(client, "toy-tiles")
    live = await tables.load(table_id)
    revision = tables.board_revision(live)
    mover = ana(client) if tables.turns(live)[0].user_id == 101 else bo(client)
    button = GroupButton(table_id, revision, group_ref(("Tiles", "A1")), "A1")
    restored = await GroupButton.from_custom_id(None, button.item, {"table": table_id, "revision": revision,  # type: ignore[arg-type]
                                                                   "ref": button.ref})
    clicked = mover
    await restored.callback(clicked)
    [step] = clicked.log
    assert step.ephemeral and "Tiles › A1" in step.content and len(selects_of(step.view)) == 2


def test_every_grouped_prompt_fits_the_table_message() -> None:
    """Every position of a few random games of each grouped game: the board's move rows, the
    Full board row, three text blocks and the card stay within Discord's 40 components with no
    row left off, and every custom_id and option value within 100 characters, each once."""
    from itertools import islice

    from bot.engine import all_games
    from bot.engine.testkit import random_walk
    from cogs._ui import MAX_LAYOUT_COMPONENTS, FullBoardButton, choice_rows

    table_id, revision = 10**18, 10**6  # the longest ids a custom_id will carry
    grouped = [game for game in all_games() if game.grouped]
    assert grouped
    for game in grouped:
        for seed in (1, 2):
            for state in islice(random_walk(game, game.max_players, seed), 300):
                actions = {a.key: a for p in game.prompts(state) if not p.private for a in p.actions}
                rows = choice_rows(table_id, revision, list(actions.values()), True)
                rows.append([FullBoardButton(table_id)])
                view = table_layout(["who moves"] * 3, "card.png", rows)
                kept = [item for item in view.children if isinstance(item, discord.ui.ActionRow)]
                assert len(kept) == len(rows) and view.total_children_count <= MAX_LAYOUT_COMPONENTS, game.slug
                ids = control_ids(view)
                assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids), game.slug
                values = [o.value for s in selects_of(view) for o in s.options]
                assert all(len(v) <= 100 for v in values) and len(values) == len(set(values)), game.slug
