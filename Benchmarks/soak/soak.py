"""Soak test of the real sidecar: mixed load for a while, with a kill -9 and a restart at a fixed interval.

usage: soak.py COMPANION_BINARY DURATION_SECONDS KILL_INTERVAL_SECONDS

Load, all at once, on loopback:
  - pairings: start + complete with a fresh Ed25519 device key (python3-cryptography);
  - signed requests by paired devices: list devices, disconnect, and every fifth device revokes itself;
  - tasks: signed POST /v1/tasks, start, and a follower polling /logs/tail until the task ends;
  - idle sockets: 500 connections that never send a byte, reopened as the sidecar closes them.
Every KILL_INTERVAL seconds the sidecar is killed with SIGKILL and restarted on the same data directory; then every
write it had acknowledged (a 200/201 answer) is checked: paired devices still trusted, revocations still revoked,
created tasks still there. Each 5 s it samples the sidecar's RSS and open descriptors.

Prints one line per sample and per restart, and a summary; exits 1 if any acknowledged write was lost.
"""
import base64, hashlib, json, os, random, resource, signal, socket, subprocess, sys, tempfile, threading, time
import urllib.request, urllib.error
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

binary, duration, interval = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
resource.setrlimit(resource.RLIMIT_NOFILE, (4096, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
root = tempfile.mkdtemp(prefix="companion-soak-")
data = os.path.join(root, "data")
state_lock = threading.Lock()
# device id -> key; revocations acknowledged; revocations sent (acknowledged or not: one in flight at a kill may
# or may not have been committed, so only acknowledged ones must be gone and only unattempted ones must remain)
acked = {"devices": {}, "revoked": set(), "attempted": set(), "tasks": set()}
counts = {"requests": 0, "errors": 0, "pairings": 0, "tasks": 0, "revocations": 0}
stop = threading.Event()
server = {"proc": None, "port": 0}


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_server():
    log = open(os.path.join(root, "server.log"), "ab")
    proc = subprocess.Popen(
        [binary, "sidecar", "serve", "--port", str(server["port"]), "--data-dir", data, "--ephemeral-identity",
         "--log-level", "warning", "--task-command", "sh -s", "--idle-timeout", "20"],
        stdout=subprocess.PIPE, stderr=log)
    line = proc.stdout.readline().decode()
    if not line.startswith("listening on"):
        sys.exit(f"soak: the sidecar did not start: {line!r}")
    server["proc"] = proc


def request(method, path, body=None, device=None, timeout=10):
    payload = json.dumps(body).encode() if body is not None else b""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if device:
        device_id, key = device
        stamp = str(int(time.time() * 1000))
        nonce = base64.urlsafe_b64encode(os.urandom(16)).rstrip(b"=").decode()
        canonical = "\n".join(["COMPANIONKIT-REQUEST-V1", method, path, device_id, stamp, nonce,
                               hashlib.sha256(payload).hexdigest()])
        headers.update({"X-Companion-Device": device_id, "X-Companion-Timestamp": stamp, "X-Companion-Nonce": nonce,
                        "X-Companion-Signature": base64.b64encode(key.sign(canonical.encode())).decode()})
    url = f"http://127.0.0.1:{server['port']}{path}"
    req = urllib.request.Request(url, data=payload if body is not None else None, method=method, headers=headers)
    with state_lock:
        counts["requests"] += 1
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, None
    except Exception:
        with state_lock:
            counts["errors"] += 1
        return None, None


def pair():
    status, started = request("POST", "/companion/pairing/start", {})
    if status != 200:
        return None
    key = Ed25519PrivateKey.generate()
    public = base64.b64encode(key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)).decode()
    status, answer = request("POST", "/companion/pairing/complete", {
        "pairingCode": started["code"], "deviceName": "soak", "devicePublicKey": public})
    if status != 200:
        return None
    device = (answer["connectedDevice"]["id"], key)
    with state_lock:
        acked["devices"][device[0]] = key
        counts["pairings"] += 1
    return device


def revoke(device):
    """The device revokes itself (signed DELETE); True when acknowledged."""
    with state_lock:
        acked["attempted"].add(device[0])
    status, _ = request("DELETE", f"/companion/devices/{device[0]}", device=device)
    if status == 200:
        with state_lock:
            acked["revoked"].add(device[0])
            counts["revocations"] += 1
    return status == 200


def pairing_worker():
    """Pairs devices and has each revoke itself at once, so the registry stays small and RSS over time shows
    leaks, not a growing device list."""
    while not stop.is_set():
        device = pair()
        if device:
            revoke(device)
        time.sleep(0.05)


def signed_worker():
    mine = []
    while not stop.is_set():
        if len(mine) < 5:
            device = pair()
            if device:
                mine.append(device)
            continue
        device = random.choice(mine)
        request("GET", "/companion/devices", device=device)
        request("POST", "/companion/disconnect", device=device)
        if random.random() < 0.05 and revoke(device):
            mine.remove(device)


def task_worker():
    device = None
    while not stop.is_set():
        device = device or pair()
        if not device:
            time.sleep(0.1)
            continue
        status, task = request("POST", "/v1/tasks", {"title": "soak", "description": "for i in 1 2 3; do echo line $i; sleep 0.2; done"}, device=device)
        if status == 401:
            device = None
            continue
        if status != 201:
            continue
        task_id = task["task"]["id"]
        with state_lock:
            acked["tasks"].add(task_id)
            counts["tasks"] += 1
        request("POST", f"/v1/tasks/{task_id}/start", device=device)
        for _ in range(20):  # the follower
            status, tail = request("GET", f"/v1/tasks/{task_id}/logs/tail", device=device)
            if status != 200 or stop.is_set():
                break
            time.sleep(0.1)


def idle_worker():
    held = []
    while not stop.is_set():
        held = [s for s in held if not closed(s)]
        while len(held) < 500 and not stop.is_set():
            try:
                held.append(socket.create_connection(("127.0.0.1", server["port"]), timeout=2))
            except OSError:
                break
        time.sleep(1)
    for s in held:
        s.close()


def closed(s):
    s.setblocking(False)
    try:
        return s.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def sample(proc):
    try:
        rss = next(int(l.split()[1]) for l in open(f"/proc/{proc.pid}/status") if l.startswith("VmRSS"))
        fds = len(os.listdir(f"/proc/{proc.pid}/fd"))
        return rss, fds
    except (OSError, StopIteration):
        return None, None


def verify(checker):
    """Every acknowledged write, checked after a restart. Returns the number lost."""
    with state_lock:
        devices, revoked, tasks = dict(acked["devices"]), set(acked["revoked"]), set(acked["tasks"])
        attempted = set(acked["attempted"])
    status, listed = request("GET", "/companion/devices", device=checker)
    if status != 200:
        print(f"soak: cannot list devices after restart ({status})")
        return 1
    present = {d["id"] for d in listed["devices"]}
    lost = [d for d in devices if d not in attempted and d not in present]
    undone = [d for d in revoked if d in present]
    status, all_tasks = request("GET", "/v1/tasks?limit=100000", device=checker)
    known = {t["id"] for t in (all_tasks or {}).get("tasks", all_tasks if isinstance(all_tasks, list) else [])}
    missing = [t for t in tasks if t not in known] if status == 200 else list(tasks)
    for kind, ids in (("pairing", lost), ("revocation", undone), ("task", missing)):
        for i in ids:
            print(f"soak: acknowledged {kind} lost: {i}")
    return len(lost) + len(undone) + len(missing)


def main():
    server["port"] = free_port()
    start_server()
    checker = pair()
    workers = [threading.Thread(target=w, daemon=True) for w in
               (pairing_worker, signed_worker, signed_worker, task_worker, task_worker, idle_worker)]
    for w in workers:
        w.start()
    began = time.time()
    next_kill = began + interval
    next_sample = began
    lost_total = 0
    restarts = 0
    samples = []
    print(f"{'t (s)':>6} {'RSS (MB)':>9} {'fds':>5} {'requests':>9} {'pairings':>8} {'tasks':>6} {'lost':>5}")
    while time.time() - began < duration:
        now = time.time()
        if now >= next_sample:
            rss, fds = sample(server["proc"])
            since = now - began
            if rss:
                samples.append((since, rss, fds, now - (next_kill - interval)))
                print(f"{since:6.0f} {rss/1024:9.1f} {fds:5d} {counts['requests']:9d} {counts['pairings']:8d} "
                      f"{counts['tasks']:6d} {lost_total:5d}", flush=True)
            next_sample += 5
        if now >= next_kill:
            server["proc"].send_signal(signal.SIGKILL)
            server["proc"].wait()
            start_server()
            restarts += 1
            lost = verify(checker)
            lost_total += lost
            print(f"restart {restarts}: acknowledged writes lost: {lost}", flush=True)
            next_kill += interval
        time.sleep(0.2)
    stop.set()
    server["proc"].send_signal(signal.SIGTERM)
    server["proc"].wait(timeout=30)
    late = [s for s in samples if s[3] >= interval * 0.8]  # the end of each process's life, comparable
    print(f"\nsoak: {duration:.0f} s, {restarts} kill -9 + restart, {counts['requests']} requests "
          f"({counts['errors']} failed at the transport, mostly during restarts), {counts['pairings']} pairings, "
          f"{counts['tasks']} tasks, {counts['revocations']} revocations")
    if samples:
        rss = [s[1] / 1024 for s in samples]
        fds = [s[2] for s in samples]
        print(f"soak: RSS {min(rss):.1f}–{max(rss):.1f} MB, descriptors {min(fds)}–{max(fds)} over {len(samples)} samples")
        if late:
            print(f"soak: at the end of each process's life: RSS {min(s[1] for s in late)/1024:.1f}–"
                  f"{max(s[1] for s in late)/1024:.1f} MB, descriptors {min(s[2] for s in late)}–{max(s[2] for s in late)}")
    print(f"soak: acknowledged-but-lost writes: {lost_total}")
    sys.exit(1 if lost_total else 0)


main()
