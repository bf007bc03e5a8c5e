#!/usr/bin/env python3
"""`scripts/demo.sh --browser`: pairs a headless Chromium with the demo's sidecar by opening the phone link, as a
phone's camera would, and saves a screenshot of the Workstation screen.

  demo_browser.py <link> <screenshot.png> [SPKI pin, base64, for an https link]

Hook for more (approving a real prompt from the Attention screen): add a function taking (page, link) to
AFTER_PAIRING; each runs in order once the page is paired, before the screenshot.
"""
import sys

from playwright.sync_api import sync_playwright

AFTER_PAIRING = []


def main():
    link, screenshot = sys.argv[1], sys.argv[2]
    pins = sys.argv[3:4]
    origin = link.split("/app/")[0]
    with sync_playwright() as playwright:
        args = ["--no-sandbox"] + ([f"--ignore-certificate-errors-spki-list={pins[0]}"] if pins else [])
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=args)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(link)
        page.fill("#device-name", "demo phone (headless Chromium)")
        page.click("button[type=submit]")
        code = page.text_content("#verification-code", timeout=30000)
        print(f"browser: paired; verification code on the page: {code}")
        page.click("text=Continue")
        page.wait_for_selector("nav#tabs a")
        for hook in AFTER_PAIRING:
            hook(page, link)
        page.goto(origin + "/app/#/workstation")
        page.wait_for_selector("text=(this device)")
        page.screenshot(path=screenshot)
        print(f"browser: screenshot of the Workstation screen written to {screenshot}")
        browser.close()


if __name__ == "__main__":
    main()
