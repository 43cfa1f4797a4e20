"""A player who only taps: plays any game through the table message's controls.

:class:`TapPlayer` reads what the bot posted — the public table message's move buttons and
selects, the "Your moves (private)" panel, the private steps a group opens, the amount forms
— and picks among what those controls offer, seeded, the way a person with a phone would:
one control at random (a button, a select, a form), then one option of it. A pick that opens
something (a group's step, the private panel, a form) is followed into it until a move is
played. Nothing is typed: no ``/play``, no autocomplete; a form gets a number inside the range
its label states, and when the game refuses it (an amount between legal values) one of the
nearest legal values the refusal names.

Refusals are expected along the way and are private: on a board for two players at once
(simultaneous prompts) a control may belong to the other one. The driver then tries another
pick; every refusal it met is kept (:attr:`TapPlayer.refusals`) so a test can check them.

The game is never looked at: everything comes from the messages, as for a player.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import InteractionResult, Message

EPHEMERAL = 64
COMPONENTS_V2 = 1 << 15

PickKind = Literal["move", "open", "panel", "form"]


@dataclass(frozen=True, slots=True)
class Pick:
    """One thing a player can do on a message: press a button, or choose one option of a select.

    ``move`` plays an action (a ``gm:`` button, or a select option holding an action key);
    ``open`` opens a group's private step (a ``gm-open:`` button, or a ``group…`` option);
    ``panel`` opens the private "Your moves" panel; ``form`` opens an amount form.
    """

    kind: PickKind
    custom_id: str
    value: str | None = None
    """The select option picked, or ``None`` for a button."""
    label: str = ""


def controls_of(message: Message) -> list[list[Pick]]:
    """The move controls of a table message, panel or step, each as the picks it offers
    (one for a button, one per option for a select). The Full board button is left out."""
    found: list[list[Pick]] = []
    for component in message.interactive_components():
        custom_id = component["custom_id"]
        if component.get("disabled"):
            continue
        if component.get("type") == 3:
            options = [
                Pick("open" if o["value"].startswith("group") else "move", custom_id, o["value"], o.get("label", ""))
                for o in component.get("options", [])
            ]
            found.append(options)
            continue
        kind: PickKind | None = None
        if custom_id.startswith("gm:"):
            kind = "move"
        elif custom_id.startswith("gm-open:"):
            kind = "open"
        elif custom_id.startswith("gm-mine:"):
            kind = "panel"
        elif custom_id.startswith("gm-amount:"):
            kind = "form"
        if kind is not None:
            found.append([Pick(kind, custom_id, None, component.get("label", ""))])
    return found


def is_board(message: Message) -> bool:
    """A public table message: components v2 with the table card in its gallery."""
    return (
        not message.flags & EPHEMERAL
        and bool(message.flags & COMPONENTS_V2)
        and [a.filename for a in message.gallery_attachments()] == ["card.png"]
    )


def is_over(board: Message) -> bool:
    return "Game over" in board.text and not controls_of(board)


DOLLARS = re.compile(r"\$(-?[\d,]+)")


def form_range(modal: dict[str, Any]) -> tuple[int, int]:
    """The legal range an amount form's label states ("Price: $12,000 to $40,000")."""
    [row] = modal["components"]
    field_ = row.get("component") or row["components"][0]
    low, high = (int(text.replace(",", "")) for text in DOLLARS.findall(field_["label"])[:2])
    return low, high


@dataclass
class TapPlayer:
    """Plays the game at ``channel`` to its end through the controls, as ``users`` (id → name)."""

    fake: FakeDiscord
    channel: Any
    users: dict[int, str]
    rng: random.Random
    used: Counter[str] = field(default_factory=Counter)
    """How the moves were made: ``board`` (a control on the table message), ``step`` (on a
    group's private step), ``panel`` (on the private "Your moves" panel), ``form`` (a number)."""
    refusals: list[str] = field(default_factory=list)
    """Every private refusal met on the way (texts)."""
    moves: int = 0

    # -- reading the channel ------------------------------------------------------------------

    def board(self) -> Message:
        """The newest public table message in the channel."""
        boards = [m for m in self.fake.messages_in(self.channel) if is_board(m)]
        assert boards, "no table message in the channel"
        return boards[-1]

    async def _wait_board_after(self, board_id: int, result: InteractionResult, clicked: int | None) -> bool:
        """Wait until a newer table message is posted (``True``) or the interaction was
        refused privately (``False``), however long the board takes to draw."""
        outcome: list[bool] = []

        def settled() -> bool:
            if self.board().id != board_id:
                outcome.append(True)
                return True
            answers = [m for m in result.messages if m.ephemeral and m.id != clicked and m.text]
            if result.complete and answers:
                outcome.append(False)
                return True
            return False

        await self.fake.wait_until(settled, what="the next board, or a private refusal")
        if not outcome[-1]:
            self.refusals.append(next(m.text for m in result.messages if m.ephemeral and m.id != clicked))
        return outcome[-1]

    # -- one move -----------------------------------------------------------------------------

    def movers(self, board: Message) -> list[str]:
        """Who the board calls (its pings), else everyone seated."""
        called = [self.users[u] for u in board.pinged_user_ids if u in self.users]
        return called or list(self.users.values())

    def choose(self, controls: list[list[Pick]]) -> Pick:
        """One control at random, then one of its options: a main button weighs as much as a
        whole menu, as on a phone."""
        return self.rng.choice(self.rng.choice(controls))

    async def use(self, user: str, message: Message, pick: Pick) -> InteractionResult:
        if pick.value is None:
            return await self.fake.click(user, message, pick.custom_id)
        return await self.fake.select(user, message, pick.custom_id, [pick.value])

    async def play_move(self, attempts: int = 30) -> Message:
        """Make one move (following steps, panels and forms) and return the next board."""
        board = self.board()
        for _ in range(attempts):
            user = self.rng.choice(self.movers(board))
            if await self._try(user, board, board, "board"):
                self.moves += 1
                return self.board()
        raise AssertionError(f"no move could be made on board {board.id}: {board.text!r}; pinged {board.pinged_user_ids}; "
                             f"controls {controls_of(board)}; refusals {self.refusals[-5:]}")

    async def _try(self, user: str, board: Message, message: Message, where: str) -> bool:
        """Follow picks from ``message`` until a move is played (``True``) or refused (``False``)."""
        for _depth in range(8):
            controls = controls_of(message)
            if not controls:
                return False
            pick = self.choose(controls)
            if pick.kind == "form":
                return await self._form(user, board, message, pick)
            result = await self.use(user, message, pick)
            if pick.kind == "move":
                played = await self._wait_board_after(board.id, result, message.id if message.ephemeral else None)
                if played:
                    self.used[where] += 1
                return played
            # A step, or the private panel: an ephemeral message with controls (a step opened
            # from a step replaces it), else a refusal.
            opened = [self.fake.get_message(m.id) for m in result.messages if m.ephemeral]
            if message.ephemeral and all(m.id != message.id for m in opened):
                opened.append(self.fake.get_message(message.id))  # narrowed in place
            with_controls = [m for m in opened if controls_of(m)]
            if not with_controls:
                self.refusals += [m.text for m in opened if m.text]
                return False
            message = with_controls[0]
            where = "panel" if pick.kind == "panel" else ("step" if where == "board" else where)
        raise AssertionError("a pick led more than eight steps deep")

    async def _form(self, user: str, board: Message, message: Message, pick: Pick) -> bool:
        """Open an amount form, type a number in its range; if refused, a nearest legal one."""
        opened = await self.fake.click(user, message, pick.custom_id)
        if opened.modal is None:
            self.refusals += [m.text for m in opened.messages if m.text]
            return False
        low, high = form_range(opened.modal)
        amount = self.rng.choice([low, high, self.rng.randint(low, high)])
        for _ in range(2):
            submitted = await self.fake.submit_modal(user, opened, {"amount": f"${amount:,}"})
            if await self._wait_board_after(board.id, submitted, None):
                self.used["form"] += 1
                return True
            nearest = self.refusals[-1].rpartition("nearest:")[2]
            legal = [int(text.replace(",", "")) for text in DOLLARS.findall(nearest)]
            if not legal:
                return False
            amount = self.rng.choice(legal)
        return False

    async def double_tap(self) -> InteractionResult | None:
        """Tap one move control of the current board twice at once, as a player whose first tap
        seems slow: one tap plays, the other reaches a board the state has moved on from. In a
        game whose moves are on the private panel, the panel's control is tapped twice.

        Returns the answer to the tap that came too late, or ``None`` when the board has no
        control that plays a move at once (only groups, forms or the private panel) or the
        move was not this player's to make (nothing was played)."""
        board = self.board()
        user = self.rng.choice(self.movers(board))
        message = board
        panels = [p for picks in controls_of(board) for p in picks if p.kind == "panel"]
        if panels and not any(p.kind == "move" for picks in controls_of(board) for p in picks):
            # A game of hidden hands: the moves are on the player's private panel.
            opened = await self.use(user, board, panels[0])
            found = [m for m in opened.messages if m.ephemeral and controls_of(m)]
            if not found:
                return None
            message = found[0]
        direct = [p for picks in controls_of(message) for p in picks if p.kind == "move"]
        if not direct:
            return None
        pick = self.rng.choice(direct)
        taps = await asyncio.gather(self.use(user, message, pick), self.use(user, message, pick))

        def answered(tap: InteractionResult) -> bool:
            return tap.complete and any(m.ephemeral and m.text for m in tap.messages)

        await self.fake.wait_until(lambda: self.board().id != board.id or all(answered(t) for t in taps),
                                   what="the board after a double tap, or both taps refused")
        if self.board().id == board.id:
            self.refusals += [m.text for tap in taps for m in tap.messages if m.ephemeral]
            return None
        await self.fake.wait_until(lambda: any(answered(t) for t in taps), what="the late tap's answer")
        self.moves += 1
        self.used["panel" if message is not board else "board"] += 1
        late = [tap for tap in taps if any(m.ephemeral and "out of date" in m.text for m in tap.messages)]
        assert len(late) == 1, [m.text for tap in taps for m in tap.messages]
        return late[0]
