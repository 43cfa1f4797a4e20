"""Which games the load test's heavy tables play (``python -m bot loadtest --mix --heavy-games``)."""

from __future__ import annotations

import pytest

from bot.engine import UnknownGame, all_games
from bot.games import load_all
from bot.loadtest import HEAVY, heavy_games


def test_the_heavy_tables_play_1856_and_puerto_rico_unless_told_otherwise() -> None:
    assert heavy_games(None) == HEAVY
    assert [slug for slug, _ in HEAVY] == ["1856", "puerto-rico"]


def test_all_is_every_game_and_a_game_with_live_play_is_played_by_turns() -> None:
    load_all()
    chosen = dict(heavy_games("all"))
    assert sorted(chosen) == sorted(game.slug for game in all_games())
    by_turns = {slug for slug, options in chosen.items() if options == {"mode": "turns"}}
    with_modes = {game.slug for game in all_games() if any(option.name == "mode" for option in game.options)}
    assert by_turns == with_modes and "chomp" in by_turns and "1856" not in by_turns


def test_named_games_are_played_in_the_order_given_and_an_unknown_one_is_refused() -> None:
    assert [slug for slug, _ in heavy_games("hisss, collide-o")] == ["hisss", "collide-o"]
    with pytest.raises(UnknownGame, match="no game called 'go'"):
        heavy_games("hisss,go")
