#!/usr/bin/env bash
# Checks the phone web app (Sources/CompanionWebApp/app), run by scripts/test.sh (so CI):
#  - no HTML parsing sink or code from text anywhere in it (innerHTML, outerHTML, insertAdjacentHTML, document.write,
#    eval, new Function, string timers): network text reaches the page only through dom.js (textContent);
#  - no inline script, inline style or inline event handler in the HTML (the CSP refuses them anyway: this finds
#    them before a browser does);
#  - the service worker's SHELL list names exactly the app's files (so a reload needs no request but the data calls);
#  - the service worker's VERSION is the digest of the app's other files, so any change to them installs a new
#    worker and cache (`scripts/check-webapp.sh --fix` writes it);
#  - everything a first load transfers is at most 150 KB (the issue's budget);
#  - the JavaScript type-checks from its JSDoc types (tsc --checkJs --noEmit, Debian's node-typescript).
#   scripts/check-webapp.sh [--fix]
set -euo pipefail
cd "$(dirname "$0")/../Sources/CompanionWebApp"
app=app
status=0

sinks='innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\s*\(|new\s+Function\b|set(Timeout|Interval)\s*\(\s*["'"'"'`]|createContextualFragment|DOMParser|srcdoc'
if grep -rnE "$sinks" "$app"; then
    echo "check-webapp: an HTML parsing sink or code from text (above): build elements with dom.js (h, setText) instead" >&2
    status=1
fi
if grep -nE '<script>|<script[^>]*>[^<]+</script>|<style|\sstyle=|\son[a-z]+=' "$app"/*.html; then
    echo "check-webapp: inline script, style or event handler in the HTML (above): the CSP refuses them" >&2
    status=1
fi

listed=$(sed -n '/^const SHELL = \[/,/^\];/p' "$app/sw.js" | grep -oE '"[^"]+"' | tr -d '"' | grep -v '^\./$' | sort)
present=$(cd "$app" && find . -type f ! -name 'sw.js' ! -name '.*' | sed 's|^\./||' | sort)
if [ "$listed" != "$present" ]; then
    echo "check-webapp: the service worker's SHELL list (sw.js) differs from the app's files:" >&2
    diff <(echo "$listed") <(echo "$present") >&2 || true
    status=1
fi

# The digest of every file but sw.js (paths and bytes, sorted by path): the service worker's VERSION.
digest=$(cd "$app" && find . -type f ! -name 'sw.js' ! -name '.*' | sed 's|^\./||' | LC_ALL=C sort \
    | while read -r file; do printf '%s\0' "$file"; cat "$file"; done | sha256sum | cut -c1-16)
if ! grep -q "^const VERSION = \"$digest\";" "$app/sw.js"; then
    if [ "${1:-}" = "--fix" ]; then
        sed -i "s/^const VERSION = \"[^\"]*\";/const VERSION = \"$digest\";/" "$app/sw.js"
        echo "check-webapp: sw.js VERSION set to $digest"
    else
        echo "check-webapp: sw.js VERSION is not the digest of the app's files ($digest): run scripts/check-webapp.sh --fix" >&2
        status=1
    fi
fi

total=$(cd "$app" && find . -type f ! -name '.*' -printf '%s\n' | awk '{ s += $1 } END { print s }')
echo "check-webapp: the app's files total $total bytes (budget 153600)"
if [ "$total" -gt 153600 ]; then
    echo "check-webapp: over the 150 KB first-load budget" >&2
    status=1
fi

command -v tsc >/dev/null || { echo "check-webapp: tsc missing: apt-get install node-typescript (scripts/setup.sh)" >&2; exit 1; }
tsc --project tsconfig.json || status=1
tsc --project tsconfig.sw.json || status=1
[ "$status" -eq 0 ] && echo "check-webapp: ok"
exit "$status"
