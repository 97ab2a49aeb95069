#!/usr/bin/env bash
# Installs the system libraries Magical Stories builds against (Debian/Ubuntu), once.
# Safe to run again: it installs only what is missing.
# With --browser (scripts/test.sh), also what the real-browser test needs: Debian's Chromium and
# its driver, and from PyPI in a private virtualenv (.build/browser-venv) selenium and
# axe-selenium-python (which ships axe-core's axe.min.js; installed without its pytest plugin's
# dependencies, which the test does not use). --browser-venv makes only that virtualenv
# (scripts/browser-test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
browser=false
[ "${1:-}" = "--browser" ] && browser=true

browser_venv() {
  local venv=.build/browser-venv
  if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import selenium, axe_selenium_python" 2> /dev/null; then
    mkdir -p .build
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "selenium>=4.20,<5"
    "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps "axe-selenium-python==2.1.6"
  fi
}
if [ "${1:-}" = "--browser-venv" ]; then
  browser_venv
  exit 0
fi

packages=(
  # SQLite (GRDB), Cairo (the built-in illustrator), zlib (PNG), fonts for text art
  libsqlite3-dev libcairo2-dev zlib1g-dev pkg-config fonts-dejavu-core ca-certificates
  # JPEG and WebP pictures from model providers, decoded for text art (Textify); chafa, the text art
  # ours is compared with (scripts/textart-compare.sh)
  libturbojpeg0-dev libwebp-dev chafa
  # Read aloud: Ogg/Opus encoding (Narration) and the built-in offline voice
  libopus-dev libopusenc-dev espeak-ng
  # What the Swift toolchain itself needs on a bare Debian machine
  binutils gcc git libc6-dev libstdc++-12-dev libcurl4-openssl-dev libedit-dev libicu-dev
  libncurses-dev libxml2-dev tzdata uuid-dev
  # The TLS tests make a self-signed certificate with openssl; the picture book's tests read its PDF text (pdftotext)
  openssl poppler-utils
  # The container's health check is tested as the image runs it: under dash, Debian's /bin/sh
  dash
  # The storyteller's grammar measure (scripts/storyteller/check.py): Debian's link-grammar, offline, with its own dictionary
  link-grammar
  # PostgreSQL, the second store: the contract tests start a private server (initdb, pg_ctl) on
  # loopback. The package also creates the unprivileged `postgres` user the tests run it as under root.
  postgresql
)
if $browser; then
  # The emoji font: the page's buttons and the evening's screenshots show emoji as people see them
  packages+=(chromium chromium-driver python3-venv fonts-noto-color-emoji)
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "Swift is not on PATH. Install the Swift 6.x toolchain first (https://swift.org/install)." >&2
  exit 1
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "Please install these packages with your system's package manager: ${missing[*]}" >&2
    exit 1
  fi
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if $browser; then
  browser_venv
fi
