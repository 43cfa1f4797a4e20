"""The daily digest: one direct message a day listing the tables waiting on a player.

A player who picks ``/settings notify digest`` is not pinged per decision (no mention, no DM);
instead the scheduler calls :meth:`Digests.due` on every tick and, once a day per player, gets a
:class:`Digest` to send: every open table (in any server) that waits on them now, with a link
to its channel. The time of the last digest is stored (``digest_at``) and claimed before the
message goes out, so a restart or a second scheduler never sends the same day's digest twice
(at worst a crash between the claim and the send loses that one day's message). A day with
nothing waiting sends nothing and claims nothing: the digest comes as soon as something waits.

The clock is injected (the session layer's), so tests move time by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.words import CORE, texts
from bot.i18n import say
from bot.replies import TableSummary
from bot.tables import TableError, Tables

T, Tn, Tp = texts(CORE)

DAY = 24 * 3600.0
DIGEST_EVERY = DAY
"""The least time between two digests of one player."""


@dataclass(frozen=True, slots=True)
class Digest:
    """One player's digest: whom to DM, and the lines (one per table waiting on them)."""

    user_id: int
    tables: tuple[TableSummary, ...]
    guilds: tuple[int | None, ...]
    """The server of each table, for its link (``None``: a table outside any server)."""
    language: str = "en"
    """The player's language (their client's, when the bot has seen it; else their first table's)."""

    def text(self) -> str:
        lines = [Tn("Your daily digest: {n} game waiting for your move.",
                    "Your daily digest: {n} games waiting for your move.", len(self.tables))]
        for summary, guild_id in zip(self.tables, self.guilds, strict=True):
            lines.append(T("• {title} (table {table}), waiting since {since}: {link}",
                           title=say(summary.title, self.language, (summary.slug,)), table=summary.table_id,
                           since=f"<t:{int(summary.since)}:R>",
                           link=f"https://discord.com/channels/{guild_id or '@me'}/{summary.channel_id}"))
        lines.append(T("Change how you are told with /settings notify."))
        return "\n".join(say(line, self.language) for line in lines)


class Digests:
    """Which digests are due, over one :class:`Tables`."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store

    async def due(self, now: float) -> list[Digest]:
        """The digests to send at ``now``, each already claimed for today (send every one)."""
        wanted = await self.store.digest_users()
        if not wanted:
            return []
        ready = {user_id for user_id, settings in wanted.items()
                 if settings["digest_at"] is None or now - settings["digest_at"] >= DIGEST_EVERY}
        if not ready:
            return []
        waiting: dict[int, list[tuple[TableSummary, int | None]]] = {}
        languages: dict[int, str] = {}
        for row in await self.store.tables(statuses=("playing",)):
            if row.paused:
                continue
            try:
                summary = self.tables.summary(await self.tables.load(row.id))
                languages[row.id] = row.language
            except TableError:
                continue  # e.g. its engine failed on loading it: the others are still listed
            finally:
                if not self.tables.owns(row.guild_id):
                    self.tables.forget(row.id)  # another process plays it: keep no copy that would age here
            for user_id in summary.waiting_user_ids:
                if user_id in ready:
                    waiting.setdefault(user_id, []).append((summary, row.guild_id))
        digests = []
        for user_id in sorted(waiting):
            away = wanted[user_id]["away_until"]
            if away is not None and away > now:
                continue  # away: no digest until they are back
            await self.store.set_user_settings(user_id, now=now, digest_at=now)
            found = sorted(waiting[user_id], key=lambda item: item[0].since)
            language = wanted[user_id]["language"] or languages.get(found[0][0].table_id, "en")
            digests.append(Digest(user_id, tuple(s for s, _ in found), tuple(g for _, g in found), language))
        return digests
