/// A Python client run inside the namespace that sends what no TLS client should, and reports what the server did:
///
/// - `close HOST PORT SECONDS HEX…`: one connection per hex string; sends those bytes, then prints, per
///   connection, how long the server took to close it (`closed 0.12`) or `open` after `SECONDS`.
/// - `trickle HOST PORT SECONDS`: sends a TLS 1.2 ClientHello one byte every 0.2 s; prints when it was closed.
/// - `hold HOST PORT COUNT`: opens COUNT connections, every other one with a ClientHello record cut short, prints
///   `held N`, then keeps them until its standard input closes.
enum HostileTLSClient {
    static let script = #"""
        import os, resource, select, socket, sys, time
        mode, host, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
        hello = bytes.fromhex(
            "16030100a1010000" "9d0303" + "00" * 32 + "00" "0004c02bc02f" "0100" "0070"
            "000a00080006001d00170018" "000d00140012040308040401050308050501080606010201"
            "000b00020100" "0017000000230000" "00000000" + "0015003c" + "00" * 60)
        def wait_closed(s, seconds):
            start = time.time()
            s.setblocking(False)
            while time.time() - start < seconds:
                r, _, _ = select.select([s], [], [], 0.05)
                if r:
                    try:
                        if s.recv(65536) == b"": return "closed %.2f" % (time.time() - start)
                    except (ConnectionResetError, BlockingIOError):
                        return "closed %.2f" % (time.time() - start)
            return "open"
        if mode == "close":
            seconds = float(sys.argv[4])
            for data in sys.argv[5:]:
                s = socket.create_connection((host, port))
                s.sendall(bytes.fromhex(data))
                print(wait_closed(s, seconds), flush=True)
        elif mode == "trickle":
            seconds = float(sys.argv[4])
            s = socket.create_connection((host, port))
            start = time.time()
            for b in hello:
                try: s.send(bytes([b]))
                except OSError: break
                r, _, _ = select.select([s], [], [], 0.2)
                # A reset is a close too: the server closes with a byte of ours unread, and the kernel answers RST.
                try:
                    if r and s.recv(65536) == b"": break
                except ConnectionResetError: break
                if time.time() - start > seconds: print("open", flush=True); sys.exit(0)
            print("closed %.2f" % (time.time() - start), flush=True)
        elif mode == "hold":
            count = int(sys.argv[4])
            soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            held = []
            for i in range(count):
                try:
                    s = socket.create_connection((host, port), timeout=5)
                    if i % 2: s.sendall(hello[:40])
                    held.append(s)
                except OSError:
                    break
            print("held %d" % len(held), flush=True)
            sys.stdin.read()
        """#
}
