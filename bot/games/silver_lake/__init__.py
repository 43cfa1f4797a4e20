"""Treasure of Silver Lake (2–6 players): travel the Wild West loop, buy permits, find the gold."""

from bot.engine import register

from .rules import SilverLake

register(SilverLake())
