import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

/// Whether a real, unlocked gnome-keyring is expected (scripts/with-keyring.sh sets COMPANION_TEST_KEYRING=1).
/// When it is, Secret Service tests run and fail if the keyring is unreachable; otherwise they are skipped.
enum Keyring {
    static var expected: Bool { ProcessInfo.processInfo.environment["COMPANION_TEST_KEYRING"] == "1" }

    /// A profile name no other test uses, so tests can share the keyring in parallel.
    static func uniqueProfile() -> String {
        "test-\(SecureRandom.token(byteCount: 6).replacingOccurrences(of: "_", with: "x"))"
    }
}

/// Runs the built `companion` with extra environment.
func companion(_ arguments: [String], environment: [String: String?] = [:]) throws -> ProcessRunner.Result {
    try ProcessRunner.run(TestPaths.companionBinary.path, arguments, environment: environment)
}

/// Encodings in which a leaked secret could appear in text or files.
func leakNeedles(_ secretKey: [UInt8]) -> [[UInt8]] {
    let seed = Array(secretKey.prefix(32))
    let hex = seed.map { String(format: "%02x", $0) }.joined()
    return [
        seed, secretKey, Array(Data(seed).base64EncodedString().prefix(40).utf8),
        Array(Data(secretKey).base64EncodedString().prefix(80).utf8), Array(hex.utf8), Array(hex.uppercased().utf8),
        Array(
            Data(seed).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").prefix(40).utf8),
    ]
}

func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count, !needle.isEmpty else { return false }
    return Data(haystack).range(of: Data(needle)) != nil
}

/// Regular files under `root` (recursively) that contain any of `needles`.
func filesContaining(_ needles: [[UInt8]], under root: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
    var hits: [String] = []
    while let relative = walker.nextObject() as? String {
        let path = root.appendingPathComponent(relative).path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? Int ?? 0) < 64 << 20,
            let data = FileManager.default.contents(atPath: path)
        else { continue }
        if needles.contains(where: { contains(Array(data), $0) }) { hits.append(path) }
    }
    return hits
}

/// Permission bits of a path.
func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
}

/// A file vault in a fresh temporary directory with cheap Argon2id costs (tests only; the CLI tests use the
/// real defaults).
func temporaryFileVault(
    _ directory: URL, passphrase: String = "correct horse battery staple",
    parameters: Argon2idParameters = .minimum
) throws -> FileVault {
    FileVault(
        profile: try VaultProfile("default"), directory: directory.appendingPathComponent("vault"),
        parameters: parameters, passphrase: .fixed(passphrase))
}
