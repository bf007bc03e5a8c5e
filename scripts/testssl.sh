#!/usr/bin/env bash
# testssl.sh (Debian's `testssl`) against the sidecar's own TLS, as SECURITY.md ("TLS") reports it.
# The sidecar runs in a network namespace this script makes (no traffic leaves it), listening on the namespace's
# 127.0.0.1 and on 10.214.0.1 (HTTPS, its self-signed certificate), with a throw-away identity and data directory.
#   sudo scripts/testssl.sh [BIN=.build/release/companion]     # full testssl output in .build/testssl.txt
# Needs root (ip netns) and testssl (scripts/setup.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/companion}
ns=ckssl-$$
address=10.214.0.1
[ "$(id -u)" = 0 ] || { echo "testssl.sh: needs root for its network namespace (sudo)" >&2; exit 1; }
command -v testssl >/dev/null || { echo "testssl.sh: testssl not found (apt-get install testssl.sh)" >&2; exit 1; }
[ -x "$bin" ] || { echo "testssl.sh: no companion binary at $bin (swift build -c release)" >&2; exit 1; }
work=$(mktemp -d)
ip netns add "$ns"
cleanup() { [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; ip netns del "$ns" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
ip -n "$ns" link set lo up
ip -n "$ns" address add "$address/32" dev lo
ip netns exec "$ns" "$bin" sidecar serve --host 127.0.0.1 --host "$address" --port 7878 --data-dir "$work/data" \
    --ephemeral-identity --no-advertise --no-claude-code --no-agents --json >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 1 100); do grep -q tlsPin "$work/out" 2>/dev/null && break; sleep 0.1; done
grep -q tlsPin "$work/out" || { echo "testssl.sh: the sidecar did not start" >&2; cat "$work/err" >&2; exit 1; }
mkdir -p .build
echo "testssl.sh: $("$bin" --version 2>/dev/null || echo "$bin") at https://$address:7878, $(testssl --version 2>/dev/null | grep -m1 -o 'testssl.sh *[0-9.a-z-]*')"
rm -f .build/testssl.json
ip netns exec "$ns" testssl --quiet --color 0 --jsonfile .build/testssl.json "$address:7878" >.build/testssl.txt
# Every finding of severity LOW or above (testssl's own rating), the summary SECURITY.md quotes.
python3 - .build/testssl.json <<'PY'
import json, sys
findings = json.load(open(sys.argv[1]))
order = ["LOW", "MEDIUM", "HIGH", "CRITICAL"]
rated = [f for f in findings if f.get("severity") in order]
for f in sorted(rated, key=lambda f: -order.index(f["severity"])):
    print(f'{f["severity"]:8} {f["id"]}: {f["finding"]}')
worst = max((order.index(f["severity"]) for f in rated), default=-1)
print(f"{len(findings)} results, {len(rated)} rated LOW or above; worst: {order[worst] if worst >= 0 else 'none'}")
PY
