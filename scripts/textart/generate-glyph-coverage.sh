#!/usr/bin/env bash
# Writes Sources/Textify/GlyphCoverage+DejaVuSansMono.swift: the ink coverage of every printable
# ASCII glyph of DejaVu Sans Mono (fonts-dejavu-core), rendered with Cairo through the package's
# CCairo module map. Run once when the table should change; the output is committed (CI never runs it).
set -euo pipefail
cd "$(dirname "$0")/../.."
font=$(fc-match "DejaVu Sans Mono" file)
case "$font" in
  *DejaVuSansMono.ttf) ;;
  *) echo "DejaVu Sans Mono is not installed (apt-get install fonts-dejavu-core); fontconfig gives $font" >&2; exit 1 ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swiftc -O -I Sources/CCairo scripts/textart/GlyphCoverageGenerator.swift -lm -o "$work/generate"
"$work/generate" > Sources/Textify/GlyphCoverage+DejaVuSansMono.swift
echo "wrote Sources/Textify/GlyphCoverage+DejaVuSansMono.swift"
