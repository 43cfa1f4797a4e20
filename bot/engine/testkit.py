"""Uniform checks every registered game must pass, in the spirit of OpenSpiel's game tests.

The test suite runs :func:`check_game` on every game in the registry, so registering a game
is enough to have it covered. Each check raises :class:`KitFailure` with the seed, the
player count and the step, so a failure can be reproduced with :func:`random_playout`.

What is checked, for many seeds and every player count:

- random playouts reach the end within ``game.max_actions(players)`` actions; in timed play
  the playout keeps a clock, acts after random delays, and lets deadlines expire when
  nobody acts in time;
- every prompted action is accepted; keys are unique in a prompt and at most 80 characters;
- unlisted actions (garbage keys, other seats' keys, keys of seats that have no prompt)
  raise :class:`IllegalAction` and leave the state byte-for-byte unchanged;
- every state round-trips through JSON exactly (no tuples, sets, floats or int keys);
- replaying the action log from the seed reproduces the live state;
- a view never changes when what its viewer cannot see is redrawn (``Game.conceal``),
  and never contains the RNG state; nor does any prompt not marked ``private`` (front
  ends show those on the public board), nor which seats are prompted at all (a reaction
  window or a race that asks only the players holding a fitting card tells everyone who
  holds one);
- prompts are empty exactly when ``outcome`` is given, and the outcome ranks every seat;
- every standing order the game declares (:meth:`Game.standing_orders`, with a few amounts
  where it takes one) answers every prompt with ``None`` or one of that prompt's legal keys,
  and with the same answer (and the same scope) when what its player cannot see is redrawn;
  recommended orders are declared ones that take no amount;
- in a game that declares its groups (``Game.grouped``), every prompt's actions can all be
  reached through the front ends' steps (:mod:`bot.engine.choices`) within their limits.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.engine.choices import ChoiceLayoutError, check_layout
from bot.engine.contract import (
    EXPIRE,
    MAX_KEY_LENGTH,
    SYSTEM_SEAT,
    BadOptions,
    Game,
    IllegalAction,
    Outcome,
    Prompt,
    State,
)
from bot.engine.strategy import sample

TIMED_DELAYS = (0, 1, 7, 40, 120, 250, 299, 300, 301, 450, 900, 2000, 6000, 15000)
"""Milliseconds between timed actions: same instant, inside and around a tie window, slow."""

ORDER_AMOUNTS = (None, 0, 3, 40, 1_000, 25_000, 10**9)
"""Amounts the kit gives orders that take one (and None, an order set without its number):
spanning a few Kaballa Dolla to six-figure bids, so each order's threshold falls both ways."""

GARBAGE_KEYS = ("", " ", "pass!", "x" * 81, "draw:-1", "draw:999999", "build:nothing", "\u0000", "🐍")


class KitFailure(AssertionError):
    """A game broke the contract; the message says where (seed, players, step)."""


@dataclass
class Playout:
    """One finished random game: enough to replay it."""

    players: int
    seed: int
    options: dict[str, str]
    log: list[tuple[int, str, int | None]] = field(default_factory=list)
    """(seat, key, table clock in ms or None); timed games log deadlines as (SYSTEM_SEAT, EXPIRE, ms)."""
    state: State = field(default_factory=dict)
    outcome: Outcome | None = None


def _dump(state: State) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def _fail(game: Game, where: str, message: str) -> KitFailure:
    return KitFailure(f"{game.slug} {where}: {message}")


def _check_json(game: Game, state: State, where: str) -> str:
    try:
        text = _dump(state)
    except (TypeError, ValueError) as error:
        raise _fail(game, where, f"state is not JSON data: {error}") from None
    if json.loads(text) != state:
        raise _fail(game, where, "state does not round-trip through JSON (tuples or int keys?)")
    # What the round trip lets through is a float (1.5 == 1.5); a float's JSON has a "." or
    # an exponent, outside strings. Walking the state for it was a tenth of the kit's CPU.
    if _FLOAT_MARK.search(_JSON_STRING.sub('""', text)):
        _check_plain(game, state, where, "state")
    return text


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_FLOAT_MARK = re.compile(r"\d[.eE]|Infinity|NaN")


def _check_plain(game: Game, value: Any, where: str, path: str) -> None:
    """JSON equality hides tuples (== list fails) but not floats; refuse what won't survive."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise _fail(game, where, f"{path} has a non-string key {key!r}")
            _check_plain(game, item, where, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_plain(game, item, where, f"{path}[{index}]")
    elif isinstance(value, float):
        raise _fail(game, where, f"{path} is a float; keep state in integers")
    elif not (value is None or isinstance(value, (str, int, bool))):
        raise _fail(game, where, f"{path} holds a {type(value).__name__}")


def _random_options(game: Game, rng: random.Random) -> dict[str, str]:
    return {option.name: rng.choice(option.choices) for option in game.options}


def _setup_random(
    game: Game, players: int, seed: int, chooser: random.Random, fixed: dict[str, str] | None
) -> tuple[dict[str, str], State]:
    """Set up with options drawn at random around the ``fixed`` ones.

    A game may refuse a combination at setup with :class:`BadOptions` (an expert variant
    for fewer players, variants that exclude each other); such draws are drawn again, so the
    kit covers every combination a table could really start with. Refusing ``fixed``
    options in every draw is a failure: then no table could start that way.
    """
    refusal = ""
    for _ in range(50):
        options = game.resolve_options({**_random_options(game, chooser), **(fixed or {})})
        try:
            return options, game.setup(players, options, seed)
        except BadOptions as error:
            refusal = str(error)
    raise _fail(game, f"(players={players}, seed={seed}, options={fixed})", f"setup refused every option draw: {refusal}")


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, str] | None = None,
    *,
    thorough: bool = True,
) -> Playout:
    """Play one game with uniformly random legal actions, checking the contract as it goes.

    ``thorough`` adds the costlier checks (illegal actions, views) at a sample of steps.
    """
    chooser = random.Random(seed * 7919 + players)
    # Options not given are drawn at random, so many seeds cover every variant.
    options, state = _setup_random(game, players, seed, chooser, options)
    where = f"(players={players}, seed={seed}, options={options})"
    playout = Playout(players=players, seed=seed, options=options)
    bound = game.max_actions(players)
    text = _check_json(game, state, f"{where} after setup")
    step = 0
    now = 0  # the table clock, in timed play
    while True:
        prompts = game.prompts(state)
        outcome = game.outcome(state)
        if not prompts:
            if outcome is None:
                raise _fail(game, f"{where} step {step}", "no prompts but no outcome")
            break
        if outcome is not None:
            raise _fail(game, f"{where} step {step}", "an outcome while prompts remain")
        if step >= bound:
            raise _fail(game, where, f"not over after {bound} actions (max_actions)")
        _check_prompts(game, state, prompts, players, f"{where} step {step}")
        _check_orders(game, state, prompts, f"{where} step {step}")
        if thorough and (step < 3 or chooser.random() < 0.15):
            _check_refusals(game, state, prompts, players, chooser, f"{where} step {step}")
            _check_all_accepted(game, state, prompts, now if game.is_timed(state) else None, f"{where} step {step}")
            _check_views(game, state, players, chooser, f"{where} step {step}")
            _check_settled(game, state, chooser, f"{where} step {step}")
        at: int | None = None
        seat, key = -2, ""
        if game.is_timed(state):
            at = now + chooser.choice(TIMED_DELAYS)
            due = game.deadline(state)
            if due is not None and at >= due:
                seat, key, at = SYSTEM_SEAT, EXPIRE, due  # nobody acted in time
        if not key:
            prompt = chooser.choice(prompts)
            seat, key = prompt.seat, chooser.choice(prompt.actions).key
        try:
            events = game.apply(state, seat, key, at) if at is not None else game.apply(state, seat, key)
        except IllegalAction as error:
            raise _fail(game, f"{where} step {step}", f"prompted {key!r} at {at} refused: {error}") from None
        if not isinstance(events, list):
            raise _fail(game, f"{where} step {step}", "apply must return a list of events")
        if at is not None:
            now = at
        playout.log.append((seat, key, at))
        step += 1
        new_text = _check_json(game, state, f"{where} after step {step}")
        if new_text == text:
            raise _fail(game, f"{where} step {step}", f"{key!r} changed nothing")
        text = new_text
    if thorough:
        _check_views(game, state, players, chooser, f"{where} at the end")
    if len(outcome.scores) != players or len(outcome.ranks) != players:
        raise _fail(game, where, "the outcome must score and rank every seat")
    if min(outcome.ranks) != 1 and not outcome.nobody_won:
        raise _fail(game, where, "nobody is ranked first (and it is not an Outcome.no_winner)")
    playout.state = state
    playout.outcome = outcome
    return playout


def _check_prompts(game: Game, state: State, prompts: list, players: int, where: str) -> None:
    seats = [prompt.seat for prompt in prompts]
    if len(set(seats)) != len(seats):
        raise _fail(game, where, "two prompts for one seat")
    for prompt in prompts:
        if not 0 <= prompt.seat < players:
            raise _fail(game, where, f"prompt for seat {prompt.seat} of {players}")
        if not prompt.actions:
            raise _fail(game, where, f"seat {prompt.seat} is prompted with no actions")
        keys = prompt.keys()
        if len(set(keys)) != len(keys):
            raise _fail(game, where, f"duplicate keys for seat {prompt.seat}: {keys}")
        for key in keys:
            if not key or len(key) > MAX_KEY_LENGTH:
                raise _fail(game, where, f"key {key!r} is empty or longer than {MAX_KEY_LENGTH}")
            if key != key.strip():
                raise _fail(game, where, f"key {key!r} has surrounding spaces")
        if not prompt.text:
            raise _fail(game, where, "a prompt without text")
        if game.grouped:
            try:
                check_layout(prompt.actions)
            except ChoiceLayoutError as error:
                raise _fail(game, where, f"seat {prompt.seat}'s choices do not fit the controls: {error}") from None
    if len(prompts) > 1 and not all(prompt.simultaneous for prompt in prompts):
        raise _fail(game, where, "several prompts at once must be marked simultaneous")


def _order_answers(game: Game, state: State, prompt: Prompt) -> list[str | None]:
    """What every declared order (with each kit amount where it takes one) plays for ``prompt``."""
    return [
        game.order_choice(state, prompt, order.key, amount)
        for order in game.standing_orders()
        for amount in (ORDER_AMOUNTS if order.amount else (None,))
    ]


def _check_orders(game: Game, state: State, prompts: list[Prompt], where: str) -> None:
    """Every order answers each prompt with None or one of the prompt's own legal keys."""
    if not game.standing_orders():
        return
    for prompt in prompts:
        legal = set(prompt.keys())
        for answer in _order_answers(game, state, prompt):
            if answer is not None and answer not in legal:
                raise _fail(game, where, f"a standing order chose {answer!r}, not legal for seat {prompt.seat}")


def _check_orders_concealed(game: Game, state: State, concealed: State, viewer: int, where: str) -> None:
    """An order plays only on what its player sees: the same answers, and the same scope
    tokens, when everything hidden from ``viewer`` is redrawn."""
    orders = game.standing_orders()
    if not orders:
        return
    scopes = [game.order_scope(state, order.key) for order in orders]
    if [game.order_scope(concealed, order.key) for order in orders] != scopes:
        raise _fail(game, where, f"a standing order's scope for seat {viewer} depends on what it cannot see")
    redrawn = {p.seat: p for p in game.prompts(concealed)}
    for prompt in game.prompts(state):
        if prompt.seat != viewer:
            continue
        if prompt.seat not in redrawn or _order_answers(game, concealed, redrawn[prompt.seat]) != _order_answers(
            game, state, prompt
        ):
            raise _fail(game, where, f"a standing order of seat {viewer} answers differently when what that "
                                     "seat cannot see is redrawn: it would act on hidden information")


def _check_refusals(
    game: Game, state: State, prompts: list, players: int, chooser: random.Random, where: str
) -> None:
    # Compared as data, not re-serialised after every attempt: a big state's JSON dump was a
    # tenth of the kit's CPU. Equal data is equal JSON here, as the state is checked to be
    # plain JSON data (no floats, no tuples) after every step.
    before = json.loads(_dump(state))
    legal = {prompt.seat: set(prompt.keys()) for prompt in prompts}
    all_keys = sorted({key for keys in legal.values() for key in keys})
    attempts: list[tuple[int, str]] = []
    for seat in range(players):
        mine = legal.get(seat, set())
        attempts += [(seat, key) for key in GARBAGE_KEYS if key not in mine]
        # another seat's legal key, tried by a seat for which it is not legal
        attempts += [(seat, key) for key in chooser.sample(all_keys, min(3, len(all_keys))) if key not in mine]
    attempts += [(-1, all_keys[0]), (players, all_keys[0])]
    for seat, key in attempts:
        try:
            game.apply(state, seat, key)
        except IllegalAction as error:
            if not str(error).strip():
                raise _fail(game, where, f"refusal of {key!r} has no message") from None
        else:
            raise _fail(game, where, f"seat {seat} was allowed the unlisted action {key!r}")
        if state != before:
            raise _fail(game, where, f"refusing {key!r} for seat {seat} changed the state")


def _check_all_accepted(game: Game, state: State, prompts: list, at: int | None, where: str) -> None:
    """Every listed action must be accepted (at this moment, in timed play), not only the one picked."""
    text = _dump(state)  # serialised once: big states with many listed actions stay cheap
    for prompt in prompts:
        for action in prompt.actions[:40]:
            trial = json.loads(text)
            try:
                if at is None:
                    game.apply(trial, prompt.seat, action.key)
                else:
                    game.apply(trial, prompt.seat, action.key, at)
            except IllegalAction as error:
                raise _fail(game, where, f"listed {action.key!r} for seat {prompt.seat} refused: {error}") from None


def _check_settled(game: Game, state: State, chooser: random.Random, where: str) -> None:
    """A state the game calls settled (``Game.settled``) has nothing hidden and no chance to
    come: two redrawings of it, played on with the same moves, end alike."""
    if not game.settled(state):
        return
    seat = game.prompts(state)[0].seat
    seed = chooser.getrandbits(32)
    ends = []
    for redraw in range(2):
        played = sample(game, state, seat, random.Random(seed + 1 + redraw))
        moves = random.Random(seed)
        for _ in range(game.max_actions(game.max_players)):
            prompts = game.prompts(played)
            if not prompts or game.is_timed(played):
                break
            prompt = prompts[moves.randrange(len(prompts))]
            game.apply(played, prompt.seat, prompt.actions[moves.randrange(len(prompt.actions))].key)
        ends.append((game.outcome(played), game.view(played, None)))
    if ends[0] != ends[1]:
        raise _fail(game, where, "a state the game calls settled plays on differently when its hidden information "
                                 "or chance is redrawn: it is not settled")


def _typical_position_of_its_own(game: Game) -> bool:
    """Whether ``game`` builds the lookahead's position itself rather than drawing it with
    ``conceal`` (whose canonical draws ``test_conceal_is_canonical`` checks)."""
    return type(game).lookahead_position is not Game.lookahead_position


def _check_views(game: Game, state: State, players: int, chooser: random.Random, where: str) -> None:
    before = _dump(state)
    rng_text = str(state.get("rng", ""))
    prompted = {p.seat for p in game.prompts(state)}
    for viewer in [None, *range(players)]:
        view = game.view(state, viewer)
        try:
            view_text = json.dumps(view, sort_keys=True)
        except (TypeError, ValueError) as error:
            raise _fail(game, where, f"view for {viewer} is not JSON data: {error}") from None
        if rng_text and len(rng_text) > 6 and rng_text in view_text:
            raise _fail(game, where, f"the view for seat {viewer} shows the RNG state")
        concealed = game.conceal(state, viewer, random.Random(chooser.getrandbits(32)))
        if game.view(concealed, viewer) != view:
            raise _fail(game, where, f"the view for seat {viewer} reveals something hidden from it")
        if viewer is not None:
            _check_orders_concealed(game, state, concealed, viewer, where)
            if viewer in prompted and (
                game.choices_alike(concealed, viewer) != game.choices_alike(state, viewer)
                or game.worth_searching(concealed, viewer) != game.worth_searching(state, viewer)
                or game.settled(concealed) != game.settled(state)
                or game.looks_ahead(concealed, viewer) != game.looks_ahead(state, viewer)
            ):
                raise _fail(game, where, f"whether seat {viewer}'s prompt is searched (its actions alike, worth "
                                         "searching, settled, or looked ahead) depends on hidden information: a hard bot would "
                                         "think otherwise when it holds something")
            if viewer in prompted and _typical_position_of_its_own(game) and game.looks_ahead(state, viewer):
                typical = json.dumps(game.lookahead_position(state, viewer, random.Random(7)), sort_keys=True)
                if json.dumps(game.lookahead_position(concealed, viewer, random.Random(7)), sort_keys=True) != typical:
                    raise _fail(game, where, f"the lookahead's position for seat {viewer} depends on hidden information")
        if viewer is None:
            public, redrawn = _public_prompts(game, state), _public_prompts(game, concealed)
            if [p[:4] for p in redrawn] != [p[:4] for p in public]:
                raise _fail(game, where, "which seats are prompted (or a prompt's kind or deadline) depends on "
                                         "hidden information: the public would learn who holds what; prompt "
                                         "everyone who could act, or nobody")
            forced = [(p.seat, game.forced(state, p)) for p in game.prompts(state)]
            if [(p.seat, game.forced(concealed, p)) for p in game.prompts(concealed)] != forced:
                raise _fail(game, where, "which prompts are forced (played by the session layer at once) "
                                         "depends on hidden information: auto-playing them would reveal it")
            if not game.hidden_information and any(p.private for p in game.prompts(state)):
                raise _fail(game, where, "a game without hidden information has a private prompt")
            if redrawn != public:
                raise _fail(game, where, "a prompt not marked private depends on hidden information "
                                         "(front ends show it publicly); mark it Prompt(private=True)")
    if _dump(state) != before:
        raise _fail(game, where, "view() or conceal() changed the state")


def _public_prompts(game: Game, state: State) -> list[tuple[Any, ...]]:
    """What the public may know of the prompts: who is asked, how, until when — and for a
    prompt not marked private, its text and actions too."""
    return [
        (p.seat, p.private, p.simultaneous, p.deadline)
        + (() if p.private else (p.text, tuple((a.key, a.label, a.group, a.main) for a in p.actions)))
        for p in game.prompts(state)
    ]


def play_forward(
    game: Game,
    state: State,
    *,
    chooser: random.Random,
    steps: int,
    step_ms: int = 500,
) -> State:
    """Play ``state`` on (in place) with the game's own agent, for tests and sample pictures.

    At most ``steps`` moves (pass ``game.max_actions(players)`` to play to the end). In
    timed play the clock advances ``step_ms`` per move, and a deadline that falls due
    first is expired instead.
    """
    now = int(state.get("now", 0))
    for _ in range(steps):
        prompts = game.prompts(state)
        if not prompts:
            break
        if game.is_timed(state):
            now += step_ms
            due = game.deadline(state)
            if due is not None and now >= due:
                game.apply(state, SYSTEM_SEAT, EXPIRE, due)
                now = due
                continue
            prompt = chooser.choice(prompts)
            game.apply(state, prompt.seat, game.agent(state, prompt.seat, chooser), now)
        else:
            prompt = chooser.choice(prompts)
            game.apply(state, prompt.seat, game.agent(state, prompt.seat, chooser))
    return state


def check_replay(game: Game, playout: Playout) -> None:
    """The seed plus the log must rebuild the final state exactly."""
    state = game.setup(playout.players, playout.options, playout.seed)
    for seat, key, at in playout.log:
        if at is None:
            game.apply(state, seat, key)
        else:
            game.apply(state, seat, key, at)
    if _dump(state) != _dump(playout.state):
        raise KitFailure(f"{game.slug} (players={playout.players}, seed={playout.seed}): replay differs")


def check_setup_deterministic(game: Game, players: int, seed: int, options: dict[str, str]) -> None:
    first = _dump(game.setup(players, options, seed))
    if first != _dump(game.setup(players, options, seed)):
        raise KitFailure(f"{game.slug}: setup is not deterministic for seed {seed}")


def check_metadata(game: Game) -> None:
    for attribute in ("slug", "title", "summary"):
        if not getattr(game, attribute, ""):
            raise KitFailure(f"{type(game).__name__} has no {attribute}")
    if not 1 <= game.min_players <= game.max_players:
        raise KitFailure(f"{game.slug}: bad player range {game.min_players}-{game.max_players}")
    orders = game.standing_orders()
    keys = [order.key for order in orders]
    if len(set(keys)) != len(keys) or not all(keys) or not all(order.label for order in orders):
        raise KitFailure(f"{game.slug}: standing orders need unique keys and labels")
    amounts = {order.key: order.amount for order in orders}
    for key in game.recommended_orders():
        if key not in amounts or amounts[key]:
            raise KitFailure(f"{game.slug}: recommended order {key!r} is not declared or takes an amount")
    names = [option.name for option in game.options]
    if len(set(names)) != len(names):
        raise KitFailure(f"{game.slug}: duplicate option names")


def random_walk(game: Game, players: int, seed: int, options: dict[str, str] | None = None) -> Iterator[State]:
    """The states of one random game, as :func:`random_playout` plays it but without checks.

    For checks that live outside the engine (the session layer's public text) and want
    many positions of every game. Each yielded state is the live one: copy it to keep it.
    """
    chooser = random.Random(seed * 7919 + players)
    options, state = _setup_random(game, players, seed, chooser, options)
    now = 0
    for _ in range(game.max_actions(players)):
        prompts = game.prompts(state)
        yield state
        if not prompts:
            return
        if game.is_timed(state):
            now += chooser.choice(TIMED_DELAYS)
            due = game.deadline(state)
            if due is not None and now >= due:
                game.apply(state, SYSTEM_SEAT, EXPIRE, due)
                now = due
                continue
            prompt = chooser.choice(prompts)
            game.apply(state, prompt.seat, chooser.choice(prompt.actions).key, now)
        else:
            prompt = chooser.choice(prompts)
            game.apply(state, prompt.seat, chooser.choice(prompt.actions).key)


def player_counts(game: Game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def modes(game: Game) -> list[str | None]:
    """The values of a game's ``mode`` option (live, turns), or ``[None]`` for a game without one."""
    mode = next((option for option in game.options if option.name == "mode"), None)
    return list(mode.choices) if mode else [None]


def check_game(
    game: Game, seeds: Iterable[int], players: int, options: dict[str, str] | None = None
) -> list[Playout]:
    """Run every check for one player count over ``seeds`` (``options`` fixed, the rest random)."""
    check_metadata(game)
    playouts = []
    for seed in seeds:
        playout = random_playout(game, players, seed, options)
        check_replay(game, playout)
        if seed % 10 == 0:
            check_setup_deterministic(game, players, seed, playout.options)
        playouts.append(playout)
    return playouts
