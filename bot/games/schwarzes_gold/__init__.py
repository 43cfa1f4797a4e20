"""Schwarzes Gold: roll for an area, strike oil, place rigs and trucks, then pump in snake order."""

from bot.engine import register
from bot.games.schwarzes_gold.rules import SchwarzesGold

register(SchwarzesGold())
