"""Finders Keepers: turn over a picture tile and find that object on your cards (basic and Expert)."""

from bot.engine import register
from bot.games.finders_keepers.rules import FindersKeepers

register(FindersKeepers())
