import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault
@testable import CompanionVaultSecretService

/// The direct D-Bus read path against the real gnome-keyring of scripts/with-keyring.sh: it reads what libsecret
/// stored, through an encrypted transfer session, and answers "missing" and errors as the libsecret path does.
@Suite(.enabled(if: TestKeyring.isAvailable, "needs a real keyring: run under scripts/with-keyring.sh"))
struct SecretServiceBusTests {
    @Test func readsWhatLibsecretStoredOverAnEncryptedSession() throws {
        let profile = try VaultProfile(TestKeyring.uniqueProfile())
        let writer = try SecretServiceVault(profile: profile)
        defer { for item in (try? writer.list()) ?? [] { try? writer.remove(item.name) } }
        let key = [0, 0] + SecureRandom.bytes(61) + [0]
        try writer.set("identity", secret: SecureBytes(key), label: "k", kind: .identityKey)
        try writer.set("pairing", secret: SecureBytes(Array("{\"a\":1}".utf8)), label: "p", kind: .pairing)

        // Ten fresh sessions, each with its own Diffie-Hellman exchange, all read the same bytes.
        for _ in 0..<10 {
            let reader = try SecretServiceVault(profile: profile)
            #expect(reader.bus != nil, "gnome-keyring offers dh-ietf1024-sha256-aes128-cbc-pkcs7")
            #expect(try reader.get("identity")?.withUnsafeBytes { Array($0) } == key)
        }
        let reader = try SecretServiceVault(profile: profile)
        let batch = try reader.secrets(["identity", "pairing", "absent"])
        #expect(batch.keys.sorted() == ["identity", "pairing"])
        #expect(batch["pairing"]?.withUnsafeBytes { Array($0) } == Array("{\"a\":1}".utf8))
        #expect(try reader.get("absent") == nil)
        #expect(try reader.item("identity")?.secret.withUnsafeBytes { Array($0) } == key)
    }

    @Test func theDirectSessionIsNotPlain() throws {
        let bus = try #require(try SecretServiceBus.open(environment: ProcessInfo.processInfo.environment))
        // Nothing matches a random attribute set; the session was opened with the DH algorithm or open() failed.
        let found = try bus.search([["service": "companionkit", "profile": UUID().uuidString]])
        #expect(found.count == 1)
        #expect(found[0].unlocked.isEmpty && found[0].locked.isEmpty)
        #expect(try bus.secrets(["/org/freedesktop/secrets/collection/login/999999"]).isEmpty)
    }

    @Test func anUnreachableBusIsReportedAsNoSessionBus() throws {
        #expect(throws: SecretServiceBusError.noSessionBus("nothing accepts connections at DBUS_SESSION_BUS_ADDRESS")) {
            try SecretServiceBus.open(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        }
        #expect(throws: SecretServiceBusError.self) { try SecretServiceBus.open(environment: [:]) }
        let error = SecretServiceBusError.remote(name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "x")
        guard case .secretServiceUnavailable(.noDaemon, _) = error.vaultError(operation: "connection") else {
            Issue.record("ServiceUnknown is 'no daemon'")
            return
        }
    }
}
