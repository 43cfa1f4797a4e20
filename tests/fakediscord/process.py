"""Run a bot as a real subprocess with its output captured to a file."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from tests.fakediscord.models import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
STOP_GRACE = 20.0
"""Seconds a stopped bot gets to shut down cleanly (SIGTERM) before it is killed. A quick
bot takes well under one; the margin is for a machine busy with other work."""


class BotProcess:
    """A bot process (``argv``) started with extra environment, stdout+stderr captured.

    ``start`` is synchronous (it only spawns); ``stop`` and ``restart`` are coroutines so the
    fake Discord server, which shares the test's event loop, keeps answering while the bot
    shuts down. The output of every run is kept in one log (``output``), runs separated by
    a ``==== run N ====`` line.
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        env: Mapping[str, str] | None = None,
        cwd: str | Path = ROOT,
        log_path: str | Path | None = None,
    ) -> None:
        self.argv = list(argv)
        self.base_env = dict(env or {})
        self.cwd = Path(cwd)
        if log_path is None:
            fd, name = tempfile.mkstemp(prefix="bot-", suffix=".log")
            os.close(fd)
            log_path = name
        self.log_path = Path(log_path)
        self.log_path.write_text("")
        self.runs = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._env: dict[str, str] = {}

    @classmethod
    def python(cls, *args: str, **kwargs: object) -> BotProcess:
        """``BotProcess([sys.executable, *args])`` - e.g. ``BotProcess.python("-m", "bot")``."""
        return cls([sys.executable, *args], **kwargs)  # type: ignore[arg-type]

    @property
    def pid(self) -> int | None:
        """The running process id, if any."""
        return self._proc.pid if self._proc is not None else None

    @property
    def running(self) -> bool:
        """Whether the process is alive."""
        return self._proc is not None and self._proc.poll() is None

    @property
    def returncode(self) -> int | None:
        """Exit status of the last run (``None`` while running or never started)."""
        return None if self._proc is None else self._proc.poll()

    @property
    def output(self) -> str:
        """Everything every run printed so far (stdout and stderr interleaved)."""
        return self.log_path.read_text(errors="replace")

    def start(self, env: Mapping[str, str] | None = None) -> BotProcess:
        """Spawn the process; ``env`` is merged over ``os.environ`` and the constructor's ``env``.

        The environment of the latest ``start`` is remembered for :meth:`restart`.
        """
        if self.running:
            raise RuntimeError(f"bot process {self.pid} is already running")
        self.runs += 1
        if env is not None:
            self._env = dict(env)
        full_env = {**os.environ, **self.base_env, **self._env, "PYTHONUNBUFFERED": "1"}
        with self.log_path.open("ab") as log:
            log.write(f"==== run {self.runs}: {' '.join(self.argv)} ====\n".encode())
            log.flush()
            self._proc = subprocess.Popen(
                self.argv,
                cwd=self.cwd,
                env=full_env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    async def stop(self, timeout: float = STOP_GRACE) -> int | None:
        """SIGTERM, wait up to ``timeout`` seconds, then SIGKILL. Returns the exit status."""
        proc = self._proc
        if proc is None:
            return None
        if proc.poll() is None:
            proc.terminate()
            try:
                await asyncio.wait_for(asyncio.to_thread(proc.wait), timeout)
            except TimeoutError:
                proc.kill()
                await asyncio.to_thread(proc.wait)
        return proc.returncode

    def kill(self) -> None:
        """SIGKILL without waiting (a crash); the exit is reaped by the next ``stop``/``start``."""
        if self._proc is not None and self._proc.poll() is None:
            os.kill(self._proc.pid, signal.SIGKILL)
            self._proc.wait()

    def stop_sync(self, timeout: float = STOP_GRACE) -> None:
        """Blocking stop, for finalizers outside an event loop."""
        proc = self._proc
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    async def restart(self, env: Mapping[str, str] | None = None, timeout: float = STOP_GRACE) -> BotProcess:
        """Stop, then start again (with the previous environment unless ``env`` is given)."""
        await self.stop(timeout)
        return self.start(env)

    async def wait_for_output(self, text: str, timeout: float = PATIENCE) -> None:
        """Wait until ``text`` appears in the output (polls the log file every 50 ms, bounded)."""
        deadline = time.monotonic() + timeout
        while text not in self.output:
            if not self.running:
                raise AssertionError(
                    f"bot exited ({self.returncode}) before printing {text!r}:\n{self.tail()}"
                )
            if time.monotonic() > deadline:
                raise TimeoutError(f"{text!r} not in bot output after {timeout}s:\n{self.tail()}")
            await asyncio.sleep(0.05)

    def tail(self, lines: int = 40) -> str:
        """The last ``lines`` lines of output."""
        return "\n".join(self.output.splitlines()[-lines:])

    def assert_clean(self, *, forbidden: Sequence[str] = ("Traceback", "Ignoring exception")) -> None:
        """Fail if the output holds a traceback (or any other ``forbidden`` text)."""
        out = self.output
        for word in forbidden:
            if word in out:
                raise AssertionError(f"{word!r} in bot output:\n{out[-6000:]}")
