"""Checks that mirror Discord's documented limits, so the fake refuses what Discord would.

Every function returns a list of human-readable problems; empty means valid.
"""

from __future__ import annotations

import re
from typing import Any

from tests.fakediscord.models import FLAG_COMPONENTS_V2, iter_components

_CHAT_INPUT_NAME = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
SELECT_TYPES = {3, 5, 6, 7, 8}
LOCALES = frozenset(
    ["id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"]
)
"""Discord's locales: the only keys a ``*_localizations`` map may have."""


def _len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def validate_embeds(embeds: Any) -> list[str]:
    """At most 10 embeds, field/title/description limits, 6000 characters in total."""
    problems: list[str] = []
    if not isinstance(embeds, list):
        return [f"embeds must be a list, not {type(embeds).__name__}"]
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (max 10)")
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            problems.append(f"embeds[{i}] is not an object")
            continue
        limits = {"title": 256, "description": 4096}
        for key, limit in limits.items():
            if _len(embed.get(key)) > limit:
                problems.append(f"embeds[{i}].{key} has {_len(embed.get(key))} characters (max {limit})")
            total += _len(embed.get(key))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append(f"embeds[{i}] has {len(fields)} fields (max 25)")
        for j, fld in enumerate(fields):
            name, value = fld.get("name"), fld.get("value")
            if not name or _len(name) > 256:
                problems.append(f"embeds[{i}].fields[{j}].name must be 1-256 characters")
            if not value or _len(value) > 1024:
                problems.append(
                    f"embeds[{i}].fields[{j}].value must be 1-1024 characters (got {_len(value)})"
                )
            total += _len(name) + _len(value)
        footer = (embed.get("footer") or {}).get("text")
        if _len(footer) > 2048:
            problems.append(f"embeds[{i}].footer.text is too long (max 2048)")
        author = (embed.get("author") or {}).get("name")
        if _len(author) > 256:
            problems.append(f"embeds[{i}].author.name is too long (max 256)")
        total += _len(footer) + _len(author)
    if total > 6000:
        problems.append(f"embeds hold {total} characters in total (max 6000)")
    return problems


def _validate_button(comp: dict[str, Any], where: str) -> list[str]:
    problems = []
    style = comp.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        problems.append(f"{where}: button style {style!r} is invalid")
    if style == 5:
        if not comp.get("url") or "custom_id" in comp:
            problems.append(f"{where}: link buttons need a url and no custom_id")
    elif style != 6 and "custom_id" not in comp:
        problems.append(f"{where}: non-link buttons need a custom_id")
    if _len(comp.get("label")) > 80:
        problems.append(f"{where}: button label has {_len(comp.get('label'))} characters (max 80)")
    if not comp.get("label") and not comp.get("emoji"):
        problems.append(f"{where}: a button needs a label or an emoji")
    return problems


def _validate_select(comp: dict[str, Any], where: str) -> list[str]:
    problems = []
    min_v, max_v = comp.get("min_values", 1), comp.get("max_values", 1)
    if not 0 <= min_v <= 25 or not 1 <= max_v <= 25 or min_v > max_v:
        problems.append(f"{where}: min_values={min_v} max_values={max_v} are invalid")
    if _len(comp.get("placeholder")) > 150:
        problems.append(f"{where}: placeholder is longer than 150 characters")
    if comp.get("type") == 3:
        options = comp.get("options") or []
        if not 1 <= len(options) <= 25:
            problems.append(f"{where}: a string select needs 1-25 options (has {len(options)})")
        if max_v > len(options):
            problems.append(f"{where}: max_values={max_v} exceeds the {len(options)} options")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append(f"{where}: option values are not unique")
        for k, opt in enumerate(options):
            for key, limit in (("label", 100), ("value", 100), ("description", 100)):
                if _len(opt.get(key)) > limit:
                    problems.append(f"{where}.options[{k}].{key} is longer than {limit} characters")
            if not opt.get("label") or not opt.get("value"):
                problems.append(f"{where}.options[{k}] needs a label and a value")
    return problems


def validate_components(components: Any, flags: int) -> list[str]:
    """Action-row layout (or the components v2 budget), custom_id length and uniqueness."""
    if not isinstance(components, list):
        return [f"components must be a list, not {type(components).__name__}"]
    problems: list[str] = []
    if flags & FLAG_COMPONENTS_V2:
        total = sum(1 for _ in iter_components(components))
        if total > 40:
            problems.append(f"{total} components (max 40 with components v2)")
        text = sum(len(c.get("content") or "") for c in iter_components(components) if c.get("type") == 10)
        if text > 4000:
            problems.append(f"{text} characters in text displays (max 4000 with components v2)")
    else:
        if len(components) > 5:
            problems.append(f"{len(components)} action rows (max 5)")
        for i, row in enumerate(components):
            if row.get("type") != 1:
                problems.append(
                    f"components[{i}] has type {row.get('type')}; top level must be action rows (1)"
                )
                continue
            children = row.get("components") or []
            if not 1 <= len(children) <= 5:
                problems.append(f"components[{i}] holds {len(children)} components (1-5)")
            if any(c.get("type") in SELECT_TYPES for c in children) and len(children) > 1:
                problems.append(f"components[{i}]: a select must be alone in its row")
    seen: set[str] = set()
    for n, comp in enumerate(iter_components(components)):
        where = f"component #{n} (type {comp.get('type')})"
        if comp.get("type") == 2:
            problems += _validate_button(comp, where)
        elif comp.get("type") in SELECT_TYPES:
            problems += _validate_select(comp, where)
        if "custom_id" in comp:
            cid = comp["custom_id"]
            if not isinstance(cid, str) or not 1 <= len(cid) <= 100:
                problems.append(f"{where}: custom_id must be 1-100 characters (got {cid!r})")
            elif cid in seen:
                problems.append(f"{where}: custom_id {cid!r} is used twice in one message")
            seen.add(cid)
    return problems


def validate_message_body(body: dict[str, Any], flags: int) -> list[str]:
    """Limits on the fields present in a create/edit body."""
    problems: list[str] = []
    content = body.get("content")
    if content is not None and not isinstance(content, str):
        problems.append(f"content must be a string, not {type(content).__name__}")
    elif content is not None and len(content) > 2000:
        problems.append(f"content has {len(content)} characters (max 2000)")
    if body.get("embeds") is not None:
        problems += validate_embeds(body["embeds"])
    if body.get("components") is not None:
        problems += validate_components(body["components"], flags)
    if flags & FLAG_COMPONENTS_V2 and (body.get("content") or body.get("embeds")):
        problems.append("components v2 messages cannot have content or embeds")
    am = body.get("allowed_mentions")
    if am is not None:
        parse = am.get("parse", [])
        if "users" in parse and am.get("users"):
            problems.append("allowed_mentions: 'users' in parse and a users list are mutually exclusive")
        if "roles" in parse and am.get("roles"):
            problems.append("allowed_mentions: 'roles' in parse and a roles list are mutually exclusive")
    return problems


def is_empty(
    content: str, embeds: list[Any], attachments: list[Any], components: list[Any], flags: int
) -> bool:
    """Discord's "Cannot send an empty message" rule."""
    if flags & FLAG_COMPONENTS_V2:
        return not components
    return not (content or embeds or attachments)


def validate_choices(choices: Any) -> list[str]:
    """Autocomplete result: at most 25 choices, names 1-100 characters, string values <= 100."""
    if not isinstance(choices, list):
        return ["autocomplete result needs a choices list"]
    problems = []
    if len(choices) > 25:
        problems.append(f"{len(choices)} autocomplete choices (max 25)")
    for i, choice in enumerate(choices):
        name, value = choice.get("name"), choice.get("value")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            problems.append(f"choices[{i}].name must be 1-100 characters (got {name!r})")
        if isinstance(value, str) and len(value) > 100:
            problems.append(f"choices[{i}].value has {len(value)} characters (max 100)")
        if value is None:
            problems.append(f"choices[{i}] has no value")
    return problems


def validate_modal(data: dict[str, Any]) -> list[str]:
    """Modal: custom_id, title <= 45 characters, 1-5 top-level components."""
    problems = []
    if not data.get("custom_id") or _len(data.get("custom_id")) > 100:
        problems.append("modal custom_id must be 1-100 characters")
    title = data.get("title")
    if not title or _len(title) > 45:
        problems.append(f"modal title must be 1-45 characters (got {title!r})")
    comps = data.get("components") or []
    if not 1 <= len(comps) <= 5:
        problems.append(f"modal needs 1-5 components (has {len(comps)})")
    return problems


def validate_localizations(obj: dict[str, Any], where: str, *, named: bool = True) -> list[str]:
    """``name_localizations`` / ``description_localizations`` of a command, option or choice:
    known locales only; localized command and option names follow the same rule as the
    name (``named``), a choice's name is 1-100 characters; descriptions 1-100."""
    problems = []
    for key, limit_name in (("name_localizations", True), ("description_localizations", False)):
        table = obj.get(key)
        if table is None:
            continue
        if not isinstance(table, dict):
            problems.append(f"{where}: {key} must be an object")
            continue
        for locale, text in table.items():
            if locale not in LOCALES:
                problems.append(f"{where}: {key} has an unknown locale {locale!r}")
            elif not isinstance(text, str):
                problems.append(f"{where}: {key}[{locale}] must be a string")
            elif limit_name and named and (not _CHAT_INPUT_NAME.match(text) or text != text.lower()):
                problems.append(f"{where}: {key}[{locale}] {text!r} must be 1-32 lowercase letters, digits, - or _")
            elif not 1 <= len(text) <= 100:
                problems.append(f"{where}: {key}[{locale}] must be 1-100 characters")
    return problems


def _localized_duplicates(options: list[dict[str, Any]], where: str) -> list[str]:
    """Sibling options may not share a name in any locale (Discord refuses the command)."""
    problems = []
    locales = {loc for o in options for loc in (o.get("name_localizations") or {})}
    for locale in sorted(locales):
        names = [(o.get("name_localizations") or {}).get(locale, o.get("name")) for o in options]
        if len(set(names)) != len(names):
            problems.append(f"{where}: duplicate option names in {locale}: {names}")
    return problems


def _validate_option(opt: dict[str, Any], where: str) -> list[str]:
    problems = validate_localizations(opt, f"{where} > {opt.get('name', '')}")
    name = opt.get("name", "")
    if not _CHAT_INPUT_NAME.match(name) or name != name.lower():
        problems.append(f"{where}: option name {name!r} must be 1-32 lowercase letters, digits, - or _")
    desc = opt.get("description", "")
    if not 1 <= len(desc) <= 100:
        problems.append(f"{where}: option {name!r} description must be 1-100 characters")
    choices = opt.get("choices")
    if choices:
        if len(choices) > 25:
            problems.append(f"{where}: option {name!r} has {len(choices)} choices (max 25)")
        if opt.get("autocomplete"):
            problems.append(f"{where}: option {name!r} cannot have both choices and autocomplete")
        problems += [f"{where}: option {name!r} {p}" for p in validate_choices(choices)]
        for choice in choices:
            if isinstance(choice, dict):
                problems += validate_localizations(choice, f"{where} > {name} choice", named=False)
    sub = opt.get("options") or []
    if opt.get("type") in (1, 2):
        problems += _validate_options(sub, f"{where} > {name}", group=opt.get("type") == 2)
    elif sub:
        problems.append(f"{where}: option {name!r} of type {opt.get('type')} cannot have sub-options")
    return problems


def _validate_options(options: list[dict[str, Any]], where: str, *, group: bool = False) -> list[str]:
    problems = []
    if len(options) > 25:
        problems.append(f"{where}: {len(options)} options (max 25)")
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append(f"{where}: duplicate option names {names}")
    kinds = {o.get("type") in (1, 2) for o in options}
    if len(kinds) > 1:
        problems.append(f"{where}: subcommands and plain options cannot be mixed")
    if group and any(o.get("type") != 1 for o in options):
        problems.append(f"{where}: a subcommand group may only hold subcommands")
    seen_optional = False
    for opt in options:
        if opt.get("type") in (1, 2):
            continue
        if opt.get("required"):
            if seen_optional:
                problems.append(f"{where}: required option {opt.get('name')!r} follows an optional one")
        else:
            seen_optional = True
    for opt in options:
        problems += _validate_option(opt, where)
    return problems + _localized_duplicates(options, where)


def validate_command(cmd: dict[str, Any]) -> list[str]:
    """One application command as sent in a bulk overwrite."""
    ctype = cmd.get("type", 1)
    name = cmd.get("name", "")
    where = f"command {name!r}"
    problems = []
    problems += validate_localizations(cmd, where, named=ctype == 1)
    if ctype == 1:
        if not _CHAT_INPUT_NAME.match(name) or name != name.lower():
            problems.append(f"{where}: name must be 1-32 lowercase letters, digits, - or _")
        if not 1 <= len(cmd.get("description", "")) <= 100:
            problems.append(f"{where}: description must be 1-100 characters")
        problems += _validate_options(cmd.get("options") or [], where)
    else:
        if not 1 <= len(name) <= 32:
            problems.append(f"{where}: context menu names must be 1-32 characters")
        if cmd.get("description"):
            problems.append(f"{where}: context menu commands cannot have a description")
    return problems
