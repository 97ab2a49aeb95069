#!/usr/bin/env bash
# Copies the evening test's screenshots (.build/evening-shots/, written by scripts/browser-test.sh)
# into docs/images/evening/ for docs/web-chat.md, and the bedtime test's (.build/bedtime-shots/)
# into docs/images/bedtime/ for docs/features.md, replacing the old ones, each reduced to 256
# colours (about a third of the size; Pillow from PyPI, in the browser test's virtualenv). Of the
# approval and vote tests' (.build/approval-shots/, .build/vote-shots/) only those the docs show
# are copied, to docs/images/approval/ and docs/images/votes/. A set not run is left as it is;
# `bash scripts/evening-shots.sh approval vote` copies only the sets named. Run the browser test first.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/browser-venv
ls .build/*-shots/*.png > /dev/null 2>&1 || { echo "No screenshots in .build/*-shots: run bash scripts/browser-test.sh first." >&2; exit 1; }
[ -x "$venv/bin/python" ] || bash scripts/setup.sh --browser-venv
"$venv/bin/python" -c "import PIL" 2> /dev/null || "$venv/bin/pip" install --quiet --disable-pip-version-check "Pillow>=10"
parts=" ${*:-evening bedtime approval vote} "
for set in evening:evening bedtime:bedtime approval:approval vote:votes; do
  [[ "$parts" == *" ${set%%:*} "* ]] || continue
  from=.build/${set%%:*}-shots
  to=docs/images/${set#*:}
  ls "$from"/*.png > /dev/null 2>&1 || { echo "No screenshots in $from: $to left as it is." >&2; continue; }
  shown=""
  case $set in approval:*|vote:*) shown=$(grep -ho "images/${set#*:}/[^\")]*\.png" docs/web-chat.md docs/features.md | sed 's|.*/||' | sort -u | tr '\n' ' ' || true);; esac
  mkdir -p "$to"
  rm -f "$to"/*.png
  "$venv/bin/python" - "$from" "$to" "$shown" <<'PY'
import os, sys
from PIL import Image
source, target, shown = sys.argv[1], sys.argv[2], sys.argv[3].split()
for name in sorted(os.listdir(source)):
    if name.endswith(".png") and (not shown or name in shown):
        picture = Image.open(os.path.join(source, name)).convert("RGB")
        picture.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.FLOYDSTEINBERG).save(
            os.path.join(target, name), optimize=True)
PY
  echo "Copied $(ls "$to"/*.png | wc -l) screenshots to $to ($(du -sh "$to" | cut -f1))."
done
missing=$(grep -ho 'images/\(evening\|bedtime\|approval\|votes\)/[^")]*\.png' docs/web-chat.md docs/features.md | while read -r shot; do [ -e "docs/$shot" ] || echo "$shot"; done)
[ -z "$missing" ] || { echo "docs show screenshots the tests no longer make: $missing" >&2; exit 1; }
