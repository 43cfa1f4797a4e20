"""Every game, start to finish, played by the real bot against the fake Discord with taps only.

For each of the eleven games the smallest table with the shortest options is opened with
``/game new``, ``join`` and ``start``; from then on nothing is typed. :class:`TapPlayer` plays
every move through what the bot posted: the table message's buttons and selects, the private
steps a group opens, the "Your moves (private)" panel of games with hidden hands, and amount
forms (a number in the range the form states). Real-time games play their turn-based mode.

Midway the bot process is stopped and started again: the same board's controls go on working.
Right after, a player taps a move twice at once: one tap plays, the other reaches a board the
state has moved on from and is refused privately ("out of date", with the current board),
pinging nobody and playing nothing. The game must reach its end.

The short games run in ``make test``; the long ones (hundreds of moves) are marked slow
(``make soak``). CPU per game is in the README's figures ("Tools for developers").
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.tap_driver import TapPlayer, is_over
from tests.e2e.test_bot_hisss import bot_env
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

MAX_MOVES = 1500

SLOW = pytest.mark.slow
GAMES: list[Any] = [
    # slug, options, players, moves before the restart: well before the shortest game ends (random
    # taps on a random table secret decide its length; a game over before it has no board to tap
    # twice after the restart). Long games are slow.
    pytest.param("hisss", "", 2, 30, id="hisss"),
    pytest.param("schwarzes-gold", "", 2, 40, id="schwarzes-gold"),
    pytest.param("silver-lake", "laps=2", 2, 8, id="silver-lake"),  # random play: 18-200 taps
    pytest.param("finders-keepers", "mode=turns", 2, 30, id="finders-keepers"),  # 57+ taps
    pytest.param("collide-o", "mode=turns", 2, 60, id="collide-o"),
    pytest.param("chomp", "mode=turns", 2, 12, id="chomp", marks=SLOW),  # 2-player games: ~30 taps
    pytest.param("killer-bunnies", "mode=turns", 2, 50, id="killer-bunnies", marks=SLOW),  # 85+ taps
    pytest.param("bullfrog-goldfield", "length=short", 2, 100, id="bullfrog-goldfield", marks=SLOW),
    pytest.param("construction-game", "end=years years=3", 2, 60, id="construction-game", marks=SLOW),  # 95+ taps
    pytest.param("puerto-rico", "", 3, 170, id="puerto-rico", marks=SLOW),
    pytest.param("1856", "", 3, 100, id="1856", marks=SLOW),
]
PRIVATE_HANDS = {"collide-o", "killer-bunnies"}
"""Games whose moves are offered on the private panel (their actions show a hidden hand)."""


@pytest.mark.parametrize(("slug", "options", "players", "restart_after"), GAMES)
async def test_a_whole_game_by_taps_with_a_restart_and_a_stale_tap(
    fake_discord: FakeDiscord, bot_processes: Any, tmp_path: Path, slug: str, options: str, players: int,
    restart_after: int,
) -> None:
    fake = fake_discord
    proc = bot_processes([sys.executable, "-m", "bot", "run"]).start(bot_env(fake, tmp_path))
    await fake.wait_ready()
    await fake.wait_commands(["game", "play", "hand", "board"])
    channel = fake.channel("games")
    names = ["alice", "bob", "carol"][:players]
    users = {fake.user(name).id: name for name in names}
    await fake.slash("alice", channel, "game new", options={"game": slug, **({"options": options} if options else {})})
    for name in names[1:]:
        await fake.slash(name, channel, "game join")
    await fake.slash("alice", channel, "game start")
    driver = TapPlayer(fake, channel, users, random.Random(f"{slug}-taps"))

    stale = None
    while not is_over(driver.board()):
        assert driver.moves < MAX_MOVES, f"{slug} did not end within {MAX_MOVES} moves"
        if driver.moves == restart_after:
            await proc.restart()  # the board posted before keeps working
            await fake.wait_ready(min_sessions=2)
        if driver.moves > restart_after and stale is None:
            before = len(fake.messages_in(channel))
            stale = await driver.double_tap()
            if stale is not None:
                # Refused privately, with the current board; nothing played twice, nobody pinged.
                assert all(m.ephemeral for m in stale.messages) and "out of date" in stale.text
                assert all(m.pinged_user_ids == [] for m in stale.messages)
                assert len(fake.messages_in(channel)) == before + 1  # the one board of the one move
                continue
        await driver.play_move()

    final = driver.board()
    assert "Game over" in final.text and final.pinged_user_ids == []
    assert stale is not None, "no board after the restart offered a move to tap twice"
    assert driver.moves > restart_after
    if slug in PRIVATE_HANDS:
        assert driver.used["panel"] > 0, driver.used
    print(f"\n{slug}: {driver.moves} moves by taps {dict(driver.used)}; {len(driver.refusals)} private refusals")
    await fake.settle()
    assert fake.errors == [], fake.errors
    proc.assert_clean()
