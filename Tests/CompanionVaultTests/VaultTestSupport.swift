import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

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
