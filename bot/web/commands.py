"""What ``/game web`` answers (Discord, and the console's ``/web``): the links of a table.

Plain text for one user, meant to be shown to that user alone: the table link (anyone may
watch), the replay link of a finished game, and — for a player of a running game — their own
seat link, which is a secret (whoever holds it plays that seat until it expires or is revoked).
"""

from __future__ import annotations

from bot.engine.words import CORE, texts
from bot.i18n import say
from bot.replies import User
from bot.tables import GameNotRunning, NotSeated, Tables
from bot.web.server import WebTable

T, Tn, Tp = texts(CORE)


async def web_links(front: WebTable, tables: Tables, *, channel_id: int, user: User) -> str:
    """The links of this channel's table (or the last one played here) for ``user``, in
    ``user.language``."""
    live = await tables.load(await tables.latest_id_in(channel_id))
    title = say(live.game.title, user.language, (live.game.slug,))
    lines = [T("{title}, table {table} on the web:", title=title, table=live.id),
             T("Watch (anyone with this link sees the public board): {link}", link=front.table_url(live.id))]
    if live.row.status == "over":
        lines.append(T("Replay, move by move (share it freely): {link}", link=front.replay_url(live.id)))
    seat = live.seat_of(user.id)
    if live.row.status == "playing" and seat is not None:
        link, expires = front.seat_link(live.id, seat, user.id)
        lines.append(T("Your own link to play your seat — keep it to yourself; it works until {when}, "
                       "or until you revoke it with /game web revoke:True:\n{link}", when=f"<t:{expires}:f>", link=link))
    elif live.row.status == "lobby":
        lines.append(T("Once the game starts, /game web gives each player their own link to play from."))
    return "\n".join(say(line, user.language) for line in lines)


async def revoke_links(front: WebTable, tables: Tables, *, channel_id: int, user: User) -> str:
    """Refuse every web link ``user`` was given for their seat at this channel's table."""
    live = await tables.load(await tables.latest_id_in(channel_id))
    seat = live.seat_of(user.id)
    if seat is None:
        raise NotSeated(T("You are not seated at this table, so you have no link to revoke."))
    if live.row.status == "lobby":
        raise GameNotRunning(T("The game has not started: there are no links to revoke yet."))
    await front.revoke(live.id, seat)
    return T("Done: every link you were given for this table is refused from now on (open pages stop working). "
             "/game web makes a new one.")
