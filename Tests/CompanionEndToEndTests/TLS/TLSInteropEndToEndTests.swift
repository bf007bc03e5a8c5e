import CompanionTestSupport
import Foundation
import Testing

/// The sidecar's HTTPS against real tools, inside a network namespace made by the test: curl with the pin from the
/// announcement (and with another pin), openssl's client for the versions, suites and renegotiation, the
/// certificate's names. Loopback keeps plain HTTP.
@Suite(.enabled(if: ConfinedLAN.isAvailable), .serialized) struct TLSInteropEndToEndTests {
    @Test func curlWithThePinIsServedAndWithAnotherPinIsRefused() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let sidecar = try await TLSSidecar.start(lan)
        defer { sidecar.process.kill(SIGTERM) }
        #expect(sidecar.pin.hasPrefix("sha256//") && sidecar.pin.count == 52)
        guard case .array(let listeners)? = sidecar.announcement["listeners"] else {
            Issue.record("no listeners in \(sidecar.announcement)")
            return
        }
        #expect(listeners == [.string("http://127.0.0.1:\(sidecar.port)"), .string(sidecar.lanURL)])
        #expect(try await sidecar.curl(lan, sidecar.lanURL + "/health") == "200")
        let other = "sha256//" + Data(repeating: 7, count: 32).base64EncodedString()
        // curl's CURLE_SSL_PINNEDPUBKEYNOTMATCH.
        #expect(try await sidecar.curl(lan, sidecar.lanURL + "/health", pin: other) == "curl:90")
        // Plain HTTP to the LAN listener gets no answer; loopback still answers it.
        let plain = try await lan.run(
            [
                "curl", "-s", "--max-time", "5", "-o", "/dev/null", "-w", "%{http_code}",
                "http://\(sidecar.lanAuthority)/health",
            ])
        #expect(plain.stdout != "200", "\(plain)")
        #expect(try await sidecar.curl(lan, "http://127.0.0.1:\(sidecar.port)/health") == "200")
    }

    @Test func opensslNegotiatesTLS13AndOnlyAEADSuitesOverTLS12AndNoRenegotiation() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let sidecar = try await TLSSidecar.start(lan)
        defer { sidecar.process.kill(SIGTERM) }
        let best = try await sidecar.openssl(lan, [])
        #expect(best.contains("New, TLSv1.3, Cipher is TLS_"), "\(best)")
        let tls12 = try await sidecar.openssl(lan, ["-tls1_2"])
        #expect(tls12.contains("New, TLSv1.2, Cipher is ECDHE-ECDSA-"), "\(tls12)")
        #expect(tls12.contains("GCM") || tls12.contains("CHACHA20"), "\(tls12)")
        for refused in [
            ["-tls1_1"], ["-tls1"], ["-tls1_2", "-cipher", "ECDHE-ECDSA-AES128-SHA"],
            ["-tls1_2", "-cipher", "AES128-GCM-SHA256"], ["-tls1_2", "-cipher", "ECDHE-ECDSA-AES256-SHA384"],
        ] {
            let answer = try await sidecar.openssl(lan, refused)
            #expect(answer.contains("Cipher is (NONE)"), "\(refused): \(answer)")
        }
        // A client asking to renegotiate (s_client's R command) is not renegotiated: the connection ends.
        let renegotiation = try await sidecar.openssl(lan, ["-tls1_2"], input: "R\n")
        #expect(renegotiation.contains("RENEGOTIATING"), "\(renegotiation)")
        #expect(
            renegotiation.contains("no renegotiation") || renegotiation.contains("unexpected eof")
                || renegotiation.contains("alert"), "\(renegotiation)")
    }

    @Test func theCertificateNamesTheAddressesAndHostNameAndIsALeaf() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let sidecar = try await TLSSidecar.start(lan)
        defer { sidecar.process.kill(SIGTERM) }
        let dump = try await lan.run([
            "sh", "-c",
            "openssl s_client -connect \"$1\" </dev/null 2>/dev/null | openssl x509 -noout -text", "sh",
            sidecar.lanAuthority,
        ])
        let hostName = try await lan.run(["hostname"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(dump.stdout.contains("IP Address:\(ConfinedLAN.address)"), "\(dump)")
        #expect(dump.stdout.contains("DNS:\(hostName.lowercased()).local"), "\(dump)")
        #expect(dump.stdout.contains("CA:FALSE") && dump.stdout.contains("TLS Web Server Authentication"))
        #expect(dump.stdout.contains("ecdsa-with-SHA256") && dump.stdout.contains("prime256v1"))
        // The pin announced is the SHA-256 of the certificate's SubjectPublicKeyInfo, as openssl computes it.
        let computed = try await lan.run([
            "sh", "-c",
            "openssl s_client -connect \"$1\" </dev/null 2>/dev/null | openssl x509 -pubkey -noout"
                + " | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64", "sh",
            sidecar.lanAuthority,
        ])
        #expect("sha256//" + computed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == sidecar.pin)
    }
}
