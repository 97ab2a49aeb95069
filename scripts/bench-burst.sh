#!/usr/bin/env bash
# Issue 32's burst, as a Discord client sees it: the release service and the discord.py reference
# bot in alternating rounds against one loopback simulator (docs/benchmarks.md, "The burst").
#   scripts/bench-burst.sh [rounds] [stories] [page-turns]     (3 300 300)
# Environment: SCRATCH (the release build folder, default .build), VENV (default .venv-ref).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build}"
venv="${VENV:-.venv-ref}"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import discord' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet discord.py
fi
swift build -c release --scratch-path "$scratch" --product magical-stories
swift build -c release --scratch-path "$scratch" --product discord-load-bench
exec "$scratch/release/discord-load-bench" --burst "${1:-3}" "${2:-300}" "${3:-300}" \
  --reference "$venv/bin/python Benchmarks/Reference/discordpy_bot.py"
