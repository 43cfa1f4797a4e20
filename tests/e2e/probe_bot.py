"""A tiny discord.py bot used only to validate the fake Discord (tests/fakediscord).

It exercises what gamemaster will use: a guild command sync, a slash command with an
autocomplete option, a subcommand group with a member option, a reply with a Pillow PNG and
components, persistent ``DynamicItem`` button and select, an ephemeral deferred reply and a DM.

Run: ``DISCORD_TOKEN=fake GAMEMASTER_DISCORD_API=http://127.0.0.1:PORT DEV_GUILD_ID=... python tests/e2e/probe_bot.py``
"""

from __future__ import annotations

import io
import logging
import os
import re

import discord
import yarl
from discord import app_commands
from discord.ext import commands
from PIL import Image

WORDS = ["apple", "apricot", "banana", "blueberry", "cherry"]


def point_at_fake_discord() -> None:
    """Send every REST call and the gateway to ``GAMEMASTER_DISCORD_API`` when it is set.

    ``Route.BASE`` is a class attribute read when each Route is built (webhooks and interaction
    callbacks use the same Route class); a non-sharded Client connects to
    ``DiscordWebSocket.DEFAULT_GATEWAY`` without asking /gateway/bot.
    """
    api = os.environ.get("GAMEMASTER_DISCORD_API")
    if not api:
        return
    base = yarl.URL(api.rstrip("/"))
    discord.http.Route.BASE = str(base / "api" / "v10")
    ws_scheme = "wss" if base.scheme == "https" else "ws"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base.with_scheme(ws_scheme) / "gateway"


def png_bytes(color: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    """A 32x16 PNG of one colour."""
    buf = io.BytesIO()
    Image.new("RGB", (32, 16), color).save(buf, "PNG")
    return buf.getvalue()


class PingButton(discord.ui.DynamicItem[discord.ui.Button], template=r"probe:ping:(?P<count>[0-9]+)"):
    """A persistent button that counts its clicks in its own custom_id."""

    def __init__(self, count: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Ping ({count})", style=discord.ButtonStyle.primary, custom_id=f"probe:ping:{count}"
            )
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> PingButton:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        clicks = self.count + 1
        await interaction.response.edit_message(content=f"clicks={clicks}", view=reply_view(clicks))


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"probe:pick"):
    """A persistent select menu."""

    def __init__(self) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id="probe:pick",
                placeholder="Pick a fruit",
                options=[discord.SelectOption(label=w.title(), value=w) for w in WORDS],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> PickSelect:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        values = interaction.data.get("values", []) if interaction.data else []
        await interaction.response.send_message(f"picked {','.join(values)}", ephemeral=True)


def reply_view(clicks: int) -> discord.ui.View:
    """The components under a /ping reply."""
    view = discord.ui.View(timeout=None)
    view.add_item(PingButton(clicks))
    view.add_item(PickSelect())
    return view


class ProbeBot(commands.Bot):
    """The probe: no privileged intents."""

    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())

    async def setup_hook(self) -> None:
        self.add_dynamic_items(PingButton, PickSelect)
        self.tree.add_command(ping)
        self.tree.add_command(modonly)
        self.tree.add_command(ProbeGroup())
        guild_id = os.environ.get("DEV_GUILD_ID")
        if guild_id:
            guild = discord.Object(int(guild_id))
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            print(f"probe: synced {len(synced)} commands to guild {guild_id}", flush=True)

    async def on_ready(self) -> None:
        print(f"probe: ready as {self.user} in {len(self.guilds)} guild(s)", flush=True)


@app_commands.command(name="ping", description="Answer with a picture, a button and a DM")
@app_commands.describe(word="A fruit", private="Answer only to you")
async def ping(interaction: discord.Interaction, word: str, private: bool = False) -> None:
    if private:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(f"pong (private) {word}", ephemeral=True)
        return
    await interaction.response.send_message(
        f"pong {word}", file=discord.File(io.BytesIO(png_bytes()), "pong.png"), view=reply_view(0)
    )
    await interaction.user.send("psst from probe")


@app_commands.command(name="modonly", description="Only for members who can manage channels")
@app_commands.default_permissions(manage_channels=True)
@app_commands.guild_only()
async def modonly(interaction: discord.Interaction) -> None:
    assert isinstance(interaction.user, discord.Member)
    roles = ",".join(r.name for r in interaction.user.roles if not r.is_default())
    await interaction.response.send_message(
        f"manage_channels={interaction.permissions.manage_channels} roles={roles}", ephemeral=True
    )


@ping.autocomplete("word")
async def ping_word(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=w.title(), value=w) for w in WORDS if w.startswith(current.lower())]


class AskModal(discord.ui.Modal, title="Your move"):
    """A one-field modal."""

    move: discord.ui.TextInput[AskModal] = discord.ui.TextInput(
        label="Move", custom_id="probe:ask:move", max_length=20
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"move={self.move.value}", ephemeral=True)


class ProbeGroup(app_commands.Group, name="probe", description="Probe tools"):
    """A command group, to check nested subcommand options and the less common routes."""

    @app_commands.command(name="steps", description="Defer, fill in, edit, follow up, post and edit")
    async def steps(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("step 1")
        await interaction.edit_original_response(content="step 1 edited")
        extra = await interaction.followup.send("step 2", wait=True)
        await extra.edit(content="step 2 edited")
        assert isinstance(interaction.channel, discord.TextChannel)
        post = await interaction.channel.send(
            "board", embed=discord.Embed(title="Board", description="turn 1")
        )
        await post.edit(content="board v2")
        await interaction.followup.send("done", ephemeral=True)

    @app_commands.command(name="thread", description="Open a thread on the reply")
    async def thread(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message("thread parent")
        parent = await interaction.original_response()
        thread = await parent.create_thread(name=name)
        await thread.send(
            f"welcome {interaction.user.mention}",
            allowed_mentions=discord.AllowedMentions(users=[interaction.user]),
        )
        await thread.add_user(interaction.user)

    @app_commands.command(name="ask", description="Open a modal")
    async def ask(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(AskModal())

    @app_commands.command(name="echo", description="Repeat text, optionally calling someone")
    async def echo(
        self, interaction: discord.Interaction, text: str, who: discord.Member | None = None
    ) -> None:
        if who is None:
            await interaction.response.send_message(f"echo {text}")
            return
        await interaction.response.send_message(
            f"echo {text} {who.mention} (perms ok: {interaction.permissions.send_messages})",
            allowed_mentions=discord.AllowedMentions(users=[who], roles=False, everyone=False),
        )


def main() -> None:
    point_at_fake_discord()
    token = os.environ["DISCORD_TOKEN"]
    ProbeBot().run(token, log_level=logging.INFO)


if __name__ == "__main__":
    main()
