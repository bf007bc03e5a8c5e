#!/usr/bin/env bash
# While the test suite runs: every `companion sidecar serve` of a test (SidecarProcess, `--port 0`) that is 15 s old
# and still has no listening TCP socket gets its threads' stacks written once, with eu-stack (apt-get install
# elfutils), to DIR/PID.txt. How the keyring contention of a loaded run was found (docs/testing.md): every slow start
# was inside secret_service_store_sync or g_dbus_proxy_call_sync.
#   scripts/probes/slow-sidecar-starts.sh [DIR=/tmp/slow-starts] &   then run the suite; kill the probe after it.
set -u
dir=${1:-/tmp/slow-starts}
command -v eu-stack >/dev/null || { echo "slow-sidecar-starts: eu-stack not found (apt-get install elfutils)" >&2; exit 1; }
mkdir -p "$dir"
declare -A seen
while true; do
    for pid in $(pgrep -f "debug/companion sidecar serve --port 0"); do
        [ -n "${seen[$pid]:-}" ] && continue
        age=$(ps -o etimes= -p "$pid" 2>/dev/null | tr -d ' ')
        [ -z "$age" ] || [ "$age" -lt 15 ] && continue
        ss -ltnp 2>/dev/null | grep -q "pid=$pid," && continue
        seen[$pid]=1
        { tr '\0' ' ' <"/proc/$pid/cmdline"; echo; echo "age $age s"; timeout 20 eu-stack -p "$pid" 2>&1 | head -150; } \
            >"$dir/$pid.txt" 2>/dev/null
    done
    sleep 2
done
