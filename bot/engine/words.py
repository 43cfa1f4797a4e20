"""Game text: :class:`Text`, words that can be said in another language (issue 30), and the
small helpers every game's texts share (lists, ordinals, codes, names, stored messages)."""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any

# ---------------------------------------------------------------------------------------------
# Words that can be said in another language
# ---------------------------------------------------------------------------------------------

_SEAT_FIELD = re.compile(r"seat\d+")


class Text(str):
    """English text that remembers how it was made, so a front end can say it in another language.

    A ``Text`` *is* its English wording (a ``str``: comparing, hashing, printing, JSON and the
    English front ends see nothing new), and it keeps the message it was made from: the
    catalog (``domain``: a game's slug, or ``"messages"`` for the bot's own words), the English
    ``template`` with ``{name}`` fields, its ``plural`` template and ``count`` where the
    wording depends on a number, a ``context`` where the same English means two things, and
    the ``params`` filled in. :func:`bot.i18n.say` looks the template up in the language's
    catalog and fills in the same params, saying each param that is itself a ``Text`` in that
    language too, and writing numbers the language's way.

    Make them with the functions :func:`texts` returns (their names are what ``pybabel
    extract`` looks for, so the template must be a string literal, never an f-string)::

        T, Tn, Tp = texts("silver-lake")
        T("{who} buys {permit} for {cost:$}.", who=seat_ref(seat), permit=name, cost=price)
        Tn("{n} card", "{n} cards", n)
        Tp("button", "Pass")

    Field specs: ``{cost:$}`` is an amount of dollars ("$1,500" in English, "1500 $" in
    Polish), ``{n:,}`` a grouped number; a ``{seatN}`` field with no param of that name stays
    as it is, for the session layer to fill with a player's name
    (:func:`bot.engine.contract.fill_seat_refs`).

    The metadata survives pickling (worker processes) but not ``str`` operations: ``a + b``,
    an f-string or ``", ".join(...)`` give plain English. Build longer text with a template
    whose params are ``Text``. Stored text (the log) keeps the message as :meth:`to_json`.
    """

    domain: str
    template: str
    params: dict[str, Any]
    # Class defaults: most texts have no plural or context, and setting fewer attributes
    # makes a Text cheaper (every label of every legal move is one).
    plural: str | None = None
    count: int | None = None
    context: str | None = None

    def __new__(
        cls,
        domain: str,
        template: str,
        params: Mapping[str, Any] | None = None,
        *,
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
    ) -> Text:
        values = dict(params) if params else {}
        wording = plural if plural is not None and count != 1 else template
        if "$" in wording:  # a ``{cost:$}`` amount, which only :func:`fill` writes
            english = fill(wording, values, english_field)
        else:
            try:  # the common case, at str.format's speed: every field given
                english = wording.format_map(values)
            except (KeyError, IndexError, ValueError):  # a ``{seatN}`` left for the session layer
                english = fill(wording, values, english_field)
        self = str.__new__(cls, english)
        self.domain, self.template, self.params = domain, template, values
        if plural is not None:
            self.plural, self.count = plural, count
        if context is not None:
            self.context = context
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.domain, self.template, self.params, self.plural, self.count, self.context))

    def to_json(self) -> dict[str, Any]:
        """The message as plain JSON data (params that are ``Text`` nested), for :meth:`from_json`."""
        data: dict[str, Any] = {"d": self.domain, "t": self.template}
        if self.params:
            data["p"] = {name: value.to_json() if isinstance(value, Text | Code) else value
                         for name, value in self.params.items()}
        if self.plural is not None:
            data["pl"], data["n"] = self.plural, self.count
        if self.context is not None:
            data["c"] = self.context
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        params = {name: _param_from_json(value) for name, value in (data.get("p") or {}).items()}
        return cls(data["d"], data["t"], params, plural=data.get("pl"), count=data.get("n"),
                   context=data.get("c"))


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "t" in value:
        return Text.from_json(value)
    if isinstance(value, dict) and "code" in value:
        return Code(value["code"])
    return value


class Code:
    """A code written into a text as it is in every language: an action key, a hex ("M12"), a
    player's typed input ("'no-such-move'"). Keys are the same in every language, so a code is
    not English to translate; it is not a ``str``, so :func:`bot.i18n.say` and
    :func:`bot.i18n.untranslated` pass it by, and a template writes it verbatim."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code

    def __str__(self) -> str:
        return self.code

    def __format__(self, spec: str) -> str:
        return format(self.code, spec)

    def __repr__(self) -> str:
        return f"Code({self.code!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Code) and other.code == self.code

    def __hash__(self) -> int:
        return hash(self.code)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Code, (self.code,))

    def to_json(self) -> dict[str, str]:
        return {"code": self.code}


def named(text: Any, names: Sequence[str]) -> Any:
    """``text`` with its ``{seatN}`` marks replaced by players' names, still sayable: a
    :class:`Text` stays a ``Text`` with the same message (its params and its template's own
    ``{seatN}`` fields filled); a plain string is filled as
    :func:`bot.engine.contract.fill_seat_refs` would (for pictures that print a reason)."""
    if isinstance(text, Text):
        params: dict[str, Any] = {key: named(value, names) for key, value in text.params.items()}
        params.update({f"seat{seat}": name for seat, name in enumerate(names) if f"seat{seat}" not in params})
        return Text(text.domain, text.template, params, plural=text.plural, count=text.count, context=text.context)
    if isinstance(text, str):
        return _SEAT_MARK.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text)
    return text


def stored(text: Any) -> Any:
    """A text as a game's state keeps it: a :class:`Text` as its message (the state is JSON, and
    a ``Text`` would come back from a snapshot as plain English), anything else as it is."""
    return text.to_json() if isinstance(text, Text) else text


def restored(value: Any) -> Any:
    """A text the state kept (see :func:`stored`); a plain string (from a table saved before the
    games spoke other languages) stays English."""
    return Text.from_json(value) if isinstance(value, dict) else value


_SEAT_MARK = re.compile(r"\{seat(\d+)\}")


def _rebuild(domain: str, template: str, params: dict[str, Any], plural: str | None,
             count: int | None, context: str | None) -> Text:
    return Text(domain, template, params, plural=plural, count=count, context=context)


FieldWriter = Callable[[Any, str], str]
"""How one field's value is written: ``(value, spec) -> text``."""


def english_field(value: Any, spec: str) -> str:
    """A field in English: ``$`` specs as dollars, others as :func:`format` writes them."""
    if spec == "$":
        amount = round(value)
        return f"{'-' if amount < 0 else ''}${abs(amount):,}"
    return format(value, spec) if spec else str(value)


class _Fields(string.Formatter):
    def __init__(self, write: FieldWriter) -> None:
        self.write = write

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key not in kwargs and _SEAT_FIELD.fullmatch(key):
            return _Verbatim(f"{{{key}}}")
        return kwargs[key] if isinstance(key, str) else args[key]

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, _Verbatim):
            return str(value)
        return self.write(value, format_spec)


class _Verbatim(str):
    """A ``{seatN}`` field left for the session layer."""


_Part = tuple[str, str | None, str]
"""One piece of a parsed template: the literal text before a field, the field's name (``None``
after the last field) and its spec."""


@functools.lru_cache(maxsize=8192)
def _parsed(template: str) -> tuple[_Part, ...] | None:
    """``template`` cut into its literal text and ``{name:spec}`` fields, once per template; ``None``
    for the forms only :class:`string.Formatter` fills (positional, attribute or index fields,
    ``!r`` conversions, fields nested in a spec), which no game's text uses today."""
    parts: list[_Part] = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        if name is not None and (conversion or not name.isidentifier() or "{" in (spec or "")):
            return None
        parts.append((literal, name, spec or ""))
    return tuple(parts)


def fill(template: str, params: Mapping[str, Any], write: FieldWriter) -> str:
    """``template`` with its ``{name}`` fields filled from ``params``, each written by ``write``.

    A ``{seatN}`` field with no param stays as it is (see :class:`Text`); any other missing
    field is a ``KeyError``. Templates are parsed once and cached: this runs for every label of
    every legal move, so :class:`string.Formatter`'s pure-Python walk was a tenth of the kit's
    CPU."""
    parts = _parsed(template)
    if parts is None:
        return _Fields(write).vformat(template, (), params)
    out: list[str] = []
    for literal, name, spec in parts:
        out.append(literal)
        if name is None:
            continue
        if name in params:
            out.append(write(params[name], spec))
        elif _SEAT_FIELD.fullmatch(name):
            out.append(f"{{{name}}}")
        else:
            raise KeyError(name)
    return "".join(out)


def texts(domain: str) -> tuple[Callable[..., Text], Callable[..., Text], Callable[..., Text]]:
    """The three message makers of one catalog: ``T(template, **params)``,
    ``Tn(singular, plural, count, **params)`` (``count`` is also the ``n`` param unless one is
    given) and ``Tp(context, template, **params)``. See :class:`Text`."""

    def text(template: str, /, **params: Any) -> Text:
        return Text(domain, template, params)

    def plural_text(singular: str, plural: str, count: int, /, **params: Any) -> Text:
        params.setdefault("n", count)
        return Text(domain, singular, params, plural=plural, count=count)

    def context_text(context: str, template: str, /, **params: Any) -> Text:
        return Text(domain, template, params, context=context)

    return text, plural_text, context_text


CORE = "messages"
"""The catalog of the bot's own words (replies, buttons, the words every game shares)."""
T, _, _ = texts(CORE)


def ordinal(n: int) -> Text:
    """A place in a ranking: "1st", "2nd", "3rd", "4th", "11th" ("1.", "2." in Polish, Hungarian
    and German)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return T("{n}th", n=n)
    if n % 10 == 1:
        return T("{n}st", n=n)
    return T("{n}nd", n=n) if n % 10 == 2 else T("{n}rd", n=n)


def chain(items: Sequence[Any], link: Callable[[Any, Any], Any]) -> Any:
    """``items`` joined pairwise by ``link(head, item)`` from the left; "" when there are none.

    A list that can still be said in another language is a chain of two-field messages, e.g.
    ``chain(names, lambda head, name: T("{items}, {item}", items=head, item=name))``: each
    game keeps its separators in its own catalog, and a separator can differ by language."""
    head: Any = items[0] if items else ""
    for item in items[1:]:
        head = link(head, item)
    return head


def listing(items: Sequence[str], empty: str = "") -> str:
    """"Ana, Bo and Cy", a ``Text`` that can be said in another language when any item is one
    (or when there are two or more), so "Ana, Bo and Cy" becomes "Ana, Bo i Cy" in Polish."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    head: str = items[0]
    for item in items[1:-1]:
        head = T("{first}, {next}", first=head, next=item)
    return T("{items} and {last}", items=head, last=items[-1])
