"""Plain HTTP(S) requests to the sidecar from the test (no browser): headers, statuses, the origin rule."""
import http.client
import ssl
from urllib.parse import urlsplit


def request(url, method="GET", headers=None, body=None):
    """(status, headers as a dict with lower-case names, body bytes). HTTPS accepts the sidecar's self-signed
    certificate (what is tested here is what it serves, not the certificate)."""
    parts = urlsplit(url)
    if parts.scheme == "https":
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        connection = http.client.HTTPSConnection(parts.hostname, parts.port, context=context, timeout=30)
    else:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    path = parts.path + (("?" + parts.query) if parts.query else "")
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    result = (response.status, {k.lower(): v for k, v in response.getheaders()}, data)
    connection.close()
    return result
