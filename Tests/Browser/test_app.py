"""The app as a whole: its service worker's cache, the workstation going away and coming back, revocation from
the workstation, and the Workstation screen's accessibility (light and dark, with its screenshots)."""
import time

from conftest import assert_clean, launch_chromium, new_page, pair_page

DATA_PATHS = ("/companion/", "/api/", "/v1/", "/ws", "/health")


def wait_for(page, expression, timeout=15):
    # A function, not an expression: the CSP (no unsafe-eval) refuses the eval Playwright uses for expressions.
    page.wait_for_function("() => " + expression, timeout=timeout * 1000)


def test_a_reload_takes_the_app_from_the_service_worker_and_only_data_goes_to_the_network(sidecar, paired_page):
    page = paired_page
    wait_for(page, "navigator.serviceWorker.controller !== null")
    assert page.evaluate("document.body.dataset.trust") == "verified"
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.reload()
    page.wait_for_selector("nav#tabs a")
    wait_for(page, "document.body.dataset.connection === 'open'")
    app_files = [r for r in responses if "/app/" in r.url]
    assert app_files, "the reload loaded no file of the app"
    from_network = [r.url for r in app_files if not r.from_service_worker]
    assert from_network == [], f"files of the app fetched from the network on reload: {from_network}"
    others = [r.url for r in responses if "/app/" not in r.url and not any(p in r.url for p in DATA_PATHS)]
    assert others == []
    assert_clean(page, sidecar.origin)


def test_the_app_starts_offline_with_the_last_known_state_and_reconnects_when_the_workstation_restarts(
        make_sidecar, playwright, tmp_path):
    sidecar = make_sidecar(persistent_identity=True)
    browser = launch_chromium(playwright, [sidecar.spki_pin])
    try:
        page = new_page(browser)
        sockets = []
        frames = []

        def opened(socket):
            sockets.append(socket.url)
            socket.on("framereceived", lambda frame: frames.append(socket.url))

        page.on("websocket", opened)
        pair_page(page, sidecar)
        wait_for(page, "navigator.serviceWorker.controller !== null")
        page.goto(sidecar.origin + "/app/#/workstation")
        page.wait_for_selector("text=test phone (this device)")
        wait_for(page, "document.body.dataset.connection === 'open'")
        # The first message (the snapshot, with its sequence number and epoch) has arrived: the page has a cursor.
        # (Stopping at "open" alone raced the snapshot, and the page then rightly reconnected without one.)
        deadline = time.monotonic() + 30
        while not frames and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert frames, "no /ws message before the workstation stopped"
        sidecar.stop()
        # The workstation is gone: the page says so by itself, and a reload still starts the app (from the
        # service worker's cache), showing what the workstation said last.
        wait_for(page, "document.body.dataset.connection === 'closed'")
        # While it is gone, the page keeps trying to resume /ws with the cursor it had (sequence number and epoch;
        # a restarted workstation answers such a resume with a snapshot of its new run).
        deadline = time.monotonic() + 30
        while not any("/ws?after=" in url and "&epoch=" in url for url in sockets) and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert any("/ws?after=" in url and "&epoch=" in url for url in sockets), sockets
        page.reload()
        page.wait_for_selector("text=The workstation cannot be reached")
        page.wait_for_selector("text=test phone (this device)")
        # The workstation comes back on the same address: the page reconnects by itself (no reload).
        started = time.monotonic()
        sidecar.restart()
        wait_for(page, "document.body.dataset.connection === 'open'", timeout=60)
        print(f"reconnected {time.monotonic() - started:.1f} s after the restart began")
        page.goto(sidecar.origin + "/app/#/tasks")
        page.wait_for_selector("text=No tasks yet.")
        assert_clean(page, sidecar.origin)
        page.context.close()
    finally:
        browser.close()


def test_revoking_the_device_from_the_workstation_ends_the_session_within_a_second(sidecar, paired_page):
    page = paired_page
    wait_for(page, "document.body.dataset.connection === 'open'")
    device = page.pairing_outcome["deviceId"]
    sidecar.companion("sidecar", "devices", "revoke", device, "--data-dir", str(sidecar.data), check=False)
    started = time.monotonic()
    wait_for(page, "document.body.dataset.session === 'revoked'", timeout=5)
    elapsed = time.monotonic() - started
    assert elapsed < 1.0, f"the page learnt of the revocation after {elapsed:.2f} s"
    assert "disconnected from the workstation" in page.text_content("main")
    # The key and the device are forgotten: the page offers pairing again.
    assert page.evaluate("(async () => (await import('/app/js/store.js')).get('deviceKey'))()") is None
    page.wait_for_selector("#pairing-code")
    assert_clean(page, sidecar.origin)


def test_the_workstation_screen_is_accessible_light_and_dark(sidecar, browser, axe_check, screenshot_dir):
    for scheme in ("light", "dark"):
        page = new_page(browser, color_scheme=scheme)
        if scheme == "light":
            page.goto(sidecar.origin + "/app/")
            page.wait_for_selector("#pairing-code")
            axe_check(page)
            page.screenshot(path=str(screenshot_dir / "pair-light.png"))
        pair_page(page, sidecar, name=f"phone ({scheme})")
        page.goto(sidecar.origin + "/app/#/workstation")
        page.wait_for_selector(f"text=phone ({scheme}) (this device)")
        page.wait_for_selector("[data-trust=verified]")
        axe_check(page)
        page.screenshot(path=str(screenshot_dir / f"workstation-{scheme}.png"))
        assert_clean(page, sidecar.origin)
        page.context.close()


def test_the_first_load_transfers_at_most_150_kb(sidecar, page):
    """Everything the page of a first visit loads (HTML, JS, CSS, icon, manifest; the service worker then caches
    every file of the app, 77 KB in all: scripts/check-webapp.sh keeps that under 150 KB too)."""
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(sidecar.origin + "/app/")
    page.wait_for_selector("#pairing-code")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null || document.body.dataset.trust")
    page.wait_for_timeout(500)
    sizes = {r.url: len(r.body()) for r in responses if "/app/" in r.url and r.status == 200}
    total = sum(sizes.values())
    print(f"first load: {len(sizes)} files, {total} bytes")
    assert 0 < total <= 150 * 1024
    assert_clean(page, sidecar.origin)


def test_a_certificate_accepted_by_hand_is_shown_as_trust_on_first_use_without_push(sidecar, playwright):
    browser = launch_chromium(playwright, [])  # no pin: the self-signed certificate is not verified
    try:
        page = new_page(browser, ignore_https_errors=True)
        page.goto(sidecar.origin + "/app/")
        page.wait_for_selector("[data-trust=unverified]")
        assert "trust on first use" in page.text_content("[data-trust]")
        pair_page(page, sidecar)
        page.goto(sidecar.origin + "/app/#/workstation")
        page.wait_for_selector("text=test phone (this device)")
        assert page.evaluate("document.body.dataset.trust") == "unverified"
        assert "Notifications are unavailable: the browser refuses push on a certificate it could not verify" in (
            page.text_content("main"))
        assert page.query_selector("text=Notify me") is None
        assert_clean(page, sidecar.origin)
        page.context.close()
    finally:
        browser.close()
