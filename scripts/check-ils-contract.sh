#!/usr/bin/env bash
# Decodes the Claude Code API's wire fixtures (TestVectors/claude-api) with the ILS app's own types: compiles the
# app's `Sources/ILSShared` (krzemienski/ils-ios, MIT; Foundation only) from a checkout into a module of its own
# under .build/ils-contract, and scripts/ils-contract/main.swift against it. Nothing of the app is copied into
# this repository. Exit 0 when every fixture decodes; 1 otherwise (each failure named).
#   scripts/check-ils-contract.sh [REPOSITORY [COMMIT]]
# REPOSITORY: a clone (or bare git directory) of ils-ios; default: cloned from GitHub into .build/ils-ios.
# COMMIT: default the one this check was written against (below).
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${2:-87d30132a0c903ef1a73eb6873ebfe3d24d4ee70}
repository=${1:-.build/ils-ios}
if [ $# -lt 1 ] && [ ! -d "$repository" ]; then
    git clone -q --filter=blob:none --no-checkout https://github.com/krzemienski/ils-ios "$repository"
fi
work=.build/ils-contract
rm -rf "$work"
mkdir -p "$work/src"
# Only the shared module's Swift files, read from the commit (a bare or partial clone has no work tree).
git -C "$repository" ls-tree -r --name-only "$commit" -- Sources/ILSShared | grep '\.swift$' >"$work/files"
[ -s "$work/files" ] || { echo "check-ils-contract: no Sources/ILSShared in $repository at $commit" >&2; exit 2; }
while read -r file; do
    mkdir -p "$work/src/$(dirname "$file")"
    git -C "$repository" show "$commit:$file" >"$work/src/$file"
done <"$work/files"
echo "check-ils-contract: ILSShared of krzemienski/ils-ios $commit ($(wc -l <"$work/files") files)"
mapfile -t sources <<<"$(sed "s|^|$work/src/|" "$work/files")"
swiftc -swift-version 5 -parse-as-library -emit-module -emit-library -module-name ILSShared \
    -emit-module-path "$work/ILSShared.swiftmodule" -o "$work/libILSShared.so" "${sources[@]}"
swiftc -I "$work" -L "$work" -lILSShared -Xlinker -rpath -Xlinker '$ORIGIN' \
    -o "$work/check-ils-contract" scripts/ils-contract/main.swift
"$work/check-ils-contract" TestVectors/claude-api
