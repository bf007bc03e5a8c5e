"""The real sidecar (sidecar.py's `Sidecar`: the built binary, loopback and the namespace's HTTPS address) serving a
ClaudeWorld: agents on the world's own tmux server, `claude` the real CLI with the world's environment, Claude
Code's hooks installed in the world's settings, a task command of the test's choosing, and an API key with every
scope but admin for the test's own set-up and checks (never for what the page does)."""
import json
import urllib.request

from sidecar import COMPANION, Sidecar

API_KEY = "screens-browser-test-key-0123456789"


class WorldSidecar:
    """A running sidecar of `world`: `sidecar` (sidecar.py's), `call` for a request with the API key."""

    def __init__(self, world, task_command=None, approval_timeout=120):
        self.world = world
        key_file = world.root / "api-key"
        key_file.write_text(API_KEY + "\n")
        key_file.chmod(0o600)
        arguments = ["--api-key-file", str(key_file), "--api-key-scopes", "read,tasks,chat,control",
                     "--approval-timeout", str(approval_timeout), *world.sidecar_arguments()]
        if task_command:
            arguments += ["--task-command", task_command]
        self.sidecar = Sidecar(world.root / "sidecar", arguments)
        # The world's HOME, CLAUDE_CONFIG_DIR and model endpoint: the sidecar hands them on to the `claude` it runs.
        self.sidecar.environment.update(world.environment)
        self.sidecar.start()
        world.install_hooks(str(COMPANION), self.sidecar.data)
        self.url = self.sidecar.loopback

    def call(self, method, path, body=None):
        """The parsed answer (the envelope's `data`) of a request with the API key; HTTPError on an error status."""
        request = urllib.request.Request(
            self.url + path, method=method, data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {API_KEY}", "X-API-Key": API_KEY,
                     "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            data = json.loads(answer.read() or b"null")
        return data.get("data", data) if isinstance(data, dict) and "success" in data else data

    def stop(self):
        self.sidecar.stop()
