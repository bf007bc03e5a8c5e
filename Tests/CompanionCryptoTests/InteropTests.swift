import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionCrypto

/// Our keys and fingerprints checked by independent implementations: OpenSSL and ssh-keygen.
struct InteropTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "crypto-\(SecureRandom.token(byteCount: 8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func opensslVerifiesOurSignatures() async throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pair = Ed25519KeyPair.generate()
        // SubjectPublicKeyInfo for Ed25519 (RFC 8410) is a fixed 12-byte prefix followed by the raw key.
        let der = Hex.decode("302a300506032b6570032100") + pair.publicKey.rawBytes
        let pem = "-----BEGIN PUBLIC KEY-----\n\(Data(der).base64EncodedString())\n-----END PUBLIC KEY-----\n"
        let message = Array("companion handshake".utf8)
        try Data(pem.utf8).write(to: dir.appendingPathComponent("pub.pem"))
        try Data(message).write(to: dir.appendingPathComponent("msg"))
        try Data(pair.sign(message)).write(to: dir.appendingPathComponent("sig"))
        let args = ["pkeyutl", "-verify", "-pubin", "-inkey", "pub.pem", "-rawin", "-in", "msg", "-sigfile", "sig"]
        let good = try await ProcessRunner.run(
            "sh", ["-c", "cd '\(dir.path)' && openssl " + args.joined(separator: " ")])
        #expect(good.status == 0, "\(good.output)")
        #expect(good.stdout.contains("Signature Verified Successfully"))
        try Data("tampered".utf8).write(to: dir.appendingPathComponent("msg"))
        let bad = try await ProcessRunner.run(
            "sh", ["-c", "cd '\(dir.path)' && openssl " + args.joined(separator: " ")])
        #expect(bad.status != 0)
    }

    /// ssh-keygen hashes the SSH wire encoding of the key rather than the raw key, so we hash the same blob
    /// and check that our `SHA256:` rendering is byte-for-byte what ssh-keygen prints.
    @Test func fingerprintFormatMatchesSSHKeygen() async throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = Ed25519KeyPair.generate().publicKey
        func sshString(_ bytes: [UInt8]) -> [UInt8] {
            let n = UInt32(bytes.count)
            return [UInt8(n >> 24), UInt8((n >> 16) & 0xff), UInt8((n >> 8) & 0xff), UInt8(n & 0xff)] + bytes
        }
        let blob = sshString(Array("ssh-ed25519".utf8)) + sshString(key.rawBytes)
        let file = dir.appendingPathComponent("id.pub")
        try Data("ssh-ed25519 \(Data(blob).base64EncodedString()) test\n".utf8).write(to: file)
        let result = try await ProcessRunner.run("ssh-keygen", ["-l", "-E", "sha256", "-f", file.path])
        #expect(result.status == 0, "\(result.output)")
        let printed = result.stdout.split(separator: " ")[1]
        #expect(String(printed) == Fingerprint(digest: SHA256.hash(blob)).description)
    }
}
