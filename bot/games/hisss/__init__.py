"""HISSS: build colourful snakes from a face-down fan and win the ones you finish."""

from bot.engine import register
from bot.games.hisss.rules import Hisss

register(Hisss())
