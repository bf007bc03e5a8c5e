import CompanionDiscovery
import CompanionSidecar
import Foundation
import Testing

/// Each listener's policy (issue 30): plain HTTP on loopback only, TLS beyond it, tailnet addresses always TLS; the
/// DNS-SD record's `tlspin`.
struct ListenerPolicyTests {
    @Test(arguments: [
        ("127.0.0.1", false, ListenerSecurity.plainHTTP), ("127.0.0.2", false, .plainHTTP), ("::1", false, .plainHTTP),
        ("[::1]", false, .plainHTTP), ("localhost", false, .plainHTTP), ("192.168.1.20", false, .tls),
        ("192.168.1.20", true, .plainHTTP), ("fe80::1", true, .plainHTTP), ("10.0.0.1", false, .tls),
        ("100.101.102.103", false, .tls), ("100.101.102.103", true, .tls), ("fd7a:115c:a1e0::53", true, .tls),
        ("[fd7a:115c:a1e0::53]", true, .tls), ("ws.tail1234.ts.net", true, .tls), ("0.0.0.0", false, .tls),
        ("::", true, .plainHTTP),
    ])
    func eachListenerHasItsPolicy(host: String, insecureHTTP: Bool, expected: ListenerSecurity) {
        #expect(ListenerSecurity.of(host: host, insecureHTTP: insecureHTTP) == expected, "\(host)")
    }

    @Test(arguments: [
        ("100.64.0.0", true), ("100.127.255.255", true), ("100.63.255.255", false), ("100.128.0.0", false),
        ("fd7a:115c:a1e0::", true), ("fd7a:115c:a1e0:ffff::1", true), ("fd7a:115c:a1e1::", false),
        ("a.ts.net", true), ("a.ts.net.", true), ("ts.net", false), ("a.ts.network", false), ("192.168.1.1", false),
    ])
    func tailnetAddressesAreAPrivateOverlay(host: String, expected: Bool) {
        #expect(PrivateOverlay.isTailnet(host: host) == expected, "\(host)")
    }

    @Test func aConfigurationWithSeveralHostsListensOnEachWithItsPolicy() throws {
        var configuration = SidecarConfiguration(dataDirectory: URL(fileURLWithPath: "/nonexistent"))
        configuration.hosts = ["127.0.0.1", "192.168.1.20", "100.100.1.1"]
        #expect(configuration.listenerSecurity == [.plainHTTP, .tls, .tls])
        #expect(configuration.publicListener.host == "192.168.1.20")
        #expect(!configuration.bindsLoopbackOnly && !configuration.servesInsecureHTTP)
        configuration.insecureHTTP = true
        #expect(configuration.listenerSecurity == [.plainHTTP, .plainHTTP, .tls])
        #expect(configuration.servesInsecureHTTP)
        configuration.hosts = ["127.0.0.1", "::1"]
        #expect(configuration.bindsLoopbackOnly && !configuration.servesInsecureHTTP)
    }

    @Test func theTXTRecordCarriesTheTLSPinAndAMalformedOneReadsAsAbsent() {
        let pin = "sha256//" + Data(repeating: 9, count: 32).base64EncodedString()
        let txt = DiscoveryRecord.txt(
            pairingVersion: 2, shortFingerprint: "0123456789ABCDEF", workstation: "ws", tlsPin: pin)
        #expect(txt.contains("tlspin=\(pin)"))
        let record = DiscoveryRecord(instance: "ws", address: "192.168.1.20", port: 7878, txt: txt)
        #expect(record.tlsPin == pin && record.url == "https://192.168.1.20:7878")
        for bad in ["sha256//short=", "sha1//" + String(pin.dropFirst(8)), pin.dropLast() + "A", pin + "x"] {
            let parsed = DiscoveryRecord(instance: "ws", address: "::1", port: 1, txt: ["pv=2", "tlspin=\(bad)"])
            #expect(parsed.tlsPin == nil && parsed.url == "http://[::1]:1", "\(bad)")
        }
        #expect(
            DiscoveryRecord.txt(pairingVersion: 2, shortFingerprint: "0123456789ABCDEF", workstation: "ws").count == 3)
    }
}
