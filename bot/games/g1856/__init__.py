"""1856: Railroading in Upper Canada — shares, loans, escrow and the CGR on the 1856 map."""

from bot.engine import register
from bot.games.g1856.rules import G1856

register(G1856())
