"""Killer Bunnies: keep a bunny alive, kill the others', collect carrots; one of them is magic."""

from bot.engine import register
from bot.games.killer_bunnies.rules import KillerBunnies

register(KillerBunnies())
