#!/usr/bin/env bash
# Summarises line coverage of the last `swift test --enable-code-coverage` run over Sources/.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
profdata="$bin/codecov/default.profdata"
tests="$bin/CompanionKitPackageTests.xctest"
[ -f "$profdata" ] || { echo "coverage: no profile data at $profdata" >&2; exit 1; }
llvm_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
echo "== Line coverage (Sources/) =="
"$llvm_cov" report "$tests" -instr-profile="$profdata" -ignore-filename-regex='(\.build|Tests)/' \
    | awk 'NF >= 10 && $1 != "Filename" { printf "%-66s %6s lines %8s\n", $1, $8, $10 }'
