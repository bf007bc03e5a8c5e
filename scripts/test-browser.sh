#!/usr/bin/env bash
# The phone web app's browser tests (Tests/Browser): pytest + Playwright driving Debian's chromium headless against
# the built `companion` (.build/debug/companion), in a private network namespace the run makes for itself (root).
# scripts/setup.sh installs chromium and the pinned Python packages (.build/browser-venv).
#   scripts/test-browser.sh [pytest arguments, e.g. -k pairing]
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/browser-venv
[ -x "$venv/bin/python" ] || { echo "test-browser: $venv is missing: run scripts/setup.sh --no-build" >&2; exit 1; }
[ -x .build/debug/companion ] || { echo "test-browser: build first (swift build)" >&2; exit 1; }
exec "$venv/bin/python" -m pytest Tests/Browser -q -p no:cacheprovider "$@"
