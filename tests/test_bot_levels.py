"""Bot levels (easy / normal / hard), the shared search, the arena and the simple strategies.

What is checked:

- a bot's level is stored with its seat and shown wherever the seat is (lobby, log, console);
  an unknown level is refused and seats nobody; the level decides how the bot plays;
- the search keeps to its CPU budget (an injected clock), never reads hidden information (the
  same choice on a state and on any redrawing of what the seat cannot see) and falls back to
  the heuristic when it has seen too little;
- every game's ``conceal`` is canonical (what the search's invariance rests on);
- the arena counts seats, split wins and intervals right;
- every simple strategy and every level answers with a legal action and only from what its
  seat can see.
"""

from __future__ import annotations

import copy
import io
import json
import random
import statistics
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import pytest

import bot.bots as bots
from bot.arena import KindRecord, percentile, run_arena, seat_kinds, strategies, wilson
from bot.bots import check_level, choose, level_of, runs_in_worker
from bot.console import Console
from bot.engine import (
    Action,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Prompt,
    State,
    clone_state,
    get_game,
    seat_ref,
)
from bot.engine.registry import all_games
from bot.engine.search import (
    LOOKAHEAD_CANDIDATES,
    _PairedSums,
    lookahead,
    paired_search,
    rewards,
    score_rewards,
    search,
)
from bot.engine.strategy import sample
from bot.engine.testkit import random_walk
from bot.games import load_all
from bot.store import Store
from bot.tables import LobbyError, Tables
from bot.workers import bot_move
from tests.conftest import ANA

load_all()
CHANNEL = 77


class StepClock:
    """A CPU clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def frozen() -> float:
    """A clock that never moves: the search stops on its iteration count alone."""
    return 0.0


def positions(game: Game, players: int, seed: int, every: int, limit: int) -> list[dict]:
    """Up to ``limit`` unfinished states of a random game, one in ``every``, as copies."""
    found = []
    for index, state in enumerate(random_walk(game, players, seed)):
        if index % every == 0 and game.prompts(state):
            found.append(json.loads(json.dumps(state)))
            if len(found) >= limit:
                break
    return found


# -- levels on seats -----------------------------------------------------------------------------


def test_a_level_is_read_from_the_seat_name_and_checked() -> None:
    assert level_of("Bot 2 (hard)") == "hard" and level_of("Bot 1 (easy)") == "easy"
    assert level_of("Bot 3") == "normal" and level_of("Bot (for Ana)") == "normal"  # names from before levels
    assert level_of("Hardy (hard) Bot") == "normal"  # only a trailing level counts
    assert check_level(" HARD ") == "hard" and check_level(None) == "normal"
    with pytest.raises(bots.UnknownLevel, match="easy, normal or hard, not 'expert'"):
        check_level("expert")
    assert runs_in_worker(get_game("hisss"), "hard") and not runs_in_worker(get_game("hisss"), "normal")
    assert runs_in_worker(get_game("1856"), "easy")  # a heavy game's bots always work in the workers


class ToyNim(Game):
    """A deterministic toy for the lookahead: take 1-3 stones from a pile; whoever takes the
    last stone wins. Its heuristic always takes one stone, which loses from a pile of 6."""

    slug = "toy-nim"
    title = "Toy Nim"
    min_players = 2
    max_players = 2
    summary = "Take one to three stones; the last stone wins."
    hidden_information = False
    deterministic = True

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"pile": 6, "turn": 0, "winner": None}

    def legal_prompts(self, state: State) -> list[Prompt]:
        if state["winner"] is not None:
            return []
        keys = [f"take:{n}" for n in (1, 2, 3) if n <= state["pile"]]
        return [Prompt(state["turn"], "Take stones", tuple(Action(key, key) for key in keys))]

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        state["pile"] -= int(key.split(":")[1])
        if state["pile"] == 0:
            state["winner"] = seat
        state["turn"] = 1 - seat
        return [Event(f"{seat_ref(seat)} takes {key}.")]

    def outcome(self, state: State) -> Outcome | None:
        if state["winner"] is None:
            return None
        return Outcome.ranked([1 if seat == state["winner"] else 0 for seat in range(2)], "The pile is empty.")

    def max_actions(self, players: int) -> int:
        return 10

    def view(self, state: State, viewer: int | None) -> dict:
        return dict(state)

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        return "take:1"


class ToyNimByRounds(ToyNim):
    """Toy Nim whose lookahead stops when the pile falls below 3 and scores the pile's parity."""

    slug = "toy-nim-rounds"
    evaluated: ClassVar[list[int]] = []

    def horizon(self, state: State) -> object:
        return state["pile"] >= 3

    def evaluate(self, state: State) -> list[float]:
        type(self).evaluated.append(state["pile"])
        mover = state["turn"]  # who moves next wins when the pile is odd, as both take one
        scores = [0.0, 0.0]
        scores[mover if state["pile"] % 2 else 1 - mover] = 1.0
        return scores


def test_a_deterministic_game_is_searched_by_playing_each_candidate_on_once() -> None:
    """From a pile of 6 the heuristic's take of one loses against itself; the lookahead plays
    each candidate on once and takes two (leaving 4: it then takes the last stone)."""
    game = ToyNim()
    state = game.setup(2, {}, 0)
    before = json.dumps(state)
    result = bots.think(game, state, 0, random.Random(4), budget_s=1.0, clock=frozen)
    assert (result.guide, result.key) == ("take:1", "take:2")
    assert result.visits == {"take:1": 1, "take:2": 1, "take:3": 1} and result.iterations == 3
    assert json.dumps(state) == before  # the search played on copies


def test_the_lookahead_stops_at_the_games_horizon_and_scores_it_there() -> None:
    game = ToyNimByRounds()
    ToyNimByRounds.evaluated.clear()
    state = game.setup(2, {}, 0)
    result = lookahead(game, state, 0, random.Random(4), budget_s=1.0, clock=frozen)
    assert result.key == "take:2"
    assert ToyNimByRounds.evaluated and all(pile < 3 for pile in ToyNimByRounds.evaluated)


def test_the_lookahead_keeps_to_its_budget_and_keeps_the_heuristic_on_a_tie() -> None:
    """A budget spent before any other candidate is played on keeps the heuristic's move; a
    candidate only as good as the heuristic's does not overrule it."""
    game = ToyNim()
    state = game.setup(2, {}, 0)
    short = lookahead(game, state, 0, random.Random(4), budget_s=0.002, clock=StepClock(0.001))
    assert short.key == short.guide == "take:1" and short.iterations <= 1
    state["pile"] = 5  # taking one and taking three both win against the heuristic: a tie
    tied = lookahead(game, state, 0, random.Random(4), budget_s=1.0, clock=frozen)
    assert tied.key == "take:1" and tied.iterations == 3


class ToyNimTwoMoves(ToyNim):
    """Toy Nim whose lookahead scores the pile two moves after the mark before the candidate
    (the mark is the pile: every move changes it), and favours taking three stones a little."""

    slug = "toy-nim-two-moves"
    horizon_depth = 2
    evaluated: ClassVar[list[int]] = []
    prior_piles: ClassVar[list[int]] = []

    def horizon(self, state: State) -> object:
        return state["pile"]

    def evaluate(self, state: State) -> list[float]:
        type(self).evaluated.append(state["pile"])
        return [0.5, 0.5]

    def lookahead_prior(self, state: State, seat: int, key: str) -> float:
        type(self).prior_piles.append(state["pile"])
        return 0.1 if key == "take:3" else 0.0


def test_the_lookahead_counts_the_candidates_own_move_toward_its_horizon_depth_and_adds_the_prior() -> None:
    """The mark is read before the candidate, so each is scored after itself and one reply of
    the heuristic (one stone): 6 - 1 - 1, 6 - 2 - 1, 6 - 3 - 1; the prior, read on the drawn
    state before the move, decides between the even scores."""
    game = ToyNimTwoMoves()
    ToyNimTwoMoves.evaluated.clear()
    ToyNimTwoMoves.prior_piles.clear()
    state = game.setup(2, {}, 0)
    result = lookahead(game, state, 0, random.Random(4), budget_s=1.0, clock=frozen)
    assert sorted(ToyNimTwoMoves.evaluated) == [2, 3, 4]
    assert ToyNimTwoMoves.prior_piles == [6, 6, 6]
    assert (result.guide, result.key) == ("take:1", "take:3")


class ToyNimLookedAhead(ToyNim):
    """Toy Nim as a game of chance that asks for the lookahead at a pile of six only."""

    slug = "toy-nim-looked-ahead"
    deterministic = False

    def looks_ahead(self, state: State, seat: int) -> bool:
        return state["pile"] == 6


def test_a_game_of_chance_gets_the_lookahead_where_it_asks_for_it() -> None:
    """``looks_ahead`` sends a hard bot's prompt to the lookahead (each candidate played on
    once), any other prompt to the paired search."""
    game = ToyNimLookedAhead()
    state = game.setup(2, {}, 0)
    looked = bots.think(game, state, 0, random.Random(4), budget_s=1.0, clock=frozen)
    assert looked.key == "take:2" and looked.visits == {"take:1": 1, "take:2": 1, "take:3": 1}
    state["pile"] = 5
    sampled = bots.think(game, state, 0, random.Random(4), budget_s=1.0, clock=frozen, max_iterations=20)
    assert sampled.iterations == 20  # the paired search's samples


class ToyNimLong(ToyNim):
    """Toy Nim from a pile of 20, searched as a game of chance (the paired search's rollouts)."""

    slug = "toy-nim-long"
    deterministic = False

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"pile": 20, "turn": 0, "winner": None}

    def max_actions(self, players: int) -> int:
        return 40


class ToyNimLongExact(ToyNimLong):
    """The same, with rollouts that model every seat as the heuristic, exactly."""

    slug = "toy-nim-long-exact"
    rollout_noise = 0.0


def test_a_rollout_plays_a_random_move_as_often_as_the_games_rollout_noise_says() -> None:
    """By default a rollout strays from the heuristic now and then, so rollouts of one state
    end differently; with ``rollout_noise = 0`` every rollout plays the heuristic to the same end."""
    from bot.engine.search import _Deadline, _rollout

    def ends(game: Game) -> set[tuple[float, ...]]:
        state = game.setup(2, {}, 0)
        deadline = _Deadline(frozen, 1.0)
        return {tuple(_rollout(game, copy.deepcopy(state), random.Random(seed), deadline) or ()) for seed in range(40)}

    assert len(ends(ToyNimLong())) == 2  # the noise let either seat take the last stone
    assert ends(ToyNimLongExact()) == {tuple(rewards(Outcome.ranked([0, 1], "")))}  # one stone each: the 20th is seat 1's


class ToyNimCutBySeat(ToyNimLongExact):
    """Exact rollouts cut after two moves a seat and scored where they stop."""

    slug = "toy-nim-cut"
    evaluated: ClassVar[list[int]] = []

    def rollout_cut(self, state: State) -> int:
        return 2 * 2

    def evaluate(self, state: State) -> list[float]:
        type(self).evaluated.append(state["pile"])
        return [0.5, 0.5]


def test_a_rollout_stops_where_the_games_rollout_cut_says() -> None:
    from bot.engine.search import _Deadline, _rollout

    game = ToyNimCutBySeat()
    ToyNimCutBySeat.evaluated.clear()
    assert _rollout(game, game.setup(2, {}, 0), random.Random(1), _Deadline(frozen, 1.0)) == [0.5, 0.5]
    assert ToyNimCutBySeat.evaluated == [16]  # four moves of one stone each
    construction = get_game("construction-game")
    assert [construction.rollout_cut(construction.setup(n, {}, 1)) for n in (2, 4)] == [16, 32]


class ToyNimConcealsInPlace(ToyNim):
    """Toy Nim whose ``conceal`` hands back the state itself, as 1856's does (nothing hidden)."""

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        return state


@pytest.mark.parametrize("searcher", ["tree", "paired", "lookahead"])
def test_no_search_plays_on_the_real_state_when_conceal_hands_it_back(searcher: str) -> None:
    game = ToyNimConcealsInPlace()
    state = game.setup(2, {}, 0)
    before = json.dumps(state)
    run = {"tree": search, "paired": paired_search, "lookahead": lookahead}[searcher]
    kwargs = {} if searcher == "lookahead" else {"max_iterations": 12}
    result = run(game, state, 0, random.Random(4), budget_s=1.0, clock=frozen, **kwargs)
    assert json.dumps(state) == before and result.iterations > 0


def test_a_sample_to_try_moves_on_is_never_the_real_state() -> None:
    game = ToyNimConcealsInPlace()
    state = game.setup(2, {}, 0)
    tried = sample(game, state, 0, random.Random(1))
    assert tried == state and tried is not state


def test_a_cloned_state_is_equal_independent_and_keeps_shared_parts_shared() -> None:
    shared = [1, 2]
    state = {"pile": shared, "also": shared, "seats": [{"cash": 5, "tiles": ("a", "b")}]}
    copied = clone_state(state)
    assert copied == state
    copied["seats"][0]["cash"] = 9
    copied["pile"].append(3)
    assert state == {"pile": [1, 2], "also": [1, 2], "seats": [{"cash": 5, "tiles": ("a", "b")}]}
    assert copied["also"] is copied["pile"]  # one list in the state stays one list in the copy


def test_a_state_pickle_cannot_carry_is_still_cloned() -> None:
    state = {"sort_key": lambda item: item, "cards": [3, 1]}
    copied = clone_state(state)
    copied["cards"].sort()
    assert state["cards"] == [3, 1] and copied["sort_key"] is state["sort_key"]


def _stock_round_state(game: Game, players: int) -> State:
    state = game.setup(players, game.resolve_options({}), 1)
    rng = random.Random(3)
    while state["round"] != "stock" or len(game.prompts(state)[0].actions) < 3:
        prompt = game.prompts(state)[0]
        game.apply(state, prompt.seat, game.agent(state, prompt.seat, rng))
    return state


def test_1856_hard_looks_ahead_in_the_stock_round_within_its_budget() -> None:
    """1856 has nothing left to chance: hard plays a stock-round choice and each other
    candidate on to the next stock round and scores the players' worth there, inside its
    budget; the same position and seed give the same choice; the real state is untouched."""
    game = get_game("1856")
    assert game.deterministic and bots.hard_budget(game) == bots.HARD_BUDGET_S
    state = _stock_round_state(game, 4)
    seat = game.prompts(state)[0].seat
    legal = {action.key for action in game.prompts(state)[0].actions}
    before = json.dumps(state, sort_keys=True)
    result = bots.think(game, state, seat, random.Random(5), budget_s=10.0, clock=frozen)
    assert json.dumps(state, sort_keys=True) == before
    assert result.key in legal and result.guide in result.visits
    assert result.iterations == min(len(legal), LOOKAHEAD_CANDIDATES)
    assert bots.think(game, state, seat, random.Random(5), budget_s=10.0, clock=frozen) == result
    clock = StepClock(0.001)  # a read before each candidate and each move of its play-on
    timed = bots.think(game, state, seat, random.Random(5), budget_s=0.05, clock=clock)
    assert timed.cpu_seconds <= 0.05 + 0.002 and timed.key in legal


def test_1856_hard_plays_lays_and_runs_as_the_heuristic_does_at_once() -> None:
    """A lay already maximizes the company's reach and a run is the best route: hard spends
    nothing there (``worth_searching``) and plays the heuristic's move."""
    game = get_game("1856")
    state = game.setup(3, game.resolve_options({}), 1)
    rng = random.Random(3)
    while not (state["round"] == "operating" and state["op"]["step"] == "track" and len(game.prompts(state)[0].actions) > 1):
        prompt = game.prompts(state)[0]
        game.apply(state, prompt.seat, game.agent(state, prompt.seat, rng))
    seat = game.prompts(state)[0].seat
    assert not game.worth_searching(state, seat)
    result = bots.think(game, state, seat, random.Random(5), budget_s=1.0, clock=StepClock(0.001))
    assert result.iterations == 0 and result.key == result.guide


async def test_addbot_stores_the_level_with_the_seat_and_the_table_shows_it(tables: Tables, store: Store) -> None:
    await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="hisss")
    reply = await tables.add_bot(channel_id=CHANNEL, user=ANA, level="hard")
    assert "Bot 1 (hard)" in reply.text
    with pytest.raises(LobbyError, match="easy, normal or hard"):
        await tables.add_bot(channel_id=CHANNEL, user=ANA, level="grandmaster")
    await tables.add_bot(channel_id=CHANNEL, user=ANA, level="easy")
    await tables.add_bot(channel_id=CHANNEL, user=ANA)
    live = await tables.load(reply.table_id)
    assert live.names == ["Ana", "Bot 1 (hard)", "Bot 2 (easy)", "Bot 3 (normal)"]  # the refused one seated nobody
    seats = await store.seats(reply.table_id)
    assert [(s.name, s.is_bot) for s in seats][1:] == [("Bot 1 (hard)", True), ("Bot 2 (easy)", True),
                                                       ("Bot 3 (normal)", True)]


async def test_bots_play_at_their_level_through_the_session_layer(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game of HISSS between a hard and an easy bot and a person: every bot move is the level's
    choice for that position and seed, and the log names the seats with their levels."""
    monkeypatch.setattr(bots, "HARD_BUDGET_S", 0.002)
    chosen: list[tuple[str, int]] = []
    real_choose = bots.choose

    def spy(game: Game, state: dict, seat: int, level: str, rng: random.Random, **kw: object) -> str:
        chosen.append((level, seat))
        return real_choose(game, state, seat, level, rng)

    monkeypatch.setattr("bot.tables.choose", spy)
    monkeypatch.setattr("bot.workers.choose", spy)
    await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="hisss")
    await tables.add_bot(channel_id=CHANNEL, user=ANA, level="hard")
    await tables.add_bot(channel_id=CHANNEL, user=ANA, level="easy")
    reply = await tables.start(channel_id=CHANNEL, user=ANA)
    for _ in range(200):
        if not reply.turns:
            break
        live = await tables.load(reply.table_id)
        assert live.state is not None
        key = get_game("hisss").agent(live.state, reply.turns[0].seat, random.Random(1))
        reply = await tables.act(user=ANA, move=key, table_id=reply.table_id)
    assert not reply.turns  # the game ended
    assert {level for level, _ in chosen} == {"hard", "easy"}
    live = await tables.load(reply.table_id)
    assert all(live.names[seat] == f"Bot {1 if level == 'hard' else 2} ({level})" for level, seat in chosen)


async def test_the_console_seats_a_bot_of_a_level(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "console.sqlite3")
    out = io.StringIO()
    console = Console(Tables(store, render=False), tmp_path, out=out, rules_dir=tmp_path)
    try:
        await console.handle("/as ana")
        await console.handle("/game new hisss")
        await console.handle("/game addbot hard")
        await console.handle("/game addbot wizard")
        assert "Bot 1 (hard)" in out.getvalue()
        assert "✗ A bot's level is easy, normal or hard, not 'wizard'." in out.getvalue()
    finally:
        await store.close()


def test_a_hard_bot_move_in_a_worker_is_a_legal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "HARD_BUDGET_S", 0.005)
    game = get_game("puerto-rico")
    state = game.setup(3, {}, 4)
    prompt = game.prompts(state)[0]
    applied = bot_move(game.slug, json.dumps(state), prompt.seat, "7:0:1", None, level="hard")
    legal = prompt.keys()
    assert applied.key in legal and applied.events


# -- the search ---------------------------------------------------------------------------------


def test_the_search_stops_when_its_cpu_budget_is_spent() -> None:
    game = get_game("hisss")
    state = next(s for s in positions(game, 3, 2, 1, 200) if s["pending"] is not None)
    seat = game.prompts(state)[0].seat
    clock = StepClock(0.001)  # a read every 8 rollout moves and before each iteration
    result = search(game, state, seat, random.Random(3), budget_s=0.05, clock=clock)
    assert 0.05 <= result.cpu_seconds <= 0.05 + 0.002  # the budget, and at most the read that saw it spent
    assert result.iterations >= 2
    assert sum(result.visits.values()) == result.iterations  # a rollout cut short is not counted
    legal = game.prompts(state)[0].keys()
    assert result.key in legal


def test_a_rollout_longer_than_the_budget_is_cut_short() -> None:
    """A whole Construction Game rollout is over a thousand moves: the budget still holds.
    (The game cuts its rollouts after ``rollout_cut`` moves; uncut here, as a game without
    an evaluation plays them.)"""
    game = type("UncutConstruction", (type(get_game("construction-game")),), {"rollout_cut": lambda self, state: None})()
    state = game.setup(4, {}, 2)
    prompt = next(p for p in game.prompts(state) if len(p.actions) > 1)
    clock = StepClock(0.001)
    result = search(game, state, prompt.seat, random.Random(1), budget_s=0.01, clock=clock)
    assert result.iterations == 0 and result.key == result.guide and result.cpu_seconds <= 0.012


def test_a_redrawn_state_the_game_cannot_play_is_dropped() -> None:
    """``conceal`` need not draw reachable states: a sample the game trips over is not counted."""
    from bot.games.hisss.rules import Hisss

    class Fragile(Hisss):
        broken = 0.2

        def conceal(self, state: dict, viewer: int | None, rng: random.Random) -> dict:
            hidden = super().conceal(state, viewer, rng)
            hidden["broken"] = rng.random() < self.broken
            return hidden

        def perform(self, state: dict, seat: int, key: str) -> list:
            assert not state.get("broken"), "no such position in play"
            return super().perform(state, seat, key)

        def rollout_agent(self, state: dict, seat: int, rng: random.Random) -> str:
            # The contract's default (the heuristic): which samples break depends on how much
            # of the seeded rng the rollouts use, so this test keeps its own rollout policy.
            return self.agent(state, seat, rng)

    game = Fragile()
    state = next(s for s in positions(game, 3, 2, 1, 200) if s["pending"] is not None)
    seat = game.prompts(state)[0].seat
    result = search(game, state, seat, random.Random(3), budget_s=1.0, clock=frozen, max_iterations=10)
    assert result.iterations == 10 and result.dropped > 0 and sum(result.visits.values()) == 10
    game.broken = 1.0  # nothing playable: it gives up soon and plays the heuristic's choice
    hopeless = search(game, state, seat, random.Random(3), budget_s=1.0, clock=frozen, max_iterations=10)
    assert (hopeless.iterations, hopeless.dropped, hopeless.key) == (0, 4, hopeless.guide)


def test_the_search_plays_the_heuristic_when_it_has_seen_too_little() -> None:
    game = get_game("puerto-rico")
    state = game.setup(4, {}, 9)
    seat = game.prompts(state)[0].seat
    result = search(game, state, seat, random.Random(5), budget_s=1.0, clock=frozen, max_iterations=3)
    assert result.iterations == 3 and result.key == result.guide


def test_a_lone_action_needs_no_search() -> None:
    game = get_game("chomp")
    state = game.setup(2, {"mode": "turns"}, 1)
    prompt = game.prompts(state)[0]
    assert len(prompt.actions) == 1
    assert search(game, state, prompt.seat, random.Random(1), budget_s=1.0, clock=StepClock(1.0)).iterations == 0
    with pytest.raises(IllegalAction):
        search(game, state, 5, random.Random(1), budget_s=0.1)


def test_a_secret_simultaneous_answer_is_searched_flat_from_what_the_seat_sees() -> None:
    """Chomp's turns mode asks everyone at once, in secret: the search chooses only this
    seat's answer and lets the rollout policy answer for the others, on redrawings that hide
    the answers already given. So it searches (iterations), and chooses the same on the real
    state and on any redrawing of what the seat cannot see, the others' answers included."""
    game = get_game("chomp")

    def answered_by_another(state: dict) -> bool:
        return state["mode"] == "turns" and bool(state["slaps"]) and any(
            p.simultaneous and len(p.actions) > 1 and all(s["seat"] != p.seat for s in state["slaps"])
            for p in game.prompts(state))

    state = next(s for s in positions(game, 3, 4, 1, 2000) if answered_by_another(s))
    prompt = next(p for p in game.prompts(state) if p.simultaneous and len(p.actions) > 1
                  and all(s["seat"] != p.seat for s in state["slaps"]))
    first = search(game, state, prompt.seat, random.Random(1), budget_s=1.0, clock=frozen, max_iterations=40)
    assert first.iterations == 40 and sum(first.visits.values()) == 40
    assert set(first.visits) <= set(prompt.keys())
    for redraw in range(3):
        redrawn = game.conceal(state, prompt.seat, random.Random(50 + redraw))
        again = search(game, redrawn, prompt.seat, random.Random(1), budget_s=1.0, clock=frozen, max_iterations=40)
        assert (again.key, again.visits) == (first.key, first.visits)


def test_the_search_stops_early_once_its_choice_is_settled() -> None:
    """With one action further ahead in visits than the rest of the budget could make up, the
    search stops before its budget: it cannot change its mind any more."""
    from bot.engine.search import _Node, _settled

    root = _Node(children={"0|a": _Node(visits=90), "0|b": _Node(visits=10)})
    assert _settled(root, iterations=100, spent=0.6, budget_s=1.0)  # 80 ahead, 66 iterations left
    assert not _settled(root, iterations=100, spent=0.4, budget_s=1.0)  # 150 iterations left
    assert not _settled(_Node(children={"0|a": _Node(visits=9)}), iterations=9, spent=0.9, budget_s=1.0)
    game = get_game("hisss")  # a late position with few choices settles well within a second
    state = next(s for s in positions(game, 2, 2, 1, 400) if s["pending"] is not None and len(s["fan"]) < 6)
    seat = game.prompts(state)[0].seat
    result = search(game, state, seat, random.Random(2), budget_s=1.0, clock=StepClock(0.0005))
    assert result.iterations >= 16 and result.cpu_seconds < 0.9


def test_a_rollout_is_cut_and_scored_by_the_games_evaluation() -> None:
    """A game with ``rollout_steps`` and ``evaluate``: rollouts stop there and back up the
    evaluation (here one seat always 'wins' by it, so the search learns nothing else)."""
    from bot.games.hisss.rules import Hisss

    class Judged(Hisss):
        rollout_steps = 2
        evaluated = 0

        def evaluate(self, state: dict) -> list[float]:
            Judged.evaluated += 1
            return [1.0 if seat == 0 else 0.0 for seat in range(state["players"])]

    game = Judged()
    state = next(s for s in positions(game, 3, 2, 1, 200) if s["pending"] is not None)
    seat = game.prompts(state)[0].seat
    result = search(game, state, seat, random.Random(3), budget_s=1.0, clock=frozen, max_iterations=20)
    assert result.iterations == 20 and Judged.evaluated >= 15


@pytest.mark.parametrize("slug, players", [("hisss", 3), ("puerto-rico", 3), ("collide-o", 2), ("finders-keepers", 2)])
def test_the_search_chooses_the_same_when_hidden_information_is_redrawn(slug: str, players: int) -> None:
    """Same rng, same iterations: the same visits and the same choice on the real state and on
    a redrawing of everything the seat cannot see."""
    game = get_game(slug)
    options = {"mode": "turns"} if any(o.name == "mode" for o in game.options) else {}
    state = game.setup(players, options, 11)
    rng = random.Random(2)
    for _ in range(12):  # a few moves in, so that there is something hidden
        prompt = game.prompts(state)[0]
        game.apply(state, prompt.seat, game.agent(state, prompt.seat, rng))
    seat = game.prompts(state)[0].seat
    first = search(game, state, seat, random.Random(8), budget_s=1.0, clock=frozen, max_iterations=12)
    for redraw in range(2):
        redrawn = game.conceal(state, seat, random.Random(100 + redraw))
        again = search(game, redrawn, seat, random.Random(8), budget_s=1.0, clock=frozen, max_iterations=12)
        assert (again.key, again.visits) == (first.key, first.visits)


GAMES = [g for g in all_games() if type(g).__module__.startswith("bot.games.")]
"""The real games (tests register toy games of their own)."""


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_conceal_is_canonical(game: Game) -> None:
    """``conceal`` redraws the same state from any state its viewer cannot tell apart."""
    players = min(3, game.max_players) if game.min_players <= 3 else game.min_players
    for state in positions(game, players, 5, 9, 6 if game.heavy else 12):
        for viewer in (None, 0):
            once = game.conceal(state, viewer, random.Random(4))
            twice = game.conceal(game.conceal(state, viewer, random.Random(40)), viewer, random.Random(4))
            assert json.dumps(once, sort_keys=True) == json.dumps(twice, sort_keys=True)


def test_rewards_split_the_win_and_add_a_little_for_the_rank() -> None:
    assert rewards(Outcome.ranked([5, 9, 9], "")) == pytest.approx([0.0, 0.45 + 0.1, 0.45 + 0.1])
    assert rewards(Outcome.ranked([1, 2, 3, 4], "")) == pytest.approx([0.0, 0.1 / 3, 0.2 / 3, 1.0])


def test_a_play_out_scores_its_final_scores_as_the_search_scores_an_outcome() -> None:
    rng = random.Random(4)
    for _ in range(200):
        scores = [rng.randrange(4) for _ in range(rng.randrange(1, 6))]
        assert score_rewards(scores) == pytest.approx(rewards(Outcome.ranked(scores, "")))


# -- the arena ----------------------------------------------------------------------------------


def test_wilson_intervals_and_percentiles() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert percentile([3.0, 1.0, 2.0, 10.0], 0.5) == 2.0 and percentile([3.0, 1.0, 2.0, 10.0], 0.95) == 10.0
    assert KindRecord(seats=4, wins=1.5).rate == 0.375


def test_the_arena_rotates_seats_and_splits_wins() -> None:
    printed: list[str] = []
    heard: list[str] = []
    records = run_arena("hisss", players=3, seats=["normal", "greedy", "greedy"], games=6, budget_ms=1, seed=3,
                        out=printed.append, progress=heard.append)
    assert records["normal"].seats == 6 and records["greedy"].seats == 12
    total = records["normal"].wins + records["greedy"].wins
    assert total == pytest.approx(6)  # HISSS always has a winner; ties are split
    assert len(records["normal"].cpu_ms) > 0
    text = printed[0]
    assert text.startswith("HISSS: 6 games, 3 players, seats normal,greedy,greedy (rotated)")
    assert "fair share 33.3%" in text
    # one progress line a game, its seed, and at the end the same running share as the table
    assert [line.split(":")[0] for line in heard] == [f"game {n}/6 (seed {n + 2})" for n in range(1, 7)]
    assert f"normal so far {records['normal'].rate:.1%} of 6;" in heard[-1]
    # each seat's score, in seat order, the seats rotated (game 2: the first kind sits second)
    assert all(len(line.split("; scores ")[1].split(", ")) == 3 for line in heard)
    assert heard[1].split("; scores ")[1].startswith("greedy ")
    said = [part.split(" ", 1) for line in heard for part in line.split("; scores ")[1].split(", ")]
    assert sum(float(score) for kind, score in said if kind == "normal") == pytest.approx(records["normal"].score)
    with pytest.raises(ValueError, match="names 2 kinds for 3 players"):
        run_arena("hisss", players=3, seats=["normal", "greedy"], games=1, budget_ms=1, out=printed.append)
    with pytest.raises(ValueError, match="no seat kind 'genius'"):
        run_arena("hisss", players=2, seats=["normal", "genius"], games=1, budget_ms=1, out=printed.append)


def test_the_arena_replays_the_same_games_with_a_fixed_number_of_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--samples``: hard seats search that many samples a decision, not a CPU budget, so the
    same seed gives the same games (a CPU budget buys a different count on every run)."""
    import bot.arena as arena

    searched: list[int] = []

    def counting_think(*args: object, **kwargs: object) -> object:
        result = bots.think(*args, **kwargs)  # type: ignore[arg-type]
        searched.append(result.iterations)
        return result

    monkeypatch.setattr(arena, "think", counting_think)
    runs = []
    for _ in range(2):
        printed: list[str] = []
        heard: list[str] = []
        run_arena("hisss", players=2, seats=["hard", "normal"], games=2, budget_ms=800, seed=11, samples=6,
                  out=printed.append, progress=heard.append)
        runs.append([line.split("; ")[0:2] + line.split("; scores ")[1:] for line in heard])
    assert runs[0] == runs[1]  # the winners and every score, game by game
    assert "hard 6 samples a decision (not a CPU budget)" in printed[0]
    assert searched and max(searched) == 6  # capped at 6, whatever the budget would have bought
    with pytest.raises(ValueError, match="at least one sample"):
        run_arena("hisss", players=2, seats=["hard", "normal"], games=1, budget_ms=800, samples=0, out=printed.append)


def test_a_tree_search_capped_in_iterations_stops_when_the_cap_settles_it() -> None:
    """The tree search's early stop counts what its iteration cap leaves, not only its time."""
    from bot.engine.search import _Node, _settled

    root = _Node(children={"0|a": _Node(visits=60, reward=36.0), "0|b": _Node(visits=40, reward=20.0)})
    assert not _settled(root, iterations=100, spent=0.1, budget_s=60.0)  # 59,900 iterations of time left
    assert _settled(root, iterations=100, spent=0.1, budget_s=60.0, iterations_left=19)  # 20 ahead, 19 to go
    assert not _settled(root, iterations=100, spent=0.1, budget_s=60.0, iterations_left=20)


# -- strategies and levels use only what their seat sees ------------------------------------------

MINE = ("chomp", "collide-o", "construction-game", "finders-keepers", "hisss", "puerto-rico", "schwarzes-gold")


def _choosers(game: Game) -> dict[str, object]:
    found: dict[str, object] = dict(strategies(game))
    if game.slug in MINE:
        for level in ("easy", "normal"):
            found[level] = lambda g, s, seat, rng, level=level: choose(g, s, seat, level, rng)
    return found


@pytest.mark.parametrize("game", [g for g in GAMES if not g.heavy], ids=lambda g: g.slug)
def test_strategies_and_levels_are_legal_and_see_only_their_seats_view(game: Game) -> None:
    choosers = _choosers(game)
    if not choosers:
        pytest.skip(f"{game.slug} has no strategies here")
    players = 4 if game.min_players <= 4 <= game.max_players else game.min_players
    for state in positions(game, players, 7, 5, 30):
        if game.is_timed(state):
            continue
        for prompt in game.prompts(state):
            redrawn = game.conceal(state, prompt.seat, random.Random(21))
            legal = prompt.keys()
            for name, chooser in choosers.items():
                key = chooser(game, state, prompt.seat, random.Random(5))  # type: ignore[operator]
                assert key in legal, f"{name} chose {key!r}, not a legal action"
                again = chooser(game, redrawn, prompt.seat, random.Random(5))  # type: ignore[operator]
                assert again == key, f"{name} chose differently when hidden information was redrawn"


def test_every_game_of_this_task_has_strategies() -> None:
    for slug in MINE:
        kinds = seat_kinds(get_game(slug))
        assert kinds[:5] == ["easy", "normal", "hard", "hard-tree", "random"] and len(kinds) >= 7, slug



@pytest.mark.parametrize("game", [g for g in GAMES if not g.heavy], ids=lambda g: g.slug)
def test_every_redrawing_is_a_state_the_game_can_play_on(game: Game) -> None:
    """The search drops a sample its game cannot play on; a ``conceal`` that deals what the
    rules never allow (a Dolla card into a hand) would starve it of samples. Searches from
    a few positions of a random game drop none."""
    players = min(3, game.max_players) if game.min_players <= 3 else game.min_players
    options = {"mode": "turns"} if any(o.name == "mode" for o in game.options) else {}
    state = game.setup(players, options, 6)
    rng = random.Random(6)
    checked = 0
    for step in range(game.max_actions(players)):
        prompts = game.prompts(state)
        if not prompts:
            break
        prompt = prompts[0]
        if step % 7 == 3 and len(prompt.actions) > 1 and not game.is_timed(state):
            result = search(game, state, prompt.seat, random.Random(step), budget_s=1.0, clock=frozen, max_iterations=2)
            assert result.dropped == 0, f"step {step}: {result.dropped} samples dropped"
            checked += 1
            if checked == 4:
                break
        game.apply(state, prompt.seat, game.agent(state, prompt.seat, rng))
    assert checked


def test_the_search_overrules_the_heuristic_only_on_a_lead_beyond_its_noise() -> None:
    """The most-visited action replaces the heuristic's choice only when its mean reward is
    ahead by the margin *and* by two standard errors: the same means, from rewards that
    swing wildly or hardly at all, decide differently."""
    from bot.engine.search import _decide, _Node

    def node(rewards: list[float]) -> _Node:
        return _Node(visits=len(rewards), reward=sum(rewards), reward_squares=sum(r * r for r in rewards))

    steady = {"0|best": node([0.6] * 30), "0|guide": node([0.5] * 20)}
    assert _decide(_Node(children=steady), "guide") == "best"
    swinging = {"0|best": node([1.0, 0.2] * 15), "0|guide": node([1.0, 0.0] * 10)}  # means 0.6 and 0.5
    assert _decide(_Node(children=swinging), "guide") == "guide"
    small_lead = {"0|best": node([0.52] * 30), "0|guide": node([0.5] * 20)}  # under the margin
    assert _decide(_Node(children=small_lead), "guide") == "guide"


# -- the paired search (common random numbers) ------------------------------------------------------


def test_the_paired_search_keeps_to_its_budget_and_compares_actions_on_the_same_samples() -> None:
    from bot.engine.search import paired_search

    game = get_game("hisss")
    state = next(s for s in positions(game, 3, 2, 1, 200) if s["pending"] is not None)
    seat = game.prompts(state)[0].seat
    result = paired_search(game, state, seat, random.Random(3), budget_s=0.05, clock=StepClock(0.001))
    assert 0.05 <= result.cpu_seconds <= 0.05 + 0.002
    legal = game.prompts(state)[0].keys()
    assert result.iterations >= 1 and result.key in legal
    assert max(result.visits.values()) == result.iterations  # the guide is rolled out on every sample
    assert result.visits[result.guide] == result.iterations


@pytest.mark.parametrize("slug, players", [("hisss", 3), ("collide-o", 2), ("finders-keepers", 2), ("chomp", 3), ("puerto-rico", 3)])
def test_the_paired_search_chooses_the_same_when_hidden_information_is_redrawn(slug: str, players: int) -> None:
    from bot.engine.search import paired_search

    game = get_game(slug)
    options = {"mode": "turns"} if any(o.name == "mode" for o in game.options) else {}
    state = game.setup(players, options, 11)
    rng = random.Random(2)
    for move in range(200):  # a dozen moves in (something is hidden), to a real choice
        prompt = game.prompts(state)[0]
        if move >= 12 and len(prompt.actions) > 1 and not game.choices_alike(state, prompt.seat):
            break
        game.apply(state, prompt.seat, game.agent(state, prompt.seat, rng))
    seat = game.prompts(state)[0].seat
    first = paired_search(game, state, seat, random.Random(8), budget_s=1.0, clock=frozen, max_iterations=10)
    assert 0 < first.iterations <= 10  # fewer when every other action was pruned
    for redraw in range(2):
        redrawn = game.conceal(state, seat, random.Random(100 + redraw))
        again = paired_search(game, redrawn, seat, random.Random(8), budget_s=1.0, clock=frozen, max_iterations=10)
        assert (again.key, again.visits) == (first.key, first.visits)


def test_the_paired_search_overrules_on_a_paired_lead_and_prunes_what_trails() -> None:
    """The same means decide differently with the luck paired or not: an action ahead by 0.1
    on every sample overrules the heuristic, however much the samples themselves swing; one
    whose lead is the luck of the samples does not; a clearly worse action is pruned."""
    from bot.engine.search import _paired_choice, _prune

    swings = [1.0, 0.1, 0.6, 0.3] * 5
    three = ["guide", "best", "worse"]
    paired = [{"guide": luck, "best": luck + 0.1, "worse": luck - 0.4} for luck in swings]
    assert _paired_choice(_PairedSums.of(paired, three), three, "guide") == "best"
    assert _prune(_PairedSums.of(paired, three), three, "guide") == ["guide", "best"]
    two = ["guide", "best"]
    unpaired = [{"guide": luck, "best": other + 0.1} for luck, other in zip(swings, swings[1:] + swings[:1], strict=True)]
    assert _paired_choice(_PairedSums.of(unpaired, two), two, "guide") == "guide"
    too_few = paired[:5]
    assert _paired_choice(_PairedSums.of(too_few, two), two, "guide") == "guide"


def test_the_paired_search_keeps_running_sums_that_agree_with_the_samples() -> None:
    """Each pair's mean difference and standard error from the running sums, against the
    same figures counted from the samples, before and after actions leave the running."""
    rng = random.Random(3)
    keys = ["a", "b", "c", "d"]
    rows = [{key: rng.choice((0.0, 0.1, 0.45, 0.55, 1.0)) for key in keys} for _ in range(300)]
    sums = _PairedSums.of(rows, keys)
    for kept in (keys, ["d", "b"]):
        sums.keep(kept)
        for better in kept:
            assert sums.mean(better) == pytest.approx(statistics.fmean(row[better] for row in rows))
            for worse in kept:
                if worse != better:
                    differences = [row[better] - row[worse] for row in rows]
                    lead, error = sums.paired(better, worse)
                    assert lead == pytest.approx(statistics.fmean(differences))
                    assert error == pytest.approx(statistics.stdev(differences) / len(rows) ** 0.5)


class ToyNimSettled(ToyNimLong):
    """Toy Nim searched as a game of chance whose every state is settled (nothing hidden, no
    chance to come). Its heuristic takes as many stones as it may; its rollout policy, the
    model of the rival, takes the last stones when it can and one otherwise."""

    slug = "toy-nim-settled"

    def settled(self, state: State) -> bool:
        return True

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        return f"take:{min(3, state['pile'])}"

    def rollout_agent(self, state: State, seat: int, rng: random.Random) -> str:
        return f"take:{state['pile']}" if state["pile"] <= 3 else "take:1"


def test_a_settled_state_is_answered_by_playing_out_every_line_of_the_seats_own_moves() -> None:
    """From a pile of 6 the heuristic's take of three loses to the rival, who takes the last
    three; so does taking one (5, the rival takes one, 4: any take leaves it 1-3); taking two
    wins (4, the rival takes one, 3: all three). The reply is exact, so it needs no samples and
    no clock. From 7 taking three wins (4, 3) and so does taking one (6, 5, 4, 3): a tie keeps
    the heuristic's move. A budget too short for the reply falls back to the paired search,
    which keeps the heuristic's move when it has seen too little."""
    game = ToyNimSettled()
    state = game.setup(2, {}, 0)
    state["pile"] = 6
    before = json.dumps(state)
    result = paired_search(game, state, 0, random.Random(4), budget_s=1.0, clock=frozen)
    assert (result.guide, result.key, result.iterations) == ("take:3", "take:2", 1)
    assert json.dumps(state) == before
    state["pile"] = 7
    tied = paired_search(game, state, 0, random.Random(4), budget_s=1.0, clock=frozen)
    assert tied.key == tied.guide == "take:3" and tied.iterations == 1
    state["pile"] = 6
    short = paired_search(game, state, 0, random.Random(4), budget_s=0.002, clock=StepClock(0.001))
    assert short.key == short.guide == "take:3" and short.iterations == 0


def test_schwarzes_gold_pumping_is_settled_and_answered_by_playing_out_the_pumps() -> None:
    """Phase 2 (the pumping) has no dice and nothing hidden: the hard bot answers it by
    playing out its own pumps (one exact reply, not samples), and nothing before it is
    settled. (Its CPU per decision is the arena's to print: p95 0.46 s at 2 players.)"""
    game = get_game("schwarzes-gold")
    state = game.setup(2, {}, 3)
    rng = random.Random(3)
    while state["stage"] != "score" or len(game.prompts(state)[0].actions) < 2:
        assert not game.settled(state)
        prompt = game.prompts(state)[0]
        game.apply(state, prompt.seat, game.agent(state, prompt.seat, rng))
    assert game.settled(state)
    seat = game.prompts(state)[0].seat
    before = json.dumps(state)
    result = bots.think(game, state, seat, random.Random(5), budget_s=0.8, clock=frozen)
    legal = game.prompts(state)[0].keys()
    assert result.iterations == 1 and result.key in legal
    assert json.dumps(state) == before
    for redraw in range(2):  # the dice to come are redrawn: the same answer
        redrawn = game.conceal(state, seat, random.Random(40 + redraw))
        assert bots.think(game, redrawn, seat, random.Random(5), budget_s=0.8, clock=frozen).key == result.key


@pytest.mark.parametrize("tree", [False, True])
def test_a_search_plays_alike_choices_at_once_and_searches_the_rest(tree: bool) -> None:
    """A HISSS draw (every position of the face-down fan is alike) costs a hard bot nothing;
    where the drawn card goes is still searched."""
    game = get_game("hisss")
    state = game.setup(2, {}, 5)
    seat = game.prompts(state)[0].seat
    assert state["pending"] is None and len(game.prompts(state)[0].actions) > 1
    assert game.choices_alike(state, seat)
    drawn = bots.think(game, state, seat, random.Random(1), budget_s=1.0, clock=StepClock(0.001), tree=tree)
    assert drawn.iterations == 0 and drawn.key == game.agent(state, seat, random.Random(1))
    placing = next(s for s in positions(game, 2, 5, 1, 200) if s["pending"] is not None and len(game.prompts(s)[0].actions) > 1)
    placer = game.prompts(placing)[0].seat
    assert not game.choices_alike(placing, placer)
    placed = bots.think(game, placing, placer, random.Random(1), budget_s=0.05, clock=StepClock(0.001), tree=tree)
    assert placed.iterations > 0


class ToyErrand(Game):
    """A search trap: seat 0 may start an errand (or rest, and lose); started, it finishes it
    (both then share the win) or cancels, back where it was. Rollouts are cut after one move
    and :meth:`evaluate` calls a pending errand a sure win for seat 0, so in the search's eyes
    putting it off always beats doing it."""

    slug = "toy-errand"
    title = "Toy Errand"
    min_players = 2
    max_players = 2
    summary = "Start an errand and finish it."
    hidden_information = False
    rollout_noise = 0.0
    main_choice: ClassVar[str] = "start"
    errand_choice: ClassVar[str] = "finish"

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"phase": "main", "over": None}

    def legal_prompts(self, state: State) -> list[Prompt]:
        if state["over"] is not None:
            return []
        if state["phase"] == "main":
            return [Prompt(0, "Start the errand?", (Action("start", "Start it"), Action("rest", "Rest")))]
        return [Prompt(0, "The errand", (Action("finish", "Finish it"),
                                         Action("cancel", "Cancel it", main=True, retreat=True)))]

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        if key in ("finish", "rest"):
            state["over"] = key
        state["phase"] = "errand" if key == "start" else "main"
        return [Event(f"{seat_ref(seat)}: {key}.")]

    def outcome(self, state: State) -> Outcome | None:
        if state["over"] is None:
            return None
        return Outcome.ranked([1, 1] if state["over"] == "finish" else [0, 1], "Done.")

    def max_actions(self, players: int) -> int:
        return 40

    def view(self, state: State, viewer: int | None) -> dict:
        return dict(state)

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        return self.main_choice if state["phase"] == "main" else self.errand_choice

    def rollout_cut(self, state: State) -> int | None:
        return 1

    def evaluate(self, state: State) -> list[float]:
        return [1.0, 0.0]


class ToyErrandNeverFinished(ToyErrand):
    """The heuristic rests, and would cancel a started errand."""

    slug = "toy-errand-cancelled"
    main_choice: ClassVar[str] = "rest"
    errand_choice: ClassVar[str] = "cancel"


def test_a_search_never_backs_out_of_what_the_heuristic_would_do() -> None:
    """Cancelling looks better than finishing to the search here (a pending errand scores a
    sure win), but a search never chooses a retreat over the heuristic: a hard Bullfrog bot
    that laid no track and cancelled, then started again, played 1,248 moves of one game
    before it was stopped (stop 56). Started by the heuristic, the errand gets finished."""
    game = ToyErrand()
    state = game.setup(2, {}, 0)
    moves = []
    while game.prompts(state) and len(moves) < 10:
        key = bots.think(game, state, 0, random.Random(len(moves)), budget_s=1.0, clock=frozen,
                         max_iterations=400).key
        moves.append(key)
        game.apply(state, 0, key)
    assert moves == ["start", "finish"]


@pytest.mark.parametrize("searcher", ["paired", "tree"])
def test_a_search_never_starts_what_the_heuristic_would_back_out_of(searcher: str) -> None:
    """Starting the errand looks better than resting to the search, but the heuristic would
    cancel it at once: a search that started it would start it again after each cancel, so
    the heuristic's rest stands."""
    game = ToyErrandNeverFinished()
    state = game.setup(2, {}, 0)
    result = bots.think(game, state, 0, random.Random(1), budget_s=1.0, clock=frozen, tree=searcher == "tree",
                        max_iterations=400)
    assert result.guide == "rest" and result.key == "rest"
    assert result.visits.get("start", 0) > 0  # it was searched, and it led


def test_a_deterministic_lookahead_never_backs_out_either() -> None:
    class ToyErrandExact(ToyErrand):
        slug = "toy-errand-exact"
        deterministic = True

        def horizon(self, state: State) -> object:
            return state["phase"] == "main"

    game = ToyErrandExact()
    state = game.setup(2, {}, 0)
    game.apply(state, 0, "start")
    assert lookahead(game, state, 0, random.Random(0), budget_s=1.0, clock=frozen).key == "finish"
