#!/usr/bin/env bash
# Prints the path of the Claude Code CLI the tests run: $CLAUDE_CLI_PATH when set, else the binary that
# scripts/setup.sh installed under .build/claude-venv. Exits 1 (with the fix on stderr) when there is none.
#   scripts/claude-path.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${CLAUDE_CLI_PATH:-}" ]; then
    [ -x "$CLAUDE_CLI_PATH" ] || { echo "claude-path: CLAUDE_CLI_PATH=$CLAUDE_CLI_PATH is not executable" >&2; exit 1; }
    echo "$CLAUDE_CLI_PATH"
    exit 0
fi
for candidate in .build/claude-venv/lib/python3*/site-packages/claude_agent_sdk/_bundled/claude; do
    if [ -x "$candidate" ]; then
        echo "$PWD/$candidate"
        exit 0
    fi
done
echo "claude-path: Claude Code is not installed for the tests; run scripts/setup.sh --no-build" >&2
exit 1
