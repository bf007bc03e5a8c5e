#!/usr/bin/env bash
# /health latency with 5,000 idle sockets held against the same sidecar with none, in one run (issue 11's goal:
# p99 under 50 ms). Builds the release binary into .build-release unless COMPANION is set.
#   Benchmarks/idle-sockets.sh [IDLE (default 5000)] [REQUESTS (default 500)]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${COMPANION:-}" ]; then
    swift build -c release --scratch-path .build-release --product companion 2>&1 | grep -E 'error|Build complete' || true
    COMPANION=.build-release/release/companion
fi
exec python3 Benchmarks/soak/idle_sockets.py "$COMPANION" "${1:-5000}" "${2:-500}"
