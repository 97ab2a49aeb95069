#!/usr/bin/env bash
# Contact sheets of the built-in storyteller's pictures for docs/storyteller.md: for each age (3, 6,
# 9) one PNG in docs/images/storyteller/, six themes of the set in rows, their five pages across,
# each page captioned with its composition and the scene's place and action (seed 11).
#
#   bash scripts/storyteller/contact-sheets.sh [DUMP.json PICTURES_DIR]
#
# Without arguments it first tells the theme set with the bench (BENCH, default the release build,
# else the debug one): magical-stories-bench --storyteller-dump .build/storyteller/dump.json
# --pictures .build/storyteller/pictures --only <the six themes>. Pillow from PyPI, in the browser test's virtualenv.
# A second set, the vehicle and thing heroes (car, train, cloud, knight, tugboat, tractor), is drawn with
#   CONTACT_SET=heroes bash scripts/storyteller/contact-sheets.sh   (writes heroes-age-<A>.png)
set -euo pipefail
cd "$(dirname "$0")/../.."
dump=${1:-.build/storyteller/dump.json}
pictures=${2:-.build/storyteller/pictures}
to=docs/images/storyteller
set_name=${CONTACT_SET:-}
if [ "$set_name" = heroes ]; then
  default_themes=red-car-town-race,train-presents-mountains,cloud-rainbow,knight-tower,tugboat-engine,tractor-carrots
  prefix=heroes-age
  dump=${1:-.build/storyteller/heroes.json}
  pictures=${2:-.build/storyteller/heroes-pictures}
else
  default_themes=hedgehog-bakes-cake,tortoise-forest-race,beaver-builds-bridge,elephant-shares-umbrella,cat-repairs-rocket,unicorn-surprise-party
  prefix=age
fi
themes=${CONTACT_THEMES:-$default_themes}
venv=.build/browser-venv

if [ $# -eq 0 ]; then
  bench=${BENCH:-}
  if [ -z "$bench" ]; then
    for candidate in .build/release/magical-stories-bench .build-release/release/magical-stories-bench .build/debug/magical-stories-bench; do
      [ -x "$candidate" ] && { bench=$candidate; break; }
    done
  fi
  [ -n "$bench" ] || { echo "Build the bench first: swift build -c release --product magical-stories-bench" >&2; exit 1; }
  mkdir -p "$(dirname "$dump")"
  rm -rf "$pictures"
  "$bench" --storyteller-dump "$dump" --pictures "$pictures" --only "$themes"
fi

[ -x "$venv/bin/python" ] || bash scripts/setup.sh --browser-venv
"$venv/bin/python" -c "import PIL" 2> /dev/null || "$venv/bin/pip" install --quiet --disable-pip-version-check "Pillow>=10"
mkdir -p "$to"
rm -f "$to/$prefix"-*.png
"$venv/bin/python" - "$dump" "$pictures" "$to" "$themes" "$prefix" <<'PY'
import json, os, sys
from PIL import Image, ImageDraw, ImageFont

dump, pictures, target, wanted, prefix = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(","), sys.argv[5]
stories = json.load(open(dump, encoding="utf-8"))["stories"]
seed = min(story["seed"] for story in stories)
thumb_w, thumb_h, caption, label_w, gap = 224, 149, 30, 214, 6
font_path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
font = ImageFont.truetype(font_path, 12) if os.path.exists(font_path) else ImageFont.load_default()
bold_path = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
bold = ImageFont.truetype(bold_path, 13) if os.path.exists(bold_path) else font


def wrap(draw, text, width, face):
    lines, line = [], ""
    for word in text.split():
        trial = (line + " " + word).strip()
        if draw.textlength(trial, font=face) > width and line:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


for age in sorted({story["age"] for story in stories}):
    rows = [next((s for s in stories if s["themeId"] == theme and s["age"] == age and s["seed"] == seed), None) for theme in wanted]
    rows = [row for row in rows if row]
    pages = max(len(row["pages"]) for row in rows)
    width = label_w + pages * (thumb_w + gap) + gap
    height = 34 + len(rows) * (thumb_h + caption + gap) + gap
    sheet = Image.new("RGB", (width, height), (247, 243, 234))
    draw = ImageDraw.Draw(sheet)
    draw.text((gap, 8), f"Age {age}, seed {seed}: each row one theme, pages 1-5 left to right "
                        "(caption: composition · place · action)", fill=(43, 42, 51), font=bold)
    for r, story in enumerate(rows):
        top = 34 + r * (thumb_h + caption + gap)
        lines = wrap(draw, story["theme"], label_w - 2 * gap, font)
        draw.text((gap, top + 4), story["themeId"], fill=(43, 42, 51), font=bold)
        for n, line in enumerate(lines[:7]):
            draw.text((gap, top + 24 + 15 * n), line, fill=(90, 88, 100), font=font)
        for c, page in enumerate(story["pages"]):
            left = label_w + c * (thumb_w + gap)
            path = os.path.join(pictures, page.get("picture") or "")
            if page.get("picture") and os.path.exists(path):
                picture = Image.open(path).convert("RGB")
                picture.thumbnail((thumb_w, thumb_h), Image.LANCZOS)
                sheet.paste(picture, (left, top))
            scene = page.get("scene") or {}
            place = scene.get("place") or story.get("setting", "")
            text = f"{page.get('composition', '?')} · {place}{' (in)' if scene.get('indoors') else ''} · {scene.get('action', '')}"
            props = ", ".join(scene.get("props") or [])
            draw.text((left, top + thumb_h + 1), text, fill=(43, 42, 51), font=font)
            draw.text((left, top + thumb_h + 15), ("props: " + props) if props else "props: —", fill=(110, 108, 120), font=font)
    out = os.path.join(target, f"{prefix}-{age}.png")
    sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.FLOYDSTEINBERG).save(out, optimize=True)
    print(f"{out}: {len(rows)} themes × {pages} pages")
PY
echo "Contact sheets in $to ($(du -sh "$to" | cut -f1))."
