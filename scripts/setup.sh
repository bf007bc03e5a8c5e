#!/usr/bin/env bash
# Installs the Debian packages CompanionKit needs (only those missing), then builds.
#   scripts/setup.sh            # build dependencies + runtime tools, then `swift build`
#   scripts/setup.sh --no-build # packages only
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
    # C libraries behind the system-library targets
    pkg-config libsodium-dev libsecret-1-dev libgcrypt20-dev libqrencode-dev libzbar-dev libpng-dev libjpeg-dev
    # libcurl.so for linking FoundationNetworking statically (release build, `--static-swift-stdlib`)
    libcurl4-openssl-dev
    # a real Secret Service for the vault, headless
    gnome-keyring dbus dbus-x11 libsecret-tools
    # independent peers used by tests and benchmarks
    qrencode zbar-tools imagemagick curl git wrk hyperfine python3 python3-cryptography python3-venv
    # TLS peers: openssl (s_server, s_client, s_time, req) in the TLS tests and Benchmarks/tls.sh; testssl.sh for
    # scripts/testssl.sh (SECURITY.md, "TLS")
    openssl testssl.sh
    # libfaketime: end-to-end tests move a real sidecar's clock to expire a pairing code without waiting
    faketime
    # discovery (DNS-SD through Avahi) and its confined test network (scripts/netns-avahi.sh); tests never use the
    # system's avahi-daemon (a container's policy-rc.d keeps it from starting; on a desktop it is the usual one)
    avahi-daemon avahi-utils libavahi-client-dev iproute2
    # the on-path attacker of the TLS interception tests (OnPathInterceptionEndToEndTests): an nftables redirect rule
    # inside the confined network sends the companion's connections to the interceptor
    nftables
    # /usr/bin/systemd-analyze: the service tests check the generated user unit with `systemd-analyze --user
    # verify` (a container or minimal image may lack systemd; installing it here starts nothing)
    systemd
    # agent sessions: the sidecar runs and watches Claude Code in tmux (`companion agents`, pane detection); the agent
    # tests (ApprovalRoundTripTests, AgentsCLITests, PaneDetectionTests) drive the real `claude` in a real tmux server
    tmux
    # the phone web app: its browser tests drive Debian's chromium headless (Playwright, Tests/Browser), and its
    # JavaScript is type-checked from its JSDoc types with tsc (scripts/check-webapp.sh)
    chromium chromium-driver node-typescript
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Python tools the OpenAPI test uses to validate the document and the live answers.
if ! python3 -c 'import openapi_spec_validator, jsonschema, yaml' 2>/dev/null; then
    echo "setup: installing openapi-spec-validator, jsonschema and PyYAML (pip)"
    python3 -m pip install --quiet openapi-spec-validator jsonschema pyyaml \
        || python3 -m pip install --quiet --break-system-packages openapi-spec-validator jsonschema pyyaml
fi

# The real Claude Code CLI for the chat tests: the native `claude` that the claude-agent-sdk wheel bundles
# (claude_agent_sdk/_bundled/claude), in a virtualenv under .build (never system-wide; the wheel alone, without its
# Python dependencies). Idempotent: nothing is downloaded when the pinned version is already there.
# scripts/claude-path.sh prints the binary's path; tests find it through it (or CLAUDE_CLI_PATH).
claude_sdk_version=0.2.187 # bundles Claude Code 2.1.330
claude_venv=.build/claude-venv
if [ "$(cat "$claude_venv/.installed" 2>/dev/null)" != "$claude_sdk_version" ]; then
    echo "setup: installing Claude Code (claude-agent-sdk $claude_sdk_version) into $claude_venv"
    rm -rf "$claude_venv"
    mkdir -p .build
    python3 -m venv "$claude_venv"
    "$claude_venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
        "claude-agent-sdk==$claude_sdk_version"
    scripts/claude-path.sh >/dev/null || { echo "setup: the wheel has no bundled claude binary" >&2; exit 1; }
    echo "$claude_sdk_version" >"$claude_venv/.installed"
fi

# pinned_venv DIR "PACKAGE==VERSION ...": a virtualenv at DIR holding exactly those pinned packages; made again only
# when the list changes (DIR/.installed records it), so a second run downloads nothing.
pinned_venv() {
    local venv=$1 packages=$2
    [ "$(cat "$venv/.installed" 2>/dev/null)" = "$packages" ] && return 0
    echo "setup: installing $packages into $venv"
    rm -rf "$venv"
    mkdir -p .build
    python3 -m venv "$venv"
    # shellcheck disable=SC2086 # one requirement per word
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $packages
    echo "$packages" >"$venv/.installed"
}

# The browser tests' Python (Tests/Browser): Playwright (its driver; the browser is Debian's chromium, never a
# downloaded one), pytest and axe-core (axe-playwright-python ships it), pinned, in a virtualenv under .build.
pinned_venv .build/browser-venv "playwright==1.65.2 pytest==9.2.0 axe-playwright-python==0.1.8"

# Web Push tests: the browser's and the push service's side in Python (Tests/push/webpush_peer.py), http-ece to
# decrypt (RFC 8188/8291) and cryptography to verify VAPID's ES256, pinned, in a virtualenv under .build.
pinned_venv .build/push-venv "http-ece==1.2.1 cryptography==48.0.0"

command -v swift >/dev/null || { echo "setup: the Swift toolchain (6.x) is not on PATH; install it from swift.org" >&2; exit 1; }

if [ "${1:-}" != "--no-build" ]; then
    echo "setup: building (a first build takes a few minutes on 2 cores)"
    swift build --product companion 2>&1 | grep -E 'error|warning: unre|Compiling companion|Build complete' || true
    test -x .build/debug/companion || { echo "setup: build failed; run 'swift build' to see why" >&2; exit 1; }
fi
