import Testing

@testable import CompanionClient

struct SidecarURLPolicyTests {
    @Test(arguments: [
        ("127.0.0.1", HostClass.loopback), ("127.8.9.10", .loopback), ("localhost", .loopback),
        ("LOCALHOST.", .loopback), ("app.localhost", .loopback), ("::1", .loopback), ("[::1]", .loopback),
        ("10.0.0.1", .privateNetwork), ("10.255.255.255", .privateNetwork), ("172.16.0.1", .privateNetwork),
        ("172.31.255.254", .privateNetwork), ("192.168.1.20", .privateNetwork), ("169.254.10.1", .privateNetwork),
        ("fc00::1", .privateNetwork), ("fd12:3456::1", .privateNetwork), ("fe80::1", .privateNetwork),
        ("[fe80::1%25eth0]", .privateNetwork), ("febf::1", .privateNetwork), ("::ffff:192.168.0.1", .privateNetwork),
        ("mac.local", .privateNetwork), ("Mac-Studio.local.", .privateNetwork),
        ("172.15.0.1", .publicNetwork), ("172.32.0.1", .publicNetwork), ("192.169.0.1", .publicNetwork),
        ("8.8.8.8", .publicNetwork), ("11.0.0.1", .publicNetwork), ("169.253.0.1", .publicNetwork),
        ("0.0.0.0", .publicNetwork), ("2001:db8::1", .publicNetwork), ("fec0::1", .publicNetwork),
        ("::ffff:8.8.8.8", .publicNetwork), ("example.com", .publicNetwork), ("local", .publicNetwork),
        ("evil.local.example.com", .publicNetwork), ("3232235777", .publicNetwork), ("workstation", .publicNetwork),
        ("localhost.example.com", .publicNetwork),
        ("100.64.0.1", .privateOverlay), ("100.101.102.103", .privateOverlay), ("100.127.255.254", .privateOverlay),
        ("fd7a:115c:a1e0::53", .privateOverlay), ("[fd7a:115c:a1e0:ab12::1]", .privateOverlay),
        ("ws.tail1234.ts.net", .privateOverlay), ("WS.Tail1234.TS.NET.", .privateOverlay),
        ("100.63.255.255", .publicNetwork), ("100.128.0.1", .publicNetwork), ("fd7a:115c:a1e1::1", .privateNetwork),
        ("ts.net", .publicNetwork), ("evil-ts.net", .publicNetwork),
    ])
    func classifiesHosts(host: String, expected: HostClass) {
        #expect(HostClass.of(host: host) == expected, "\(host)")
    }

    @Test(arguments: [
        ("http://127.0.0.1:7878", "http://127.0.0.1:7878"), ("HTTP://LocalHost:7878/", "http://localhost:7878"),
        ("http://192.168.1.20:7878", "http://192.168.1.20:7878"), ("http://[::1]:7878", "http://[::1]:7878"),
        ("http://[fe80::1]:7878", "http://[fe80::1]:7878"), ("http://mac.local:7878", "http://mac.local:7878"),
        ("https://example.com", "https://example.com"),
        ("https://8.8.8.8:8443/sidecar/", "https://8.8.8.8:8443/sidecar"),
        ("  http://10.1.2.3:7878  ", "http://10.1.2.3:7878"),
    ])
    func acceptsAndNormalises(input: String, expected: String) throws {
        #expect(try SidecarURLPolicy.validate(input).absoluteString == expected)
    }

    @Test(arguments: [
        "http://8.8.8.8:7878", "http://example.com", "http://workstation:7878", "http://[2001:db8::1]",
        "http://100.101.102.103:7878", "http://[fd7a:115c:a1e0::53]:7878", "http://ws.tail1234.ts.net:7878",
    ])
    func refusesPlainHTTPToPublicHosts(input: String) {
        #expect {
            try SidecarURLPolicy.validate(input)
        } throws: { error in
            guard case .validation(.insecureURL) = error as? CompanionClientError else { return false }
            return true
        }
    }

    @Test(arguments: [
        "", "   ", "127.0.0.1:7878", "ftp://127.0.0.1", "file:///tmp/x", "http://", "http:///path",
        "http://user:pw@127.0.0.1:7878", "http://127.0.0.1:7878/?x=1", "http://127.0.0.1:7878/#frag",
        "http://127.0.0.1:0", "javascript:alert(1)", "http://127.0.0.1:99999",
    ])
    func refusesInvalidURLs(input: String) {
        #expect {
            try SidecarURLPolicy.validate(input)
        } throws: { error in
            guard case .validation(let failure) = error as? CompanionClientError else { return false }
            return !failure.description.isEmpty && !failure.hint.isEmpty
        }
    }
}
