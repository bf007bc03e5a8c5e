#!/usr/bin/env bash
# Device-key and vault timings of companion next to `secret-tool` (libsecret's own CLI), measured in the
# same run against the same private gnome-keyring, with ratios.
#   Benchmarks/vault.sh                  # release build, runs itself under scripts/with-keyring.sh
#   RUNS=100 BUILD=debug Benchmarks/vault.sh
#
# Two kinds of figures, never mixed in one ratio:
#  - in-process operation latency (`keys-bench`, Benchmarks/KeysBench): keypair generation, vault store and
#    lookup through the same code path the CLI uses (libsecret over D-Bus, plus our last-used bookkeeping);
#  - whole processes (hyperfine): `companion keys show` (start, connect, look up the key, print) against
#    `secret-tool lookup` of the same item, and `secret-tool store` against `companion keys init --rotate`
#    (which stores a new key and the retired-fingerprint record: two stores).
# Needs hyperfine and python3 (scripts/setup.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${COMPANION_KEYRING_INNER:-}" ]; then exec scripts/with-keyring.sh "$0" "$@"; fi

runs=${RUNS:-50}
build=${BUILD:-release}
swift build -c "$build" --product companion >/dev/null
swift build -c "$build" --product keys-bench >/dev/null
bin=$(swift build -c "$build" --show-bin-path)/companion
bench=$(swift build -c "$build" --show-bin-path)/keys-bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export COMPANION_PROFILE="bench-$$" COMPANION_VAULT=secret-service NO_COLOR=1

"$bin" keys init >/dev/null
"$bench" --iterations "$runs" --json >"$tmp/ss.json"
COMPANION_VAULT=file COMPANION_VAULT_PASSPHRASE=bench XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state" \
    "$bench" --iterations "$runs" --json >"$tmp/file.json"

secret=$(head -c 48 /dev/urandom | base64 | tr -d '\n')
printf %s "$secret" | secret-tool store --label=bench service companionkit-bench name ref
hf() { hyperfine --style none --warmup 3 --runs "$runs" --export-json "$1" "${@:2}" >/dev/null 2>&1; }
hf "$tmp/lookup.json" \
    "secret-tool lookup service companionkit-bench name ref" \
    "$bin keys show"
hf "$tmp/store.json" \
    "printf %s '$secret' | secret-tool store --label=bench service companionkit-bench name ref" \
    "$bin keys init --rotate"
secret-tool clear service companionkit-bench name ref
secret-tool clear service companionkit profile "$COMPANION_PROFILE"

python3 - "$tmp" "$runs" "$build" <<'PY'
import json, sys
tmp, runs, build = sys.argv[1], sys.argv[2], sys.argv[3]
ss = json.load(open(f"{tmp}/ss.json"))
fv = json.load(open(f"{tmp}/file.json"))
def proc(name):
    return {r["command"]: r["median"] * 1000 for r in json.load(open(f"{tmp}/{name}.json"))["results"]}
lookup, store = proc("lookup"), proc("store")
st_lookup = next(v for k, v in lookup.items() if k.startswith("secret-tool"))
ck_lookup = next(v for k, v in lookup.items() if not k.startswith("secret-tool"))
st_store = next(v for k, v in store.items() if "secret-tool" in k)
ck_store = next(v for k, v in store.items() if "secret-tool" not in k)
print(f"CompanionKit vault benchmark ({build} build, {runs} runs each, medians, private gnome-keyring)")
print()
print("In process (keys-bench):")
print(f"  Ed25519 keypair generation           {ss['keypairGeneration']['medianMs']:9.3f} ms")
print(f"  Secret Service store                 {ss['store']['medianMs']:9.3f} ms")
print(f"  Secret Service lookup                {ss['lookup']['medianMs']:9.3f} ms")
print(f"  Secret Service connect + session     {ss['openMs']:9.3f} ms (once)")
print(f"  file vault unlock (Argon2id+decrypt){fv['reopenMs']:9.3f} ms (once per process)")
print(f"  file vault store (atomic rewrite)    {fv['store']['medianMs']:9.3f} ms")
print(f"  file vault lookup                    {fv['lookup']['medianMs']:9.3f} ms")
print()
print("Whole processes (hyperfine):")
print(f"  secret-tool lookup                   {st_lookup:9.1f} ms")
print(f"  companion keys show                  {ck_lookup:9.1f} ms   ratio {ck_lookup / st_lookup:.2f}x secret-tool lookup")
print(f"  secret-tool store                    {st_store:9.1f} ms")
print(f"  companion keys init --rotate         {ck_store:9.1f} ms   ratio {ck_store / st_store:.2f}x secret-tool store")
print()
print("In-process operation vs secret-tool process (what a long-running companion saves per operation):")
print(f"  store  {ss['store']['medianMs']:8.3f} ms vs {st_store:8.1f} ms   ratio {ss['store']['medianMs'] / st_store:.2f}x")
print(f"  lookup {ss['lookup']['medianMs']:8.3f} ms vs {st_lookup:8.1f} ms   ratio {ss['lookup']['medianMs'] / st_lookup:.2f}x")
PY
