"""Standing orders and forced moves on the engine side (issue 25).

Each game's orders answer only the prompts they name, with one of the prompt's own legal keys;
forced moves are lone public actions; a game played with orders is a game its players could
have played by hand (the same keys applied one by one reach the same final state); and the
decisions benchmark shows the reduction the issue asks for.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.decisions import HUMAN, ORDER, measure, play, recommended
from bot.decisions import run as run_decisions
from bot.engine import Action, Game, Prompt, State, all_games, get_game
from bot.engine.orders import OrderSetting, answer, lapsed
from bot.engine.testkit import KitFailure, random_playout, random_walk
from tests.toygame import ToyDraw

GAMES = sorted((g for g in all_games() if type(g).__module__.startswith("bot.games.")), key=lambda g: g.slug)


def _dump(state: State) -> str:
    return json.dumps(state, sort_keys=True)


def _find(game: Game, players: int, options: dict[str, str], want: Callable[[State], bool],
          seeds: int = 30) -> Iterator[State]:
    """States of random games (copied) for which ``want`` holds."""
    for seed in range(seeds):
        for state in random_walk(game, players, seed, options):
            if want(state):
                yield copy.deepcopy(state)


def _prompt(game: Game, state: State, seat: int) -> Prompt:
    return next(p for p in game.prompts(state) if p.seat == seat)


# -- what every game declares ------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_every_order_says_what_it_does_and_recommended_ones_are_declared(game: Game) -> None:
    orders = {order.key: order for order in game.standing_orders()}
    for order in orders.values():
        assert order.label and order.help.endswith("."), order
        assert not order.reveals or order.reveals.endswith("."), order
    assert set(game.recommended_orders()) <= set(orders)
    assert all(not orders[key].amount for key in game.recommended_orders())


@pytest.mark.parametrize("game", [g for g in GAMES if g.standing_orders()], ids=lambda g: g.slug)
def test_each_games_readme_lists_its_orders_and_what_they_reveal(game: Game) -> None:
    text = (Path(__file__).parent.parent / "data" / game.slug / "README.md").read_text()
    section = text[text.index("## Forced moves and standing orders"):]
    for order in game.standing_orders():
        assert f"`{order.key}`: {order.label}" in section and order.help in section
        assert (order.reveals or "nothing beyond the move itself") in section


def test_games_with_windows_or_routine_steps_declare_orders() -> None:
    with_orders = {g.slug for g in GAMES if g.standing_orders()}
    assert {"killer-bunnies", "construction-game", "bullfrog-goldfield", "1856", "silver-lake",
            "puerto-rico", "hisss", "chomp", "finders-keepers"} <= with_orders


# -- Killer Bunnies -------------------------------------------------------------------------


def test_killer_bunnies_window_orders_pass_only_what_they_say() -> None:
    game = get_game("killer-bunnies")
    only_pass = able = 0
    for state in _find(game, 4, {"mode": "turns"}, lambda s: s["phase"] == "window", seeds=12):
        for prompt in game.prompts(state):
            keys = prompt.keys()
            assert game.order_choice(state, prompt, "pass-windows") == "pass"
            unless = game.order_choice(state, prompt, "pass-unless-able")
            if keys == ["pass"]:
                assert unless == "pass"
                only_pass += 1
            else:
                assert unless is None  # a fitting card in hand: the player decides
                able += 1
            assert game.order_choice(state, prompt, "feed") is None
        if only_pass > 5 and able > 0:
            break
    assert only_pass > 5 and able > 0


def test_killer_bunnies_forces_lone_public_actions_only() -> None:
    game = get_game("killer-bunnies")
    seen = set()
    for state in _find(game, 3, {"mode": "turns"}, lambda s: s["phase"] in ("start", "window", "replace"), seeds=6):
        for prompt in game.prompts(state):
            forced = game.forced(state, prompt)
            assert forced == (len(prompt.actions) == 1 and not prompt.private and not prompt.simultaneous)
            seen.add((state["phase"], forced))
    assert ("start", True) in seen and ("window", False) in seen and ("replace", False) in seen
    live = next(_find(game, 3, {"mode": "live"}, lambda s: s["phase"] == "start" and len(
        game.prompts(s)[0].actions) == 1, seeds=6))
    assert not game.forced(live, game.prompts(live)[0])  # timed play forces nothing


def test_killer_bunnies_flip_order_leaves_carrot_purchases_to_the_player() -> None:
    game = get_game("killer-bunnies")
    answered = asked = 0
    for state in _find(game, 3, {"mode": "turns"}, lambda s: s["phase"] == "start", seeds=10):
        prompt = game.prompts(state)[0]
        carrot = any(k.startswith("buy:") and k not in ("buy:cabbage", "buy:water") for k in [a.key for a in prompt.actions])
        choice = game.order_choice(state, prompt, "flip")
        assert choice == (None if carrot else "flip")
        answered += choice is not None
        asked += choice is None
        if answered and asked:
            break
    assert answered and asked


# -- The Construction Game ---------------------------------------------------------------------


def test_construction_window_orders() -> None:
    game = get_game("construction-game")
    state = next(_find(game, 4, {}, lambda s: s["phase"] == "window" and any(
        seat != s["job"]["worker"] for seat in s["window"]["waiting"])))
    worker = state["job"]["worker"]
    for prompt in game.prompts(state):
        if prompt.seat == worker:  # the winner of a contested bid: no purchase, roll for income
            assert prompt.actions[0].key == "roll" and game.order_choice(state, prompt, "pass-windows") == "roll"
            continue
        assert game.order_choice(state, prompt, "pass-windows") == "pass"
        cash = state["cash"][prompt.seat]
        assert game.order_choice(state, prompt, "pass-windows-below", cash + 1) == "pass"
        assert game.order_choice(state, prompt, "pass-windows-below", cash) is None
        assert game.order_choice(state, prompt, "pass-windows-below", None) is None
        assert game.order_choice(state, prompt, "take-jobs") is None


def test_construction_job_and_repay_orders_are_the_normal_bots_rules() -> None:
    """``buy-for-jobs`` answers a job you landed on (never a competitive bid's opening) with what the
    normal bot plays there: a purchase of the job's machines, taking or refusing it; ``repay-notes``
    answers the turn prompt with the bot's repayment, or asks the player when there is none."""
    from bot.games.construction_game.agent import NORMAL, job_choice, repay_choice
    from bot.games.construction_game.components import TRACK

    game = get_game("construction-game")
    seen: dict[str, int] = {"buy": 0, "accept": 0, "bid week": 0, "repay": 0, "turn asked": 0}
    for state in _find(game, 3, {}, lambda s: s["phase"] in ("job", "turn"), seeds=12):
        prompt = game.prompts(state)[0]
        keys = prompt.keys()
        jobs, repay = game.order_choice(state, prompt, "buy-for-jobs"), game.order_choice(state, prompt, "repay-notes")
        if state["phase"] == "job":
            assert repay is None
            if TRACK[state["job"]["square"]].get("bid"):
                assert jobs is None
                seen["bid week"] += 1
            else:
                assert jobs == job_choice(state, prompt.seat, keys, NORMAL) and jobs in keys
                seen["buy" if jobs.startswith("buy:") else "accept"] += jobs != "refuse"
        else:
            assert jobs is None and repay == repay_choice(state, prompt.seat, keys, NORMAL)
            assert repay is None or (repay in keys and state["cash"][prompt.seat] - int(repay[6:]) >= 25_000)
            seen["repay" if repay else "turn asked"] += 1
    assert min(seen.values()) > 0, seen


def test_construction_bid_orders_and_the_bidder_who_cannot_raise() -> None:
    game = get_game("construction-game")
    state = next(_find(game, 4, {}, lambda s: s["phase"] == "bid" and s["cash"][s["bid"]["to_act"]] >= s["bid"]["high"] + 1000))
    prompt = game.prompts(state)[0]
    lowest = state["bid"]["high"] + 1000
    assert game.order_choice(state, prompt, "drop-bids-above", lowest - 1) == "pass"
    assert game.order_choice(state, prompt, "drop-bids-above", lowest) is None
    assert not game.forced(state, prompt)
    # The same bid, with the bidder's (public) cash below the smallest raise: only "pass" is left.
    state["cash"][state["bid"]["to_act"]] = lowest - 1
    prompt = game.prompts(state)[0]
    assert prompt.keys() == ["pass"] and game.forced(state, prompt)


# -- Bullfrog Goldfield -----------------------------------------------------------------------


def test_bullfrog_step_orders_answer_only_what_they_say() -> None:
    """Bonds are paid off largest first; a step with one move besides Cancel is finished; a turn
    of nothing but hauls raises the player's own mine; every other prompt is left to the player."""
    game = get_game("bullfrog-goldfield")
    seen: dict[str, int] = {"pay-off-bonds": 0, "finish-one-way": 0, "haul-own-mine": 0, "asked": 0}
    for seed in range(12):
        for state in random_walk(game, 4, seed, {"cash": "open"}):
            for prompt in game.prompts(state):
                keys = prompt.keys()
                payoff = game.order_choice(state, prompt, "pay-off-bonds")
                if state["phase"] == "payoff":
                    repays = [int(k[6:]) for k in keys if k.startswith("repay:")]
                    assert payoff == (f"repay:{max(repays)}" if repays else payoff)
                    assert payoff in keys
                    seen["pay-off-bonds"] += 1
                else:
                    assert payoff is None
                one_way = game.order_choice(state, prompt, "finish-one-way")
                moves = [k for k in keys if k != "cancel"]
                in_step = state["phase"] == "act" and state["auction"] is None and state["sub"] is not None
                assert one_way == (moves[0] if in_step and len(moves) == 1 and "bond" not in moves[0] else None)
                seen["finish-one-way"] += one_way is not None
                haul = game.order_choice(state, prompt, "haul-own-mine")
                main = state["phase"] == "act" and state["auction"] is None and state["sub"] is None
                if main and all(k.startswith("haul:") for k in keys):
                    assert haul == "haul:none" or state["cos"][haul[5:]]["charter"] == prompt.seat
                    seen["haul-own-mine"] += 1
                else:
                    assert haul is None
                    seen["asked"] += main
        if min(seen.values()) > 3:
            break
    assert min(seen.values()) > 3, seen


def test_bullfrog_character_orders_take_the_first_ranked_card_still_on_offer() -> None:
    """Character orders answer only character selection, with the card of the first order (in
    the order they were set) whose card is still on offer; with none left, the player is asked."""
    game = get_game("bullfrog-goldfield")
    state = game.setup(4, game.resolve_options({"cash": "open"}), 5)
    assert state["phase"] == "select"
    ranked = [OrderSetting("take-magnate"), OrderSetting("take-teamster")]
    first = game.prompts(state)[0]
    assert answer(game, state, first, ranked) == ("char:magnate", ranked[0])
    assert answer(game, state, first, ranked[::-1]) == ("char:teamster", ranked[1])
    game.apply(state, first.seat, "char:magnate")
    second = game.prompts(state)[0]
    assert second.seat != first.seat and "char:magnate" not in list(second.keys())
    assert answer(game, state, second, ranked) == ("char:teamster", ranked[1])
    assert answer(game, state, second, ranked[:1]) is None
    asked = 0
    for state in _find(game, 4, {"cash": "open"}, lambda s: s["phase"] != "select", seeds=2):
        for prompt in game.prompts(state):
            assert all(game.order_choice(state, prompt, f"take-{card}") is None
                       for card in ("prospector", "teamster", "architect", "surveyor", "broker", "magnate"))
            asked += 1
    assert asked > 50


def test_bullfrog_charter_order_pays_the_limit_only_with_5000_left() -> None:
    """``charter-at-limit`` answers a charter's price step with the company's stock value limit
    when the buyer keeps $5,000 after paying it, and leaves every other price step to them."""
    game = get_game("bullfrog-goldfield")
    from bot.games.bullfrog_goldfield.rules import limit_of

    paid = asked = 0
    for seed in range(12):
        for state in random_walk(game, 4, seed, {"cash": "open"}):
            for prompt in game.prompts(state):
                choice = game.order_choice(state, prompt, "charter-at-limit")
                sub = state["sub"]
                if state["phase"] != "act" or state["auction"] is not None or sub is None or sub["kind"] != "charter":
                    assert choice is None
                    continue
                limit = limit_of(state, sub["co"])
                affords = limit is not None and state["cash"][prompt.seat] - limit >= 5
                assert choice == (f"price:{limit}" if affords else None)
                assert choice is None or choice in list(prompt.keys())
                paid += choice is not None
                asked += choice is None
        if paid > 2 and asked > 2:
            break
    assert paid > 2 and asked > 2, (paid, asked)


# -- scope: 1856's "pass in this stock round" ----------------------------------------------------


def test_1856_pass_in_this_stock_round_lapses_with_the_round() -> None:
    game = get_game("1856")
    setting = pending = None
    for state in random_walk(game, 3, 0, {}):
        if setting is None and state["round"] == "stock":
            setting = OrderSetting("pass-stock-round", scope=game.order_scope(state, "pass-stock-round"))
            assert answer(game, state, game.prompts(state)[0], [setting]) == ("pass", setting)
        elif setting is not None and state["round"] == "operating":
            assert lapsed(game, state, setting)  # the stock round it was set in is over
            # Set during an operating round, it waits for the next stock round and lasts through it.
            pending = OrderSetting("pass-stock-round", scope=game.order_scope(state, "pass-stock-round"))
            assert pending.scope == f"stock-round-{state['sr_number'] + 1}" and not lapsed(game, state, pending)
        elif pending is not None and state["round"] == "stock":
            assert not lapsed(game, state, pending)
            assert answer(game, state, game.prompts(state)[0], [pending]) is not None
            return
    raise AssertionError("the game never reached a second stock round")


def test_1856_skip_idle_steps_passes_only_steps_with_nothing_but_a_loan() -> None:
    """The track, station, loan and private steps are passed when only Pass, a loan and (outside
    the private step) a private purchase are offered; a step with its own move, the train step
    and anything that interrupts the turn are the player's."""
    game = get_game("1856")
    skipped: set[str] = set()
    asked = only_selling = 0
    for seed in range(6):
        for state in random_walk(game, 4, seed, {}):
            prompt = game.prompts(state)[0] if game.prompts(state) else None
            if prompt is None:
                continue
            keys = prompt.keys()
            choice = game.order_choice(state, prompt, "skip-idle-steps")
            if choice is not None:
                step = state["op"]["step"]
                assert choice == "pass" and step in ("track", "token", "loan", "buy_company")
                side = ("loan",) if step == "buy_company" else ("loan", "company:")
                assert all(k == "pass" or k.startswith(side) for k in keys)
                skipped.add(step)
            elif state["round"] == "operating" and "pass" in keys and any(
                k.startswith(("lay:", "token:", "train:", "repay")) for k in keys
            ):
                asked += 1
            selling = game.order_choice(state, prompt, "pass-unless-buying")
            if state["round"] == "stock" and "pass" in keys and all(k == "pass" or k.startswith("sell:") for k in keys):
                assert selling == "pass"
                only_selling += 1
            else:
                assert selling is None
            auction = game.order_choice(state, prompt, "pass-auction")
            assert auction == ("pass" if state["round"] == "auction" and "pass" in keys else None)
        if {"track", "loan"} <= skipped and asked and only_selling:
            break
    assert {"track", "loan"} <= skipped and asked > 0 and only_selling > 0, skipped


# -- Chomp and Finders Keepers --------------------------------------------------------------------


def test_chomp_holds_only_rounds_without_a_good_chomp() -> None:
    """Held at once exactly when no card on the table is a good chomp for the seat's own (a
    slap could only miss or cost a card); asked in every frenzy and whenever one is."""
    from bot.games.chomp.rules import FRENZY, GOOD, INK, judge, round_kind

    game = get_game("chomp")
    seen: set[tuple[str, bool]] = set()
    for state in _find(game, 4, {"mode": "turns"}, lambda s: s["phase"] == "chomp", seeds=4):
        cards = game.face_up(state)
        for prompt in game.prompts(state):
            good = any(judge(cards, prompt.seat, target) == GOOD
                       for target, card in enumerate(cards) if card is not None and target != prompt.seat)
            choice = game.order_choice(state, prompt, "hold-unless-able")
            assert choice == (None if good else "pass")
            seen.add((round_kind(cards), choice is None))
    assert {("chomp", True), ("chomp", False), (INK, False), (FRENZY, True)} <= seen
    assert (FRENZY, False) not in seen and (INK, True) not in seen
    live = next(_find(game, 4, {"mode": "live"}, lambda s: s["phase"] == "chomp", seeds=4))
    assert all(game.order_choice(live, p, "hold-unless-able") is None for p in game.prompts(live))


def test_chomp_chomps_only_rounds_nobody_else_can_win() -> None:
    """A good chomp at once only in an ordinary round where no other seat has one (no race to
    win by answering first); never in a frenzy, an ink-out or a contested round."""
    from bot.games.chomp.rules import GOOD, NORMAL, judge, round_kind, seat_number

    game = get_game("chomp")
    answered = contested = 0
    for state in _find(game, 4, {"mode": "turns"}, lambda s: s["phase"] == "chomp", seeds=4):
        cards = game.face_up(state)
        able = {seat for seat, card in enumerate(cards) if card is not None and any(
            judge(cards, seat, target) == GOOD for target, other in enumerate(cards) if other is not None
            and target != seat)}
        for prompt in game.prompts(state):
            choice = game.order_choice(state, prompt, "chomp-unopposed")
            if round_kind(cards) == NORMAL and able == {prompt.seat}:
                assert choice is not None
                target = seat_number(choice)
                assert target is not None and judge(cards, prompt.seat, target) == GOOD
                answered += 1
            else:
                assert choice is None
                contested += prompt.seat in able
    assert answered > 3 and contested > 3


def test_finders_keepers_says_done_only_with_nothing_left_to_claim() -> None:
    from bot.games.finders_keepers.rules import CARDS

    game = get_game("finders-keepers")
    said = asked = 0
    for state in _find(game, 3, {"mode": "turns", "variant": "basic"}, lambda s: s["phase"] == "look", seeds=3):
        for prompt in game.prompts(state):
            left = [c for c in state["spreads"][prompt.seat] if CARDS[c].shows(state["tile"])]
            choice = game.order_choice(state, prompt, "done-when-found")
            assert choice == (None if left else "done")  # it never claims a card
            said += choice is not None
            asked += choice is None
    assert said > 10 and asked > 10
    for options in ({"mode": "live", "variant": "basic"}, {"mode": "turns", "variant": "expert"}):
        state = next(_find(game, 3, options, lambda s: bool(game.prompts(s)), seeds=2))
        assert all(game.order_choice(state, p, "done-when-found") is None for p in game.prompts(state))


def test_collide_o_never_asks_a_seat_that_can_only_pass() -> None:
    """Collide-o declares no orders: by turns a seat with no fitting card passes by the rules,
    without a prompt, so no prompt is a lone "Pass" an order could answer."""
    game = get_game("collide-o")
    automatic = 0
    for seed in range(3):
        chooser = random.Random(seed)
        state = game.setup(2, game.resolve_options({"mode": "turns"}), seed)
        while prompts := game.prompts(state):
            (prompt,) = prompts
            assert any(action.key != "pass" for action in prompt.actions)
            events = game.apply(state, prompt.seat, chooser.choice(prompt.keys()))
            automatic += sum("no card that fits" in event.text for event in events)
    assert automatic > 0 and not game.standing_orders()


# -- the engine's answer() -------------------------------------------------------------------------


def test_answer_tries_orders_in_turn_skips_lapsed_ones_and_refuses_illegal_keys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = ToyDraw()
    state = game.setup(2, game.resolve_options({}), 3)
    prompt = game.prompts(state)[0]
    legal = prompt.keys()[0]

    def choice(self: Game, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        return {"first": None, "legal": legal, "bad": "teleport"}[order]

    monkeypatch.setattr(ToyDraw, "order_choice", choice)
    monkeypatch.setattr(ToyDraw, "order_scope", lambda self, state, order: "now")
    assert answer(game, state, prompt, [OrderSetting("first"), OrderSetting("legal")]) == (legal, OrderSetting("legal"))
    assert answer(game, state, prompt, [OrderSetting("legal", scope="before")]) is None  # lapsed
    with pytest.raises(ValueError, match="teleport"):
        answer(game, state, prompt, [OrderSetting("bad")])


def test_lone_action_is_the_shape_of_a_forced_move() -> None:
    game = ToyDraw()
    state = game.setup(2, game.resolve_options({}), 3)
    one = (Action("draw", "Draw"),)
    assert game.lone_action(state, Prompt(0, "t", one))
    assert not game.lone_action(state, Prompt(0, "t", (*one, Action("pass", "Pass"))))
    assert not game.lone_action(state, Prompt(0, "t", one, private=True))
    assert not game.lone_action(state, Prompt(0, "t", one, simultaneous=True))
    assert not game.lone_action(state, Prompt(0, "t", one, deadline=5))


# -- the same game by hand, and the benchmark -------------------------------------------------------


@pytest.mark.parametrize("slug", [g.slug for g in GAMES if g.recommended_orders()])
def test_a_game_played_with_orders_is_the_game_played_by_hand(slug: str) -> None:
    """The orders' and forced moves' keys, applied by hand one by one (each legal for its seat at
    that moment), rebuild the same final state and outcome: for every game that recommends
    orders, so the decisions benchmark's games are games its players could have played."""
    game = get_game(slug)
    options = {"mode": "turns"} if any(o.name == "mode" for o in game.options) else {}
    played = play(game, 3, 11, options, orders=recommended(game))
    assert played.count(ORDER) > 0 and played.count(HUMAN) > 0
    state = game.setup(3, played.options, 11)
    for seat, key, _ in played.log:
        legal = next(p for p in game.prompts(state) if p.seat == seat).keys()
        assert key in legal
        game.apply(state, seat, key)
    assert _dump(state) == _dump(played.state)
    assert game.outcome(state) == game.outcome(played.state) and game.outcome(state) is not None


@pytest.mark.parametrize(("slug", "games"), [("killer-bunnies", 2), ("construction-game", 2), ("silver-lake", 2),
                                           ("bullfrog-goldfield", 2), ("1856", 1), ("chomp", 20),
                                           ("finders-keepers", 2)])
def test_recommended_orders_cut_decisions_by_at_least_40_percent(slug: str, games: int) -> None:
    """One game of 1856 (two self-played games of one to two thousand prompts each) shows it
    for that seed; ``python -m bot decisions`` gives the mean over more (47% over seeds 1–10, see
    README.md). Chomp's reduction is near 40% (41.5% over 200 games, 3 points of
    spread between single games), so it takes twenty games (under a second) to show it."""
    row = measure(get_game(slug), 4, games=games, seed=7)
    assert row.orders < row.forced <= row.defaults
    assert row.reduction >= 40, row


def test_decisions_command_prints_a_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_decisions(["killer-bunnies"], 1, None) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("killer-bunnies"))
    assert "pass-unless-able" in line and "%" in line


# -- the kit catches orders that cheat ---------------------------------------------------------------


def test_the_kit_catches_an_order_that_reads_another_players_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """An order that passes a window when the *next* player holds a reaction card acts on hidden
    information: the kit's redraw of what its player cannot see changes its answer."""
    game = get_game("killer-bunnies")

    def peeking(self: Game, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        if state["phase"] != "window" or not any(action.key == "pass" for action in prompt.actions):
            return None
        other = state["seats"][(prompt.seat + 1) % state["players"]]["hand"]
        return "pass" if len(other) > 2 and other[0] % 2 else None

    monkeypatch.setattr(type(game), "order_choice", peeking)
    with pytest.raises(KitFailure, match=r"standing order .* answers differently"):
        for seed in range(6):
            random_playout(game, 3, seed, {"mode": "turns"})


def test_the_kit_catches_an_order_that_plays_an_unlisted_key(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("silver-lake")
    monkeypatch.setattr(type(game), "order_choice", lambda self, state, prompt, order, amount=None: "roll")
    with pytest.raises(KitFailure, match="standing order chose 'roll'"):
        random_playout(game, 2, 0)
