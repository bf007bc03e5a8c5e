#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test against real peers:
# a private unlocked gnome-keyring on a private D-Bus session, SQLite, the sidecar on loopback, and the phone web
# app in headless Chromium (scripts/test-browser.sh).
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
# The phone web app: no HTML-parsing sink, no inline script or style, the service worker's file list, the 150 KB
# budget, and tsc --checkJs over its JSDoc types.
scripts/check-webapp.sh
swift build --build-tests --enable-code-coverage --explicit-target-dependency-import-check error
# A secret's bytes are package-only (a probe of an embedding app's code must not compile against the built module).
scripts/check-secret-bytes.sh
scripts/with-keyring.sh swift test --skip-build --enable-code-coverage "$@"
# The phone web app in a real browser (Playwright + Debian's chromium) against the built sidecar.
scripts/test-browser.sh
scripts/coverage.sh || echo "test: coverage summary unavailable"
