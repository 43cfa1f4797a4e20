"""Bullfrog Goldfield: finance railroads and gold mines in 1900s Nevada."""

from bot.engine import register
from bot.games.bullfrog_goldfield.rules import BullfrogGoldfield

register(BullfrogGoldfield())
