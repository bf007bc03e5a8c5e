#!/usr/bin/env bash
# The phone web app (issue 31, performance): in the same run, against one real `companion sidecar serve`,
#   1. tap → tool: from a click on Approve in the paired page (Debian's chromium, headless, driven by Playwright, a
#      390×844 page paired by the link of the sidecar's QR as Tests/Browser pairs it) to the hook process receiving
#      its decision: the moment Claude Code runs the tool. The held requests are raised as Claude Code raises them
#      (`companion hook --socket owner.sock`, a process per request, as Benchmarks/push.sh does);
#   2. the same request decided by `companion approve ID --digest D` (a process, with the sidecar's API key: a
#      paired CLI device would read its key from the vault first), alternating with 1;
#   3. everything the first load transfers (HTML, JS, CSS, icons, manifest, the service worker and what it
#      caches; goal ≤ 150 KB uncompressed), listed;
#   4. a reload from the service worker's cache: every request it makes, listed, and a check that only the data
#      calls reached the network.
# The run moves into a private network namespace (Tests/Browser/netns.py, root): the page uses the sidecar's HTTPS
# listener on the namespace's 10.77.0.1 (a phone's path, TLS included), `companion approve` its loopback listener.
#
# Usage: Benchmarks/phone.sh [N=100]   (COMPANION=… runs a given `companion`, e.g. a release build; default
#   .build/debug/companion). Needs .build/browser-venv and chromium (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100}
venv=.build/browser-venv
[ -x "$venv/bin/python" ] || { echo "phone.sh: $venv is missing: run scripts/setup.sh --no-build" >&2; exit 1; }
export COMPANION=${COMPANION:-$PWD/.build/debug/companion}
[ -x "$COMPANION" ] || { echo "phone.sh: $COMPANION is missing: build first (swift build)" >&2; exit 1; }
echo "phone.sh: $COMPANION, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
exec "$venv/bin/python" Benchmarks/phone_bench.py "$N"
