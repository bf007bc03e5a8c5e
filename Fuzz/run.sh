#!/usr/bin/env bash
# Builds every libFuzzer target and runs each for a bounded time.
#   Fuzz/run.sh [seconds-per-target] [target...]      (default: 20 seconds, all targets)
# Prints executions, exec/s, coverage and crashes per target; exits 1 when any target crashed (the input is kept
# under Fuzz/.build/fuzz-artifacts/<target>/, reproduce with `Fuzz/.build/release/<target> <file>`), 2 when the
# build fails. The growing corpus lives in Fuzz/.build/fuzz-corpus/<target> (seeded from Fuzz/Corpus/<target>).
set -uo pipefail
cd "$(dirname "$0")"
seconds="${1:-20}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzQRPayload FuzzRequestVerifier FuzzQRDecoder)
sanitizers="${FUZZ_SANITIZERS:-fuzzer,address}"
# Swift's crash backtracer would otherwise spend minutes symbolicating each crash before libFuzzer sees it.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-}"

echo "== building ${targets[*]} (-sanitize=$sanitizers, release) =="
build_start=$(date +%s)
mkdir -p .build
for target in "${targets[@]}"; do
    swift build -c release --product "$target" -Xswiftc "-sanitize=$sanitizers" -Xswiftc -parse-as-library \
        >".build/fuzz-build-$target.log" 2>&1
    code=$?
    grep -Ev 'ld.gold: warning|prohibited flag|unhandled; explicitly declare|CMakeLists.txt$' \
        ".build/fuzz-build-$target.log" | grep -E 'error|warning|Compiling|complete' || true
    if [ "$code" -ne 0 ]; then echo "fuzz: build of $target failed (.build/fuzz-build-$target.log)" >&2; exit 2; fi
done
echo "build: $(($(date +%s) - build_start)) s"

bin="$(swift build -c release --show-bin-path)"
status=0
summary=()
for target in "${targets[@]}"; do
    corpus=".build/fuzz-corpus/$target"
    artifacts=".build/fuzz-artifacts/$target/"
    mkdir -p "$corpus" "$artifacts"
    log=".build/fuzz-$target.log"
    dict=()
    [ -f "Dictionaries/$target.dict" ] && dict=("-dict=Dictionaries/$target.dict")
    extra=()
    # The verifier target runs an actor through a Task whose memory is freed on another thread after the input
    # returns; libFuzzer then sees unbalanced mallocs and runs a full leak scan per input (40 exec/s instead of
    # ~1500). Leak checking stays on for the other targets.
    [ "$target" = FuzzRequestVerifier ] && extra=(-detect_leaks=0)
    echo "== $target: ${seconds}s =="
    "$bin/$target" "$corpus" "Corpus/$target" "${dict[@]}" "${extra[@]}" -max_total_time="$seconds" -timeout=20 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts" >"$log" 2>&1
    code=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    coverage=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -1)
    if [ "$code" -ne 0 ]; then
        status=1
        echo "CRASH in $target (exit $code):"
        grep -E 'Fatal error|ERROR|runtime failure|SUMMARY|Test unit written' "$log" | head -8
        crashes="1 ($(grep -o 'Test unit written to .*' "$log" | tail -1 | sed 's/Test unit written to //'))"
    else
        crashes=0
    fi
    summary+=("$(printf '%-20s executions %-9s exec/s %-6s %-28s crashes %s' "$target" "${executions:-?}" \
        "${rate:-?}" "${coverage:-cov: ?}" "$crashes")")
done
echo "== summary (${seconds}s per target) =="
printf '%s\n' "${summary[@]}"
exit "$status"
