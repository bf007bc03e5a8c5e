#!/usr/bin/env bash
# The CLI reaches the sidecar only through CompanionKit, which hands out facades (WorkstationTasks,
# WorkstationClaudeCode, WorkstationClaudeConfiguration, WorkstationClaudeExtensions, WorkstationAgents) that throw
# CompanionError, never raw clients. Fails when:
#   - a file in Sources/CompanionCLI or Sources/companion imports CompanionClient (any form of import);
#   - Package.swift's CompanionCLI or companion target declares CompanionClient;
#   - a file there names a public type of CompanionClient (a raw client, its error, its streams), which Swift lets it
#     do through a type CompanionKit returns even without the import, or reads the client error CompanionKit still
#     keeps for embedders (`CompanionError.clientError`);
#   - CompanionKit re-exports CompanionClient (`@_exported import`) or gives one of its public types another name
#     (`typealias`): a raw client by another name.
#   scripts/check-cli-imports.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
swift package dump-package >.build/package-dump-cli.json
python3 - .build/package-dump-cli.json <<'PY'
import json, os, re, sys

cli_dirs = ["Sources/CompanionCLI", "Sources/companion"]
problems = []


def swift_files(root):
    for directory, _, files in os.walk(root):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def code_lines(path):
    """The file's lines without `//` comments (doc comments included) and string literals' contents."""
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
        line = line.split("//", 1)[0]
        yield number, line


client_import = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?CompanionClient\b")
# The public types CompanionClient declares (at the start of a line, as its files do).
client_types = set()
for path in swift_files("Sources/CompanionClient"):
    client_types.update(re.findall(
        r"^public\s+(?:final\s+)?(?:struct|enum|class|actor|protocol)\s+([A-Za-z_][A-Za-z0-9_]*)",
        open(path, encoding="utf-8").read(), re.M))
if not client_types:
    problems.append("found no public type in Sources/CompanionClient (has it moved? update this check)")
# The CompanionClient value CompanionKit still hands out, for embedders: the raw client error behind a
# CompanionError. Swift lets a file use it without importing CompanionClient. (`.client(url:` catches the raw
# clients' constructors of earlier versions: `TaskAccess.client(url:…)`, `Companion.client(url:signed:)`.)
raw_handout = re.compile(r"\.clientError\b|\.client\(url:")
type_name = re.compile(r"\b(" + "|".join(sorted(client_types)) + r")\b") if client_types else None

for root in cli_dirs:
    for path in swift_files(root):
        for number, line in code_lines(path):
            if client_import.search(line):
                problems.append(f"{path}:{number}: imports CompanionClient (use CompanionKit's facades)")
            elif type_name and (match := type_name.search(line)):
                problems.append(f"{path}:{number}: names CompanionClient's {match.group(1)} (use CompanionKit's facades)")
            elif match := raw_handout.search(line):
                problems.append(f"{path}:{number}: {match.group(0)} hands out CompanionClient's values (use the facades)")

package = json.load(open(sys.argv[1]))
for target in package["targets"]:
    if target["name"] not in ("CompanionCLI", "companion"):
        continue
    for dependency in target["dependencies"]:
        (_, value), = dependency.items()
        if value[0] == "CompanionClient":
            problems.append(f"Package.swift: the {target['name']} target declares CompanionClient")

for path in swift_files("Sources/CompanionKit"):
    for number, line in code_lines(path):
        if re.search(r"@_exported\s+import\s+CompanionClient\b", line):
            problems.append(f"{path}:{number}: re-exports CompanionClient")
        alias = re.search(r"\btypealias\s+\w+\s*(?:<[^>]*>)?\s*=\s*(.*)", line)
        if alias and type_name and (match := type_name.search(alias.group(1))):
            problems.append(f"{path}:{number}: a typealias of CompanionClient's {match.group(1)}")

for problem in problems:
    print(f"check-cli-imports: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-cli-imports: the CLI neither imports CompanionClient nor names its {len(client_types)} public types; "
      "CompanionKit neither re-exports nor aliases them")
PY
