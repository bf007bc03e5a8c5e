#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test against real peers:
# a private unlocked gnome-keyring on a private D-Bus session, SQLite, the sidecar on loopback.
# Prints a line-coverage summary at the end.
#   scripts/test.sh [extra swift test arguments, e.g. --filter CompanionQRTests]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-build
# The import check fails the build when a target imports a module Package.swift does not declare for it
# (ARCHITECTURE.md's import rules).
swift build --build-tests --enable-code-coverage --explicit-target-dependency-import-check error
scripts/with-keyring.sh swift test --skip-build --enable-code-coverage "$@"
scripts/coverage.sh || echo "test: coverage summary unavailable"
