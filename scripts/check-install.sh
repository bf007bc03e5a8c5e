#!/usr/bin/env bash
# Checks scripts/install.sh and its --uninstall on an already-built binary, in a temporary PREFIX: the binary, the
# three completions and the man page are installed (and work), then all removed. No release build: the binary
# given (default: the debug build) is installed as it is (COMPANION_BIN).
#   scripts/check-install.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/debug/companion}")
prefix=$(mktemp -d "${TMPDIR:-/tmp}/companion-prefix.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
files=(
    bin/companion
    bin/companion-mcp-probe
    share/bash-completion/completions/companion
    share/zsh/site-functions/_companion
    share/fish/vendor_completions.d/companion.fish
    share/man/man1/companion.1
    share/companionkit/installed-files
)
fail() { echo "check-install: $*" >&2; exit 1; }

PREFIX=$prefix COMPANION_BIN=$binary scripts/install.sh >"$prefix.log" 2>&1 || { cat "$prefix.log" >&2; rm -f "$prefix.log"; fail "install failed"; }
rm -f "$prefix.log"
for file in "${files[@]}"; do
    [ -s "$prefix/$file" ] || fail "install did not put $file"
done
cmp -s "$binary" "$prefix/bin/companion" || fail "bin/companion is not the binary given"
grep -q '^\.Dt COMPANION 1\|^\.TH COMPANION' "$prefix/share/man/man1/companion.1" || fail "companion.1 is not a section-1 man page"
grep -q 'sidecar' "$prefix/share/man/man1/companion.1" || fail "companion.1 does not describe the subcommands"
grep -q 'complete' "$prefix/share/bash-completion/completions/companion" || fail "the bash completion is empty"
"$prefix/bin/companion" --version >/dev/null || fail "the installed companion does not run"
probe_reply=$(echo '{}' | "$prefix/bin/companion-mcp-probe") || fail "the installed companion-mcp-probe does not run"
case $probe_reply in *'"healthy":false'*) ;; *) fail "companion-mcp-probe gave no report: $probe_reply" ;; esac

PREFIX=$prefix scripts/install.sh --uninstall >/dev/null || fail "uninstall failed"
for file in "${files[@]}"; do
    [ ! -e "$prefix/$file" ] || fail "uninstall left $file"
done
echo "check-install: install and uninstall into a temporary PREFIX: ok"
