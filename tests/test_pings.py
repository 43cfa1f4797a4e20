"""One ping per decision (issue 25): a player is called when a decision becomes theirs, not
again for its steps (their own consecutive prompts), nor while the others answer a
simultaneous choice; a reminder calls again, a status calls nobody."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from bot.engine import Action, Event, Game, Outcome, Prompt, State, registry, seat_ref
from bot.pings import Decisions
from bot.playbypost import HOUR, PlayByPost
from bot.replies import Turn
from bot.tables import Tables
from tests.conftest import ANA, BO, CY, FakeClock

CHANNEL = 83


class ToySteps(Game):
    """Each turn is two steps of one seat (pick a number, then confirm or take it back); every
    third round everyone votes at once. Three rounds of turns; nothing hidden."""

    slug = "toy-steps"
    title = "Toy Steps"
    min_players = 2
    max_players = 3
    summary = "Two-step turns and a simultaneous vote."
    hidden_information = False

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"turn": 0, "step": "pick", "turns": 0, "votes": [None] * players, "score": [0] * players}

    def legal_prompts(self, state: State) -> list[Prompt]:
        if state["turns"] >= 3 * len(state["score"]):
            return []
        if state["step"] == "vote":
            return [Prompt(seat, "Vote", (Action("yes", "Yes"), Action("no", "No")), simultaneous=True)
                    for seat, vote in enumerate(state["votes"]) if vote is None]
        seat = state["turn"]
        if state["step"] == "pick":
            return [Prompt(seat, f"{seat_ref(seat)}: pick", (Action("1", "One"), Action("2", "Two")))]
        return [Prompt(seat, f"{seat_ref(seat)}: confirm", (Action("ok", "Confirm"), Action("back", "Take back")))]

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        if state["step"] == "vote":
            state["votes"][seat] = key
            if all(vote is not None for vote in state["votes"]):
                state["step"], state["votes"] = "pick", [None] * len(state["votes"])
            return [Event(f"{seat_ref(seat)} votes.")]
        if state["step"] == "pick":
            state["step"] = "confirm"
            state["score"][seat] += int(key)
            return [Event(f"{seat_ref(seat)} picks {key}.")]
        if key == "back":
            state["step"] = "pick"
            return [Event(f"{seat_ref(seat)} takes it back.")]
        state["turns"] += 1
        state["turn"] = (seat + 1) % len(state["score"])
        state["step"] = "vote" if state["turns"] % len(state["score"]) == 0 else "pick"
        return [Event(f"{seat_ref(seat)} confirms.")]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return dict(state)

    def outcome(self, state: State) -> Outcome | None:
        return None if self.legal_prompts(state) else Outcome.ranked(state["score"], "Three rounds.")


@pytest.fixture(autouse=True)
def toy_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registered for these tests only: the kit and the game lists stay as they are."""
    monkeypatch.setitem(registry._GAMES, ToySteps.slug, ToySteps())


def _turn(seat: int, user_id: int) -> Turn:
    return Turn(seat, user_id, f"P{seat}", "", (), False)


def test_a_run_of_prompts_is_one_decision_and_a_gap_starts_the_next() -> None:
    decisions = Decisions.starting(0, [0])
    assert decisions.call(0, [_turn(0, 10)], {10}, "new") == [10]
    decisions.observe(1, [0])  # the same seat again: a step of the same decision
    assert decisions.call(1, [_turn(0, 10)], {10}, "new") == []
    decisions.observe(2, [1])  # the other seat's turn
    decisions.observe(3, [0])  # back: a new decision
    assert decisions.call(3, [_turn(0, 10)], {10}, "new") == [10]
    assert decisions.call(3, [_turn(0, 10)], {10}, "all") == [10]  # a reminder calls again
    assert decisions.call(3, [_turn(0, 10)], {10}, "none") == []
    decisions.observe(4, [0])
    assert decisions.call(4, [_turn(0, 11)], {11}, "new") == [11]  # the seat changed hands: its new player is called
    resumed = Decisions.resumed(7, [(0, 10)])  # read from the store: whoever waits was called already
    assert resumed.call(7, [_turn(0, 10)], {10}, "new") == []


async def test_the_steps_of_one_decision_ping_once_and_a_vote_pings_each_voter_once(
    tables: Tables, clock: FakeClock
) -> None:
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-steps")
    await tables.join(channel_id=CHANNEL, user=BO)
    await tables.join(channel_id=CHANNEL, user=CY)
    start = await tables.start(channel_id=CHANNEL, user=ANA)
    table_id = reply.table_id
    live = await tables.load(table_id)
    users = {user.id: user for user in (ANA, BO, CY)}
    first, second, third = (users[seat.user_id] for seat in live.seats)
    assert start.mentions == [first.id]
    step = await tables.act(user=first, move="1", table_id=table_id)  # pick: the confirm step is the same decision
    assert step.mentions == [] and [turn.user_id for turn in step.turns] == [first.id]
    assert step.called == [first.id]  # still named on the board ("Your move: @…"), without a ping
    step = await tables.act(user=first, move="back", table_id=table_id)
    assert step.mentions == []
    await tables.act(user=first, move="2", table_id=table_id)
    done = await tables.act(user=first, move="ok", table_id=table_id)
    assert done.mentions == [second.id]  # the decision is the next player's
    await tables.act(user=second, move="1", table_id=table_id)
    await tables.act(user=second, move="ok", table_id=table_id)
    await tables.act(user=third, move="2", table_id=table_id)
    vote = await tables.act(user=third, move="ok", table_id=table_id)
    # Everyone votes: the two others are called; the third's vote follows their own turn with
    # nobody acting in between, so it is the same decision and they are not called again.
    assert vote.mentions == sorted([first.id, second.id])
    after_one = await tables.act(user=second, move="yes", table_id=table_id)
    assert after_one.mentions == []  # the other voters were called already; their decision goes on
    status = await tables.status(channel_id=CHANNEL)
    assert status.mentions == status.called == [] and {turn.user_id for turn in status.turns} == {first.id, third.id}
    # A reminder calls again whoever it reminds.
    pbp = PlayByPost(tables)
    await pbp.set_deadlines(channel_id=CHANNEL, user=ANA, moderator=False, reminder_hours=1, timeout_hours=None,
                            policy="none")
    clock.advance(2 * HOUR)
    [reminder] = await pbp.run_due(clock())
    assert reminder.reply.mentions == sorted([first.id, third.id])


def test_the_mention_line_names_everyone_called_and_pings_only_new_decisions() -> None:
    from bot.replies import Reply
    from cogs._ui import reply_message

    reply = Reply(1, 3, 3, "Ana picks 1.\nAna: confirm", mentions=[7], called=[5, 7], status="playing")
    message = reply_message(reply)
    assert "<@5> <@7>" in message["content"]
    assert [user.id for user in message["allowed_mentions"].users] == [7]
