#!/usr/bin/env bash
# Web Push (issue 31): from a permission request delivered as Claude Code's hook delivers it (`companion hook`, a
# process per event) to the push service receiving the encrypted, VAPID-signed message (the test push service of
# Tests/push: HTTPS on localhost, the message decrypted and the JWT verified before it is counted), beside the same
# request reaching /ws as an `attention` event (the path `companion watch` and `approve` use), in the same run.
# The real `claude` is not in the loop: it runs the same `companion hook` command, and its own time before that (the
# model's answer, its dialog) is not the sidecar's.
#
# Usage: Benchmarks/push.sh [N=200]   (SKIP_BUILD=1 reuses the debug build; BENCH_BIN=… runs a given push-bench,
#   with `companion` beside it). Needs .build/push-venv (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-200}
if [ -z "${BENCH_BIN:-}" ] && [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build --build-tests --enable-code-coverage --explicit-target-dependency-import-check error >&2
fi
BIN=${BENCH_BIN:-$(swift build --show-bin-path)/push-bench}
echo "push.sh: $BIN, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
"$BIN" "$N"
