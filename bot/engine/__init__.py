"""The game-agnostic kernel: the contract, seeded randomness and the registry.

Only the standard library is imported here; see ``contract.py`` for how a game is written.
"""

from bot.engine.amounts import (
    BIG_CHOICE,
    AmountChoice,
    Written,
    amount_choices,
    dollars_text,
    parse_amount,
    split_amount,
)
from bot.engine.contract import (
    EXPIRE,
    MAX_KEY_LENGTH,
    SYSTEM_SEAT,
    Action,
    BadOptions,
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    Prompt,
    StandingOrder,
    State,
    clone_state,
    fill_seat_refs,
    seat_ref,
)
from bot.engine.registry import UnknownGame, all_games, get_game, register
from bot.engine.rng import Rng, seed_value

__all__ = [
    "BIG_CHOICE",
    "EXPIRE",
    "MAX_KEY_LENGTH",
    "SYSTEM_SEAT",
    "Action",
    "AmountChoice",
    "BadOptions",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "Outcome",
    "Prompt",
    "Rng",
    "StandingOrder",
    "State",
    "UnknownGame",
    "Written",
    "all_games",
    "amount_choices",
    "clone_state",
    "dollars_text",
    "fill_seat_refs",
    "get_game",
    "parse_amount",
    "register",
    "seat_ref",
    "seed_value",
    "split_amount",
]
