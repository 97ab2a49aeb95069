#!/usr/bin/env bash
# Release build with every function in a section of its own (Swift and C, dependencies too), so
# that the link can pack the code the service runs together (Package.swift, scripts/hot-code.order),
# and without LLVM's function merging, so that the functions are the ones the instrumented build
# of scripts/profile-hot-code.sh names. Arguments go to `swift build` (default: --product
# magical-stories). Use it for every release build in this folder.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] && set -- --product magical-stories
flags=(-Xcc -ffunction-sections
  -Xswiftc -Xfrontend -Xswiftc -function-sections
  -Xswiftc -Xfrontend -Xswiftc -disable-llvm-merge-functions-pass)
# The Swift driver's incremental builds do not notice new -Xfrontend flags: when they change,
# start the release objects afresh.
stamp=.build/release-flags
if [ "$(cat "$stamp" 2>/dev/null)" != "${flags[*]}" ]; then
  rm -rf .build/*/release
  mkdir -p .build
  echo "${flags[*]}" > "$stamp"
fi
# The service's link reads scripts/hot-code.order (Package.swift), which SwiftPM does not track:
# when the list is newer than a linked service, remove that binary so that it is linked again.
for binary in .build*/*/release/magical-stories; do
  if [ -e "$binary" ] && [ scripts/hot-code.order -nt "$binary" ]; then rm -f "$binary"; fi
done
exec swift build -c release "${flags[@]}" "$@"
