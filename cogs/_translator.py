"""The slash commands in every language: the translator discord.py asks at sync, and the
template of every command string for the catalogs (see :mod:`bot.i18n`)."""

from __future__ import annotations

import pkgutil
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LOCALES, TRANSLATED, translate

DOMAIN = "commands"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"

_DISCORD_LOCALES = {"pl": discord.Locale.polish, "hu": discord.Locale.hungarian, "de": discord.Locale.german}


class CommandTranslator(app_commands.Translator):
    """Gives discord.py each command string in Polish, Hungarian and German from the
    ``commands`` catalog; other locales (and strings with no entry) stay English."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        language = next((lang for lang, loc in _DISCORD_LOCALES.items() if loc is locale), None)
        if language is None:
            return None
        return translate(language, DOMAIN, context.location.name, string.message)


class _Collector(app_commands.Translator):
    """Records every string the tree would ask to have translated, with its place."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], None] = {}

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        if locale is discord.Locale.polish:  # asked once per locale: record one
            self.seen[(context.location.name, string.message)] = None
        return None


async def command_tree() -> app_commands.CommandTree:
    """Every cog's commands on a bot that never connects (what ``tree.sync()`` would send)."""
    import cogs

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    for module in pkgutil.iter_modules(cogs.__path__):
        if not module.name.startswith("_"):
            await bot.load_extension(f"cogs.{module.name}")
    return bot.tree


async def command_strings() -> list[tuple[str, str]]:
    """(context, English text) of every name, description, option and choice, in tree order."""
    tree = await command_tree()
    collector = _Collector()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, collector)
    return list(collector.seen)


async def payloads(translator: app_commands.Translator | None = None) -> list[dict]:
    """The sync body with localizations (as ``tree.sync()`` sends it with the translator set)."""
    tree = await command_tree()
    translator = translator or CommandTranslator()
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]


async def write_template(path: Path = TEMPLATE) -> int:
    """Write the ``commands`` template (``.pot``) from the command tree; the number of strings."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = Catalog(project="gamemaster", domain=DOMAIN, charset="utf-8")
    strings = await command_strings()
    for context, message in strings:
        template.add(message, context=context)
    with path.open("wb") as file:
        write_po(file, template, width=100, omit_header=False, sort_output=False)
    return len(strings)


__all__ = ["DOMAIN", "TRANSLATED", "CommandTranslator", "command_strings", "payloads", "write_template"]
