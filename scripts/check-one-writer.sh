#!/usr/bin/env bash
# One writer (ARCHITECTURE.md, "Rules"). Fails when
#  - a file is replaced anywhere but in CompanionFiles' `AtomicFile` (the package's one atomic writer: temporary file
#    in the same directory, fsync of the file and the directory, mode kept or set, compare-and-swap with renameat2):
#    `rename`/`renameat2`, Foundation's `.atomic`/`atomically:` writes and `replaceItem` outside Sources/CompanionFiles.
#    A line that moves a directory (not a file) says so with a trailing `// one-writer: directory move`;
#  - `CLAUDE_CONFIG_DIR` is read anywhere but in `ClaudeDirectories.resolve(environment:)` (CompanionClaudeCode/Locate),
#    the one place that locates Claude Code's files;
#  - a path to one of Claude Code's files (`settings.json`, `settings.local.json`, `.claude.json`, `.mcp.json`) is
#    built outside CompanionClaudeCode's files layer (Config/, Locate/), whose `ClaudeJSONFile` is their one writer
#    (under Claude Code's own `<file>.lock`, replaced only if still the version read, malformed never overwritten).
# Comment lines are not code. The first two rules check Sources, Examples and Benchmarks, the third Sources (tests and
# benchmarks build Claude Code worlds of their own); tests play other writers on purpose.
#   scripts/check-one-writer.sh
set -euo pipefail
cd "$(dirname "$0")/.."
code() { grep -rnE --include='*.swift' "$1" "${@:2}" 2>/dev/null | grep -vE '^[^:]+:[0-9]+:\s*//' || true; }
failed=0
report() {
    if [ -n "$2" ]; then
        echo "check-one-writer: $1" >&2
        echo "$2" >&2
        failed=1
    fi
}
writers=$(code '\brename(at2?)?\(|renameat2|\.atomic(Write)?\b|atomically:|replaceItem(At)?\(' Sources Examples Benchmarks |
    grep -v '^Sources/CompanionFiles/' | grep -v '// one-writer: directory move' || true)
report "a file is replaced outside CompanionFiles' AtomicFile; use AtomicFile.replace (Claude Code's files: \
ClaudeJSONFile):" "$writers"
config=$(code '"CLAUDE_CONFIG_DIR"' Sources Examples Benchmarks | grep -v '^Sources/CompanionClaudeCode/Locate/ClaudeDirectories.swift:' || true)
report "CLAUDE_CONFIG_DIR is read outside ClaudeDirectories.resolve(environment:); locate Claude Code's files \
through it (ClaudeDirectories, ClaudeConfigLocations):" "$config"
paths=$(code '(appendingPathComponent\(|\+ *)"[^"]*(settings(\.local)?\.json|\.claude\.json|\.mcp\.json)"' Sources |
    grep -vE '^Sources/CompanionClaudeCode/(Config|Locate)/' || true)
report "a path to Claude Code's files is built outside its files layer; use ClaudeConfigLocations and \
ClaudeJSONFile:" "$paths"
[ "$failed" = 0 ] || exit 1
echo "check-one-writer: one atomic writer (AtomicFile), one CLAUDE_CONFIG_DIR resolution, one writer of Claude Code's files"
