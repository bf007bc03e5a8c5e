#!/usr/bin/env bash
# Checks the libsecret and glib declarations of Sources/CSystem/CSecret/shim.h (written there because libsecret is
# loaded with dlopen, without glib's headers) against the real headers: every prototype must have the real
# function's type, and the constants and GError/GList layouts the real values. Needs libsecret-1-dev and a C compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
shim=Sources/CSystem/CSecret/shim.h
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-$(command -v cc || command -v gcc || command -v clang)}
{
    echo '#define SECRET_API_SUBJECT_TO_CHANGE 1'
    echo '#include <libsecret/secret.h>'
    echo '#include <stddef.h>'
    # Each of our prototypes under another name, with the real headers' types.
    sed -n '/prototypes-begin/,/prototypes-end/p' "$shim" | grep -v '^/\*' |
        sed -E 's/\b([a-z_0-9]+) ?\(/ours_\1 (/'
    sed -n '/prototypes-begin/,/prototypes-end/p' "$shim" | grep -v '^/\*' |
        sed -E 's/.*\b([a-z_0-9]+) ?\(.*/_Static_assert(__builtin_types_compatible_p(__typeof__(\1), __typeof__(ours_\1)), "\1");/'
    cat <<'C'
_Static_assert(SECRET_SERVICE_OPEN_SESSION == 2 && SECRET_COLLECTION_NONE == 0 && SECRET_SEARCH_ALL == 2, "flags");
_Static_assert(SECRET_SCHEMA_NONE == 0 && SECRET_SCHEMA_ATTRIBUTE_STRING == 0 && G_DBUS_CALL_FLAGS_NONE == 0, "flags");
_Static_assert(sizeof(SecretServiceFlags) == sizeof(unsigned int) && sizeof(GDBusCallFlags) == sizeof(unsigned int), "enums");
_Static_assert(offsetof(GError, domain) == 0 && offsetof(GError, code) == 4 && offsetof(GError, message) == 8, "GError");
_Static_assert(offsetof(GList, data) == 0 && offsetof(GList, next) == sizeof(void *), "GList");
C
} >"$tmp/check.c"
# shellcheck disable=SC2046
"$cc" -fsyntax-only -Werror $(pkg-config --cflags libsecret-1) "$tmp/check.c" ||
    { echo "check-csecret: $shim does not match the installed libsecret/glib headers" >&2; exit 1; }
echo "check-csecret: $(sed -n '/prototypes-begin/,/prototypes-end/p' "$shim" | grep -vc '^/\*') declarations match the real headers"
