#!/usr/bin/env bash
# Copies the evening test's screenshots (.build/evening-shots/, written by scripts/browser-test.sh)
# into docs/images/evening/ for docs/web-chat.md, and the bedtime test's (.build/bedtime-shots/)
# into docs/images/bedtime/ for docs/features.md, replacing the old ones, each reduced to 256
# colours (about a third of the size; Pillow from PyPI, in the browser test's virtualenv).
# Run the browser test first.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/browser-venv
ls .build/evening-shots/*.png > /dev/null 2>&1 || { echo "No screenshots in .build/evening-shots: run bash scripts/browser-test.sh first." >&2; exit 1; }
[ -x "$venv/bin/python" ] || bash scripts/setup.sh --browser-venv
"$venv/bin/python" -c "import PIL" 2> /dev/null || "$venv/bin/pip" install --quiet --disable-pip-version-check "Pillow>=10"
for set in evening bedtime; do
  from=.build/$set-shots
  to=docs/images/$set
  ls "$from"/*.png > /dev/null 2>&1 || { echo "No screenshots in $from: run bash scripts/browser-test.sh first." >&2; exit 1; }
  mkdir -p "$to"
  rm -f "$to"/*.png
  "$venv/bin/python" - "$from" "$to" <<'PY'
import os, sys
from PIL import Image
source, target = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(source)):
    if name.endswith(".png"):
        picture = Image.open(os.path.join(source, name)).convert("RGB")
        picture.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.FLOYDSTEINBERG).save(
            os.path.join(target, name), optimize=True)
PY
  echo "Copied $(ls "$to"/*.png | wc -l) screenshots to $to ($(du -sh "$to" | cut -f1))."
done
missing=$(grep -ho 'images/\(evening\|bedtime\)/[^")]*\.png' docs/web-chat.md docs/features.md | while read -r shot; do [ -e "docs/$shot" ] || echo "$shot"; done)
[ -z "$missing" ] || { echo "docs show screenshots the tests no longer make: $missing" >&2; exit 1; }
