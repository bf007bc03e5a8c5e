"""Writes the request files of requests.lua: `count` requests per thread for `path`.

usage: make_requests.py PREFIX THREADS COUNT PATH (pad | signed DEVICE_ID KEY.pem)
signed: each request signed as SECURITY.md describes (canonical request, Ed25519), with a fresh nonce and a
timestamp 30 s ahead of now, so the requests stay inside the sidecar's ±60 s window for the next 90 s.
pad: headers of the same names' length and value sizes that the sidecar does not treat as a signature, so a
padded request is as large as a signed one.
"""
import base64, hashlib, os, sys, time

prefix, threads, count, path, kind = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
empty_body = hashlib.sha256(b"").hexdigest()
if kind == "signed":
    from cryptography.hazmat.primitives.serialization import load_pem_private_key
    device = sys.argv[6]
    key = load_pem_private_key(open(sys.argv[7], "rb").read(), password=None)
    names = ("X-Companion-Device", "X-Companion-Timestamp", "X-Companion-Nonce", "X-Companion-Signature")
else:
    device = "d" * 32
    names = ("X-Padding-Device", "X-Padding-Timestamp", "X-Padding-Nonce", "X-Padding-Signature")
stamp = str(int(time.time() * 1000) + 30_000)
for thread in range(1, threads + 1):
    with open(f"{prefix}.{thread}", "w") as out:
        for _ in range(count):
            nonce = base64.urlsafe_b64encode(os.urandom(16)).rstrip(b"=").decode()
            if kind == "signed":
                canonical = "\n".join(["COMPANIONKIT-REQUEST-V1", "GET", path, device, stamp, nonce, empty_body])
                signature = base64.b64encode(key.sign(canonical.encode())).decode()
            else:
                signature = base64.b64encode(os.urandom(64)).decode()
            values = (device, stamp, nonce, signature)
            out.write(path + "".join(f"\t{n}={v}" for n, v in zip(names, values)) + "\n")
