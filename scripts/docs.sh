#!/usr/bin/env bash
# Generates the DocC documentation of the public library API from the debug build the tests made (no second
# build): symbol graphs with swift-symbolgraph-extract, then `docc convert --warnings-as-errors`.
# Any DocC warning fails. `swift package generate-documentation --target CompanionKit` (swift-docc-plugin)
# gives the same archive with its own build.
#   scripts/docs.sh            # after `swift build --build-tests`; writes .build/docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(CompanionKit CompanionClient CompanionAPI)
build=$(swift build --build-tests --enable-code-coverage --show-bin-path)
triple=$(basename "$(dirname "$build")")
[ -d "$build/Modules" ] || { echo "docs: no build at $build; run swift build --build-tests first" >&2; exit 1; }

# Every C module the Swift modules import: our system-library targets (with pkg-config's flags) and the
# module maps SwiftPM generated for the dependencies' C targets.
flags=()
while IFS= read -r map; do flags+=(-Xcc "-fmodule-map-file=$map"); done < <(
    find Sources/CSystem -name module.modulemap; find "$build" -maxdepth 2 -name module.modulemap)
while IFS= read -r dir; do flags+=(-Xcc "-I$dir"); done < <(find .build/checkouts -type d -name include)
packages=$(swift package dump-package | python3 -c '
import json, sys
print(" ".join(t["pkgConfig"] for t in json.load(sys.stdin)["targets"] if t.get("pkgConfig")))')
for flag in $(pkg-config --cflags $packages); do flags+=(-Xcc "$flag"); done

mkdir -p .build/docs
for module in "${modules[@]}"; do
    graphs=.build/docs/symbol-graphs/$module
    rm -rf "$graphs" ".build/docs/$module.doccarchive"
    mkdir -p "$graphs"
    swift-symbolgraph-extract -module-name "$module" -I "$build/Modules" -target "$triple" \
        -minimum-access-level public -output-dir "$graphs" "${flags[@]}"
    catalog=()
    [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
    if ! docc convert "${catalog[@]}" --additional-symbol-graph-dir "$graphs" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.companionkit.$module" --output-path ".build/docs/$module.doccarchive" \
        --warnings-as-errors >"$graphs/docc.log" 2>&1; then
        cat "$graphs/docc.log" >&2
        echo "docs: DocC found problems in the documentation of $module (above)" >&2
        exit 1
    fi
    echo "docs: $module -> .build/docs/$module.doccarchive"
done
