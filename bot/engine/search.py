"""The hard bot's searches, shared by every game through the contract.

Three searches live here. :func:`paired_search` is the hard level's (``bot.bots.think``): a
one-move lookahead that rolls every candidate move out on the *same* redrawn states with the
*same* dice (common random numbers), so that two moves are compared on the same luck — see its
docstring. A game with nothing left to chance (``Game.deterministic``: 1856) is searched by
:func:`lookahead` instead: each candidate played on once to the game's ``horizon`` and scored
there with ``evaluate``, since a second play-on would repeat the first; so is any prompt where
the game asks for it (``Game.looks_ahead``: Puerto Rico's role choice, three rounds of the
normal bot on a typical position, where the paired search could afford only a few samples).
Where the game says a state is *settled* (``Game.settled``: nothing hidden, no chance to come,
as in Schwarzes Gold's pumping), the paired search answers by :func:`best_reply` instead:
every line of the seat's own moves played out to the end, the others playing the rollout
policy. Every search skips the prompts the game says a search cannot improve on
(``Game.worth_searching``). :func:`search`,
described below, is the information-set tree search hard bots played before it; it stays as
the arena's ``hard-tree`` seat, the baseline the paired search is measured against (issue 26:
at 2 players in Collide-o, 0.8 s a decision, the tree search won 50.0% of 80 games against
normal, the paired search 77.5% of 40).

A hard bot seat does not know the hidden information (other hands, the deck order), so it
searches over what it *could* be. Each iteration of the search

1. **determinizes**: draws one state the seat cannot tell from the real one with the game's
   own ``conceal(state, seat, rng)`` — the only way the search ever looks at the state;
2. **selects** down one tree shared by all determinizations (single-observer ISMCTS,
   Cowling, Powley & Whitehouse 2012): at each decision the legal actions *of this
   determinization* compete by UCB1 with availability counts, each seat maximizing its own
   reward;
3. **expands** one new node, the game's own heuristic (``game.agent``) choice first;
4. **rolls out** with the game's rollout policy for every seat (``game.rollout_agent``, the
   heuristic unless the game gives a quicker one; a random move as often as
   ``game.rollout_noise`` says, one in ten by default, so the rollouts are not all alike) to
   the end of the game, or for ``game.rollout_cut(state)`` moves (``game.rollout_steps`` by
   default) and then scores the position with ``game.evaluate``, and
5. **backs up** a reward per seat: its share of the win (ties split), plus a little for its
   rank, so a lost game is still better lost in second place.

The search stops when its CPU budget (``time.process_time``, injectable) is spent, or
earlier when the most-visited root action can no longer be overtaken in the iterations the
budget has left (:func:`_settled`), and plays the root action visited most — but only when
the search saw enough to overrule the game's heuristic (:func:`_decide`). When the budget
buys too few iterations to say anything (a game whose rollouts are long, a prompt with many
actions) it plays the heuristic's choice: a hard bot is not weaker than a normal one for lack
of time.

**It never reads hidden information.** The real state is only passed to ``conceal`` and to
the seat's own prompt; with a fixed ``rng`` the search over ``state`` and over
``conceal(state, seat, r)`` makes the same draws and the same choice — exactly, when the
game's ``conceal`` is *canonical* (its redrawn state depends only on what the seat sees and
the rng, e.g. it sorts the pool it shuffles), and in distribution for every game.

Timed (live) play is about speed, and a search of a fraction of a second would be beaten by
the clock: on a timed state the search plays the heuristic's choice. A simultaneous prompt
(everyone answers in secret, as in Chomp's turns mode) is searched *flat*: only the seat's own
answer is chosen by the search, and everything after it, the other seats' secret answers
included, is played by the rollout policy. A tree that let the players answer one after
another would let each see the answers before theirs, and a search that plans as if it could
see them plays worse than the heuristic (Chomp: 1 win in 9 games at 3 players, when the
tree went on past a secret answer).

The engine imports only the standard library.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.engine.contract import Game, IllegalAction, Outcome, Prompt, State, clone_state
from bot.engine.strategy import own_prompt, sample

Clock = Callable[[], float]
"""Seconds of CPU time, as :func:`time.process_time`; tests inject a counter."""

EXPLORATION = 0.7
"""UCB1's exploration constant for rewards in [0, 1] (√2 is the textbook value; the rollouts
are guided, so less exploring pays)."""
MAX_ROOT_CANDIDATES = 16
"""At most this many root actions are searched: the heuristic's choice and a random sample of
the others. A budget of a few hundred rollouts cannot tell 200 tile lays apart."""
MIN_VISITS_TO_OVERRULE = 8
"""The most-visited root action replaces the heuristic's only when both have this many visits..."""
OVERRULE_MARGIN = 0.05
"""... and its mean reward is better by this much (a twentieth of a win) ..."""
OVERRULE_STANDARD_ERRORS = 2.0
"""... and by this many standard errors of the difference of the two means: in a game of
dice one rollout's reward swings by more than the margin, and an overrule on noise plays
worse than the heuristic."""
MAX_DROPPED = 3
"""The search gives up when more than this many samples failed, and more than succeeded."""
SETTLED_CHECK_EVERY = 16
"""Every this many iterations the search asks whether its choice is settled (:func:`_settled`)."""
INDIFFERENT_AFTER = 32
"""Visits each root action needs before equal rewards for all of them end the search."""
CLOCK_EVERY = 8
"""A rollout reads the clock every this many moves (reading it costs about a move of a light game)."""
UNDECIDED = 0.25
"""The reward of every seat in a rollout that did not finish (the same for all: no bias)."""
RANK_WEIGHT = 0.1
"""The part of a reward that is the rank (the rest is the share of the win)."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The search's choice and what it cost: ``visits`` per root action, ``guide`` the heuristic's."""

    key: str
    guide: str
    iterations: int
    cpu_seconds: float
    visits: dict[str, int]
    dropped: int = 0
    """Samples whose play failed (a redrawn state the game could not play on): not counted."""


@dataclass(slots=True)
class _Node:
    """One decision in the shared tree: its children by ``"seat|key"``, their statistics."""

    visits: int = 0
    reward: float = 0.0
    """Sum of the rewards of the seat that chose the move into this node."""
    reward_squares: float = 0.0
    """Sum of those rewards squared (for the spread of the mean: :func:`_decide`)."""
    available: int = 0
    """How often this node's move was legal when its parent was visited (ISMCTS's UCB)."""
    children: dict[str, _Node] = field(default_factory=dict)

    def variance_of_mean(self) -> float:
        """The sample variance of the rewards through this node, over its visits."""
        if self.visits < 2:
            return math.inf
        mean = self.reward / self.visits
        spread = max(self.reward_squares / self.visits - mean * mean, 0.0) * self.visits / (self.visits - 1)
        return spread / self.visits

    def ucb(self, exploration: float) -> float:
        if not self.visits:
            return math.inf  # made by an iteration whose sample was then dropped: try it first
        return self.reward / self.visits + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def rewards(outcome: Outcome) -> list[float]:
    """Each seat's reward in [0, 1]: ``1 - RANK_WEIGHT`` shared by the winners, plus
    ``RANK_WEIGHT`` scaled by rank (first place all of it, last place none)."""
    players = len(outcome.ranks)
    winners = outcome.winners
    worst = max(outcome.ranks)
    out = []
    for seat, rank in enumerate(outcome.ranks):
        win = (1.0 - RANK_WEIGHT) / len(winners) if seat in winners else 0.0
        place = RANK_WEIGHT * (worst - rank) / (worst - 1) if worst > 1 else RANK_WEIGHT / max(players, 1)
        out.append(win + place)
    return out


def score_rewards(scores: Sequence[float]) -> list[float]:
    """:func:`rewards` of ``Outcome.ranked(scores, …)`` without building the outcome (the top
    scorers win, ties split): for a game's own fast play-outs, which end in scores."""
    best = max(scores)
    winners = sum(1 for score in scores if score == best)
    ranks = [1 + sum(1 for other in scores if other > mine) for mine in scores]
    worst = max(ranks)
    out = []
    for score, rank in zip(scores, ranks, strict=True):
        win = (1.0 - RANK_WEIGHT) / winners if score == best else 0.0
        place = RANK_WEIGHT * (worst - rank) / (worst - 1) if worst > 1 else RANK_WEIGHT / len(scores)
        out.append(win + place)
    return out


def _guide(
    game: Game, state: State, seat: int, rng: random.Random, clock: Clock, started: float
) -> tuple[Prompt, str, SearchResult | None]:
    """The seat's prompt and the heuristic's choice (the guide), and the search's result
    already when there is nothing to search: a lone action, actions the game calls alike
    (:meth:`~bot.engine.contract.Game.choices_alike`), a prompt the game says a search cannot
    improve on (:meth:`~bot.engine.contract.Game.worth_searching`), or timed play."""
    prompt = own_prompt(game, state, seat)
    guide = game.agent(state, seat, random.Random(rng.getrandbits(64)))
    if (
        len(prompt.actions) == 1
        or game.is_timed(state)
        or game.choices_alike(state, seat)
        or not game.worth_searching(state, seat)
    ):
        return prompt, guide, SearchResult(guide, guide, 0, clock() - started, {})
    return prompt, guide, None


def _searchable(prompt: Prompt, guide: str) -> list[str]:
    """The keys a search may choose from: every action but a retreat
    (:attr:`~bot.engine.contract.Action.retreat`), unless it is the heuristic's own choice."""
    return [action.key for action in prompt.actions if not action.retreat or action.key == guide]


FOLLOW_THROUGH_MOVES = 8
"""At most this many of the seat's own moves after an overruling choice are played by
:func:`_followed_through` (only while its prompts offer a retreat: the heuristic is not
called where nothing can be backed out of, which keeps the check cheap in games whose
heuristic is slow, as 1856's route search)."""


def _followed_through(game: Game, state: State, seat: int, choice: str, guide: str, rng: random.Random) -> str:
    """``choice``, unless the heuristic, playing the seat's next moves after it, backs out of
    it (a retreat) before the turn passes: then the heuristic's ``guide``.

    A search may find starting something (track to lay, an offer to make) better than the
    heuristic's move only because of what its rollouts do next; at the table the heuristic's
    own answer to the next prompt then cancels it, and a search that starts it again would
    never end its turn. Played on a state drawn by ``conceal``, as the search is."""
    if choice == guide:
        return choice
    try:
        trial = sample(game, state, seat, random.Random(rng.getrandbits(63)))
        game.apply(trial, seat, choice)
        for _ in range(FOLLOW_THROUGH_MOVES):
            prompts = game.prompts(trial)
            own = next((prompt for prompt in prompts if prompt.seat == seat), None)
            if own is None or own is not prompts[0] or not any(action.retreat for action in own.actions):
                break  # the turn passed, or what was started is over: nothing left to back out of
            key = game.agent(trial, seat, random.Random(rng.getrandbits(63)))
            if any(action.key == key and action.retreat for action in own.actions):
                return guide
            game.apply(trial, seat, key)
    except Exception:
        return guide  # a redrawn state the game could not play on: the heuristic's move is safe
    return choice


def _root_candidates(keys: list[str], guide: str, rng: random.Random) -> list[str]:
    """The root actions a search compares: all of them, or the heuristic's choice and a random
    sample of the others when there are more than :data:`MAX_ROOT_CANDIDATES`."""
    if len(keys) <= MAX_ROOT_CANDIDATES:
        return list(keys)
    others = [key for key in keys if key != guide]
    return [guide, *rng.sample(others, MAX_ROOT_CANDIDATES - 1)]


def search(
    game: Game,
    state: State,
    seat: int,
    rng: random.Random,
    *,
    budget_s: float,
    clock: Clock = time.process_time,
    max_iterations: int | None = None,
    exploration: float = EXPLORATION,
) -> SearchResult:
    """The action ``seat`` plays in ``state`` after searching for ``budget_s`` CPU seconds.

    ``state`` is not changed. ``max_iterations`` stops earlier (tests, benchmarks). Raises
    :class:`IllegalAction` when the seat has nothing to decide.
    """
    started = clock()
    prompt, guide, unsearched = _guide(game, state, seat, rng, clock, started)
    if unsearched is not None:
        return unsearched
    keys = _searchable(prompt, guide)
    flat = prompt.simultaneous
    candidates = _root_candidates(keys, guide, rng)
    root = _Node()
    iterations = dropped = 0
    out_of_time = _Deadline(clock, started + budget_s)
    while clock() - started < budget_s and (max_iterations is None or iterations < max_iterations):
        determinized = sample(game, state, seat, random.Random(rng.getrandbits(63)))
        try:
            _iterate(game, determinized, seat, root, candidates, guide, rng, exploration, out_of_time, flat)
        except _OutOfTime:
            break  # a rollout longer than the budget left: it is dropped, not counted
        except Exception:
            # A redrawn state need not be reachable in play (see ``Game.conceal``): a game may
            # refuse or trip over a move in it. That sample is dropped; only the real state's
            # moves are ever committed, and the heuristic's choice stands if nothing else does.
            dropped += 1
            if dropped > MAX_DROPPED and dropped > iterations:
                break
            continue
        iterations += 1
        left = math.inf if max_iterations is None else max_iterations - iterations
        if iterations % SETTLED_CHECK_EVERY == 0 and _settled(root, iterations, clock() - started, budget_s, left):
            break
    visits = {key.split("|", 1)[1]: child.visits for key, child in root.children.items()}
    choice = _followed_through(game, state, seat, _decide(root, guide), guide, rng)
    return SearchResult(choice, guide, iterations, clock() - started, visits, dropped)


def _decide(root: _Node, guide: str) -> str:
    """The most-visited root action, if the search has seen enough to overrule the heuristic:
    at least :data:`MIN_VISITS_TO_OVERRULE` visits for it and for the heuristic's choice, and
    a mean reward better by at least :data:`OVERRULE_MARGIN` and by
    :data:`OVERRULE_STANDARD_ERRORS` standard errors of the difference."""
    children = {key.split("|", 1)[1]: child for key, child in root.children.items()}
    if not children:
        return guide
    best = max(children, key=lambda key: (children[key].visits, key == guide))
    mine, theirs = children[best], children.get(guide)
    if best == guide or theirs is None or min(mine.visits, theirs.visits) < MIN_VISITS_TO_OVERRULE:
        return guide
    lead = mine.reward / mine.visits - theirs.reward / theirs.visits
    if lead < OVERRULE_MARGIN:
        return guide
    if lead < OVERRULE_STANDARD_ERRORS * math.sqrt(mine.variance_of_mean() + theirs.variance_of_mean()):
        return guide
    return best


def _settled(
    root: _Node, iterations: int, spent: float, budget_s: float, iterations_left: float = math.inf
) -> bool:
    """Whether searching on could not change the choice: the most-visited root action leads
    the next by more visits than the rest of the budget can buy at the rate so far (or than
    ``iterations_left``, when the search has a cap on its iterations), or every
    root action has had :data:`INDIFFERENT_AFTER` visits with exactly the same rewards (an
    end game whose result no longer depends on this choice)."""
    children = list(root.children.values())
    counts = sorted((child.visits for child in children), reverse=True)
    if len(counts) < 2 or spent <= 0:
        return False
    means = [child.reward / child.visits for child in children if child.visits]
    if counts[-1] >= INDIFFERENT_AFTER and max(means) - min(means) < 1e-9:
        return True  # every action has led to the very same rewards: the choice does not matter
    affordable = min(iterations * (budget_s - spent) / spent, iterations_left)
    return counts[0] - counts[1] > affordable


class _OutOfTime(Exception):
    """The budget ran out in the middle of an iteration."""


@dataclass(frozen=True, slots=True)
class _Deadline:
    """Whether the CPU budget is spent, read every :data:`CLOCK_EVERY` rollout steps."""

    clock: Clock
    at: float

    def check(self) -> None:
        if self.clock() >= self.at:
            raise _OutOfTime


def _iterate(
    game: Game,
    state: State,
    root_seat: int,
    root: _Node,
    candidates: list[str],
    guide: str,
    rng: random.Random,
    exploration: float,
    deadline: _Deadline,
    flat: bool = False,
) -> None:
    """One determinized descent, expansion, rollout and backup (``state`` is consumed).

    ``flat``: the tree is the root's actions only (a simultaneous prompt: see the module's
    docstring); the rollout starts right after the seat's own answer."""
    path: list[tuple[_Node, int]] = [(root, root_seat)]
    node = root
    first = True
    expanded = False
    while not expanded:
        prompts = game.prompts(state)
        if not prompts or game.is_timed(state):
            break
        if first:
            prompt = next(p for p in prompts if p.seat == root_seat)
            legal = [key for key in candidates if key in set(prompt.keys())]
        else:
            prompt = _next_prompt(prompts, rng)
            legal = prompt.keys()
        if not legal:
            break
        seat = prompt.seat
        labels = [f"{seat}|{key}" for key in legal]
        for label in labels:
            child = node.children.get(label)
            if child is not None:
                child.available += 1
        untried = [label for label in labels if label not in node.children]
        if untried:
            preferred = f"{seat}|{guide if first else game.rollout_agent(state, seat, rng)}"
            label = preferred if preferred in untried else rng.choice(untried)
            child = node.children[label] = _Node(available=1)
            expanded = True
        else:
            label = max(labels, key=lambda name: node.children[name].ucb(exploration))
            child = node.children[label]
        game.apply(state, seat, label.split("|", 1)[1])
        path.append((child, seat))
        node = child
        first = False
        if flat:
            break
    reward = _rollout(game, state, rng, deadline)
    for visited, seat in path:
        gained = UNDECIDED if reward is None else reward[seat]
        visited.visits += 1
        visited.reward += gained
        visited.reward_squares += gained * gained


def _next_prompt(prompts: list[Prompt], rng: random.Random) -> Prompt:
    """The prompt a search answers next: the first, or any of several simultaneous ones at
    random (at a table the seats answer a simultaneous prompt in no fixed order; always
    answering seat 0 first would let it win every race in the search's imagination)."""
    if len(prompts) > 1 and prompts[0].simultaneous:
        return rng.choice(prompts)
    return prompts[0]


def _rollout(game: Game, state: State, rng: random.Random, deadline: _Deadline) -> list[float] | None:
    """Play ``state`` on with the rollout policy (and the game's ``rollout_noise``); every seat's reward.

    The rollout ends with the game, or after ``game.rollout_cut(state)`` moves where the game's
    ``evaluate`` scores the position. ``None`` for a game still unfinished after
    ``game.max_actions(game.max_players)`` steps or one that reached timed play: it counts the
    same for everyone. Raises :class:`_OutOfTime` when the budget runs out on the way (a long
    game's rollout must not carry a decision past its budget)."""
    cut = game.rollout_cut(state)
    noise = game.rollout_noise
    for step in range(game.max_actions(game.max_players)):
        if cut is not None and step >= cut:
            estimate = game.evaluate(state)
            if estimate is not None:
                return estimate
            cut = None
        if step % CLOCK_EVERY == CLOCK_EVERY - 1:
            deadline.check()
        prompts = game.prompts(state)
        if not prompts or game.is_timed(state):
            break
        prompt = _next_prompt(prompts, rng)
        if noise and rng.random() < noise:
            key = rng.choice(prompt.actions).key
        else:
            key = game.rollout_agent(state, prompt.seat, rng)
        game.apply(state, prompt.seat, key)
    outcome = game.outcome(state)
    return None if outcome is None else rewards(outcome)


PAIRED_MIN_SAMPLES = 8
"""Samples (determinizations) the paired search needs before it prunes or overrules."""
PAIRED_OVERRULE_Z = 2.5
"""The paired search overrules the heuristic only when its best action leads the heuristic's
choice by this many standard errors of the paired difference (more than the tree's 2: the
best is picked out of up to :data:`MAX_ROOT_CANDIDATES`, so its lead is flattered)..."""
PAIRED_OVERRULE_MARGIN = 0.02
"""... and by this much mean reward (a fiftieth of a win)."""
PAIRED_PRUNE_Z = 3.0
"""A root action trailing the leader by this many standard errors is no longer rolled out."""


def paired_search(
    game: Game,
    state: State,
    seat: int,
    rng: random.Random,
    *,
    budget_s: float,
    clock: Clock = time.process_time,
    max_iterations: int | None = None,
) -> SearchResult:
    """The action ``seat`` plays in ``state`` after a *paired* rollout search of ``budget_s``.

    A one-move lookahead with common random numbers (a rollout algorithm in Bertsekas's
    sense, as backgammon programs roll out their candidate moves): each sample draws one
    state with ``conceal`` and one seed for the rollouts, then plays *every* root action
    still in the running on that same state and rolls each out with that same seed, so the
    dice, draws and noise after each action are alike as far as the game lets them be. The
    difference of two actions' rewards within a sample then measures the actions, not the
    luck of the sample; in a game of dice it varies several times less than the rewards
    themselves, and the tree search's comparison of independent samples (:func:`search`)
    could not tell most actions apart in its budget.

    Actions trailing the leader by :data:`PAIRED_PRUNE_Z` standard errors of the paired
    difference stop being rolled out; the heuristic's choice stays to the end, and is
    overruled only by an action leading it by :data:`PAIRED_OVERRULE_Z` standard errors and
    :data:`PAIRED_OVERRULE_MARGIN`. ``SearchResult.iterations`` counts samples, ``visits``
    the rollouts of each action. Never reads hidden information: the state is seen only
    through ``conceal``, as in :func:`search`. A simultaneous prompt needs nothing special:
    only the seat's own answer is chosen, on redrawings that hide the answers already given,
    and the rollout policy answers for the others. A timed state or a lone action costs
    nothing: the heuristic's choice.
    """
    started = clock()
    prompt, guide, unsearched = _guide(game, state, seat, rng, clock, started)
    if unsearched is not None:
        return unsearched
    keys = _searchable(prompt, guide)
    if game.settled(state):
        replied = best_reply(game, state, seat, rng, guide=guide, budget_s=budget_s - (clock() - started), clock=clock)
        if replied is not None:
            return SearchResult(replied, guide, 1, clock() - started, dict.fromkeys(keys, 1))
    alive = [guide, *(key for key in _root_candidates(keys, guide, rng) if key != guide)]
    rows: list[dict[str, float]] = []
    sums = _PairedSums(alive)
    differing = 0  # samples on which the actions in the running did not all get the same reward
    dropped = 0
    deadline = _Deadline(clock, started + budget_s)
    while clock() - started < budget_s and (max_iterations is None or len(rows) < max_iterations):
        drawn = sample(game, state, seat, random.Random(rng.getrandbits(63)))
        rollout_seed = rng.getrandbits(63)
        row: dict[str, float] = {}
        try:
            for index, key in enumerate(alive):
                played = drawn if index == len(alive) - 1 else clone_state(drawn)
                game.apply(played, seat, key)
                reward = _rollout(game, played, random.Random(rollout_seed), deadline)
                row[key] = UNDECIDED if reward is None else reward[seat]
        except _OutOfTime:
            break  # this sample is incomplete: its actions are not compared on it
        except Exception:
            dropped += 1  # a redrawn state the game could not play on (see ``search``)
            if dropped > MAX_DROPPED and dropped > len(rows):
                break
            continue
        rows.append(row)
        sums.add(row)
        differing += len(set(row.values())) > 1
        if len(rows) >= PAIRED_MIN_SAMPLES:
            kept = _prune(sums, alive, guide)
            if len(kept) < len(alive):
                alive = kept
                sums.keep(alive)
                differing = sum(1 for r in rows if len(set(r[key] for key in alive)) > 1)
            if len(alive) == 1:
                break  # every other action is worse than the heuristic's beyond doubt
            if len(rows) >= INDIFFERENT_AFTER and not differing:
                break  # every action led to the very same rewards: the choice does not matter
    visits = {key: sum(1 for row in rows if key in row) for key in keys if any(key in row for row in rows)}
    choice = _followed_through(game, state, seat, _paired_choice(sums, alive, guide), guide, rng)
    return SearchResult(choice, guide, len(rows), clock() - started, visits, dropped)


def best_reply(
    game: Game,
    state: State,
    seat: int,
    rng: random.Random,
    *,
    guide: str,
    budget_s: float,
    clock: Clock = time.process_time,
) -> str | None:
    """``seat``'s best answer in a settled state (:meth:`~bot.engine.contract.Game.settled`:
    nothing left to chance or hidden), or ``None`` when ``budget_s`` runs out first.

    Every line of the seat's own moves is played to the end of the game, the other seats
    answering with the rollout policy, without noise (the same model of them the rollouts
    use); each root action scores the best reward its lines reach, and a line that wins
    outright ends the look at its branch. The heuristic's choice wins a tie. Sampled
    rollouts would all be alike here, and a one-move lookahead plays the seat's own later
    moves by the heuristic: in Schwarzes Gold's pumping at 2 players, replayed from 120
    phase-2 starts of normal-against-normal games for each seat against the heuristic, the
    seat won 167 of 240 answering this way, against the heuristic's 120, the paired search's
    161 and a minimax's 154 (``scripts/schwarzes_gold_pumping.py``, data/schwarzes-gold/README.md)."""
    deadline = _Deadline(clock, clock() + budget_s)
    drawn = sample(game, state, seat, random.Random(rng.getrandbits(63)))
    seed = rng.getrandbits(63)

    def value(position: State) -> float:
        for _ in range(game.max_actions(game.max_players)):
            outcome = game.outcome(position)
            if outcome is not None:
                return rewards(outcome)[seat]
            deadline.check()
            prompts = game.prompts(position)
            if not prompts:
                break
            mine = next((p for p in prompts if p.seat == seat), None)
            if mine is None:
                other = prompts[0]
                game.apply(position, other.seat, game.rollout_agent(position, other.seat, random.Random(seed)))
                continue
            best = -math.inf
            for action in mine.actions:
                tried = clone_state(position)
                game.apply(tried, seat, action.key)
                best = max(best, value(tried))
                if best >= 1.0:
                    break  # a won line: nothing better to find here
            return best
        return UNDECIDED

    scores: dict[str, float] = {}
    try:
        for action in own_prompt(game, drawn, seat).actions:
            tried = clone_state(drawn)
            game.apply(tried, seat, action.key)
            scores[action.key] = value(tried)
    except _OutOfTime:
        return None
    except Exception:
        return None  # a redrawn state the game could not play on: sample instead (see ``search``)
    return max(scores, key=lambda key: (scores[key], key == guide))


class _PairedSums:
    """Running sums over the paired search's samples for the actions still in the running
    (each rolled out on every sample so far): the count, each action's sum of rewards and of
    their squares, each pair's sum of products. The leader's mean and the paired standard
    errors then cost the same at the thousandth sample as at the tenth; recounting every
    sample's row at each sample made a Collide-o decision of a thousand samples spend a
    fifth of its time counting."""

    __slots__ = ("count", "products", "squares", "totals")

    def __init__(self, keys: Sequence[str]) -> None:
        self.count = 0
        self.totals = dict.fromkeys(keys, 0.0)
        self.squares = dict.fromkeys(keys, 0.0)
        self.products = {(a, b): 0.0 for a in keys for b in keys if a < b}

    @classmethod
    def of(cls, rows: Sequence[dict[str, float]], keys: Sequence[str]) -> _PairedSums:
        """The sums of ``rows`` (each holding a reward for every one of ``keys``)."""
        sums = cls(keys)
        for row in rows:
            sums.add(row)
        return sums

    def add(self, row: dict[str, float]) -> None:
        """Count one sample (``row`` holds a reward for every action in the running)."""
        self.count += 1
        for key in self.totals:
            value = row[key]
            self.totals[key] += value
            self.squares[key] += value * value
        for a, b in self.products:
            self.products[a, b] += row[a] * row[b]

    def keep(self, keys: Sequence[str]) -> None:
        """Forget the actions no longer in the running."""
        self.totals = {key: self.totals[key] for key in keys}
        self.squares = {key: self.squares[key] for key in keys}
        self.products = {pair: total for pair, total in self.products.items() if pair[0] in keys and pair[1] in keys}

    def mean(self, key: str) -> float:
        return self.totals[key] / self.count

    def paired(self, better: str, worse: str) -> tuple[float, float]:
        """The mean of ``better``'s reward minus ``worse``'s, and its standard error."""
        count = self.count
        if count < 2:
            return 0.0, math.inf
        total = self.totals[better] - self.totals[worse]
        cross = self.products[min(better, worse), max(better, worse)]
        squares = self.squares[better] - 2 * cross + self.squares[worse]
        spread = max(0.0, (squares - total * total / count) / (count - 1))
        return total / count, math.sqrt(spread / count)


def _paired_leader(sums: _PairedSums, alive: list[str]) -> str:
    """The action in the running with the best mean reward."""
    return max(alive, key=sums.mean)


def _prune(sums: _PairedSums, alive: list[str], guide: str) -> list[str]:
    """``alive`` without the actions that trail the leader beyond doubt (the guide stays)."""
    leader = _paired_leader(sums, alive)
    kept = []
    for key in alive:
        if key in (leader, guide):
            kept.append(key)
            continue
        lead, error = sums.paired(leader, key)
        if not (lead > 0 and lead > PAIRED_PRUNE_Z * error):
            kept.append(key)
    return kept


def _paired_choice(sums: _PairedSums, alive: list[str], guide: str) -> str:
    """The leader, if it beats the heuristic's choice beyond doubt; else the heuristic's."""
    if sums.count < PAIRED_MIN_SAMPLES or guide not in alive:
        return guide
    leader = _paired_leader(sums, alive)
    if leader == guide:
        return guide
    lead, error = sums.paired(leader, guide)
    if lead >= PAIRED_OVERRULE_MARGIN and lead > PAIRED_OVERRULE_Z * error:
        return leader
    return guide


LOOKAHEAD_CANDIDATES = 8
"""The lookahead plays on at most this many root actions: the heuristic's choice and a random
sample of the others (1856: a play on to the next stock round is 7-100 moves of the heuristic,
10-150 ms, so eight fit the budget; Puerto Rico has at most eight roles)."""
LOOKAHEAD_MARGIN = 0.01
"""The lookahead overrules the heuristic only for an action whose score beats its choice's by
this much (a hundredth of a win): a tie or a trifle keeps the heuristic's move."""


def lookahead(
    game: Game,
    state: State,
    seat: int,
    rng: random.Random,
    *,
    budget_s: float,
    clock: Clock = time.process_time,
) -> SearchResult:
    """The action ``seat`` plays after a one-move lookahead of ``budget_s``: in a deterministic
    game (``Game.deterministic``: no hidden information, no dice) at every prompt, elsewhere
    where the game asks for it (``Game.looks_ahead``).

    Each candidate (the heuristic's choice first, then up to :data:`LOOKAHEAD_CANDIDATES` - 1
    others at random) is played on a copy of one position
    (:meth:`~bot.engine.contract.Game.lookahead_position`: a state ``conceal`` draws, or the
    game's typical one), and the game goes on with the rollout policy for every seat, without
    noise and with one seed for all candidates, to the game's
    :meth:`~bot.engine.contract.Game.horizon` (its mark read before the candidate, which
    counts if it crosses it; the :attr:`~bot.engine.contract.Game.horizon_depth`-th change)
    or its end, where :meth:`~bot.engine.contract.Game.evaluate` scores it (or the outcome
    does), plus the game's :meth:`~bot.engine.contract.Game.lookahead_prior` for the move.
    With nothing left to chance one play-on measures a candidate exactly against the rollout
    policy, so the paired search's repeated samples and standard errors have nothing to add;
    with little left to chance before the horizon, nearly so. The heuristic's choice is
    overruled by the best candidate when it scores at least :data:`LOOKAHEAD_MARGIN` more;
    candidates the budget does not reach are not compared. ``state`` is not changed.
    """
    started = clock()
    prompt, guide, unsearched = _guide(game, state, seat, rng, clock, started)
    if unsearched is not None:
        return unsearched
    others = [key for key in _searchable(prompt, guide) if key != guide]
    rng.shuffle(others)
    candidates = [guide, *others[: LOOKAHEAD_CANDIDATES - 1]]
    seed = rng.getrandbits(63)
    deadline = _Deadline(clock, started + budget_s)
    scores: dict[str, float] = {}
    dropped = 0
    for key in candidates:
        if clock() - started >= budget_s:
            break
        played = game.lookahead_position(state, seat, random.Random(seed))
        try:
            prior = game.lookahead_prior(played, seat, key)
            mark = game.horizon(played)
            game.apply(played, seat, key)
            scores[key] = _play_on(game, played, seat, mark, random.Random(seed), deadline) + prior
        except _OutOfTime:
            break
        except IllegalAction:
            dropped += 1  # a key the game refuses on a copy it offered it on: never chosen
    choice = guide
    if guide in scores:
        best = max(scores, key=lambda key: (scores[key], key == guide))
        if scores[best] >= scores[guide] + LOOKAHEAD_MARGIN:
            choice = _followed_through(game, state, seat, best, guide, rng)
    visits = {key: 1 for key in scores}
    return SearchResult(choice, guide, len(scores), clock() - started, visits, dropped)


def _play_on(game: Game, state: State, seat: int, mark: object, rng: random.Random, deadline: _Deadline) -> float:
    """``seat``'s score once ``state`` is played on, without noise, to the game's horizon
    (the :attr:`~bot.engine.contract.Game.horizon_depth`-th change of
    :meth:`~bot.engine.contract.Game.horizon`'s ``mark``, then
    :meth:`~bot.engine.contract.Game.evaluate`) or its end (the outcome's :func:`rewards`);
    :data:`UNDECIDED` for a game that stalls."""
    crossed = 0
    for _ in range(game.max_actions(game.max_players)):
        outcome = game.outcome(state)
        if outcome is not None:
            return rewards(outcome)[seat]
        now = game.horizon(state)
        if now != mark:
            mark, crossed = now, crossed + 1
            estimate = game.evaluate(state) if crossed >= game.horizon_depth else None
            if estimate is not None:
                return estimate[seat]
        deadline.check()  # every move: one move of a deterministic game (a route search) can be long
        prompts = game.prompts(state)
        if not prompts or game.is_timed(state):
            break
        prompt = prompts[0]
        game.apply(state, prompt.seat, game.rollout_agent(state, prompt.seat, rng))
    outcome = game.outcome(state)
    return UNDECIDED if outcome is None else rewards(outcome)[seat]
