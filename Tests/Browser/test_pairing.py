"""Pairing a browser: by the QR link (decoded from the sidecar's own PNG) and by hand."""
import re

from conftest import assert_clean
from pairing import WorkstationPairing

KEY_FACTS = """async () => {
  const store = await import('/app/js/store.js');
  const key = await store.get('deviceKey');
  const device = await store.get('device');
  let exported = 'exported';
  try { await crypto.subtle.exportKey('pkcs8', key.privateKey); } catch (e) { exported = e.name; }
  return {extractable: key.privateKey.extractable, type: key.privateKey.type, exported,
          algorithm: key.privateKey.algorithm.name, deviceId: device.id, publicKey: key.publicKeyBase64};
}"""


def test_pairing_by_the_qr_link_keeps_a_non_extractable_key_across_a_reload(sidecar, paired_page):
    page = paired_page
    outcome, link = page.pairing_outcome, page.pairing_link
    # The QR PNG holds the phone link: the sidecar's HTTPS origin, the app, the invitation in the fragment.
    assert link.startswith(sidecar.origin + "/app/#pair=1.")
    # The page showed the verification code the workstation printed.
    assert re.fullmatch(r"[A-Z2-9]{4}(-[A-Z2-9]{4}){4}", outcome["verificationCode"])
    assert page.evaluate("document.body.dataset.session") != "revoked"
    # The fragment (the pairing secret) is gone from the address bar and from history.
    assert "#pair" not in page.url
    facts = page.evaluate(KEY_FACTS)
    assert facts == {**facts, "extractable": False, "type": "private", "exported": "InvalidAccessError",
                     "algorithm": "Ed25519", "deviceId": outcome["deviceId"]}
    page.reload()
    page.wait_for_selector("nav#tabs a")
    assert page.evaluate(KEY_FACTS) == facts
    # Signed calls work after the reload: the Workstation screen lists this device, named by the workstation.
    page.goto(sidecar.origin + "/app/#/workstation")
    page.wait_for_selector("text=test phone (this device)")
    assert page.text_content("[data-fingerprint]").startswith("SHA256:")
    assert page.text_content("[data-scopes]") == "read, tasks, chat"
    assert_clean(page, sidecar.origin)


def test_the_verification_code_on_the_page_is_the_workstations(sidecar, page):
    pairing = WorkstationPairing(sidecar)
    try:
        page.goto(pairing.link())
        page.click("button[type=submit]")
        shown = page.text_content("#verification-code", timeout=30000)
        assert shown == pairing.outcome()["verificationCode"]
    finally:
        pairing.close()


def test_manual_pairing_with_the_six_digit_code(sidecar, page):
    pairing = WorkstationPairing(sidecar)
    try:
        page.goto(sidecar.origin + "/app/")
        page.wait_for_selector("#pairing-code")
        page.fill("#device-name", "typed phone")
        page.fill("#pairing-code", pairing.code)
        page.click("button[type=submit]")
        shown = page.text_content("#verification-code", timeout=30000)
        outcome = pairing.outcome()
    finally:
        pairing.close()
    assert outcome["event"] == "paired" and outcome["deviceName"] == "typed phone"
    assert shown == outcome["verificationCode"]
    page.click("text=Continue")
    page.wait_for_selector("nav#tabs a")
    assert_clean(page, sidecar.origin)


def test_a_wrong_code_is_refused_with_what_to_do(sidecar, page):
    pairing = WorkstationPairing(sidecar)
    try:
        page.goto(sidecar.origin + "/app/")
        wrong = "000000" if pairing.code != "000000" else "111111"
        page.fill("#pairing-code", wrong)
        page.click("button[type=submit]")
        message = page.text_content("[role=alert]", timeout=30000)
    finally:
        pairing.close()
    assert "pairing refused" in message and "try again" in message
    assert page.evaluate("(async () => (await import('/app/js/store.js')).get('device'))()") is None
