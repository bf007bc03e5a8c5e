"""Fixtures of the browser tests (Playwright driving Debian's chromium headless, against the real sidecar).

Reused by every browser test of the web app (the screens' tests too):
- the whole run in a private network namespace (netns.py): the sidecar's HTTPS listener on 10.77.0.1;
- `sidecar`: a real `companion sidecar serve` (sidecar.py); `make_sidecar(...)` for other arguments;
- `browser`: Chromium admitting exactly that sidecar's self-signed certificate by its key
  (`--ignore-certificate-errors-spki-list`), so the page is a secure context, as with a certificate the phone trusts;
- `page`: a 390×844 page whose CSP violations, console errors and requests are collected (`watch`), and
  `assert_clean(page)` that fails on any CSP violation or any request leaving the sidecar's origin;
- `paired_page`: a page paired by opening the link decoded from the sidecar's QR PNG;
- `axe_check(page)`: axe-core, failing on serious or critical violations;
- `screenshot_dir`: docs/images/phone/ with COMPANION_UPDATE_SCREENSHOTS=1, else .build/browser-screenshots/.
"""
import os
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from netns import enter_private_network  # noqa: E402
from pairing import WorkstationPairing  # noqa: E402
from sidecar import COMPANION, Sidecar  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
VIEWPORT = {"width": 390, "height": 844}


def pytest_configure(config):
    error = enter_private_network()
    if error:
        raise pytest.UsageError(f"browser tests: {error}")
    if not COMPANION.exists():
        raise pytest.UsageError(f"browser tests: {COMPANION} is missing: build first (swift build)")
    if not shutil.which(CHROMIUM):
        raise pytest.UsageError(f"browser tests: {CHROMIUM} is missing: apt-get install chromium (scripts/setup.sh)")


@pytest.fixture(scope="session")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as instance:
        yield instance


@pytest.fixture
def make_sidecar(tmp_path):
    """Starts sidecars (`make_sidecar(arguments=[...], persistent_identity=False)`); all stopped at the end."""
    started = []

    def make(arguments=(), persistent_identity=False, name="sidecar"):
        sidecar = Sidecar(tmp_path / name, arguments, persistent_identity=persistent_identity).start()
        started.append(sidecar)
        return sidecar

    yield make
    for sidecar in started:
        sidecar.stop()


@pytest.fixture
def sidecar(make_sidecar):
    return make_sidecar()


def launch_chromium(playwright, pins):
    """Debian's chromium, headless, admitting the certificates whose keys are `pins` (SPKI SHA-256, base64)."""
    return playwright.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--ignore-certificate-errors-spki-list=" + ",".join(pins)],
    )


@pytest.fixture
def browser(playwright, sidecar):
    browser = launch_chromium(playwright, [sidecar.spki_pin])
    yield browser
    browser.close()


class Watch:
    """What a page did: CSP violations (the page's `securitypolicyviolation` events and console reports), console
    errors, and every request of its context (service worker included)."""

    def __init__(self):
        self.violations = []
        self.console_errors = []
        self.requests = []

    def foreign_requests(self, origin):
        allowed = {origin, origin.replace("https://", "wss://").replace("http://", "ws://")}
        return [url for url in self.requests
                if f"{urlsplit(url).scheme}://{urlsplit(url).netloc}" not in allowed
                and not url.startswith(("data:", "blob:", "chrome-extension:"))]


CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push({directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample});
});
"""


def new_page(browser, color_scheme="light", ignore_https_errors=False):
    """A 390×844 page (context) with its Watch at `page.watch`. `ignore_https_errors` stands for a person who
    clicked through the certificate warning (Chromium then refuses the service worker, as for a real phone)."""
    context = browser.new_context(viewport=VIEWPORT, color_scheme=color_scheme, service_workers="allow",
                                  ignore_https_errors=ignore_https_errors)
    watch = Watch()
    context.on("request", lambda request: watch.requests.append(request.url))
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()
    page.on("console", lambda message: (
        watch.console_errors.append(message.text) if message.type == "error" else None,
        watch.violations.append(message.text) if "Content Security Policy" in message.text else None,
    ))
    page.watch = watch
    return page


@pytest.fixture
def page(browser):
    page = new_page(browser)
    yield page
    page.context.close()


def csp_violations(page):
    """CSP violations the page reported (events and console)."""
    events = page.evaluate("window.__cspViolations || []")
    return list(events) + page.watch.violations


def assert_clean(page, origin):
    """No CSP violation, and no request left `origin` (the sidecar that served the page)."""
    violations = csp_violations(page)
    assert violations == [], f"CSP violations: {violations}"
    foreign = page.watch.foreign_requests(origin)
    assert foreign == [], f"requests left the sidecar's origin: {foreign}"


def pair_page(page, sidecar, scopes=None, name="test phone"):
    """Pairs `page` by opening the link decoded from the sidecar's QR PNG; returns (pairing outcome, link)."""
    pairing = WorkstationPairing(sidecar, scopes=scopes)
    try:
        link = pairing.link()
        page.goto(link)
        page.fill("#device-name", name)
        page.click("button[type=submit]")
        page.wait_for_selector("#verification-code", timeout=30000)
        outcome = pairing.outcome()
    finally:
        pairing.close()
    page.click("text=Continue")
    page.wait_for_selector("nav#tabs a", timeout=30000)
    return outcome, link


@pytest.fixture
def paired_page(page, sidecar):
    """A page paired with `sidecar` (scopes read,tasks,chat), on its first screen."""
    page.pairing_outcome, page.pairing_link = pair_page(page, sidecar)
    return page


REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def screenshot_dir():
    """Where screenshots go: docs/images/phone/ with COMPANION_UPDATE_SCREENSHOTS=1 (to update the docs), else
    .build/browser-screenshots/ (a test run leaves the work tree as it was)."""
    if os.environ.get("COMPANION_UPDATE_SCREENSHOTS") == "1":
        directory = REPO / "docs" / "images" / "phone"
    else:
        directory = REPO / ".build" / "browser-screenshots"
    directory.mkdir(parents=True, exist_ok=True)
    return directory


@pytest.fixture
def axe_check():
    """`axe_check(page)` runs axe-core on the page and fails on any serious or critical violation."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()

    def check(page):
        results = axe.run(page)
        bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
        assert bad == [], "axe: " + "; ".join(
            f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in bad)
        return results

    return check
