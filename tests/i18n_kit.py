"""The language kit: plays seeded games of a game and lists the English its texts would still
show in a language (issue 30).

Everything a player is shown comes from the game as :class:`~bot.engine.words.Text` or as a
plain string whose English is a catalog entry; :func:`bot.i18n.untranslated` says which parts
of one value have no translation. :func:`missing` collects, over seeded self-played games:

- every prompt's text, every action's label and group names, at every step;
- every event's text (the log, public and private lines);
- the refusal of a move that is not legal (a made-up key) at every step;
- the outcome's reason and each seat's score as ``format_score`` writes it;
- every string the public board, the table card and each seat's private picture measure or
  draw (recorded by the fonts, :func:`bot.i18n.recording_drawn`), every ``picture_every`` steps.

and returns the distinct untranslated strings with where they were seen first. A game's
language test asserts the list is empty for ``pl``, ``hu`` and ``de``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from bot.engine import Game, IllegalAction, get_game
from bot.games import load_all
from bot.i18n import recording_drawn, speaking, untranslated

load_all()

NAMES = ("ANA", "BO", "CY", "DEE", "ED", "FAY", "GUS", "HAL")
"""Players' names as the session layer adds them to views; capitals, so no name reads as an
English word to :func:`bot.i18n.has_words`."""


def _pictures(game: Game, state: dict[str, Any], players: int) -> list[str]:
    """Every string the game's pictures of ``state`` draw (public board, table card, private)."""
    from bot.render import board_image, card_image

    if not game.render_module:
        return []
    import importlib

    module = importlib.import_module(game.render_module)
    with recording_drawn() as drawn:
        public = dict(game.view(state, None), names=list(NAMES[:players]))
        board_image(game, public)
        card_image(game, public)
        draw_private = getattr(module, "private", None)
        if draw_private is not None:
            for seat in range(players):
                draw_private(dict(game.view(state, seat), names=list(NAMES[:players])))
    return drawn


def texts_of_game(game: Game, players: int, options: Mapping[str, str], seed: int,
                  picture_every: int = 25, max_steps: int | None = None) -> Iterable[tuple[str, Any]]:
    """(where, value) for every text one seeded self-played game shows (see the module doc)."""
    rng = random.Random(seed)
    state = game.setup(players, game.resolve_options(options), seed)
    limit = max_steps if max_steps is not None else game.max_actions(players)
    for step in range(limit):
        prompts = game.prompts(state)
        if step % picture_every == 0:
            for value in _pictures(game, state, players):
                yield f"picture at step {step}", value
        if not prompts:
            break
        for prompt in prompts:
            yield f"prompt at step {step}", prompt.text
            for action in prompt.actions:
                yield f"label of {action.key}", action.label
                for name in action.group:
                    yield f"group of {action.key}", name
        prompt = prompts[0]
        try:
            game.apply(state, prompt.seat, "no-such-move")
        except IllegalAction as refusal:
            yield f"refusal at step {step}", refusal.args[0] if refusal.args else ""
        key = game.agent(state, prompt.seat, rng)
        for event in game.apply(state, prompt.seat, key):
            yield f"event of {key}", event.text
    outcome = game.outcome(state)
    if outcome is not None:
        yield "outcome", outcome.reason
        for score in outcome.scores:
            yield "score", game.format_score(score)
    for value in _pictures(game, state, players):
        yield "final picture", value


def missing(slug: str, language: str, players: int, options: Mapping[str, str] | None = None,
            seeds: Iterable[int] = (1,), picture_every: int = 25, max_steps: int | None = None) -> dict[str, str]:
    """The untranslated strings of ``slug`` in ``language`` over seeded games: {english: where}."""
    game = get_game(slug)
    found: dict[str, str] = {}
    with speaking(language, slug):
        for seed in seeds:
            for where, value in texts_of_game(game, players, options or {}, seed, picture_every, max_steps):
                for english in untranslated(value, language, (slug,)):
                    found.setdefault(english, f"{where} (seed {seed})")
    return found
