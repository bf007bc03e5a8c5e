#!/usr/bin/env bash
# Pairing by code end to end (process start to paired: vault, /health, the exchange, the vault write) over v1
# (`pairing/complete`, the code in the request) and over v2 (CPace: offer, exchange, confirm), against the same
# sidecar in the same run, with a new pairing code before every run. Prints p50 of each and the difference; the
# target is v2 at most 10 ms slower than v1 at p50.
# Then, when run as root with avahi-daemon installed, `companion discover --first` (time to the first result) on a
# LAN confined to a network namespace (scripts/netns-avahi.sh), next to `avahi-browse --terminate` in the same run.
#   Benchmarks/pairing-v2.sh                 # release build
#   CONFIG=debug Benchmarks/pairing-v2.sh    # the debug build already in .build (no release build)
#   RUNS=50 Benchmarks/pairing-v2.sh
#   COMPANION_BIN=.build-release/release/companion Benchmarks/pairing-v2.sh   # a given binary, nothing built
# Needs hyperfine, curl, python3 (scripts/setup.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

# A private, unlocked keyring, as the tests use: the vault is the real Secret Service.
if [ -z "${COMPANION_KEYRING_INNER:-}" ]; then exec scripts/with-keyring.sh "$0" "$@"; fi

runs=${RUNS:-30}
config=${CONFIG:-release}
if [ -n "${COMPANION_BIN:-}" ]; then
    bin=$COMPANION_BIN
else
    if [ "$config" = release ]; then
        build_log=$(mktemp)
        swift build -c release --product companion >"$build_log" 2>&1 || { cat "$build_log" >&2; exit 1; }
        rm -f "$build_log"
    fi
    bin=$(swift build -c "$config" --show-bin-path)/companion
fi
[ -x "$bin" ] || { echo "pairing-v2.sh: no $bin; build it first" >&2; exit 1; }
tmp=$(mktemp -d)
sidecar_pid=""
netns=""
cleanup() {
    [ -n "$sidecar_pid" ] && kill "$sidecar_pid" 2>/dev/null || true
    [ -n "$netns" ] && scripts/netns-avahi.sh down "$netns" "$tmp/netns" || true
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
[ -n "${url:-}" ] || { echo "pairing-v2.sh: the sidecar did not start" >&2; cat "$tmp/sidecar.log" >&2; exit 1; }
version=$(curl -sf "$url/health" | python3 -c 'import json,sys; print(json.load(sys.stdin)["protocolVersion"])')
[ "$version" = 2 ] || { echo "pairing-v2.sh: the sidecar offers pairing v$version, not v2" >&2; exit 1; }

export COMPANION_VAULT=secret-service NO_COLOR=1
start_pairing="curl -sf -X POST $url/companion/pairing/start -o $tmp/start.json && python3 -c 'import json; print(json.load(open(\"$tmp/start.json\"))[\"code\"])' >$tmp/code"
# One profile per version (a profile that paired over v2 refuses v1 for this sidecar: downgrade protection).
# A first pairing of each creates its identity key, so every timed run is a warm companion.
v1="COMPANION_PROFILE=bench-v1-$$ $bin pair code \$(cat $tmp/code) --url $url --name bench --pairing-version 1"
v2="COMPANION_PROFILE=bench-v2-$$ $bin pair code \$(cat $tmp/code) --url $url --name bench --pairing-version 2"
eval "$start_pairing" && eval "echo y | $v1" >/dev/null
eval "$start_pairing" && eval "$v2" >/dev/null

echo "== companion pair code: v1 vs v2 ($runs runs each, new code before each, $config build) =="
hyperfine --runs "$runs" --warmup 2 --style basic --export-json "$tmp/pair.json" \
    --prepare "$start_pairing" \
    -n "pair code v1" "echo y | $v1" \
    -n "pair code v2" "$v2"

python3 - "$tmp/pair.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
v1, v2 = results[0], results[1]
p50 = lambda r: r["median"] * 1000
print(f"\np50 v1 {p50(v1):7.1f} ms   p50 v2 {p50(v2):7.1f} ms   v2 - v1 {p50(v2) - p50(v1):+6.1f} ms "
      f"(target <= +10 ms)   ratio v2/v1 {v2['median'] / v1['median']:4.2f}")
PY

if [ "$(id -u)" -ne 0 ] || ! command -v avahi-daemon >/dev/null; then
    echo "(discovery part skipped: needs root and avahi-daemon)"
    exit 0
fi
netns="ckbench$$"
bus=$(scripts/netns-avahi.sh up "$netns" "$tmp/netns")
kill "$sidecar_pid" 2>/dev/null || true
sidecar_pid=""
ip netns exec "$netns" env DBUS_SYSTEM_BUS_ADDRESS="$bus" "$bin" sidecar serve --host 0.0.0.0 --port 0 \
    --data-dir "$tmp/netns-sidecar" --json --ephemeral-identity >"$tmp/ns-sidecar.out" 2>"$tmp/ns-sidecar.log" &
sidecar_pid=$!
in_ns="ip netns exec $netns env DBUS_SYSTEM_BUS_ADDRESS=$bus"
for _ in $(seq 1 100); do
    $in_ns avahi-browse -rpt _companion._tcp 2>/dev/null | grep -q '^=' && break
    sleep 0.1
done
echo "== time to the first workstation found, in the namespace ($runs runs each) =="
hyperfine --runs "$runs" --warmup 2 --style basic --export-json "$tmp/discover.json" \
    -n "companion discover --first" "$in_ns $bin discover --first --timeout 5 --json" \
    -n "avahi-browse -rpt" "$in_ns avahi-browse --resolve --parsable --terminate _companion._tcp"
python3 - "$tmp/discover.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
ours, ref = results[0], results[1]
print(f"\np50 discover --first {ours['median']*1000:7.1f} ms   p50 avahi-browse {ref['median']*1000:7.1f} ms   "
      f"ratio {ours['median']/ref['median']:4.2f}")
PY
