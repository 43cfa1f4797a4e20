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

from bot.engine.words import Text, chain, texts
from bot.engine.words import ordinal as ordinal  # re-exported: the game's modules import it from here

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
    return chain(items, lambda head, item: T("{first}, {next}", first=head, next=item))


def sentences(items: Sequence[str]) -> str:
    """Sentences one after the other, separated by a space, each still said in its language."""
    return chain(items, lambda head, item: T("{first} {next}", first=head, next=item))


