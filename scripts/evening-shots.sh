#!/usr/bin/env bash
# Copies the evening test's screenshots (.build/evening-shots/, written by scripts/browser-test.sh)
# into docs/images/evening/ for docs/web-chat.md, replacing the old ones. Run the browser test first.
set -euo pipefail
cd "$(dirname "$0")/.."
from=.build/evening-shots
to=docs/images/evening
ls "$from"/*.png > /dev/null 2>&1 || { echo "No screenshots in $from: run bash scripts/browser-test.sh first." >&2; exit 1; }
mkdir -p "$to"
rm -f "$to"/*.png
cp "$from"/*.png "$to"/
echo "Copied $(ls "$to"/*.png | wc -l) screenshots to $to ($(du -sh "$to" | cut -f1))."
