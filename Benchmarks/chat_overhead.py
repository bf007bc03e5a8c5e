#!/usr/bin/env python3
"""Time to first streamed token: claude directly vs through the sidecar (see Benchmarks/chat.sh)."""
import argparse
import http.client
import json
import statistics
import subprocess
import time
import urllib.parse


def direct(claude, project, prompt):
    start = time.perf_counter()
    process = subprocess.Popen(
        [claude, "-p", "--output-format", "stream-json", "--verbose", "--include-partial-messages"],
        cwd=project, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    process.stdin.write(prompt.encode())
    process.stdin.close()
    first = None
    for line in process.stdout:
        if first is None and b'"text_delta"' in line:
            first = time.perf_counter() - start
    process.wait()
    return first


def sidecar(url, key, prompt):
    parsed = urllib.parse.urlparse(url)
    body = json.dumps({"prompt": prompt})
    start = time.perf_counter()
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=60)
    connection.request("POST", "/api/v1/chat/stream", body=body, headers={
        "Authorization": f"Bearer {key}", "Content-Type": "application/json", "Accept": "text/event-stream"})
    response = connection.getresponse()
    if response.status != 200:
        raise SystemExit(f"sidecar answered {response.status}: {response.read()[:300]!r}")
    first = None
    while True:
        line = response.readline()
        if not line:
            break
        if first is None and b'"textDelta"' in line:
            first = time.perf_counter() - start
        if line.startswith(b"event: done"):
            break
    connection.close()
    return first


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--claude", required=True)
    parser.add_argument("--project", required=True)
    parser.add_argument("--sidecar", required=True)
    parser.add_argument("--api-key-file", required=True)
    options = parser.parse_args()
    key = open(options.api_key_file).read().strip()
    times = {"direct": [], "sidecar": []}
    direct(options.claude, options.project, "warm up")
    sidecar(options.sidecar, key, "warm up")
    for round_number in range(options.rounds):
        order = ["direct", "sidecar"] if round_number % 2 == 0 else ["sidecar", "direct"]
        for side in order:
            prompt = f"round {round_number}"
            value = direct(options.claude, options.project, prompt) if side == "direct" else sidecar(
                options.sidecar, key, prompt)
            if value is None:
                raise SystemExit(f"{side}: no text delta arrived")
            times[side].append(value * 1000)

    def pct(values, p):
        values = sorted(values)
        return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]

    print(f"time to first streamed token, {options.rounds} rounds each, alternating (ms)")
    for side in ("direct", "sidecar"):
        print(f"  {side:8} p50 {pct(times[side], 50):7.1f}  p90 {pct(times[side], 90):7.1f}")
    added = statistics.median(times["sidecar"]) - statistics.median(times["direct"])
    ratio = statistics.median(times["sidecar"]) / statistics.median(times["direct"])
    print(f"  the sidecar adds {added:.1f} ms at p50 ({ratio:.2f}x claude run directly; aim: <= 50 ms added)")


if __name__ == "__main__":
    main()
