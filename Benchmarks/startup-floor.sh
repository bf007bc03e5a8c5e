#!/usr/bin/env bash
# The floor under issue 12's start-up goals: the least a Swift program (static Swift runtime, as `companion` is
# installed) can cost next to the C tools the goals compare with, in one run.
#   floor-version: start, print a line (Foundation)      vs curl --version
#   floor-lookup:  one libsecret lookup of a 64-byte item  vs secret-tool lookup of the same item
# and, when COMPANION_BIN names a build, `companion --version` and `companion keys show` beside them.
# CPU time (perf stat task-clock, mean of RUNS runs per round, ROUNDS rounds, order alternating) is what a loaded
# machine disturbs least; wall medians (hyperfine) are printed too.
#   Benchmarks/startup-floor.sh
#   RUNS=80 ROUNDS=4 COMPANION_BIN=.build-release/release/companion Benchmarks/startup-floor.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${COMPANION_KEYRING_INNER:-}" ]; then exec scripts/with-keyring.sh "$0" "$@"; fi
runs=${RUNS:-60}
rounds=${ROUNDS:-4}
for tool in perf hyperfine curl secret-tool swiftc pkg-config python3; do
    command -v "$tool" >/dev/null || { echo "startup-floor.sh: $tool not found" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'secret-tool clear service companionkit-floor name ref 2>/dev/null || true; rm -rf "$tmp"' EXIT
src=Benchmarks/startup-floor
includes=()
for flag in $(pkg-config --cflags-only-I libsecret-1); do includes+=(-Xcc "$flag"); done
swiftc -O -static-stdlib -parse-as-library "$src/version.swift" -o "$tmp/floor-version" 2>/dev/null
swiftc -O -static-stdlib -parse-as-library -I "$src" "${includes[@]}" "$src/lookup.swift" -o "$tmp/floor-lookup" \
    2>/dev/null
head -c 64 /dev/urandom | base64 -w0 | secret-tool store --label=floor service companionkit-floor name ref
[ "$("$tmp/floor-lookup")" = 88 ] || { echo "startup-floor.sh: the floor program did not read the item" >&2; exit 1; }

pairs=("$tmp/floor-version|curl --version" "$tmp/floor-lookup|secret-tool lookup service companionkit-floor name ref")
if [ -n "${COMPANION_BIN:-}" ]; then
    export COMPANION_PROFILE="floor-$$" COMPANION_VAULT=secret-service
    "$COMPANION_BIN" keys init >/dev/null
    pairs+=("$COMPANION_BIN --version|curl --version"
        "$COMPANION_BIN keys show|secret-tool lookup service companionkit-floor name ref")
fi

cpu() { # mean task-clock in ms of $runs runs of the command
    perf stat -x, -e task-clock -r "$runs" $1 >/dev/null 2>"$tmp/perf" || { cat "$tmp/perf" >&2; exit 1; }
    grep task-clock "$tmp/perf" | cut -d, -f1
}
printf '%-34s %10s %10s %7s %12s %12s %7s\n' program "CPU ms" "ref CPU" ratio "wall ms" "ref wall" ratio
for pair in "${pairs[@]}"; do
    ours=${pair%%|*} reference=${pair#*|}
    ours_cpu=() reference_cpu=()
    for round in $(seq 1 "$rounds"); do
        if [ $((round % 2)) -eq 1 ]; then
            ours_cpu+=("$(cpu "$ours")") reference_cpu+=("$(cpu "$reference")")
        else
            reference_cpu+=("$(cpu "$reference")") ours_cpu+=("$(cpu "$ours")")
        fi
    done
    hyperfine -N --warmup 5 --runs "$runs" --style none --export-json "$tmp/wall.json" "$ours" "$reference" \
        >/dev/null 2>&1
    python3 - "$ours" "$tmp/wall.json" "${ours_cpu[*]}" "${reference_cpu[*]}" <<'PY'
import json, statistics, sys, os
name, wall, ours, ref = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4].split()
o, r = statistics.median(map(float, ours)), statistics.median(map(float, ref))
w = [statistics.median(x["times"]) * 1000 for x in json.load(open(wall))["results"]]
label = os.path.basename(name.split()[0]) + (" " + " ".join(name.split()[1:]) if " " in name else "")
print(f"{label:<34} {o:10.2f} {r:10.2f} {o / r:6.2f}x {w[0]:12.1f} {w[1]:12.1f} {w[0] / w[1]:6.2f}x")
PY
done
