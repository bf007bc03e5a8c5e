#!/usr/bin/env bash
# Runs a command with a private, unlocked gnome-keyring (Secret Service) on a private D-Bus session bus,
# in a temporary HOME, so Secret Service code is exercised for real without touching your own keyring.
#   scripts/with-keyring.sh swift test
# Inside, COMPANION_TEST_KEYRING=1 tells tests a real keyring is expected (they fail rather than skip).
set -euo pipefail

if [ -z "${COMPANION_KEYRING_INNER:-}" ]; then
    command -v dbus-run-session >/dev/null || { echo "with-keyring: dbus-run-session not found (apt-get install dbus)" >&2; exit 3; }
    command -v gnome-keyring-daemon >/dev/null || { echo "with-keyring: gnome-keyring-daemon not found (apt-get install gnome-keyring)" >&2; exit 3; }
    export COMPANION_KEYRING_INNER=1
    exec dbus-run-session -- "$0" "$@"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/companion-keyring.XXXXXX")
cleanup() {
    [ -n "${keyring_pid:-}" ] && kill "$keyring_pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT

# Keep the real HOME for the Swift toolchain's caches; the keyring lives in the temporary one.
export COMPANION_REAL_HOME="${HOME:-/root}"
export HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/run" XDG_DATA_HOME="$tmp/home/.local/share"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" "$XDG_DATA_HOME"
chmod 700 "$XDG_RUNTIME_DIR"

# A random password for this throwaway keyring; it never leaves this process tree.
password=$(head -c 24 /dev/urandom | base64)
# In the foreground (as a background job of this script) so that its pid is known and its messages go to
# keyring.log: a daemonised gnome-keyring sends them to syslog, which a CI machine may not have.
keyring_log="$tmp/keyring.log"
printf '%s' "$password" | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>"$keyring_log" &
keyring_pid=$!
unset password

# Wait until this daemon owns the Secret Service's name and serves the login keyring it unlocked as the default,
# and refuse to go on without it. Under load the daemon can take more than five seconds to get there; a command
# started before would make the bus activate a second, passwordless daemon (org.freedesktop.secrets.service) with
# no login keyring, which then served the whole run ("no default keyring" in every process it started). The name is
# checked first so that the wait itself never activates anything.
ready=""
for _ in $(seq 1 600); do
    if dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
        string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true' &&
        dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \
            org.freedesktop.Secret.Service.ReadAlias string:default 2>/dev/null | grep -q '/collection/login"'; then
        ready=1
        break
    fi
    sleep 0.1
done
if [ -z "$ready" ]; then
    echo "with-keyring: gnome-keyring did not serve its unlocked login keyring within 60 s" >&2
    exit 3
fi
# The unique bus name of the daemon that serves the keyring (GetNameOwner never activates a service).
secrets_owner() {
    dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetNameOwner \
        string:org.freedesktop.secrets 2>/dev/null | sed -n 's/^ *string "\(.*\)"$/\1/p'
}
owner=$(secrets_owner)

export COMPANION_TEST_KEYRING=1
# SwiftPM caches live under the real HOME.
export SWIFTPM_CACHE_DIR="$COMPANION_REAL_HOME/.cache/org.swift.swiftpm"
# Every process the run starts carries this marker in its environment, so that what it leaves behind can be found.
run_marker="COMPANION_TEST_RUN=$$-$(head -c 9 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')"
export "${run_marker?}"
status=0
"$@" || status=$?
unset COMPANION_TEST_RUN
# Processes the run started and left running: a test process that crashed leaves its sidecars behind, and they hold
# ports and inotify instances (a per-user limit of 128) until a later run fails for want of one. Stop them.
leftovers=$(grep -lsxzF "$run_marker" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3 || true)
if [ -n "$leftovers" ]; then
    names=$(for pid in $leftovers; do tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-60; done |
        sort | uniq -c | sort -rn | head -5)
    # shellcheck disable=SC2086
    kill -KILL $leftovers 2>/dev/null || true
    echo "with-keyring: stopped $(echo "$leftovers" | wc -l) process(es) the run left running:" >&2
    echo "$names" >&2
fi
# gnome-keyring 42 can abort on a race with clients that disconnect right after a request (upstream
# gnome-keyring work items 190, 196, 199; docs/testing.md). Say so when it happened, rather than leave a run
# whose later Secret Service tests failed with "disconnected" or "no default keyring" unexplained.
if ! kill -0 "$keyring_pid" 2>/dev/null || [ "$(secrets_owner)" != "$owner" ]; then
    echo "with-keyring: the keyring daemon ($owner) went away during the run, so Secret Service failures after that" \
        "point are its, not the tests'. Its last messages:" >&2
    tail -n 20 "$keyring_log" >&2 || true
fi
exit "$status"
