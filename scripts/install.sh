#!/usr/bin/env bash
# Installs `companion`: a release build with the Swift runtime linked statically (so it needs only the C libraries
# scripts/setup.sh installs), its shell completions (bash, zsh, fish) and its man page (generated from the command
# tree by ArgumentParser's generate-manual plugin). Everything goes under PREFIX (default ~/.local); the list of
# installed files is kept in PREFIX/share/companionkit/installed-files, which --uninstall removes.
#   scripts/install.sh                 # build and install into ~/.local (bin/, share/)
#   PREFIX=/usr/local scripts/install.sh
#   scripts/install.sh --uninstall     # remove what the last install put there
#   scripts/install.sh --no-build      # install the release build that is already there
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
        -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

if [ "$build" = 1 ]; then
    scripts/setup.sh --no-build
    swift build -c release --static-swift-stdlib --product companion
fi
built="$(swift build -c release --static-swift-stdlib --show-bin-path)/companion"
if [ ! -x "$built" ]; then
    echo "install: no release build at $built; run without --no-build" >&2
    exit 1
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
"$built" --generate-completion-script bash >"$work/companion.bash"
"$built" --generate-completion-script zsh >"$work/_companion"
"$built" --generate-completion-script fish >"$work/companion.fish"
put "$work/companion.bash" "$prefix/share/bash-completion/completions/companion" 0644
put "$work/_companion" "$prefix/share/zsh/site-functions/_companion" 0644
put "$work/companion.fish" "$prefix/share/fish/vendor_completions.d/companion.fish" 0644

# The man page, from the command tree (swift-argument-parser's generate-manual plugin).
if swift package --disable-sandbox generate-manual --configuration release --section 1 >"$work/manual.log" 2>&1; then
    page=$(find .build/plugins -name companion.1 -newer "$work/companion.bash" 2>/dev/null | head -n 1)
    if [ -n "$page" ]; then
        put "$page" "$prefix/share/man/man1/companion.1" 0644
    else
        echo "install: the man page was generated but not found under .build/plugins; skipped" >&2
    fi
else
    echo "install: the man page could not be generated (see below); everything else is installed" >&2
    tail -n 5 "$work/manual.log" >&2
fi

mkdir -p "$(dirname "$manifest")"
printf '%s\n' "${installed[@]}" >"$manifest"
installed+=("$manifest")
printf '%s\n' "${installed[@]}" >"$manifest"

case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; add it (e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\")" ;;
esac
echo "companion $("$prefix/bin/companion" --version) is installed; try: companion --help, man companion"
