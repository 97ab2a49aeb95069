#!/usr/bin/env bash
# Peak memory of the web chat under load: starts `magical-stories serve` (release, web chat only,
# a fresh database), drives it with `magical-stories-bench --web-chat` (STORIES stories, default
# 24, read to the end in four rooms at once), and reports the process's peak memory, split into
# private (heap, stacks) and file-backed (binary, libraries) pages, sampled from /proc every 20 ms.
# Memory is judged on the private part. Build both first:
#   swift build -c release --product magical-stories && swift build -c release --product magical-stories-bench
set -euo pipefail
cd "$(dirname "$0")/.."
stories=${1:-24}
port=${PORT:-18392}
dir=$(mktemp -d)
# The web chat lets only invited members in: four rooms, each with a link enough readers can use.
invites=$(for room in 0 1 2 3; do
  DATABASE_PATH="$dir/stories.sqlite" .build/release/magical-stories room create "profile-$room" > /dev/null
  DATABASE_PATH="$dir/stories.sqlite" HTTP_PORT=$port .build/release/magical-stories invite --room "profile-$room" --role grown-up --uses 100 \
    | grep -o 'http://[^ ]*'
done | paste -sd, -)
# The bench's WebSocket client sends `Origin: ws://127.0.0.1` (no port): allow it.
MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} METRICS_PORT=0 HTTP_ALLOWED_ORIGINS=ws://127.0.0.1 HTTP_PORT=$port DATABASE_PATH="$dir/stories.sqlite" LOG_LEVEL=warning .build/release/magical-stories serve > "$dir/log" 2>&1 &
pid=$!
trap 'kill "$pid" 2> /dev/null || true; rm -rf "$dir"' EXIT
for _ in $(seq 150); do (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null && break; sleep 0.1; done
(
  private=0 file=0
  while kill -0 "$pid" 2> /dev/null; do
    read -r anon mapped < <(awk '/^RssAnon/ {a = $2} /^RssFile/ {f = $2} END {print a + 0, f + 0}' "/proc/$pid/status" 2> /dev/null || echo "0 0")
    ((anon > private)) && private=$anon
    ((mapped > file)) && file=$mapped
    echo "$private $file" > "$dir/peak"
    sleep 0.02
  done
) &
sampler=$!
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
before=$(ticks)
.build/release/magical-stories-bench --web-chat "127.0.0.1:$port" "$stories" --invites "$invites"
cpu=$(($(ticks) - before))
peak=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
kill -INT "$pid"
wait "$pid" || true
wait "$sampler" || true
read -r private file < "$dir/peak"
mib() { awk -v kib="$1" 'BEGIN {printf "%.1f", kib / 1024}'; }
echo "web chat: CPU $(awk -v t="$cpu" -v hz="$(getconf CLK_TCK)" 'BEGIN {printf "%.2f", t / hz}') s · peak memory $(mib "$peak") MiB," \
  "of which at most $(mib "$private") MiB private and $(mib "$file") MiB file-backed"
