"""Fixtures and steps of the screens' browser tests (test_screen_*.py import them): a Claude Code world served by
the real sidecar (`make_world`), phones paired with it with the scopes a test gives (`phone`, through conftest.py's
pairing by the QR's link), going to a screen, starting an agent and typing into it as a person would (with the
confirmation), and a guard that nothing hostile ran (no dialog, no page error, no CSP violation, no request off the
sidecar's origin) and that nothing widened the page."""
import pytest
from playwright.sync_api import expect

from claude_world import ClaudeWorld, wait_for  # noqa: F401  (wait_for is re-exported for the tests)
from conftest import assert_clean, launch_chromium, new_page, pair_page
from world_sidecar import WorldSidecar


@pytest.fixture
def make_world():
    """`make_world(*model_arguments, task_command=None)` → (world, sidecar); everything is removed afterwards."""
    made = []

    def make(*model_arguments, task_command=None, approval_timeout=120):
        world = ClaudeWorld(*model_arguments)
        try:
            sidecar = WorldSidecar(world, task_command=task_command, approval_timeout=approval_timeout)
        except BaseException:
            world.remove()
            raise
        made.append((world, sidecar))
        return world, sidecar

    yield make
    for world, sidecar in made:
        sidecar.stop()
        world.remove()


@pytest.fixture
def phone(playwright):
    """`phone(world_sidecar, scopes, color_scheme="light")` → a 390x844 page paired with the sidecar by the link of
    its QR, with `scopes`, on Chromium admitting that sidecar's certificate."""
    browsers = []

    def make(world_sidecar, scopes, color_scheme="light"):
        browser = launch_chromium(playwright, [world_sidecar.sidecar.spki_pin])
        browsers.append(browser)
        page = new_page(browser, color_scheme=color_scheme)
        pair_page(page, world_sidecar.sidecar, scopes=",".join(scopes))
        page.origin = page.evaluate("location.origin")
        return page

    yield make
    for browser in browsers:
        browser.close()


class Guard:
    """Fails a test when the page opened a dialog (alert from injected script), threw, reported a CSP violation or
    sent a request off the sidecar's origin; and, with `check_layout`, when the page is wider than its viewport."""

    def __init__(self, page):
        self.page = page
        self.dialogs = []
        self.errors = []
        page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def check(self, check_layout=True):
        assert self.dialogs == [], f"the page opened dialogs: {self.dialogs}"
        assert self.errors == [], f"the page threw: {self.errors}"
        assert_clean(self.page, self.page.origin)
        if check_layout:
            width = self.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px viewport"


def guard(page):
    return Guard(page)


def wait_hash(page, condition, timeout=30):
    """Waits until the page's route satisfies `condition` (polled: the CSP forbids wait_for_function's eval)."""
    return wait_for(lambda: condition(page.evaluate("location.hash")), timeout, "the page's route")


def open_screen(page, name, *parameters):
    """Goes to a screen by its hash route, as a tab or a link does (no reload: the /ws connection stays)."""
    from urllib.parse import quote
    route = "#/" + "/".join(quote(part, safe="") for part in (name, *parameters))
    page.evaluate("route => { location.hash = route; }", route)
    wait_hash(page, lambda hash: hash == route)


def start_agent(page, project):
    """Starts `claude` in `project` from the Agents screen; waits for its prompt; returns the session's id."""
    open_screen(page, "agents")
    page.get_by_label("Project directory on the workstation").fill(project)
    page.get_by_role("button", name="Start claude").click()
    wait_hash(page, lambda hash: hash.startswith("#/agents/ag-"))
    expect(page.get_by_role("log", name="Terminal")).to_contain_text("❯", timeout=90_000)
    return page.evaluate("location.hash").split("/")[-1]


def type_into_agent(page, text):
    """Types `text` and Enter into the agent whose page is open, through the confirmation."""
    page.get_by_label("Text", exact=True).fill(text)
    page.get_by_role("button", name="Send…").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text(text)
    dialog.get_by_role("button", name="Type it").click()
    expect(page.get_by_role("status").filter(has_text="Sent.")).to_be_visible()
