"""Draws a Discord card (a layout message) from the payload the Discord simulator recorded, as a
MOCK-UP: an HTML page in Discord's dark colours, screenshotted by headless Chromium. It is not
Discord's own rendering; it shows what the payload holds and how its parts are laid out.

    CARD_MOCKUP_DIR=/tmp/card swift test --skip-build --filter DiscordCardFlowTests/storyAsCards
    python3 scripts/card_mockup.py /tmp/card docs/images/discord/card-mockup.png

The first argument holds card.json (written by DiscordCardFlowTests) and the attachments it names.
"""
import base64
import html
import json
import os
import re
import subprocess
import sys
import tempfile

STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger"}


def inline(text):
    text = html.escape(text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"\*(.+?)\*", r"<i>\1</i>", text)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    return text


def markdown(text):
    out, code = [], None
    for line in text.split("\n"):
        if line.startswith("```"):
            if code is None:
                code = []
            else:
                out.append("<pre>" + html.escape("\n".join(code)) + "</pre>")
                code = None
            continue
        if code is not None:
            code.append(line)
        elif line.startswith("## "):
            out.append("<h2>" + inline(line[3:]) + "</h2>")
        elif line.startswith("-# "):
            out.append('<div class="small">' + inline(line[3:]) + "</div>")
        elif line.strip():
            out.append("<p>" + inline(line) + "</p>")
    return "\n".join(out)


def media(url, folder):
    if url.startswith("attachment://"):
        path = os.path.join(folder, url[len("attachment://"):])
        kind = "webp" if path.endswith(".webp") else "png"
        with open(path, "rb") as f:
            return "data:image/%s;base64,%s" % (kind, base64.b64encode(f.read()).decode())
    return url


def component(c, folder):
    kind = c["type"]
    if kind == 17:
        colour = "#%06x" % c.get("accent_color", 0x4E5058)
        inner = "\n".join(component(x, folder) for x in c.get("components", []))
        return '<div class="container" style="border-left-color:%s">%s</div>' % (colour, inner)
    if kind == 10:
        return '<div class="text">' + markdown(c["content"]) + "</div>"
    if kind == 12:
        return "".join('<img class="gallery" src="%s" alt="%s">' % (media(i["media"]["url"], folder), html.escape(i.get("description", "")))
                       for i in c["items"])
    if kind == 9:
        texts = "".join(component(x, folder) for x in c["components"])
        return '<div class="section"><div>%s</div>%s</div>' % (texts, component(c["accessory"], folder))
    if kind == 11:
        return '<img class="thumb" src="%s">' % media(c["media"]["url"], folder)
    if kind == 14:
        return '<hr>' if c.get("divider", True) else '<div style="height:8px"></div>'
    if kind == 1:
        return '<div class="row">' + "".join(component(x, folder) for x in c["components"]) + "</div>"
    if kind == 2:
        disabled = " disabled" if c.get("disabled") else ""
        return '<span class="button %s%s">%s</span>' % (STYLES.get(c.get("style"), "secondary"), disabled, html.escape(c.get("label", "")))
    if kind == 13:
        return '<div class="file">📄 %s</div>' % html.escape(c["file"]["url"].split("://")[-1])
    return ""


PAGE = """<!doctype html><meta charset="utf-8"><style>
body{margin:0;background:#313338;font:15px/1.4 "Noto Sans","DejaVu Sans",sans-serif;color:#dbdee1;padding:40px 16px 20px 16px;width:528px}
.head{display:flex;align-items:center;gap:10px;margin-bottom:6px}.avatar{width:40px;height:40px;border-radius:50%%;background:#7b61ff;
display:flex;align-items:center;justify-content:center;font-size:22px}.name{color:#f2f3f5;font-weight:600}.bot{background:#5865f2;color:#fff;
font-size:10px;padding:1px 4px;border-radius:3px;margin-left:4px}.body{margin-left:50px}
.container{background:#2b2d31;border:1px solid #3f4147;border-left:4px solid;border-radius:8px;padding:12px;max-width:460px}
.gallery{width:100%%;border-radius:6px;display:block;margin-bottom:8px}.thumb{width:64px;height:64px;border-radius:6px;object-fit:cover}
.section{display:flex;justify-content:space-between;gap:8px;align-items:flex-start}
h2{font-size:20px;margin:4px 0 6px;color:#f2f3f5}p{margin:0 0 6px}.small{font-size:12px;color:#949ba4;margin:4px 0}
pre{font-size:9px;line-height:1.05;background:#1e1f22;padding:6px;border-radius:4px;margin:4px 0}
.row{display:flex;gap:8px;margin-top:8px}.button{padding:4px 14px;border-radius:4px;color:#fff;font-size:14px}
.primary{background:#5865f2}.secondary{background:#4e5058}.success{background:#248046}.danger{background:#da373c}.disabled{opacity:.5}
hr{border:0;border-top:1px solid #3f4147}.file{background:#1e1f22;padding:8px;border-radius:6px}
.mock{position:fixed;top:8px;right:10px;background:#f0b232;color:#000;font-weight:700;font-size:12px;padding:2px 8px;border-radius:4px}
</style>
<div class="mock">MOCK-UP · drawn from the simulator's payload, not a Discord screenshot</div>
<div class="head"><div class="avatar">📖</div><div><span class="name">Magical Stories</span><span class="bot">APP</span></div></div>
<div class="body">%s</div>"""


def main():
    folder, output = sys.argv[1], sys.argv[2]
    with open(os.path.join(folder, "card.json")) as f:
        payload = json.load(f)
    assert payload.get("flags", 0) & (1 << 15), "not a layout message"
    body = "\n".join(component(c, folder) for c in payload["components"])
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "card.html")
        with open(page, "w") as f:
            f.write(PAGE % body)
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--window-size=560,%s" % os.environ.get("CARD_MOCKUP_HEIGHT", "690"),
                        "--screenshot=" + os.path.abspath(output), "file://" + page],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print("wrote", output)


if __name__ == "__main__":
    main()
