"""Collide-o: race to shed your cards onto the ends of a line of overlapping colour cards."""

from bot.engine import register
from bot.games.collide_o.rules import CollideO

register(CollideO())
