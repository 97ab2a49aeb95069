#!/usr/bin/env bash
# The web chat in real headless Chromium (scripts/browser_test.py): a grown-up follows the setup
# link of a fresh install, invites a child from the chat, the child joins in a second browser,
# both read the same story, the child's delete is refused.
# Needs Debian's `chromium chromium-driver` and selenium in .build/browser-venv (both installed by
# `bash scripts/setup.sh --browser`, which scripts/test.sh runs) and a built binary (`swift build`).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${MAGICAL_STORIES_BINARY:-.build/debug/magical-stories}
[ -x "$binary" ] || { echo "No $binary: build it first (swift build)." >&2; exit 1; }
for tool in chromium chromedriver; do
  command -v "$tool" > /dev/null || { echo "No $tool: run bash scripts/setup.sh --browser (Debian: chromium chromium-driver)." >&2; exit 1; }
done

venv=.build/browser-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import selenium" 2> /dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "selenium>=4.20,<5"
fi

dir=$(mktemp -d)
port=$("$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
DATABASE_PATH="$dir/stories.sqlite" HTTP_PORT=$port METRICS_PORT=0 LOG_LEVEL=${LOG_LEVEL:-notice} "$binary" serve > "$dir/out" 2> "$dir/log" &
pid=$!
trap 'kill "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; rm -rf "$dir"' EXIT
link=""
for _ in $(seq 300); do
  link=$(grep -o "http://[^ ]*/join#[A-Za-z0-9_-]*" "$dir/out" || true)
  [ -n "$link" ] && break
  kill -0 "$pid" 2> /dev/null || { cat "$dir/log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$link" ] || { echo "The service printed no setup link." >&2; cat "$dir/log" >&2; exit 1; }
if ! "$venv/bin/python" scripts/browser_test.py "http://127.0.0.1:$port/" "$link"; then
  echo "--- the service's log:" >&2
  tail -n 60 "$dir/log" >&2
  exit 1
fi
