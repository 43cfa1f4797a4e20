"""The Construction Game (2–6 players): roll round the contractor's year, take jobs, reach $1.5M."""

from bot.engine import register

from .rules import ConstructionGame

register(ConstructionGame())
