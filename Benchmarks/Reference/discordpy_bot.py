"""The discord.py reference bot for the Discord load benchmark.

It does the minimal job the benchmark measures, the way a discord.py bot would: `/story new` is
deferred at once and then filled in with page 1 (embed, picture, ⏮ ◀ ▶ buttons); a page button is
answered with UPDATE_MESSAGE carrying that page's embed and picture. Stories live in memory and
the picture is one ~140 KB PNG made at start-up, so this measures the library, not story making.

    python3 -m venv .venv-ref && .venv-ref/bin/pip install discord.py
    .build/release/discord-load-bench --bot ".venv-ref/bin/python Benchmarks/Reference/discordpy_bot.py"

The benchmark passes DISCORD_TOKEN and DISCORD_API_URL (its loopback simulator).
"""
import asyncio
import io
import logging
import itertools
import os
import random
import struct
import zlib

import discord
import discord.gateway
import discord.http
import discord.webhook.async_
import yarl

API = os.environ.get("DISCORD_API_URL", "https://discord.com/api/v10")
discord.http.Route.BASE = API
discord.webhook.async_.Route.BASE = API
PAGES = 5


def make_picture(size=512, target=140_000):
    """A PNG of `size`² RGB pixels whose noise makes it about `target` bytes, like a page picture."""
    rng = random.Random(7)
    rows = []
    noisy = 0
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            row += bytes((x * 255 // size, y * 255 // size, 160))
        rows.append(row)
    raw = b"".join(rows)
    # Add noise row by row until the compressed size reaches the target.
    while len(zlib.compress(raw, 6)) < target and noisy < size:
        row = bytearray(rows[noisy])
        for i in range(1, len(row), 2):
            row[i] = rng.randrange(256)
        rows[noisy] = row
        noisy += 1
        if noisy % 16 == 0:
            raw = b"".join(rows)
    raw = b"".join(rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


PICTURE = make_picture()
story_ids = itertools.count(1)


def custom_id(story_id, page):
    return f"ms:p:{story_id}:{page}"


class ReferenceBot(discord.Client):
    def __init__(self):
        super().__init__(intents=discord.Intents.none())
        self.stories = {}

    async def setup_hook(self):
        # discord.py connects to wss://gateway.discord.gg unless sharded; ask the API, as the contract says.
        gateway = await self.http.request(discord.http.Route("GET", "/gateway/bot"))
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway["url"])

    async def on_interaction(self, interaction: discord.Interaction):
        if interaction.type == discord.InteractionType.application_command:
            await interaction.response.defer()
            options = {o["name"]: o.get("value") for o in interaction.data.get("options", [{}])[0].get("options", [])}
            story = {"id": next(story_ids), "name": options.get("name", "a child"), "theme": options.get("theme", "a story")}
            self.stories[story["id"]] = story
            embed, view = self.page_view(story, 1)
            await interaction.edit_original_response(embed=embed, view=view,
                                                     attachments=[discord.File(io.BytesIO(PICTURE), "page.png")])
        elif interaction.type == discord.InteractionType.component:
            _, _, story_id, page = interaction.data["custom_id"].split(":")[:4]
            story = self.stories.get(int(story_id))
            if story is None:
                await interaction.response.send_message("That story is gone.", ephemeral=True)
                return
            embed, view = self.page_view(story, int(page))
            await interaction.response.edit_message(embed=embed, view=view,
                                                    attachments=[discord.File(io.BytesIO(PICTURE), "page.png")])

    @staticmethod
    def page_view(story, page):
        embed = discord.Embed(title=f"The story of {story['name']}", description=f"Page {page}: {story['theme']}.")
        embed.set_image(url="attachment://page.png")
        embed.set_footer(text=f"page {page} of {PAGES}")
        view = discord.ui.View(timeout=None)
        for label, target in (("⏮", 1), ("◀", max(1, page - 1)), ("▶", min(PAGES, page + 1))):
            view.add_item(discord.ui.Button(label=label, custom_id=custom_id(story["id"], target) + ("" if label == "▶" else f":{label}")))
        return embed, view


if __name__ == "__main__":
    ReferenceBot().run(os.environ["DISCORD_TOKEN"], log_level=logging.WARNING)
