"""Chomp!: slap the lowest creature on the food chain first (2 players: Underwater War)."""

from bot.engine import register
from bot.games.chomp.rules import Chomp

register(Chomp())
