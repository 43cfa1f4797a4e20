"""The contract every game implements, and the small value types it speaks in.

A game is a set of pure functions over a plain-data state::

    state = game.setup(players=3, options={}, seed=42)
    while game.prompts(state):
        prompt = game.prompts(state)[0]
        game.apply(state, prompt.seat, prompt.actions[0].key)
    print(game.outcome(state))

The state is a JSON-compatible ``dict`` (only ``dict`` with ``str`` keys, ``list``,
``str``, ``int``, ``bool`` and ``None``; no tuples, sets or floats) so it round-trips through
a snapshot exactly. ``apply`` mutates the state in place, but only after the action has
been validated: a refused action raises :class:`IllegalAction` and leaves every byte of the
state as it was.

The engine imports only the standard library.
"""

from __future__ import annotations

import copy
import pickle
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from bot.engine.words import CORE, Code, Text, chain, texts

T, _, _ = texts(CORE)


def _commas(items: Sequence[Text]) -> str:
    """``items`` written "a, b, c" (a list, not a sentence), still sayable."""
    return chain(items, lambda head, item: T("{first}, {next}", first=head, next=item))

State = dict[str, Any]
"""A game state: plain JSON data, owned by the game module that made it."""


def clone_state(state: State) -> State:
    """A deep copy of ``state``, for trying moves on without touching it.

    A pickle round trip: three to five times faster than :func:`copy.deepcopy` on every game's
    mid-game states (``python -m bot bench`` prints both per game; a hard bot's search copies
    the state once per action it tries, which was 40% of its time in Schwarzes Gold with
    ``deepcopy``), and like it keeps shared references shared.
    A state holding something pickle cannot carry falls back to ``deepcopy``."""
    try:
        return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(state)


MAX_KEY_LENGTH = 80
"""An action key must fit in a Discord custom_id next to a table id and a log position."""

SYSTEM_SEAT = -1
"""The seat of actions nobody chose: :data:`EXPIRE`, logged when a deadline passes."""
EXPIRE = "expire"
"""The key of the system action that resolves a timed game's deadline (see :meth:`Game.expire`)."""


_SEAT_REF = re.compile(r"\{seat(\d+)\}")


def fill_seat_refs(text: str, names: Sequence[str]) -> str:
    """Replace ``{seatN}`` marks with ``names[N]`` (``Player N+1`` beyond the list); other braces stay."""

    def name(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return names[index] if 0 <= index < len(names) and names[index] else f"Player {index + 1}"

    return _SEAT_REF.sub(name, text)


def seat_ref(seat: int) -> str:
    """A placeholder for a player's name in event and prompt text: ``seat_ref(2)`` -> ``{seat2}``.

    Games do not know player names; the session layer replaces these marks with names.
    """
    return f"{{seat{seat}}}"


def dollars(amount: float) -> str:
    """A score in dollars for :meth:`Game.format_score`: ``1515200`` -> "$1,515,200", ``-500`` -> "-$500"."""
    value = round(amount)
    return f"{'-' if value < 0 else ''}${abs(value):,}"


class IllegalAction(Exception):
    """An action the rules do not allow now.

    The message is a sentence for the player, e.g. ``"Harbor costs 8 doubloons and you
    have 5."``; the state is unchanged when this is raised.
    """


class BadOptions(ValueError):
    """Table options that the game does not offer (unknown name or value)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One legal move: a stable machine ``key`` and a ``label`` for people.

    Keys are canonical notation (``role:builder``, ``draw:17``) unique among the actions
    offered at one time, at most :data:`MAX_KEY_LENGTH` characters.

    How front ends present the move (never whether it is legal): ``main`` marks the few
    choices a turn is about (Roll, Pass, Done, Buy), shown as buttons on the board; ``group``
    files the others under a path of names, e.g. ``("Mortgage",)`` or ``("Trucks", "D8")``:
    the first name is one control on the board, each further name a narrowing step (see
    :mod:`bot.engine.choices`). Names in a group path should be the short names the picture
    prints ("D8" on the map is "D8" in the menu).

    ``retreat`` marks a move that backs out of something the seat started ("Cancel this
    action", "No offer after all"): the seat is back at the decision it had before. A hard
    bot's search never chooses one over the heuristic, nor a move the heuristic would then
    back out of (:mod:`bot.engine.search`): a cut rollout can score doing nothing yet above
    doing it, and a search that starts and backs out in turn never ends its turn.
    """

    key: str
    label: str
    group: tuple[str, ...] = ()
    main: bool = False
    retreat: bool = False


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision a seat must make now, with every legal action enumerated.

    Several prompts at once (one per seat) model simultaneous and real-time play; then
    ``simultaneous`` is true. ``private`` marks a prompt whose actions show what only its
    seat may see (cards in a hidden hand, a secret choice): front ends offer it to that
    player alone, never on the public board. The test kit checks that every prompt not
    marked private stays the same when hidden information is redrawn. ``deadline`` is, in timed play, the moment on the table clock
    (milliseconds since the game started) at which the game resolves the prompt on its own
    if nobody has acted (see :meth:`Game.expire`).
    """

    seat: int
    text: str
    actions: tuple[Action, ...]
    simultaneous: bool = False
    deadline: int | None = None
    private: bool = False

    def keys(self) -> list[str]:
        return [action.key for action in self.actions]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as a line for the game log.

    ``reveals`` marks events that showed hidden information (a card drawn from a face-down
    deck, a die roll): undo may not go back past them. ``visible_to`` limits the line to one
    seat (``None`` = everyone); public logs drop the private lines.
    """

    text: str
    reveals: bool = False
    visible_to: int | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a score and a rank per seat (1 = first; ties share a rank)."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    reason: str

    @property
    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]

    @classmethod
    def ranked(
        cls,
        scores: Sequence[float],
        reason: str,
        tiebreak: Sequence[Any] | None = None,
    ) -> Outcome:
        """Rank seats by score (higher is better), then by ``tiebreak`` (higher is better).

        Seats equal on both share the better rank: scores 5, 7, 7, 2 rank 3, 1, 1, 4.
        """
        keys = [(scores[s], tiebreak[s] if tiebreak is not None else 0) for s in range(len(scores))]
        ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        return cls(scores=tuple(scores), ranks=ranks, reason=reason)

    @classmethod
    def no_winner(cls, scores: Sequence[float], reason: str) -> Outcome:
        """A game that ended with nobody winning (Killer Bunnies with no bunny left alive).

        Every seat shares the last place, so nobody is ranked first: ``winners`` is empty,
        the result line says "Nobody wins", and ratings count no win (the players are tied
        with each other, as in a draw). The scores still say what each seat had.
        """
        last = max(2, len(scores))
        return cls(scores=tuple(scores), ranks=(last,) * len(scores), reason=reason)

    @property
    def nobody_won(self) -> bool:
        """Whether this is a :meth:`no_winner` outcome: every seat shares a place below first."""
        return len(set(self.ranks)) == 1 and self.ranks[0] == max(2, len(self.ranks))


@dataclass(frozen=True, slots=True)
class StandingOrder:
    """An order a player may leave to answer their future prompts (see :meth:`Game.order_choice`).

    Like 18xx.games' programmed actions or Board Game Arena's auto-pass: "pass reaction
    windows", "always pay dividends", "pass in this stock round", "decline purchases below
    $X". ``key`` is stable (stored with the table); ``label`` is what the player picks.
    ``reveals`` says, in one sentence shown when the order is set and in the README, what the
    order can tell the others (a window that closes at once when its holder has no card);
    empty when it reveals nothing beyond the move itself. ``amount`` is the label of a
    number the order takes ("Lowest price you buy at") or empty when it takes none.
    """

    key: str
    label: str
    help: str = ""
    reveals: str = ""
    amount: str = ""


@dataclass(frozen=True, slots=True)
class Option:
    """A named table option (variant, mode, length) with its allowed values."""

    name: str
    default: str
    choices: tuple[str, ...]
    help: str = ""

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"default {self.default!r} of option {self.name!r} is not a choice")


class Game(ABC):
    """One tabletop game. Subclasses are stateless: every method takes the state.

    Metadata are class attributes. Implement :meth:`setup`, :meth:`legal_prompts`,
    :meth:`perform`, :meth:`view` and :meth:`outcome`; :meth:`apply` validates an action
    against the enumerated legal actions and only then calls :meth:`perform`, so a game
    never has to write the same check twice.
    """

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    summary: ClassVar[str]
    options: ClassVar[tuple[Option, ...]] = ()
    realtime: ClassVar[bool] = False
    version: ClassVar[int] = 1
    """Bump when a change makes old action logs replay differently."""
    rules_file: ClassVar[str] = ""
    """File name of the rulebook in ``shared/rules``."""
    render_module: ClassVar[str] = ""
    """Dotted module with ``board(view) -> PIL.Image`` and optionally ``private(view)``."""
    heavy: ClassVar[bool] = False
    """Its moves can cost long enough to stall a shared event loop (1856's route search: up
    to seconds): the session layer computes its moves, bots and prompts in a worker process."""

    grouped: ClassVar[bool] = False
    """Whether the game files its actions in groups and main choices (``Action.group``,
    ``Action.main``) so that every prompt fits the front ends' steps: then the test kit
    checks every prompt with :func:`bot.engine.choices.check_layout`."""

    hidden_information: ClassVar[bool] = True
    """Whether anything in a state is hidden from some player (hands, face-down decks, secret
    choices) besides the RNG. The safe assumption is yes; a game sets ``False`` only when its
    ``conceal`` redraws nothing but the RNG. It decides the default of :meth:`forced`."""

    # -- to implement -----------------------------------------------------------------

    @abstractmethod
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """A new game for ``players`` seats (0..players-1); deterministic for ``seed``."""

    @abstractmethod
    def legal_prompts(self, state: State) -> list[Prompt]:
        """Who must decide now and between what; empty exactly when the game is over."""

    @abstractmethod
    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        """Carry out an action already known to be legal; mutate ``state``."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see (``None``: a spectator). JSON data."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """Final scores and ranks, or ``None`` while the game goes on."""

    def max_actions(self, players: int) -> int:
        """An upper bound on the number of actions of a whole game (checked by the test kit)."""
        return 10_000

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """A copy of ``state`` with everything ``viewer`` cannot see redrawn at random.

        This is how a game declares its hidden information: face-down deck order, other
        players' hands, secret points. The test kit checks that ``view(state, viewer)`` and
        ``view(conceal(state, viewer, rng), viewer)`` are equal, so a view that shows
        anything hidden is caught. The redrawn state need not be reachable in play, only of
        the same shape. The default redraws the RNG, which is secret in every game. A game
        with nothing hidden may return ``state`` itself (1856 does: the kit asks for a
        redrawing at every view it checks); whatever plays moves on a redrawing takes it
        from :func:`bot.engine.strategy.sample`, which copies such a state.

        Keep it *canonical*: the redrawn state should depend only on what ``viewer`` sees and
        on ``rng`` (shuffle hidden items with :func:`bot.engine.rng.shuffle_unseen`, which
        starts from a sorted order). Then a hard bot's search (:mod:`bot.engine.search`),
        which sees the state only through ``conceal``, chooses exactly the same on the real
        state and on any redrawing of it.
        """
        hidden = clone_state(state)
        if "rng" in hidden:
            hidden["rng"] = rng.getrandbits(63)
        return hidden

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        """The action key a bot seat plays. Default: a uniformly random legal action."""
        for prompt in self.prompts(state):
            if prompt.seat == seat:
                return rng.choice(prompt.actions).key
        raise IllegalAction(T("This seat has nothing to decide now."))

    # -- what a hard bot's search may use (bot.engine.search) ---------------------------

    search_budget_s: ClassVar[float | None] = None
    """A hard bot's CPU seconds per decision in this game, when the game has measured that
    less than the level's (``bot.bots.HARD_BUDGET_S``, the most any game gets) plays as
    well: less load on the workers. Each game's data README gives its figure and why."""

    deterministic: ClassVar[bool] = False
    """Whether the moves alone decide what follows a state: no hidden information, no dice, no
    RNG (1856). A hard bot then searches with :func:`bot.engine.search.lookahead`, which plays
    each candidate on once: a second rollout would only repeat the first."""

    def looks_ahead(self, state: State, seat: int) -> bool:
        """Whether a hard bot answers ``seat``'s prompt in ``state`` by
        :func:`bot.engine.search.lookahead` (each candidate played on once, to the
        :meth:`horizon`) rather than by the paired search. Default: :attr:`deterministic`, for
        every prompt. A game with chance in it says ``True`` for a prompt where little chance
        lies between the move and the horizon and the play-on is long, so that the paired
        search's samples would be few and alike (Puerto Rico's role choice, where rollouts
        that run the normal bot's look-ahead at every role left the paired search 4-6
        samples a decision). Must follow from what the seat sees."""
        return self.deterministic

    def settled(self, state: State) -> bool:
        """Whether nothing is left to chance or hidden from ``state`` on: every seat sees the
        whole state and no die, draw or shuffle is still to come, so the moves alone decide
        the rest (Schwarzes Gold's phase 2, the pumping). A hard bot then answers by
        :func:`bot.engine.search.best_reply`: every line of its own moves to the end of the
        game, the others playing the rollout policy, instead of sampling rollouts that
        would all be alike. Must follow from what the seat sees. Default: ``False``."""
        return False

    def worth_searching(self, state: State, seat: int) -> bool:
        """Whether a hard bot's search may improve on the heuristic at ``seat``'s prompt now.
        ``False`` plays the heuristic's choice at once, for prompts where the game knows the
        heuristic is as good as a search of the budget could find (1856's lays already
        maximize the reach and its runs are the best routes) or a search could not tell the
        actions apart. Like :meth:`choices_alike` it must follow from what the seat sees (the
        test kit checks it never changes when hidden information is redrawn). Default: ``True``."""
        return True

    def horizon(self, state: State) -> object:
        """Where the lookahead (:func:`bot.engine.search.lookahead`, see :meth:`looks_ahead`)
        stops and scores the position with :meth:`evaluate`: at the first state whose mark
        differs from the mark just before the candidate move, or at the
        :attr:`horizon_depth`-th change (1856: the stock round's number, so each candidate is
        played on to the start of the next stock round; no 1856 candidate changes it itself).
        The default, ``None`` for every state, plays on to the end of the game."""
        return None

    def lookahead_position(self, state: State, seat: int, rng: random.Random) -> State:
        """The position the lookahead plays every candidate on, once: by default one that
        :meth:`conceal` draws with ``rng`` (a copy when nothing is hidden). A game whose
        ``conceal`` draws at random something the play-on's score turns on gives a typical
        position instead, built from what ``seat`` sees alone (Puerto Rico: the face-down
        plantations in one fixed order and the other seats' secret VP chips split evenly;
        with the VP split at random, as ``conceal`` draws it, the lookahead won 48.3% of 300
        games against normal bots instead of 62.7%). Like ``conceal`` it must be canonical:
        the same for every state the seat cannot tell apart (the test kit checks it)."""
        drawn = self.conceal(state, seat, rng)
        return clone_state(state) if drawn is state else drawn

    horizon_depth: ClassVar[int] = 1
    """How many times the :meth:`horizon`'s mark changes before the lookahead scores the
    position: the mark is read just before the candidate move, so a move that itself crosses
    it counts as one (Puerto Rico: the round's number, and three rounds)."""

    def lookahead_prior(self, state: State, seat: int, key: str) -> float:
        """What the lookahead adds to the score of ``seat``'s candidate ``key`` at the horizon:
        a small part of the heuristic's own worth of the move, for what the evaluation at the
        horizon cannot see yet (Puerto Rico: a twentieth of the role's worth; without it the
        lookahead won 54.5% of 300 games against normal instead of 62.7%). Called on the
        position :meth:`lookahead_position` gave, before the move. Default: 0."""
        return 0.0

    rollout_steps: ClassVar[int | None] = None
    """A hard bot's rollouts stop after this many moves and score the position they reached
    with :meth:`evaluate` (``None``: every rollout plays on to the end of the game). A long
    game with a good evaluation gets many more, shorter rollouts out of the same budget.

    ``0`` hands every rollout to :meth:`evaluate` at once: a game whose rules' ``apply`` is
    slow for a rollout (prompts, labels and log lines built for every move) plays the same
    policy on a bare copy of the table there and returns the rewards it reaches (Finders
    Keepers, Collide-o and HISSS have such a ``playout.py``, each tested to play exactly what
    its rules play)."""

    def rollout_cut(self, state: State) -> int | None:
        """Where a hard bot's rollout from ``state`` stops to be scored by :meth:`evaluate`:
        :attr:`rollout_steps` by default. A game whose turn comes round more slowly with more
        players gives a cut per seat here (The Construction Game: 8 moves a seat), so that a
        4-player rollout still reaches the other seats' answers to the searched move."""
        return self.rollout_steps

    rollout_noise: ClassVar[float] = 0.1
    """How often a hard bot's rollout plays a uniformly random move instead of
    :meth:`rollout_agent`'s, so that rollouts of a game with little chance in it are not all
    alike and a search does not count on every seat playing exactly the heuristic. A game
    whose chance already varies the rollouts and whose search gains from modelling the other
    seats exactly sets less (Puerto Rico: 0; data/puerto-rico/README.md)."""

    def rollout_agent(self, state: State, seat: int, rng: random.Random) -> str:
        """The move a hard bot's search plays for ``seat`` in its rollouts, for every seat.

        The default is the heuristic (:meth:`agent`): the search then models the other
        seats as normal bots. A game whose heuristic is slow gives a quicker policy here, so
        the budget buys more rollouts. It is called only on states the search drew with
        :meth:`conceal`, so it may read anything in them."""
        return self.agent(state, seat, rng)

    def choices_alike(self, state: State, seat: int) -> bool:
        """Whether every action of ``seat``'s prompt is, for all the seat can see, the same
        choice: a card off a shuffled face-down fan, one of a row of tokens that differ only
        in what nobody knows yet. A hard bot's search then has nothing to compare (on any
        redrawing the actions differ only by the luck the redrawing dealt them) and plays
        the heuristic's choice at once instead of spending its budget.

        Asked only for a seat with a prompt. The answer must follow from what the seat sees:
        the test kit checks that it never changes when hidden information is redrawn
        (:meth:`conceal`). The default, ``False``, searches every prompt."""
        return False

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's expected reward in [0, 1] (its share of the win, roughly) in
        ``state``, where a rollout cut after :meth:`rollout_cut` moves stops.

        Called only on states the search drew with :meth:`conceal`. The default, ``None``,
        says the game has no evaluation: the rollout plays on to the end."""
        return None

    def forced(self, state: State, prompt: Prompt) -> bool:
        """Whether the session layer may play ``prompt``'s only action for its seat at once.

        A forced move is logged like any move (marked "forced"), but nobody is pinged or
        waited for. That is only fair when everyone already knows the move is forced: if a
        prompt shows a lone "Pass" because its player holds no fitting card, playing it at
        once tells the table that the hand is empty. So answer ``True`` only for a prompt
        with exactly one action whose being the only one follows from public information;
        the test kit checks that the answer never changes when hidden information is
        redrawn (:meth:`conceal`). Never for a simultaneous or timed prompt (speed is part
        of the game there), nor a private one (its actions depend on what only its seat
        sees).

        The default is safe: such a prompt is forced only in a game that declares it has no
        hidden information (:attr:`hidden_information`). A game with hidden information
        overrides this for the prompts it knows to be public.
        """
        return not self.hidden_information and self.lone_action(state, prompt)

    # -- standing orders ----------------------------------------------------------------
    #
    # A player may leave orders that answer their future prompts while they are away. The
    # game declares which orders it offers and, for each prompt, which action an order
    # plays; the session layer (and :func:`bot.engine.orders.answer`) applies them. An order
    # only ever picks one of the prompt's own legal actions, and it may use only what its
    # player can see: the test kit checks that its answer is the same on
    # ``conceal(state, seat, rng)``.

    orders: ClassVar[tuple[StandingOrder, ...]] = ()
    """The standing orders a player of this game may set (see :meth:`order_choice`)."""
    recommended: ClassVar[tuple[str, ...]] = ()
    """Keys of :attr:`orders` a play-by-post player is advised to set (see :meth:`recommended_orders`)."""

    def standing_orders(self) -> tuple[StandingOrder, ...]:
        """The orders a player of this game may set: :attr:`orders` (none by default)."""
        return self.orders

    def order_choice(
        self, state: State, prompt: Prompt, order: str, amount: int | None = None
    ) -> str | None:
        """The key of the action that ``order`` plays for ``prompt`` (a prompt of ``prompt.seat``),
        or ``None`` when the order does not answer this prompt and the player decides."""
        return None

    def recommended_orders(self) -> tuple[str, ...]:
        """The keys of the orders a play-by-post player is advised to set (none by default).

        Only orders that take no amount, and whose ``reveals`` a player would accept in
        exchange for not being asked: the decisions benchmark (``python -m bot decisions``)
        counts the prompts left with these set, and front ends may offer them as one click.
        A game lists them in :attr:`recommended`.
        """
        return self.recommended

    def lone_action(self, state: State, prompt: Prompt) -> bool:
        """Whether ``prompt`` has the shape of a forced move: exactly one action, asked in turn
        (not simultaneous, not timed, no deadline) and not private. A game with hidden
        information calls this from its :meth:`forced` and adds why the lone action is
        public knowledge in that prompt."""
        return (
            len(prompt.actions) == 1
            and not prompt.simultaneous
            and not prompt.private
            and prompt.deadline is None
            and not self.is_timed(state)
        )

    def order_scope(self, state: State, order: str) -> str | None:
        """A token naming how long ``order`` lasts: the session layer stores it when the order
        is set and drops the order once the token changes ("pass in this stock round" names the
        round). ``None`` (the default): the order lasts until the player cancels it."""
        return None

    # -- timed play (real-time games) ---------------------------------------------------
    #
    # In timed play the session layer stamps every action with the table clock: ``at`` is
    # the millisecond (since the game started) at which the server received it, stored in
    # the log so a replay sees the same times. ``apply`` writes it to ``state["now"]`` after
    # validation, so ``perform`` can compare times (who clicked first, ties within a
    # window). A prompt may carry a ``deadline`` on the same clock; when the clock reaches
    # the earliest one and nobody has acted, the session layer logs the system action
    # (:data:`SYSTEM_SEAT`, :data:`EXPIRE`) and the game resolves it in :meth:`on_deadline`.

    def is_timed(self, state: State) -> bool:
        """Whether actions in this state are stamped with the clock (e.g. option mode=live)."""
        return False

    def epoch(self, state: State) -> int | None:
        """Timed play: a number that stays the same while a posted board's buttons keep their
        meaning (e.g. until the next reveal), so several players can click one board in a
        race. ``None`` (the default): any move makes earlier boards outdated."""
        return None

    def on_deadline(self, state: State) -> list[Event]:
        """Resolve what was due at ``state["now"]`` (the earliest prompt deadline has passed)."""
        raise IllegalAction(T("This game has no deadlines."))

    # -- provided ---------------------------------------------------------------------

    def prompts(self, state: State) -> list[Prompt]:
        return self.legal_prompts(state)

    def deadline(self, state: State) -> int | None:
        """The earliest prompt deadline on the table clock, or None."""
        deadlines = [p.deadline for p in self.legal_prompts(state) if p.deadline is not None]
        return min(deadlines) if deadlines else None

    def expire(self, state: State, at: int) -> list[Event]:
        """The clock reached ``at``: resolve the earliest deadline if it is due."""
        due = self.deadline(state)
        if due is None:
            raise IllegalAction(T("Nothing is waiting for a deadline."))
        if at < due:
            raise IllegalAction(T("The deadline is at {due} ms; it is only {at} ms.", due=due, at=at))
        state["now"] = at
        return self.on_deadline(state)

    def apply(self, state: State, seat: int, key: str, at: int | None = None) -> list[Event]:
        """Validate ``key`` for ``seat`` against the legal actions, then perform it.

        ``at`` is the table clock in timed play (None otherwise). The system seat's
        :data:`EXPIRE` resolves a deadline instead. Raises :class:`IllegalAction` with a
        specific sentence and leaves ``state`` as it was.
        """
        if seat == SYSTEM_SEAT and key == EXPIRE:
            if at is None:
                raise IllegalAction(T("A deadline needs the time it fell due."))
            return self.expire(state, at)
        if at is not None:
            due = self.deadline(state)
            if due is not None and at >= due:
                raise IllegalAction(T("Too late: time ran out for that decision."))
            if at < state.get("now", 0):
                raise IllegalAction(T("That action is stamped before the last one."))
        prompts = self.legal_prompts(state)
        if not prompts:
            raise IllegalAction(T("The game is over."))
        mine = [p for p in prompts if p.seat == seat]
        if not mine:
            waiting = _commas([T("seat {n}", n=p.seat + 1) for p in prompts])
            raise IllegalAction(T("It is not your turn: waiting for {waiting}.", waiting=waiting))
        for prompt in mine:
            action = next((action for action in prompt.actions if action.key == key), None)
            if action is not None:
                if at is not None:
                    state["now"] = at
                events = self.perform(state, seat, key)
                if events or self.hidden_information or prompt.private or prompt.simultaneous:
                    return events
                # A move that says nothing is logged by its label, so the log and the table
                # message read "Cy: Buy a THB share from the IPO", not "buy:THB:ipo". Only where
                # nothing is hidden: elsewhere a silent move may be a secret one.
                return [Event(T("{who}: {move}", who=seat_ref(seat), move=action.label))]
        raise IllegalAction(self.explain_refusal(state, seat, key))

    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        """Why ``key`` is not legal for ``seat``. Games override this to be more specific."""
        return T("{key} is not a legal move now.", key=Code(repr(key)))

    def format_score(self, score: float) -> str:
        """How a final score reads to players, e.g. in "Final: 1. Ana 12, 2. Bo 9".

        The default is the bare number ("12", "2.5"); a game whose score is money says so
        (``return dollars(score)`` -> "$1,515,200"), so a result never reads "cy 1515200".
        """
        return str(int(score)) if float(score).is_integer() else f"{score:g}"

    def resolve_options(self, given: Mapping[str, str]) -> dict[str, str]:
        """Fill in defaults and refuse unknown names or values with a helpful message."""
        known = {option.name: option for option in self.options}
        resolved = {option.name: option.default for option in self.options}
        for name, value in given.items():
            option = known.get(name)
            if option is None:
                offered = Code(", ".join(known)) if known else T("none")
                raise BadOptions(T("{game} has no option {name} (options: {offered}).", game=self.title,
                                   name=Code(repr(name)), offered=offered))
            if value not in option.choices:
                raise BadOptions(T("Option {name} must be one of {choices}, not {value}.", name=Code(name),
                                   choices=Code(", ".join(option.choices)), value=Code(repr(value))))
            resolved[name] = value
        return resolved

    def check_options(self, options: Mapping[str, str]) -> None:
        """Refuse option values that do not fit together, before any table is opened.

        ``options`` are resolved (every option present, see :meth:`resolve_options`). Raise
        :class:`BadOptions` with a sentence saying what to change ("wasteland needs board
        1926: set board=1926"); the session layer calls this at ``/game new``, so a lobby that
        could never start is never opened. The default accepts every combination.
        """
        return None

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(T("{game} is for {least}–{most} players, not {players}.", game=self.title,
                               least=self.min_players, most=self.max_players, players=players))

    def __repr__(self) -> str:
        return f"<Game {self.slug}>"
