#!/usr/bin/env bash
# Start-up time of `companion` as whole processes next to the C tools doing the same job, in one run, with the
# ratios and the goals of issue 33 (restated at what the round before reached, as goals not to lose):
#   companion --version              vs curl --version                          goal <= 1.0x
#   companion keys show              vs secret-tool lookup (same keyring)       goal <= 1.1x
#   companion status (signed)        vs secret-tool lookup + curl GET /companion/status (the key read, then the
#                                       request: the two steps of a signed status; same sidecar)  goal <= 1.2x
#   companion qr decode, one process per image of TestVectors/qr
#                                    vs zbarimg, one process per image          goal <= 1x
#
#   Benchmarks/startup.sh                       # release build (static Swift runtime), private keyring session
#   RUNS=40 ROUNDS=5 Benchmarks/startup.sh      # samples per command per round, rounds (order alternates)
#   COMPANION_BIN=/path/to/companion Benchmarks/startup.sh   # measure a given binary instead of building one
#   SCRATCH=.build-release Benchmarks/startup.sh             # build directory (default .build-release)
#
# Each pair is measured in ROUNDS hyperfine runs whose command order alternates, so a change of machine load
# during the run hits both sides; the figures are the medians of all samples. The keyring is a private
# gnome-keyring on a private D-Bus session (scripts/with-keyring.sh), the sidecar runs on loopback from the same
# binary. Needs hyperfine, curl, secret-tool, zbarimg, python3 (scripts/setup.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${COMPANION_KEYRING_INNER:-}" ]; then exec scripts/with-keyring.sh "$0" "$@"; fi

runs=${RUNS:-30}
rounds=${ROUNDS:-4}
scratch=${SCRATCH:-.build-release}
for tool in hyperfine curl secret-tool zbarimg python3; do
    command -v "$tool" >/dev/null || { echo "startup.sh: $tool not found (scripts/setup.sh installs it)" >&2; exit 1; }
done

if [ -n "${COMPANION_BIN:-}" ]; then
    bin=$COMPANION_BIN
else
    # The release build as installed (README, "Install"; scripts/install.sh): the Swift runtime linked statically.
    flags=(-c release --static-swift-stdlib --scratch-path "$scratch")
    log=$(mktemp)
    swift build "${flags[@]}" --product companion >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
    rm -f "$log"
    bin=$(swift build "${flags[@]}" --show-bin-path)/companion
fi

tmp=$(mktemp -d)
sidecar_pid=""
cleanup() {
    [ -n "$sidecar_pid" ] && kill "$sidecar_pid" 2>/dev/null || true
    secret-tool clear service companionkit-startup name ref 2>/dev/null || true
    secret-tool clear service companionkit profile "${COMPANION_PROFILE:-none}" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT
export COMPANION_PROFILE="startup-$$" COMPANION_VAULT=secret-service NO_COLOR=1

# The device identity (64-byte secret key) in the keyring, and an item of the same size for secret-tool.
"$bin" keys init >/dev/null
head -c 64 /dev/urandom | base64 -w0 | secret-tool store --label=startup service companionkit-startup name ref

# A sidecar from the same binary, and this companion paired with it, so `status` signs its request.
"$bin" sidecar serve --port 0 --data-dir "$tmp/sidecar" --json >"$tmp/sidecar.out" 2>"$tmp/sidecar.log" &
sidecar_pid=$!
url=""
for _ in $(seq 1 100); do
    url=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["listening"])' \
        "$tmp/sidecar.out" 2>/dev/null) && break
    sleep 0.1
done
[ -n "$url" ] || { echo "startup.sh: the sidecar did not start" >&2; cat "$tmp/sidecar.log" >&2; exit 1; }
code=$(curl -sf -X POST "$url/companion/pairing/start" | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])')
echo y | "$bin" pair code "$code" --url "$url" --name startup >/dev/null
"$bin" status >/dev/null || { echo "startup.sh: companion status failed after pairing" >&2; exit 1; }

# The QR corpus: every image of TestVectors/qr, one process each.
images=$(find TestVectors/qr -type f \( -name '*.png' -o -name '*.jpg' -o -name '*.pgm' -o -name '*.ppm' \) | sort)
image_count=$(printf '%s\n' "$images" | wc -l)
printf '%s\n' "$images" >"$tmp/images"
cat >"$tmp/ours.sh" <<EOF
while read -r f; do "$bin" qr decode "\$f" >/dev/null 2>&1 || true; done <"$tmp/images"
EOF
cat >"$tmp/zbar.sh" <<EOF
while read -r f; do zbarimg -q --raw --nodbus -Sdisable -Sqrcode.enable -Sbinary "\$f" >/dev/null 2>&1 || true; done <"$tmp/images"
EOF

# measure NAME SHELL(none|bash) OURS REFERENCE: ROUNDS hyperfine runs, order alternating; JSON per round.
measure() {
    local name=$1 shell=$2 ours=$3 reference=$4 round
    for round in $(seq 1 "$rounds"); do
        local first=$ours second=$reference
        if [ $((round % 2)) -eq 0 ]; then first=$reference second=$ours; fi
        local shell_flag=(--shell=none)
        [ "$shell" = bash ] && shell_flag=(--shell=bash)
        hyperfine "${shell_flag[@]}" --warmup 3 --runs "$runs" --style none \
            --export-json "$tmp/$name-$round.json" "$first" "$second" >/dev/null 2>&1 ||
            { echo "startup.sh: hyperfine failed for $name" >&2; hyperfine "${shell_flag[@]}" --runs 1 "$first" "$second" >&2; exit 1; }
    done
    printf '%s\t%s\t%s\n' "$name" "$ours" "$reference" >>"$tmp/pairs"
}

runs_qr=$(( runs / 3 > 5 ? runs / 3 : 5 ))
measure version none "$bin --version" "curl --version"
measure keys none "$bin keys show" "secret-tool lookup service companionkit-startup name ref"
# Both sides under bash (hyperfine --shell=bash), so the reference's two processes pay no shell the other does not.
measure status bash "$bin status >/dev/null" \
    "secret-tool lookup service companionkit-startup name ref >/dev/null; curl -sf $url/companion/status >/dev/null"
runs=$runs_qr measure qr bash "bash $tmp/ours.sh" "bash $tmp/zbar.sh"

size=$(stat -c %s "$bin")
libraries=$(LD_TRACE_LOADED_OBJECTS=1 "$bin" 2>/dev/null | grep -c '=>' || true)
python3 - "$tmp" "$rounds" "$runs" "$runs_qr" "$image_count" "$bin" "$size" "$libraries" <<'PY'
import json, statistics, sys, glob
tmp, rounds, runs, runs_qr, images, binary, size, libraries = sys.argv[1:]
goals = {"version": 1.0, "keys": 1.1, "status": 1.2, "qr": 1.0}
labels = {
    "version": ("companion --version", "curl --version"),
    "keys": ("companion keys show", "secret-tool lookup"),
    "status": ("companion status (signed)", "secret-tool lookup + curl"),
    "qr": (f"companion qr decode x{images} images", f"zbarimg x{images} images"),
}
print(f"companion start-up ({binary}: {int(size) / 1e6:.1f} MB, {libraries} shared libraries at start)")
print(f"medians of {rounds} rounds x {runs} runs ({runs_qr} for the QR corpus), command order alternating")
print()
print(f"{'':28}{'companion':>12}{'reference':>12}{'ratio':>8}{'goal':>7}  met")
met_all = True
for line in open(f"{tmp}/pairs"):
    name, ours_cmd, ref_cmd = line.rstrip("\n").split("\t")
    ours, ref = [], []
    for path in sorted(glob.glob(f"{tmp}/{name}-*.json")):
        for result in json.load(open(path))["results"]:
            (ours if result["command"] == ours_cmd else ref).extend(result["times"])
    o, r = statistics.median(ours) * 1000, statistics.median(ref) * 1000
    ratio = o / r
    met = ratio <= goals[name]
    met_all &= met
    print(f"{labels[name][0]:<28}{o:9.1f} ms{r:9.1f} ms{ratio:7.2f}x{goals[name]:6.1f}x  {'yes' if met else 'NO'}")
    print(f"{'':4}reference: {labels[name][1]}")
print()
print("all goals met" if met_all else "some goals are not met")
PY
