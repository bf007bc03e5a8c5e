"""The web app's signer (sign.js, in Chromium's WebCrypto) against the shared vectors (TestVectors/auth, made
with Python `cryptography`, also checked by the Swift side), and against the Swift verifier of a live sidecar."""
import json
from pathlib import Path

from conftest import assert_clean

VECTORS = Path(__file__).resolve().parents[2] / "TestVectors" / "auth"

SIGN_ALL = """async (cases) => {
  const { canonicalText, signedHeaders } = await import('/app/js/sign.js');
  const { fromBase64 } = await import('/app/js/encoding.js');
  const { verificationCode } = await import('/app/js/verification.js');
  const seed = cases.deviceSeedHex.match(/../g).map((b) => parseInt(b, 16));
  const pkcs8 = new Uint8Array([0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22,
                                0x04, 0x20, ...seed]);
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, {name: 'Ed25519'}, false, ['sign']);
  const results = [];
  for (const v of cases.requests) {
    const body = new TextEncoder().encode(v.bodyUTF8);
    const text = await canonicalText({method: v.method, pathAndQuery: v.pathAndQuery, deviceID: v.deviceID,
                                      timestampMillis: v.timestampMillis, nonce: v.nonce, body});
    const signer = {deviceID: v.deviceID,
                    sign: async (bytes) => new Uint8Array(await crypto.subtle.sign({name: 'Ed25519'}, key, bytes))};
    const headers = await signedHeaders(signer, v.method, v.pathAndQuery, body,
                                        {now: v.timestampMillis, nonce: v.nonce});
    results.push({what: v.what, canonicalText: text, signatureBase64: headers['X-Companion-Signature'],
                  device: headers['X-Companion-Device'], timestamp: headers['X-Companion-Timestamp'],
                  nonce: headers['X-Companion-Nonce']});
  }
  const code = await verificationCode(fromBase64(cases.devicePublicKeyBase64), fromBase64(cases.sidecarPublicKeyBase64));
  return {results, code};
}"""


def test_the_browser_signs_every_vector_exactly_as_the_cli(sidecar, page):
    cases = json.loads((VECTORS / "signed-requests.json").read_text())
    single = json.loads((VECTORS / "signed-request.json").read_text())
    cases["requests"].append({"what": "signed-request.json", **single["request"],
                              "canonicalText": single["canonicalText"], "signatureBase64": single["signatureBase64"]})
    page.goto(sidecar.loopback + "/app/")
    page.wait_for_selector("#pairing-code")
    answer = page.evaluate(SIGN_ALL, cases)
    assert answer["code"] == cases["verificationCode"]
    for vector, result in zip(cases["requests"], answer["results"]):
        assert result["canonicalText"] == vector["canonicalText"], vector["what"]
        assert result["signatureBase64"] == vector["signatureBase64"], vector["what"]
        assert (result["device"], result["timestamp"], result["nonce"]) == (
            vector["deviceID"], str(vector["timestampMillis"]), vector["nonce"])
    assert len(answer["results"]) == len(cases["requests"]) >= 9


SIGNED_CALLS = """async () => {
  const keys = await import('/app/js/keys.js');
  const store = await import('/app/js/store.js');
  const { createApi } = await import('/app/js/api.js');
  const key = await keys.load();
  const device = await store.get('device');
  const api = createApi({deviceID: device.id, sign: (bytes) => keys.sign(key, bytes)});
  const outcome = async (call) => { try { await call(); return 'ok'; } catch (e) { return `${e.status} ${e.message}`; } };
  return {
    query: await outcome(() => api.get('/v1/tasks?status=running&after=%2Fx%20y')),
    unicodeBody: await outcome(() => api.post('/v1/tasks', {title: 'héllo ✓ 日本', description: 'from the page'})),
    devices: await outcome(() => api.get('/companion/devices')),
    encodedSegment: await outcome(() => api.get('/v1/tasks/' + encodeURIComponent('no/such task'))),
  };
}"""


def test_the_swift_verifier_accepts_what_the_browser_signs(sidecar, paired_page):
    outcomes = paired_page.evaluate(SIGNED_CALLS)
    assert outcomes["query"] == "ok"
    assert outcomes["unicodeBody"] == "ok"
    assert outcomes["devices"] == "ok"
    # Reaches the route (404: no such task), so the signature over the percent-encoded segment verified.
    assert outcomes["encodedSegment"].startswith("404"), outcomes
    assert_clean(paired_page, sidecar.origin)
