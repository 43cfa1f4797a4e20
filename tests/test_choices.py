"""Issue 24: grouped actions — how a prompt's actions become steps of buttons, selects and forms."""

from __future__ import annotations

import pytest

from bot.engine import Action
from bot.engine.choices import (
    MORE_MOVES,
    SELECT_LIMIT,
    ChoiceLayoutError,
    check_layout,
    group_value,
    layout,
    needs_form,
    parse_group_value,
    reachable,
    taps,
)
from bot.taps import flat_cost, grouped_cost


def roll_prompt(permits: int) -> list[Action]:
    """A Silver-Lake-like roll prompt: Roll is the main choice, permit deals are grouped."""
    actions = [Action("roll", "Roll the dice", main=True)]
    for verb in ("Mortgage", "Sell", "Auction"):
        actions += [Action(f"{verb.lower()}:{i}", f"{verb} permit {i}", group=(verb,)) for i in range(permits)]
    return actions


def trucks(fields: list[str]) -> list[Action]:
    """A Schwarzes-Gold-like turn: each free field is a group, its two directions the leaves."""
    actions = [Action("done", "End your turn", main=True)]
    for name in fields:
        actions += [Action(f"truck:{name}:{d}", f"Truck on {name}, {d}", group=("Trucks", name)) for d in ("across", "down")]
    return actions


def test_main_choices_are_buttons_and_each_group_is_one_select() -> None:
    step = layout(roll_prompt(8))
    first = step.rows[0]
    assert [c.kind for c in first] == ["button"] and first[0].options[0].action == Action("roll", "Roll the dice", main=True)
    assert first[0].primary
    selects = [c for c in step.controls() if c.kind == "select"]
    assert [c.placeholder for c in selects] == ["Mortgage", "Sell", "Auction"]
    assert [o.action.key for o in selects[0].options if o.action] == [f"mortgage:{i}" for i in range(8)]
    assert taps(roll_prompt(8), "roll") == 1 and taps(roll_prompt(8), "sell:5") == 1


def test_a_small_prompt_is_all_buttons_and_a_group_of_one_is_its_action() -> None:
    actions = [Action("roll", "Roll", main=True), Action("stop", "Stop", main=True),
               Action("mortgage:1", "Mortgage A", group=("Mortgage",))]
    step = layout(actions)
    assert [(c.kind, c.options[0].value) for c in step.controls()] == [
        ("button", "roll"), ("button", "stop"), ("button", "mortgage:1")]
    assert taps(actions, "mortgage:1") == 1


def test_a_group_opens_from_its_select_and_as_a_step_of_its_own() -> None:
    actions = [Action("roll", "Roll", main=True), Action("mortgage:1", "Mortgage A", group=("Mortgage",)),
               Action("mortgage:2", "Mortgage B", group=("Mortgage",))]
    select = next(c for c in layout(actions).controls() if c.kind == "select")
    assert select.placeholder == "Mortgage" and [o.value for o in select.options] == ["mortgage:1", "mortgage:2"]
    assert taps(actions, "mortgage:2") == 1
    step = layout(actions, ("Mortgage",))
    assert [o.value for c in step.controls() for o in c.options] == ["mortgage:1", "mortgage:2"]
    assert group_value(("Trucks", "D8")) == "group:Trucks/D8"
    assert parse_group_value("group:Trucks/D8") == ("Trucks", "D8") and parse_group_value("roll") is None


def test_a_group_narrows_step_by_step_field_then_direction() -> None:
    actions = trucks([f"D{i}" for i in range(1, 11)])
    board = layout(actions)
    picker = next(c for c in board.controls() if c.kind == "select")
    assert picker.placeholder == "Trucks" and [o.label for o in picker.options][:2] == ["D1", "D2"]
    assert picker.options[0].group == ("Trucks", "D1")
    second = layout(actions, ("Trucks", "D7"))
    assert [o.action.key for c in second.controls() for o in c.options] == ["truck:D7:across", "truck:D7:down"]
    assert taps(actions, "truck:D7:down") == 2
    assert reachable(actions) == {a.key for a in actions}


def test_a_select_never_lists_more_than_25() -> None:
    flat = [Action("pass", "Pass", main=True)] + [Action(f"take:{i}", f"Take {i}") for i in range(SELECT_LIMIT + 1)]
    with pytest.raises(ChoiceLayoutError, match="at most 25"):
        check_layout(flat)
    fits = [Action("pass", "Pass", main=True)] + [Action(f"take:{i}", f"Take {i}") for i in range(SELECT_LIMIT)]
    check_layout(fits)
    assert next(c for c in layout(fits).controls() if c.kind == "select").placeholder == MORE_MOVES


def test_many_groups_fold_into_one_select_of_group_names() -> None:
    actions = [Action("done", "Done", main=True)]
    names = ["North", "East", "South", "West", "Centre", "Harbour"]
    for name in names:
        actions += [Action(f"{name.lower()}:{i}", f"{name} {i}", group=(name,)) for i in range(3)]
    step = layout(actions)
    folded = [c for c in step.controls() if c.kind == "select"]
    assert len(folded) == 1 and [o.group for o in folded[0].options] == [(n,) for n in names]
    assert taps(actions, "west:2") == 2 and reachable(actions) == {a.key for a in actions}


def test_long_amount_choices_become_a_form_with_its_extremes_as_buttons() -> None:
    bids = [Action(f"bid:{k}", f"Bid ${k},000") for k in range(10, 40)] + [Action("pass", "Pass", main=True)]
    amounts = [c for c in layout(bids).controls() if c.kind == "amount"]
    assert len(amounts) == 1 and amounts[0].amount is not None and amounts[0].amount.prefix == "bid"
    assert taps(bids, "bid:10") == 1 and not needs_form(bids, "bid:10") and not needs_form(bids, "bid:39")
    assert needs_form(bids, "bid:25")
    assert grouped_cost(bids, "bid:25") == (1, 2, "form")


def test_a_stale_group_path_is_refused() -> None:
    with pytest.raises(KeyError):
        layout(roll_prompt(2), ("Redeem",))


def test_the_flat_board_types_past_five_menus() -> None:
    many = [Action(f"take:{i}", f"Take {i}") for i in range(130)]
    assert flat_cost(many, "take:3") == (1, 130, "typed")
    some = [Action(f"take:{i}", f"Take {i}") for i in range(60)]
    assert flat_cost(some, "take:30") == (1, 50, "")  # read the first menu, then the second


def test_a_zero_amount_goes_with_its_neighbours_in_thousands() -> None:
    """Bullfrog counts in thousands; an auction may open at "$0" (the kit found one at 2 players)."""
    from bot.engine.amounts import amount_choices

    bids = [Action("bid:0", "Bid $0")] + [Action(f"bid:{k}", f"Bid ${k},000") for k in range(1, 30)]
    [choice] = amount_choices(bids)
    assert choice.unit == 1000 and choice.amounts[:2] == [0, 1000] and choice.actions[0].key == "bid:0"
    assert [c.kind for c in layout(bids).controls()] == ["amount"]
    assert amount_choices([Action("bid:0", "Bid $0")])[0].unit == 1
