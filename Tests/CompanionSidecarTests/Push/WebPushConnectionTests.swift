import CompanionAPI
import CompanionTestSupport
import Foundation
import Synchronization
import Testing

@testable import CompanionSidecar

/// Web Push's connections: a second message reuses the first one's connection (no new TCP and TLS handshake; the
/// test push service numbers its connections), while the SSRF rules still hold for every message: a name that
/// resolves to a private address now is refused although a client for its earlier, public address is cached; a
/// changed resolution goes through a client and connection of its own; the cache is bounded, unused clients
/// expire, and stopping the sidecar closes every connection.
@Suite struct WebPushConnectionTests {
    static let message = PushPayload(kind: .waiting, title: "t", body: "b", url: "/app/")

    /// The connection numbers of the messages the push service received on `/push/main`, once there are `count`.
    static func connections(_ fixture: PushFixture, count: Int) async throws -> [Int] {
        try await fixture.messages(on: "/push/main", count: count).map { $0["connection"] as? Int ?? -1 }
    }

    @Test func aSecondMessageReusesTheFirstOnesConnection() async throws {
        let fixture = try await PushFixture()
        defer { fixture.remove() }
        try await fixture.live { live in
            #expect(try await live.subscribe(fixture.subscription()).status == 201)
            let push = try #require(live.sidecar.push)
            push.send(Self.message, urgency: "normal")
            _ = try await Self.connections(fixture, count: 1)
            push.send(Self.message, urgency: "normal")
            let connections = try await Self.connections(fixture, count: 2)
            #expect(connections.count == 2 && connections[0] > 0, "\(fixture.service.stdout)")
            #expect(connections[0] == connections[1], "each message made a connection (a TLS handshake) of its own")
            _ = try await live.waitForHealth { $0.sent == 2 }
        }
    }

    /// The resolver is the test's: the name first resolves to loopback (admitted for the test's push service),
    /// then to a private address (refused, though a client for loopback is cached), then to IPv6 loopback.
    @Test func aNameThatNowResolvesToAPrivateAddressIsRefusedThoughAClientIsCached() async throws {
        let fixture = try await PushFixture()
        defer { fixture.remove() }
        let resolution = Resolution()
        let ipv6Loopback = [UInt8](repeating: 0, count: 15) + [1]
        let adjust: (inout PushSettings) -> Void = { $0.testing?.resolver = resolution.resolve }
        try await fixture.live(adjust: adjust) { live in
            #expect(try await live.subscribe(fixture.subscription()).status == 201)
            let push = try #require(live.sidecar.push)
            push.send(Self.message, urgency: "normal")
            let first = try #require(try await fixture.messages(on: "/push/main").first)
            #expect(first["peer"] as? String == "127.0.0.1")
            #expect(push.clients.counts == (open: 1, made: 1))

            for refused in [[[10, 0, 0, 7]], [[192, 168, 1, 20]], [[127, 0, 0, 1], [172, 16, 0, 1]]] as [[[UInt8]]] {
                resolution.set(refused)
                let failed = try await live.pushHealth()?.failed ?? 0
                push.send(Self.message, urgency: "normal")
                _ = try await live.waitForHealth { $0.failed == failed + 1 }
            }
            #expect(fixture.received().count == 1, "a message went out after a refused resolution")
            #expect(push.clients.counts.open == 1, "the client for 127.0.0.1 is still cached")

            resolution.set([ipv6Loopback])
            push.send(Self.message, urgency: "normal")
            let messages = try await fixture.messages(on: "/push/main", count: 2)
            #expect(messages[1]["peer"] as? String == "::1")
            #expect(messages[1]["connection"] as? Int != first["connection"] as? Int)
            #expect(push.clients.counts == (open: 2, made: 2))
        }
    }

    @Test func theCacheIsBoundedIdleClientsExpireAndStoppingClosesEveryConnection() async throws {
        let fixture = try await PushFixture()
        defer { fixture.remove() }
        let resolution = Resolution()
        let adjust: (inout PushSettings) -> Void = {
            $0.maxClients = 1
            $0.clientIdleLifetime = .milliseconds(200)
            $0.testing?.resolver = resolution.resolve
        }
        let push = try await fixture.live(adjust: adjust) { live in
            #expect(try await live.subscribe(fixture.subscription()).status == 201)
            let push = try #require(live.sidecar.push)
            push.send(Self.message, urgency: "normal")
            _ = try await Self.connections(fixture, count: 1)
            // A second address with room for one client: the first client goes, and its connection closes.
            resolution.set([[UInt8](repeating: 0, count: 15) + [1]])
            push.send(Self.message, urgency: "normal")
            let connections = try await Self.connections(fixture, count: 2)
            try await fixture.service.waitForOutput(timeout: TestDeadline.seconds) { _, errors in
                errors.contains(#"{"closed": \#(connections[0])}"#)
            }
            #expect(push.clients.counts == (open: 1, made: 2))
            // Unused past its lifetime: the next message makes a new client (and connection).
            try await Task.sleep(for: .milliseconds(400))
            push.send(Self.message, urgency: "normal")
            let third = try await Self.connections(fixture, count: 3)
            #expect(Set(third).count == 3 && push.clients.counts == (open: 1, made: 3))
            return push
        }
        // Stopped: every client closed, so every connection ended, and no client is made any more.
        #expect(push.clients.counts.open == 0)
        try await fixture.service.waitForOutput(timeout: TestDeadline.seconds) { _, errors in
            (1...3).allSatisfy { errors.contains(#"{"closed": \#($0)}"#) }
        }
        let checked = PushEndpointPolicy.Checked(
            url: URL(string: "https://localhost/x")!, host: "localhost", port: 443, addresses: ["127.0.0.1"])
        #expect(throws: PushEndpointRefusal.self) { try push.clients.lease(for: checked) }
    }

    /// What the test's resolver answers: every name resolves to `addresses` (127.0.0.1 at first).
    final class Resolution: Sendable {
        private let addresses = Mutex<[[UInt8]]>([[127, 0, 0, 1]])
        func set(_ new: [[UInt8]]) { addresses.withLock { $0 = new } }
        var resolve: @Sendable (String, Int) async -> [[UInt8]] { { _, _ in self.addresses.withLock { $0 } } }
    }
}
