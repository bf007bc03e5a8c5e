"""/health latency of the real sidecar with N idle sockets held, against the same server with none (same run).

usage: idle_sockets.py COMPANION_BINARY [IDLE (default 5000)] [REQUESTS (default 500)]

The sidecar starts under `ulimit -Sn 1024` (it raises the limit itself). Each /health request opens a new
connection (connect + request + answer + close are timed). Prints p50/p99/max for both phases and the ratio.
"""
import os, resource, socket, subprocess, sys, tempfile, time

binary = sys.argv[1]
idle = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
count = int(sys.argv[3]) if len(sys.argv) > 3 else 500
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, idle + 1024), hard))
root = tempfile.mkdtemp(prefix="companion-idle-")
os.chmod(root, 0o700)
proc = subprocess.Popen(
    ["/bin/sh", "-c", 'ulimit -Sn 1024 && exec "$0" "$@"', binary, "sidecar", "serve", "--port", "0",
     "--data-dir", os.path.join(root, "data"), "--ephemeral-identity", "--log-level", "warning",
     "--header-timeout", "600", "--idle-timeout", "600"],
    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
port = int(proc.stdout.readline().decode().rsplit(":", 1)[1])
request = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


def measure(label):
    times = []
    failures = 0
    for _ in range(count):
        start = time.perf_counter()
        try:
            c = socket.create_connection(("127.0.0.1", port), timeout=5)
            c.sendall(request)
            answer = b""
            while chunk := c.recv(4096):
                answer += chunk
            c.close()
            if not answer.startswith(b"HTTP/1.1 200"):
                failures += 1
        except OSError:
            failures += 1
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p50, p99 = times[len(times) // 2], times[int(len(times) * 0.99) - 1]
    print(f"{label:28s} p50 {p50:6.2f} ms   p99 {p99:6.2f} ms   max {times[-1]:7.2f} ms   failed {failures}/{count}")
    return p99, failures


try:
    base_p99, _ = measure("/health, no idle sockets")
    held = []
    for _ in range(idle):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        except OSError:
            break
    limits = open(f"/proc/{proc.pid}/limits").read().split("Max open files")[1].split()[:2]
    print(f"held {len(held)} idle sockets (sidecar descriptor limit now {limits[0]}/{limits[1]})")
    loaded_p99, failed = measure(f"/health, {len(held)} idle held")
    print(f"p99 with idle sockets / p99 without: {loaded_p99 / base_p99:.2f}x; goal: p99 < 50 ms "
          f"({'met' if loaded_p99 < 50 and not failed else 'NOT met'})")
finally:
    proc.terminate()
    proc.wait()
