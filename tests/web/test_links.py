"""Signed links, CSRF tokens, rate limits, the WEB_* settings and the page's region targets:
the web table's pure parts, without a server."""

from __future__ import annotations

import pytest

from bot.config import parse_web
from bot.engine import Action
from bot.render.regions import Region
from bot.web.limits import RateLimit
from bot.web.links import BadLink, SeatPass, Signer
from bot.web.page import region_targets
from bot.web.server import redact_path
from tests.conftest import FakeClock

NOW = 1_800_000_000.0


def test_a_seat_token_round_trips_and_names_table_seat_user_and_expiry() -> None:
    signer = Signer(b"k" * 32)
    granted = SeatPass(12, 1, 987654321012345678, int(NOW * 1000), int(NOW) + 3600)
    token = signer.seat_token(granted)
    assert signer.read_seat_token(token, now=NOW) == granted
    assert signer.read_seat_token(token, now=NOW + 3599) == granted


@pytest.mark.parametrize("change", ["table", "seat", "user", "expiry", "mac"])
def test_a_forged_seat_token_is_refused(change: str) -> None:
    signer = Signer(b"k" * 32)
    parts = signer.seat_token(SeatPass(12, 1, 55, int(NOW * 1000), int(NOW) + 3600)).split(".")
    index = {"table": 1, "seat": 2, "user": 3, "expiry": 5, "mac": 6}[change]
    parts[index] = "A" * len(parts[index]) if change == "mac" else str(int(parts[index]) + 1)
    with pytest.raises(BadLink, match="signature"):
        signer.read_seat_token(".".join(parts), now=NOW)


def test_another_installation_key_and_damaged_tokens_are_refused() -> None:
    token = Signer(b"k" * 32).seat_token(SeatPass(1, 0, 5, 0, int(NOW) + 60))
    with pytest.raises(BadLink, match="not made by this bot"):
        Signer(b"j" * 32).read_seat_token(token, now=NOW)
    for damaged in ("", "1.2.3", token + ".x", token.replace("1.", "2.", 1), "1.a.0.5.0.9.mac"):
        with pytest.raises(BadLink):
            Signer(b"k" * 32).read_seat_token(damaged, now=NOW)


def test_an_expired_seat_token_is_refused() -> None:
    signer = Signer(b"k" * 32)
    token = signer.seat_token(SeatPass(1, 0, 5, 0, int(NOW) + 60))
    with pytest.raises(BadLink, match="expired"):
        signer.read_seat_token(token, now=NOW + 60)


def test_watch_and_csrf_tokens_are_keyed_per_table_and_per_seat_token() -> None:
    signer = Signer(b"k" * 32)
    assert signer.check_watch(3, signer.watch(3))
    assert not signer.check_watch(4, signer.watch(3))
    assert signer.watch(3) != Signer(b"j" * 32).watch(3)
    token = signer.seat_token(SeatPass(3, 0, 5, 0, int(NOW) + 60))
    other = signer.seat_token(SeatPass(3, 1, 6, 0, int(NOW) + 60))
    assert signer.check_csrf(token, signer.csrf(token))
    assert not signer.check_csrf(token, signer.csrf(other))
    assert not signer.check_csrf(token, "")


def test_a_rate_limit_allows_a_burst_then_the_sustained_rate() -> None:
    clock = FakeClock(0.0)
    limit = RateLimit(rate=2.0, burst=3, clock=clock)
    assert [limit.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limit.take("a") == pytest.approx(0.5)
    assert limit.take("b") == 0.0  # every key has its own bucket
    clock.advance(0.5)
    assert limit.take("a") == 0.0
    assert limit.take("a") > 0.0
    clock.advance(10)
    assert [limit.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]  # refilled to the burst, no more
    assert limit.take("a") > 0.0


def test_web_settings_are_off_without_a_port_and_explain_bad_values() -> None:
    assert parse_web(None, None, None, None, None) is None
    web = parse_web("8080", "", "https://games.example.org/", None, "")
    assert web is not None and (web.port, web.host, web.base_url, web.link_hours) == (
        8080, "127.0.0.1", "https://games.example.org", 168.0)
    assert "secret=<from the database>" in repr(web)
    assert "hunter2hunter2hunter2" not in repr(parse_web("1", None, None, "hunter2hunter2hunter2", None))
    for args, words in [(("x",), "WEB_PORT must be a port"), (("70000",), "between 0 and 65535"),
                        (("80", None, "games.example.org"), "WEB_BASE_URL"), (("80", None, None, "short"), "16"),
                        (("80", None, None, None, "-1"), "WEB_LINK_HOURS")]:
        full = (*args, None, None, None, None)[:5]
        with pytest.raises(SystemExit, match=words):
            parse_web(*full)


def test_regions_become_targets_only_for_the_moves_of_this_prompt() -> None:
    actions = [
        Action("lay:K12:57:0", "Tile 57, rotation 0", group=("Lay track", "K12")),
        Action("lay:K12:57:1", "Tile 57, rotation 1", group=("Lay track", "K12")),
        Action("token:F9", "Place a station at F9", group=("Station", "F9")),
        Action("pass", "Pass", main=True),
        Action("build:harbor", "Harbor", main=True),
    ]
    regions = [Region("K12", (0, 0, 10, 10)), Region("F9", (10, 0, 20, 10)), Region("A1", (20, 0, 30, 10)),
               Region("Harbor", (0, 10, 30, 20))]
    targets = {target["name"]: target for target in region_targets(actions, regions)}
    assert set(targets) == {"K12", "F9", "Harbor"}  # A1 is on the board but not a choice now
    assert targets["K12"]["paths"] == [["Lay track", "K12"]]
    assert targets["F9"]["key"] == "token:F9"
    assert targets["Harbor"]["key"] == "build:harbor"
    assert targets["K12"]["box"] == [0, 0, 10, 10]


def test_the_access_log_path_hides_the_table_links_secret() -> None:
    assert redact_path("/t/12/AbCdEf_-12/state?v=3") == "/t/12/…/state"
    assert redact_path("/r/5/secretsecret/frame.png?move=2") == "/r/5/…/frame.png"
    assert redact_path("/s") == "/s"
