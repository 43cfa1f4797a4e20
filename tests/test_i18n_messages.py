"""The message catalogs (issue 30): every message of every catalog is translated into each
language, with every placeholder kept, and the templates are current with the code."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po

from bot.engine.words import listing, texts
from bot.i18n import LOCALES, TRANSLATED, extract_messages, message_domains, say, untranslated

FIELDS = string.Formatter()
MESSAGE_DOMAINS = sorted(path.stem for path in LOCALES.glob("*.pot") if path.stem != "commands")


def fields(text: str) -> set[str]:
    """The ``{name}`` fields of a template, with their specs (``{cost:$}`` is ``cost:$``)."""
    return {f"{name}:{spec}" if spec else name for _, name, spec, _ in FIELDS.parse(text) if name is not None}


def catalog(language: str, domain: str):
    with (LOCALES / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
        return read_po(file, locale=language)


@pytest.mark.parametrize("domain", MESSAGE_DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(domain: str, language: str) -> None:
    with (LOCALES / f"{domain}.pot").open("rb") as file:
        template = read_po(file)
    ids = [message for message in template if message.id]
    if not ids:
        return
    translated = {(m.context, m.id): m for m in catalog(language, domain) if m.id}
    problems = []
    for message in ids:
        found = translated.get((message.context, message.id))
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(fields(form) for form in english)) - {"n"}
        if found is None or found.fuzzy or not all(found.string if isinstance(found.string, tuple) else (found.string,)):
            problems.append(f"no translation: {english[0]!r}")
            continue
        forms = found.string if isinstance(found.string, tuple) else (found.string,)
        for form in forms:
            if not wanted <= fields(form) or not fields(form) <= wanted | {"n"}:
                problems.append(f"placeholders of {english[0]!r} changed in {form!r}")
    assert not problems, f"{language}/{domain}: " + "; ".join(problems[:20])


@pytest.mark.parametrize("domain", MESSAGE_DOMAINS)
def test_templates_are_current_with_the_code(domain: str) -> None:
    """``make messages`` was run after the last change of a message in the code."""
    files = message_domains()[domain]
    in_code = {(m.context, m.id) for m in extract_messages(domain, files) if m.id}
    with (LOCALES / f"{domain}.pot").open("rb") as file:
        in_template = {(m.context, m.id) for m in read_po(file) if m.id}
    assert in_code == in_template, (
        f"{domain}.pot is out of date (run `make messages DOMAINS={domain}`): "
        f"new {sorted(map(str, in_code - in_template))[:5]}, gone {sorted(map(str, in_template - in_code))[:5]}")


def test_a_text_is_said_in_each_language_with_numbers_written_its_way() -> None:
    T, _, _ = texts("messages")
    listed = listing(["ANA", "BO", "CY"])
    assert [say(listed, language) for language in ("en", "pl", "hu", "de")] == [
        "ANA, BO and CY", "ANA, BO i CY", "ANA, BO és CY", "ANA, BO und CY"]
    assert untranslated(listed, "pl") == []
    missing = T("{who} has no entry in any catalog", who="ANA")
    assert say(missing, "de") == "ANA has no entry in any catalog"  # English, never an error
    assert untranslated(missing, "de") == ["messages: {who} has no entry in any catalog"]
    assert re.fullmatch(r"1\s515\s200 \$", say(T("{cost:$}", cost=1515200), "pl"))
    assert say(T("{cost:$}", cost=-500), "en") == "-$500"
    assert say(T("{cost:$}", cost=1515200), "de") == "1.515.200 $"


def test_a_plain_string_is_said_by_its_english_and_a_code_never() -> None:
    from bot.engine.words import Code, Text

    assert say("{items} and {last}", "hu") == "{items} és {last}"  # an entry with no context
    T, _, _ = texts("messages")
    keyed = T("{items} and {last}", items=Code("buy:THB:ipo"), last="{items} and {last}")
    assert say(keyed, "de") == "buy:THB:ipo und {items} und {last}"
    assert untranslated(keyed, "de") == []
    assert Text.from_json(keyed.to_json()).params["items"] == Code("buy:THB:ipo")


@pytest.mark.parametrize("domain", [*MESSAGE_DOMAINS, "commands"])
@pytest.mark.parametrize("language", TRANSLATED)
def test_no_catalog_is_marked_fuzzy(domain: str, language: str) -> None:
    """`pybabel compile` (what `make` runs) skips a whole catalog whose header is fuzzy, and the
    bot would then read an empty ``.mo``."""
    assert catalog(language, domain).fuzzy is False


def test_an_empty_string_is_said_as_nothing() -> None:
    assert say("", "pl") == ""  # gettext("") would be the catalog's header
