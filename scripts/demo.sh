#!/usr/bin/env bash
# The main job: a full pairing on this one machine.
# Installs what is missing, builds, starts a sidecar on loopback with a temporary data dir, starts a pairing,
# writes its QR code as a PNG, pairs with `companion pair scan`, shows status and the device list, runs a task
# with signed requests and follows its log, chats with Claude Code on the workstation (the real `claude` CLI, answered
# by a local stand-in for Anthropic's API, in a throw-away Claude config), revokes the device, and cleans up. Uses your desktop keyring (in a separate demo profile, removed at the end) when one is
# running, otherwise a private throw-away keyring session.
# With --browser, the end also pairs a headless Chromium through the phone link and approves a real prompt from it:
# the phone starts the real interactive `claude` in tmux (on a tmux server of the demo's own), has it ask to run a
# harmless Bash command (writing a file in the demo's temporary directory), approves it on the Attention screen and
# checks that the file was written; the screenshot of the request on the Attention screen is saved as
# companion-demo-phone.png in the repository's root.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
browser=0
for argument in "$@"; do [ "$argument" = "--browser" ] && browser=1; done

if [ -z "${COMPANION_DEMO_INNER:-}" ]; then
    scripts/setup.sh
    export COMPANION_DEMO_INNER=1
    if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] && dbus-send --session --print-reply --dest=org.freedesktop.DBus / \
        org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true'; then
        echo "demo: using your desktop keyring (Secret Service), in throw-away profiles removed at the end"
        export COMPANION_DEMO_DESKTOP=1
        exec "$0" "$@"
    fi
    echo "demo: no desktop keyring is running; using a private, throw-away gnome-keyring session"
    exec scripts/with-keyring.sh "$0" "$@"
fi

companion="$root/.build/debug/companion"
work=$(mktemp -d "${TMPDIR:-/tmp}/companion-demo.XXXXXX")
work=$(cd "$work" && pwd -P) # real path: claude trusts its project by it
# The cleanup removes this directory: never let it be anything but the new temporary one.
case "$work" in
    "" | / | "$root" | "$root"/*) echo "demo: could not make a temporary directory (got '$work')" >&2; exit 1 ;;
esac
export COMPANION_VAULT=secret-service
export COMPANION_PROFILE="demo-$$"
sidecar_profile="demo-sidecar-$$"
sidecar_pid=""
model_pid=""
tmux_socket="companion-demo-$$"
cleanup() {
    [ -n "$sidecar_pid" ] && kill "$sidecar_pid" 2>/dev/null && wait "$sidecar_pid" 2>/dev/null || true
    # The agent's `claude` writes its config as it exits: wait for it (10 s at most) before removing the directory.
    panes=$(tmux -L "$tmux_socket" list-panes -a -F '#{pane_pid}' 2>/dev/null || true)
    tmux -L "$tmux_socket" kill-server 2>/dev/null || true
    for pane in $panes; do
        for _ in $(seq 1 50); do kill -0 "$pane" 2>/dev/null || break; sleep 0.2; done
    done
    [ -n "$model_pid" ] && kill "$model_pid" 2>/dev/null || true
    if [ -n "${COMPANION_DEMO_DESKTOP:-}" ]; then
        # Remove the demo profiles' items with the standard tool (schema: see README, "Vault").
        secret-tool clear service companionkit profile "$COMPANION_PROFILE" 2>/dev/null || true
        secret-tool clear service companionkit profile "$sidecar_profile" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
run() {
    printf '$ companion'
    for argument in "$@"; do
        case "$argument" in *[!A-Za-z0-9./:_=-]*) printf " '%s'" "$argument" ;; *) printf ' %s' "$argument" ;; esac
    done
    printf '\n'
    "$companion" "$@"
}

step "1. Start a sidecar on loopback (ephemeral port, temporary data dir)"
# Claude Code for the demo: the real CLI (scripts/setup.sh installed it), with a throw-away HOME and config
# directory (your own ~/.claude is not touched), answered by a local stand-in for Anthropic's API.
claude=$(scripts/claude-path.sh)
# The stand-in answers the prompts named in model-rules.json with a Bash call (the --browser part adds one).
echo '{}' >"$work/model-rules.json"
python3 scripts/scripted-model.py --port 0 --pieces 12 --delay 0.05 --bash-file "$work/model-rules.json" \
    >"$work/model.out" &
model_pid=$!
for _ in $(seq 1 50); do grep -q listening "$work/model.out" && break; sleep 0.1; done
grep -q listening "$work/model.out" || { echo "demo: the stand-in for Anthropic's API did not start" >&2; exit 1; }
mkdir -p "$work/claude-home/.claude" "$work/project"
# Onboarding done, the project's trust dialog accepted and the stand-in key approved, so that the interactive
# `claude` of the --browser part starts at its prompt; permissions in the default (asking) mode.
api_key="sk-ant-demo-stand-in-key-0123456789"
printf '{"hasCompletedOnboarding":true,"numStartups":1,"hasSeenAutoDefaultNudge":true,"projects":{"%s":{"hasTrustDialogAccepted":true,"hasCompletedProjectOnboarding":true}},"customApiKeyResponses":{"approved":["%s"],"rejected":[]}}' \
    "$work/project" "${api_key: -20}" | tee "$work/claude-home/.claude.json" >"$work/claude-home/.claude/.claude.json"
echo '{"permissions":{"defaultMode":"default"}}' >"$work/claude-home/.claude/settings.json"
# The "agent" of the task part runs each task's description as a shell script.
HOME="$work/claude-home" CLAUDE_CONFIG_DIR="$work/claude-home/.claude" \
    ANTHROPIC_BASE_URL="http://127.0.0.1:$(awk '{print $3}' "$work/model.out")" ANTHROPIC_API_KEY="$api_key" \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 \
    COMPANION_SIDECAR_PROFILE="$sidecar_profile" "$companion" sidecar serve --host 127.0.0.1 --port 0 \
    --data-dir "$work/sidecar" --task-command "sh -s" --claude-path "$claude" --tmux-socket "$tmux_socket" \
    >"$work/sidecar.out" 2>"$work/sidecar.log" &
sidecar_pid=$!
for _ in $(seq 1 100); do
    # (sidecar.out may not exist yet: the background shell makes it; with pipefail a failed sed would end the demo)
    url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/sidecar.out" 2>/dev/null | head -1 || true)
    [ -n "$url" ] && break
    kill -0 "$sidecar_pid" 2>/dev/null || {
        echo "demo: the sidecar stopped at its start:" >&2; cat "$work/sidecar.out" "$work/sidecar.log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$url" ] || { echo "demo: the sidecar did not start" >&2; cat "$work/sidecar.log" >&2; exit 1; }
echo "sidecar listening on $url"

step "2. Create this device's identity key (in the vault)"
run keys init

step "3. The workstation starts a pairing and shows the QR code (also written to qr.png)"
"$companion" sidecar pair --url "$url" -o "$work/qr.png" \
    >"$work/pair.out" 2>&1 &
pair_pid=$!
for _ in $(seq 1 100); do [ -s "$work/qr.png" ] && break; sleep 0.1; done
[ -s "$work/qr.png" ] || { echo "demo: no QR code was written" >&2; cat "$work/pair.out" >&2; exit 1; }
cat "$work/pair.out"

step "4. The companion scans the QR image and pairs (no typing)"
run pair scan "$work/qr.png"
wait "$pair_pid" || true
echo "--- workstation side:"
tail -n 3 "$work/pair.out"

step "5. Status and trusted devices"
run status
run devices list
echo "--- the workstation's owner sees the same without pairing (owner socket, this user only):"
run sidecar devices list --data-dir "$work/sidecar"
device_id=$("$companion" status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["connectedDevice"]["id"])')

step "6. Drive the agent from the paired device: every request is signed with this device's key"
run tasks create --title "demo task" --description 'echo "hello from the workstation"; for i in 1 2 3; do echo "step $i"; sleep 0.2; done' --start
run tasks list
echo "--- the same request from a device that is not paired is refused:"
curl -s "$url/v1/tasks"; echo

step "7. Chat with Claude Code on the workstation from the paired device (streamed; Ctrl-C would cancel it there)"
run chat --new --name "demo chat" "Hello, what can you do?"
run sessions list
session_id=$("$companion" sessions list --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
run chat --session "$session_id" "And now a second question."
run sessions show "$session_id"

step "8. Revoke this device; the sidecar is disconnected"
run devices revoke "$device_id"
run status

step "9. The phone: scan this QR code with the phone's camera (or open the link) to pair its browser"
# read,tasks,chat and control (approving, starting agents): a pairing with control is started over the owner socket.
"$companion" sidecar pair --url "$url" --data-dir "$work/sidecar" --json --ttl 300 --scopes read,tasks,chat,control \
    -o "$work/phone-qr.png" >"$work/phone.out" 2>"$work/phone.err" &
phone_pid=$!
for _ in $(seq 1 100); do [ -s "$work/phone.out" ] && break; kill -0 "$phone_pid" 2>/dev/null || break; sleep 0.1; done
link=$(head -1 "$work/phone.out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["link"])' 2>/dev/null) || {
    echo "demo: the phone's pairing did not start:" >&2; cat "$work/phone.out" "$work/phone.err" >&2; exit 1; }
"$companion" qr encode "$link"
echo "$link"
echo "(a phone reaches this sidecar only if it listens beyond loopback: companion sidecar serve --host <LAN address>;"
echo " on this machine, open the link in a desktop browser. docs/phone.md explains the trust each set-up gives.)"
if [ "$browser" = 1 ]; then
    step "10. The phone (headless Chromium) pairs, starts claude on the workstation and approves its Bash command"
    # Claude Code's hooks (in the demo's throw-away settings) deliver its permission requests to the sidecar.
    run sidecar hooks install --settings "$work/claude-home/.claude/settings.json" --data-dir "$work/sidecar"
    prompt="please write the demo file"
    target="$work/approved-from-the-phone"
    printf '{"%s": "touch %s"}' "$prompt" "$target" >"$work/model-rules.json"
    if ! "$root/.build/browser-venv/bin/python" "$root/Tests/Browser/demo_browser.py" "$link" \
        "$root/companion-demo-phone.png" "$work/project" "$prompt" "$target"; then
        echo "demo: the phone part failed (above). The sidecar's log:" >&2
        tail -n 20 "$work/sidecar.log" >&2
        echo "--- the agent's terminal:" >&2
        tmux -L "$tmux_socket" capture-pane -p -t "$(tmux -L "$tmux_socket" list-sessions -F '#S' 2>/dev/null | head -1)" \
            2>/dev/null | grep -v '^[[:space:]]*$' | tail -n 15 >&2 || true
        exit 1
    fi
    wait "$phone_pid" || true
    echo "--- workstation side:"
    tail -n 1 "$work/phone.out"
    ls -l "$target"
    echo "--- the sidecar's audit log records the phone's decision:"
    "$companion" sidecar audit --data-dir "$work/sidecar" 2>/dev/null | grep -i approv | tail -n 2 || true
elif [ -t 0 ]; then
    read -r -p "Press Enter to stop the demo sidecar (the phone link works until then, 5 minutes at most). " _ || true
fi
kill "$phone_pid" 2>/dev/null || true

step "Done"
echo "Sidecar log (one line per request; no codes, tokens or keys):"
sed -n '1,12p' "$work/sidecar.log"
