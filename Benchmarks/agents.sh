#!/usr/bin/env bash
# Agent sessions (issue #15): how fast the sidecar's /ws stream reports a hook and a pane change, and what watching
# idle tmux sessions costs, each against a reference measured in the same run:
#   1. Claude Code hook POST -> session_update received on /ws: p50/p99 (aim p99 < 50 ms), vs a GET /health round trip;
#   2. a tmux pane change (send-keys) -> terminal_output received on /ws: p99 (aim < 250 ms), vs one capture-pane;
#   3. the sidecar's CPU watching N idle tmux sessions for S seconds (aim < 2 % of a core; tmux control-mode clients,
#      no polling) vs naive `tmux capture-pane` polling of the same sessions at 1 Hz each.
# The sessions run `cat` (an idle agent: nothing printed); 50 real `claude` processes would need ~10 GB of memory.
#
# Usage: Benchmarks/agents.sh [EVENTS=500] [SESSIONS=50] [SECONDS=60]
#   CONFIG=release builds and runs the release build (default: the debug build of the standard build command,
#   reused when SKIP_BUILD=1).
set -euo pipefail
cd "$(dirname "$0")/.."
EVENTS=${1:-500}
SESSIONS=${2:-50}
SECONDS_IDLE=${3:-60}
CONFIG=${CONFIG:-debug}
command -v tmux >/dev/null || { echo "agents.sh: tmux is not installed (apt install tmux)" >&2; exit 1; }
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    if [ "$CONFIG" = release ]; then
        swift build -c release --product agents-bench >&2
    else
        swift build --build-tests --enable-code-coverage --explicit-target-dependency-import-check error >&2
    fi
fi
BIN=$(swift build -c "$CONFIG" --show-bin-path)/agents-bench
echo "agents.sh: $CONFIG build, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
"$BIN" latency "$EVENTS"
"$BIN" terminal "$((EVENTS / 5))"
"$BIN" idle "$SESSIONS" "$SECONDS_IDLE"
