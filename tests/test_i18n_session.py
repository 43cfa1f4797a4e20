"""Languages at the session layer and the front ends' edges (issue 30).

A table keeps its language (both stores); its public replies, the players' private parts and
refusals are said in the right language; every word of the bot's own catalog (``messages``)
that a Polish game shows has its Polish translation; the log keeps each event's message and is
said again in any language; the console speaks ``--lang``.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from bot.console import CONSOLE_CHANNEL, Console
from bot.engine import Event, seat_ref
from bot.engine.words import CORE, Text, texts
from bot.i18n import discord_commands, say, untranslated
from bot.reply_text import log_line
from bot.store import Store
from bot.tables import IllegalMove, NotHost, NotSeated, NotYourTurn, Tables, event_json
from tests.conftest import ANA, BO, CY

T, Tn, Tp = texts(CORE)
CHANNEL = 31


def core_untranslated(texts_made: list[Text], language: str) -> list[str]:
    """The templates of the bot's own words among ``texts_made`` that the catalog of
    ``language`` lacks (a game's words, and names, are its engineer's to check)."""
    return sorted({text.template for text in texts_made
                   if f"{CORE}: {text.template}" in untranslated(text, language)})


async def test_a_table_keeps_its_language_and_a_user_theirs(any_store: Store) -> None:
    made = await any_store.create_table(guild_id=1, channel_id=5, slug="toy-draw", options={}, seed=1, host_id=ANA.id,
                                        host_name=ANA.name, engine_version=1, now=1.0, language="hu")
    default = await any_store.create_table(guild_id=1, channel_id=6, slug="toy-draw", options={}, seed=1,
                                           host_id=ANA.id, host_name=ANA.name, engine_version=1, now=1.0)
    assert (await any_store.table(made)).language == "hu" and (await any_store.table(default)).language == "en"
    await any_store.set_table_fields(default, actor_id=ANA.id, now=2.0, kind="language", language="de")
    assert (await any_store.table(default)).language == "de"
    assert (await any_store.user_settings(BO.id))["language"] is None
    await any_store.set_user_settings(BO.id, now=3.0, language="pl")
    await any_store.set_user_settings(BO.id, now=4.0, notify="dm")  # other settings keep the language
    assert (await any_store.user_settings(BO.id)) | {} == {"notify": "dm", "away_until": None, "digest_at": None,
                                                          "language": "pl"}


async def test_a_polish_table_says_every_word_of_the_bot_in_polish(tables: Tables, made_texts: list[Text]) -> None:
    polish = [replace(user, language="pl") for user in (ANA, BO)]
    lobby = await tables.create(guild_id=1, channel_id=CHANNEL, host=polish[0], slug="toy-draw", language="pl")
    assert lobby.language == "pl"
    assert say(T("{name} joined.", name="Bo"), "pl") in (await tables.join(channel_id=CHANNEL, user=polish[1])).text
    with pytest.raises(NotSeated) as stranger:
        await tables.moves(channel_id=CHANNEL, user=CY)
    assert stranger.value.said("de") == say(T("You are not seated at this table."), "de")
    replies = [await tables.start(channel_id=CHANNEL, user=polish[0])]
    by_id = {user.id: user for user in polish}
    refusals: list[str] = []
    while replies[-1].status == "playing":
        live = await tables.load(lobby.table_id)
        [turn] = tables.turns(live)
        mover, other = by_id[turn.user_id], next(u for u in polish if u.id != turn.user_id)
        for wrong, user in (("draw", other), ("no-such-move", mover)):
            try:
                await tables.act(user=user, move=wrong, channel_id=CHANNEL)
            except (NotYourTurn, IllegalMove) as refusal:
                refusals.append(refusal.said(user.language))
        replies.append(await tables.act(user=mover, move=turn.actions[0].key, channel_id=CHANNEL))
    replies.append(await tables.status(channel_id=CHANNEL))
    history = await tables.history(channel_id=CHANNEL)
    private = await tables.private_view(channel_id=CHANNEL, user=polish[0])

    made = list(made_texts)
    assert len(made) > 40
    assert core_untranslated(made, "pl") == []
    over = replies[-1]
    assert over.language == "pl" and over.turn_line.startswith(say(T("Game over: {head}! {reason} Final: {standings}.",
                                                                    head="\x00", reason="", standings="")
                                                                  , "pl").split("\x00")[0])
    assert say(T("It is not your turn: waiting for {names}.", names="Ana"), "pl").split(":")[0] in refusals[0]
    english = ("begins. Seats", "Game over", "It is not your turn", "is not one of your moves", "You are seat",
               "moves ", "Waiting for")
    shown = [r.text for r in replies] + refusals + [history, private.text]
    assert not [line for line in shown if any(words in line for words in english)], shown


async def test_the_log_keeps_each_events_message_and_says_it_again(tables: Tables) -> None:
    moved = Event(T("{name} took back a move.", name=seat_ref(0)))
    stored = event_json(moved)
    assert stored["text"] == "{seat0} took back a move." and Text.from_json(stored["msg"]) == moved.text
    german = say(T("{name} took back a move.", name="Ana"), "de")
    assert german != "Ana took back a move."
    assert log_line(3, 1, "undo", [stored], ["Ana", "Bo"], "de") == f"3. Bo: {german}"
    old = {"text": "{seat0} took back a move."}  # a row written before the log kept messages
    assert log_line(3, 1, "undo", [old], ["Ana", "Bo"], "de") == "3. Bo: Ana took back a move."
    assert log_line(4, 9, "expire", [], ["Ana"], "hu") == f"4. {say(T('the clock'), 'hu')}: expire"


async def test_numbers_and_money_are_written_the_languages_way() -> None:
    from bot.engine import Action, AmountChoice

    choice = AmountChoice("bid", 1000, {dollars: Action(f"bid:{dollars // 1000}", f"Bid ${dollars:,}")
                                        for dollars in range(12000, 41000, 1000)})
    assert str(choice.range_text()) == "bids go from $12,000 to $40,000 in steps of $1,000"
    german = say(choice.range_text(), "de")
    assert "12.000 $" in german and "40.000 $" in german and "1.000 $" in german
    assert say(choice.field_label(), "en") == "Bid: $12,000 to $40,000"


async def test_the_console_speaks_its_language(tables: Tables) -> None:
    out = io.StringIO()
    console = Console(tables, images=None, out=out, language="hu")  # type: ignore[arg-type]
    await console.run(["/game new toy-draw", "/as Bo", "/game join", "/as you", "/game start", "/play nothing-like-it",
                       "/game status"])
    text = out.getvalue()
    table = await tables.load(await tables.latest_id_in(CONSOLE_CHANNEL))
    assert table.row.language == "hu"
    assert say(T("gamemaster console — you are {name}. Type /help for commands.", name="you"), "hu") in text
    assert say(T("{name} joined.", name="Bo"), "hu") in text
    assert say(T('"{text}" is not one of your moves now. Use /moves to see them.', text="nothing-like-it"), "hu") in text \
        or say(T("It is not your turn: waiting for {names}.", names="Bo"), "hu") in text
    assert "opened a table" not in text and "Type /help" not in text


async def test_the_host_changes_the_tables_language_and_the_log_follows(tables: Tables) -> None:
    await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    await tables.join(channel_id=CHANNEL, user=BO)
    await tables.start(channel_id=CHANNEL, user=ANA)
    with pytest.raises(NotHost) as refused:
        await tables.set_language(channel_id=CHANNEL, user=BO, language="pl")
    assert refused.value.said("hu") == say(T("Only the host or a moderator can change the table's language."), "hu")
    changed = await tables.set_language(channel_id=CHANNEL, user=ANA, language="de")
    assert changed.language == "de"
    assert changed.text == say(T("{name} set the table's language to {language}.", name="Ana", language="Deutsch"),
                               "de")
    status = await tables.status(channel_id=CHANNEL)
    assert status.language == "de" and say(T("Language: {language}", language="Deutsch"), "de") in status.text
    assert (await tables.set_language(channel_id=CHANNEL, user=BO, language="hu", moderator=True)).language == "hu"


def test_discord_names_the_commands_as_the_readers_client_lists_them() -> None:
    polish = discord_commands(say(T("There is no open table in this channel. Start one with /game new."), "pl"), "pl")
    assert polish.endswith("/gra nowa.") and "/game" not in polish
    replay = T("The whole game, move by move (table {table}; step through it with /game replay table:{table}).", table=7)
    assert "/spiel wiederholung tisch:7" in discord_commands(say(replay, "de"), "de")
    assert discord_commands("see /moves or https://discord.com/channels/1/2", "hu") == \
        "see /moves or https://discord.com/channels/1/2"  # no such command, and a link: left alone
    assert discord_commands("Start one with /game new.", "en") == "Start one with /game new."


def test_a_plain_string_is_said_by_its_english_and_a_picture_draws_its_words_said() -> None:
    from PIL import Image, ImageDraw

    from bot.i18n import recording_drawn, speaking
    from bot.render.text import draw_text

    assert say("No rated games yet.", "de") == say(T("No rated games yet."), "de") != "No rated games yet."
    for text in (T("No rated games yet."), T("Player {n}", n=3)):  # Pillow would hand the font plain lines
        image, expected = Image.new("RGB", (400, 40)), Image.new("RGB", (400, 40))
        with speaking("de"), recording_drawn() as drawn:
            draw_text(ImageDraw.Draw(image), (0, 0), text, 20)
        draw_text(ImageDraw.Draw(expected), (0, 0), say(text, "de"), 20)
        assert drawn == [text] and untranslated(drawn[0], "de") == []
        assert image.tobytes() == expected.tobytes() and say(text, "de") != str(text)
