import CompanionTestSupport
import Foundation

/// The way into a ``ConfinedLAN`` from this machine's own network namespace (where a phone or laptop would be), and
/// an on-path attacker's redirect inside it.
extension ConfinedLAN {
    /// The namespace's end of the uplink: the router a client outside reaches ``address`` through.
    static let uplinkRouter = "10.77.1.1"
    /// This machine's end of the uplink: where a client outside connects from.
    static let uplinkClient = "10.77.1.2"
    /// The uplink's interface inside the namespace (the redirect rule matches connections arriving on it).
    static let uplinkInterface = "ckup"

    /// Connects this machine's own network namespace to the namespace: a veth pair (`cku…` here, ``uplinkInterface``
    /// there, a /30 between them) and a host route to ``address`` through it, so a command run outside reaches the
    /// sidecar by the address it serves. Deleting the namespace (``remove()``) deletes the pair and the route with
    /// it. One uplink at a time on a machine (the route to ``address`` is this machine's): the suites using it are
    /// nested in the `.serialized` ``OnPathInterceptionEndToEndTests`` (a suite of their own would run beside it).
    func connectUplink() async throws {
        let outside = "cku" + name.dropFirst(3)
        try await ip(["link", "add", outside, "type", "veth", "peer", "name", Self.uplinkInterface, "netns", name])
        try await ip(["addr", "add", "\(Self.uplinkClient)/30", "dev", outside])
        try await ip(["link", "set", outside, "up"])
        try await ip(["-n", name, "addr", "add", "\(Self.uplinkRouter)/30", "dev", Self.uplinkInterface])
        try await ip(["-n", name, "link", "set", Self.uplinkInterface, "up"])
        try await ip(["route", "replace", "\(Self.address)/32", "via", Self.uplinkRouter, "dev", outside])
    }

    /// An nftables rule in the namespace (NAT, prerouting): connections arriving over the uplink for
    /// ``address``:`port` go to `interceptor`'s port instead, so a client keeps using the URL it paired with and
    /// the interceptor is on its path. Connections made inside the namespace (the interceptor's own, relaying to
    /// the sidecar) do not pass prerouting and reach the sidecar.
    func redirect(port: Int, to interceptor: Int) async throws {
        let rules = """
            table ip interception {
                chain prerouting {
                    type nat hook prerouting priority dstnat; policy accept;
                    iifname "\(Self.uplinkInterface)" ip daddr \(Self.address) tcp dport \(port) redirect to :\(interceptor)
                }
            }
            """
        let result = try await run(["nft", "-f", "-"], input: rules)
        guard result.status == 0 else { throw ConfinedLANError(detail: "nft (apt-get install nftables): \(result)") }
    }

    /// Removes the rule of ``redirect(port:to:)``: new connections reach the sidecar again.
    func removeRedirect() async throws {
        let result = try await run(["nft", "delete", "table", "ip", "interception"])
        guard result.status == 0 else { throw ConfinedLANError(detail: "nft: \(result)") }
    }

    private func ip(_ arguments: [String]) async throws {
        let result = try await ProcessRunner.run("ip", arguments, timeout: 30)
        guard result.status == 0 else {
            throw ConfinedLANError(detail: "ip \(arguments.joined(separator: " ")): \(result)")
        }
    }
}
