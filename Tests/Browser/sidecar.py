"""A real `companion sidecar serve` (the built binary) for the browser tests: its own data directory and HOME,
an ephemeral identity, listening on loopback (plain HTTP) and on the namespace's LAN address (HTTPS with its
self-signed certificate), with its `--json` announcement (port, TLS pin)."""
import json
import os
import signal
import subprocess
import threading
import time
from pathlib import Path

from netns import LAN_ADDRESS

REPO = Path(__file__).resolve().parents[2]
COMPANION = Path(os.environ.get("COMPANION", REPO / ".build" / "debug" / "companion"))


def isolated_environment(home: Path) -> dict:
    """An environment whose every configuration directory is under `home` (never the user's)."""
    environment = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_RUNTIME_DIR": str(home / "run"),
        "CLAUDE_CONFIG_DIR": str(home / ".claude"),
        "LANG": "C.UTF-8",
    }
    for name in ("COMPANION_TEST_RUN", "CLAUDE_CLI_PATH"):
        if name in os.environ:
            environment[name] = os.environ[name]
    for directory in ("run",):
        (home / directory).mkdir(mode=0o700, parents=True, exist_ok=True)
    return environment


class Sidecar:
    """One sidecar process. `start()` waits for its announcement; `stop()` ends it (SIGTERM, then SIGKILL)."""

    def __init__(self, directory: Path, arguments=(), port: int = 0, persistent_identity: bool = False,
                 binary: Path = None):
        self.directory = directory
        self.home = directory / "home"
        self.home.mkdir(parents=True, exist_ok=True)
        self.data = directory / "data"
        self.arguments = list(arguments)
        self.requested_port = port
        self.binary = binary or COMPANION
        # A persistent identity (and so TLS key, the browser's pin) lives in a file vault under HOME, so a restart
        # keeps it; else the identity is ephemeral (new at every start).
        self.persistent_identity = persistent_identity
        if persistent_identity:
            passphrase = self.home / "vault-passphrase"
            if not passphrase.exists():
                passphrase.write_text(os.urandom(16).hex())
                passphrase.chmod(0o600)
        self.environment = isolated_environment(self.home)
        self.process = None
        self.announcement = None
        self.stderr_lines = []

    def start(self, timeout: float = 60):
        command = [
            str(self.binary), "sidecar", "serve", "--host", "127.0.0.1", "--host", LAN_ADDRESS,
            "--port", str(self.requested_port), "--data-dir", str(self.data), "--json",
            "--no-advertise", "--log-level", "warning",
        ] + (["--vault", "file", "--passphrase-file", str(self.home / "vault-passphrase")]
             if self.persistent_identity else ["--ephemeral-identity"]) + self.arguments
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.environment,
            start_new_session=True)
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        deadline = time.monotonic() + timeout
        line = ""
        while time.monotonic() < deadline and not line:
            line = self.process.stdout.readline()
            if self.process.poll() is not None:
                break
        if not line:
            self.stop()
            raise RuntimeError("the sidecar did not start:\n" + "".join(self.stderr_lines[-20:]))
        self.announcement = json.loads(line)
        return self

    def _drain_stderr(self):
        for line in self.process.stderr:
            self.stderr_lines.append(line)

    @property
    def port(self) -> int:
        return int(self.announcement["port"])

    @property
    def origin(self) -> str:
        """The HTTPS origin the phone uses: `https://10.77.0.1:PORT`."""
        return f"https://{LAN_ADDRESS}:{self.port}"

    @property
    def loopback(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def spki_pin(self) -> str:
        """The TLS key's SPKI SHA-256 in base64, as Chromium's --ignore-certificate-errors-spki-list takes it."""
        return self.announcement["tlsPin"].removeprefix("sha256//")

    def companion(self, *arguments, timeout: float = 60, check: bool = True) -> subprocess.CompletedProcess:
        """Runs the `companion` CLI with this sidecar's environment."""
        result = subprocess.run(
            [str(COMPANION), *arguments], capture_output=True, text=True, env=self.environment, timeout=timeout)
        if check and result.returncode != 0:
            raise RuntimeError(f"companion {' '.join(arguments)} exited {result.returncode}: {result.stderr}")
        return result

    def restart(self):
        """Stops and starts again on the same port (the page's origin stays the same)."""
        port = self.port
        self.stop()
        self.requested_port = port
        return self.start()

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
