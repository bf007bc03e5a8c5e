#!/usr/bin/env bash
# Generates the DocC documentation of the public library API; any DocC warning fails.
#   scripts/docs.sh            # writes .build/docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(CompanionKit CompanionClient)
mkdir -p .build/docs
for module in "${modules[@]}"; do
    echo "docs: $module"
    log=$(mktemp)
    swift package --allow-writing-to-directory .build/docs generate-documentation --target "$module" \
        --output-path ".build/docs/$module.doccarchive" --warnings-as-errors 2>&1 | tee "$log" | grep -E "warning|error" || true
    if grep -qE "^(warning|error):|: (warning|error):" "$log" || ! test -d ".build/docs/$module.doccarchive"; then
        echo "docs: DocC reported problems in $module (see above)" >&2
        rm -f "$log"
        exit 1
    fi
    rm -f "$log"
done
echo "docs: written to .build/docs"
