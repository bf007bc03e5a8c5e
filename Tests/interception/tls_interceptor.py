"""An on-path TLS interceptor for CompanionKit's tests (OnPathInterceptionEndToEndTests), written with Python's
`ssl` module (OpenSSL), never with the sidecar's or the companion's own TLS code.

  tls_interceptor.py [--first CERT KEY TRIGGER] CERT KEY RECORD [HOST:PORT]

Accepts on 0.0.0.0 (a port the kernel picks; the first line printed is "listening PORT"), where a redirect rule of
the test sends a client's connections, and presents CERT (with KEY) in place of the sidecar's certificate. Every
byte a client sends after its handshake is appended, decrypted, to RECORD. With HOST:PORT it relays what it
decrypts to the real sidecar over TLS of its own (not verified: an attacker takes any certificate) and the answers
back, as a certificate-swapping proxy does. One line per event on standard output: "accepted", "handshake",
"handshake-failed REASON".

With --first, the next connection after the file TRIGGER appears is presented that other certificate (and TRIGGER
is removed): a companion's first, capturing handshake can be shown one certificate and its real connection another.
"""
import os
import socket
import ssl
import sys
import threading

lock = threading.Lock()


def event(text):
    with lock:
        print(text, flush=True)


def record(path, data):
    with lock, open(path, "ab") as out:
        out.write(data)


def pump(source, sink, path):
    """Copies source to sink until either ends; records what it copies when path is set."""
    try:
        while data := source.recv(65536):
            if path:
                record(path, data)
            if sink:
                sink.sendall(data)
    except OSError:
        pass
    finally:
        for end in (source, sink):
            try:
                end and end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def serve(connection, context, path, upstream):
    event("accepted")
    try:
        client = context.wrap_socket(connection, server_side=True)
    except (ssl.SSLError, OSError) as error:
        event("handshake-failed %s" % (getattr(error, "reason", None) or error))
        connection.close()
        return
    event("handshake")
    sidecar = None
    if upstream:
        host, port = upstream.rsplit(":", 1)
        outward = ssl.create_default_context()
        outward.check_hostname = False
        outward.verify_mode = ssl.CERT_NONE
        sidecar = outward.wrap_socket(socket.create_connection((host, int(port)), timeout=30))
        threading.Thread(target=pump, args=(sidecar, client, None), daemon=True).start()
    pump(client, sidecar, path)


def server_context(certificate, key):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    return context


def main():
    arguments = sys.argv[1:]
    first, trigger = None, None
    if arguments[:1] == ["--first"]:
        first, trigger = server_context(arguments[1], arguments[2]), arguments[3]
        arguments = arguments[4:]
    certificate, key, path = arguments[:3]
    upstream = arguments[3] if len(arguments) > 3 else None
    context = server_context(certificate, key)
    listener = socket.create_server(("0.0.0.0", 0))
    event("listening %d" % listener.getsockname()[1])
    while True:
        connection, _ = listener.accept()
        chosen = context
        if trigger and os.path.exists(trigger):
            os.remove(trigger)
            chosen = first
            event("first")
        threading.Thread(target=serve, args=(connection, chosen, path, upstream), daemon=True).start()


if __name__ == "__main__":
    main()
