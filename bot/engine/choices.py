"""How a prompt's legal actions are presented: main choices, groups, step-by-step narrowing.

Every legal action is enumerated (that is what lets one ``/play`` serve every game), but a
player on a phone should not scroll a flat list of 67 moves split into menus of 25. A game
therefore says, on each :class:`~bot.engine.contract.Action`, which **group** it belongs to
and whether it is a **main** choice::

    Action("roll", "Roll the dice", main=True)
    Action("mortgage:pike", "Mortgage Pike Lake for $40", group=("Mortgage",))
    Action("truck:D8:h", "Truck on D8, across (D7–D9)", group=("Trucks", "D8"))

``group`` is a path: the first name is the control on the board ("Trucks"), each further name
one narrowing step (the field, then the direction). This module turns a prompt's actions into
a :class:`Step` (what one message shows: buttons, selects, amount forms) and answers what the
next step is after a pick, so every front end (Discord, the console, the web page) presents a
decision the same way and the taps it costs can be counted (:func:`taps`).

Groups are presentation only: legality never depends on them. ``check_layout`` (used by the
test kit) proves that every legal action is reachable, no select lists more than
:data:`SELECT_LIMIT` options, and following the steps plays exactly the action picked.

The rules of a step, in order:

1. A node with at most :data:`BUTTON_LIMIT` actions and no group of several actions shows
   them all as buttons.
2. Otherwise main actions are buttons (and the rest too, when they fit in one row beside
   them and there is no group); each group of several actions is one select listing its
   options (picked at once: a group costs no extra tap); the ungrouped rest is one select ("More moves"); each long
   choice among amounts (more than :data:`~bot.engine.amounts.BIG_CHOICE` amounts of one
   prefix: bids, prices) is one row of minimum, maximum and "Enter amount…" (a number form).
3. If that takes more than :data:`MAX_ROWS` rows, the groups fold into one select of group
   names, and picking one opens that group as the next step.

Only the standard library is used; nothing here knows a game or Discord.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from bot.engine.amounts import BIG_CHOICE, AmountChoice, amount_choices
from bot.engine.contract import Action
from bot.engine.words import CORE, texts

T, _, _ = texts(CORE)

BUTTON_LIMIT = 5
"""Buttons in one row (Discord's limit); a node with this many options or fewer is all buttons."""
SELECT_LIMIT = 25
"""Options in one select menu (Discord's limit)."""
MAX_ROWS = 5
"""Rows of controls one step may use (Discord allows five action rows on a classic message; a
components-v2 message has room for more, but a phone shows about five without scrolling)."""
MORE_MOVES = T("More moves")
"""The select holding a node's ungrouped, non-main actions when they cannot all be buttons."""

Path = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Option:
    """One thing a player can pick in a step: an action to play, or a group to open."""

    label: str
    action: Action | None = None
    group: Path | None = None

    @property
    def value(self) -> str:
        """What a front end puts in the control's value: the action key, or ``group:`` + path."""
        if self.action is not None:
            return self.action.key
        return group_value(self.group or ())


@dataclass(frozen=True, slots=True)
class Control:
    """One control of a step.

    ``button``: one option. ``select``: a menu of options (``placeholder`` names it).
    ``amount``: a long choice among amounts: buttons for its lowest and highest and an
    "Enter amount…" form (``amount.prefix`` identifies it; the game reads the number).
    """

    kind: Literal["button", "select", "amount"]
    options: tuple[Option, ...] = ()
    placeholder: str = ""
    amount: AmountChoice | None = None
    primary: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    """What one message shows for one node of the choice tree: rows of controls."""

    path: Path
    title: str
    rows: tuple[tuple[Control, ...], ...]

    def controls(self) -> list[Control]:
        return [control for row in self.rows for control in row]


@dataclass(slots=True)
class _Node:
    """A node of the choice tree: the actions filed directly here and the groups below."""

    path: Path
    actions: list[Action] = field(default_factory=list)
    groups: dict[str, _Node] = field(default_factory=dict)

    def all_actions(self) -> list[Action]:
        found = list(self.actions)
        for child in self.groups.values():
            found += child.all_actions()
        return found


def group_value(path: Path) -> str:
    """The value of an option that opens the group ``path``: ``group:Trucks/D8``."""
    return "group:" + "/".join(path)


def _tree(actions: Iterable[Action]) -> _Node:
    root = _Node(())
    for action in actions:
        node = root
        for depth, name in enumerate(action.group):
            node = node.groups.setdefault(name, _Node(action.group[: depth + 1]))
        node.actions.append(action)
    return root


def _find(root: _Node, path: Path) -> _Node | None:
    node = root
    for name in path:
        found = node.groups.get(name)
        if found is None:
            return None
        node = found
    return node


def _group_option(node: _Node) -> Option:
    """A group shown as one option; a group holding a single action is that action itself."""
    members = node.all_actions()
    if len(members) == 1:
        return Option(members[0].label, action=members[0])
    return Option(node.path[-1], group=node.path)


def _split_amounts(actions: list[Action]) -> tuple[list[AmountChoice], list[Action]]:
    """Long amount choices (shown as a form) and the other actions."""
    forms = [choice for choice in amount_choices(actions) if len(choice.actions) > BIG_CHOICE]
    in_forms = {action.key for choice in forms for action in choice.actions.values()}
    return forms, [action for action in actions if action.key not in in_forms]


def _select(options: Sequence[Option], placeholder: str) -> Control:
    if len(options) > SELECT_LIMIT:
        raise ChoiceLayoutError(f"{placeholder!r} would list {len(options)} options (at most {SELECT_LIMIT})")
    return Control("select", tuple(options), placeholder=placeholder)


class ChoiceLayoutError(ValueError):
    """A game's groups do not fit the front ends (a step would need a select of more than 25)."""


def _buttons(options: Sequence[Option], first_primary: bool) -> list[tuple[Control, ...]]:
    controls = [Control("button", (option,), primary=first_primary and index == 0) for index, option in enumerate(options)]
    return [tuple(controls[i : i + BUTTON_LIMIT]) for i in range(0, len(controls), BUTTON_LIMIT)]


def _step(node: _Node, title: str) -> Step:
    forms, loose = _split_amounts(node.actions)
    groups = [_group_option(child) for child in node.groups.values()]
    main = [action for action in loose if action.main]
    rest = [action for action in loose if not action.main]
    option_count = len(loose) + len(groups) + len(forms)
    if option_count <= BUTTON_LIMIT and not forms and all(option.action is not None for option in groups):
        options = [Option(a.label, action=a) for a in main + rest] + groups
        return Step(node.path, title, tuple(_buttons(options, first_primary=True)))

    rows: list[tuple[Control, ...]] = []
    buttons = [Option(a.label, action=a) for a in main]
    if rest and len(rest) + len(buttons) <= BUTTON_LIMIT and not groups:
        buttons += [Option(a.label, action=a) for a in rest]
        rest = []
    rows += _buttons(buttons, first_primary=True)
    amount_rows = [(Control("amount", amount=choice, primary=not buttons and index == 0),) for index, choice in enumerate(forms)]

    single = [option for option in groups if option.action is not None]
    opened = [child for child in node.groups.values() if len(child.all_actions()) > 1]
    loose_options = [Option(a.label, action=a) for a in rest] + single
    group_rows = [(_select(_options_of(child), child.path[-1]),) for child in opened]
    more_rows = [(_select(loose_options, MORE_MOVES),)] if loose_options else []
    if len(rows) + len(amount_rows) + len(group_rows) + len(more_rows) > MAX_ROWS:
        # Too many groups for one message: fold them into one select of group names.
        group_rows = [(_select([Option(child.path[-1], group=child.path) for child in opened], T("Choose what to do…")),)] if opened else []
    rows += amount_rows + group_rows + more_rows
    if len(rows) > MAX_ROWS:
        raise ChoiceLayoutError(f"step {'/'.join(node.path) or 'root'} needs {len(rows)} rows (at most {MAX_ROWS})")
    return Step(node.path, title, tuple(rows))


def _options_of(node: _Node) -> list[Option]:
    """A group's options in one select: its actions, and its sub-groups to narrow further."""
    forms, loose = _split_amounts(node.actions)
    if forms:
        # A form cannot sit inside a select: the select opens the group as a step of its own.
        return [Option(node.path[-1], group=node.path)]
    return [Option(a.label, action=a) for a in loose] + [_group_option(child) for child in node.groups.values()]


def layout(actions: Sequence[Action], path: Path = ()) -> Step:
    """The step that shows the node ``path`` of ``actions``' choice tree (``()``: the board).

    Raises :class:`ChoiceLayoutError` when the game's groups cannot be shown within the
    limits, and :class:`KeyError` for a path that is no group of these actions (a stale
    step: the actions changed since it was shown).
    """
    root = _tree(actions)
    node = _find(root, path)
    if node is None:
        raise KeyError(f"no group {'/'.join(path)!r} among these actions")
    return _step(node, path[-1] if path else "")


def parse_group_value(value: str) -> Path | None:
    """The group path of an option's value (see :attr:`Option.value`), or ``None`` for an action key."""
    if not value.startswith("group:"):
        return None
    return tuple(value.removeprefix("group:").split("/"))


def taps(actions: Sequence[Action], key: str) -> int:
    """How many picks (a button press or a choice in a select) play ``key`` by the steps.

    A pick among amounts counts one tap for a listed extreme (lowest, highest) and one for
    "Enter amount…", whose form is counted apart (see :func:`needs_form`).
    """
    path: Path = ()
    for count in range(1, 64):
        step = layout(actions, path)
        opened: Path | None = None
        for control in step.controls():
            if control.kind == "amount" and control.amount is not None:
                if any(action.key == key for action in control.amount.actions.values()):
                    return count
                continue
            for option in control.options:
                if option.action is not None and option.action.key == key:
                    return count
                if option.group is not None and _contains(actions, option.group, key):
                    opened = option.group
        if opened is None:
            raise ChoiceLayoutError(f"{key!r} cannot be reached from step {'/'.join(path) or 'root'}")
        path = opened
    raise ChoiceLayoutError(f"{key!r} is deeper than 64 steps")


def needs_form(actions: Sequence[Action], key: str) -> bool:
    """Whether ``key`` is an amount reached only through "Enter amount…" (not a listed extreme)."""
    for choice in amount_choices(list(actions)):
        if len(choice.actions) > BIG_CHOICE:
            members = list(choice.actions.values())
            if key in {action.key for action in members[1:-1]}:
                return True
    return False


def _contains(actions: Sequence[Action], path: Path, key: str) -> bool:
    return any(action.key == key and action.group[: len(path)] == path for action in actions)


def reachable(actions: Sequence[Action]) -> set[str]:
    """Every action key a player can reach by following the steps from the board."""
    found: set[str] = set()
    queue: list[Path] = [()]
    seen: set[Path] = set()
    while queue:
        path = queue.pop()
        if path in seen:
            continue
        seen.add(path)
        for control in layout(actions, path).controls():
            if control.amount is not None:
                found.update(action.key for action in control.amount.actions.values())
            for option in control.options:
                if option.action is not None:
                    found.add(option.action.key)
                elif option.group is not None:
                    queue.append(option.group)
    return found


def check_layout(actions: Sequence[Action]) -> None:
    """Raise :class:`ChoiceLayoutError` unless every action is reachable within the limits."""
    missing = {action.key for action in actions} - reachable(actions)
    if missing:
        raise ChoiceLayoutError(f"not reachable by the controls: {sorted(missing)[:5]}")
