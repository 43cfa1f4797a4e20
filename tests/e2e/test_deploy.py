"""The Dockerfile, compose.yaml and the systemd unit describe a bot that runs.

Docker is not available to the tests, so this checks what can be checked without it: the
image's ENTRYPOINT + CMD is ``python -m bot run``; every variable the image, the compose
service and the unit set is one that ``bot/config.py`` reads (and ``.env.example`` documents);
and that command line, run here with the image's environment (paths moved under the test's
folder, the token and API of the fake Discord), comes up healthy by the image's own
HEALTHCHECK command — and reports unhealthy once the bot is gone.
"""

from __future__ import annotations

import json
import re
import shlex
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
NOT_THE_BOTS = re.compile(r"^(PYTHON|PIP_)")
"""Variables for Python and pip in the image, not settings of the bot."""


def read_by_config() -> set[str]:
    """Every environment variable bot/config.py reads."""
    return set(re.findall(r"""os\.environ\.get\(\s*["']([A-Z0-9_]+)["']""", (ROOT / "bot" / "config.py").read_text()))


def dockerfile() -> dict[str, Any]:
    """The Dockerfile's ENV (all instructions), ENTRYPOINT, CMD and HEALTHCHECK command."""
    text = (ROOT / "Dockerfile").read_text()
    logical = re.sub(r"\\\n", " ", "\n".join(row for row in text.splitlines() if not row.lstrip().startswith("#")))
    env: dict[str, str] = {}
    found: dict[str, Any] = {"env": env}
    for line in logical.splitlines():
        word, _, rest = line.strip().partition(" ")
        if word == "ENV":
            for item in shlex.split(rest):
                name, _, value = item.partition("=")
                env[name] = value
        elif word in ("ENTRYPOINT", "CMD"):
            found[word] = json.loads(rest)
        elif word == "HEALTHCHECK":
            found["HEALTHCHECK"] = json.loads(rest.split(" CMD ", 1)[1])
    return found


def compose_environment(service: str) -> dict[str, str]:
    """``services.<service>.environment`` of compose.yaml (block style, as the file is written)."""
    lines = (ROOT / "compose.yaml").read_text().splitlines()
    env: dict[str, str] = {}
    in_service = in_env = False
    for line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        if indent == 2:
            in_service, in_env = line.strip() == f"{service}:", False
        elif in_service and indent == 4:
            in_env = line.strip() == "environment:"
        elif in_service and in_env and indent == 6:
            name, _, value = line.strip().partition(":")
            env[name] = value.strip().strip('"')
    return env


def unit_environment() -> tuple[dict[str, str], str]:
    """The systemd unit's ``Environment=`` settings and its ``ExecStart``."""
    env, exec_start = {}, ""
    for line in (ROOT / "deploy" / "gamemaster.service").read_text().splitlines():
        if line.startswith("Environment="):
            name, _, value = line.removeprefix("Environment=").partition("=")
            env[name] = value
        elif line.startswith("ExecStart="):
            exec_start = line.removeprefix("ExecStart=")
    return env, exec_start


def test_every_variable_the_deployments_set_is_read_by_the_bot_and_documented() -> None:
    read = read_by_config()
    documented = set(re.findall(r"^([A-Z0-9_]+)=", (ROOT / ".env.example").read_text(), re.MULTILINE))
    image = {name for name in dockerfile()["env"] if not NOT_THE_BOTS.match(name)}
    compose = set(compose_environment("bot"))
    unit, exec_start = unit_environment()
    assert image and compose and unit
    for where, names in (("Dockerfile", image), ("compose.yaml", compose), ("gamemaster.service", set(unit))):
        assert names <= read, f"{where} sets variables bot/config.py never reads: {sorted(names - read)}"
        assert names <= documented, f"{where} sets variables .env.example does not document: {sorted(names - documented)}"
    assert compose_environment("db")["POSTGRES_DB"] == "gamemaster"
    assert "@db:5432/gamemaster" in compose_environment("bot")["GAMEMASTER_DB"]
    assert exec_start.split()[1:] == ["-m", "bot", "run"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_the_images_command_runs_the_bot_healthy_by_its_own_health_check(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path
) -> None:
    image = dockerfile()
    command = image["ENTRYPOINT"] + image["CMD"]
    assert command == ["python", "-m", "bot", "run"]
    assert image["HEALTHCHECK"][:3] == ["python", "-m", "bot"]
    # The image's environment, with its absolute paths moved under this test's folder and a
    # free port (tests may run side by side); the fake Discord supplies token and API.
    env = {name: value.replace("/data/", f"{tmp_path}/data/") for name, value in image["env"].items()}
    env["GAMEMASTER_RULES_DIR"] = str(tmp_path / "rules")
    env["METRICS_PORT"] = str(_free_port())
    (tmp_path / "data").mkdir()
    full_env = fake_discord.env(**env)
    proc = bot_processes([sys.executable, *command[1:]]).start(full_env)
    await fake_discord.wait_ready()
    await proc.wait_for_output('"message": "ready as ')
    assert (tmp_path / "data" / "gamemaster.sqlite3").exists()

    def health() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, *image["HEALTHCHECK"][1:]], env=full_env, cwd=ROOT,
                              capture_output=True, text=True, timeout=30, check=False)

    healthy = health()
    assert healthy.returncode == 0, healthy.stderr
    assert json.loads(healthy.stdout)["status"] == "healthy"
    await proc.stop()
    gone = health()
    assert gone.returncode == 1 and "no answer from http://127.0.0.1:" in gone.stderr
    proc.assert_clean()
