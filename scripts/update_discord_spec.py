"""Store Discord's OpenAPI document in the test data, for the fake Discord's request checks.

The fake Discord (``tests/fakediscord``) validates every REST request body the bot sends
against Discord's published HTTP API description, the ``discord/discord-api-spec``
repository's ``specs/openapi.json`` (MIT licence). This script copies that file from a local
clone into ``tests/fakediscord/spec/`` as ``openapi.json.gz`` (gzip, 1.2 MB -> about 70 kB,
written byte for byte the same for the same input), with the licence and the commit it came
from::

    git clone https://github.com/discord/discord-api-spec /tmp/discord-api-spec
    python scripts/update_discord_spec.py /tmp/discord-api-spec

A bare git directory works too (the file is read from its ``HEAD`` or ``--rev``). Run the
end-to-end tests afterwards: a newer spec may refuse a body the older one allowed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC_DIR = ROOT / "tests" / "fakediscord" / "spec"
UPSTREAM = "https://github.com/discord/discord-api-spec"


def git(repo: Path, *args: str) -> bytes:
    """Run git on ``repo`` (a work tree or a bare git directory) and return its output."""
    flag = ["--git-dir", str(repo)] if (repo / "HEAD").is_file() and not (repo / ".git").exists() else ["-C", str(repo)]
    return subprocess.run(["git", *flag, *args], check=True, capture_output=True).stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repo", type=Path, help="a clone (or bare git directory) of discord/discord-api-spec")
    parser.add_argument("--rev", default="HEAD", help="the commit to take the spec from (default HEAD)")
    args = parser.parse_args(argv)

    commit = git(args.repo, "rev-parse", f"{args.rev}^{{commit}}").decode().strip()
    date = git(args.repo, "show", "-s", "--format=%cI", commit).decode().strip()
    raw = git(args.repo, "show", f"{commit}:specs/openapi.json")
    licence = git(args.repo, "show", f"{commit}:LICENSE").decode()
    spec = json.loads(raw)  # refuse to store something that is not JSON
    if not str(spec.get("openapi", "")).startswith("3.1"):
        print(f"expected an OpenAPI 3.1 document, got {spec.get('openapi')!r}", file=sys.stderr)
        return 1

    SPEC_DIR.mkdir(parents=True, exist_ok=True)
    # mtime=0 and no file name in the header: the same spec always gives the same bytes.
    with (SPEC_DIR / "openapi.json.gz").open("wb") as out, gzip.GzipFile(
        filename="", mode="wb", fileobj=out, compresslevel=9, mtime=0
    ) as packed:
        packed.write(raw)
    (SPEC_DIR / "LICENSE").write_text(licence)
    (SPEC_DIR / "SOURCE").write_text(f"{UPSTREAM}\n{commit}\n{date}\nspecs/openapi.json\n")
    (SPEC_DIR / "README.md").write_text(
        "# Discord's OpenAPI document, for the fake Discord's request checks\n\n"
        f"`openapi.json.gz` is `specs/openapi.json` of {UPSTREAM} at commit\n"
        f"`{commit}` ({date}), gzip-compressed, unchanged otherwise.\n"
        "It is Discord's, under the MIT licence in `LICENSE` beside it (kept with the copy, as that\n"
        "licence asks). `SOURCE` holds the same facts for `tests/fakediscord/openapi.py`.\n\n"
        "Refresh it with `python scripts/update_discord_spec.py <clone of discord-api-spec>`, then run\n"
        "the end-to-end tests: every request the bot sends there is checked against it.\n"
    )
    print(f"stored specs/openapi.json of {commit} ({date}): {len(raw):,} bytes, "
          f"{len(spec.get('paths', {}))} paths, {len(spec.get('components', {}).get('schemas', {}))} schemas")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
