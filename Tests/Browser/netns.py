"""A private network namespace for the whole browser test run.

The test process moves itself into a new network namespace before anything starts (``unshare(CLONE_NEWNET)``,
as root), brings up loopback and a veth pair with a LAN-like address, ``LAN_ADDRESS``. The sidecar serves
HTTPS there (a listener beyond loopback), Chromium reaches it there, and nothing the run opens is visible on, or
reachable from, the machine's real interfaces. Every process the tests start (sidecar, Playwright's driver,
Chromium, a local push service) inherits the namespace.
"""
import ctypes
import os
import subprocess

CLONE_NEWNET = 0x40000000
LAN_ADDRESS = "10.77.0.1"


def enter_private_network():
    """Moves this process into a fresh network namespace with lo and a dummy LAN; returns an error text or None."""
    if os.environ.get("COMPANION_BROWSER_NETNS") == str(os.getpid()):
        return None
    if os.geteuid() != 0:
        return "the browser tests make a private network namespace and need root (run them as root, as CI does)"
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWNET) != 0:
        return f"unshare(CLONE_NEWNET) failed: {os.strerror(ctypes.get_errno())}"
    for command in (
        ["ip", "link", "set", "lo", "up"],
        # A veth pair (no dummy module in every kernel): the address on one end, both ends up.
        ["ip", "link", "add", "lan0", "type", "veth", "peer", "name", "lan1"],
        ["ip", "addr", "add", f"{LAN_ADDRESS}/24", "dev", "lan0"],
        ["ip", "link", "set", "lan0", "up"],
        ["ip", "link", "set", "lan1", "up"],
    ):
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            return f"{' '.join(command)} failed: {result.stderr.strip()}"
    os.environ["COMPANION_BROWSER_NETNS"] = str(os.getpid())
    return None
