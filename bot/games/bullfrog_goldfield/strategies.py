"""Simple rule-based Bullfrog Goldfield players, the opponents the bot is measured against.

Each strategy is a few lines written from the rulebook, not a search: it answers one prompt
from what its seat can see (company values, charters, shares, its own cash; never the dig
tiles, and never another player's cash at a ``cash=hidden`` table).

* ``top_price``: open mines at the top price it can pay, buy the dearest share on offer,
  always pay dividends, never lay track. The strategy from issue 26 that beat the old bot.
* ``greedy``: the action that most raises its visible net worth at once (a share's +5, a
  charter at the top price, a haul on its own mine), and pays dividends only when its own
  cut is worth more than the 5 points the company would lose on the track.
* ``railroader``: buys railroad charters and lays track towards mines before anything else,
  then plays like ``top_price``.
* ``magnate``: ``top_price`` that takes the Magnate's $5,000 whenever it is offered (the
  first card otherwise), as the normal bot does: a red-team opponent that takes away the
  bot's surest edge over ``top_price``.

Six more from red-team pass 3 (issue 26), each ``magnate``'s rule with one plan of its own:

* ``cheap_spread``: opens every mine it can at the lowest price ($10,000: more mines for the
  money), then buys its own mines' shares; the one that found the bot's weakness (it opened
  its mines at the top price; see the data README).
* ``prudent``: buys the share that earns most over its life (value times dig tiles left),
  never one of a mine about to close; hauls on its own mine with the most tiles.
* ``charter_taker``: buys shares of the companies another player holds the charter of, first where
  it already holds one (a second certificate takes the charter).
* ``tycoon``: buys the bank's shares of its own companies first, to hold all three
  certificates and take every dividend.
* ``dumper``: auctions its shares of a mine with one dig tile left (the mine closes and its
  stock counts nothing) for the cash.
* ``starver``: as a charter's holder withholds dividends while another player holds a share
  (their shares earn nothing; the cash piles up in the company), paying out on the mine's
  last tile or once the end is triggered.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, IllegalAction, State

from .rules import (
    MINES,
    RAILROADS,
    certificates,
    holders,
    is_rr,
    lay_targets,
    limit_of,
    mine_area,
    track_cost,
)

Strategy = Callable[[Game, State, int, random.Random], str]


def _keys(game: Game, state: State, seat: int) -> list[str]:
    prompt = next((p for p in game.prompts(state) if p.seat == seat), None)
    if prompt is None:
        raise IllegalAction("This seat has nothing to decide now.")
    return prompt.keys()


def _common(state: State, keys: list[str]) -> str | None:
    """The answers every strategy here gives alike: the first character card (acting early),
    bonds paid off when possible, no bids, the top charter price, paying for buildings
    oneself, and ending a track action once something is laid."""
    phase = state["phase"]
    if phase == "select":
        return keys[0]
    if phase == "payoff":
        return next((k for k in keys if k.startswith("repay:")), "done")
    if state["phase"] == "act" and state["auction"] is not None:
        return "pass"
    sub = state["sub"]
    if phase == "act" and sub is not None:
        if sub["kind"] == "charter":
            return max((k for k in keys if k.startswith("price:")), key=lambda k: int(k[6:]))
        if sub["kind"] == "build":
            return next((k for k in keys if k.startswith("pay:")), "cancel")
        return None  # laying track: up to the strategy
    return None


def _haul(state: State, seat: int, keys: list[str], *, longest_first: bool = False) -> str:
    """Haul ore on the dearest own mine still below its limit (with ``longest_first``, the one
    with the most dig tiles left, then the dearest), else for the cash alone."""
    own = [k for k in keys if k.startswith("haul:") and k != "haul:none"
           and certificates(state, seat, k[5:]) and state["cos"][k[5:]]["value"] < (limit_of(state, k[5:]) or 999)]

    def rank(key: str) -> tuple[int, int]:
        tiles = len(state["cos"][key[5:]]["tiles"]) if longest_first else 0
        return tiles, state["cos"][key[5:]]["value"]

    return max(own, key=rank) if own else "haul:none"


def top_price(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = _keys(game, state, seat)
    common = _common(state, keys)
    if common is not None:
        return common
    if state["phase"] == "dividend":
        return next(k for k in keys if k.startswith("dividend:"))
    if state["sub"] is not None:
        return "cancel"
    mines = [k for k in keys if k.startswith("charter:") and not is_rr(k[8:])]
    if mines:
        return mines[0]
    shares = [k for k in keys if k.startswith("buy:")]
    if shares:
        return max(shares, key=lambda k: state["cos"][k[4:]]["value"])
    return _haul(state, seat, keys)


def magnate(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """``top_price``, but the Magnate's $5,000 whenever it is still on offer."""
    keys = _keys(game, state, seat)
    if state["phase"] == "select" and "char:magnate" in keys:
        return "char:magnate"
    return top_price(game, state, seat, rng)


def greedy(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = _keys(game, state, seat)
    common = _common(state, keys)
    if common is not None:
        return common
    if state["phase"] == "dividend":
        cid = state["queue"][0][1]
        co = state["cos"][cid]
        mine = certificates(state, seat, cid)
        cut = co["cash"] if mine == 3 else co["cash"] // 3 * mine
        return f"dividend:{cid}" if cut >= 10 * mine else f"withhold:{cid}"
    if state["sub"] is not None:
        return "cancel"
    cash = state["cash"][seat]
    gains: dict[str, float] = {"haul:none": 2}
    for key in keys:
        verb, _, cid = key.partition(":")
        if verb == "charter":
            # A charter turns cash into stock of equal value; the company then earns it again.
            gains[key] = min(limit_of(state, cid) or cash, cash) * (0.5 if is_rr(cid) else 1)
        elif verb == "buy":
            co = state["cos"][cid]
            room = (limit_of(state, cid) or 999) - co["value"]
            gains[key] = min(5, room) * (certificates(state, seat, cid) + 1)
        elif verb == "haul" and cid in MINES and certificates(state, seat, cid):
            co = state["cos"][cid]
            gains[key] = 2 + min(2, (limit_of(state, cid) or 999) - co["value"]) * certificates(state, seat, cid)
    top = max(gains.values())
    return rng.choice(sorted(k for k, v in gains.items() if v == top))


def railroader(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = _keys(game, state, seat)
    common = _common(state, keys)
    if common is not None:
        return common
    sub = state["sub"]
    if state["phase"] == "act" and sub is not None and sub["kind"] == "lay":
        return _lay_towards_mines(state, seat, keys)
    if state["phase"] == "act" and sub is None:
        lays = [k for k in keys if k.startswith("lay:") and _affordable(state, seat, k[4:])]
        if lays:
            return lays[0]
        charters = [k for k in keys if k.startswith("charter:") and is_rr(k[8:])]
        if charters and not any(state["cos"][r]["charter"] == seat for r in RAILROADS):
            return charters[0]
    return top_price(game, state, seat, rng)


def _affordable(state: State, seat: int, rr: str) -> bool:
    """Whether the railroad's own cash pays for a train next to its track (no bond)."""
    cash = state["cos"][rr]["cash"]
    return any(track_cost(state, seat, area) <= cash for area in lay_targets(state, rr, []))


def _lay_towards_mines(state: State, seat: int, keys: list[str]) -> str:
    """Lay in an open mine's area if one is next to the track, else the cheapest area; stop
    after the first train unless it reached nothing."""
    sub = state["sub"]
    goals = {mine_area(m) for m in MINES if state["cos"][m]["status"] == "open"}
    steps = [k for k in keys if k.startswith("to:")]
    hit = [k for k in steps if k[3:] in goals]
    if hit:
        return hit[0]
    if sub["areas"] and "done" in keys:
        return "done"
    if steps:
        return min(steps, key=lambda k: (track_cost(state, seat, k[3:]), k))
    return "done" if "done" in keys else "cancel"

# -- red-team pass 3 ------------------------------------------------------------------------------


def _dig_tiles(state: State, cid: str) -> int:
    return len(state["cos"][cid]["tiles"])


def _own_turn(state: State) -> bool:
    """A turn's main action is asked (no auction, no charter price or track step under way)."""
    return state["phase"] == "act" and state["auction"] is None and state["sub"] is None


def cheap_spread(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """``magnate``, but every mine at the lowest price, and its own mines' shares first."""
    keys = _keys(game, state, seat)
    sub = state["sub"]
    if state["phase"] == "act" and state["auction"] is None and sub is not None and sub["kind"] == "charter":
        return min((k for k in keys if k.startswith("price:")), key=lambda k: int(k[6:]))
    if _own_turn(state):
        mines = [k for k in keys if k.startswith("charter:") and not is_rr(k[8:])]
        if mines:
            return mines[0]
        own = [k for k in keys if k.startswith("buy:") and state["cos"][k[4:]]["charter"] == seat
               and _dig_tiles(state, k[4:]) >= 2]
        if own:
            return max(own, key=lambda k: state["cos"][k[4:]]["value"])
    return magnate(game, state, seat, rng)


def prudent(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """``magnate``, but the share that earns most over its life and hauls on its longest mine."""
    keys = _keys(game, state, seat)

    def life(cid: str) -> int:
        if is_rr(cid):
            return 3 if state["cos"][cid]["reached"] else 0
        return _dig_tiles(state, cid)

    if _own_turn(state) and not any(k.startswith("charter:") and not is_rr(k[8:]) for k in keys):
        shares = [k for k in keys if k.startswith("buy:") and life(k[4:]) >= 3]
        if shares:
            return max(shares, key=lambda k: state["cos"][k[4:]]["value"] * life(k[4:]))
        return _haul(state, seat, keys, longest_first=True)
    return magnate(game, state, seat, rng)


def charter_taker(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """``magnate``, but first the shares of companies others hold the charter of."""
    keys = _keys(game, state, seat)
    if _own_turn(state):
        theirs = [k for k in keys if k.startswith("buy:") and state["cos"][k[4:]]["charter"] not in (None, seat)
                  and (is_rr(k[4:]) or _dig_tiles(state, k[4:]) >= 2)]
        if theirs:
            return min(theirs, key=lambda k: (-certificates(state, seat, k[4:]), state["cos"][k[4:]]["value"]))
    return magnate(game, state, seat, rng)


def tycoon(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """``magnate``, but first the bank's shares of its own companies."""
    keys = _keys(game, state, seat)
    if _own_turn(state):
        own = [k for k in keys if k.startswith("buy:") and state["cos"][k[4:]]["charter"] == seat
               and (is_rr(k[4:]) or _dig_tiles(state, k[4:]) >= 2)]
        if own:
            return max(own, key=lambda k: (certificates(state, seat, k[4:]), state["cos"][k[4:]]["cash"]))
    return magnate(game, state, seat, rng)


def dumper(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """``magnate``, but it auctions its shares of a mine on its last dig tile."""
    keys = _keys(game, state, seat)
    if _own_turn(state):
        doomed = [k for k in keys if k.startswith("sell:") and not is_rr(k[5:]) and _dig_tiles(state, k[5:]) <= 1]
        if doomed:
            return max(doomed, key=lambda k: state["cos"][k[5:]]["value"])
    return magnate(game, state, seat, rng)


def starver(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """``magnate``, but it withholds its companies' dividends while others hold shares."""
    keys = _keys(game, state, seat)
    if state["phase"] == "dividend":
        cid = state["queue"][0][1]
        others = [s for s in holders(state, cid) if s != seat]
        last = state["triggered"] or (not is_rr(cid) and _dig_tiles(state, cid) <= 1)
        if others and not last and f"withhold:{cid}" in keys:
            return f"withhold:{cid}"
    return magnate(game, state, seat, rng)


STRATEGIES: dict[str, Strategy] = {"top_price": top_price, "greedy": greedy, "railroader": railroader,
                                   "magnate": magnate, "cheap_spread": cheap_spread, "prudent": prudent,
                                   "charter_taker": charter_taker, "tycoon": tycoon, "dumper": dumper, "starver": starver}
"""The named strategies, for the arena: ``name -> (game, state, seat, rng) -> action key``."""
