#!/usr/bin/env python3
"""Does the real interactive `claude` keep a PermissionRequest hook's `updatedPermissions`? A minimal reproduction,
with no companion code in it: a ten-line hook (Python) that records each event and answers a permission request
the way the sidecar's `approve` does (allow once, as a control) or its `approve --always` (`behavior: allow` with the `addRules` Claude Code suggested in the
request's `permission_suggestions`, destination `session`), or not at all (so Claude Code's own dialog decides,
answered with its "2. Yes, and don't ask again"). The same Bash command is asked for in two turns of one session;
the second turn shows whether the kept rules applied (no second PermissionRequest) or not.

A throw-away Claude Code world (Tests/Browser/claude_world.py: its own HOME and config, the scripted Messages API on
loopback, its own tmux server); needs `claude` (scripts/setup.sh) and tmux.

  scripts/probes/claude-always-rules.py

Found with 2.1.330 (docs/agents.md, "Always"): the rules are kept for a command inside the working directory and
for `python3 -c …`; for `mkdir -p DIR && touch DIR/file` with DIR outside the working directory the second turn asks
again, whether the rules came from the hook (session) or from Claude Code's own "don't ask again" (which writes
them to .claude/settings.local.json): Claude Code's check of paths outside the working directory comes before the
allow rules, and what it suggests cannot satisfy it.
"""
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests" / "Browser"))
from claude_world import ClaudeWorld, claude_binary, wait_for  # noqa: E402

HOOK = """import json, os, sys
event = json.load(sys.stdin)
with open(os.environ["PROBE_EVENTS"], "a") as log:
    log.write(json.dumps(event) + "\\n")
if event["hook_event_name"] == "PermissionRequest" and os.environ["PROBE_MODE"] in ("hook", "once"):
    rules = [dict(u, destination="session") for u in event.get("permission_suggestions", []) if u["type"] == "addRules"]
    decision = {"behavior": "allow"}
    if os.environ["PROBE_MODE"] == "hook":
        decision["updatedPermissions"] = rules
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": decision}}))
"""


def run_case(mode, make_command):
    """`mode` "hook" (the hook allows with the suggested rules), "once" (the hook allows, keeping no rule) or
    "dialog" (the terminal's "don't ask again");
    returns (command, suggested rules, permission requests in the second turn)."""
    world = ClaudeWorld()
    try:
        project = Path(world.make_project("p"))
        command = make_command(world.root, project)
        world.model_rule("first", command)
        world.model_rule("second", command)
        hook_file, events_file = world.root / "hook.py", world.root / "events.jsonl"
        hook_file.write_text(HOOK)
        hook = {"type": "command", "command": f"python3 {hook_file}", "timeout": 60}
        world.settings.write_text(json.dumps({"permissions": {"defaultMode": "default"}, "hooks": {
            "PermissionRequest": [{"matcher": "*", "hooks": [hook]}], "Stop": [{"hooks": [hook]}]}}))
        environment = dict(world.environment, PROBE_EVENTS=str(events_file), PROBE_MODE=mode)
        tmux = ["tmux", "-L", world.tmux_socket]
        variables = [part for name, value in environment.items() for part in ("-e", f"{name}={value}")]
        subprocess.run(tmux + ["new-session", "-d", "-x", "200", "-y", "50", "-c", str(project), *variables,
                               claude_binary()], check=True)

        def pane():
            return subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout

        def events(name):
            lines = events_file.read_text().splitlines() if events_file.exists() else []
            return [e for e in map(json.loads, lines) if e["hook_event_name"] == name]

        def turn(prompt, stops):
            subprocess.run(tmux + ["send-keys", "-l", prompt])
            time.sleep(0.5)
            subprocess.run(tmux + ["send-keys", "Enter"])

            def ended():
                if mode == "dialog" and "Do you want to proceed?" in pane():
                    subprocess.run(tmux + ["send-keys", "2"])  # "Yes, and don't ask again for …"
                    time.sleep(1.5)
                return len(events("Stop")) >= stops
            wait_for(ended, 120, f"the end of the turn '{prompt}'")

        wait_for(lambda: "❯" in pane(), 90, "claude's prompt")
        turn("first", 1)
        first = events("PermissionRequest")
        suggested = [r["ruleContent"] for u in (first[0].get("permission_suggestions") or []) if u["type"] == "addRules"
                     for r in u["rules"]] if first else []
        turn("second", 2)
        return command, suggested, len(events("PermissionRequest")) - len(first)
    finally:
        panes = subprocess.run(["tmux", "-L", world.tmux_socket, "list-panes", "-a", "-F", "#{pane_pid}"],
                               capture_output=True, text=True).stdout.split()
        world.remove()
        # `claude` writes its config as it exits, after its tmux server is gone: wait for it, then remove what it left.
        for pid in map(int, panes):
            wait_for(lambda: not Path(f"/proc/{pid}").exists(), 15, f"claude (pid {pid}) to exit")
        shutil.rmtree(world.root, ignore_errors=True)


def main():
    print(subprocess.run([claude_binary(), "--version"], capture_output=True, text=True).stdout.strip())
    cases = [
        ("once", "inside the working directory", lambda root, p: f"mkdir -p {p}/d && touch {p}/d/file"),
        ("hook", "inside the working directory", lambda root, p: f"mkdir -p {p}/d && touch {p}/d/file"),
        ("hook", "outside the working directory", lambda root, p: f"mkdir -p {root}/d && touch {root}/d/file"),
        ("dialog", "outside the working directory", lambda root, p: f"mkdir -p {root}/d && touch {root}/d/file"),
    ]
    for mode, where, make in cases:
        command, suggested, asked = run_case(mode, make)
        kept = {"once": "none (the hook allows once)", "hook": "by the hook (session)",
                "dialog": "by the terminal's \"don't ask again\""}[mode]
        print(f"\n{where}, rules kept {kept}:\n  command: {command}\n  suggested: {suggested}\n"
              f"  second turn, same command: {'ASKED AGAIN' if asked else 'ran unasked'} ({asked} request(s))")


if __name__ == "__main__":
    main()
