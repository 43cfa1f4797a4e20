"""The web table: a page per table served by the bot's own process (aiohttp).

Anyone with a table's link watches the live board, the players, whose turn it is and the
log, updated as moves happen (server-sent events); a player who opens their own signed link
(``/game web``) also sees their private picture and plays by clicking — the grouped move
controls of the Discord board, and regions on the board picture where the game's renderer
says where things are drawn. Finished games have a shareable replay.

* :mod:`bot.web.links` — signed table and seat links, CSRF tokens
* :mod:`bot.web.limits` — per-address and per-seat rate limits
* :mod:`bot.web.feed` — waking open pages when a table changes
* :mod:`bot.web.page` — the page's JSON: controls and clickable regions
* :mod:`bot.web.server` — the aiohttp application and :func:`start_web`

Like every front end, it knows no game's rules: moves go through
:meth:`bot.tables.Tables.act`, pictures are drawn from views.
"""
