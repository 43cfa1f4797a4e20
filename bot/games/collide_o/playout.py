"""Fast turns-mode play-outs for the hard level's search.

The rules' own ``apply`` builds prompts, log lines (``Text`` objects nobody in a rollout
reads) and a placement string for every move, and the stuck rule rebuilds the whole visible
line: 0.95 ms for a rollout's 12 moves. Here the same moves are played on bare lists, in
0.13 ms: the hands and piles, the four end sections, a stack of the ends each card covered
(so taking it off again restores them without rebuilding the line), the turn and the passes.
With it (and the search's running sums) a two-player decision gets about five times the
samples for the hard level's 0.8 s; what that did and did not change is in
data/collide-o/README.md (stop 53).

It plays exactly what the search's rollouts played through the rules: the seat to move
plays :func:`.agent.rollout_choice` among the plays that fit, or, one move in
:data:`NOISE`, any action its prompt offers (a fitting play, or a pass on a line that is not
bare); a seat with nothing that fits passes on its own, and a full round of passes takes the
last card off. After :data:`STEPS` moves (the passes made on their own do not count) the
race is scored by :func:`.agent.race_chances`; a game won on the way is scored as the search
scores an outcome.

The search reaches this module only through :meth:`CollideO.evaluate`, which it calls on
states drawn by ``conceal``: every hand and pile in them is one redrawing of what the seat
could not see, so playing them out reads nothing hidden.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine.search import score_rewards
from bot.games.collide_o.agent import card_bits, fit_bits, race_chances, rollout_choice
from bot.games.collide_o.rules import Ref, ends_of, fitting, lay_ends, visible_of

State = dict[str, Any]

STEPS = 12
"""Moves a play-out makes before the race is scored (the rules' rollouts cut at 12 too)."""
NOISE = 0.1
"""The share of moves that are any action the prompt offers (the engine's default rollout noise)."""


def play_out(state: State, rng: random.Random, steps: int = STEPS, noise: float = NOISE) -> list[float]:
    """Each seat's reward after playing a turns-mode ``state`` on for ``steps`` moves, a share
    ``noise`` of them at random (``state`` is not changed)."""
    players: int = state["players"]
    if state["winner"] is not None:
        return _won(state["dealt"], state["hands"], state["piles"])
    hands: list[list[int]] = [list(hand) for hand in state["hands"]]
    piles: list[list[int]] = [list(pile) for pile in state["piles"]]
    dealt: int = state["dealt"]
    ends: list[Ref] = state["ends"]
    line: list[str] = list(state["line"])
    laid = 0  # cards laid by this play-out still on the line: ``covered`` holds the ends each one covered
    covered: list[list[Ref]] = []
    turn: int = state["turn"]
    passes: int = state["passes"]
    for _ in range(steps):
        hand = hands[turn]
        plays = fitting(hand, ends)
        if noise and rng.random() < noise:
            count = len(plays) + (len(line) > 1)  # and a pass, unless the line is bare
            pick = rng.randrange(count)
            play = plays[pick] if pick < len(plays) else None
        else:
            play = rollout_choice(state_view(hands, ends, players), turn, plays, rng) if plays else None
        if play is None:
            passes += 1
        else:
            card, side, turned = play
            covered.append(ends)
            laid += 1
            line.append("")  # a card of this play-out: its ends come back from ``covered``
            ends = lay_ends(ends, card, side, turned)
            pile = piles[turn]
            slot = hand.index(card)
            if pile:
                hand[slot] = pile.pop()
            else:
                hand.pop(slot)
            if len(hand) + len(pile) == 1:
                return _won(dealt, hands, piles)
            passes = 0
        turn = (turn + 1) % players
        while True:  # the seats with nothing that fits pass; a full round of passes takes a card off
            if passes >= players:
                line.pop()
                if laid:
                    laid -= 1
                    ends = covered.pop()
                else:
                    ends = ends_of(visible_of(line))
                passes = 0
            elif not card_bits(hands[turn]) & fit_bits(ends):
                passes += 1
                turn = (turn + 1) % players
            else:
                break
    return race_chances([len(hands[s]) + len(piles[s]) - 1 for s in range(players)], turn)


def state_view(hands: list[list[int]], ends: list[Ref], players: int) -> State:
    """The little of a state :func:`.agent.rollout_choice` reads."""
    return {"hands": hands, "ends": ends, "players": players}


def _won(dealt: int, hands: list[list[int]], piles: list[list[int]]) -> list[float]:
    """The rewards of a finished game: each seat scores the cards it got rid of, as the rules' outcome."""
    return score_rewards([dealt - len(hand) - len(pile) for hand, pile in zip(hands, piles, strict=True)])
