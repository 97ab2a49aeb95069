#!/usr/bin/env bash
# A family's evening in the web chat on two phone-sized headless Chromium browsers
# (scripts/browser_test.py): the grown-up follows the setup link of a fresh install and is
# welcomed, invites a child (the invite card, Copy), the child joins, a story by the new-story form,
# page turns mirrored, read aloud playing, a cast story, a chapter, a picture book, a deletion seen on
# the other phone, a child's refused actions, nobody speaking as the bot or a grown-up (the door refuses
# their names, the bot's badge), an invite to another room asking before leaving, axe-core and the phone layout at 320–430 px.
# Screenshots of each step go to .build/evening-shots/ (scripts/evening-shots.sh copies them to docs).
# Then tonight's story, on time (scripts/bedtime_browser_test.py, in a room of its own): a bedtime
# set by a grown-up posted at the minute on both phones; its screenshots go to .build/bedtime-shots/.
# Then, each in a room of its own: the family's vote on what happens next with two members
# (scripts/vote_browser_test.py, .build/vote-shots/) and a grown-up's yes first, the child's phone
# empty of the story until ✅ (scripts/approval_browser_test.py, .build/approval-shots/).
# `bash scripts/browser-test.sh vote approval` runs only the parts named (evening, bedtime, vote, approval).
# Needs Debian's `chromium chromium-driver`, selenium and axe-selenium-python in .build/browser-venv
# (`bash scripts/setup.sh --browser`, which scripts/test.sh runs) and a built binary (`swift build`).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${MAGICAL_STORIES_BINARY:-.build/debug/magical-stories}
[ -x "$binary" ] || { echo "No $binary: build it first (swift build)." >&2; exit 1; }
for tool in chromium chromedriver; do
  command -v "$tool" > /dev/null || { echo "No $tool: run bash scripts/setup.sh --browser (Debian: chromium chromium-driver)." >&2; exit 1; }
done
bash scripts/setup.sh --browser-venv
venv=.build/browser-venv

dir=$(mktemp -d)
port=$("$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
DATABASE_PATH="$dir/stories.sqlite" HTTP_PORT=$port METRICS_PORT=0 BEDTIME_MAKE_AHEAD_MINUTES=1 LOG_LEVEL=${LOG_LEVEL:-notice} "$binary" serve > "$dir/out" 2> "$dir/log" &
pid=$!
trap 'kill "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; rm -rf "$dir"' EXIT
# The setup link: printed on standard output by older versions; written beside the database
# (setup-link.txt) when standard output is not a terminal.
link=""
for _ in $(seq 300); do
  link=$(cat "$dir/out" "$dir/setup-link.txt" 2> /dev/null | grep -o "http://[^ ]*/join#[A-Za-z0-9_-]*" | head -n 1 || true)
  [ -n "$link" ] && break
  kill -0 "$pid" 2> /dev/null || { cat "$dir/log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$link" ] || { echo "The service gave no setup link (standard output or $dir/setup-link.txt)." >&2; cat "$dir/log" >&2; exit 1; }
# Another family's room, with a child's invite to it: a browser already in a room must be asked before it leaves.
DATABASE_PATH="$dir/stories.sqlite" "$binary" room create "Sea Otters" > /dev/null
other=$(DATABASE_PATH="$dir/stories.sqlite" "$binary" invite create --room "Sea Otters" --role child --uses 5 | grep -o "#[A-Za-z0-9_-]*" | head -n 1)
parts=" ${*:-evening bedtime vote approval} "
wanted() { [[ "$parts" == *" $1 "* ]]; }
service_log() { echo "--- the service's log:" >&2; tail -n 60 "$dir/log" >&2; }
if wanted evening && ! OTHER_ROOM_INVITE="http://127.0.0.1:$port/join$other" "$venv/bin/python" scripts/browser_test.py "http://127.0.0.1:$port/" "$link" .build/evening-shots; then
  service_log
  exit 1
fi
# Each ritual in a room (a family) of its own, with a grown-up and a child invited to it: tonight's
# story on time, the vote on what happens next, a grown-up's yes first.
invite() { DATABASE_PATH="$dir/stories.sqlite" "$binary" invite create --room "$2" --role "$1" | grep -o "#[A-Za-z0-9_-]*" | head -n 1; }
ritual() {
  wanted "$1" || return 0
  DATABASE_PATH="$dir/stories.sqlite" "$binary" room create "$2" > /dev/null
  local grown_up child
  grown_up=$(invite grown-up "$2")
  child=$(invite child "$2")
  "$venv/bin/python" "scripts/$1_browser_test.py" "http://127.0.0.1:$port/" "http://127.0.0.1:$port/join$grown_up" \
    "http://127.0.0.1:$port/join$child" ".build/$1-shots" || { service_log; exit 1; }
}
ritual bedtime "Moon Room"
ritual vote "Acorn Room"
ritual approval "Lantern Room"
