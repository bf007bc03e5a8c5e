#!/usr/bin/env bash
# Soak test (not in CI): mixed load on the real sidecar with a kill -9 and restart at a fixed interval; prints
# acknowledged-but-lost writes (must be 0), RSS and descriptor counts over time (must stay flat).
#   Benchmarks/soak.sh [SECONDS (default 600)] [KILL_INTERVAL (default 30)]
# Builds the release binary into .build-release unless COMPANION is set.
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-600}"
interval="${2:-30}"
if [ -z "${COMPANION:-}" ]; then
    swift build -c release --scratch-path .build-release --product companion 2>&1 | grep -E 'error|Build complete' || true
    COMPANION=.build-release/release/companion
fi
exec python3 Benchmarks/soak/soak.py "$COMPANION" "$duration" "$interval"
