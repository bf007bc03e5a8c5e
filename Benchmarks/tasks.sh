#!/usr/bin/env bash
# Tasks benchmark, on loopback against a real sidecar:
#  1. latency from a line being written by a task to it being printed by `companion logs --follow`,
#     over the WebSocket and over tail polling, for the same task in the same run (p50, p99, max);
#  2. GET /v1/tasks with 10,000 tasks in the database: time per request, against GET /v1/tasks?limit=1 on the
#     same server as the reference.
# Goals (issue 7): WebSocket p99 < 50 ms, polling p99 < 1 s; task list < 50 ms.
#   Benchmarks/tasks.sh            # debug build (what `swift build` makes)
#   CONFIG=release Benchmarks/tasks.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG=${CONFIG:-debug}
LINES=${LINES:-400}          # lines the task writes
INTERVAL=${INTERVAL:-0.02}   # seconds between two lines
POLL=${POLL:-0.5}            # poll interval of the fallback follower (the CLI's default)
TASKS=${TASKS:-10000}

swift build -c "$CONFIG" --product companion >/dev/null
BIN="$(swift build -c "$CONFIG" --show-bin-path)/companion"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/companion-tasks-bench.XXXXXX")
sidecar_pid=""
cleanup() {
    [ -n "$sidecar_pid" ] && kill "$sidecar_pid" 2>/dev/null && wait "$sidecar_pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT

cat >"$tmp/emit.py" <<'PY'
import sys, time
count, interval = int(sys.argv[1]), float(sys.argv[2])
time.sleep(1.0)  # both followers are attached before the first line
for i in range(count):
    print(f"tick {i} {time.time_ns()}", flush=True)
    time.sleep(interval)
PY
cat >"$tmp/stamp.py" <<'PY'
import sys, time
out = open(sys.argv[1], "w")
while True:
    line = sys.stdin.buffer.readline()
    if not line:
        break
    now = time.time_ns()
    parts = line.split()
    if len(parts) == 3 and parts[0] == b"tick":
        out.write(f"{int(parts[1])} {(now - int(parts[2])) / 1e6:.3f}\n")
out.close()
PY
cat >"$tmp/report.py" <<'PY'
import sys
def stats(path):
    rows = [line.split() for line in open(path)]
    ids = [int(r[0]) for r in rows]
    ms = sorted(float(r[1]) for r in rows)
    pick = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]
    return ids, ms, pick(0.5), pick(0.99), ms[-1]
expected = list(range(int(sys.argv[3])))
results = {}
for name, path in (("websocket", sys.argv[1]), ("polling", sys.argv[2])):
    ids, ms, p50, p99, worst = stats(path)
    exact = "every line exactly once" if ids == expected else f"LINES WRONG ({len(ids)} of {len(expected)})"
    print(f"  {name:9s}  lines {len(ids):4d}  p50 {p50:8.2f} ms  p99 {p99:8.2f} ms  max {worst:8.2f} ms  ({exact})")
    results[name] = p99
print(f"  polling p99 / websocket p99 = {results['polling'] / max(results['websocket'], 0.001):.1f}x")
PY

# The task endpoints need a signed request or the sidecar's API key: this run uses a throw-away key.
COMPANION_API_KEY=$(head -c 24 /dev/urandom | base64)
export COMPANION_API_KEY
COMPANION_SIDECAR_API_KEY="$COMPANION_API_KEY" "$BIN" sidecar serve --port 0 --data-dir "$tmp/data" --json \
    --ephemeral-identity \
    --task-command "python3 -u $tmp/emit.py $LINES $INTERVAL" >"$tmp/serve.out" 2>"$tmp/serve.err" &
sidecar_pid=$!
for _ in $(seq 1 100); do grep -q listening "$tmp/serve.out" 2>/dev/null && break; sleep 0.1; done
grep -q listening "$tmp/serve.out" 2>/dev/null || { echo "tasks bench: the sidecar did not start:" >&2; cat "$tmp/serve.err" >&2; exit 1; }
port=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["port"])' "$tmp/serve.out")
URL="http://127.0.0.1:$port"
export COMPANION_SIDECAR_URL="$URL"

echo "== line latency: task writes $LINES lines every ${INTERVAL}s; followers print them ($CONFIG build)"
id=$("$BIN" tasks create --title latency --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["task"]["id"])')
"$BIN" logs "$id" --follow --quiet --transport websocket | python3 "$tmp/stamp.py" "$tmp/ws.txt" &
ws_pid=$!
"$BIN" logs "$id" --follow --quiet --transport poll --poll-interval "$POLL" | python3 "$tmp/stamp.py" "$tmp/poll.txt" &
poll_pid=$!
sleep 0.5
"$BIN" tasks start "$id" >/dev/null
wait "$ws_pid" "$poll_pid"
python3 "$tmp/report.py" "$tmp/ws.txt" "$tmp/poll.txt" "$LINES"

echo "== GET /v1/tasks with $TASKS tasks"
python3 - "$port" "$TASKS" <<'PY'
import http.client, json, os, sys, time
port, total = int(sys.argv[1]), int(sys.argv[2])
headers = {"Content-Type": "application/json", "X-API-Key": os.environ["COMPANION_API_KEY"]}
conn = http.client.HTTPConnection("127.0.0.1", port)
def call(method, path, body=None):
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    assert response.status < 300, (response.status, data[:200])
    return data
existing = len(json.loads(call("GET", "/v1/tasks"))["tasks"])
for i in range(existing, total):
    call("POST", "/v1/tasks", json.dumps({"title": f"task {i}", "description": "benchmark", "repo_url": None}))
def timed(path, rounds):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        data = call("GET", path)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.99))], len(data)
call("GET", "/v1/tasks")  # warm up
full = timed("/v1/tasks", 30)
ref = timed("/v1/tasks?limit=1", 200)
count = len(json.loads(call("GET", "/v1/tasks"))["tasks"])
print(f"  GET /v1/tasks ({count} tasks, {full[2] / 1e6:.1f} MB): p50 {full[0]:7.2f} ms  p99 {full[1]:7.2f} ms")
print(f"  GET /v1/tasks?limit=1 (reference):       p50 {ref[0]:7.2f} ms  p99 {ref[1]:7.2f} ms")
print(f"  ratio full / reference (p50): {full[0] / max(ref[0], 0.001):.1f}x")
PY
