#!/usr/bin/env bash
# GET /api/v1/skills with many installed skills (a real `companion sidecar serve` on loopback, Bearer API key):
# p50/p99 against two references measured in the same run on the same files and machine: GET /health (what any
# request costs) and reading every SKILL.md and splitting its frontmatter in Python (the listing done by reading
# the same files, without HTTP or YAML). The real `claude` has no command that lists skills (only a model run's
# system/init does), so it is not a reference here. The sidecar keeps parsed SKILL.md files while their size, inode
# and times are unchanged (files changed in the last 2 s are always read again), so warm listings cost a stat each.
#   Benchmarks/claude-skills.sh [SKILLS=500] [ROUNDS=200]    # CONFIG=debug for a debug build;
#                                                            # COMPANION_BIN=… measures a given binary
set -euo pipefail
cd "$(dirname "$0")/.."
skills=${1:-500}
rounds=${2:-200}
config=${CONFIG:-release}
if [ -n "${COMPANION_BIN:-}" ]; then
    companion=$COMPANION_BIN
else
    swift build -c "$config" --product companion >/dev/null
    companion="$(swift build -c "$config" --show-bin-path)/companion"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/companion-skills-bench.XXXXXX")
sidecar_pid=""
cleanup() { [ -n "$sidecar_pid" ] && kill "$sidecar_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

python3 - "$work/home/.claude/skills" "$skills" <<'PY'
import os, sys
root, count = sys.argv[1], int(sys.argv[2])
body = "\n".join(f"Step {i}: do the thing carefully and check the result." for i in range(40))
for n in range(count):
    directory = os.path.join(root, f"skill-{n:04d}")
    os.makedirs(directory)
    tools = "Read, Grep, Bash(git:*)" if n % 2 else "[Read, Write]"
    with open(os.path.join(directory, "SKILL.md"), "w") as f:
        f.write(f"---\nname: skill-{n:04d}\ndescription: Generated skill number {n} for the benchmark\n"
                f"allowed-tools: {tools}\nlicense: MIT\nmetadata:\n  version: {n % 7}\n  author: bench\n---\n"
                f"# Skill {n}\n\n{body}\n")
PY
key="skills-bench-key-$(od -An -tx8 -N8 /dev/urandom | tr -d ' ')"
echo "$key" >"$work/api-key"
HOME="$work/home" CLAUDE_CONFIG_DIR="$work/home/.claude" "$companion" sidecar serve --ephemeral-identity \
    --port 0 --data-dir "$work/sidecar" --api-key-file "$work/api-key" --api-key-scopes read,tasks,chat,control,admin --log-level warning \
    >"$work/sidecar.out" 2>"$work/sidecar.log" &
sidecar_pid=$!
for _ in $(seq 1 100); do grep -q 'listening on' "$work/sidecar.out" && break; sleep 0.1; done
url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/sidecar.out" | head -1)
[ -n "$url" ] || { cat "$work/sidecar.log" >&2; exit 1; }
python3 - "$url" "$key" "$work/home/.claude/skills" "$skills" "$rounds" <<'PY'
import glob, http.client, json, sys, time, urllib.parse
url, key, root, expected, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
parsed = urllib.parse.urlparse(url)
connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=600)
headers = {"Authorization": f"Bearer {key}"}

def get(path):
    start = time.perf_counter()
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    if response.status != 200:
        raise SystemExit(f"{path}: {response.status} {body[:200]!r}")
    return elapsed, body

def read_all():
    start = time.perf_counter()
    listed = []
    for path in sorted(glob.glob(f"{root}/*/SKILL.md")):
        with open(path) as f:
            text = f.read()
        lines = text.split("\n")
        end = lines.index("---", 1)
        keys = dict(line.split(": ", 1) for line in lines[1:end] if ": " in line and not line.startswith(" "))
        listed.append((keys.get("name"), keys.get("description")))
    return (time.perf_counter() - start) * 1000, listed

def stats(samples):
    samples = sorted(samples)
    return samples[len(samples) // 2], samples[min(len(samples) - 1, int(len(samples) * 0.99))]

cold, body = get("/api/v1/skills")
items = json.loads(body)["data"]["items"]
assert len(items) == expected, f"{len(items)} skills listed, {expected} expected"
assert all(item["problem"] is None for item in items if "problem" in item), "a generated skill has a problem"
assert len(read_all()[1]) == expected
for _ in range(10):
    get("/api/v1/skills"); get("/health"); read_all()   # warm-up: page cache, connections
health = stats([get("/health")[0] for _ in range(rounds)])
listing = stats([get("/api/v1/skills")[0] for _ in range(rounds)])
reading = stats([read_all()[0] for _ in range(rounds)])
print(f"{expected} skills, {rounds} rounds each, same run")
print(f"first GET /api/v1/skills (every SKILL.md read and parsed with Yams): {cold:.2f} ms")
print(f"GET /health                          p50 {health[0]:7.2f} ms  p99 {health[1]:7.2f} ms  (reference: a request)")
print(f"read + split {expected} SKILL.md (Python)   p50 {reading[0]:7.2f} ms  p99 {reading[1]:7.2f} ms  (reference: the files)")
print(f"GET /api/v1/skills                   p50 {listing[0]:7.2f} ms  p99 {listing[1]:7.2f} ms  "
      f"({listing[0] / reading[0]:.1f}x reading the files, {listing[0] / health[0]:.1f}x /health at p50)")
PY
