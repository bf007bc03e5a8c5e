#!/usr/bin/env bash
# Secrets' bytes (ARCHITECTURE.md, "Rules"): `SecureBytes.withUnsafeBytes` and `withUnsafeMutableBytes` are
# `package`, so nothing outside CompanionKit's package can read a secret's bytes; inside it, only the modules that
# compute with, store or move secrets open them. Fails when
#  - scripts/probes/SecretBytesProbe.swift (code of an embedding app calling both) type-checks against the built
#    CompanionCrypto module (run after `swift build`; skipped with a note when the module is not built);
#  - a source file outside CompanionCrypto, CompanionVault, CompanionVaultSecretService, CompanionTLS (the TLS key,
#    handed to swift-crypto and BoringSSL as bytes), CompanionPush (the VAPID key, handed to swift-crypto) and
#    CompanionKit's vault
#    store (Sources/CompanionKit/Store) names `SecureBytes` and opens bytes with `withUnsafe(Mutable)Bytes`
#    (a heuristic: a file that opens a secret it got without naming its type is not caught).
#   scripts/check-secret-bytes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
found=""
while IFS= read -r file; do
    if grep -qE '\.withUnsafe(Mutable)?Bytes\b' "$file"; then found+="$file"$'\n'; fi
done < <(grep -rlE --include='*.swift' '\bSecureBytes\b' Sources Examples Benchmarks |
    grep -vE '^Sources/(CompanionCrypto|CompanionVault|CompanionVaultSecretService|CompanionKit/Store|CompanionTLS|CompanionPush)/' || true)
if [ -n "$found" ]; then
    echo "check-secret-bytes: these files open bytes and handle SecureBytes outside the modules that may touch a" >&2
    echo "secret's bytes (CompanionCrypto, CompanionVault, CompanionVaultSecretService, CompanionKit/Store, CompanionTLS, CompanionPush):" >&2
    printf '%s' "$found" >&2
    failed=1
fi
modules=.build/debug/Modules
if [ -f "$modules/CompanionCrypto.swiftmodule" ]; then
    if output=$(swiftc -typecheck -I "$modules" -I Sources/CSystem/CSodium scripts/probes/SecretBytesProbe.swift 2>&1); then
        echo "check-secret-bytes: code outside the package reads a secret's bytes (SecretBytesProbe.swift compiled):" >&2
        echo "SecureBytes.withUnsafeBytes/withUnsafeMutableBytes must be package, not public" >&2
        failed=1
    elif ! grep -q "inaccessible due to 'package' protection level" <<<"$output"; then
        echo "check-secret-bytes: SecretBytesProbe.swift failed for another reason than package access:" >&2
        echo "$output" >&2
        failed=1
    fi
else
    echo "check-secret-bytes: $modules/CompanionCrypto.swiftmodule not built yet; the compiler probe was skipped"
fi
[ "$failed" = 0 ] || exit 1
echo "check-secret-bytes: a secret's bytes are package-only and opened only where secrets are computed, stored or moved"
