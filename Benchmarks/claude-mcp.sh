#!/usr/bin/env bash
# MCP server listing over HTTP: a real `companion sidecar serve` on loopback (Bearer API key) whose Claude Code
# home holds 200 MCP servers across the three scopes (100 user-scope in ~/.claude.json, 50 local-scope under 10
# projects in the same file, 50 project-scope in those projects' .mcp.json files, every one with an env value).
# GET /api/v1/mcp p50/p99 (all 200, masked), compared in the same run with two references that list the same
# servers: the real `claude mcp list` (it cannot skip its health checks, so every server is a fast-failing
# `/bin/false`; run in one project, so it sees 100 user + 5 local + 5 project), and `python3` reading and
# parsing the same files (a process start plus JSON parsing: what any listing tool must at least do).
#   Benchmarks/claude-mcp.sh [REQUESTS=200]    # CONFIG=debug for a debug build; COMPANION_BIN=… a given binary;
#                                              # CLAUDE_RUNS=5 `claude mcp list` runs
#
# Figures (2026-11-24, debug build, `COMPANION_BIN=.build/debug/companion Benchmarks/claude-mcp.sh 200`, Debian 12,
# 2 cores shared with other builds, load average 17 to 20):
#   GET /api/v1/mcp, 200 servers: p50 29.1 ms, p99 152 ms (GET /health on the same server: p50 0.8 ms);
#   python3 reading and parsing the same files: p50 103 ms (3.5x slower: mostly its process start);
#   `claude mcp list` in one project (110 servers, health checks it cannot skip): p50 5.0 s (173x slower).
#   A release build was not measured (no second build on this loaded machine).
set -euo pipefail
cd "$(dirname "$0")/.."
requests=${1:-200}
claude_runs=${CLAUDE_RUNS:-5}
config=${CONFIG:-release}
if [ -n "${COMPANION_BIN:-}" ]; then
    companion=$COMPANION_BIN
else
    swift build -c "$config" --product companion >/dev/null
    companion="$(swift build -c "$config" --show-bin-path)/companion"
fi
claude=$(bash scripts/claude-path.sh)
work=$(mktemp -d "${TMPDIR:-/tmp}/companion-mcp-bench.XXXXXX")
sidecar_pid=""
cleanup() { [ -n "$sidecar_pid" ] && kill "$sidecar_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

mkdir -p "$work/home/.claude"
python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
home = os.path.join(work, "home")
projects = {}
for p in range(10):
    path = os.path.join(work, "projects", f"p{p}")
    os.makedirs(path)
    projects[path] = {"hasTrustDialogAccepted": True, "hasCompletedProjectOnboarding": True, "mcpServers": {
        f"local-{p}-{i}": {"type": "stdio", "command": "/bin/false", "args": ["--local", str(i)],
                           "env": {"TOKEN": f"local-secret-{p}-{i}"}} for i in range(5)}}
    with open(os.path.join(path, ".mcp.json"), "w") as f:
        json.dump({"mcpServers": {f"shared-{p}-{i}": {"type": "stdio", "command": "/bin/false", "args": [],
                   "env": {"TOKEN": f"shared-secret-{p}-{i}"}} for i in range(5)}}, f, indent=2)
state = {"hasCompletedOnboarding": True, "projects": projects, "mcpServers": {
    f"user-{i}": {"type": "stdio", "command": "/bin/false", "args": ["--n", str(i)], "env": {"TOKEN": f"user-secret-{i}"}}
    for i in range(100)}}
for target in (os.path.join(home, ".claude.json"), os.path.join(home, ".claude", ".claude.json")):
    with open(target, "w") as f:
        json.dump(state, f, indent=2)
PY
key="mcp-bench-key-$(od -An -tx8 -N8 /dev/urandom | tr -d ' ')"
echo "$key" >"$work/api-key"
export HOME="$work/home" CLAUDE_CONFIG_DIR="$work/home/.claude" DISABLE_AUTOUPDATER=1 \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1
"$companion" sidecar serve --ephemeral-identity --port 0 --data-dir "$work/sidecar" --api-key-file "$work/api-key" --api-key-scopes read,tasks,chat,control,admin \
    --claude-path "$claude" --log-level warning >"$work/sidecar.out" 2>"$work/sidecar.log" &
sidecar_pid=$!
for _ in $(seq 1 100); do grep -q 'listening on' "$work/sidecar.out" && break; sleep 0.1; done
url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/sidecar.out" | head -1)
[ -n "$url" ] || { cat "$work/sidecar.log" >&2; exit 1; }

# The reference listings, in the same run.
claude_ms=()
for _ in $(seq 1 "$claude_runs"); do
    start=$(date +%s%N)
    (cd "$work/projects/p0" && "$claude" mcp list >"$work/claude-list.txt" 2>&1) || true
    claude_ms+=($(( ($(date +%s%N) - start) / 1000000 )))
done
claude_listed=$(grep -c ': /bin/false' "$work/claude-list.txt" || true)

python3 - "$url" "$key" "$requests" "$work" "$claude_listed" "${claude_ms[@]}" <<'PY'
import glob, http.client, json, os, statistics, subprocess, sys, time, urllib.parse
url, key, requests, work, claude_listed = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
claude_ms = sorted(float(x) for x in sys.argv[6:])
parsed = urllib.parse.urlparse(url)
connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=60)
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

_, body = get("/api/v1/mcp")
items = json.loads(body)["data"]["items"]
assert len(items) == 200, f"listed {len(items)} servers, not 200"
assert b"secret" not in body, "an env value appeared in the listing"
times = sorted(get("/api/v1/mcp")[0] for _ in range(requests))
health = sorted(get("/health")[0] for _ in range(requests))

reader = r'''
import json, os, sys
state = json.load(open(sys.argv[1]))
names = list(state.get("mcpServers", {}))
for path, project in state.get("projects", {}).items():
    names += list(project.get("mcpServers", {}))
    try:
        names += list(json.load(open(os.path.join(path, ".mcp.json"))).get("mcpServers", {}))
    except FileNotFoundError:
        pass
print(len(names))
'''
python_ms = []
for _ in range(20):
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", reader, os.path.join(work, "home/.claude/.claude.json")],
                         capture_output=True, text=True, check=True).stdout.strip()
    python_ms.append((time.perf_counter() - start) * 1000)
assert out == "200", out
python_ms.sort()

def p(values, q):
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]

print(f"servers 200 (100 user, 50 local in 10 projects, 50 project)")
print(f"get_mcp_p50 {p(times, .5):.2f} ms  p99 {p(times, .99):.2f} ms  ({requests} requests, one connection)")
print(f"get_health_p50 {p(health, .5):.2f} ms  (the cost of any request on this server and client)")
print(f"python_read_same_files_p50 {p(python_ms, .5):.1f} ms  (process start + JSON parse, 20 runs)")
print(f"claude_mcp_list_p50 {p(claude_ms, .5):.0f} ms  ({len(claude_ms)} runs, {claude_listed} servers it lists in one project, health checks included)")
print(f"ratio_get_mcp_vs_claude_mcp_list {p(claude_ms, .5) / p(times, .5):.0f}x faster")
print(f"ratio_get_mcp_vs_python_read {p(python_ms, .5) / p(times, .5):.1f}x")
PY
echo "load_average $(cut -d' ' -f1-3 /proc/loadavg) (2 cores shared: figures vary with it)"
