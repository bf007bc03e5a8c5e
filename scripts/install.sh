#!/usr/bin/env bash
# Installs `companion` and, beside it, `companion-mcp-probe` (the sidecar's MCP health check): a release build with
# the Swift runtime linked statically (so it needs only the C libraries scripts/setup.sh installs), its shell
# completions (bash, zsh, fish) and its man page (generated from the command
# tree by ArgumentParser's generate-manual tool). Everything goes under PREFIX (default ~/.local); the list of
# installed files is kept in PREFIX/share/companionkit/installed-files, which --uninstall removes.
#   scripts/install.sh                 # build and install into ~/.local (bin/, share/)
#   PREFIX=/usr/local scripts/install.sh
#   scripts/install.sh --uninstall     # remove what the last install put there
#   scripts/install.sh --no-build      # install the release build that is already there
#   COMPANION_BIN=.build/debug/companion scripts/install.sh   # install that binary, build nothing of companion
# A step that fails (the man page included) fails the install, with what went wrong.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${PREFIX:-$HOME/.local}
manifest="$prefix/share/companionkit/installed-files"
mode=install
build=1
for argument in "$@"; do
    case "$argument" in
        --uninstall) mode=uninstall ;;
        --no-build) build=0 ;;
        -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install: unknown option $argument (see --help)" >&2; exit 64 ;;
    esac
done

if [ "$mode" = uninstall ]; then
    if [ ! -f "$manifest" ]; then
        echo "install: nothing to uninstall: $manifest does not exist (was it installed with another PREFIX?)" >&2
        exit 1
    fi
    while IFS= read -r file; do
        [ -n "$file" ] && rm -f -- "$file" && echo "removed $file"
    done <"$manifest"
    rm -f -- "$manifest"
    rmdir --ignore-fail-on-non-empty "$(dirname "$manifest")" 2>/dev/null || true
    echo "companion is uninstalled (your vault, settings and sidecar data are kept)"
    exit 0
fi

if [ -n "${COMPANION_BIN:-}" ]; then
    built=$COMPANION_BIN
    if [ ! -x "$built" ]; then
        echo "install: COMPANION_BIN=$built is not an executable file" >&2
        exit 1
    fi
else
    if [ "$build" = 1 ]; then
        scripts/setup.sh --no-build
        swift build -c release --static-swift-stdlib --product companion
        swift build -c release --static-swift-stdlib --product companion-mcp-probe
    fi
    built="$(swift build -c release --static-swift-stdlib --show-bin-path)/companion"
    if [ ! -x "$built" ]; then
        echo "install: no release build at $built; run without --no-build" >&2
        exit 1
    fi
fi

installed=()
put() { # put SOURCE DESTINATION MODE
    install -D -m "$3" "$1" "$2"
    installed+=("$2")
    echo "installed $2"
}
work=$(mktemp -d "${TMPDIR:-/tmp}/companion-install.XXXXXX")
trap 'rm -rf "$work"' EXIT

put "$built" "$prefix/bin/companion" 0755
# The sidecar's MCP health check runs beside companion (it keeps the MCP SDK and libcurl out of companion's start).
probe="$(dirname "$built")/companion-mcp-probe"
if [ ! -x "$probe" ]; then
    echo "install: no companion-mcp-probe beside $built (swift build --product companion-mcp-probe)" >&2
    for file in "${installed[@]}"; do rm -f -- "$file"; done
    exit 1
fi
put "$probe" "$prefix/bin/companion-mcp-probe" 0755
"$built" --generate-completion-script bash >"$work/companion.bash"
"$built" --generate-completion-script zsh >"$work/_companion"
"$built" --generate-completion-script fish >"$work/companion.fish"
put "$work/companion.bash" "$prefix/share/bash-completion/completions/companion" 0644
put "$work/_companion" "$prefix/share/zsh/site-functions/_companion" 0644
put "$work/companion.fish" "$prefix/share/fish/vendor_completions.d/companion.fish" 0644

# The man page, from the installed binary's command tree (`--experimental-dump-help`), by swift-argument-parser's
# generate-manual tool, built on its own from the resolved checkout (a debug build of that one package, in
# .build/generate-manual: the generate-manual plugin would build this whole package once more). Any failure here
# fails the install: the files put so far are removed again.
manual_failed() {
    echo "install: the man page could not be generated ($1); nothing is installed" >&2
    tail -n 15 "$work/manual.log" >&2
    for file in "${installed[@]}"; do rm -f -- "$file"; done
    exit 1
}
parser=.build/checkouts/swift-argument-parser
[ -f "$parser/Package.swift" ] || swift package resolve >"$work/manual.log" 2>&1 || manual_failed "swift package resolve"
swift build --package-path "$parser" --scratch-path .build/generate-manual --product generate-manual \
    >"$work/manual.log" 2>&1 || manual_failed "building generate-manual"
tool="$(swift build --package-path "$parser" --scratch-path .build/generate-manual --show-bin-path)/generate-manual"
mkdir -p "$work/man"
"$tool" "$prefix/bin/companion" --section 1 --output-directory "$work/man" >"$work/manual.log" 2>&1 \
    || manual_failed "generate-manual"
[ -s "$work/man/companion.1" ] || manual_failed "generate-manual wrote no companion.1"
put "$work/man/companion.1" "$prefix/share/man/man1/companion.1" 0644

mkdir -p "$(dirname "$manifest")"
printf '%s\n' "${installed[@]}" >"$manifest"
installed+=("$manifest")
printf '%s\n' "${installed[@]}" >"$manifest"

case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; add it (e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\")" ;;
esac
echo "companion $("$prefix/bin/companion" --version) is installed; try: companion --help, man companion"
