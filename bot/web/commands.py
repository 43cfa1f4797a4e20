"""What ``/game web`` answers (Discord, and the console's ``/web``): the links of a table.

Plain text for one user, meant to be shown to that user alone: the table link (anyone may
watch), the replay link of a finished game, and — for a player of a running game — their own
seat link, which is a secret (whoever holds it plays that seat until it expires or is revoked).
"""

from __future__ import annotations

from bot.replies import User
from bot.tables import GameNotRunning, NotSeated, Tables
from bot.web.server import WebTable


async def web_links(front: WebTable, tables: Tables, *, channel_id: int, user: User) -> str:
    """The links of this channel's table (or the last one played here) for ``user``."""
    live = await tables.load(await tables.latest_id_in(channel_id))
    lines = [f"{live.game.title}, table {live.id} on the web:",
             f"Watch (anyone with this link sees the public board): {front.table_url(live.id)}"]
    if live.row.status == "over":
        lines.append(f"Replay, move by move (share it freely): {front.replay_url(live.id)}")
    seat = live.seat_of(user.id)
    if live.row.status == "playing" and seat is not None:
        link, expires = front.seat_link(live.id, seat, user.id)
        lines.append(f"Your own link to play your seat — keep it to yourself; it works until <t:{expires}:f>, "
                     f"or until you revoke it with /game web revoke:True:\n{link}")
    elif live.row.status == "lobby":
        lines.append("Once the game starts, /game web gives each player their own link to play from.")
    return "\n".join(lines)


async def revoke_links(front: WebTable, tables: Tables, *, channel_id: int, user: User) -> str:
    """Refuse every web link ``user`` was given for their seat at this channel's table."""
    live = await tables.load(await tables.latest_id_in(channel_id))
    seat = live.seat_of(user.id)
    if seat is None:
        raise NotSeated("You are not seated at this table, so you have no link to revoke.")
    if live.row.status == "lobby":
        raise GameNotRunning("The game has not started: there are no links to revoke yet.")
    await front.revoke(live.id, seat)
    return ("Done: every link you were given for this table is refused from now on (open pages stop working). "
            "/game web makes a new one.")
