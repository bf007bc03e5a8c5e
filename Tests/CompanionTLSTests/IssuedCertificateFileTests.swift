import CompanionAPI
import CompanionTLS
import CompanionTestSupport
import Foundation
import Testing

/// The sidecar's self-signed certificate kept between runs: served again only while it is the key's own, for the
/// same names and not near its end; issued again (and the file replaced) otherwise.
@Suite struct IssuedCertificateFileTests {
    /// The leaf the sidecar serves for `key` and `names` at `now`, with `file` kept between runs.
    private func served(_ file: IssuedCertificateFile, key: TLSServerKey, names: [String], now: Date = Date()) throws
        -> [UInt8]
    {
        try ServerTLSMaterial.selfSigned(key: key, names: names, kept: file, now: now).leafDER
    }

    @Test func aRestartServesTheSameCertificateUntilKeyNamesOrValidityChange() throws {
        let directory = try TestPaths.temporaryDirectory("issued-certificate")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = IssuedCertificateFile(url: directory.appendingPathComponent("tls-certificate.der"))
        let key = TLSServerKey.generate()
        let names = ["192.0.2.7", "workstation.local", "workstation"]
        let now = Date()

        let first = try served(file, key: key, names: names, now: now)
        #expect(try [UInt8](Data(contentsOf: file.url)) == first, "the issued certificate is kept")
        let restarted = try served(file, key: key, names: names, now: now.addingTimeInterval(3600))
        #expect(restarted == first, "the next run serves the kept certificate")
        let unkept = try ServerTLSMaterial.selfSigned(key: key, names: names, now: now).leafDER
        #expect(unkept != first, "without the file, every run issues a new certificate")

        let renamed = try served(file, key: key, names: names + ["ws.tail1234.ts.net"], now: now)
        #expect(renamed != first, "another name is a new certificate")
        #expect(try TLSPin(certificateDER: renamed) == key.pin, "from the same key")
        #expect(try [UInt8](Data(contentsOf: file.url)) == renamed, "which replaces the kept one")

        let rotated = TLSServerKey.generate()
        let forRotated = try served(file, key: rotated, names: names + ["ws.tail1234.ts.net"], now: now)
        #expect(try TLSPin(certificateDER: forRotated) == rotated.pin, "a rotated key gets its own certificate")

        let late = now.addingTimeInterval(TimeInterval(SelfSignedCertificate.validityDays - 29) * 86_400)
        let renewed = try served(file, key: rotated, names: names + ["ws.tail1234.ts.net"], now: late)
        #expect(renewed != forRotated, "fewer than 30 days left: issued again")
    }

    @Test func aDamagedOrForeignFileIsReplacedNotServed() async throws {
        let directory = try TestPaths.temporaryDirectory("issued-certificate")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = IssuedCertificateFile(url: directory.appendingPathComponent("tls-certificate.der"))
        let key = TLSServerKey.generate()
        try Data("not a certificate".utf8).write(to: file.url)
        let issued = try served(file, key: key, names: ["127.0.0.1"])
        #expect(try TLSPin(certificateDER: issued) == key.pin)

        // A link to a certificate this key signed is not followed: a new one is issued and written in its place.
        let elsewhere = directory.appendingPathComponent("elsewhere.der")
        try Data(issued).write(to: elsewhere)
        try FileManager.default.removeItem(at: file.url)
        try FileManager.default.createSymbolicLink(at: file.url, withDestinationURL: elsewhere)
        #expect(try served(file, key: key, names: ["127.0.0.1"]) != issued, "a link is never read")

        // Another key's certificate for the same names (openssl's, self-signed): never served for this key.
        let made = TestTLSCertificates(directory: directory)
        let foreign = try await made.selfSigned("foreign")
        try Data(foreign.der).write(to: file.url)
        let replaced = try served(file, key: key, names: ["127.0.0.1"])
        #expect(replaced != foreign.der)
        #expect(try TLSPin(certificateDER: replaced) == key.pin)
    }
}
