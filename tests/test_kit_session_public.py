"""The session layer's public outputs never depend on hidden information — for every game.

The engine kit checks views and prompts; this extends it one layer up, to what the session
layer tells everyone: the reply text under a board (whose turn, what they decide), who is
pinged or sent a DM, whether the board is a live race and when it expires, the public
buttons, the "It is not your turn: waiting for …" refusal, and the ``/game list`` and
``/game mine`` lines. For every registered game, player count and mode, positions of random
games are taken, the hidden information is redrawn (``Game.conceal`` for a spectator), and
every one of those outputs must read the same. A game that prompts only the players holding
a fitting card fails here: the ping alone would tell the table who holds one.
"""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest

from bot.engine import Game, all_games
from bot.engine.testkit import modes, player_counts, random_walk
from bot.store import SeatRow, TableRow
from bot.tables import LiveTable, Tables

SEEDS = int(os.environ.get("PUBLIC_SEEDS", "3"))
"""Random games per case; ``make soak`` may raise it."""
FIRST_SEED = int(os.environ.get("PUBLIC_FIRST_SEED", "0"))
"""The first game's seed: ``PUBLIC_FIRST_SEED=9000`` plays deals no test was tuned on."""
T0 = 1_700_000_000.0


CASES = [(game.slug, players, mode) for game in all_games() for players in player_counts(game) for mode in modes(game)]


def _live(game: Game, state: dict[str, Any], players: int) -> LiveTable:
    row = TableRow(
        id=1, guild_id=1, channel_id=1, slug=game.slug, options={}, seed=0, status="playing", host_id=500,
        engine_version=game.version, position=7, revision=7, created_at=T0, updated_at=T0, clock_origin=T0,
    )
    seats = [SeatRow(table_id=1, user_id=500 + i, name=f"Player{i + 1}", joined_at=T0, seat=i, is_bot=False)
             for i in range(players)]
    return LiveTable(row=row, game=game, seats=seats, state_json=json.dumps(state), state=state)


async def public_outputs(tables: Tables, live: LiveTable) -> dict[str, Any]:
    """Everything the session layer shows to more than one person about this position."""
    reply = await tables.play_reply(live, events=[])
    summary = tables.summary(live)
    return {
        "text": reply.text,
        "mentions": reply.mentions,
        "direct": reply.direct,
        "timed": reply.timed,
        "deadline_at": reply.deadline_at,
        "turns": [
            (t.seat, t.user_id, t.simultaneous, t.private) + (() if t.private else (t.text, t.actions))
            for t in reply.turns
        ],
        "refusal": tables.not_your_turn(live),
        "list": (summary.waiting_for, summary.waiting_user_ids, summary.status),
    }


@pytest.mark.parametrize(
    ("slug", "players", "mode"), CASES, ids=[f"{slug}-{n}p" + (f"-{m}" if m else "") for slug, n, m in CASES]
)
async def test_public_outputs_read_the_same_whoever_holds_what(
    tables: Tables, slug: str, players: int, mode: str | None
) -> None:
    game = next(game for game in all_games() if game.slug == slug)
    checked = 0
    for seed in range(FIRST_SEED, FIRST_SEED + SEEDS):
        chooser = random.Random(seed)
        for step, state in enumerate(random_walk(game, players, seed, {"mode": mode} if mode else None)):
            if step > 40 and chooser.random() > 0.2:
                continue  # every early position, then a sample: long games stay cheap
            live = _live(game, copy.deepcopy(state), players)
            hidden = game.conceal(state, None, random.Random(chooser.getrandbits(32)))
            redrawn = _live(game, hidden, players)
            seen, other = await public_outputs(tables, live), await public_outputs(tables, redrawn)
            assert other == seen, f"{slug} {players}p {mode} seed {seed} step {step}: public output depends on hidden cards"
            checked += 1
    assert checked >= SEEDS
