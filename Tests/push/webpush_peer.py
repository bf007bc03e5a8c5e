"""The other side of CompanionKit's Web Push, for its tests: what a browser and a push service do, written with
http-ece (RFC 8188/8291 decryption) and cryptography (P-256, ES256), never with the sidecar's own code.

  webpush_peer.py decrypt        stdin: {"private": b64url scalar, "auth": b64url, "body": b64url}
                                 stdout: the plaintext, base64url
  webpush_peer.py verify-vapid   stdin: {"authorization": "vapid t=..., k=...", "audience": "https://..."}
                                 stdout: the JWT's claims (JSON) once its ES256 signature and claims check out
  webpush_peer.py serve DIR      an HTTPS push service on [::]:0 (see push_service.py)
"""
import base64
import json
import sys
import time

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64d(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64e(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def decrypt(private_scalar, auth, body):
    key = ec.derive_private_key(int.from_bytes(private_scalar, "big"), ec.SECP256R1())
    return http_ece.decrypt(body, private_key=key, auth_secret=auth, version="aes128gcm")


class VAPIDError(Exception):
    pass


def verify_vapid(authorization, audience, now=None):
    """Checks a `vapid t=<JWT>, k=<key>` header as RFC 8292 asks a push service to; returns the claims."""
    now = time.time() if now is None else now
    if not authorization.startswith("vapid "):
        raise VAPIDError("not the vapid scheme: " + authorization[:20])
    params = dict(part.strip().split("=", 1) for part in authorization[6:].split(","))
    token, key = params["t"], b64d(params["k"])
    head, claims_text, signature = token.split(".")
    header = json.loads(b64d(head))
    if header.get("alg") != "ES256":
        raise VAPIDError("alg is not ES256: %r" % header)
    raw = b64d(signature)
    if len(raw) != 64:
        raise VAPIDError("the signature is not 64 bytes (R||S)")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), key)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, (head + "." + claims_text).encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise VAPIDError("the ES256 signature does not verify with k")
    claims = json.loads(b64d(claims_text))
    if claims.get("aud") != audience:
        raise VAPIDError("aud is %r, not %r" % (claims.get("aud"), audience))
    if not (now < claims["exp"] <= now + 24 * 3600):
        raise VAPIDError("exp %r is not within the next 24 hours" % claims.get("exp"))
    if not str(claims.get("sub", "")).startswith(("mailto:", "https://")):
        raise VAPIDError("sub is not a mailto: or https: URL: %r" % claims.get("sub"))
    claims["k"] = params["k"]
    return claims


def main():
    command = sys.argv[1]
    if command == "decrypt":
        request = json.load(sys.stdin)
        print(b64e(decrypt(b64d(request["private"]), b64d(request["auth"]), b64d(request["body"]))))
    elif command == "verify-vapid":
        request = json.load(sys.stdin)
        print(json.dumps(verify_vapid(request["authorization"], request["audience"]), sort_keys=True))
    elif command == "serve":
        import push_service

        push_service.serve(sys.argv[2], sys.argv[3:])
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main()
