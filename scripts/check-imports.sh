#!/usr/bin/env bash
# Checks ARCHITECTURE.md's import rules against Package.swift, target by target:
#  - every module a target's sources import is one it declares (a target, or a product of a package dependency;
#    the toolchain's own modules such as Foundation and Testing excepted);
#  - every dependency a target declares is imported by at least one of its source files;
#  - the programs in Examples/ import library products only (what an embedding app can use).
# `swift build --explicit-target-dependency-import-check error` (scripts/test.sh) catches only imports of this
# package's own targets that are not even transitive dependencies; this catches the rest: an import of a product
# that only arrives through another dependency (NIOWebSocket through HummingbirdWebSocket, say), and
# declarations nothing uses (each one links a library into everything that embeds the target).
#   scripts/check-imports.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
swift package dump-package >.build/package-dump.json
python3 - .build/package-dump.json <<'PY'
import json, os, re, sys

package = json.load(open(sys.argv[1]))
# Modules of the Swift toolchain and the C library, which no Package.swift declares.
toolchain = {
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "Glibc", "Musl",
    "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest", "_Concurrency", "_StringProcessing", "os",
    "Android", "WinSDK", "PackageDescription", "PackagePlugin",
}
import_line = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)
# Multi-line string literals (scripts that tests run, such as Python's `import socket`) are not imports.
string_literal = re.compile(r'#*"""[\s\S]*?"""#*')
problems = []
for target in package["targets"]:
    if target["type"] in ("system", "binary", "plugin", "macro"):
        continue
    name = target["name"]
    path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
    declared = set()
    for dependency in target["dependencies"]:
        (kind, value), = dependency.items()
        declared.add(value[0])
    imports = {}
    for root, _, files in os.walk(path):
        for file in files:
            if not file.endswith(".swift"):
                continue
            source = os.path.join(root, file)
            for module in import_line.findall(string_literal.sub("", open(source, encoding="utf-8").read())):
                imports.setdefault(module, source)
    for module, source in sorted(imports.items()):
        if module not in declared and module not in toolchain and module != name:
            problems.append(f"{name}: imports {module} ({source}) but Package.swift does not declare it")
    for module in sorted(declared - set(imports)):
        problems.append(f"{name}: declares {module} but none of its sources imports it")
# Examples/ show what a Swift developer can do with the library products alone: they import nothing else.
products = {t for p in package["products"] if "library" in p["type"] for t in p["targets"]}
for target in package["targets"]:
    path = target.get("path") or ""
    if not path.startswith("Examples/"):
        continue
    for root, _, files in os.walk(path):
        for file in files:
            if file.endswith(".swift"):
                source = os.path.join(root, file)
                for module in import_line.findall(string_literal.sub("", open(source, encoding="utf-8").read())):
                    if module not in products and module not in toolchain:
                        problems.append(f"{target['name']}: imports {module} ({source}), not a library product")
for problem in problems:
    print(f"check-imports: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-imports: every import declared and every declared dependency imported "
      f"({sum(1 for t in package['targets'] if t['type'] not in ('system', 'binary', 'plugin', 'macro'))} targets)")
PY
