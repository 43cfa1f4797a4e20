"""Puerto Rico (3–5 players): roles, plantations, buildings, trade and shipping."""

from bot.engine import register

from .rules import PuertoRico

register(PuertoRico())
