"""Games by slug. A game package registers itself on import (see ``bot.games.load_all``)."""

from __future__ import annotations

from bot.engine.contract import Game

_GAMES: dict[str, Game] = {}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def register(game: Game) -> Game:
    existing = _GAMES.get(game.slug)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"two games claim the slug {game.slug!r}")
    _GAMES[game.slug] = game
    return game


def get_game(slug: str) -> Game:
    try:
        return _GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"There is no game called {slug!r}. Games: {known}.") from None


def all_games() -> list[Game]:
    return [_GAMES[slug] for slug in sorted(_GAMES)]
