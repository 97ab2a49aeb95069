#!/usr/bin/env bash
# Starts Magical Stories: installs what it needs the first time, builds in release mode, and
# serves the family web chat on http://127.0.0.1:8080 (see README for configuration).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product magical-stories
# Two malloc arenas, as in deploy/: glibc's default (8 per core) keeps freed memory spread thin.
export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
exec .build/release/magical-stories serve "$@"
