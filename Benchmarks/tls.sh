#!/usr/bin/env bash
# What the sidecar's own TLS costs (issue 30), each figure against a reference measured in the same run:
#   1. wrk: GET /health over HTTPS with keep-alive vs the same over plain HTTP          goal >= 80 %
#      wrk: signed GET /companion/status over HTTPS vs the same over plain HTTP           goal >= 80 %
#   2. new connections: full TLS handshakes per second (`openssl s_time -new`) against the sidecar pinned to one
#      core vs `openssl s_server` on the same core with a key of the same type (P-256)  goal >= 70 %
#   3. the CLI: signed `companion status` over HTTPS vs over plain HTTP (hyperfine)    goal <= 1.3x
# Everything runs in a network namespace this script makes (no traffic leaves it): the sidecar listens on the
# namespace's 127.0.0.1 (plain HTTP, as loopback may) and on 10.213.0.1 (HTTPS, as every other address must), one
# process, one port. The CLI is paired twice (one vault profile per URL), in a private keyring.
#   sudo Benchmarks/tls.sh [SECONDS=10] [CONNECTIONS=32]
#   BIN=/path/to/release/companion Benchmarks/tls.sh     # measure a given build (default: build release)
# Needs root (ip netns), wrk, openssl, hyperfine, curl, python3-cryptography (scripts/setup.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
connections=${2:-32}
ns=cktls-$$
address=10.213.0.1

if [ -z "${TLS_BENCH_INNER:-}" ]; then
    [ "$(id -u)" = 0 ] || { echo "tls.sh: needs root for its network namespace (sudo)" >&2; exit 1; }
    for tool in wrk openssl hyperfine curl python3 taskset; do
        command -v "$tool" >/dev/null || { echo "tls.sh: $tool not found (scripts/setup.sh installs it)" >&2; exit 1; }
    done
    if [ -z "${BIN:-}" ]; then
        swift build -c release --product companion >&2
        BIN=$(swift build -c release --show-bin-path)/companion
    fi
    ip netns add "$ns"
    trap 'ip netns del "$ns" 2>/dev/null || true' EXIT
    ip -n "$ns" link set lo up
    ip -n "$ns" address add "$address/32" dev lo
    TLS_BENCH_INNER=1 BIN=$BIN ip netns exec "$ns" scripts/with-keyring.sh "$0" "$@"
    exit
fi

work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export NO_COLOR=1 COMPANION_VAULT=secret-service
port=7878
plain=http://127.0.0.1:$port
tls=https://$address:$port

# The sidecar on core 0 only, so that the handshake figure is "per core"; info logs to /dev/null as deployed.
COMPANION_SIDECAR_PROFILE=tls-bench-sidecar taskset -c 0 "$BIN" sidecar serve --host 127.0.0.1 --host "$address" \
    --port "$port" --public-url "$tls" --data-dir "$work/sidecar" --log-level info --json >"$work/sidecar.out" 2>/dev/null &
pids+=($!)
for _ in $(seq 1 100); do curl -sf "$plain/health" >/dev/null 2>&1 && break; sleep 0.1; done
pin=$(python3 -c 'import json,sys
for line in open(sys.argv[1]):
    v = json.loads(line).get("tlsPin")
    if v: print(v); break' "$work/sidecar.out")
[ -n "$pin" ] || { echo "tls.sh: the sidecar printed no TLS pin" >&2; cat "$work/sidecar.out" >&2; exit 1; }
curl -sf --pinnedpubkey "$pin" -k "$tls/health" >/dev/null || { echo "tls.sh: HTTPS with the pin failed" >&2; exit 1; }

# 3's set-up: the CLI paired once per URL: by code over loopback's plain HTTP, and by the QR (which carries the
# HTTPS URL, --public-url, and the TLS pin) for HTTPS.
start() { curl -sf -X POST "$plain/companion/pairing/start"; }
COMPANION_PROFILE=bench-http "$BIN" keys init >/dev/null
code=$(start | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])')
echo y | COMPANION_PROFILE=bench-http "$BIN" pair code "$code" --url "$plain" --name bench-http >/dev/null
COMPANION_PROFILE=bench-https "$BIN" keys init >/dev/null
start | python3 -c 'import json,sys; print(json.load(sys.stdin)["qrPayload"], end="")' >"$work/qr.txt"
"$BIN" qr encode -o "$work/qr.png" "$(cat "$work/qr.txt")" >/dev/null
COMPANION_PROFILE=bench-https "$BIN" pair scan "$work/qr.png" --name bench-https --yes >/dev/null
for profile in bench-http bench-https; do
    COMPANION_PROFILE=$profile "$BIN" status >/dev/null || { echo "tls.sh: status ($profile) failed" >&2; exit 1; }
done

# 1. wrk, the same requests (Benchmarks/sidecar/requests.lua) over both listeners, interleaved.
openssl genpkey -algorithm ed25519 -out "$work/key.pem" 2>/dev/null
pub=$(openssl pkey -in "$work/key.pem" -pubout -outform DER | tail -c 32 | base64)
code=$(curl -sf -X POST "$plain/companion/pairing/start" | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])')
device=$(curl -sf -X POST -H 'Content-Type: application/json' \
    -d "{\"pairingCode\":\"$code\",\"deviceName\":\"bench wrk\",\"devicePublicKey\":\"$pub\"}" \
    "$plain/companion/pairing/complete" | python3 -c 'import json,sys; print(json.load(sys.stdin)["connectedDevice"]["id"])')
lua=Benchmarks/sidecar/requests.lua
warm=$(taskset -c 1 wrk -t1 -c"$connections" -d2s "$plain/health" | awk '/Requests\/sec/ {print int($2)}')
per_thread=$(( warm * duration * 3 / 2 + 1000 ))
make() { python3 Benchmarks/sidecar/make_requests.py "$work/$1" 1 "$per_thread" "$2" "${@:3}"; }
rate() {  # rate URL REQUESTS
    local out non2xx
    out=$(taskset -c 1 wrk -t1 -c"$connections" -d"${duration}s" -s "$lua" "$1" -- "$work/$2")
    non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
    [ -z "$non2xx" ] || { echo "tls.sh: $non2xx answers were not 2xx ($1, $2)" >&2; exit 1; }
    awk '/Requests\/sec/ {print $2}' <<<"$out"
}
make health /health pad
hp1=$(rate "$plain" health); ht1=$(rate "$tls" health)
make s1 /companion/status signed "$device" "$work/key.pem"; sp1=$(rate "$plain" s1)
make s2 /companion/status signed "$device" "$work/key.pem"; st1=$(rate "$tls" s2)
make s3 /companion/status signed "$device" "$work/key.pem"; st2=$(rate "$tls" s3)
make s4 /companion/status signed "$device" "$work/key.pem"; sp2=$(rate "$plain" s4)
ht2=$(rate "$tls" health); hp2=$(rate "$plain" health)

# 2. Full handshakes per second, one core each: the sidecar vs openssl s_server with a P-256 certificate.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$work/ref.key" -out "$work/ref.pem" \
    -days 1 -subj "/CN=$address" 2>/dev/null
taskset -c 0 openssl s_server -quiet -accept "$address:$((port + 1))" -cert "$work/ref.pem" -key "$work/ref.key" \
    -www >/dev/null 2>&1 &
pids+=($!)
sleep 0.5
handshakes() {  # handshakes HOST:PORT -> connections per second
    taskset -c 1 openssl s_time -connect "$1" -new -time "$duration" -www /health 2>/dev/null |
        awk '/connections in .* real seconds/ {print $1 / $4; exit}'
}
hs_side1=$(handshakes "$address:$port"); hs_ref1=$(handshakes "$address:$((port + 1))")
hs_ref2=$(handshakes "$address:$((port + 1))"); hs_side2=$(handshakes "$address:$port")

# 3. The CLI: signed status over each URL, alternating order.
hyperfine --shell=none --warmup 3 --runs 30 --style none --export-json "$work/cli1.json" \
    "env COMPANION_PROFILE=bench-http $BIN status" "env COMPANION_PROFILE=bench-https $BIN status" >/dev/null
hyperfine --shell=none --warmup 3 --runs 30 --style none --export-json "$work/cli2.json" \
    "env COMPANION_PROFILE=bench-https $BIN status" "env COMPANION_PROFILE=bench-http $BIN status" >/dev/null
# What the handshake costs the CLI: one TLS connection to /health with curl (pinned) vs plain, same loop.
hyperfine --shell=none --warmup 3 --runs 30 --style none --export-json "$work/curl.json" \
    "curl -sf $plain/health" "curl -sf -k --pinnedpubkey $pin $tls/health" >/dev/null

python3 - "$work" "$duration" "$connections" "$BIN" "$hp1" "$hp2" "$ht1" "$ht2" "$sp1" "$sp2" "$st1" "$st2" \
    "$hs_side1" "$hs_side2" "$hs_ref1" "$hs_ref2" <<'PY'
import json, statistics, sys
work, duration, connections, binary = sys.argv[1:5]
hp1, hp2, ht1, ht2, sp1, sp2, st1, st2, hs1, hs2, hr1, hr2 = map(float, sys.argv[5:17])
def medians(path):
    out = {}
    for result in json.load(open(path))["results"]:
        out.setdefault(result["command"], []).extend(result["times"])
    return out
cli = {}
for p in ("cli1.json", "cli2.json"):
    for command, times in medians(f"{work}/{p}").items():
        cli.setdefault("https" if "bench-https" in command else "http", []).extend(times)
curl = {("https" if "https" in c else "http"): statistics.median(t) * 1000 for c, t in medians(f"{work}/curl.json").items()}
http_ms, https_ms = (statistics.median(cli[k]) * 1000 for k in ("http", "https"))
def line(label, ours, reference, unit, goal, higher_is_better=True):
    ratio = ours / reference
    met = ratio >= goal if higher_is_better else ratio <= goal
    sign = ">=" if higher_is_better else "<="
    shown = f"{ratio * 100:6.1f} %" if higher_is_better else f"{ratio:6.2f}x"
    goal_shown = f"{goal * 100:.0f} %" if higher_is_better else f"{goal}x"
    print(f"{label:<44}{ours:>10.1f} {unit:<6} vs {reference:>10.1f} {unit:<6} {shown}  (goal {sign} {goal_shown}: {'met' if met else 'NOT met'})")
    return met
print(f"TLS cost ({binary}); wrk -t1 -c{connections} -d{duration}s on core 1, sidecar on core 0, runs interleaved")
ok = True
ok &= line("GET /health HTTPS vs HTTP (keep-alive)", (ht1 + ht2) / 2, (hp1 + hp2) / 2, "req/s", 0.8)
ok &= line("signed GET /companion/status HTTPS vs HTTP", (st1 + st2) / 2, (sp1 + sp2) / 2, "req/s", 0.8)
ok &= line("full handshakes/s, sidecar vs openssl s_server", (hs1 + hs2) / 2, (hr1 + hr2) / 2, "conn/s", 0.7)
ok &= line("companion status, HTTPS vs HTTP", https_ms, http_ms, "ms", 1.3, higher_is_better=False)
print(f"{'':4}runs: health http {hp1:.0f}/{hp2:.0f} https {ht1:.0f}/{ht2:.0f}; status http {sp1:.0f}/{sp2:.0f} https {st1:.0f}/{st2:.0f};"
      f" handshakes sidecar {hs1:.0f}/{hs2:.0f} s_server {hr1:.0f}/{hr2:.0f}")
print(f"{'':4}one curl GET /health: plain {curl['http']:.1f} ms, HTTPS (new connection, full handshake) {curl['https']:.1f} ms")
print("all goals met" if ok else "some goals are not met")
PY
