import CompanionAPI
import CompanionCrypto
import CompanionTLS
import CompanionTestSupport
import Foundation
import Testing

/// The sidecar's TLS key and its self-signed certificate, read back by openssl.
@Suite struct SelfSignedCertificateTests {
    @Test func theCertificateNamesEveryAddressAndNameAndKeepsTheKeysPin() async throws {
        let key = TLSServerKey.generate()
        let restored = try TLSServerKey(secret: key.secret)
        #expect(restored.pin == key.pin, "the key survives its 32 raw bytes (the vault item)")
        let names = [
            "192.0.2.7", "fd7a:115c:a1e0::53", "[::1]", "Workstation.local", "ws.tail1234.ts.net", "", "192.0.2.7",
        ]
        let material = try ServerTLSMaterial.selfSigned(key: restored, names: names)
        let leafPin = try TLSPin(certificateDER: material.leafDER)
        #expect(material.pin == key.pin && leafPin == key.pin)
        let again = try ServerTLSMaterial.selfSigned(key: restored, names: ["other.local"])
        #expect(again.pin == key.pin, "issued again for other names, the pin stays")
        _ = try material.makeContext()

        let directory = try TestPaths.temporaryDirectory("self-signed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cert.der")
        try Data(material.leafDER).write(to: file)
        let text = try await ProcessRunner.run(
            "openssl", ["x509", "-inform", "der", "-in", file.path, "-noout", "-text"])
        for expected in [
            "IP Address:192.0.2.7", "IP Address:FD7A:115C:A1E0:0:0:0:0:53", "IP Address:0:0:0:0:0:0:0:1",
            "DNS:workstation.local", "DNS:ws.tail1234.ts.net", "CA:FALSE", "TLS Web Server Authentication",
            "Digital Signature", "ecdsa-with-SHA256",
        ] {
            #expect(text.stdout.contains(expected), "\(expected) in \(text.stdout)")
        }
        #expect(text.stdout.components(separatedBy: "IP Address:192.0.2.7").count == 2, "each name once")
    }

    @Test func storedBytesThatAreNotAKeyAreRefused() {
        #expect(throws: TLSKeyError.notAP256Key) { try TLSServerKey(secret: SecureBytes([1, 2, 3])) }
        #expect(throws: TLSKeyError.notAP256Key) {
            try TLSServerKey(secret: SecureBytes([UInt8](repeating: 0xFF, count: 32)))
        }
    }
}
