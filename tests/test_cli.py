"""The command line as a user meets it: real subprocesses, real files."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.console import user_named
from bot.render import board_png, card_png
from bot.store import Store
from bot.tables import Tables

ROOT = Path(__file__).resolve().parents[1]


def _run(args: list[str], stdin: str = "", env: dict[str, str] | None = None, timeout: float = 120):
    full_env = {**os.environ, "DISCORD_TOKEN": "", "GAMEMASTER_DISCORD_API": "", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], input=stdin, capture_output=True, text=True,
        cwd=ROOT, env=full_env, timeout=timeout,
    )


def test_without_a_token_the_bot_explains_and_exits_2() -> None:
    result = _run([])
    assert result.returncode == 2
    assert "No DISCORD_TOKEN" in result.stderr and "python -m bot console" in result.stderr
    assert "Traceback" not in result.stderr


def test_run_or_console_opens_the_console_without_a_token(tmp_path: Path) -> None:
    result = _run(["run-or-console"], stdin="/help\n/quit\n", env={"GAMEMASTER_DB": str(tmp_path / "x.sqlite3")})
    assert result.returncode == 0, result.stderr
    assert "opening the console table" in result.stdout and "/game new SLUG" in result.stdout


def test_console_errors_are_sentences_not_tracebacks(tmp_path: Path) -> None:
    script = "\n".join(["/play draw:1", "/game new chess", "/game new hisss colour=red", "/frobnicate", '/as "unclosed'])
    result = _run(["console", "--db", str(tmp_path / "c.sqlite3"), "--images", str(tmp_path)], stdin=script)
    assert result.returncode == 0
    assert "no open table in this channel" in result.stdout
    assert "no game called 'chess'" in result.stdout
    assert "no option 'colour'" in result.stdout
    assert "Unknown command /frobnicate" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


async def _plan_hisss_game(seed: int, tmp_path: Path) -> list[tuple[str, str]]:
    """Play HISSS in-process with the console's ids and seed; return (user, key) per move."""
    store = await Store.open(tmp_path / "plan.sqlite3")
    tables = Tables(store, seeds=lambda: seed, render=False)
    ana, bo = user_named("ana"), user_named("bo")
    await tables.create(guild_id=None, channel_id=1, host=ana, slug="hisss")
    await tables.join(channel_id=1, user=bo)
    reply = await tables.start(channel_id=1, user=ana)
    chooser, moves = random.Random(seed), []
    names = {ana.id: "ana", bo.id: "bo"}
    while reply.turns:
        turn = reply.turns[0]
        key = chooser.choice(turn.actions).key
        moves.append((names[turn.user_id], key))
        reply = await tables.act(user=ana if turn.user_id == ana.id else bo, move=key, channel_id=1)
    await store.close()
    return moves


async def test_a_scripted_console_game_of_hisss_to_the_end(tmp_path: Path) -> None:
    seed = 2024
    moves = await _plan_hisss_game(seed, tmp_path)
    lines = ["/as ana", "/game new hisss", "/as bo", "/game join", "/as ana", "/game start", "/moves"]
    for name, key in moves:
        lines += [f"/as {name}", f"/play {key}"]
    lines += ["/game status", "/game history", "/board full", "/quit"]
    images = tmp_path / "pictures"
    result = _run(
        ["console", "--db", str(tmp_path / "game.sqlite3"), "--images", str(images), "--seed", str(seed)],
        stdin="\n".join(lines) + "\n",
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "✗" not in out, out[-3000:]
    assert "Traceback" not in out + result.stderr
    assert out.count("Game over") >= 2  # after the last move and in /game status
    # After every move the table card (what Discord shows), drawn from the public view.
    paths = [Path(p) for p in re.findall(r"\[picture: (.+?)\]", out)]
    assert len(paths) >= len(moves)
    for path in paths[:3] + paths[-3:]:
        with Image.open(io.BytesIO(path.read_bytes())) as picture:
            assert picture.format == "PNG" and picture.width >= 400
    store = await Store.open(tmp_path / "game.sqlite3")
    try:
        tables = Tables(store, render=False)
        live = await tables.load(await tables.latest_id_in(1))
        view = tables.public_view(live)
    finally:
        await store.close()
    assert paths[-1].read_bytes() == card_png(live.game, view)  # the last, from /game status
    # /board full writes the detailed board of the same view.
    [full] = [Path(p) for p in re.findall(r"\[full board: (.+?)\]", out)]
    assert full.read_bytes() == board_png(live.game, view)


def test_selfplay_finishes_games_and_reports_rates() -> None:
    result = _run(["selfplay", "hisss", "--games", "6", "--players", "3", "--seed", "5"])
    assert result.returncode == 0, result.stdout + result.stderr
    counts = [int(n) for n in re.findall(r"^game \d+: 3 players, (\d+) actions", result.stdout, re.M)]
    assert len(counts) == 6
    assert min(counts) >= 49  # one draw per card of the fan at least: every move went through the loop
    assert "{seat" not in result.stdout
    assert re.search(r"total: 6 games \(0 failed\).*games/s.*actions/s", result.stdout)


def test_selfplay_refuses_an_unknown_game() -> None:
    result = _run(["selfplay", "go-fish"])
    assert result.returncode == 2 and "no game called 'go-fish'" in result.stderr


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    """``python -m bot arena … | head -0``: the reader closes the pipe before the table is
    printed; the command stops quietly instead of printing a BrokenPipeError traceback."""
    env = {**os.environ, "DISCORD_TOKEN": ""}
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "arena", "chomp", "--players", "2", "--seats", "normal,random", "--games", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read().decode()
    assert process.wait(timeout=120) == 1
    assert "Traceback" not in errors and "BrokenPipeError" not in errors
