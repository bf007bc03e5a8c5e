#!/usr/bin/env bash
# Checks that the programs in Examples/ use the library products only: every module they import is a
# library product of Package.swift (or a system module). Run by CI after the build.
set -euo pipefail
cd "$(dirname "$0")/.."

products=$(swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
names = set()
for product in package["products"]:
    if "library" in product["type"]:
        names.update(product["targets"])
print("\n".join(sorted(names)))')
system="Foundation FoundationEssentials Dispatch Glibc Musl"

status=0
while IFS= read -r file; do
    while IFS= read -r module; do
        if ! grep -qx "$module" <<<"$products" && [[ " $system " != *" $module "* ]]; then
            echo "check-imports: $file imports $module, which is not a library product" >&2
            status=1
        fi
    done < <(sed -nE 's/^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+(class |struct |enum |func |protocol )?([A-Za-z_][A-Za-z0-9_]*).*/\3/p' "$file" | sort -u)
done < <(find Examples -name '*.swift' | sort)
[ "$status" -eq 0 ] && echo "check-imports: Examples/ imports library products only"
exit "$status"
