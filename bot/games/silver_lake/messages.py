"""Treasure of Silver Lake's words in every language (issue 30): the game's message makers, the
names its data files give (spaces, permits, luck cards, instruction spaces) for the catalog,
and the small helpers that compose text without losing its message.

English is written in the code (``T("{who} rolls {dice} = {total}.", ...)``); the Polish,
Hungarian and German wordings are in ``bot/locales/{pl,hu,de}/LC_MESSAGES/silver-lake.po``.
A text is composed from smaller texts as params, never with ``+`` or an f-string, so each
part is still said in the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.words import Text, texts

SLUG = "silver-lake"
T, Tn, Tp = texts(SLUG)


def data_messages() -> list[str]:
    """Every name and sentence the data files give that the game shows: city and shortcut
    names, the two branches, permit names, luck cards and instruction spaces."""
    from .board import BRANCHES, INSTRUCTIONS, LUCK, PERMITS, SPACES

    names = [space.name for space in SPACES if space.name]
    names += [info["name"] for info in BRANCHES.values()]
    names += [permit.name for permit in PERMITS]
    for effect in (*LUCK, *INSTRUCTIONS.values()):
        names += [effect.title, effect.text]
    names += [effect.short for effect in INSTRUCTIONS.values()]
    # What a debt is for: the title of the card or space that charges it, in lowercase.
    names += [effect.title.lower() for effect in (*LUCK, *INSTRUCTIONS.values())
              if effect.effect in ("pay", "per_permit_pay", "pay_each")]
    return list(dict.fromkeys(names))


def data_text(words: str) -> str:
    """A name or sentence from the data files as a :class:`Text` of this catalog (its entry is
    one of :func:`data_messages`), so that it is said like every other message: a title, a card's
    text or a permit's name printed in a picture or filled into a sentence."""
    return Text(SLUG, words) if words else words


def series(items: Sequence[str]) -> str:
    """"a, b, c" (no "and") that is still said in each language: a chain of ``{first}, {next}``."""
    head: str = items[0] if items else ""
    for item in items[1:]:
        head = T("{first}, {next}", first=head, next=item)
    return head


def sentences(items: Sequence[str]) -> str:
    """Sentences one after the other, separated by a space, each still said in its language."""
    head: str = items[0] if items else ""
    for item in items[1:]:
        head = T("{first} {next}", first=head, next=item)
    return head


def ordinal(n: int) -> Text:
    """A place in the ranking: "1st", "2nd", "3rd", "4th" ("1." in Polish, Hungarian, German)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return T("{n}th", n=n)
    if n % 10 == 1:
        return T("{n}st", n=n)
    if n % 10 == 2:
        return T("{n}nd", n=n)
    return T("{n}rd", n=n)


