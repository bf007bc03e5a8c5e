import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVaultSecretService

/// Short reads, each on a connection of its own closed right after, as a `companion` process makes them, leave
/// the keyring daemon running. gnome-keyring aborts on an `OpenSession` whose caller it has not registered yet
/// (``SecretServiceBus/open(environment:)``); a connection that opened the session as its first call crashed
/// this private daemon in about one read in 300.
@Suite(.enabled(if: TestKeyring.isAvailable, "needs a real keyring: run under scripts/with-keyring.sh"))
struct SecretServiceBusDaemonTests {
    /// The unique bus name that owns the Secret Service: a new one means the daemon died and the bus started another.
    static func serviceOwner() throws -> String? {
        let connection = try DBusConnection.session(
            environment: ProcessInfo.processInfo.environment, timeout: .seconds(25))
        let reply = try connection.call([
            .init(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetNameOwner", arguments: [.string(SecretServiceBus.service)])
        ])[0]
        return reply.body.first?.text
    }

    /// The reads block (they are the vault's synchronous D-Bus calls), so they run on a thread of their own
    /// (`offPool`): on a loaded 2-core machine 1,500 of them take long enough that holding one of the two threads
    /// of Swift's cooperative pool would stall the other tests' tasks.
    @Test func fifteenHundredShortReadsLeaveTheDaemonRunning() async throws {
        let died: Int? = try await offPool {
            let owner = try Self.serviceOwner()
            let query = ["service": "companionkit", "profile": TestKeyring.uniqueProfile()]
            for read in 1...1500 {
                guard let bus = try SecretServiceBus.open(environment: ProcessInfo.processInfo.environment) else {
                    throw SecretServiceBusError.unexpectedReply("the keyring offers no encrypted session")
                }
                let found = try bus.search([query, query, query])
                _ = try bus.secrets(found.flatMap(\.unlocked))
                if read.isMultiple(of: 100), try Self.serviceOwner() != owner { return read }
            }
            return nil
        }
        #expect(died == nil, "the keyring daemon died before read \(died ?? 0)")
    }
}
