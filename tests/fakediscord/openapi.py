"""Every REST request the bot sends, held against Discord's own OpenAPI description.

``spec/openapi.json.gz`` is Discord's published HTTP API (``discord/discord-api-spec``,
``specs/openapi.json``; commit and licence beside it, refreshed by
``scripts/update_discord_spec.py``). :func:`check_request` finds the operation a request
is for (method and path template), checks its path parameters and its JSON body (for a
multipart upload, the ``payload_json`` part) with ``jsonschema``'s Draft 2020-12 validator,
and returns what a strict server would refuse, in sentences. :mod:`validate` beside it
holds the fake's hand-written checks of Discord's documented limits; this one is the
machine-readable contract, so the two catch different mistakes.

Two deliberate departures from the document, both what Discord itself accepts:

* **Snowflakes as integers.** The spec writes every id (``SnowflakeType``) as a string of
  digits, but Discord accepts a JSON integer too (discord.py sends ``allowed_mentions.users``
  and attachment ids that way), so a non-negative 64-bit integer is allowed wherever a
  snowflake is.
* **Formats are not asserted** (``date-time``, ``uri``...), as jsonschema's default; the
  fake's own checks look at what matters there.

Cost: the document is decompressed and parsed once per process (about 0.2 s of CPU), and one
validator is compiled per operation on first use; ``$ref``\\ s resolve through a
``referencing`` registry holding the whole document, so nothing is copied or inlined. A
component is checked only against the branches of a union whose ``type`` it has
(:func:`_by_kind`): the standing-orders e2e tests' 1,244 requests took 3.6 s of CPU to check
(2.9 ms each), against 16.4 s when every component was tried against every kind.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, relevance
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_DIR = Path(__file__).with_name("spec")
SPEC_FILE = SPEC_DIR / "openapi.json.gz"
SPEC_URI = "https://discord.com/api/v10/openapi.json"
"""The base URI the document is registered under; its ``#/components/...`` refs resolve against it."""
API_PREFIX = "/api/v10"

_SNOWFLAKE = {
    "anyOf": [
        {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
        {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
    ],
    "description": "A snowflake: the spec's string of digits, or the JSON integer Discord accepts as well.",
}
MAX_PROBLEMS = 5
"""Problems reported per request."""
_METHODS = ("get", "put", "post", "patch", "delete")


@dataclass(frozen=True)
class Operation:
    """One operation of the spec: ``POST /channels/{channel_id}/messages``."""

    method: str
    template: str
    pattern: re.Pattern[str]
    params: tuple[str, ...]
    literals: int
    """How many path segments are fixed words: ``/users/@me`` beats ``/users/{user_id}``."""

    @property
    def route(self) -> str:
        return f"{self.method} {self.template}"

    @property
    def pointer(self) -> str:
        """The JSON pointer of this operation inside the document."""
        return "/paths/" + _escape(self.template) + "/" + self.method.lower()


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


@dataclass(frozen=True)
class Spec:
    """The parsed document, its registry, and its operations by method (most specific first)."""

    document: dict[str, Any]
    commit: str
    registry: Registry[Any]
    operations: Mapping[str, tuple[Operation, ...]]

    def find(self, method: str, path: str) -> tuple[Operation, dict[str, str]] | None:
        """The operation for ``path`` (already without ``/api/v10``) and its path parameters."""
        for op in self.operations.get(method.upper(), ()):
            match = op.pattern.match(path)
            if match is not None:
                return op, dict(zip(op.params, match.groups(), strict=True))
        return None

    def node(self, pointer: str) -> Any:
        value: Any = self.document
        for token in pointer.strip("/").split("/"):
            key = token.replace("~1", "/").replace("~0", "~")
            value = value[int(key)] if isinstance(value, list) else value[key]
        return value


@cache
def load_spec(path: Path = SPEC_FILE) -> Spec:
    """Read and index the stored spec once per process."""
    document = json.loads(gzip.decompress(path.read_bytes()))
    document["components"]["schemas"]["SnowflakeType"] = _SNOWFLAKE
    source = path.with_name("SOURCE")
    lines = source.read_text().split() if source.exists() else []
    commit = lines[1] if len(lines) > 1 else "unknown"
    resource = Resource.from_contents(document, default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
    by_method: dict[str, list[Operation]] = {}
    for template, item in document["paths"].items():
        parts = template.strip("/").split("/")
        regex = "".join(
            "/([^/]+)" if part.startswith("{") and part.endswith("}") else "/" + re.escape(part) for part in parts
        )
        params = tuple(part[1:-1] for part in parts if part.startswith("{") and part.endswith("}"))
        for method in _METHODS:
            if method in item:
                op = Operation(method.upper(), template, re.compile(f"^{regex}$"), params, len(parts) - len(params))
                by_method.setdefault(op.method, []).append(op)
    operations = {m: tuple(sorted(ops, key=lambda o: -o.literals)) for m, ops in by_method.items()}
    return Spec(document, commit, registry, operations)


def _branch_kinds(branch: Mapping[str, Any]) -> frozenset[Any] | None:
    """The ``type`` values a union's branch admits (``properties.type.enum`` or ``const``, through
    one ``$ref``), or ``None`` where the branch is not told apart by a ``type`` field."""
    if "$ref" in branch:
        ref = branch["$ref"].removeprefix(SPEC_URI)
        if not ref.startswith("#/"):
            return None
        branch = load_spec().node(ref.removeprefix("#"))
    kind = branch.get("properties", {}).get("type") if isinstance(branch, Mapping) else None
    if not isinstance(kind, Mapping) or "type" not in branch.get("required", ()):
        return None
    if "enum" in kind:
        return frozenset(kind["enum"])
    return frozenset([kind["const"]]) if "const" in kind else None


_KINDS: dict[int, tuple[frozenset[Any] | None, ...]] = {}
""":func:`_branch_kinds` of each union of the document, by the id of its list of branches (the
document lives as long as the process, so ids stay valid)."""


def _by_kind(standard: Any) -> Any:
    """``oneOf``/``anyOf`` that first drops the branches whose ``type`` field cannot match.

    Discord's unions of message components (and of command options, callbacks...) are told
    apart by a required ``type`` field with a one-value enum. A branch that requires another
    ``type`` fails on the instance whatever else it holds, so leaving it out changes no
    verdict; it saves validating every other kind of component against each one (``oneOf``
    checks them all, to be sure only one matches), which was most of the e2e tests' CPU.
    Where no branch admits the instance's ``type``, every branch is tried, for the standard
    error."""

    def keyword(validator: Any, branches: list[Any], instance: Any, schema: Any) -> Any:
        if isinstance(instance, dict) and "type" in instance and isinstance(instance["type"], int | str):
            kinds = _KINDS.get(id(branches))
            if kinds is None:
                kinds = _KINDS[id(branches)] = tuple(_branch_kinds(branch) for branch in branches)
            if None not in kinds:
                meant = [branch for branch, admits in zip(branches, kinds, strict=True) if instance["type"] in admits]
                if meant:
                    branches = meant
        return standard(validator, branches, instance, schema)

    return keyword


_Validator = validators.extend(
    Draft202012Validator,
    {"oneOf": _by_kind(Draft202012Validator.VALIDATORS["oneOf"]),
     "anyOf": _by_kind(Draft202012Validator.VALIDATORS["anyOf"])},
)


@cache
def _validator(pointer: str) -> Any:
    """A validator for the schema at ``pointer`` of the document, compiled once."""
    spec = load_spec()
    return _Validator({"$ref": f"{SPEC_URI}#{pointer}"}, registry=spec.registry)


@cache
def _body_pointer(op_pointer: str) -> tuple[str | None, bool]:
    """Where the JSON body's schema of an operation is, and whether a body is required."""
    spec = load_spec()
    operation = spec.node(op_pointer)
    body = operation.get("requestBody")
    if body is None:
        return None, False
    content = body.get("content", {})
    for kind in ("application/json", "multipart/form-data"):
        if kind in content:
            return f"{op_pointer}/requestBody/content/{_escape(kind)}/schema", bool(body.get("required"))
    return None, bool(body.get("required"))


@cache
def _param_pointers(op_pointer: str) -> dict[str, str]:
    """The schema pointer of each path parameter (they may sit on the path item or the operation)."""
    spec = load_spec()
    path_pointer = op_pointer.rsplit("/", 1)[0]
    found: dict[str, str] = {}
    for where in (path_pointer, op_pointer):
        for index, param in enumerate(spec.node(where).get("parameters", [])):
            if "$ref" in param:  # a shared parameter: #/components/parameters/...
                ref = param["$ref"].removeprefix("#")
                param, where_schema = spec.node(ref), f"{ref}/schema"
            else:
                where_schema = f"{where}/parameters/{index}/schema"
            if param.get("in") == "path" and "schema" in param:
                found[param["name"]] = where_schema
    return found


def _pinpoint(error: ValidationError) -> ValidationError:
    """The error that says what is wrong, not just "not valid under any of the given schemas".

    Discord's unions (``anyOf``/``oneOf`` of message components, of callback types, of
    "null or an object") are told apart by the instance's JSON type or by a ``type`` field
    with a one-value ``enum``. A branch that failed on that was not the one meant, so the
    explanation comes from the branches that remain (all of them if none does).
    """
    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        meant = [errors for errors in branches.values() if not any(_other_kind(e) for e in errors)]
        error = max((e for errors in (meant or list(branches.values())) for e in errors), key=relevance)
    return error


def _other_kind(error: ValidationError) -> bool:
    """Whether a branch's error says the instance is another kind of thing altogether."""
    at = list(error.relative_path)
    return (error.validator == "type" and not at) or (error.validator in ("enum", "const") and at == ["type"])


def _sentence(error: ValidationError) -> str:
    error = _pinpoint(error)
    where = "".join(f"[{p!r}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path) or "the body"
    message = error.message
    shown = repr(error.instance)
    if len(shown) > 60:  # jsonschema quotes the whole value: a 5,000-character content, a message
        unit = "characters" if isinstance(error.instance, str) else "items"
        size = f" ({len(error.instance)} {unit})" if isinstance(error.instance, str | list | dict) else ""
        message = message.replace(shown, f"{shown[:40]}...{shown[-1]}{size}")
    message = message if len(message) <= 300 else message[:297] + "..."
    return f"{where.lstrip('.')}: {message}"


def check_request(method: str, path: str, body: Any, *, has_body: bool) -> tuple[str | None, list[str]]:
    """The spec's route for a request and what is wrong with it (empty: Discord accepts it).

    ``path`` is the request path (with ``/api/v10``), ``body`` the decoded JSON body or
    ``payload_json`` part, ``has_body`` whether the request carried one at all.
    """
    spec = load_spec()
    local = path.removeprefix(API_PREFIX)
    found = spec.find(method, local)
    if found is None:
        return None, [f"{method} {local} is not an operation of Discord's API (spec {spec.commit[:12]})"]
    op, params = found
    problems: list[str] = []
    for name, pointer in _param_pointers(op.pointer).items():
        value = params.get(name)
        if value is not None and not _validator(pointer).is_valid(value):
            problems.append(f"path parameter {name}={value!r} does not fit {spec.node(pointer)}")
    body_pointer, required = _body_pointer(op.pointer)
    if body_pointer is None:
        if has_body and body not in (None, {}):
            problems.append("the operation takes no body, but one was sent")
    elif not has_body:
        if required:
            problems.append("the operation needs a body, but none was sent")
    else:
        # Each top-level error is its own mistake (one per refused array item, one per key);
        # a handful is enough to fix them.
        errors = sorted(_validator(body_pointer).iter_errors(body), key=relevance, reverse=True)
        problems += [_sentence(error) for error in errors[:MAX_PROBLEMS]]
        if len(errors) > MAX_PROBLEMS:
            problems.append(f"... and {len(errors) - MAX_PROBLEMS} more")
    return op.route, problems
