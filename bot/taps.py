"""``python -m bot taps SLUG|all``: how many taps a person needs per decision, before and after groups.

Self-plays games with each game's own bot agent and, at every decision a person would make
(a prompt that is not a forced move), counts what it costs to pick the move that was played:

- **flat** (the board before groups): up to five actions are buttons (one tap); a long
  choice among amounts is min / max / "Enter amount…"; the rest is split, in list order,
  into select menus of 25 (one pick, but the player must find the right menu of several);
  past five menus there are no controls and the move must be typed.
- **grouped** (:mod:`bot.engine.choices`): main choices as buttons, each group one control,
  narrowing step by step.

A tap is one pick: a button press or a choice in a select. Typing a number in a form is
counted apart ("+ form"). Printed per game: median, p95 and max taps, the share of decisions
that need a form or typing, and the longest list a player must read to pick (the options of
the select or the buttons shown).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.engine import SYSTEM_SEAT, Action, Game, all_games, get_game
from bot.engine.amounts import BIG_CHOICE, amount_choices
from bot.engine.choices import BUTTON_LIMIT, SELECT_LIMIT, ChoiceLayoutError, layout, needs_form, taps
from bot.games import load_all

FLAT_MENUS = 5
"""Select menus the flat board had room for (five action rows)."""


@dataclass
class Tally:
    """Taps and list lengths of one way of presenting, over many decisions."""

    taps: list[int] = field(default_factory=list)
    longest_list: list[int] = field(default_factory=list)
    forms: int = 0
    typed: int = 0
    unfit: int = 0

    def line(self) -> str:
        if not self.taps:
            return "no decisions"
        ordered = sorted(self.taps)
        p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
        share = 100 * (self.forms + self.typed) / len(self.taps)
        typed = f", typed {self.typed}" if self.typed else ""
        unfit = f", do not fit {self.unfit}" if self.unfit else ""
        return (f"taps median {statistics.median(ordered):g} p95 {p95} max {ordered[-1]}; "
                f"form {self.forms}{typed}{unfit} ({share:.0f}%); longest list {max(self.longest_list)}")


def flat_cost(actions: Sequence[Action], key: str) -> tuple[int, int, str]:
    """(taps, longest list read, "form"/"typed"/"") on the board before groups."""
    forms = [choice for choice in amount_choices(list(actions)) if len(choice.actions) > BIG_CHOICE]
    in_forms = {a.key: choice for choice in forms for a in choice.actions.values()}
    rest = [a for a in actions if a.key not in in_forms]
    if key in in_forms:
        members = list(in_forms[key].actions.values())
        extra = "" if key in (members[0].key, members[-1].key) else "form"
        return 1, 3, extra
    if len(rest) <= BUTTON_LIMIT:
        return 1, len(rest), ""
    menus = math.ceil(len(rest) / SELECT_LIMIT)
    if menus > FLAT_MENUS - len(forms):
        return 1, len(rest), "typed"
    # The player reads the menus in order until the one holding the move.
    index = next(i for i, a in enumerate(rest) if a.key == key)
    return 1, min(len(rest), (index // SELECT_LIMIT + 1) * SELECT_LIMIT), ""


def grouped_cost(actions: Sequence[Action], key: str) -> tuple[int, int, str]:
    """(taps, longest list read, "form"/"") with the game's groups.

    The list read at a step is the select the pick is made in, or the step's buttons.
    """
    count = taps(actions, key)
    longest = 0
    path: tuple[str, ...] = ()
    for _ in range(count):
        step = layout(actions, path)
        buttons = sum(1 for c in step.controls() if c.kind != "select")
        following: tuple[str, ...] | None = None
        for control in step.controls():
            for option in control.options:
                leads = (option.action is not None and option.action.key == key) or (option.group is not None and any(
                    a.key == key and a.group[: len(option.group)] == option.group for a in actions))
                if leads:
                    longest = max(longest, len(control.options) if control.kind == "select" else buttons)
                    following = option.group
            if control.amount is not None and any(a.key == key for a in control.amount.actions.values()):
                longest = max(longest, buttons)
        if following is None:
            break
        path = following
    return count, longest, "form" if needs_form(actions, key) else ""


def measure(game: Game, players: int, games: int, seed: int = 1) -> tuple[Tally, Tally, int]:
    """Self-play ``games`` games; (flat, grouped, decisions) over every human decision."""
    flat, grouped = Tally(), Tally()
    decisions = 0
    for number in range(games):
        rng = random.Random(seed + number)
        state = game.setup(players, game.resolve_options({}), seed + number)
        now = 0
        for _ in range(game.max_actions(players)):
            prompts = game.prompts(state)
            if not prompts:
                break
            timed = game.is_timed(state)
            if timed:
                now += 500
                due = game.deadline(state)
                if due is not None and now >= due:
                    game.apply(state, SYSTEM_SEAT, "expire", due)
                    now = due
                    continue
            prompt = rng.choice(prompts)
            key = game.agent(state, prompt.seat, rng)
            if not game.forced(state, prompt):
                decisions += 1
                for tally, cost in ((flat, flat_cost), (grouped, grouped_cost)):
                    try:
                        count, longest, extra = cost(prompt.actions, key)
                    except ChoiceLayoutError:
                        tally.unfit += 1
                        continue
                    tally.taps.append(count)
                    tally.longest_list.append(longest)
                    tally.forms += extra == "form"
                    tally.typed += extra == "typed"
            if timed:
                game.apply(state, prompt.seat, key, now)
            else:
                game.apply(state, prompt.seat, key)
    return flat, grouped, decisions


def run(slugs: Sequence[str], games: int, players: int | None) -> int:
    load_all()
    chosen = [get_game(slug) for slug in slugs] if slugs and slugs != ["all"] else [
        g for g in all_games() if type(g).__module__.startswith("bot.games.")]
    for game in sorted(chosen, key=lambda g: g.slug):
        count = players or min(4, game.max_players)
        count = max(count, game.min_players)
        flat, grouped, decisions = measure(game, count, games)
        print(f"{game.slug} ({count} players, {games} games, {decisions} decisions)")
        print(f"  before groups: {flat.line()}")
        print(f"  with groups:   {grouped.line()}" + ("" if game.grouped else "  (groups not declared yet)"))
    return 0
