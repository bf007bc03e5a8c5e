"""Pairing a browser the way a person does: `companion sidecar pair` on the workstation writes the QR as PNG, the
test decodes it with the project's own decoder (`companion qr decode`), and opens the link it holds."""
import json
import subprocess
import threading
from pathlib import Path

from sidecar import COMPANION, Sidecar


class WorkstationPairing:
    """A running `companion sidecar pair --json -o qr.png`: its started line, the QR's link, and its outcome."""

    def __init__(self, sidecar: Sidecar, scopes: str = None, ttl: int = 300):
        self.sidecar = sidecar
        self.png = sidecar.directory / "pairing-qr.png"
        arguments = [str(COMPANION), "sidecar", "pair", "--url", sidecar.loopback, "--json", "-o", str(self.png),
                     "--ttl", str(ttl)]
        if scopes:
            arguments += ["--scopes", scopes, "--data-dir", str(sidecar.data)]
        self.process = subprocess.Popen(
            arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=sidecar.environment)
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("companion sidecar pair did not start: " + self.process.stderr.read())
        self.started = json.loads(line)
        self.code = self.started["code"]
        self._outcome = None
        self._reader = threading.Thread(target=self._read_outcome, daemon=True)
        self._reader.start()

    def _read_outcome(self):
        for line in self.process.stdout:
            event = json.loads(line)
            if event.get("event") in ("paired", "expired", "cancelled"):
                self._outcome = event

    def link(self) -> str:
        """The text of the QR PNG, read by the project's own decoder."""
        result = subprocess.run([str(COMPANION), "qr", "decode", str(self.png)], capture_output=True, text=True,
                                env=self.sidecar.environment, timeout=60)
        if result.returncode != 0:
            raise RuntimeError(f"companion qr decode failed: {result.stderr}")
        return result.stdout.strip()

    def outcome(self, timeout: float = 30) -> dict:
        """The `paired` line (deviceId, deviceName, verificationCode), once the pairing ends."""
        self._reader.join(timeout)
        self.process.wait(timeout=timeout)
        if self._outcome is None:
            raise RuntimeError("companion sidecar pair ended without an outcome: " + self.process.stderr.read())
        return self._outcome

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=15)
