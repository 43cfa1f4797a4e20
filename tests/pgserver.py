"""A real PostgreSQL server for tests, started from the binaries on this machine.

``make test`` installs Debian's ``postgresql`` package where it is missing (see the
Makefile); this module finds its ``initdb``/``pg_ctl``, creates a throw-away cluster in a
temporary folder, starts it on a free loopback port and stops it at the end. PostgreSQL
refuses to run as root, so as root the cluster belongs to the ``postgres`` system user the
package creates. Each test gets a database of its own (:meth:`PostgresServer.new_database`).

Nothing here is mocked: the store tests run the same SQL against this server as a
production deployment would against its own.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL binaries on this machine (``make test`` installs them)."""


def find_bindir() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl`` (newest version if several)."""
    configured = os.environ.get("GAMEMASTER_PG_BINDIR")
    candidates = [configured] if configured else []
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=False).stdout.strip()
        candidates.append(out)
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    which = shutil.which("initdb")
    if which:
        candidates.append(str(Path(which).resolve().parent))
    for candidate in candidates:
        if candidate and (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    raise PostgresUnavailable("PostgreSQL is not installed (initdb not found); `make test` installs it")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresServer:
    """One running cluster on 127.0.0.1; ``url`` is for the ``postgres`` database."""

    def __init__(self) -> None:
        self.bindir = find_bindir()
        self.root = Path(tempfile.mkdtemp(prefix="gm-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user = "gamemaster"
        self._as_postgres = os.geteuid() == 0

    def _run(self, *argv: str) -> None:
        command = [str(self.bindir / argv[0]), *argv[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed ({result.returncode}): {result.stderr.strip() or result.stdout.strip()}")

    def start(self) -> PostgresServer:
        if self._as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", self.user, "--auth=trust", "-E", "UTF8", "--no-sync")
        options = f"-h 127.0.0.1 -p {self.port} -k {self.root} -c max_connections=200 -c fsync=on"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "-t", "60", "start")
        return self

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    @property
    def url(self) -> str:
        return self.url_for("postgres")

    def url_for(self, database: str) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; returns its URL."""
        name = f"t_{uuid.uuid4().hex[:16]}"
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", self.user, name)
        return self.url_for(name)

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
