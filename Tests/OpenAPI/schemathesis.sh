#!/usr/bin/env bash
# Property-based testing of the live sidecar from its own OpenAPI document, with schemathesis (PyPI), bounded in
# examples and time. Two passes on a sidecar on loopback with a throw-away data directory and API key:
#   1. anonymous: every check, including that protected operations refuse missing or invalid credentials;
#   2. with the task API key: every check but "ignored auth" (a valid key is meant to admit the request, whatever
#      else the generator puts in the signature headers), so the task operations are exercised past the guard.
# Fails on any 5xx, any answer that does not match the document, any schema-valid request refused (except the
# documented exceptions in schemathesis.toml) and any schema-violating request accepted.
#   Tests/OpenAPI/schemathesis.sh [max examples per operation (default 30)]
set -euo pipefail
cd "$(dirname "$0")/../.."
examples="${1:-30}"
venv=.build/venv-schemathesis
if [ ! -x "$venv/bin/schemathesis" ]; then
    echo "schemathesis: installing into $venv (pip)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'schemathesis>=4.0,<5'
fi
companion="${COMPANION:-.build/debug/companion}"
work="$(mktemp -d)"
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -m 700 "$work/data"
head -c 32 /dev/urandom | base64 | tr -d '/+=\n' > "$work/api-key"
"$companion" sidecar serve --port 0 --data-dir "$work/data" --ephemeral-identity --log-level warning \
    --api-key-file "$work/api-key" --api-key-scopes read,tasks,chat,control,admin > "$work/out" 2> "$work/err" &
pid=$!
for _ in $(seq 100); do grep -q "^listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
url="$(sed -n 's/^listening on //p' "$work/out" | head -1)"
[ -n "$url" ] || { echo "schemathesis: the sidecar did not start"; cat "$work/err"; exit 2; }
run() {
    "$venv/bin/schemathesis" --config-file Tests/OpenAPI/schemathesis.toml run "$url/openapi.yaml" \
        --max-examples "$examples" --seed 20261123 --workers 1 --max-time 45 --no-color "$@"
}
echo "== schemathesis, anonymous =="
run
echo "== schemathesis, with the task API key =="
run --exclude-checks ignored_auth -H "X-API-Key: $(cat "$work/api-key")"
