#!/usr/bin/env bash
# Runs the whole test suite (installs the system libraries first if needed), then the web chat in
# real headless Chromium browsers (scripts/browser-test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
swift build --build-tests
swift test --skip-build "$@"
bash scripts/browser-test.sh
