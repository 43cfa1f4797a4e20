"""Discord controls for moves in a few taps: confirm a partial match, a form for amounts, old boards cleared.

Mocked interactions (from ``tests/test_cogs.py``) over the real session layer and real games.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.tables import Tables
from cogs import _ui
from cogs._ui import AmountButton, CancelButton, MoveButton, move_rows, play_amount_form, table_layout
from cogs.games import Games
from cogs.play import Play
from tests.test_cogs import CHANNEL, FakeInteraction, FakeResponse, ana, bo, call, client, control_ids  # noqa: F401
from tests.test_typed_moves import drive


async def started(client: Any, slug: str) -> int:  # noqa: F811
    games = Games(client)
    await call(Games.new, games, ana(client), game=slug, options=None)
    await call(Games.join, games, bo(client))
    await call(Games.start, games, ana(client))
    return next(iter(client.tables._live))


def as_user(client: Any, user: Any) -> FakeInteraction:  # noqa: F811
    return FakeInteraction(client, user.id, user.name)


def private_panel(interaction: FakeInteraction) -> FakeInteraction:
    interaction.message.flags = SimpleNamespace(ephemeral=True)
    interaction.edits: list[dict[str, Any]] = []  # type: ignore[misc]

    async def edit_message(**kw: Any) -> None:
        interaction.response._done = True
        interaction.edits.append(kw)

    interaction.response.edit_message = edit_message  # type: ignore[attr-defined]
    return interaction


async def test_play_mortgage_asks_to_confirm_and_a_stale_confirm_is_refused(client: Any) -> None:  # noqa: F811
    tables: Tables = client.tables
    table_id = await started(client, "silver-lake")
    mover = await drive(tables, table_id, lambda acts: sum(a.key.startswith("mortgage:") for a in acts) == 1,
                        ("buy", "roll"))
    live = await tables.load(table_id)
    position, revision = live.position, tables.board_revision(live)
    [mortgage] = [a for a in tables.turns(live)[0].actions if a.key.startswith("mortgage:")]
    [offer] = await call(Play.play, Play(client), as_user(client, mover), move="mortgage")
    assert offer.ephemeral and f"would play: {mortgage.label}" in offer.content
    assert (await tables.load(table_id)).position == position  # nothing changed
    confirm, cancel = offer.view.children
    assert confirm.custom_id == f"gm:{table_id}:{revision}:{mortgage.key}" and confirm.item.label.startswith("Confirm:")
    assert cancel.custom_id == "gm-cancel"
    # Cancel: the offer goes, nothing is played.
    cancelled = private_panel(as_user(client, mover))
    await CancelButton().callback(cancelled)
    assert cancelled.edits == [{"content": "Cancelled — nothing was played.", "view": None}]
    assert (await tables.load(table_id)).position == position
    # Confirm (as it comes back from its custom_id): played, the panel cleared, the board posted.
    button = await MoveButton.from_custom_id(None, confirm.item, {"table": table_id, "revision": revision,  # type: ignore[arg-type]
                                                             "key": mortgage.key})
    clicked = private_panel(as_user(client, mover))
    await button.callback(clicked)
    assert (await tables.store.actions(table_id))[-1].action_key == mortgage.key
    assert clicked.edits == [{"view": None}] and any("ortgage" in (s.content or "") for s in clicked.log)
    # The same confirmation again is out of date: refused privately, nothing played.
    again = private_panel(as_user(client, mover))
    count = len(await tables.store.actions(table_id))
    await button.callback(again)
    assert "out of date" in again.log[-1].content and again.log[-1].ephemeral
    assert len(await tables.store.actions(table_id)) == count


async def test_several_matches_are_offered_as_buttons(client: Any) -> None:  # noqa: F811
    tables: Tables = client.tables
    table_id = await started(client, "hisss")
    live = await tables.load(table_id)
    mover = ana(client) if tables.turns(live)[0].user_id == 101 else bo(client)
    [offer] = await call(Play.play, Play(client), mover, move="draw")
    # More moves than buttons: listed, and asked to be more specific.
    assert offer.ephemeral and "Pick one, or be more specific" in offer.content and offer.view is None
    [offer] = await call(Play.play, Play(client), FakeInteraction(client, mover.user.id, "M"), move="draw 1")
    keys = [c.custom_id.rsplit(":", 1)[1] for c in offer.view.children if c.custom_id.startswith("gm:")]
    assert len(keys) > 1 and "1" in keys and all(k.startswith("1") for k in keys)
    assert (await tables.load(table_id)).position == live.position


class ModalResponse(FakeResponse):
    async def send_modal(self, modal: discord.ui.Modal) -> None:
        self._done = True
        self.modal = modal


def submission(client: Any, user: Any, custom_id: str, value: str) -> FakeInteraction:  # noqa: F811
    interaction = FakeInteraction(client, user.id, user.name, data={
        "custom_id": custom_id,
        "components": [{"type": 1, "components": [{"type": 4, "custom_id": "amount", "value": value}]}],
    })
    interaction.type = discord.InteractionType.modal_submit  # type: ignore[attr-defined]
    return interaction


async def test_amounts_get_a_form_with_the_legal_range(client: Any) -> None:  # noqa: F811
    tables: Tables = client.tables
    table_id = await started(client, "bullfrog-goldfield")
    mover = await drive(tables, table_id, lambda acts: sum(a.key.startswith("price:") for a in acts) > 5,
                        ("charter",))
    live = await tables.load(table_id)
    revision = tables.board_revision(live)
    prices = sorted(int(a.key.split(":")[1]) for a in tables.turns(live)[0].actions if a.key.startswith("price:"))
    reply = await tables.board(channel_id=CHANNEL)
    ids = control_ids(table_layout([], None, move_rows(reply)))
    # The minimum and the maximum stay as buttons; the rest is a form, not a list.
    assert f"gm:{table_id}:{revision}:price:{prices[0]}" in ids and f"gm:{table_id}:{revision}:price:{prices[-1]}" in ids
    assert f"gm-amount:{table_id}:{revision}:price" in ids
    assert not any(f":price:{p}" in i for p in prices[1:-1] for i in ids)
    opener = as_user(client, mover)
    opener.response = ModalResponse(opener.log)
    button = await AmountButton.from_custom_id(None, None, {"table": table_id, "revision": revision, "prefix": "price"})  # type: ignore[arg-type]
    await button.callback(opener)
    modal = opener.response.modal
    assert modal.custom_id == f"gm-amount-form:{table_id}:{revision}:price"
    [row] = modal.to_dict()["components"]
    [field] = row["components"]
    assert field["label"] == f"Price: ${prices[0] * 1000:,} to ${prices[-1] * 1000:,}" and field["custom_id"] == "amount"
    assert not modal.is_dispatching()  # answered by the listener from its custom_id, restart or not
    # A refused amount: private, with the legal range; nothing played.
    count = len(await tables.store.actions(table_id))
    refused = submission(client, mover, modal.custom_id, "$1,500")
    assert await play_amount_form(refused)
    assert refused.log[-1].ephemeral and f"prices go from ${prices[0] * 1000:,}" in refused.log[-1].content
    nonsense = submission(client, mover, modal.custom_id, "lots")
    assert await play_amount_form(nonsense)
    assert "is not an amount" in nonsense.log[-1].content
    assert len(await tables.store.actions(table_id)) == count
    # A legal one, written as people write it, is played.
    wanted = prices[1]
    played = submission(client, mover, modal.custom_id, f"{wanted}k")
    assert await play_amount_form(played)
    assert (await tables.store.actions(table_id))[-1].action_key == f"price:{wanted}"
    assert not played.log[0].ephemeral and played.log[0].files
    assert played.message.edits == [{"view": None}]  # the board the form came from is history
    # The same form once more: the board moved on.
    stale = submission(client, mover, modal.custom_id, f"{wanted}k")
    await play_amount_form(stale)
    assert "out of date" in stale.log[-1].content
    # Other interactions are not the listener's.
    other = submission(client, mover, "gm-other:1:2:x", "5")
    assert not await play_amount_form(other) and other.log == []


async def test_a_new_board_takes_the_controls_off_the_previous_one(client: Any) -> None:  # noqa: F811
    _ui._boards.clear()
    tables: Tables = client.tables
    table_id = await started(client, "hisss")
    first = _ui._boards[table_id]  # the start posted a board with controls
    live = await tables.load(table_id)
    mover = ana(client) if tables.turns(live)[0].user_id == 101 else bo(client)
    await call(Play.play, Play(client), mover, move="draw:1")
    [change] = [change for message, change in client.board_edits if message == first.message_id]
    # The old board keeps its words and its card, and loses every control.
    kept = change["view"]
    texts = [item.content for item in kept.walk_children() if isinstance(item, discord.ui.TextDisplay)]
    assert texts == list(first.texts) and "HISSS" in texts[0]
    assert [entry.media.url for item in kept.walk_children() if isinstance(item, discord.ui.MediaGallery)
            for entry in item.items] == ["attachment://card.png"]
    assert control_ids(kept) == []
    assert _ui._boards[table_id].message_id != first.message_id


def test_past_125_amounts_the_board_still_has_controls() -> None:
    """A Bullfrog share auction lists one bid per amount (174 here): once a board without buttons."""
    from bot.engine import Action

    actions = [Action("pass", "Pass (you cannot bid again in this auction)")]
    actions += [Action(f"bid:{k}", f"Bid ${k * 1000:,}") for k in range(5, 179)]
    rows = _ui.action_rows(9, 3, actions)
    assert [[item.custom_id for item in row] for row in rows] == [["gm:9:3:pass"],
                                                                 ["gm:9:3:bid:5", "gm:9:3:bid:178", "gm-amount:9:3:bid"]]
    # A few amounts stay buttons; other long lists are still menus of 25.
    few = _ui.action_rows(9, 3, actions[:4])
    assert control_ids(table_layout([], None, few)) == ["gm:9:3:pass", "gm:9:3:bid:5", "gm:9:3:bid:6", "gm:9:3:bid:7"]
    cards = [Action(f"draw:{n}", f"Draw card {n}") for n in range(1, 40)]
    assert control_ids(table_layout([], None, _ui.action_rows(9, 3, cards))) == ["gm-select:9:3:0", "gm-select:9:3:1"]
