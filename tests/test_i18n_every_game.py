"""Every game in Polish, Hungarian and German through the session layer (issue 30).

The per-game language tests (tests/games/test_*_languages.py) play whole seeded games through
the game's own functions and read back every picture's words; this plays the start of a seeded
table of every game through :class:`~bot.tables.Tables` — lobby, start, moves, refusals, the
private view, the history — as a Polish, Hungarian or German table, and checks every message
the bot and the game made on the way against the catalogs: each must have its translation.
(Plain strings — names from the data files — are the per-game tests' part: they read every
string each picture draws and every text a game returns.)
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest

from bot.engine import all_games
from bot.engine.words import Text
from bot.games import load_all
from bot.i18n import TRANSLATED, untranslated
from bot.table_errors import IllegalMove, NotYourTurn
from bot.tables import Tables
from tests.conftest import ANA, BO, CY

load_all()
GAMES = sorted(g.slug for g in all_games() if type(g).__module__.startswith("bot.games."))
MOVES = 25
"""Moves per table: the lobby, the first rounds and a refusal at each step; whole games are the
per-game tests' (and the kit's) part."""
CHANNEL = 47


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("slug", GAMES)
async def test_a_table_of_every_game_speaks_its_language(tables: Tables, made_texts: list[Text], slug: str,
                                                         language: str) -> None:
    game = next(g for g in all_games() if g.slug == slug)
    players = [replace(user, language=language) for user in (ANA, BO, CY)][:max(2, game.min_players)]
    lobby = await tables.create(guild_id=1, channel_id=CHANNEL, host=players[0], slug=slug, language=language)
    for user in players[1:]:
        await tables.join(channel_id=CHANNEL, user=user)
    reply = await tables.start(channel_id=CHANNEL, user=players[0])
    by_id = {user.id: user for user in players}
    for _ in range(MOVES):
        live = await tables.load(lobby.table_id)
        turns = [turn for turn in tables.turns(live) if turn.user_id in by_id]
        if reply.status != "playing" or not turns:
            break
        turn = turns[0]
        mover = by_id[turn.user_id]
        with contextlib.suppress(NotYourTurn, IllegalMove):  # a refusal, said in the user's language
            await tables.act(user=mover, move="no-such-move", channel_id=CHANNEL)
        await tables.private_view(channel_id=CHANNEL, user=mover)
        reply = await tables.act(user=mover, move=turn.actions[0].key, channel_id=CHANNEL)
    await tables.status(channel_id=CHANNEL)
    await tables.history(channel_id=CHANNEL)

    # Each message made must be in its catalog; its params are names, numbers, codes, words
    # already said, or messages of their own (each made, so each checked here too).
    missing = sorted({f"{text.domain}: {text.template}" for text in made_texts
                      if f"{text.domain}: {text.template}" in untranslated(text, language, (slug,))})
    assert len(made_texts) > 30
    assert missing == [], f"{slug} in {language}: {missing[:10]}"
