"""A heuristic HISSS player for bot seats (the normal level).

Which card comes off the face-down fan is luck; the decision is where a drawn card goes when
it fits several ways. A person weighs two things, and so does :func:`choose`:

1. **what it wins now**: completing a snake or joining two wins their cards;
2. **what it gives away**: after the card is laid, the next player draws one of the cards
   still in the fan. :func:`gift` is the number of cards they could then win, averaged over
   the fan's cards — which cards are still in the fan is public (every card out of it is on
   the table), only their order is hidden, so this reads no secret.

It plays the placement with the most ``won - gift``.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from bot.engine import IllegalAction
from bot.games.hisss.rules import DECK, choices, pit_cards

if TYPE_CHECKING:
    from bot.games.hisss.rules import Hisss

State = dict[str, Any]


def gift(snakes: list[dict[str, Any]], fan: list[int]) -> float:
    """How many cards the next drawer may expect to win from ``snakes`` with one card of ``fan``."""
    if not fan:
        return 0.0
    total = 0
    for card_id in set(fan):
        wins = [len(c.pieces) for c in choices(snakes, DECK[card_id]) if c.wins]
        total += max(wins, default=0) * fan.count(card_id)
    return total / len(fan)


def choose(game: Hisss, state: State, seat: int, rng: random.Random) -> str:
    """The key the bot plays for ``seat``: any draw (the fan is face down), else the best placement."""
    prompt = next((p for p in game.prompts(state) if p.seat == seat), None)
    if prompt is None:
        raise IllegalAction("This seat has nothing to decide now.")
    if state["pending"] is None:
        return prompt.actions[0].key  # every position of a shuffled face-down fan is alike
    before = pit_cards(state["pits"][seat])
    fan = sorted(state["fan"])  # which cards remain is public; their order is not used

    def value(key: str) -> float:
        after = json.loads(json.dumps(state))
        game.apply(after, seat, key)
        return pit_cards(after["pits"][seat]) - before - gift(after["snakes"], fan)

    scored = [(value(action.key), action.key) for action in prompt.actions]
    top = max(score for score, _ in scored)
    return rng.choice([key for score, key in scored if score >= top - 1e-9])
