import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionSidecar

#if canImport(Glibc)
    import Glibc
#endif

/// The owner socket serves only the sidecar's own user, as the kernel reports the peer (`SO_PEERCRED`).
@Suite struct OwnerSocketTests {
    /// Serves the fixture's owner socket for `ownerUserID` while `body` runs.
    static func serving<T>(
        _ fixture: SidecarFixture, ownerUserID: UInt32, _ body: (OwnerSocketClient) async throws -> T
    ) async throws -> T {
        let (bound, signal) = AsyncStream<Void>.makeStream()
        let application = try #require(
            fixture.sidecar.makeOwnerApplication(ownerUserID: ownerUserID) { signal.yield() })
        let server = Task { try await application.run() }
        for await _ in bound { break }
        defer { server.cancel() }
        // The test's deadline, not the CLI's 10 s: the in-process sidecar answers on the concurrency pool that the
        // whole suite shares (it timed out in two loaded runs, every test of this suite 100 s late).
        let client = OwnerSocketClient(
            socketPath: OwnerSocket.path(in: fixture.directory), timeout: .seconds(Int64(TestDeadline.seconds)))
        return try await body(client)
    }

    @Test func theSidecarsOwnUserIsServed() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        _ = try await fixture.sidecar.registry.registerPairing(
            name: "laptop", publicKey: TestDeviceKey.base64, at: Date(), peer: "127.0.0.1")
        let devices = try await Self.serving(fixture, ownerUserID: geteuid()) { client in
            try await client.get("/devices", as: DevicesListResponse.self)
        }
        #expect(devices.devices.map(\.name) == ["laptop"])
    }

    @Test func anotherUserIsRefusedBeforeAnyRoute() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let failure = try await Self.serving(fixture, ownerUserID: geteuid() &+ 1) { client in
            do {
                _ = try await client.get("/devices", as: DevicesListResponse.self)
                return nil as OwnerControlError?
            } catch let error as OwnerControlError {
                return error
            }
        }
        #expect(failure?.kind == .refused)
        #expect(failure?.message.contains("only the user running the sidecar") == true)
    }

    @Test func theSocketIsPrivateAndGoneAfterTheSidecarStops() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let running = try await fixture.sidecar.start()
        let path = OwnerSocket.path(in: fixture.directory)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        #expect(info.st_mode & 0o777 == 0o600)
        await running.stop()
        #expect(stat(path, &info) != 0)
    }
}

/// A valid Ed25519 public key (RFC 8032 test 1) for registry rows.
enum TestDeviceKey {
    static let base64 = "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="
}
