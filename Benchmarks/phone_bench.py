"""Benchmarks/phone.sh's driver (see there): tap on Approve → hook decision, `companion approve` → hook decision,
first-load transfer and the service worker's reload, against one real sidecar, in one run. Not a test."""
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "Browser"))

from netns import enter_private_network  # noqa: E402

API_KEY = "phone-bench-api-key-0123456789abcdef"
DATA_PREFIXES = ("/api/", "/companion/", "/v1/", "/ws", "/health")
APP_FILES = REPO / "Sources" / "CompanionWebApp" / "app"
# The sidecar's request log line (--log-level info): "GET /app/js/app.js 200 1ms peer=…".
REQUEST_LINE = re.compile(r"\b(GET|HEAD|POST|PUT|DELETE|PATCH) (/\S*) (\d{3}) ")
# Where the click lands: the page's own record of it (an init script, outside the page's CSP).
CLICK_RECORDER = """
window.__clicks = [];
document.addEventListener('click', (e) => { window.__clicks.push(performance.timeOrigin + e.timeStamp); }, true);
"""


class Hook:
    """`companion hook --socket owner.sock` with one PermissionRequest on its standard input, as Claude Code runs
    it; `decided_at` is when its answer (the decision) arrived on its standard output (time.time())."""

    def __init__(self, companion, socket, session, environment):
        event = {"hook_event_name": "PermissionRequest", "session_id": session, "cwd": "/bench/phone",
                 "tool_name": "Bash", "tool_input": {"command": f"touch /tmp/{session}"}}
        self.process = subprocess.Popen([companion, "hook", "--socket", socket], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
        self.process.stdin.write(json.dumps(event).encode())
        self.process.stdin.close()
        self.decided_at = None
        self.answer = b""
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        first = os.read(self.process.stdout.fileno(), 65536)
        self.decided_at = time.time()
        self.answer = first + self.process.stdout.read()

    def finish(self):
        self.reader.join(60)
        self.process.wait(60)
        if b"allow" not in self.answer:
            raise RuntimeError(f"the hook was not allowed: {self.answer!r} {self.process.stderr.read()!r}")


def percentiles(values):
    ordered = sorted(values)
    pick = lambda p: ordered[min(len(ordered) - 1, round((len(ordered) - 1) * p))]  # noqa: E731
    return f"p50 {pick(0.5):.2f} ms, p99 {pick(0.99):.2f} ms, mean {statistics.mean(ordered):.2f} ms (n={len(ordered)})"


def held(sidecar, session, hook):
    """The held request of `session` as GET /api/attention lists it, once it is held."""
    import urllib.request
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        request = urllib.request.Request(sidecar.loopback + "/api/attention", headers={"X-API-Key": API_KEY, "Authorization": f"Bearer {API_KEY}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            listed = json.loads(answer.read())
            approvals = (listed.get("data") or listed).get("approvals") or []
        for approval in approvals:
            if approval["session_id"] == session:
                return approval
        if hook.process.poll() is not None:
            break
        time.sleep(0.005)
    hook.reader.join(5)
    raise RuntimeError(f"no held request for {session}: the hook answered {hook.answer!r}, exit "
                       f"{hook.process.poll()}, {hook.process.stderr.read() if hook.process.poll() is not None else ''}; listed {listed}")


def is_data(url):
    return urlsplit(url).path.startswith(DATA_PREFIXES)


def main(count):
    error = enter_private_network()
    if error:
        sys.exit(f"phone.sh: {error}")
    from playwright.sync_api import sync_playwright

    from conftest import launch_chromium, new_page, pair_page
    from sidecar import COMPANION, Sidecar

    root = Path(subprocess.check_output(["mktemp", "-d", "/tmp/phone-bench-XXXXXX"], text=True).strip())
    key_file = root / "api-key"
    key_file.write_text(API_KEY + "\n")
    key_file.chmod(0o600)
    # --log-level info: the sidecar logs every request it answers, which is what the first load and the reload
    # are counted from (what reached the server, not what the browser says it did).
    sidecar = Sidecar(root / "sidecar", ["--api-key-file", str(key_file), "--api-key-scopes", "read,control",
                                         "--approval-timeout", "120", "--tmux-socket", f"phone-bench-{os.getpid()}",
                                         "--log-level", "info"])
    sidecar.start()
    socket = str(sidecar.data / "owner.sock")
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright, [sidecar.spki_pin])
            page = new_page(browser)
            page.context.add_init_script(CLICK_RECORDER)
            responses = []
            page.context.on("response", lambda response: responses.append(response))
            logged = len(sidecar.stderr_lines)
            pair_page(page, sidecar, scopes="read,control", name="bench phone")
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_load_state("networkidle")
            report_first_load(served(sidecar, logged))

            page.evaluate("() => { location.hash = '#/attention'; }")
            page.wait_for_load_state("networkidle")
            tap, dispatch, cli = [], [], []
            for i in range(count):
                from_click, from_dispatch = tap_round(page, sidecar, socket, f"phone-bench-tap-{i}")
                tap.append(from_click)
                dispatch.append(from_dispatch)
                cli.append(cli_round(sidecar, socket, key_file, f"phone-bench-cli-{i}"))
            print(f"tap on Approve -> hook decision (the tool runs): {percentiles(tap)}")
            print(f"  (the same from Playwright's mouse.click call, input dispatch included: {percentiles(dispatch)})")
            print(f"`companion approve ID --digest D` started -> hook decision: {percentiles(cli)}")

            responses.clear()
            logged = len(sidecar.stderr_lines)
            page.reload()
            page.wait_for_selector("nav#tabs a")
            page.wait_for_load_state("networkidle")
            report_reload(list(responses), served(sidecar, logged))
            browser.close()
    finally:
        sidecar.stop()
        subprocess.run(["tmux", "-L", f"phone-bench-{os.getpid()}", "kill-server"], capture_output=True)
        subprocess.run(["rm", "-rf", str(root)])


def tap_round(page, sidecar, socket, session):
    hook = Hook(str(sidecar.binary), socket, session, sidecar.environment)
    approval = held(sidecar, session, hook)
    card = page.locator(f'[data-approval="{approval["approval_id"]}"]')
    card.wait_for(timeout=60_000)
    button = card.get_by_role("button", name="Approve")
    box = button.bounding_box()
    clicks = page.evaluate("window.__clicks.length")
    dispatched = time.time()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    hook.finish()
    clicked_at = page.evaluate(f"window.__clicks[{clicks}]") / 1000
    return (hook.decided_at - clicked_at) * 1000, (hook.decided_at - dispatched) * 1000


def cli_round(sidecar, socket, key_file, session):
    hook = Hook(str(sidecar.binary), socket, session, sidecar.environment)
    approval = held(sidecar, session, hook)
    started = time.time()
    result = subprocess.run(
        [str(sidecar.binary), "approve", approval["approval_id"], "--digest", approval["digest"],
         "--url", sidecar.loopback, "--api-key-file", str(key_file)],
        capture_output=True, text=True, env=sidecar.environment, timeout=60)
    if result.returncode != 0:
        raise RuntimeError(f"companion approve failed: {result.stderr}")
    hook.finish()
    return (hook.decided_at - started) * 1000


def served(sidecar, since):
    """(method, path, status) of every request the sidecar answered since its log line `since`."""
    time.sleep(0.5)  # the sidecar's standard error is read by a thread: its last lines may be on their way
    requests = []
    for line in sidecar.stderr_lines[since:]:
        match = REQUEST_LINE.search(line)
        if match:
            requests.append((match.group(1), match.group(2), int(match.group(3))))
    return requests


def file_size(path):
    """The body the sidecar sends for an app path: the file of Sources/CompanionWebApp/app it embeds."""
    relative = path.removeprefix("/app/") or "index.html"
    file = APP_FILES / relative
    return file.stat().st_size if file.is_file() else 0


def report_first_load(requests):
    """Every request of the first load as the sidecar answered it; bytes are the bodies of its 200 answers (a 304,
    the service worker's revalidation of a file the page already fetched, sends none)."""
    total = 0
    print("first load (pairing by the QR's link included), as the sidecar answered it:")
    for method, path, status in requests:
        if is_data(path):
            continue
        size = file_size(path) if status == 200 else 0
        total += size
        print(f"  {method} {status} {size:7d} B  {path}")
    data = [path for _, path, _ in requests if is_data(path)]
    print(f"  + {len(data)} data calls: " + ", ".join(sorted(set(data))))
    verdict = "met" if total <= 150_000 else "NOT met"
    print(f"first-load transfer: {total} B of bodies ({total / 1000:.1f} KB; goal <= 150 KB: {verdict}); every file "
          f"of the app together is {sum(f.stat().st_size for f in APP_FILES.rglob('*') if f.is_file())} B")


def report_reload(responses, requests):
    print("reload, as the page saw it: C = answered by the service worker from its cache, N = from the network")
    for response in responses:
        print(f"  {'C' if response.from_service_worker else 'N'} {response.status} {urlsplit(response.url).path}")
    print("reload, as the sidecar answered it:")
    for method, path, status in requests:
        print(f"  {method} {status} {path}")
    other = [path for _, path, _ in requests if not is_data(path)]
    verdict = "only data calls reached the sidecar" if not other else f"NOT only data calls: {other}"
    print(f"reload: {len(responses)} requests in the page, {len(requests)} reached the sidecar; {verdict}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
