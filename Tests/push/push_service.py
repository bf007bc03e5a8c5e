"""A push service for CompanionKit's tests (RFC 8030's push resource, as FCM or autopush answer it), on HTTPS with a
certificate for `localhost` issued by a CA it makes. It holds one subscription key pair per path it is asked for,
checks the VAPID header (webpush_peer.verify_vapid), decrypts every message (http-ece) and prints one JSON line per
message on standard output. Connections are kept alive (HTTP/1.1), as a push service's are; each line names the
connection (a number per accepted connection, so per TLS handshake) and the address it came from, so a test sees
whether a message reused a connection; a connection's end is a line `{"closed": N}` on standard error.

  serve DIR [PATH=STATUS,STATUS,... ...]
    DIR: where ca.pem goes (the test hands it to the sidecar as a trust root).
    PATH=...: the statuses answered to successive messages on PATH (201 once the list is used up).
  First line printed: {"port": N, "subscriptions": {path: {"p256dh": ..., "auth": ...}}} for every PATH given
  (and /push/main).
"""
import datetime
import json
import os
import socket
import ssl
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

import webpush_peer


def make_certificates(directory):
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "push service test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    leaf = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(ca_key, hashes.SHA256()))
    pem = serialization.Encoding.PEM
    with open(os.path.join(directory, "ca.pem"), "wb") as f:
        f.write(ca.public_bytes(pem))
    with open(os.path.join(directory, "leaf.pem"), "wb") as f:
        f.write(leaf.public_bytes(pem))
    with open(os.path.join(directory, "leaf-key.pem"), "wb") as f:
        f.write(key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))


class Subscription:
    def __init__(self):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.public = {"p256dh": webpush_peer.b64e(public), "auth": webpush_peer.b64e(self.auth)}

    def decrypt(self, body):
        scalar = self.key.private_numbers().private_value.to_bytes(32, "big")
        return webpush_peer.decrypt(scalar, self.auth, body)


class DualStackServer(ThreadingHTTPServer):
    address_family = socket.AF_INET6
    daemon_threads = True

    def server_bind(self):
        self.socket.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        super().server_bind()


def serve(directory, scripts):
    make_certificates(directory)
    plans = {}
    for entry in scripts:
        path, statuses = entry.split("=", 1)
        plans[path] = [int(s) for s in statuses.split(",") if s]
    subscriptions = {path: Subscription() for path in set(plans) | {"/push/main"}}
    lock = threading.Lock()
    connections = [0]

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def setup(self):
            super().setup()
            with lock:
                connections[0] += 1
                self.connection_number = connections[0]

        def finish(self):
            super().finish()
            # A connection's end on standard error (standard output has the messages only).
            with lock:
                sys.stderr.write(json.dumps({"closed": self.connection_number}) + "\n")
                sys.stderr.flush()

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            with lock:
                plan = plans.get(self.path, [])
                status = plan.pop(0) if plan else 201
            record = {"path": self.path, "status": status, "bytes": len(body),
                      "ttl": self.headers.get("TTL"), "urgency": self.headers.get("Urgency"),
                      "encoding": self.headers.get("Content-Encoding"), "connection": self.connection_number,
                      "peer": self.client_address[0].removeprefix("::ffff:")}
            audience = "https://localhost:%d" % self.server.server_address[1]
            try:
                record["vapid"] = webpush_peer.verify_vapid(self.headers.get("Authorization", ""), audience)
            except Exception as error:  # reported to the test, which fails on it
                record["vapidError"] = str(error)
            subscription = subscriptions.get(self.path)
            try:
                record["payload"] = json.loads(subscription.decrypt(body))
            except Exception as error:
                record["decryptError"] = "%s: %s" % (type(error).__name__, error)
            # One write per line, under the lock: the server answers on several threads at once.
            with lock:
                sys.stdout.write(json.dumps(record, sort_keys=True) + "\n")
                sys.stdout.flush()
            self.send_response(status)
            self.send_header("Content-Length", "0")
            if status == 429:
                self.send_header("Retry-After", "0")
            self.end_headers()

    server = DualStackServer(("::", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(directory, "leaf.pem"), os.path.join(directory, "leaf-key.pem"))
    server.socket = context.wrap_socket(server.socket, server_side=True)
    port = server.server_address[1]
    print(json.dumps({"port": port, "subscriptions": {p: s.public for p, s in subscriptions.items()}}), flush=True)
    # Ends with its standard input (the test closes it, or dies).
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    server.serve_forever()
