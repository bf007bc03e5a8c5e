#!/usr/bin/env bash
# Throughput of GET /companion/status, unsigned and signed (a paired device's request, verified: Ed25519, nonce,
# window, lastSeenAt), against the trivial GET /health of the same sidecar, same run.
# Goal: status at 80% or more of health. Uses wrk (Debian), python3-cryptography to sign in advance, and a
# release build of `companion`.
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
device_id="$(curl -sf -X POST -H 'Content-Type: application/json' \
    -d "{\"pairingCode\":\"$code\",\"deviceName\":\"bench phone\",\"devicePublicKey\":\"$pub\"}" \
    "$url/companion/pairing/complete" | python3 -c 'import json,sys; print(json.load(sys.stdin)["connectedDevice"]["id"])')"
curl -sf "$url/companion/status" | grep -q '"connected":true' || { echo "sidecar-wrk: pairing failed" >&2; exit 1; }

# Every run goes through the same wrk script (Benchmarks/sidecar/requests.lua) with requests of the same size:
#   /health and unsigned /companion/status carry four padding headers; signed /companion/status carries the
#   four signature headers (each request signed once, in advance, by Benchmarks/sidecar/make_requests.py with
#   the paired device's key, so signing costs nothing during the run and every nonce is fresh).
lua="Benchmarks/sidecar/requests.lua"
make() { python3 Benchmarks/sidecar/make_requests.py "$work/$1" 2 "$per_thread" "$2" "${@:3}"; }
rate() {
    local out non2xx
    out="$(wrk -t2 -c"$connections" -d"${duration}s" -s "$lua" "$url" -- "$work/$1")"
    non2xx="$(awk '/Non-2xx/ {print $NF}' <<<"$out")"
    [ -z "$non2xx" ] || { echo "sidecar-wrk: $non2xx answers were not 2xx in run $1" >&2; exit 1; }
    awk '/Requests\/sec/ {print $2}' <<<"$out"
}
warm="$(wrk -t2 -c"$connections" -d2s "$url/health" | awk '/Requests\/sec/ {print int($2)}')"  # warm-up
per_thread=$(( warm * duration * 3 / 4 + 1000 ))  # 1.5 x the health rate, split over two threads
make health /health pad
make open /companion/status pad
# Interleave the routes so drift (other load, thermal) hits all alike; sign just before each signed run.
h1="$(rate health)"; u1="$(rate open)"
make signed1 /companion/status signed "$device_id" "$work/key.pem"; s1="$(rate signed1)"
make signed2 /companion/status signed "$device_id" "$work/key.pem"; s2="$(rate signed2)"
u2="$(rate open)"; h2="$(rate health)"
# The fixed cost a signature adds: one libsodium Ed25519 verification, measured on this machine now.
${CC:-clang} -O2 Benchmarks/sidecar/verify_cost.c -o "$work/verify_cost" $(pkg-config --cflags --libs libsodium)
verify_us="$("$work/verify_cost")"
python3 - "$h1" "$h2" "$u1" "$u2" "$s1" "$s2" "$duration" "$connections" "$log_level" "$verify_us" "$(nproc)" <<'PY'
import sys
h1, h2, u1, u2, s1, s2 = map(float, sys.argv[1:7])
verify_us, cores = float(sys.argv[10]), int(sys.argv[11])
health, open_, signed = (h1 + h2) / 2, (u1 + u2) / 2, (s1 + s2) / 2
print(f"wrk -t2 -c{sys.argv[8]} -d{sys.argv[7]}s, log level {sys.argv[9]}, runs interleaved h/u/s/s/u/h,"
      " every answer 2xx")
print(f"GET /health                    {health:10.0f} req/s  (runs: {h1:.0f}, {h2:.0f})")
print(f"GET /companion/status unsigned {open_:10.0f} req/s  (runs: {u1:.0f}, {u2:.0f})")
print(f"GET /companion/status signed   {signed:10.0f} req/s  (runs: {s1:.0f}, {s2:.0f})")
for name, value in (("unsigned status/health", open_), ("signed status/health", signed)):
    ratio = value / health * 100
    print(f"ratio {name:22s} {ratio:6.1f} %  (goal >= 80%: {'met' if ratio >= 80 else 'NOT met'})")
per_request = cores * 1e6 / health  # CPU per /health request on this machine, sidecar and wrk together
bound = per_request / (per_request + verify_us) * 100
print(f"one Ed25519 verification (libsodium) {verify_us:.1f} us; CPU per /health request {per_request:.1f} us"
      f" ({cores} cores): a signed route cannot exceed {bound:.1f} % of /health here")
PY
