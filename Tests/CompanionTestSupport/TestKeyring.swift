import CompanionCrypto
import Foundation

/// The real keyring of the test run, when there is one.
public enum TestKeyring {
    /// True when a real, unlocked Secret Service is provided (tests run under scripts/with-keyring.sh).
    public static var isAvailable: Bool { ProcessInfo.processInfo.environment["COMPANION_TEST_KEYRING"] == "1" }

    /// True in the run that has the keyring to itself (`scripts/test.sh` runs the tests that stop the keyring
    /// daemon in a second `swift test` after the others, with `COMPANION_TEST_EXCLUSIVE_KEYRING=1`): a test that
    /// stops the shared daemon while others use it makes their keyring calls wait (a sidecar's start timed out).
    public static var isExclusive: Bool {
        isAvailable && ProcessInfo.processInfo.environment["COMPANION_TEST_EXCLUSIVE_KEYRING"] == "1"
    }

    /// A profile name no other test uses, so tests can share the keyring in parallel.
    public static func uniqueProfile() -> String {
        "test-\(SecureRandom.token(byteCount: 6).replacingOccurrences(of: "_", with: "x"))"
    }
}
