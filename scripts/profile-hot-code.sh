#!/usr/bin/env bash
# Regenerates scripts/hot-code.order: the functions the service runs, which the release link
# (Package.swift, lld --symbol-ordering-file) packs together at the front of the binary's code.
# The kernel maps code 64 KB around every page touched, so code that runs scattered among code
# that never runs keeps ~10 MiB of the binary resident; packed, it is ~2 MiB.
#
# It builds an instrumented copy of the service (.build-coverage: AddressSanitizer's runtime,
# one coverage counter per function), runs it through the Discord load benchmark (start-up,
# migrations, /story new, writing, painting, delivery, page turns; paced and in bursts), and
# writes the names of the functions that ran. Needs python3 and setarch (util-linux).
# Takes ~15 minutes on 2 cores. Rerun it after large changes; a stale list is harmless (names
# that no longer exist are skipped), it only packs less well.
set -euo pipefail
cd "$(dirname "$0")/.."

out=scripts/hot-code.order
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

coverage=(-c release --scratch-path .build-coverage --sanitize=address
  -Xswiftc -sanitize-coverage=func,inline-8bit-counters,pc-table
  -Xcc -fsanitize-coverage=func,inline-8bit-counters,pc-table
  -Xswiftc -Xfrontend -Xswiftc -disable-llvm-merge-functions-pass)
swift build "${coverage[@]}" --product magical-stories
bash scripts/build-release.sh --product discord-load-bench
binary=$PWD/.build-coverage/release/magical-stories

run=0
for mode in "--rate 100" ""; do
  run=$((run + 1))
  # Without address randomisation (setarch -R) the counters' function addresses are stable.
  ASAN_OPTIONS="detect_leaks=0:cov_8bit_counters_out=$work/counters.$run:cov_pcs_out=$work/pcs.$run" \
    .build/release/discord-load-bench 300 1000 $mode --bot "setarch -R $binary serve"
done

nm --defined-only "$binary" > "$work/symbols"
python3 - "$work" "$run" "$out" <<'PYTHON'
import bisect, re, struct, sys
work, runs, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
symbols = {}
for line in open(f"{work}/symbols"):
    parts = line.split(maxsplit=2)
    if len(parts) == 3 and parts[1] in "tTwW" and re.fullmatch("[0-9a-f]+", parts[0]):
        symbols.setdefault(int(parts[0], 16), parts[2].strip())
starts = sorted(symbols)
base = 0x555555554000  # where Linux/x86_64 loads a position-independent executable under setarch -R
ran = set()
for run in range(1, runs + 1):
    counters = open(f"{work}/counters.{run}", "rb").read()
    table = open(f"{work}/pcs.{run}", "rb").read()
    entries = struct.unpack(f"<{len(table) // 8}Q", table)[0::2]  # (function address, flags) pairs
    assert len(entries) == len(counters), "the counter and function tables differ in length"
    hits = [entries[i] - base for i, count in enumerate(counters) if count]
    exact = sum(1 for a in hits if a in symbols)
    if exact < 0.9 * len(hits):
        sys.exit(f"only {exact} of {len(hits)} addresses start a function: was the load address {base:#x}?")
    # A few functions merged by LLVM start inside another symbol: count that symbol.
    ran.update(symbols[starts[bisect.bisect_right(starts, a) - 1]] for a in hits if a >= starts[0])
names = sorted(n for n in ran if not n.startswith(("__asan", "__sanitizer", "__sancov", "asan.", "sancov.")))
open(out, "w").write("".join(n + "\n" for n in names))
print(f"{out}: {len(names)} functions")
PYTHON
