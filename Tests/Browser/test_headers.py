"""What the sidecar serves under /app/: the files from the binary, their security headers and types, and the
browser-origin rule (the app's own origin admitted for signed calls and pairing completion, no other origin)."""
import json

import pytest

from http_client import request

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "worker-src 'self'; manifest-src 'self'; font-src 'none'; object-src 'none'; frame-src 'none'; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")

TYPES = {
    "": "text/html; charset=utf-8",
    "index.html": "text/html; charset=utf-8",
    "js/app.js": "text/javascript; charset=utf-8",
    "sw.js": "text/javascript; charset=utf-8",
    "css/app.css": "text/css; charset=utf-8",
    "manifest.webmanifest": "application/manifest+json",
    "icons/icon-192.png": "image/png",
}


@pytest.mark.parametrize("base", ["origin", "loopback"])
@pytest.mark.parametrize("path", sorted(TYPES))
def test_every_file_carries_the_security_headers_and_its_type(sidecar, base, path):
    status, headers, body = request(getattr(sidecar, base) + "/app/" + path)
    assert status == 200 and len(body) > 0
    assert headers["content-type"] == TYPES[path]
    assert headers["content-security-policy"] == CSP
    assert "'unsafe-inline'" not in headers["content-security-policy"]
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["cross-origin-opener-policy"] == "same-origin"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["cache-control"] == "no-cache"
    assert headers["etag"].startswith('"') and len(headers["etag"]) == 66


def test_revalidation_head_redirect_and_unknown_files(sidecar):
    _, headers, body = request(sidecar.origin + "/app/js/app.js")
    status, again, empty = request(sidecar.origin + "/app/js/app.js", headers={"If-None-Match": headers["etag"]})
    assert (status, empty, again["etag"]) == (304, b"", headers["etag"])
    status, head, empty = request(sidecar.origin + "/app/js/app.js", method="HEAD")
    assert (status, empty, head["content-length"]) == (200, b"", str(len(body)))
    status, moved, _ = request(sidecar.origin + "/app")
    assert (status, moved["location"]) == (301, "/app/")
    for missing in ("/app/nope.js", "/app/../openapi.yaml", "/app/%2e%2e/health", "/app/js/../../health"):
        status, _, _ = request(sidecar.origin + missing)
        assert status in (404, 400), missing


def test_the_app_s_own_origin_completes_a_pairing_and_no_other_origin_does(sidecar):
    body = json.dumps({"pairingCode": "000000", "pairingToken": None, "deviceName": "x",
                       "devicePublicKey": "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="}).encode()
    complete = sidecar.origin + "/companion/pairing/complete"
    json_type = {"Content-Type": "application/json"}
    # Another origin, and a page rebound to this address under another name (DNS rebinding): refused before the route.
    for headers in ({"Origin": "https://evil.example"},
                    {"Origin": f"https://evil.example:{sidecar.port}", "Host": f"evil.example:{sidecar.port}"},
                    {"Origin": f"http://10.77.0.1:{sidecar.port + 1}"}):
        status, _, answer = request(complete, "POST", {**json_type, **headers}, body)
        assert status == 403, (headers, answer)
    # The app's own origin reaches the route (no pairing is active: refused there, not by the origin rule).
    status, _, answer = request(complete, "POST", {**json_type, "Origin": sidecar.origin}, body)
    assert status != 403 and b"origin" not in answer.lower(), answer
    # Its own origin does not start pairings (nor any unsigned state change).
    status, _, _ = request(sidecar.loopback + "/companion/pairing/start", "POST",
                           {**json_type, "Origin": sidecar.loopback}, b"{}")
    assert status == 403
    status, _, _ = request(sidecar.origin + "/companion/disconnect", "POST", {"Origin": sidecar.origin}, b"")
    assert status == 403
    # A signed state change from its own origin reaches the signature check (401: no such device).
    signed = {"Origin": sidecar.origin, "X-Companion-Device": "dev_nobody", "X-Companion-Timestamp": "1",
              "X-Companion-Nonce": "bm9uY2Vub25jZW5vbmNlbm9uY2U", "X-Companion-Signature": "AAAA"}
    status, _, _ = request(sidecar.origin + "/companion/disconnect", "POST", signed, b"")
    assert status == 401
    status, _, _ = request(sidecar.origin + "/companion/disconnect", "POST",
                           {**signed, "Origin": "https://evil.example"}, b"")
    assert status == 403
