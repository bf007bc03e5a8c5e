#!/usr/bin/env python3
"""`scripts/demo.sh --browser`: pairs a headless Chromium with the demo's sidecar by opening the phone link, as a
phone's camera would, then approves a real prompt from the phone: starts the real interactive `claude` on the
workstation from the Agents screen, asks it (with the confirmation) for a harmless Bash command that writes a file,
waits for the request on the Attention screen, saves a screenshot of it, taps Approve and checks that the tool ran
(the file exists).

  demo_browser.py <link> <screenshot.png> <project dir> <prompt> <file the command writes> [SPKI pin, base64]

Every wait is bounded and says what it waited for; on a failure the page as it was is saved beside the screenshot
(`…-failure.png`) and the exit status is 1.
"""
import sys
import time
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect, sync_playwright


class DemoFailure(Exception):
    """A step that did not happen in its time; the message says which and what to look at."""


def step(what, action, hint=""):
    """Runs `action`; a Playwright timeout or error becomes a DemoFailure naming `what` (and `hint`)."""
    try:
        return action()
    except (PlaywrightError, AssertionError) as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise DemoFailure(f"{what}: {first}" + (f"\n  {hint}" if hint else "")) from None


def wait_until(condition, seconds, what, hint=""):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise DemoFailure(f"{what}: not after {seconds} s" + (f"\n  {hint}" if hint else ""))
        time.sleep(0.2)


def go(page, route):
    """Goes to a screen by its hash route, as a tab does (no reload: the page's /ws connection stays)."""
    page.evaluate("route => { location.hash = route; }", route)
    wait_until(lambda: page.evaluate("location.hash") == route, 10, f"opening {route}")


def pair(page, link):
    step("opening the phone link", lambda: page.goto(link, timeout=30_000), "is the sidecar still running?")
    step("the pairing form", lambda: page.fill("#device-name", "demo phone (headless Chromium)", timeout=30_000),
         "the page did not show its pairing form: the link may have expired (5 minutes)")
    page.click("button[type=submit]")
    code = step("pairing through the link", lambda: page.text_content("#verification-code", timeout=30_000),
                "the workstation side of the pairing is in the demo's output above")
    print(f"browser: paired; verification code on the page: {code}")
    page.click("text=Continue")
    step("the app's screens after pairing", lambda: page.wait_for_selector("nav#tabs a", timeout=30_000))


def start_claude(page, project):
    go(page, "#/agents")
    page.get_by_label("Project directory on the workstation").fill(project)
    page.get_by_role("button", name="Start claude").click()
    wait_until(lambda: page.evaluate("location.hash").startswith("#/agents/ag-"), 30, "the new agent's page",
               "the sidecar could not start `claude` in tmux: see the page's message and the sidecar log")
    terminal = page.get_by_role("log", name="Terminal")
    step("claude's prompt (❯) in the live terminal", lambda: expect(terminal).to_contain_text("❯", timeout=90_000),
         "claude did not start or stopped at a first-run question: the terminal above shows where")
    print("browser: the real interactive `claude` runs on the workstation (tmux), its terminal live on the phone")


def ask(page, prompt):
    page.get_by_label("Text", exact=True).fill(prompt)
    page.get_by_role("button", name="Send…").click()
    dialog = page.get_by_role("dialog")
    step("the confirmation before typing", lambda: expect(dialog).to_contain_text(prompt, timeout=10_000))
    dialog.get_by_role("button", name="Type it").click()
    step("the typed prompt's confirmation",
         lambda: expect(page.get_by_role("status").filter(has_text="Sent.")).to_be_visible(timeout=10_000))
    print(f"browser: typed into claude (after the confirmation): {prompt}")


def approve(page, target, screenshot):
    go(page, "#/attention")
    card = page.locator("[data-approval]")
    step("the permission request on the Attention screen",
         lambda: expect(card.filter(has_text=str(target))).to_have_count(1, timeout=90_000),
         "claude did not ask for the Bash command: are the hooks installed (companion sidecar hooks status)?")
    card.first.scroll_into_view_if_needed()
    page.screenshot(path=screenshot)
    print(f"browser: screenshot of the Attention screen with the request written to {screenshot}")
    if target.exists():
        raise DemoFailure(f"{target} exists before the approval: the command ran without asking")
    card.get_by_role("button", name="Approve").click()
    wait_until(target.exists, 60, f"the approved command to write {target}",
               "the approval was sent; the agent's terminal (Agents screen) shows what claude did")
    step("the page's confirmation", lambda: expect(
        page.get_by_role("status").filter(has_text="Approved: Bash")).to_be_visible(timeout=10_000))
    step("the card leaving the Attention screen", lambda: expect(card).to_have_count(0, timeout=10_000))
    print(f"browser: approved on the phone; the tool ran ({target} exists)")


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    link, screenshot, project, prompt, target = sys.argv[1:6]
    pins = sys.argv[6:7]
    target = Path(target)
    with sync_playwright() as playwright:
        args = ["--no-sandbox"] + ([f"--ignore-certificate-errors-spki-list={pins[0]}"] if pins else [])
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=args)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        try:
            pair(page, link)
            start_claude(page, project)
            ask(page, prompt)
            approve(page, target, screenshot)
        except DemoFailure as failure:
            page.screenshot(path=str(Path(screenshot).with_suffix("")) + "-failure.png", full_page=True)
            print(f"demo --browser failed: {failure}\n  (the page as it was: "
                  f"{Path(screenshot).with_suffix('')}-failure.png)", file=sys.stderr)
            sys.exit(1)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
