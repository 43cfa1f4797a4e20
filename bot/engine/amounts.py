"""Amounts: a choice among sums of money, read the way people write them.

Games enumerate every legal amount as its own action whose key is ``<prefix>:<integer>``
(``bid:12000``, ``price:26``, ``bid:PRR:40``) and whose label shows the sum in dollars
("Bid $12,000"). This module finds those choices among a prompt's actions, reads what a
player typed ("15000", "$15,000", "15k", "15 000", "1.5k" are all fifteen thousand), and
explains a refusal with the legal range and the nearest legal values.

An action is an *amount* when the last part of its key is an integer and its label shows
that integer as dollars, either as is (``bid:12000`` / "$12,000") or in thousands
(Bullfrog Goldfield keeps money in thousands: ``price:26`` / "Pay $26,000"). That ratio is
the choice's ``unit``; the rest of the key is its ``prefix``. Numbered actions that are not
money (``draw:3`` "Draw card 3") are not amounts: their label shows no dollar sum.

Only the standard library is used; nothing here knows a game.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from math import gcd

from bot.engine.contract import Action
from bot.engine.words import CORE, texts

UNITS = (1, 1000)
"""Dollars per key unit that a game may use (as is, or in thousands)."""
BIG_CHOICE = 5
"""More amounts than this in one choice and front ends offer a number form instead of a list."""

_KEY = re.compile(r"^(?P<prefix>.+):(?P<value>-?\d+)$")
_DOLLARS = re.compile(r"\$\s?(\d[\d,]*)")
_AMOUNT = re.compile(
    r"^\$?\s*(?P<number>\d{1,3}(?:[ ,_]\d{3})+|\d+(?:\.\d+)?|\.\d+)\s*(?P<suffix>k|thousand|m|million)?$",
    re.IGNORECASE,
)
_TRAILING = re.compile(
    r"(?P<amount>\$?\s*(?:\d{1,3}(?:[ ,_]\d{3})+|\d+(?:\.\d+)?|\.\d+)\s*(?:k|thousand|m|million)?)$", re.IGNORECASE
)
_SCALE = {"k": 1000, "thousand": 1000, "m": 1_000_000, "million": 1_000_000}
_NOUNS = {"bid": "bid", "price": "price", "repay": "repayment", "bond": "bond", "offer": "offer", "par": "par value",
          "loan": "loan", "pay": "payment"}
T, _, Tp = texts(CORE)
# What one amount is called, in each of the three ways a sentence uses it: a noun ("a bid"), the
# plural ("bids go from …") and the heading of a form field ("Bid: …"). Written out, so each is
# a message of its own in the catalogs.
_ONE = {"bid": Tp("amount", "bid"), "price": Tp("amount", "price"), "repayment": Tp("amount", "repayment"),
        "bond": Tp("amount", "bond"), "offer": Tp("amount", "offer"), "par value": Tp("amount", "par value"),
        "loan": Tp("amount", "loan"), "payment": Tp("amount", "payment"), "amount": Tp("amount", "amount")}
_MANY = {"bid": Tp("amounts", "bids"), "price": Tp("amounts", "prices"), "repayment": Tp("amounts", "repayments"),
         "bond": Tp("amounts", "bonds"), "offer": Tp("amounts", "offers"), "par value": Tp("amounts", "par values"),
         "loan": Tp("amounts", "loans"), "payment": Tp("amounts", "payments"), "amount": Tp("amounts", "amounts")}
_HEADING = {"bid": Tp("amount field", "Bid"), "price": Tp("amount field", "Price"),
            "repayment": Tp("amount field", "Repayment"), "bond": Tp("amount field", "Bond"),
            "offer": Tp("amount field", "Offer"), "par value": Tp("amount field", "Par value"),
            "loan": Tp("amount field", "Loan"), "payment": Tp("amount field", "Payment"),
            "amount": Tp("amount field", "Amount")}


@dataclass(frozen=True, slots=True)
class Written:
    """An amount as typed: its value in dollars, and whether it was a bare number ("12")."""

    dollars: int
    bare: bool


def parse_amount(text: str) -> Written | None:
    """Read "15000", "$15,000", "15k", "15 000", "1.5k" or "$1.5 million"; ``None`` if it is no amount.

    Fractions must come to whole dollars ("1.5k" is 1500, "1.2345k" is no amount).
    """
    match = _AMOUNT.match(text.strip())
    if match is None:
        return None
    number, suffix = match["number"], match["suffix"]
    try:
        value = Decimal(re.sub(r"[ ,_]", "", number)) * _SCALE.get((suffix or "").lower(), 1)
    except InvalidOperation:  # pragma: no cover - the pattern admits only decimal digits
        return None
    if value != value.to_integral_value():
        return None
    bare = suffix is None and "$" not in text and not re.search(r"[ ,_.]", number)
    return Written(int(value), bare)


def split_amount(text: str) -> tuple[str, Written] | None:
    """Split "bid $15,000" into ("bid", 15000): the words before an amount at the end."""
    stripped = " ".join(text.split())
    match = _TRAILING.search(stripped)
    if match is None:
        return None
    words, amount = stripped[: match.start()], match["amount"]
    if words and words[-1].isalnum() and not amount[0].isspace():
        return None  # "x15" or "b12": the number is part of a word
    written = parse_amount(match["amount"])
    return (words.strip(), written) if written is not None else None


def dollars_text(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


@dataclass(frozen=True, slots=True)
class AmountChoice:
    """The amount actions of one prefix in a prompt: ``bid:12`` … ``bid:40`` in thousands."""

    prefix: str
    unit: int
    actions: dict[int, Action] = field(default_factory=dict)
    """Legal actions by the dollars they stand for, in increasing order."""

    @property
    def noun(self) -> str:
        """What one amount is called ("bid", "price"), from the prefix's first word."""
        return _NOUNS.get(self.prefix.split(":")[0].lower(), "amount")

    @property
    def amounts(self) -> list[int]:
        return list(self.actions)

    @property
    def words(self) -> set[str]:
        """Words a player may type before the number to name this choice ("bid", "pay", "prr")."""
        found: set[str] = set()
        for part in self.prefix.lower().split(":"):
            found.add(part)
        for action in self.actions.values():
            found.update(w for w in re.split(r"[^a-z0-9]+", action.label.lower()) if w and not w.isdigit())
        return found

    def named_by(self, words: str) -> bool:
        """Whether every typed word starts a word of this choice ("bid", "b", "bid prr")."""
        own = self.words
        return all(any(word.startswith(token) for word in own) for token in words.lower().split())

    def dollars_of(self, written: Written) -> int:
        """The dollars a player meant. In a game counting in thousands a bare number smaller
        than a thousand is read in the game's unit: "bid 12" is $12,000, never $120,000."""
        if written.bare and self.unit > 1 and abs(written.dollars) < self.unit:
            return written.dollars * self.unit
        return written.dollars

    def action_for(self, written: Written) -> Action | None:
        return self.actions.get(self.dollars_of(written))

    def range_text(self) -> str:
        """"bids go from $12,000 to $40,000 in steps of $1,000" (or the few legal values), as a
        :class:`~bot.engine.words.Text` (dollars written the language's way when said)."""
        amounts = self.amounts
        one, many = _ONE[self.noun], _MANY[self.noun]
        low, high = amounts[0], amounts[-1]
        if len(amounts) == 1:
            return T("the only {noun} you can make is {amount:$}", noun=one, amount=low)
        steps = {b - a for a, b in itertools.pairwise(amounts)}
        if len(steps) == 1:
            step = steps.pop()
            if step == 1:
                return T("{nouns} go from {low:$} to {high:$}", nouns=many, low=low, high=high)
            return T("{nouns} go from {low:$} to {high:$} in steps of {step:$}", nouns=many, low=low, high=high, step=step)
        if len(amounts) <= 8:
            listed: str = T("{amount:$}", amount=amounts[0])
            for amount in amounts[1:]:
                listed = T("{first}, {next}", first=listed, next=T("{amount:$}", amount=amount))
            return T("the {nouns} you can make are {amounts}", nouns=many, amounts=listed)
        common = 0
        for a, b in itertools.pairwise(amounts):
            common = gcd(common, b - a)
        if common > 1:
            return T("{nouns} go from {low:$} to {high:$} (multiples of {step:$}, not all of them)", nouns=many,
                     low=low, high=high, step=common)
        return T("{nouns} go from {low:$} to {high:$} (not every value)", nouns=many, low=low, high=high)

    def nearest(self, dollars: int, count: int = 2) -> list[int]:
        """The legal amounts closest to ``dollars``: the one just below and the one just above."""
        below = [a for a in self.amounts if a < dollars]
        above = [a for a in self.amounts if a > dollars]
        near = ([below[-1]] if below else []) + ([above[0]] if above else [])
        if len(near) < count:
            rest = sorted((a for a in self.amounts if a not in near), key=lambda a: (abs(a - dollars), a))
            near += rest[: count - len(near)]
        return sorted(near)

    def refusal(self, written: Written) -> str:
        """"$15,500 is not a bid you can make: bids go from … ; nearest: $15,000, $16,000"."""
        dollars = self.dollars_of(written)
        nearest = self.nearest(dollars)
        near: str = T("{amount:$}", amount=nearest[0])
        for amount in nearest[1:]:
            near = T("{first}, {next}", first=near, next=T("{amount:$}", amount=amount))
        if self.noun[0] in "aeiou":
            return T("{amount:$} is not an {noun} you can make: {range}; nearest: {near}.", amount=dollars,
                     noun=_ONE[self.noun], range=self.range_text(), near=near)
        return T("{amount:$} is not a {noun} you can make: {range}; nearest: {near}.", amount=dollars,
                 noun=_ONE[self.noun], range=self.range_text(), near=near)

    def field_label(self) -> str:
        """A short line with the legal range, a form field's label (front ends cut it to 45
        characters after saying it)."""
        amounts = self.amounts
        return T("{noun}: {low:$} to {high:$}", noun=_HEADING[self.noun], low=amounts[0], high=amounts[-1])

    def form_title(self) -> str:
        """"Your bid": the title of the form that asks for the number."""
        return T("Your {noun}", noun=_ONE[self.noun])


ANY_UNIT = 0
"""The unit of an amount of zero shown as "$0": zero dollars in any unit, so it goes with its
neighbours (Bullfrog's "Bid $0" beside "Bid $1,000" counted in thousands)."""


def _unit_of(action: Action, value: int) -> int | None:
    shown = {int(m.replace(",", "")) for m in _DOLLARS.findall(action.label)}
    if value == 0 and 0 in shown:
        return ANY_UNIT
    for unit in UNITS:
        if value * unit in shown:
            return unit
    return None


def amount_choices(actions: list[Action] | tuple[Action, ...]) -> list[AmountChoice]:
    """The amount choices among ``actions``, one per prefix, in the order they first appear.

    A prefix counts only when every action under it shows its amount the same way, so a
    prefix mixing amounts with other things (``buy:3`` for a card) is left alone.
    """
    grouped: dict[str, list[tuple[int, int | None, Action]]] = {}
    for action in actions:
        match = _KEY.match(action.key)
        if match is None:
            continue
        value = int(match["value"])
        grouped.setdefault(match["prefix"], []).append((value, _unit_of(action, value), action))
    choices = []
    for prefix, members in grouped.items():
        units = {unit for _, unit, _ in members} - {ANY_UNIT}
        if len(units) > 1 or None in units:
            continue
        unit = units.pop() if units else 1
        assert unit is not None
        ordered = sorted(members, key=lambda member: member[0])
        choices.append(AmountChoice(prefix, unit, {value * unit: action for value, _, action in ordered}))
    return choices
