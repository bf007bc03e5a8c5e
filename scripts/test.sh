#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test against real peers:
# a private unlocked gnome-keyring on a private D-Bus session, SQLite, the sidecar on loopback.
# Prints a line-coverage summary at the end.
#   scripts/test.sh [extra swift test arguments, e.g. --filter CompanionQRTests]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-build
# ARCHITECTURE.md's import rules: every import declared in Package.swift and every declaration used
# (scripts/check-imports.sh), and SwiftPM's own check of imports between this package's targets.
scripts/check-imports.sh
# CSecret declares libsecret and glib without their headers (it loads them with dlopen): checked against them.
scripts/check-csecret.sh
# Foundation's Process can crash on Linux: nothing may use it (swift-subprocess and ProcessRunner.spawn instead).
scripts/check-process-use.sh
# One atomic writer, one reading of CLAUDE_CONFIG_DIR, one writer of Claude Code's files (ARCHITECTURE.md, "Rules").
scripts/check-one-writer.sh
# One SQLite opener (WAL, busy timeout, synchronous per database, a migrator each) and PRAGMA only in it.
scripts/check-sqlite-opener.sh
# One output formatter in the CLI (text, JSON documents, JSON lines).
scripts/check-one-formatter.sh
swift build --build-tests --enable-code-coverage --explicit-target-dependency-import-check error
# A secret's bytes are package-only (a probe of an embedding app's code must not compile against the built module).
scripts/check-secret-bytes.sh
scripts/with-keyring.sh swift test --skip-build --enable-code-coverage "$@"
scripts/coverage.sh || echo "test: coverage summary unavailable"
