"""Every command and component callback with mocked interactions over a real session layer.

The interaction stand-in records what the cog sent; under it run the real ``Tables`` and a
real SQLite file, so these tests check the adapters, not a mock of the game.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.config import Settings
from bot.engine import Action
from bot.moderation import Moderation
from bot.playbypost import PlayByPost
from bot.render import card_png
from bot.rulebook import own_pages
from bot.store import Store
from bot.tables import Tables
from cogs import _ui
from cogs._ui import (
    LobbyButton,
    MoveButton,
    MoveSelect,
    MyMovesButton,
    RequestButton,
    move_rows,
    reply_message,
)
from cogs.admin import Admin
from cogs.games import Games, parse_options
from cogs.play import Play, rank_moves
from cogs.settings import Settings as SettingsCog

CHANNEL, GUILD = 500, 1


@dataclass
class Sent:
    kind: str
    content: str | None = None
    ephemeral: bool = False
    files: list[bytes] = field(default_factory=list)
    view: discord.ui.BaseView | None = None
    mentions: discord.AllowedMentions | None = None

    @property
    def custom_ids(self) -> list[str]:
        """The custom_id of every button and select, nested ones included."""
        return control_ids(self.view)


def control_ids(view: discord.ui.BaseView | None) -> list[str]:
    """The custom_id of every button and select of ``view``, in order (a layout's action rows too)."""
    if view is None:
        return []
    return [item.custom_id for item in view.walk_children() if getattr(item, "custom_id", None)]


def gallery_urls(view: discord.ui.BaseView | None) -> list[str]:
    """The media URLs of a layout's galleries."""
    if view is None:
        return []
    return [entry.media.url for item in view.walk_children() if isinstance(item, discord.ui.MediaGallery)
            for entry in item.items]


MESSAGE_IDS = itertools.count(7000)
"""Ids of the messages the fake interactions post."""


class FakeResponse:
    def __init__(self, log: list[Sent]) -> None:
        self.log = log
        self._done = False

    def is_done(self) -> bool:
        return self._done

    async def send_message(self, content: str | None = None, **kw: Any) -> SimpleNamespace:
        assert not self._done, "responded twice"
        self._done = True
        self.log.append(_sent("response", content, kw))
        return SimpleNamespace(message_id=next(MESSAGE_IDS))  # as discord.py's InteractionCallbackResponse

    async def defer(self, **kw: Any) -> None:
        self._done = True
        self.log.append(Sent("defer-thinking" if kw.get("thinking") else "defer", ephemeral=kw.get("ephemeral", False)))

    async def edit_message(self, **kw: Any) -> None:
        assert not self._done, "responded twice"
        self._done = True
        self.log.append(_sent("edit_message", None, kw))


class FakeFollowup:
    def __init__(self, log: list[Sent]) -> None:
        self.log = log

    async def send(self, content: str | None = None, **kw: Any) -> None:
        self.log.append(_sent("followup", content, kw))


def _sent(kind: str, content: str | None, kw: dict[str, Any]) -> Sent:
    files = [kw["file"]] if "file" in kw else list(kw.get("attachments") or [])
    if content is None:
        content = kw.get("content")
    view = kw.get("view")
    if content is None and isinstance(view, discord.ui.LayoutView):  # a components-v2 message: its text displays
        content = "\n".join(item.content for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay))
    return Sent(
        kind,
        content,
        bool(kw.get("ephemeral")),
        [f.fp.read() for f in files],
        kw.get("view"),
        kw.get("allowed_mentions"),
    )


class FakeMessage:
    def __init__(self) -> None:
        self.id = 4242
        self.flags = SimpleNamespace(ephemeral=False)  # a public board (private panels are ephemeral)
        self.edits: list[dict[str, Any]] = []

    async def edit(self, **kw: Any) -> None:
        self.edits.append(kw)


class FakeInteraction:
    def __init__(self, client: Any, user_id: int, name: str, *, manage_channels: bool = False, **extra: Any) -> None:
        self.client = client
        self.user = SimpleNamespace(id=user_id, display_name=name, roles=extra.get("roles", []))
        self.channel_id = extra.get("channel_id", CHANNEL)
        self.channel = None
        self.guild_id = GUILD
        self.locale = extra.get("locale", "en-US")  # discord.Locale's str: "pl", "hu", "de", "en-US"
        self.guild_locale = extra.get("guild_locale", "en-US")
        self.permissions = SimpleNamespace(manage_channels=manage_channels)
        self.namespace = SimpleNamespace(**extra.get("namespace", {}))
        self.data = extra.get("data", {})
        self.message = FakeMessage()
        self.log: list[Sent] = []
        self.response = FakeResponse(self.log)
        self.followup = FakeFollowup(self.log)

    async def delete_original_response(self) -> None:
        self.log.append(Sent("delete"))

    async def edit_original_response(self, **kw: Any) -> None:
        assert self.response.is_done(), "edited the original response before answering"
        self.log.append(_sent("edit_original", None, kw))


@pytest.fixture
async def client(tmp_path: Path, clock: Any) -> Any:
    store = await Store.open(tmp_path / "cogs.sqlite3")
    counter = iter(range(10, 10_000))
    settings = Settings(None, None, str(tmp_path / "cogs.sqlite3"), "INFO", "Referee", tmp_path, None)
    tables = Tables(store, clock=clock, seeds=lambda: next(counter))
    pbp = PlayByPost(tables)
    dms: list[tuple[int, str]] = []

    class DMUser:
        def __init__(self, user_id: int) -> None:
            self.id = user_id

        async def send(self, text: str) -> None:
            if self.id == CLOSED_DMS:
                raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": 50007, "message": "x"})
            dms.append((self.id, text))

    channel_posts: list[str] = []

    board_edits: list[tuple[int, dict[str, Any]]] = []

    class Channel:
        async def send(self, content: str, **kw: Any) -> None:
            channel_posts.append(content)

        def get_partial_message(self, message_id: int) -> Any:
            async def edit(**kw: Any) -> None:
                board_edits.append((message_id, kw))

            return SimpleNamespace(id=message_id, edit=edit)

    yield SimpleNamespace(
        tables=tables, settings=settings, pbp=pbp, moderation=Moderation(tables, pbp), dms=dms,
        channel_posts=channel_posts, get_user=lambda user_id: DMUser(user_id), get_channel=lambda _id: Channel(),
        board_edits=board_edits,
    )
    await store.close()


CLOSED_DMS = 103


def ana(client: Any, **kw: Any) -> FakeInteraction:
    return FakeInteraction(client, 101, "Ana", **kw)


def bo(client: Any, **kw: Any) -> FakeInteraction:
    return FakeInteraction(client, 102, "Bo", **kw)


async def call(command: Any, cog: Any, interaction: FakeInteraction, **kw: Any) -> list[Sent]:
    await command.callback(cog, interaction, **kw)
    return interaction.log


async def _started_hisss(client: Any) -> tuple[Games, Play]:
    games, play = Games(client), Play(client)
    await call(Games.new, games, ana(client), game="hisss", options=None)
    await call(Games.join, games, bo(client))
    await call(Games.start, games, ana(client))
    return games, play


def started_table(client: Any) -> int:
    return next(iter(client.tables._live))


def _whose_turn(client: Any) -> int:
    live = client.tables._live[next(iter(client.tables._live))]
    return client.tables.turns(live)[0].user_id


async def test_new_join_start_posts_a_board_with_buttons_and_one_mention(client: Any) -> None:
    games = Games(client)
    [created] = await call(Games.new, games, ana(client), game="hisss", options=None)
    assert "Ana opened a table for HISSS" in created.content and not created.ephemeral
    [joined] = await call(Games.join, games, bo(client))
    assert "Bo joined" in joined.content
    [started] = await call(Games.start, games, ana(client))
    assert "HISSS begins" in started.content
    # The table message: a components-v2 layout whose gallery shows the attached card, drawn
    # from the public view.
    live = client.tables._live[started_table(client)]
    assert isinstance(started.view, discord.ui.LayoutView) and gallery_urls(started.view) == ["attachment://card.png"]
    assert started.files == [card_png(live.game, client.tables.public_view(live))]
    mover = _whose_turn(client)
    assert started.mentions is not None and [u.id for u in started.mentions.users] == [mover]
    assert started.mentions.everyone is False and f"<@{mover}>" in started.content
    # HISSS offers one draw per card in the fan, filed by its rows (A–E): five menus; then Full board.
    table = started_table(client)
    assert started.custom_ids == [*(f"gm-select:{table}:0:{row}" for row in range(5)), f"gm-full:{table}"]


async def test_refusals_are_private_and_specific(client: Any) -> None:
    games, play = Games(client), Play(client)
    [no_table] = await call(Play.play, play, ana(client), move="draw:1")
    assert no_table.ephemeral and "no open table" in no_table.content
    [bad_option] = await call(Games.new, games, ana(client), game="hisss", options="speed")
    assert bad_option.ephemeral and "name=value" in bad_option.content
    [unknown] = await call(Games.new, games, ana(client), game="chess", options=None)
    assert unknown.ephemeral and "no game called 'chess'" in unknown.content
    await call(Games.new, games, ana(client), game="hisss", options=None)
    [not_host] = await call(Games.start, games, bo(client))
    assert not_host.ephemeral and "Only the host" in not_host.content
    [too_few] = await call(Games.start, games, ana(client))
    assert too_few.ephemeral and "needs 2–5 players; 1 seated" in too_few.content
    await call(Games.join, games, bo(client))
    await call(Games.start, games, ana(client))
    waiting = 101 if _whose_turn(client) == 102 else 102
    [not_turn] = await call(Play.play, play, FakeInteraction(client, waiting, "x"), move="draw:1")
    assert not_turn.ephemeral and "not your turn" in not_turn.content
    [stranger] = await call(Play.play, play, FakeInteraction(client, 999, "Eve"), move="draw:1")
    assert stranger.ephemeral and "not seated" in stranger.content


async def test_play_by_slash_command_and_autocomplete(client: Any) -> None:
    _, play = await _started_hisss(client)
    mover = _whose_turn(client)
    who = FakeInteraction(client, mover, "Mover")
    choices = await play.move_choices(who, "7")
    assert choices and choices[0].value == "draw:7"
    assert len(await play.move_choices(who, "")) == 25
    assert await play.move_choices(FakeInteraction(client, 999, "Eve"), "") == []
    sent = await call(Play.play, play, who, move="draw:7")
    assert not sent[0].ephemeral and "draws" in sent[0].content and sent[0].files


async def test_button_click_plays_and_clears_the_old_board(client: Any) -> None:
    await _started_hisss(client)
    mover = _whose_turn(client)
    table_id = next(iter(client.tables._live))
    click = FakeInteraction(client, mover, "Mover")
    await MoveButton(table_id, 0, "draw:3", "Draw card 3").callback(click)
    assert "draws" in click.log[0].content and click.log[0].files
    assert click.message.edits == [{"view": None}]
    # The same (now outdated) button again: a private refusal with the current board.
    again = FakeInteraction(client, mover, "Mover")
    await MoveButton(table_id, 0, "draw:3", "Draw card 3").callback(again)
    assert again.log[0].ephemeral and "out of date" in again.log[0].content and again.log[0].files
    assert again.log[0].mentions is not None and again.log[0].mentions.users == []


async def _live_board_table(client: Any) -> int:
    """A started HISSS table posted in edit mode, whose live board is the FakeMessage clicked."""
    await _started_hisss(client)
    table_id = started_table(client)
    await client.tables.store.set_channel_settings(CHANNEL, GUILD, {"posting": "edit"}, actor_id=101, now=0.0)
    await client.tables.set_live_message(table_id, FakeMessage().id, None)
    return table_id


def _slow_moves(client: Any, click: FakeInteraction, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every move outlast the defer timer: it starts only once the interaction is deferred."""
    deferred = asyncio.Event()
    act, defer = client.tables.act, click.response.defer

    async def act_after_the_defer(**kw: Any) -> Any:
        await deferred.wait()
        return await act(**kw)

    async def defer_and_tell(**kw: Any) -> None:
        await defer(**kw)
        deferred.set()

    monkeypatch.setattr(_ui, "DEFER_AFTER", 0.0)
    monkeypatch.setattr(client.tables, "act", act_after_the_defer)
    monkeypatch.setattr(click.response, "defer", defer_and_tell)


@pytest.mark.parametrize("slow", [False, True])
async def test_a_click_on_the_live_board_edits_it_even_when_the_move_is_slow(
    client: Any, monkeypatch: pytest.MonkeyPatch, slow: bool
) -> None:
    table_id = await _live_board_table(client)
    click = FakeInteraction(client, _whose_turn(client), "Mover")
    if slow:
        _slow_moves(client, click, monkeypatch)
    await MoveButton(table_id, 0, "draw:3", "Draw card 3").callback(click)
    # Slow: a deferred update of the clicked board, then that board edited through the
    # interaction — no "thinking…" message, nothing left in the channel saying "Done".
    assert [sent.kind for sent in click.log] == (["defer", "edit_original"] if slow else ["edit_message"])
    assert "draws" in (click.log[-1].content or "") and click.log[-1].files
    assert click.message.edits == []


async def test_a_refused_slow_click_on_the_live_board_keeps_the_board(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = await _live_board_table(client)
    someone_else = next(user for user in (101, 102) if user != _whose_turn(client))
    click = FakeInteraction(client, someone_else, "Other")
    _slow_moves(client, click, monkeypatch)
    await MoveButton(table_id, 0, "draw:3", "Draw card 3").callback(click)
    # The original response of a deferred update is the board itself: it is not deleted.
    assert [sent.kind for sent in click.log] == ["defer", "followup"] and click.log[1].ephemeral


async def test_select_menu_plays_the_chosen_value(client: Any) -> None:
    await _started_hisss(client)
    mover = _whose_turn(client)
    table_id = next(iter(client.tables._live))
    pick = FakeInteraction(client, mover, "Mover", data={"values": ["draw:2"]})
    await MoveSelect(table_id, 0, part=1).callback(pick)
    assert "draws" in pick.log[0].content
    empty = FakeInteraction(client, mover, "Mover", data={})
    await MoveSelect(table_id, 1, part=0).callback(empty)
    assert empty.log[0].ephemeral


async def test_status_board_history_hand_list_rules(client: Any, tmp_path: Path) -> None:
    games, play = await _started_hisss(client)
    [status] = await call(Games.status, games, ana(client))
    assert "HISSS" in status.content and status.files and status.mentions.users == []
    [board] = await call(Play.board, play, bo(client))
    assert board.files and not board.ephemeral
    [history] = await call(Games.history, games, ana(client))
    assert history.ephemeral and "no moves yet" in history.content
    [hand] = await call(Play.hand, play, ana(client))
    assert hand.ephemeral and "You are seat" in hand.content
    [listing] = await call(Games.list_tables, games, ana(client))
    assert listing.ephemeral and f"<#{CHANNEL}>" in listing.content and "waiting for" in listing.content
    (tmp_path / "hisss.txt").write_text("Para one.\n\n" + "word " * 800 + "\n\nLast para.")
    [rules] = await call(Games.rules, games, ana(client), game="hisss", page=1)
    assert rules.ephemeral and "Players: 2–5" in rules.content and "page:2" in rules.content
    book = 2 + len(own_pages("hisss"))  # our how-to-play pages come first, then the rulebook folder
    [first_book_page] = await call(Games.rules, games, ana(client), game="hisss", page=book)
    assert f"page {book}/" in first_book_page.content and "Para one." in first_book_page.content
    [too_far] = await call(Games.rules, games, ana(client), game="hisss", page=40)
    assert too_far.ephemeral and "choose 1–" in too_far.content


async def test_cancel_needs_host_or_moderator_role(client: Any) -> None:
    games, _ = await _started_hisss(client)
    [refused] = await call(Games.cancel, games, bo(client))
    assert refused.ephemeral and "Only the host or a moderator" in refused.content
    referee = SimpleNamespace(name="Referee", id=77)
    [done] = await call(Games.cancel, games, FakeInteraction(client, 555, "Mod", roles=[referee]))
    assert "cancelled" in done.content


async def test_leave_before_start(client: Any) -> None:
    games = Games(client)
    await call(Games.new, games, ana(client), game="hisss", options=None)
    await call(Games.join, games, bo(client))
    [left] = await call(Games.leave, games, bo(client))
    assert "Bo left" in left.content


async def test_unexpected_errors_are_logged_and_apologised(client: Any, caplog: Any) -> None:
    _, play = await _started_hisss(client)

    async def broken(**kw: Any) -> None:
        raise RuntimeError("boom")

    client.tables.act = broken
    [sent] = await call(Play.play, play, ana(client), move="draw:1")
    assert sent.ephemeral and sent.content == _ui.APOLOGY
    assert "command failed" in caplog.text and "boom" in caplog.text


async def test_option_autocomplete_offers_name_value_pairs(client: Any) -> None:
    games = Games(client)
    names = await games.game_names(ana(client), "his")
    assert [c.value for c in names] == ["hisss"]
    toy = ana(client, namespace={"game": "toy-draw"})
    offered = [c.value for c in await games.option_values(toy, "")]
    assert offered == ["deck=6", "deck=12", "deck=30"]
    assert [c.value for c in await games.option_values(toy, "deck=1")] == ["deck=12"]
    assert await games.option_values(toy, "deck=6 ") == []
    assert parse_options("mode=turns, Variant=Expert") == {"mode": "turns", "variant": "expert"}


def test_components_buttons_select_or_none() -> None:
    from bot.tables import Reply, Turn

    def reply_with(n: int) -> Any:
        actions = tuple(Action(f"k:{i}", f"Move {i}") for i in range(n))
        return Reply(7, 2, 3, "x", turns=[Turn(0, 1, "A", "go", actions, False)], status="playing")

    few = move_rows(reply_with(3))
    assert control_ids(_ui.table_layout([], None, few)) == ["gm:7:3:k:0", "gm:7:3:k:1", "gm:7:3:k:2"]
    menu = move_rows(reply_with(20))
    assert control_ids(_ui.table_layout([], None, menu)) == ["gm-select:7:3:0"]
    menus = move_rows(reply_with(60))
    assert [len(row[0].item.options) for row in menus] == [25, 25, 10]
    assert move_rows(reply_with(126)) == []
    crowded = reply_with(126)
    crowded.mentions = [1]
    crowded.turn_line = "A: go"
    texts = [item.content for item in reply_message(crowded)["view"].walk_children()
             if isinstance(item, discord.ui.TextDisplay)]
    assert "choose with /play" in texts[0] and "<@1>" in texts[0]


def test_rank_moves_prefers_key_prefix() -> None:
    actions = [Action("draw:1", "Draw card 1"), Action("draw:12", "Draw card 12"), Action("pass", "Pass")]
    assert [a.key for a in rank_moves(actions, "draw:1")] == ["draw:1", "draw:12"]
    assert [a.key for a in rank_moves(actions, "pa")] == ["pass"]
    assert rank_moves(actions, "zzz") == []


# -- play-by-post and moderation commands ---------------------------------------------------------


def cy(client: Any, **kw: Any) -> FakeInteraction:
    return FakeInteraction(client, CLOSED_DMS, "Cy", **kw)


def mod(client: Any) -> FakeInteraction:
    return FakeInteraction(client, 700, "Mod", manage_channels=True)


async def test_lobby_buttons_join_add_bot_and_start(client: Any) -> None:
    games = Games(client)
    [lobby] = await call(Games.new, games, ana(client), game="hisss", options=None)
    ids = [c.custom_id for c in lobby.view.children]
    table_id = int(ids[0].split(":")[1])
    assert ids == [f"gm-lobby:{table_id}:{a}" for a in ("join", "leave", "start", "bot")]
    joining = bo(client)
    await LobbyButton(table_id, "join").callback(joining)
    assert "Bo joined" in joining.log[0].content
    refused = bo(client)
    await LobbyButton(table_id, "bot").callback(refused)
    assert refused.log[0].ephemeral and "Only the host" in refused.log[0].content
    adding = ana(client)
    await LobbyButton(table_id, "bot").callback(adding)
    assert "Bot 1" in adding.log[0].content
    starting = ana(client)
    await LobbyButton(table_id, "start").callback(starting)
    assert "HISSS begins" in starting.log[0].content and starting.message.edits == [{"view": None}]
    late = cy(client)
    await LobbyButton(table_id, "join").callback(late)
    assert late.log[0].ephemeral and "already started" in late.log[0].content


async def test_undo_consent_buttons(client: Any) -> None:
    games, play = await _started_hisss(client)
    first = _whose_turn(client)
    await call(Play.play, play, FakeInteraction(client, first, "First"), move="draw:1")
    live = client.tables._live[started_table(client)]
    while client.tables.turns(live)[0].user_id == first:  # a placement choice: finish the turn
        await call(Play.play, play, FakeInteraction(client, first, "First"), move=client.tables.turns(live)[0].actions[0].key)
    [asked] = await call(Games.undo, games, FakeInteraction(client, first, "First"))
    other = 102 if first == 101 else 101
    assert asked.mentions is not None and [u.id for u in asked.mentions.users] == [other]
    assert [c.custom_id.split(":")[2:] for c in asked.view.children] == [["undo", "yes"], ["undo", "no"]]
    request_id = int(asked.view.children[0].custom_id.split(":")[1])
    wrong = FakeInteraction(client, first, "First")
    await RequestButton(request_id, "undo", "yes").callback(wrong)
    assert wrong.log[0].ephemeral and "not needed" in wrong.log[0].content
    approve = FakeInteraction(client, other, "Other")
    await RequestButton(request_id, "undo", "yes").callback(approve)
    assert "Everyone agreed" in approve.log[0].content


async def test_export_import_mine_deadline_addbot_remove(client: Any) -> None:
    games = Games(client)
    await call(Games.new, games, ana(client), game="hisss", options=None)
    await call(Games.join, games, bo(client))
    [removed] = await call(Games.remove, games, ana(client), player=SimpleNamespace(id=102))
    assert "removed Bo" in removed.content
    [bot_added] = await call(Games.addbot, games, ana(client))
    assert "Bot 1" in bot_added.content
    await call(Games.start, games, ana(client))
    [mine] = await call(Games.mine, games, ana(client))
    assert mine.ephemeral and "HISSS" in mine.content and "discord.com/channels" in mine.content
    [not_host] = await call(Games.deadline, games, bo(client), reminder_hours=1.0, timeout_hours=2.0, policy="auto")
    assert not_host.ephemeral and "Only the host" in not_host.content
    [set_] = await call(Games.deadline, games, ana(client), reminder_hours=1.0, timeout_hours=2.0, policy="auto")
    assert "reminder after 1 h" in set_.content
    [refused] = await call(Games.export, games, ana(client))
    assert refused.ephemeral and "moderator" in refused.content
    [exported] = await call(Games.export, games, mod(client))
    assert exported.ephemeral and exported.files and b'"game": "hisss"' in exported.files[0]
    attachment = SimpleNamespace(size=len(exported.files[0]), read=_async(exported.files[0]))
    [busy] = await call(Games.import_, games, ana(client), record=attachment)
    assert busy.ephemeral and "already has an open table" in busy.content
    [imported] = await call(Games.import_, games, ana(client, channel_id=CHANNEL + 1), record=attachment)
    assert "imported a HISSS game" in imported.content and imported.files


def _async(value: Any) -> Any:
    async def read() -> Any:
        return value

    return read


async def test_settings_commands(client: Any) -> None:
    cog = SettingsCog(client)
    [dm] = await call(SettingsCog.notify, cog, ana(client), mode="dm")
    assert dm.ephemeral and "direct message" in dm.content
    [away] = await call(SettingsCog.away, cog, ana(client), days=3.0)
    assert away.ephemeral and "paused until" in away.content
    [forget] = await call(SettingsCog.forget_me, cog, ana(client))
    assert forget.ephemeral and "deleted" in forget.content


async def test_dm_notifications_fall_back_to_a_mention(client: Any) -> None:
    games = Games(client)
    cog = SettingsCog(client)
    await call(SettingsCog.notify, cog, ana(client), mode="dm")
    await call(SettingsCog.notify, cog, cy(client), mode="dm")
    await call(Games.new, games, ana(client), game="hisss", options=None)
    await call(Games.join, games, cy(client))
    [started] = await call(Games.start, games, ana(client))
    first = _whose_turn(client)
    assert started.mentions is not None and started.mentions.users == []  # DM people are not pinged
    if first == 101:
        assert client.dms and client.dms[-1][0] == 101 and "Your move" in client.dms[-1][1]
    else:  # Cy's DMs are closed: a channel mention instead
        assert client.channel_posts and f"<@{CLOSED_DMS}>" in client.channel_posts[-1]


async def test_admin_commands_refuse_non_moderators_and_work_for_moderators(client: Any) -> None:
    games, admin = Games(client), Admin(client)
    await call(Games.new, games, ana(client), game="hisss", options=None)
    await call(Games.join, games, bo(client))
    await call(Games.start, games, ana(client))
    user = SimpleNamespace(id=102, display_name="Bo")
    newcomer = SimpleNamespace(id=555, display_name="Newcomer")
    commands = [
        (Admin.pause, {}), (Admin.resume, {}), (Admin.kick, {"player": user}),
        (Admin.substitute, {"player": user, "new_player": newcomer}), (Admin.skip, {}),
        (Admin.host, {"player": user}), (Admin.deadline, {"reminder_hours": 1.0, "timeout_hours": 2.0, "policy": "auto"}),
        (Admin.settings, {"posting": "edit"}), (Admin.role, {"role": SimpleNamespace(id=9, name="Ref")}), (Admin.log, {}),
        (Admin.cancel, {}),
    ]
    for command, kwargs in commands:
        [refused] = await call(command, admin, ana(client), **kwargs)
        assert refused.ephemeral and "Only moderators" in refused.content, command.name
    [paused] = await call(Admin.pause, admin, mod(client))
    assert "paused the game" in paused.content
    [resumed] = await call(Admin.resume, admin, mod(client))
    assert "resumed" in resumed.content
    [offer] = await call(Admin.substitute, admin, mod(client), player=user, new_player=newcomer)
    assert [c.custom_id.split(":")[2:] for c in offer.view.children] == [["substitute", "yes"], ["substitute", "no"]]
    request_id = int(offer.view.children[0].custom_id.split(":")[1])
    accept = FakeInteraction(client, 555, "Newcomer")
    await RequestButton(request_id, "substitute", "yes").callback(accept)
    assert "Newcomer takes over Bo's seat" in accept.log[0].content
    [skipped] = await call(Admin.skip, admin, mod(client))
    assert "skipped" in skipped.content
    [logged] = await call(Admin.log, admin, mod(client))
    assert logged.ephemeral and "substitute" in logged.content and "pause" in logged.content
    [role] = await call(Admin.role, admin, mod(client), role=SimpleNamespace(id=9, name="Ref"))
    assert "Ref role" in role.content
    referee = FakeInteraction(client, 556, "Ref", roles=[SimpleNamespace(id=9, name="Ref")])
    [by_role] = await call(Admin.log, admin, referee)
    assert "Only moderators" not in by_role.content


async def test_private_prompts_never_reach_the_public_board(client: Any) -> None:
    from cogs._ui import MyMovesButton

    games = Games(client)
    await call(Games.new, games, ana(client), game="collide-o", options="mode=turns")
    await call(Games.join, games, bo(client))
    [board] = await call(Games.start, games, ana(client))
    table_id = started_table(client)
    # No card of anyone's hand on the board: only Your moves (private) and Full board.
    assert board.custom_ids == [f"gm-mine:{table_id}:0", f"gm-full:{table_id}"]
    mover = _whose_turn(client)
    other = 102 if mover == 101 else 101
    mine = FakeInteraction(client, mover, "Mover")
    await MyMovesButton(table_id, 0).callback(mine)
    [shown] = mine.log
    assert shown.ephemeral and "Only you see these moves" in shown.content
    assert isinstance(shown.view, discord.ui.LayoutView) and shown.custom_ids
    assert all(c.startswith(f"gm:{table_id}:0:") or c.startswith("gm-select") for c in shown.custom_ids)
    theirs = FakeInteraction(client, other, "Other")
    await MyMovesButton(table_id, 0).callback(theirs)
    assert theirs.log[0].ephemeral and "nothing to decide" in theirs.log[0].content
    stale = FakeInteraction(client, mover, "Mover")
    await MyMovesButton(table_id, 7).callback(stale)
    assert stale.log[0].ephemeral and "out of date" in stale.log[0].content


async def test_a_failed_post_after_a_committed_move_says_the_move_stands(client: Any, caplog: Any) -> None:
    _, play = await _started_hisss(client)
    mover = FakeInteraction(client, _whose_turn(client), "Mover")

    async def broken_send(*args: Any, **kw: Any) -> None:
        mover.response._done = True
        raise RuntimeError("the gateway ate it")

    mover.response.send_message = broken_send
    await Play.play.callback(play, mover, move="draw:1")
    assert mover.log[-1].ephemeral and "Done — but the board could not be posted" in mover.log[-1].content
    assert (await client.tables.load(started_table(client))).position == 1  # the move stands
    assert "showing the result failed" in caplog.text


# -- issue 19: ids, channels, a busy database, threads, imports -----------------------------------


async def test_ids_beyond_64_bits_in_a_custom_id_are_refused(client: Any) -> None:
    await _started_hisss(client)
    mover = _whose_turn(client)
    huge = 2**63
    clicks = [
        (MoveButton(huge, 0, "draw:1"), FakeInteraction(client, mover, "Mover")),
        (MoveSelect(huge + 7, 0, part=0), FakeInteraction(client, mover, "Mover", data={"values": ["draw:1"]})),
        (MyMovesButton(huge, 0), FakeInteraction(client, mover, "Mover")),
        (RequestButton(2**64, "undo", "yes"), FakeInteraction(client, mover, "Mover")),
        (RequestButton(2**64, "substitute", "yes"), FakeInteraction(client, mover, "Mover")),
        (RequestButton(2**64, "import", "yes"), FakeInteraction(client, mover, "Mover")),
    ]
    for item, click in clicks:
        await item.callback(click)
        assert click.log[-1].ephemeral and "no longer exists" in click.log[-1].content, (item, click.log)
    assert client.tables._locks == {}


async def test_a_button_clicked_in_another_channel_is_refused(client: Any) -> None:
    await _started_hisss(client)
    mover = _whose_turn(client)
    table_id = started_table(client)
    elsewhere = FakeInteraction(client, mover, "Mover", channel_id=CHANNEL + 1)
    await MoveButton(table_id, 0, "draw:1").callback(elsewhere)
    assert elsewhere.log[-1].ephemeral and "another channel" in elsewhere.log[-1].content
    peek = FakeInteraction(client, mover, "Mover", channel_id=CHANNEL + 1)
    await MyMovesButton(table_id, 0).callback(peek)
    assert peek.log[-1].ephemeral and "another channel" in peek.log[-1].content
    assert (await client.tables.load(table_id)).position == 0


async def test_a_long_held_database_lock_is_a_clear_refusal_not_an_apology(client: Any, tmp_path: Path) -> None:
    import sqlite3

    _, play = await _started_hisss(client)
    store = client.tables.store
    await store._db.fetchall("PRAGMA busy_timeout=10")  # don't wait 5 s per attempt in a test
    store._db.busy_attempts = 2
    other = sqlite3.connect(tmp_path / "cogs.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        [refused] = await call(Play.play, play, FakeInteraction(client, _whose_turn(client), "Mover"), move="draw:1")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert refused.ephemeral and "database is busy" in refused.content and "Sorry" not in refused.content


async def test_new_in_a_thread_per_table_channel_keeps_the_deadlines(client: Any) -> None:
    await client.tables.store.set_channel_settings(CHANNEL, GUILD, {"threads": True}, actor_id=1, now=1.0)
    posted: list[str] = []

    class Thread:
        id = CHANNEL + 50
        mention = f"<#{CHANNEL + 50}>"

        async def send(self, content: str | None = None, **kw: Any) -> None:
            posted.append(content or "")

    class Text(discord.TextChannel):
        def __init__(self) -> None:  # a stand-in: no state, just what /game new uses
            pass

        async def create_thread(self, **kw: Any) -> Thread:
            return Thread()

    start = ana(client)
    start.channel = Text()
    await call(Games.new, Games(client), start, game="hisss", options=None, reminder_hours=2.0, timeout_hours=6.0,
               policy="skip")
    row = await client.tables.store.open_table_in(CHANNEL + 50)
    assert row is not None and row.deadlines == {"reminder_hours": 2.0, "timeout_hours": 6.0, "policy": "skip"}
    assert posted and "opened a table" in posted[0]


async def test_a_foreign_import_waits_for_each_player_to_take_their_seat(client: Any) -> None:
    from bot.records import checksum

    games = Games(client)
    await call(Games.new, games, ana(client), game="hisss", options=None)
    await call(Games.join, games, bo(client))
    await call(Games.start, games, ana(client))
    [exported] = await call(Games.export, games, mod(client))
    record = json.loads(exported.files[0])
    record.pop("signature")  # as from another bot, or edited
    record["checksum"] = checksum(record)
    data = json.dumps(record).encode()
    attachment = SimpleNamespace(size=len(data), read=_async(data))
    [refused] = await call(Games.import_, games, ana(client, channel_id=CHANNEL + 1), record=attachment)
    assert refused.ephemeral and "Only a moderator" in refused.content
    moderator = FakeInteraction(client, 700, "Mod", manage_channels=True, channel_id=CHANNEL + 1)
    [offer] = await call(Games.import_, games, moderator, record=attachment)
    buttons = [c.custom_id for c in offer.view.children]
    pending = int(buttons[0].split(":")[1])
    assert buttons == [f"gm-req:{pending}:import:yes", f"gm-req:{pending}:import:no"]
    assert sorted(u.id for u in offer.mentions.users) == [101, 102]
    for user_id, name in ((101, "Ana"), (102, "Bo")):
        click = FakeInteraction(client, user_id, name, channel_id=CHANNEL + 1)
        await RequestButton(pending, "import", "yes").callback(click)
    assert "Everyone took their seat" in click.log[0].content and click.log[0].files
    assert (await client.tables.store.open_table_in(CHANNEL + 1)) is not None


def test_table_message_keeps_within_discords_limits() -> None:
    """4,000 characters of text across the text displays (the mentions always kept) and 40
    components: rows that would pass it are left off, the Full board row stays."""
    from bot.tables import Reply, Turn

    actions = tuple(Action(f"k:{i}", f"Move {i} " + "x" * 80) for i in range(120))
    reply = Reply(7, 2, 3, "\n".join(f"Event {i} " + "y" * 200 for i in range(40)), picture=b"png",
                  mentions=[11, 12], turns=[Turn(0, 11, "A", "go", actions, False, private=True), Turn(1, 12, "B", "go", actions, False)],
                  status="playing", title="Game", turn_line="A: go",
                  recent=["1. A: " + "z" * 290] * 5, standings=[f"P{i} — " + "9" * 100 for i in range(30)])
    view = reply_message(reply)["view"]
    texts = [item.content for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay)]
    assert sum(len(text) for text in texts) == _ui.MAX_LAYOUT_TEXT == view.content_length()  # the standings cut
    assert "<@11> <@12>" in texts[0] and texts[0].startswith("**Game** · move 2") and len(texts) == 3
    assert texts[1].startswith("**Last moves**") and texts[2].startswith("**Standings**") and texts[2].endswith("…")
    assert view.total_children_count <= _ui.MAX_LAYOUT_COMPONENTS
    ids = control_ids(view)
    assert ids[-2:] == ["gm-mine:7:3", "gm-full:7"] and ids[0] == "gm-select:7:3:0"
    # Too many rows for the budget: the move rows go first, the last row stays.
    rows = [[MoveButton(7, 3, f"k:{r}:{i}", "m") for i in range(5)] for r in range(8)] + [[_ui.FullBoardButton(7)]]
    kept = _ui.fit_rows(rows, 30)
    assert sum(1 + len(row) for row in kept) <= 30 and isinstance(kept[-1][0], _ui.FullBoardButton) and len(kept) == 5


def test_a_long_chain_of_moves_keeps_the_heading_and_the_result_on_the_table_message() -> None:
    """Moves that play themselves (a Chomp battle's forced flips) can say more than the
    whose-turn block holds: its middle is left out, marked "…", never the heading nor the
    last line, which says how the game ended; the newest moves are the ones kept."""
    from bot.tables import Reply

    result = "Game over: Bo wins! Ana is out of cards."
    events = [f"Ana: Turn over the top cards (forced). Ana turns the cards over, flip {i}." for i in range(80)]
    reply = Reply(7, 93, 94, "\n".join([*events, result]), picture=b"png", status="over", title="Chomp",
                  turn_line=result, standings=["Ana — out", "Bo — 52 cards"])
    view = reply_message(reply)["view"]
    head, *rest = [item.content for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay)]
    assert len(head) <= _ui.HEAD_TEXT
    assert head.startswith("**Chomp** · move 93\n…\nAna: Turn over") and head.endswith(result)
    kept = head.split("\n")[2:-1]
    assert kept == events[-len(kept):] and 10 < len(kept) < 80  # the newest flips, in order
    assert rest == ["**Standings**\nAna — out\nBo — 52 cards"]


def test_clip_middle_keeps_the_first_and_last_lines() -> None:
    assert _ui.clip_middle("short\ntext", 50) == "short\ntext"
    assert _ui.clip_middle("head\n" + "a" * 30 + "\n" + "b" * 5, 20) == "head\n…\n" + "b" * 5
    # A last line longer than the room is cut at its end; one line alone is cut like clip.
    assert _ui.clip_middle("head\n" + "c" * 40, 20) == "head\n…\n" + "c" * 12 + "…"  # 20 characters
    assert _ui.clip_middle("d" * 40, 10) == "d" * 9 + "…"
    assert all(len(_ui.clip_middle("head\n" + "x\n" * 40 + "y" * 9, limit)) <= limit for limit in range(0, 60))


def test_a_long_plain_reply_keeps_its_last_line_and_its_mentions() -> None:
    """A reply posted as a plain message (no card, no turn line) is cut in its middle too, so
    its last line and the mention line under it survive."""
    from bot.tables import Reply

    text = "\n".join(["Seats: Ana, Bo"] + [f"Note {i}: " + "n" * 60 for i in range(60)] + ["Bo must answer now."])
    reply = Reply(7, 0, 1, text, mentions=[12], status="lobby")
    content = reply_message(reply)["content"]
    assert len(content) <= _ui.MAX_CONTENT and content.startswith("Seats: Ana, Bo\n…\n")
    assert "Bo must answer now.\n" in content and content.endswith("<@12> — choose with /play (type to search your moves)")


def test_a_stripped_board_names_its_card_as_an_attachment_again() -> None:
    """Read back, a gallery item holds the card's signed CDN address (it expires); the edit that
    takes the controls off sends ``attachment://card.png`` instead, which the kept file answers."""
    signed = "https://cdn.discordapp.com/attachments/1/55/card.png?ex=abc&is=def&hm=0"
    media = discord.UnfurledMediaItem(signed)
    media.attachment_id = 55
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.Container(discord.ui.TextDisplay("Ana: draw"),
                                         discord.ui.MediaGallery(discord.MediaGalleryItem(media))))
    _ui._point_at_attachments(layout, [SimpleNamespace(id=55, filename="card.png", url=signed)])  # type: ignore[list-item]
    assert gallery_urls(layout) == ["attachment://card.png"]
    _ui._point_at_attachments(layout, [])  # an address that names no attachment of the message stays
    assert gallery_urls(layout) == ["attachment://card.png"]
