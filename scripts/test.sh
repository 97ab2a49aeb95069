#!/usr/bin/env bash
# Runs the whole test suite (installs the system libraries first if needed).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --build-tests
swift test --skip-build "$@"
