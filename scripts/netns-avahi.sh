#!/usr/bin/env bash
# A confined mDNS network for discovery tests and benchmarks: a network namespace holding a veth pair
# (ckv0 10.77.0.1/24, ckv1 10.77.0.2/24) and nothing else, its own system D-Bus and an avahi-daemon allowed only on
# ckv0. Nothing in it can reach a real interface, so nothing multicasts on the real network.
#   scripts/netns-avahi.sh up NAME DIR     # prints the DBUS_SYSTEM_BUS_ADDRESS to use inside the namespace
#   ip netns exec NAME env DBUS_SYSTEM_BUS_ADDRESS=… avahi-browse -rpt _companion._tcp
#   scripts/netns-avahi.sh down NAME DIR
# Needs root, iproute2, dbus-daemon, avahi-daemon (scripts/setup.sh installs them; policy-rc.d keeps the system
# avahi-daemon from starting at install).
set -euo pipefail
action=${1:?up or down}
name=${2:?namespace name}
dir=${3:?state directory}

if [ "$action" = down ]; then
    for pidfile in "$dir/avahi.pid" "$dir/dbus.pid"; do
        [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
    ip netns del "$name" 2>/dev/null || true
    rm -rf "$dir"
    exit 0
fi

mkdir -p "$dir" /run/avahi-daemon
cat >"$dir/dbus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/><allow own="*"/>
    <allow send_type="method_call"/><allow send_type="signal"/>
    <allow send_type="method_return"/><allow send_type="error"/>
    <allow receive_type="method_call"/><allow receive_type="signal"/>
    <allow receive_type="method_return"/><allow receive_type="error"/>
  </policy>
</busconfig>
CONF
cat >"$dir/avahi.conf" <<CONF
[server]
host-name=$name
use-ipv4=yes
use-ipv6=no
allow-interfaces=ckv0
enable-dbus=yes
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
CONF
ip netns add "$name"
ip link add ckv0 netns "$name" type veth peer name ckv1 netns "$name"
ip -n "$name" link set lo up
ip -n "$name" addr add 10.77.0.1/24 dev ckv0
ip -n "$name" addr add 10.77.0.2/24 dev ckv1
ip -n "$name" link set ckv0 up
ip -n "$name" link set ckv1 up
ip netns exec "$name" dbus-daemon --config-file="$dir/dbus.conf" --fork --print-pid >"$dir/dbus.pid"
bus="unix:path=$dir/system_bus_socket"
# avahi-daemon writes its pid file to /run/avahi-daemon: a private tmpfs there (own mount namespace) keeps several
# confined daemons, and the system's, apart.
ip netns exec "$name" unshare -m sh -c "mount -t tmpfs tmpfs /run/avahi-daemon && echo \$\$ >'$dir/avahi.pid' && \
    DBUS_SYSTEM_BUS_ADDRESS='$bus' exec avahi-daemon --no-drop-root --no-chroot --no-rlimits -f '$dir/avahi.conf'" \
    >"$dir/avahi.log" 2>&1 &
for _ in $(seq 1 50); do
    grep -q "Server startup complete" "$dir/avahi.log" 2>/dev/null && { echo "$bus"; exit 0; }
    sleep 0.1
done
echo "netns-avahi.sh: avahi-daemon did not start:" >&2
cat "$dir/avahi.log" >&2
exit 1
