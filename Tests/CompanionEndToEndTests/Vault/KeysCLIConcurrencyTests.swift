import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault
@testable import CompanionVaultSecretService

/// Concurrent `companion keys init` and `keys init --rotate` processes on one profile (issue #11, defect 4):
/// exactly one process creates the identity and every process prints it; rotations are serialised and every
/// replaced key ends up in the history.
enum ConcurrentKeyChecks {
    static let initCount = 10
    static let rotationCount = 5

    /// `count` concurrent `keys init`: one "created", the others "exists", one fingerprint, and it is the stored key.
    static func concurrentInitCreatesOneKey(
        environment: [String: String?], gate: ConcurrentCompanions.Gate, store: () async throws -> DeviceIdentityStore
    ) async throws {
        let outcomes = try await ConcurrentCompanions.run(
            initCount, ["keys", "init", "--json"], environment: environment, gate: gate)
        for outcome in outcomes { #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)") }
        let outputs = ConcurrentCompanions.decoded(outcomes).compactMap { $0 }
        #expect(outputs.count == initCount)
        #expect(outputs.filter(\.created).count == 1, "processes that said they created the identity")
        let fingerprints = Set(outputs.map(\.identity.fingerprint))
        #expect(fingerprints.count == 1, "every process must print the same fingerprint: \(fingerprints)")
        let stored = try await #require(try store().load()).publicKey.fingerprint.description
        #expect(fingerprints == [stored])
        await #expect(try store().history().isEmpty)
    }

    /// `count` concurrent `keys init --rotate` after an initial key: every key that was replaced is in the
    /// history, once, and the key left is the last one generated.
    static func concurrentRotationsLoseNoKey(
        environment: [String: String?], gate: ConcurrentCompanions.Gate, store: () async throws -> DeviceIdentityStore
    ) async throws {
        let first = try await ProcessRunner.run(
            TestPaths.companionBinary.path, ["keys", "init", "--json"], environment: environment)
        #expect(first.status == 0, "\(first.output)")
        let initial = try #require(ConcurrentCompanions.decoded([.init(first)]).first ?? nil).identity.fingerprint

        let outcomes = try await ConcurrentCompanions.run(
            rotationCount, ["keys", "init", "--rotate", "--json"], environment: environment, gate: gate)
        for outcome in outcomes { #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)") }
        let outputs = ConcurrentCompanions.decoded(outcomes).compactMap { $0 }
        #expect(outputs.count == rotationCount)
        let generated = outputs.map(\.identity.fingerprint)
        #expect(Set(generated).count == rotationCount)

        let final = try await #require(try store().load()).publicKey.fingerprint.description
        let history = try await store().history().map(\.fingerprint)
        #expect(generated.contains(final), "the key left must be one a rotation generated")
        let replaced = Set([initial] + generated).subtracting([final])
        #expect(history.count == rotationCount, "one history entry per rotation: \(history)")
        #expect(Set(history) == replaced, "every replaced key must be in the history")
        // Serialised: each rotation retired exactly the key the previous one left.
        #expect(Set(outputs.compactMap(\.retired?.fingerprint)) == replaced)
    }
}

extension ConcurrentCompanions.Outcome {
    init(_ result: ProcessRunner.Result) {
        self.init(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}

/// The file vault, with the real default Argon2id costs, its passphrase in the environment.
struct KeysCLIFileVaultConcurrencyTests {
    static func vaultDirectory(_ dir: URL) -> URL { dir.appendingPathComponent("data/companionkit/default") }

    static func store(_ dir: URL) throws -> DeviceIdentityStore {
        DeviceIdentityStore(
            vault: FileVault(
                profile: try VaultProfile("default"), directory: vaultDirectory(dir),
                passphrase: .fixed("test passphrase")))
    }

    @Test func concurrentInitCreatesExactlyOneKey() async throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try await ConcurrentKeyChecks.concurrentInitCreatesOneKey(
            environment: KeysCLIFileVaultTests.environment(dir), gate: .fileVaultLock(Self.vaultDirectory(dir)),
            store: { try Self.store(dir) })
        let lock = Self.vaultDirectory(dir).appendingPathComponent("changes.lock")
        #expect(try mode(lock.path) == 0o600)
        #expect(try mode(Self.vaultDirectory(dir).path) == 0o700)
    }

    @Test func concurrentRotationsKeepEveryReplacedKeyInTheHistory() async throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try await ConcurrentKeyChecks.concurrentRotationsLoseNoKey(
            environment: KeysCLIFileVaultTests.environment(dir), gate: .fileVaultLock(Self.vaultDirectory(dir)),
            store: { try Self.store(dir) })
    }
}

/// The real gnome-keyring of scripts/with-keyring.sh. Its gate stops the daemon (SIGSTOP) while the processes
/// start, so it runs alone: in its own `swift test` after the others (scripts/test.sh), one test at a time.
@Suite(
    .enabled(
        if: TestKeyring.isExclusive,
        "stops the shared keyring daemon: scripts/test.sh runs it alone (COMPANION_TEST_EXCLUSIVE_KEYRING=1)"),
    .serialized)
struct KeysCLISecretServiceConcurrencyTests {
    static func store(_ profile: String) throws -> DeviceIdentityStore {
        DeviceIdentityStore(vault: try SecretServiceVault(profile: try VaultProfile(profile)))
    }

    @Test func concurrentInitCreatesExactlyOneKey() async throws {
        let profile = TestKeyring.uniqueProfile()
        defer { ProcessRunner.cleanUp("secret-tool", ["clear", "service", "companionkit", "profile", profile]) }
        try await ConcurrentKeyChecks.concurrentInitCreatesOneKey(
            environment: ["COMPANION_VAULT": "secret-service", "COMPANION_PROFILE": profile],
            gate: try .pausedKeyring(), store: { try Self.store(profile) })
        // The state directory whatever XDG_RUNTIME_DIR says, so every process of the user takes the same lock.
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        let state = ProcessInfo.processInfo.environment["XDG_STATE_HOME"] ?? home + "/.local/state"
        let lock = URL(fileURLWithPath: state).appendingPathComponent("companionkit/\(profile)/secret-service.lock")
        #expect(try mode(lock.path) == 0o600)
        #expect(try mode(lock.deletingLastPathComponent().path) == 0o700)
    }

    @Test func concurrentRotationsKeepEveryReplacedKeyInTheHistory() async throws {
        let profile = TestKeyring.uniqueProfile()
        defer { ProcessRunner.cleanUp("secret-tool", ["clear", "service", "companionkit", "profile", profile]) }
        try await ConcurrentKeyChecks.concurrentRotationsLoseNoKey(
            environment: ["COMPANION_VAULT": "secret-service", "COMPANION_PROFILE": profile],
            gate: try .pausedKeyring(), store: { try Self.store(profile) })
    }
}
