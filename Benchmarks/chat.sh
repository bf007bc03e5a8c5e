#!/usr/bin/env bash
# Chat overhead: time to the first streamed token of an answer through the sidecar (POST /api/v1/chat/stream,
# Bearer API key) against running the same `claude -p … --output-format stream-json --include-partial-messages`
# directly, against the same local stand-in model (scripts/scripted-model.py), in one run, alternating.
#   Benchmarks/chat.sh            # 30 rounds, debug build
#   COMPANION_BIN=/path/to/companion Benchmarks/chat.sh     # measure a given binary
#   ROUNDS=60 CONFIG=release Benchmarks/chat.sh
# Prints p50/p90 of each side and what the sidecar adds at p50 (issue 13's aim: <= 50 ms).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-30}
config=${CONFIG:-debug}
claude=$(scripts/claude-path.sh)
if [ -n "${COMPANION_BIN:-}" ]; then
    companion=$COMPANION_BIN
else
    swift build -c "$config" --product companion >/dev/null
    companion="$(swift build -c "$config" --show-bin-path)/companion"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/companion-chat-bench.XXXXXX")
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

mkdir -p "$work/home/.claude" "$work/project"
python3 scripts/scripted-model.py --port 0 --reply "The first token arrives, then the rest of the answer." \
    >"$work/model.out" &
pids+=($!)
for _ in $(seq 1 50); do grep -q listening "$work/model.out" && break; sleep 0.1; done
model_url="http://127.0.0.1:$(awk '{print $3}' "$work/model.out")"
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
config = {"hasCompletedOnboarding": True, "projects": {f"{work}/project": {"hasTrustDialogAccepted": True}}}
for path in (f"{work}/home/.claude.json", f"{work}/home/.claude/.claude.json"):
    open(path, "w").write(json.dumps(config))
PY
export HOME="$work/home" CLAUDE_CONFIG_DIR="$work/home/.claude" ANTHROPIC_BASE_URL="$model_url" \
    ANTHROPIC_API_KEY=scripted CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1
key="chat-bench-api-key-$(od -An -tx8 -N8 /dev/urandom | tr -d ' ')"
echo "$key" >"$work/api-key"
"$companion" sidecar serve --ephemeral-identity --port 0 \
    --data-dir "$work/sidecar" --api-key-file "$work/api-key" --api-key-scopes read,tasks,chat,control,admin --claude-path "$claude" --log-level warning \
    >"$work/sidecar.out" 2>"$work/sidecar.log" &
pids+=($!)
for _ in $(seq 1 100); do grep -q 'listening on' "$work/sidecar.out" && break; sleep 0.1; done
sidecar_url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/sidecar.out" | head -1)
[ -n "$sidecar_url" ] || { cat "$work/sidecar.log" >&2; exit 1; }
python3 Benchmarks/chat_overhead.py --rounds "$rounds" --claude "$claude" --project "$work/project" \
    --sidecar "$sidecar_url" --api-key-file "$work/api-key"
