#!/usr/bin/env bash
# Starts Magical Stories: installs what it needs the first time, builds in release mode, and
# serves the family web chat on http://127.0.0.1:8080 (see README for configuration).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-release.sh --product magical-stories
exec .build/release/magical-stories serve "$@"
