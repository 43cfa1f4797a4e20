"""Signed links to a table's web page, and the CSRF token of a player's page.

Three kinds of secret, all HMAC-SHA256 under the installation's key (:func:`bot.web.server.web_key`):

* **The table link** ``/t/<table>/<watch>``: ``watch`` is a MAC of the table number. Anyone
  holding it may watch (the public view only); it cannot be guessed for another table, so a
  server's tables are not listed to the world by counting. It never expires: a finished game's
  replay keeps the same link (``/r/<table>/<watch>``).
* **A seat link** ``/s#<token>``: names the table, the seat, the user it was issued to, when
  it was issued and when it expires, and carries a MAC over all of them. The token travels in
  the URL *fragment*, which browsers never send to a server, so no access log, proxy log or
  ``Referer`` header ever holds it; the page posts it once and receives a cookie instead.
  A seat's links are revoked by recording a time: every link issued before it is refused.
* **The CSRF token** of a player's page: a MAC of the seat token, given to the page and
  checked on every move, so a move needs both the cookie and something only the page read.

Only the standard library is used, and the bot's words (a refusal is a
:class:`~bot.engine.words.Text`, said in the reader's language by the server).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

from bot.engine.words import CORE, texts

T, Tn, Tp = texts(CORE)

TOKEN_VERSION = "1"
MAC_BYTES = 18
"""144 bits of MAC: far beyond guessing, and 24 URL-safe characters."""
WATCH_BYTES = 16
_NUMBER = re.compile(r"^-?\d{1,20}$")


class BadLink(ValueError):
    """A seat link that is forged, damaged, expired or revoked (the message, ``args[0]``, says
    which: a :class:`~bot.engine.words.Text`)."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@dataclass(frozen=True, slots=True)
class SeatPass:
    """What a valid seat link grants: play ``seat`` of ``table_id`` as ``user_id`` until ``expires``."""

    table_id: int
    seat: int
    user_id: int
    issued_ms: int
    """When the link was made (milliseconds): a revocation refuses links issued at or before it."""
    expires: int
    """Unix seconds after which the link is refused."""


class Signer:
    """Makes and checks the links of one installation (one key)."""

    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("the web key must be at least 16 bytes")
        self._key = key

    def _mac(self, purpose: str, text: str, size: int) -> str:
        return _b64(hmac.new(self._key, f"{purpose}|{text}".encode(), hashlib.sha256).digest()[:size])

    # -- the table link ---------------------------------------------------------------------

    def watch(self, table_id: int) -> str:
        """The secret part of the table link ``/t/<table>/<watch>``."""
        return self._mac("watch", str(table_id), WATCH_BYTES)

    def check_watch(self, table_id: int, watch: str) -> bool:
        return hmac.compare_digest(self.watch(table_id), watch)

    # -- seat links -------------------------------------------------------------------------

    def seat_token(self, seat_pass: SeatPass) -> str:
        """The token of a seat link: ``1.<table>.<seat>.<user>.<issued ms>.<expires>.<mac>``."""
        body = ".".join(
            str(part) for part in (TOKEN_VERSION, seat_pass.table_id, seat_pass.seat, seat_pass.user_id,
                                   seat_pass.issued_ms, seat_pass.expires)
        )
        return f"{body}.{self._mac('seat', body, MAC_BYTES)}"

    def read_seat_token(self, token: str, *, now: float) -> SeatPass:
        """The pass a token grants, or :class:`BadLink` saying why not (revocation is the
        caller's check: it needs the store)."""
        parts = token.strip().split(".")
        if len(parts) != 7 or parts[0] != TOKEN_VERSION or not all(_NUMBER.match(p) for p in parts[1:6]):
            raise BadLink(T("This link is damaged or not a gamemaster seat link. Ask for a new one with /game web."))
        body, mac = ".".join(parts[:6]), parts[6]
        if not hmac.compare_digest(self._mac("seat", body, MAC_BYTES), mac):
            raise BadLink(T("This link was not made by this bot (its signature does not match). "
                            "Ask for a new one with /game web."))
        table_id, seat, user_id, issued_ms, expires = (int(p) for p in parts[1:6])
        if expires <= now:
            raise BadLink(T("This link has expired. Ask for a new one with /game web."))
        return SeatPass(table_id, seat, user_id, issued_ms, expires)

    def csrf(self, token: str) -> str:
        """The CSRF token of the page opened with seat token ``token``."""
        return self._mac("csrf", token, MAC_BYTES)

    def check_csrf(self, token: str, given: str) -> bool:
        return bool(given) and hmac.compare_digest(self.csrf(token), given)
