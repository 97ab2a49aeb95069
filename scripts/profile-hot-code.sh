#!/usr/bin/env bash
# Regenerates scripts/hot-code.order: the functions the service runs, which the release link
# (Package.swift, lld --symbol-ordering-file) packs together at the front of the binary's code.
# The kernel maps code 64 KB around every page touched, so code that runs scattered among code
# that never runs keeps ~10 MiB of the binary resident; packed, it is ~2 MiB.
#
# It builds an instrumented copy of the service (.build-coverage: AddressSanitizer's runtime,
# one coverage counter per function), runs it through the Discord load benchmark (start-up,
# migrations, /story new, writing, painting, delivery, page turns; paced and in bursts) and then
# serving the web chat to `magical-stories-bench --web-chat` (families asking for stories and
# reading them, pictures over HTTP), and writes the names of the functions that ran: the Discord
# bot's first, then those only the web chat runs, so that the web chat's do not spread the bot's.
# Needs python3 and setarch (util-linux). Takes ~20 minutes on 2 cores. Rerun it after large changes; a stale list is harmless (names
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
bash scripts/build-release.sh --product magical-stories-bench
binary=$PWD/.build-coverage/release/magical-stories

run=0
for mode in "--rate 100" ""; do
  run=$((run + 1))
  # Without address randomisation (setarch -R) the counters' function addresses are stable.
  ASAN_OPTIONS="detect_leaks=0:cov_8bit_counters_out=$work/counters.$run:cov_pcs_out=$work/pcs.$run" \
    .build/release/discord-load-bench 300 1000 $mode --bot "setarch -R $binary serve"
done

# The web chat, on a port of its own, until the workload is done; SIGINT writes the counters.
run=$((run + 1))
port=18391
ASAN_OPTIONS="detect_leaks=0:cov_8bit_counters_out=$work/counters.$run:cov_pcs_out=$work/pcs.$run" \
  HTTP_PORT=$port DATABASE_PATH="$work/web-chat.sqlite" LOG_LEVEL=warning setarch -R "$binary" serve &
server=$!
for _ in $(seq 150); do (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null && break; sleep 0.2; done
.build/release/magical-stories-bench --web-chat "127.0.0.1:$port" 24
kill -INT "$server"
wait "$server" || true

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
ran = []  # the functions each run ran; the last run is the web chat's
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
    ran.append({symbols[starts[bisect.bisect_right(starts, a) - 1]] for a in hits if a >= starts[0]})
def ours(names):
    return sorted(n for n in names if not n.startswith(("__asan", "__sanitizer", "__sancov", "asan.", "sancov.")))
discord = set().union(*ran[:-1])
web = ran[-1] - discord
# What an earlier profile saw and this one did not (a wait, a retry: timing decides whether
# some functions run at all) stays in the list while the function exists.
try:
    earlier = {line.strip() for line in open(out)} & set(symbols.values())
except FileNotFoundError:
    earlier = set()
discord |= earlier - web
names = ours(discord) + ours(web)
open(out, "w").write("".join(n + "\n" for n in names))
print(f"{out}: {len(names)} functions, {len(ours(web))} of them only the web chat's")
PYTHON
