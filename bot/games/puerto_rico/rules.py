"""Puerto Rico for 3–5 players: the whole game as pure functions over a plain-data state.

How the state is laid out (all ints and lists, so copying and JSON are cheap and exact):

- ``seats[s]``: ``money``, ``vp`` (the secret VP chips), ``goods`` (5 barrel counts),
  ``island`` (tile per filled island space, 0..4 plantations and 5 quarry) with
  ``island_men`` (0/1 colonist on each), ``city`` (building ids in build order) with
  ``city_men`` (colonists on each), and ``san_juan`` (colonists waiting).
- the table: ``role_money``/``role_taker`` per role card in play, the colonist ``ship`` and
  ``supply``, ``vp_chips`` left, ``quarries``, ``face_up`` plantations, the hidden ``stack``
  and the ``discard`` counts, ``goods_supply``, the trading ``house``, the three cargo
  ships (``ship_caps``, ``ship_kind``, ``ship_load``) and the building ``market`` copies.
- the flow: ``phase`` (``role`` or the running role's name, ``over`` at the end), ``sub``
  (which small decision inside the phase), ``actor`` (the one seat that decides now),
  ``taker`` (who took the running role) and ``pos`` (how far round the table the phase is).
- ``last`` (absent before the first move): the last move's seat, key and public log lines,
  which the table card shows.

Every decision is one small prompt for one seat; automatic steps (production, handing out
colonists, refilling the ship and the plantations, storage without a choice) run inside
``perform`` until the next real decision. With the table option ``production=choose`` a
role's action is optional for goods too, as the rulebook has every role but the captain:
each seat that would produce may decline whole kinds (``decline:corn`` … ``produce``), and
at storage may throw whole kinds away (``discard:corn`` … ``done``) before the forced
storage; ``production=auto`` (the default) produces everything and asks nothing. ``apply`` is overridden to validate against the
legal keys without building labels, because random playouts must run at 100+ games/s.

The engine is in three modules: :mod:`.legal` asks (a player's board, each step's legal
keys), :mod:`.phases` changes (a role taken, its phase run to the next decision), and this
one ties them to the game contract (:class:`~bot.engine.Game`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.engine import Action, Event, Game, IllegalAction, Option, Outcome, Prompt, Rng, State, seed_value
from bot.engine.rng import shuffle_unseen

from . import lookahead
from .agent import role_worth
from .buildings import (
    BUILDINGS,
    GOODS_SUPPLY,
    PLANTATION_TILES,
    QUARRY_TILES,
    ROUND_LIMIT,
    SETUPS,
)
from .evaluation import evaluate
from .legal import (
    _OPTIONS,
    _PROMPT_TEXT,
    _SEAT,
    AUTO,
    CHOOSE,
    MAIN_KEYS,
    _board_group,
    build_cost,
    copy_state,
    empty_circles,
    final_outcome,
    legal_keys,
    production,
    score,
    score_breakdown,
)
from .messages import (
    T,
)
from .orders import PuertoRicoOrders
from .phases import (
    auto_place,
    perform,
)
from .views import explain, table_view

# =============================================================================================
# The game
# =============================================================================================


class PuertoRico(PuertoRicoOrders, Game):
    """Puerto Rico (Andreas Seyfarth): settle, build, produce, trade and ship for VP."""

    slug = "puerto-rico"
    title = T("Puerto Rico")
    min_players = 3
    max_players = 5
    summary = T("Choose roles to settle plantations, build a city, produce, trade and ship goods for VP.")
    rules_file = "puerto-rico.txt"
    render_module = "bot.games.puerto_rico.render"
    version = 1
    grouped = True
    options = (
        Option(
            "production",
            AUTO,
            (AUTO, CHOOSE),
            T("auto: everyone produces all they can; choose: players may decline kinds of goods when"
              " producing and throw goods away at storage (the rulebook's optional actions)"),
        ),
    )

    # -- setup ----------------------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        self.check_players(players)
        opts = self.resolve_options(options)
        rules = SETUPS[players]
        state: State = {"rng": seed_value(seed)}
        rng = Rng(state)
        stack = [kind for kind in range(5) for _ in range(PLANTATION_TILES[kind])]
        seats = []
        for seat in range(players):
            tile = rules.start_tiles[seat]
            stack.remove(tile)
            seats.append(
                {
                    "money": rules.doubloons,
                    "vp": 0,
                    "goods": [0, 0, 0, 0, 0],
                    "island": [tile],
                    "island_men": [0],
                    "city": [],
                    "city_men": [],
                    "san_juan": 0,
                }
            )
        rng.shuffle(stack)
        face_up = sorted(stack.pop() for _ in range(players + 1))
        state.update(
            {
                "n": players,
                "step": 0,
                "round": 1,
                "governor": 0,
                "phase": "role",
                "sub": "",
                "actor": 0,
                "taker": -1,
                "role": -1,
                "pos": 0,
                "picks": 0,
                "role_money": [0] * rules.roles,
                "role_taker": [-1] * rules.roles,
                "seats": seats,
                "supply": rules.colonist_supply,
                "ship": rules.colonist_ship,
                "vp_chips": rules.vp_chips,
                "quarries": QUARRY_TILES,
                "face_up": face_up,
                "stack": stack,
                "discard": [0, 0, 0, 0, 0],
                "goods_supply": list(GOODS_SUPPLY),
                "house": [],
                "ship_caps": list(rules.ships),
                "ship_kind": [-1] * len(rules.ships),
                "ship_load": [0] * len(rules.ships),
                "market": [b.copies for b in BUILDINGS],
                "end": [],
                # scratch of the running phase
                "hacienda_used": False,
                "reset_used": False,
                "produced": [],
                "captain_bonus": False,
                "wharf_used": [False] * players,
                "wharf_declined": [False] * players,
                "stored": [],
                "production": opts["production"],
                "declined": [],
                "discarded": False,
            }
        )
        return state

    def max_actions(self, players: int) -> int:
        """Rounds are capped; per round: role picks, ≤3 settler steps, ≤2 builder steps and
        1 trader step per seat, mayor steps bounded by twice the 100 colonists plus reset/done
        per seat, ≤1 craftsman choice, captain loads bounded by the 50 barrels plus a wharf
        refusal and ≤4 storage choices per seat."""
        per_round = players + 3 * players + (1 + 2 * 100 + 2 * players) + 2 * players + 1 + players
        per_round += 50 + players + 4 * players
        per_round += 2 * 6 * players  # production=choose: ≤5 declines + produce, ≤5 discards + done, per seat
        return ROUND_LIMIT * per_round

    # -- prompts and validation -------------------------------------------------------------

    def legal_prompts(self, state: State) -> list[Prompt]:
        if state["phase"] == "over":
            return []
        seat = state["actor"]
        sub = state["sub"]
        labels: list[str] = []
        keys = _OPTIONS[sub](state, seat, labels)
        p = state["seats"][seat]
        text = _PROMPT_TEXT[sub](
            seat=_SEAT[seat],
            round=state["round"],
            waiting=p["san_juan"],
            empty=empty_circles(p) if sub == "place" else 0,
            money=p["money"],
            house=len(state["house"]),
        )
        actions = tuple(
            Action(key, label, group=_board_group(key), main=key in MAIN_KEYS)
            for key, label in zip(keys, labels, strict=True)
        )
        return [Prompt(seat=seat, text=text, actions=actions)]

    def apply(self, state: State, seat: int, key: str, at: int | None = None) -> list[Event]:
        """Validate against the legal keys (no labels built), then perform."""
        if at is not None:
            raise IllegalAction(T("Puerto Rico is not played against the clock: a move has no time."))
        if state["phase"] == "over":
            raise IllegalAction(T("The game is over."))
        actor = state["actor"]
        if seat != actor:
            raise IllegalAction(T("It is not your turn: waiting for seat {number}.", number=actor + 1))
        if key not in _OPTIONS[state["sub"]](state, seat, None):
            raise IllegalAction(self.explain_refusal(state, seat, key))
        return self.perform(state, seat, key)

    # -- performing -------------------------------------------------------------------------

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        """Carry out a legal key, then run every automatic step up to the next decision."""
        return perform(state, seat, key)

    # -- information ------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return table_view(state, seat)

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """Redraw what ``viewer`` cannot see: other seats' VP chips (their sum is public,
        because the chip supply is), the order of the face-down plantation stack, the RNG."""
        hidden = copy_state(state)
        hidden["rng"] = rng.getrandbits(63)
        shuffle_unseen(hidden["stack"], rng)
        if state["phase"] == "over":
            return hidden  # everything is scored in the open at the end
        others = [s for s in range(state["n"]) if s != viewer]
        total = sum(hidden["seats"][s]["vp"] for s in others)
        cuts = sorted(rng.randint(0, total) for _ in range(len(others) - 1))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        for s, part in zip(others, parts, strict=True):
            hidden["seats"][s]["vp"] = part
        return hidden

    def outcome(self, state: State) -> Outcome | None:
        return final_outcome(state)

    rollout_steps = 24
    """A hard bot's rollouts stop after this many moves, about a round at 4 players and two
    at 3 (a 3-player game is ~200 moves over ~15 rounds), and :meth:`evaluate` scores the
    position. A cut of 12 moves ended most rollouts in the middle of a round, before the
    other seats had answered the role the search chose, and hard won 29.7% of 32 games at 4
    players; with 24 it won 82.8% of the same 32 (data/puerto-rico/README.md, "Hard")."""

    rollout_noise = 0.0
    """The rollouts play the heuristic for every seat without random moves: the plantation
    draws and the redrawn VP chips already vary them, and a search that models the other
    seats exactly plays better against them (data/puerto-rico/README.md, "Hard")."""

    def evaluate(self, state: State) -> list[float]:
        """Each seat's estimated chance to win (see :mod:`.evaluation`), for the hard bot's
        rollouts cut after :attr:`rollout_steps` moves and its lookahead at the roles."""
        return evaluate(state)

    def looks_ahead(self, state: State, seat: int) -> bool:
        """A hard bot chooses its role by the engine's lookahead: each role played on for
        :attr:`horizon_depth` rounds by the normal bot for every seat, scored by
        :meth:`evaluate` plus :meth:`lookahead_prior`. Little is left to chance in three
        rounds (the plantations drawn, and the redrawn VP chips, which only the scores
        read). The paired search, whose rollouts run the normal bot's look-ahead at every
        role, got 4-6 samples a role choice and mostly kept the normal bot's role; the
        lookahead (p95 104 ms at 3 players, 258 ms at 4) won 63.3% of 300 games against two
        normal bots at 3 players and 63.8% against three at 4 (data/puerto-rico/README.md,
        "Stop 58")."""
        return state["actor"] == seat and bool(lookahead.role_choice(state))

    def lookahead_position(self, state: State, seat: int, rng: random.Random) -> State:
        """The normal bot's public copy (:func:`.lookahead.public_copy`): the face-down stack
        in one order, the other seats' VP chips split evenly (the lookahead's score reads
        them, and a random split misled it: 48.3% of 300 games against normal, 62.7% with
        the even split)."""
        return lookahead.public_copy(state, seat)

    def horizon(self, state: State) -> int:
        """The round's number: a role is played on to the start of the round
        :attr:`horizon_depth` rounds on."""
        return state["round"]

    horizon_depth = 3
    """Three rounds (to the start of the third round after this one): against two normal
    bots at 3 players, one round won 37.8% of 300 games, two 51.8%, three 62.7%."""

    def lookahead_prior(self, state: State, seat: int, key: str) -> float:
        """A twentieth of the heuristic's worth of the role, as the normal bot adds it
        (:data:`.lookahead.HEURISTIC_WEIGHT`): what the evaluation sees only through
        production (a plantation not yet manned, a colonist on the way)."""
        return lookahead.HEURISTIC_WEIGHT * role_worth(state, seat, key) if key.startswith("role:") else 0.0

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        if state["phase"] == "over" or state["actor"] != seat:
            raise IllegalAction(T("This seat has nothing to decide now."))
        return lookahead.choose(state, seat, rng)

    # -- refusals ---------------------------------------------------------------------------

    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        return explain(state, seat, key)


__all__ = [
    "PuertoRico",
    "auto_place",
    "build_cost",
    "legal_keys",
    "production",
    "score",
    "score_breakdown",
]
