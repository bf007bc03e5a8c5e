#!/usr/bin/env bash
# One output formatter in the CLI: every JSON document and JSON line `companion` prints is encoded by
# `OutputFormatter` (Sources/CompanionCLI/Support/OutputFormatter.swift), so `--json` keeps one shape per dialect.
# Fails on another JSON encoder in the CLI (Sources/CompanionCLI, Sources/companion): `JSONEncoder`,
# `JSONSerialization`, `CompanionJSON.encode`/`encoder`, `ClaudeAPIJSON.encode`/`encoder`, or a `printJSON` outside
# `OutputFormatter` (ARCHITECTURE.md, "Rules").
set -euo pipefail
cd "$(dirname "$0")/.."
found=$(grep -rnE --include='*.swift' \
    'JSONEncoder|JSONSerialization|CompanionJSON\.encode|ClaudeAPIJSON\.encode|func printJSON|func printClaudeJSON' \
    Sources/CompanionCLI Sources/companion | grep -v '^Sources/CompanionCLI/Support/OutputFormatter\.swift:' | grep -vE '^[^:]+:[0-9]+:\s*//' || true)
if [ -n "$found" ]; then
    echo "check-one-formatter: JSON is encoded outside OutputFormatter; print it with OutputFormatter's" >&2
    echo "printJSON, printJSONLine, document or line (Sources/CompanionCLI/Support/OutputFormatter.swift):" >&2
    echo "$found" >&2
    exit 1
fi
echo "check-one-formatter: every JSON output goes through OutputFormatter"
