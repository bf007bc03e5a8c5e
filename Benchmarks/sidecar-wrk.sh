#!/usr/bin/env bash
# Throughput of GET /companion/status against the trivial GET /health of the same sidecar, same run.
# Goal: status at 80% or more of health. Uses wrk (Debian) and a release build of `companion`.
#   Benchmarks/sidecar-wrk.sh [seconds per run, default 10] [connections, default 32]
# Env: SCRATCH=.build-release to build in a separate scratch path; LOG_LEVEL (default info: one log line
# per request, sent to /dev/null, as a deployed sidecar would log).
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-10}"
connections="${2:-32}"
log_level="${LOG_LEVEL:-info}"
scratch=()
[ -n "${SCRATCH:-}" ] && scratch=(--scratch-path "$SCRATCH")

command -v wrk >/dev/null || { echo "sidecar-wrk: wrk is not installed (apt-get install wrk)" >&2; exit 1; }
echo "building release…" >&2
swift build -c release --product companion "${scratch[@]}" 2>&1 | grep -E "error|Compiling companion|Build complete" >&2 || true
bin="$(swift build -c release --product companion "${scratch[@]}" --show-bin-path)/companion"
[ -x "$bin" ] || { echo "sidecar-wrk: release build failed" >&2; exit 1; }

work="$(mktemp -d)"
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

"$bin" sidecar serve --port 0 --ephemeral-identity --data-dir "$work/data" --log-level "$log_level" >"$work/out" 2>/dev/null &
server_pid=$!
for _ in $(seq 100); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
url="$(sed -n 's/^listening on //p' "$work/out" | head -1)"
[ -n "$url" ] || { echo "sidecar-wrk: the sidecar did not start" >&2; exit 1; }

# Pair one device, so /companion/status answers with a connected device (the realistic, larger body).
code="$(curl -sf -X POST "$url/companion/pairing/start" | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])')"
openssl genpkey -algorithm ed25519 -out "$work/key.pem" 2>/dev/null
pub="$(openssl pkey -in "$work/key.pem" -pubout -outform DER | tail -c 32 | base64)"
curl -sf -X POST -H 'Content-Type: application/json' \
    -d "{\"pairingCode\":\"$code\",\"deviceName\":\"bench phone\",\"devicePublicKey\":\"$pub\"}" \
    "$url/companion/pairing/complete" >/dev/null
curl -sf "$url/companion/status" | grep -q '"connected":true' || { echo "sidecar-wrk: pairing failed" >&2; exit 1; }

rate() { wrk -t2 -c"$connections" -d"${duration}s" "$url$1" | awk '/Requests\/sec/ {print $2}'; }
wrk -t2 -c"$connections" -d2s "$url/health" >/dev/null  # warm-up
# Interleave the two routes so drift (other load, thermal) hits both alike.
h1="$(rate /health)"; s1="$(rate /companion/status)"; s2="$(rate /companion/status)"; h2="$(rate /health)"
python3 - "$h1" "$h2" "$s1" "$s2" "$duration" "$connections" "$log_level" <<'PY'
import sys
h1, h2, s1, s2 = map(float, sys.argv[1:5])
health, status = (h1 + h2) / 2, (s1 + s2) / 2
print(f"wrk -t2 -c{sys.argv[6]} -d{sys.argv[5]}s, log level {sys.argv[7]}, runs interleaved health/status/status/health")
print(f"GET /health           {health:10.0f} req/s  (runs: {h1:.0f}, {h2:.0f})")
print(f"GET /companion/status {status:10.0f} req/s  (runs: {s1:.0f}, {s2:.0f})")
ratio = status / health * 100
print(f"ratio status/health   {ratio:9.1f} %  (goal >= 80%: {'met' if ratio >= 80 else 'NOT met'})")
PY
