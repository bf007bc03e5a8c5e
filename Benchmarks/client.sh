#!/usr/bin/env bash
# Wall time of the companion client as whole processes (start, vault, HTTP, output) next to `curl` doing
# the same HTTP calls against the same sidecar, in the same run, with the ratio.
#   Benchmarks/client.sh            # release build, real gnome-keyring (private session)
#   RUNS=50 Benchmarks/client.sh
#   SCRATCH=.build-release Benchmarks/client.sh   # separate build directory (no lock on .build)
# Needs hyperfine, curl, python3 (scripts/setup.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

# A private, unlocked keyring, as the tests use: the vault is the real Secret Service.
if [ -z "${COMPANION_KEYRING_INNER:-}" ]; then exec scripts/with-keyring.sh "$0" "$@"; fi

runs=${RUNS:-30}
scratch=()
[ -n "${SCRATCH:-}" ] && scratch=(--scratch-path "$SCRATCH")
build_log=$(mktemp)
swift build -c release --product companion "${scratch[@]}" >"$build_log" 2>&1 || { cat "$build_log" >&2; exit 1; }
rm -f "$build_log"
bin=$(swift build -c release --show-bin-path "${scratch[@]}")/companion
tmp=$(mktemp -d)
sidecar_pid=""
cleanup() {
    [ -n "$sidecar_pid" ] && kill "$sidecar_pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT

"$bin" sidecar serve --port 0 --data-dir "$tmp/sidecar" --json >"$tmp/sidecar.out" 2>"$tmp/sidecar.log" &
sidecar_pid=$!
for _ in $(seq 1 100); do
    url=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["listening"])' \
        "$tmp/sidecar.out" 2>/dev/null) && break
    sleep 0.1
done
[ -n "${url:-}" ] || { echo "client.sh: the sidecar did not start" >&2; cat "$tmp/sidecar.log" >&2; exit 1; }

export COMPANION_PROFILE="bench-$$" COMPANION_VAULT=secret-service NO_COLOR=1
# A real Ed25519 public key for curl (the sidecar refuses bytes that are not a valid point); the companion uses
# its own key from the vault.
curl_key=$(python3 -c 'import base64
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
key = Ed25519PrivateKey.generate().public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
print(base64.b64encode(key).decode())')
start_pairing="curl -sf -X POST $url/companion/pairing/start -o $tmp/start.json && python3 -c 'import json; print(json.load(open(\"$tmp/start.json\"))[\"code\"])' >$tmp/code"

# First pairing creates the identity key and stores the URL, so every timed run is a warm, paired companion.
eval "$start_pairing"
# The manual path asks to confirm the verification code: answered "y" on standard input, every time.
echo y | "$bin" pair code "$(cat "$tmp/code")" --url "$url" --name bench >/dev/null

echo "== companion pair code vs curl POST /companion/pairing/complete ($runs runs each, new code before each) =="
hyperfine --runs "$runs" --warmup 2 --style basic --export-json "$tmp/pair.json" \
    --prepare "$start_pairing" \
    -n "companion pair code" "echo y | $bin pair code \$(cat $tmp/code) --name bench" \
    -n "curl pairing/complete" \
    "curl -sf -X POST $url/companion/pairing/complete -H 'Content-Type: application/json' -d '{\"pairingCode\":\"'\$(cat $tmp/code)'\",\"deviceName\":\"curl\",\"devicePublicKey\":\"$curl_key\"}'"

echo "== companion status vs curl GET /companion/status ($runs runs each) =="
hyperfine --runs "$runs" --warmup 3 --style basic --export-json "$tmp/status.json" \
    -n "companion status" "$bin status" \
    -n "curl status" "curl -sf $url/companion/status"

python3 - "$tmp/pair.json" "$tmp/status.json" <<'PY'
import json, sys
print("\n== summary (mean wall time per process) ==")
for path in sys.argv[1:]:
    results = json.load(open(path))["results"]
    ours, ref = results[0], results[1]
    print(f"{ours['command']:<22} {ours['mean']*1000:8.1f} ms ± {ours['stddev']*1000:5.1f}   "
          f"{ref['command']:<22} {ref['mean']*1000:8.1f} ms ± {ref['stddev']*1000:5.1f}   "
          f"ratio {ours['mean']/ref['mean']:5.1f}x")
PY
