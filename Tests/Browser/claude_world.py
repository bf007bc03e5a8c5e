"""A throw-away Claude Code world for the screens' browser tests, as ClaudeSandbox is for the Swift tests.

A temporary HOME and CLAUDE_CONFIG_DIR (never the user's ~/.claude) with onboarding done and each project's trust
dialog accepted, the user's settings in the manual permission mode (so the real permission dialog, and so the
PermissionRequest hook, happens), scripts/scripted-model.py on loopback as the Messages API, and the environment
the sidecar is started with so that the `claude` it runs (agents in tmux, chats) uses all of that.
"""
import json
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
API_KEY = "sk-ant-scripted-test-key"


def claude_binary():
    """The real Claude Code CLI the tests run (scripts/claude-path.sh: $CLAUDE_CLI_PATH or setup.sh's)."""
    result = subprocess.run([str(ROOT / "scripts/claude-path.sh")], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "Claude Code is not installed: run scripts/setup.sh --no-build")
    return result.stdout.strip()


class ScriptedModel:
    """scripts/scripted-model.py on a free loopback port; `base_url` is its address."""

    def __init__(self, *arguments):
        self.process = subprocess.Popen(
            ["python3", str(ROOT / "scripts/scripted-model.py"), "--port", "0", *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("listening on "):
            self.process.kill()
            raise RuntimeError(f"scripted-model.py did not start: {line!r}")
        self.base_url = f"http://127.0.0.1:{int(line.split()[-1])}"

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class ClaudeWorld:
    """The sandbox; `environment` is what the sidecar process is given (it hands it on to `claude`)."""

    def __init__(self, *model_arguments):
        self.root = Path(tempfile.mkdtemp(prefix="claude-world-")).resolve()
        self.rules = self.root / "model-rules.json"
        self.home = self.root / "home"
        self.config = self.home / ".claude"
        self.tmp = self.root / "tmp"
        for directory in (self.home, self.config, self.tmp):
            directory.mkdir(mode=0o700, parents=True)
        self.model = ScriptedModel("--bash-file", str(self.rules), *model_arguments)
        self.projects = []
        self.tmux_socket = f"companion-browser-{uuid.uuid4().hex[:8]}"
        self.settings = self.config / "settings.json"
        self.settings.write_text(json.dumps({"permissions": {"defaultMode": "default"}}) + "\n")
        self._write_configuration()

    @property
    def environment(self):
        return {
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(self.home), "CLAUDE_CONFIG_DIR": str(self.config),
            "TMPDIR": str(self.tmp), "LANG": "C.UTF-8", "ANTHROPIC_BASE_URL": self.model.base_url,
            "ANTHROPIC_API_KEY": API_KEY, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1", "DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_MAX_RETRIES": "0",
        }

    def sidecar_arguments(self):
        """What `companion sidecar serve` needs to run this world's `claude` (agents on a tmux server of the test)."""
        return ["--claude-path", claude_binary(), "--tmux-socket", self.tmux_socket]

    def model_rule(self, prompt, command):
        """From now on the model answers `prompt` with a Bash call of `command` (and its result with "Done.")."""
        rules = json.loads(self.rules.read_text()) if self.rules.exists() else {}
        rules[prompt] = command
        temporary = self.rules.with_suffix(".tmp")
        temporary.write_text(json.dumps(rules))
        temporary.replace(self.rules)

    def make_project(self, name):
        """A trusted project directory; its real path."""
        directory = self.root / "projects" / name
        directory.mkdir(parents=True)
        self.projects.append(str(directory))
        self._write_configuration()
        return str(directory)

    def install_hooks(self, companion, data_dir):
        """Claude Code's command hooks in this world's settings, delivering to the sidecar at `data_dir`."""
        subprocess.run([companion, "sidecar", "hooks", "install", "--settings", str(self.settings),
                        "--data-dir", str(data_dir)], check=True, capture_output=True, env=self.environment)

    def remove(self):
        subprocess.run(["tmux", "-L", self.tmux_socket, "kill-server"], capture_output=True, check=False)
        self.model.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def _write_configuration(self):
        trusted = {p: {"hasTrustDialogAccepted": True, "hasCompletedProjectOnboarding": True} for p in self.projects}
        configuration = {
            "hasCompletedOnboarding": True, "numStartups": 1, "projects": trusted,
            "bypassPermissionsModeAccepted": False,
            "customApiKeyResponses": {"approved": [API_KEY[-20:]], "rejected": []},
            "hasSeenAutoDefaultNudge": True,
        }
        text = json.dumps(configuration, sort_keys=True, indent=2)
        for file in (self.config / ".claude.json", self.home / ".claude.json"):
            file.write_text(text)


def wait_for(condition, timeout, what):
    """Polls `condition` until it is true (returns its value) or `timeout` seconds pass (fails naming `what`)."""
    import time
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.1)


def remove_later(path):
    """Deletes a file if it exists (a file a tool would write, checked by a test)."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
