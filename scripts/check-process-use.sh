#!/usr/bin/env bash
# Foundation's Process is not used anywhere: on Linux its run() (swift-corelibs-foundation of Swift 6.3) copies
# 256 bytes of every /proc/self/fd directory entry and can read past the end of glibc's buffer, which crashed the
# test process in CI and can crash the sidecar (swift-corelibs-foundation pull request 5472). Children are started
# with swift-subprocess (Sources) or ProcessRunner.spawn (Tests, posix_spawn). docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/.."
found=$(grep -rnE --include='*.swift' --exclude-dir=.build '\bProcess\b' Sources Tests Examples Benchmarks Fuzz 2>/dev/null |
    grep -vE '^[^:]+:[0-9]+:\s*//' || true)
if [ -n "$found" ]; then
    echo "check-process-use: Foundation's Process is used; start children with swift-subprocess (Sources) or" >&2
    echo "ProcessRunner.spawn (Tests) instead (docs/testing.md, \"Starting processes\"):" >&2
    echo "$found" >&2
    exit 1
fi
echo "check-process-use: no use of Foundation's Process"
