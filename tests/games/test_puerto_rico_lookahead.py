"""The normal bot's role choice looks ahead to the end of the round (bot.games.puerto_rico.lookahead).

What is checked: it decides only on what its seat can see (the same choice however the
hidden plantation stack and the others' VP chips lie), it leaves the real position as it
was, a looked-ahead round ends where the next one begins, and it does what it is for — it
contests the shipping race the heuristic left to two ``ship-bank`` players. And the hard
bot's role choice (stop 58): the engine's lookahead, three rounds of the normal bot, the same
however the hidden information lies.
"""

from __future__ import annotations

import json
import random

from bot.arena import chooser, play
from bot.engine import Game, State
from bot.engine.registry import get_game
from bot.games import load_all
from bot.games.puerto_rico import agent, lookahead
from bot.games.puerto_rico.legal import legal_keys

load_all()
GAME = get_game("puerto-rico")


def role_prompts(players: int, seed: int, limit: int) -> list[dict]:
    """Up to ``limit`` positions of a game between normal bots where a seat picks among two
    roles or more, as copies."""
    state = GAME.setup(players, {}, seed)
    rng = random.Random(seed)
    found: list[dict] = []
    while GAME.prompts(state) and len(found) < limit:
        seat = state["actor"]
        if state["sub"] == "" and len(legal_keys(state)) > 1:
            found.append(json.loads(json.dumps(state)))
        GAME.apply(state, seat, GAME.agent(state, seat, rng))
    return found


def test_the_role_choice_is_the_same_however_the_hidden_information_lies() -> None:
    checked = unequal_chips = 0
    for players, seed in ((3, 5), (4, 6)):
        for state in role_prompts(players, seed, 30):
            seat = state["actor"]
            key = lookahead.choose(state, seat, random.Random(1))
            others = [state["seats"][s]["vp"] for s in range(players) if s != seat]
            unequal_chips += len(set(others)) > 1
            for redraw in range(3):
                redrawn = GAME.conceal(state, seat, random.Random(100 * seed + redraw))
                assert lookahead.choose(redrawn, seat, random.Random(1)) == key, (players, state["round"])
            checked += 1
    assert checked >= 40
    assert unequal_chips >= 10  # the redrawings had secret VP chips to move about


def test_the_public_copy_keeps_what_the_seat_sees_and_fixes_the_rest() -> None:
    state = role_prompts(4, 6, 30)[-1]
    seat = state["actor"]
    public = lookahead.public_copy(state, seat)
    assert sorted(public["stack"]) == public["stack"] == sorted(state["stack"])
    others = [s for s in range(4) if s != seat]
    total = sum(state["seats"][s]["vp"] for s in others)
    assert sum(public["seats"][s]["vp"] for s in others) == total
    assert max(public["seats"][s]["vp"] for s in others) - min(public["seats"][s]["vp"] for s in others) <= 1
    assert public["seats"][seat] == state["seats"][seat]
    assert {k: v for k, v in public.items() if k not in ("stack", "rng", "seats")} == {
        k: v for k, v in state.items() if k not in ("stack", "rng", "seats")}


def test_looking_ahead_leaves_the_real_position_as_it_was() -> None:
    for state in role_prompts(3, 7, 10):
        before = json.dumps(state, sort_keys=True)
        lookahead.choose(state, state["actor"], random.Random(1))
        assert json.dumps(state, sort_keys=True) == before


def test_a_looked_ahead_round_ends_where_the_next_one_begins() -> None:
    for state in role_prompts(4, 8, 12):
        position = lookahead.public_copy(state, state["actor"])
        lookahead._finish_round(position, state["round"])
        if position["phase"] != "over":
            assert position["round"] == state["round"] + 1
            assert position["picks"] == 0 and position["sub"] == ""
            assert position["actor"] == position["governor"]


def test_every_decision_but_the_role_is_the_heuristics() -> None:
    state = GAME.setup(3, {}, 11)
    rng_seed = 0
    others = 0
    while GAME.prompts(state) and others < 150:
        seat = state["actor"]
        if state["sub"] != "":
            assert lookahead.choose(state, seat, random.Random(rng_seed)) == agent.choose(
                state, seat, random.Random(rng_seed))
            others += 1
        GAME.apply(state, seat, GAME.agent(state, seat, random.Random(rng_seed)))
        rng_seed += 1
    assert others == 150


def test_normal_contests_the_shipping_race_of_two_ship_bank_players() -> None:
    """Two ``ship-bank`` seats call the Captain and the Craftsman about four times a game each
    at 3 players, and the heuristic left them to them (about three picks of the two a game:
    1.7 Captains and 1.2 Craftsmen over these 30 deals), so their shipping emptied the VP
    chips before its buildings paid. Looking ahead it sees what the two roles bring it
    against what they bring the others and takes them about five times a game. The games
    are seeded and the bots use no clock, so the count is the same every time."""
    normal = chooser(GAME, "normal", budget_s=0.0)
    ship_bank = chooser(GAME, "ship-bank", budget_s=0.0)
    contested = 0

    def counting(game: Game, state: State, seat: int, rng: random.Random) -> str:
        nonlocal contested
        key = normal(game, state, seat, rng)
        contested += key in ("role:captain", "role:craftsman")
        return key

    games = 30
    for index in range(games):
        seats = [counting, ship_bank, ship_bank]
        playing = [seats[(seat + index) % 3] for seat in range(3)]
        play(GAME, 3, GAME.resolve_options({}), 7 + index, playing, [[] for _ in range(3)],
             random.Random(f"arena:puerto-rico:{7 + index}"))
    assert contested / games >= 4.0


# -- the hard bot's lookahead at the roles (stop 58) -----------------------------------------


def frozen() -> float:
    """A CPU clock that never moves: the lookahead reaches every role, however slow the machine."""
    return 0.0


def test_hard_looks_ahead_at_the_roles_only_and_the_same_however_the_hidden_information_lies() -> None:
    """A role choice among two or more goes to the engine's lookahead (one play-on a role, no
    samples), the same choice and scores on the real position and on redrawings of it; the
    other prompts go to the paired search."""
    from bot.bots import think

    looked = 0
    for players, seed in ((3, 5), (4, 6)):
        for state in role_prompts(players, seed, 30)[8::6]:
            seat = state["actor"]
            assert GAME.looks_ahead(state, seat) and not GAME.looks_ahead(state, (seat + 1) % players)
            first = think(GAME, state, seat, random.Random(1), budget_s=1.0, clock=frozen)
            assert first.visits == dict.fromkeys(legal_keys(state), 1)  # every role, played on once
            redrawn = GAME.conceal(state, seat, random.Random(seed))
            again = think(GAME, redrawn, seat, random.Random(1), budget_s=1.0, clock=frozen)
            assert (again.key, again.visits) == (first.key, first.visits)
            looked += 1
    assert looked >= 6
    state = GAME.setup(3, {}, 5)
    seat = state["actor"]
    GAME.apply(state, seat, "role:settler")
    assert state["sub"] != "" and not GAME.looks_ahead(state, state["actor"])


def test_hard_plays_each_role_on_to_the_start_of_the_third_round_after_this_one(monkeypatch) -> None:
    """Every position the lookahead scores is the start of round r + 3 (or the end of the
    game), and the normal bot, not the plain heuristic, plays every seat on the way."""
    from bot.bots import think
    from bot.games.puerto_rico import rules

    state = role_prompts(3, 5, 20)[12]
    scored: list[int] = []
    looked_ahead: list[int] = []
    real_evaluate, real_choose_role = rules.evaluate, lookahead.choose_role

    def recording_evaluate(position: State) -> list[float]:
        scored.append(-1 if position["phase"] == "over" else position["round"])
        return real_evaluate(position)

    def recording_choose_role(position: State, seat: int, keys: list[str]) -> str:
        looked_ahead.append(position["round"])
        return real_choose_role(position, seat, keys)

    monkeypatch.setattr(rules, "evaluate", recording_evaluate)
    monkeypatch.setattr(lookahead, "choose_role", recording_choose_role)
    think(GAME, state, state["actor"], random.Random(1), budget_s=1.0, clock=frozen)
    roles = len(legal_keys(state))
    assert len(scored) == roles and set(scored) <= {state["round"] + 3, -1}
    assert set(looked_ahead) >= {state["round"] + 1, state["round"] + 2}  # the others looked ahead too
