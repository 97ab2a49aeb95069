#!/usr/bin/env bash
# Text art of story pictures, ours beside chafa's (Debian's `chafa`, installed by scripts/setup.sh),
# at the same size (60 × 20 characters for a 3:2 page), for docs/text-art.md. Paints a few pages
# with the built-in writer and illustrator (`magical-stories story new`), then writes into
# docs/images/text-art/:
#   NAME.ours-shapes.txt              `magical-stories textify` (shape-matched ASCII, the default)
#   NAME.ours-ramp.txt                the old ten-tone ASCII ramp (`--palette ascii`), for before/after
#   NAME.chafa-ascii.txt              `chafa -c none --symbols ascii`
#   NAME.ours-braille-outline.txt     the web chat's and Discord's line drawing (`--palette braille --outline`)
#   NAME.chafa-braille.txt            `chafa -c none --symbols braille`
#   NAME.compare.png                  the picture and all of them side by side, light ink on dark
#                                     paper as the web chat shows them (headless Chromium; skipped
#                                     without it), in 256 colours when the browser test's
#                                     virtualenv has Pillow (scripts/evening-shots.sh)
#   phone-390.compare.png             the first page in shade blocks, the Braille line drawing and
#                                     shapes, in the web chat's `pre.art` rule at a 390 px phone's width
# Usage: scripts/textart-compare.sh [path/to/magical-stories]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/magical-stories}
[ -x "$bin" ] || swift build --product magical-stories
command -v chafa > /dev/null || { echo "chafa is not installed: apt-get install chafa (scripts/setup.sh does)." >&2; exit 1; }
out=docs/images/text-art
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
rm -f "$out"/*.txt "$out"/*.png

# name | theme | seed | page
pages=(
  "penguin|a lost penguin under the sea|3|1"
  "dragon|a sleepy dragon who is afraid of the dark|7|5"
  "robot|a robot who learns to bake bread|5|2"
)
for spec in "${pages[@]}"; do
  IFS='|' read -r name theme seed page <<< "$spec"
  "$bin" story new --theme "$theme" --name Mia --age 5 --pages 5 --seed "$seed" --out "$work/$name" > /dev/null
  picture=$(printf '%s/%s/page-%02d.png' "$work" "$name" "$page")
  cp "$picture" "$work/$name.png"
  "$bin" textify "$picture" --width 60 > "$out/$name.ours-shapes.txt"
  "$bin" textify "$picture" --width 60 --palette ascii > "$out/$name.ours-ramp.txt"
  "$bin" textify "$picture" --width 60 --palette braille --outline > "$out/$name.ours-braille-outline.txt"
  chafa -f symbols -c none --symbols ascii -s 60x20 "$picture" > "$out/$name.chafa-ascii.txt"
  chafa -f symbols -c none --symbols braille -s 60x20 "$picture" > "$out/$name.chafa-braille.txt"
done

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "No Chromium: wrote the text files only (scripts/setup.sh --browser installs it)."
  exit 0
fi
escape() { sed 's/&/\&amp;/g; s/</\&lt;/g' "$1"; }
for spec in "${pages[@]}"; do
  IFS='|' read -r name _ <<< "$spec"
  html="$work/$name.html"
  {
    echo '<!doctype html><meta charset="utf-8"><style>'
    echo 'body { background:#141833; color:#f4f1ff; font:13px sans-serif; margin:10px; }'
    echo 'pre { font:11px/1.05 "DejaVu Sans Mono", monospace; background:#0b0e22; color:#f4f1ff; padding:6px; margin:3px 0 12px; border-radius:6px; }'
    echo 'table { border-spacing:12px 0; } td { vertical-align:top; } img { width:420px; border-radius:6px; }'
    echo '</style><table>'
    echo "<tr><td><b>the picture</b><br><img src=\"file://$work/$name.png\"></td>"
    echo "<td><b>ours before: ten-tone ASCII ramp</b><pre>$(escape "$out/$name.ours-ramp.txt")</pre></td></tr>"
    echo "<tr><td><b>ours: shape-matched ASCII</b><pre>$(escape "$out/$name.ours-shapes.txt")</pre></td>"
    echo "<td><b>chafa --symbols ascii -c none</b><pre>$(escape "$out/$name.chafa-ascii.txt")</pre></td></tr>"
    echo "<tr><td><b>ours: Braille line drawing (web chat, Discord)</b><pre>$(escape "$out/$name.ours-braille-outline.txt")</pre></td>"
    echo "<td><b>chafa --symbols braille -c none</b><pre>$(escape "$out/$name.chafa-braille.txt")</pre></td></tr>"
    echo '</table>'
  } > "$html"
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files \
    --window-size=1000,880 --screenshot="$out/$name.compare.png" "file://$html" > /dev/null 2>&1
done
# The web chat's choice on a phone: one page in the palettes it could use, in its own `pre.art` rule
# (WebChatPage.css), at 390 px.
first=${pages[0]%%|*}
"$bin" textify "$work/$first.png" --width 60 --palette blocks > "$work/blocks.txt"
{
  echo '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
  echo '<style>body { background:#141833; color:#f4f1ff; font:13px sans-serif; margin:8px; } h3 { font-size:13px; margin:8px 0 3px; }'
  sed -n '/pre\.art {/,/}/p' Sources/WebChat/WebChatPage.swift
  echo '</style><div class="page">'
  echo "<h3>shade blocks (the web chat before)</h3><pre class=\"art\">$(escape "$work/blocks.txt")</pre>"
  echo "<h3>Braille line drawing (the web chat now)</h3><pre class=\"art\">$(escape "$out/$first.ours-braille-outline.txt")</pre>"
  echo "<h3>shape-matched ASCII</h3><pre class=\"art\">$(escape "$out/$first.ours-shapes.txt")</pre>"
  echo '</div>'
} > "$work/phone.html"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=2 \
  --window-size=390,680 --screenshot="$out/phone-390.compare.png" "file://$work/phone.html" > /dev/null 2>&1

python=.build/browser-venv/bin/python
if [ -x "$python" ] && "$python" -c "import PIL" 2> /dev/null; then
  "$python" - "$out" <<'PY'
import glob, sys
from PIL import Image
for path in glob.glob(sys.argv[1] + "/*.compare.png"):
    Image.open(path).convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
PY
fi
echo "Wrote $(ls "$out" | wc -l) files to $out ($(du -sh "$out" | cut -f1))."
