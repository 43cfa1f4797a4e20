"""The slash commands in Polish, Hungarian and German (:mod:`bot.i18n`, :mod:`cogs._translator`).

Every command string has an entry in each catalog, the localized names keep Discord's rules
for names, siblings stay distinct in every language, and the sync body with localizations is
one Discord accepts (its OpenAPI document and the fake Discord's command checks).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot.i18n import COMMAND_NAME, LOCALES, TRANSLATED, catalog, language_of, translate
from cogs._translator import DOMAIN, TEMPLATE, command_strings, payloads, write_template
from tests.fakediscord import openapi, validate

SYNC = "/api/v10/applications/1/guilds/2/commands"
NAMES = ("command_name", "group_name", "parameter_name")


@pytest.fixture(scope="module")
def strings() -> list[tuple[str, str]]:
    import asyncio

    return asyncio.run(command_strings())


def test_every_command_string_has_an_entry_in_every_language(strings: list[tuple[str, str]]) -> None:
    assert len(strings) > 100
    missing = [(lang, ctx, msg) for lang in TRANSLATED for ctx, msg in strings if translate(lang, DOMAIN, ctx, msg) is None]
    assert missing == [], f"{len(missing)} untranslated; run `make messages` and translate them: {missing[:10]}"


async def test_the_template_is_current(tmp_path: Path) -> None:
    """`python -m bot messages extract` was run after the last command change."""
    fresh = tmp_path / "commands.pot"
    await write_template(fresh)

    def entries(path: Path) -> list[tuple[str | None, str]]:
        with path.open("rb") as file:
            return [(m.context, m.id) for m in read_po(file) if m.id]

    assert entries(TEMPLATE) == entries(fresh)


def test_localized_names_follow_discords_rules(strings: list[tuple[str, str]]) -> None:
    for lang in TRANSLATED:
        for ctx, msg in strings:
            text = translate(lang, DOMAIN, ctx, msg)
            assert text is not None
            if ctx in NAMES:
                assert COMMAND_NAME.match(text) and text == text.lower(), (lang, ctx, msg, text)
            else:
                assert 1 <= len(text) <= 100, (lang, ctx, msg, text)


def test_english_stays_the_source_and_unknown_locales_fall_back() -> None:
    assert language_of("pl") == "pl" and language_of("hu") == "hu" and language_of("de") == "de"
    assert language_of("en-GB") == "en" and language_of("fr") == "en" and language_of(None) == "en"
    assert translate("en", DOMAIN, "command_name", "play") is None
    assert translate("pl", DOMAIN, "command_name", "no-such-command") is None
    assert translate("de", DOMAIN, "command_name", "play") == "zug"
    assert translate("hu", DOMAIN, "parameter_name", "game") == "játék"


def test_a_catalog_edited_after_its_compile_is_read_from_the_po(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stale .mo never wins: the bot compiles the newer .po in memory."""
    import os
    import shutil

    from bot import i18n

    folder = tmp_path / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(LOCALES / "pl" / "LC_MESSAGES" / "commands.po", folder / "commands.po")
    (folder / "commands.mo").write_bytes(b"not a catalog")  # older than the .po below
    po = folder / "commands.po"
    entry = 'msgctxt "command_name"\nmsgid "play"\nmsgstr "ruch"'
    text = po.read_text(encoding="utf-8")
    assert entry in text
    po.write_text(text.replace(entry, entry.replace('"ruch"', '"zagraj"')), encoding="utf-8")
    os.utime(folder / "commands.mo", (1, 1))
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    i18n.catalog.cache_clear()
    try:
        assert catalog("pl", "commands").pgettext("command_name", "play") == "zagraj"
    finally:
        i18n.catalog.cache_clear()


async def test_the_sync_with_localizations_is_a_body_discord_accepts() -> None:
    body: list[dict[str, Any]] = await payloads()
    game = next(c for c in body if c["name"] == "game")
    assert game["name_localizations"] == {"pl": "gra", "hu": "játék", "de": "spiel"}
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["description_localizations"]["de"] == "Einen Tisch für ein Spiel in diesem Kanal eröffnen"
    _, problems = openapi.check_request("PUT", SYNC, body, has_body=True)
    assert problems == [], problems
    assert [p for command in body for p in validate.validate_command(command)] == []


def test_the_fake_refuses_a_localized_name_discord_would() -> None:
    """The check the bot's sync passes must be able to fail."""
    command = {"name": "game", "description": "Games", "name_localizations": {"de": "Spiel"}, "options": [
        {"type": 1, "name": "new", "description": "New", "name_localizations": {"pl": "nowa"}},
        {"type": 1, "name": "neu", "description": "Also new", "name_localizations": {"pl": "nowa"}},
    ]}
    problems = validate.validate_command(command)
    assert any("name_localizations[de] 'Spiel'" in p for p in problems)
    assert any("duplicate option names in pl" in p for p in problems)
    assert validate.validate_command({"name": "x", "description": "X", "name_localizations": {"xx": "y"}})
