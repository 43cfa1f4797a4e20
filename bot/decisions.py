"""``python -m bot decisions SLUG|all``: how many prompts a play-by-post player really answers.

In play-by-post a game lasts as many round trips as it has human decisions (issue 25). This
self-plays seeded games with every seat played by the game's own bot agent, as if each were a
person, and counts per game:

- **today**: every prompt a seat answers, forced or not (how play-by-post went before forced
  moves and orders), with the game's length options as they were (:data:`OLD_DEFAULTS`);
- **defaults**: the same count with today's default options (shorter play-by-post lengths);
- **forced**: the prompts left once forced moves play themselves (:meth:`Game.forced`);
- **orders**: the prompts left when every player also sets the game's recommended standing
  orders (:meth:`Game.recommended_orders`), answered by :func:`bot.engine.orders.answer`
  exactly as the session layer answers them.

The columns compare the same games. The agent is asked at every prompt, whoever answers it
(:func:`play`), so the seeded random draws do not drift apart when a forced move or an order
answers instead: where the orders choose what the agent would have chosen, a game with orders
is move for move the game without them, and only the counts differ. (Separately played games
would mostly measure how much game lengths vary: a 4-player game of Chomp by turns asks 283
prompts on average with a standard deviation near 150.) Where an order chooses otherwise (the
``agree`` column below 100%), the game goes on differently from there, as it would at a table
that set it. Only *today* of a game whose length option changed is a different game.

The last column is the reduction from *today* to *orders*. Forced moves play the only legal
action; an order plays one of the prompt's legal actions, from what its player can see (the
kit checks both), so a game played with orders is a game its players could have played by
hand: :func:`play` returns the log, and the tests replay it key by key through ``apply``. The
``agree`` column says how often the bot agent, asked at a prompt an order answered, would have
chosen the same key: where it is 100%, the orders change nothing about how games end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.engine import SYSTEM_SEAT, Game, Prompt, State, all_games, get_game
from bot.engine.orders import OrderSetting, answer
from bot.games import load_all

OLD_DEFAULTS: dict[str, dict[str, str]] = {"silver-lake": {"laps": "5"}}
"""Length options whose default changed for play-by-post (issue 25): "today" is measured with
the old value so the table shows what the change saves."""

def play_by_post_options(game: Game) -> dict[str, str]:
    """``mode=turns`` for a game that can be played by turns or live: the benchmark is about
    play-by-post (live play has no round trips to save, and forces nothing)."""
    mode = next((option for option in game.options if option.name == "mode"), None)
    return {"mode": "turns"} if mode is not None and "turns" in mode.choices else {}


FORCED = "forced"
ORDER = "order"
HUMAN = "human"
SYSTEM = "system"
"""A deadline resolved by the clock (timed play): nobody's decision, in no column."""


@dataclass
class Played:
    """One self-played game: its log (seat, key, who chose: human/forced/order) and final state."""

    options: dict[str, str]
    seed: int
    log: list[tuple[int, str, str]] = field(default_factory=list)
    state: State = field(default_factory=dict)
    agreed: int = 0
    """Order answers the bot agent would have chosen too."""

    def count(self, how: str) -> int:
        return sum(1 for _, _, who in self.log if who == how)

    @property
    def answered(self) -> int:
        """Every prompt a seat answered, whoever chose (the system's deadlines excluded)."""
        return sum(1 for _, _, who in self.log if who != SYSTEM)


def recommended(game: Game) -> list[OrderSetting]:
    """The game's recommended orders as a player sets them (no amount; scope taken later)."""
    return [OrderSetting(key) for key in game.recommended_orders()]


def play(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, str] | None = None,
    *,
    use_forced: bool = True,
    orders: Sequence[OrderSetting] = (),
) -> Played:
    """Self-play one game with the game's agent at every seat, ``orders`` set for every seat.

    At each step a waiting seat is chosen (at random among simultaneous ones) and decides with
    the agent, as a person would; then, as in the session layer, a forced prompt plays its one
    action and a prompt an order answers plays the order's key instead, and only the rest count
    as the person's. The agent is asked at every prompt, answered by whoever, so the game's
    random draws are the same with and without orders: where the orders choose what the agent
    would have, a game with orders is move for move the game without them, and the columns of
    :func:`measure` compare the same games. Orders with a scope are set at the start (their
    scope read then) and lapse as :func:`bot.engine.orders.lapsed` says.
    """
    resolved = game.resolve_options(dict(options or {}))
    state = game.setup(players, resolved, seed)
    rng = random.Random(seed)
    settings = [OrderSetting(o.key, o.amount, game.order_scope(state, o.key)) for o in orders]
    played = Played(options=resolved, seed=seed)
    now = 0
    for _ in range(game.max_actions(players)):
        prompts = game.prompts(state)
        if not prompts:
            break
        at: int | None = None
        if game.is_timed(state):
            now += 500
            at = now
            due = game.deadline(state)
            if due is not None and now >= due:
                game.apply(state, SYSTEM_SEAT, "expire", due)
                played.log.append((SYSTEM_SEAT, "expire", SYSTEM))
                now = due
                continue
        seat, key, how = _next_move(game, state, prompts, rng, use_forced, settings, played)
        if at is None:
            game.apply(state, seat, key)
        else:
            game.apply(state, seat, key, at)
        played.log.append((seat, key, how))
    played.state = state
    return played


def _next_move(
    game: Game, state: State, prompts: list[Prompt], rng: random.Random, use_forced: bool,
    settings: Sequence[OrderSetting], played: Played,
) -> tuple[int, str, str]:
    """(seat, key, who chose) of the next move: the person's choice, unless the prompt is
    forced or one of the seat's orders answers it (then the agent's choice only counts
    towards ``agreed``)."""
    prompt = rng.choice(prompts)
    chosen = game.agent(state, prompt.seat, rng)
    if use_forced and game.forced(state, prompt):
        return prompt.seat, prompt.actions[0].key, FORCED
    found = answer(game, state, prompt, settings) if settings else None
    if found is not None:
        played.agreed += chosen == found[0]
        return prompt.seat, found[0], ORDER
    return prompt.seat, chosen, HUMAN


@dataclass
class Row:
    """One game's averages over the benchmark's games."""

    slug: str
    players: int
    games: int
    today: float
    defaults: float
    forced: float
    orders: float
    agree: float | None

    @property
    def reduction(self) -> float:
        return 100 * (1 - self.orders / self.today) if self.today else 0.0


def measure(game: Game, players: int, games: int, seed: int = 1) -> Row:
    """Average decisions per game over ``games`` seeded games: the same seeds, and (where the
    orders choose what the agent would) the same games in every column but *today* of a game
    whose length options changed."""
    options = play_by_post_options(game)
    old = {**options, **OLD_DEFAULTS[game.slug]} if game.slug in OLD_DEFAULTS else None
    today = defaults = forced = orders = 0
    answered = agreed = 0
    settings = recommended(game)
    for number in range(games):
        s = seed + number
        plain = play(game, players, s, options)
        played = play(game, players, s, options, orders=settings) if settings else plain
        before = play(game, players, s, old, use_forced=False) if old else None
        today += (before or plain).answered
        defaults += plain.answered
        forced += plain.count(HUMAN)
        orders += played.count(HUMAN)
        answered += played.count(ORDER)
        agreed += played.agreed
    return Row(game.slug, players, games, today / games, defaults / games, forced / games, orders / games,
               100 * agreed / answered if answered else None)


def run(slugs: Sequence[str], games: int, players: int | None) -> int:
    load_all()
    chosen = [get_game(slug) for slug in slugs] if slugs and slugs != ["all"] else [
        g for g in all_games() if type(g).__module__.startswith("bot.games.")]
    print(f"Human decisions per game (mean of {games} seeded games; every seat answered by the game's agent;"
          " mode=turns where a game has it; the same games in every column)")
    print(f"{'game':<20} {'players':>7} {'today':>8} {'defaults':>9} {'forced':>8} {'orders':>8} "
          f"{'fewer':>6} {'agree':>6}  recommended orders")
    for game in sorted(chosen, key=lambda g: g.slug):
        count = max(game.min_players, min(players or 4, game.max_players))
        row = measure(game, count, games)
        agree = "-" if row.agree is None else f"{row.agree:.0f}%"
        print(f"{row.slug:<20} {row.players:>7} {row.today:>8.1f} {row.defaults:>9.1f} {row.forced:>8.1f} "
              f"{row.orders:>8.1f} {row.reduction:>5.0f}% {agree:>6}  {', '.join(game.recommended_orders()) or '-'}")
    return 0
