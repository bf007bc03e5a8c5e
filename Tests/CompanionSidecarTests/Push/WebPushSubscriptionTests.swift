import CompanionAPI
import CompanionTestSupport
import Foundation
import GRDB
import Testing

@testable import CompanionSidecar

/// Subscriptions: the SSRF rules refuse what is not a public push service (400 `push_endpoint_refused`), a device
/// deletes only its own, and revoking a device deletes all of its subscriptions.
@Suite struct WebPushSubscriptionTests {
    @Test func endpointsThatAreNotAPublicPushServiceAreRefused() async throws {
        let fixture = try await PushFixture()
        defer { fixture.remove() }
        try await fixture.live(allowsLoopback: false) { live in
            let keys = fixture.subscription().keys
            let refused: [(String, String)] = [
                ("http://localhost:\(fixture.port)/push/main", "must be an https URL"),
                ("https://evil.example/push", "not a push service this sidecar sends to"),
                ("https://evillocalhost/push", "not a push service this sidecar sends to"),
                ("https://127.0.0.1:\(fixture.port)/push/main", "not an address"),
                ("https://[::1]:\(fixture.port)/push/main", "not an address"),
                ("https://user:pw@localhost/push", "user name or password"),
                ("https://localhost:\(fixture.port)/push/main", "resolves to a loopback address"),
                ("javascript:alert(1)", "must be an https URL"),
            ]
            for (endpoint, why) in refused {
                let reply = try await live.subscribe(PushSubscriptionRequest(endpoint: endpoint, keys: keys))
                let error = try reply.decode(APIErrorResponse.self).error
                #expect(reply.status == 400 && error.code == "push_endpoint_refused", "\(endpoint): \(error)")
                #expect(error.message.contains(why), "\(endpoint): \(error.message)")
            }
            let badKey = PushSubscriptionRequest(
                endpoint: "https://localhost/p", keys: .init(p256dh: "AAAA", auth: keys.auth))
            #expect(try await live.subscribe(badKey).status == 400)
            #expect(try await live.sidecar.registry.pushSubscriptions().isEmpty)
        }
    }

    /// The address is checked again at send time: a subscription whose name later resolves to a refused address
    /// (DNS rebinding; here one stored before the rule applied) receives nothing and counts as failed.
    @Test func theAddressIsCheckedAgainWhenSending() async throws {
        let fixture = try await PushFixture()
        defer { fixture.remove() }
        try await fixture.live(allowsLoopback: false) { live in
            let request = fixture.subscription()
            _ = try await live.sidecar.registry.addPushSubscription(
                deviceID: live.deviceID, endpoint: request.endpoint, p256dh: request.keys.p256dh,
                auth: request.keys.auth, limit: 8, at: Date())
            try #require(live.sidecar.push).send(
                PushPayload(kind: .waiting, title: "t", body: "b", url: "/app/"), urgency: "normal")
            #expect(try await live.waitForHealth { $0.failed == 1 } == PushHealth(sent: 0, failed: 1, dropped: 0))
            #expect(fixture.received().isEmpty)
        }
    }

    @Test func onlyTheOwnerDeletesASubscriptionAndRevokingTheDeviceDeletesThemAll() async throws {
        let fixture = try await PushFixture()
        defer { fixture.remove() }
        try await fixture.live { live in
            let first = try await live.subscribe(fixture.subscription()).decode(PushSubscriptionCreated.self).id
            var second = fixture.subscription()
            second.endpoint += "?second"
            let secondID = try await live.subscribe(second).decode(PushSubscriptionCreated.self).id
            #expect(first != secondID)
            // The same endpoint again is the same subscription (its keys updated).
            #expect(try await live.subscribe(fixture.subscription()).decode(PushSubscriptionCreated.self).id == first)

            let other = TestDevice(name: "other")
            let otherID = try await live.sidecar.registry.registerPairing(
                name: other.name, publicKey: other.keys.publicKey.base64, at: Date(), peer: nil
            ).device.id
            let path = "/companion/push/subscriptions/\(secondID)"
            #expect(try await live.signed("DELETE", path, as: (other, otherID)).status == 404)
            #expect(try await live.signed("DELETE", path).status == 204)
            #expect(try await live.signed("DELETE", path).status == 404)
            #expect(try await live.sidecar.registry.pushSubscriptions().map(\.id) == [first])

            #expect(try await live.sidecar.registry.revoke(id: live.deviceID, at: Date(), peer: nil) != nil)
            #expect(try await live.sidecar.registry.pushSubscriptions().isEmpty)
            let rows = try await live.sidecar.registry.pool.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pushSubscription")
            }
            #expect(rows == 0)
        }
    }

    @Test func theAddressRulesRefuseEveryNonPublicRange() {
        func v6(_ text: String) -> [UInt8] {
            var address = in6_addr()
            _ = inet_pton(AF_INET6, text, &address)
            return withUnsafeBytes(of: &address) { Array($0) }
        }
        let refused: [[UInt8]] = [
            [127, 0, 0, 1], [10, 1, 2, 3], [172, 16, 0, 1], [172, 31, 255, 1], [192, 168, 1, 20], [169, 254, 169, 254],
            [100, 64, 0, 1], [100, 127, 1, 1], [0, 0, 0, 0], [224, 0, 0, 251], [255, 255, 255, 255], [192, 0, 2, 1],
            v6("::1"), v6("::"), v6("fc00::1"), v6("fd12:3456::1"), v6("fe80::1"), v6("ff02::fb"),
            v6("::ffff:10.0.0.1"), v6("::ffff:127.0.0.1"), v6("64:ff9b::a00:1"), v6("2001:db8::1"),
        ]
        for address in refused {
            #expect(PushAddressRules.refusal(address) != nil, "\(PushAddressRules.text(address)) was admitted")
        }
        for address in [[142, 250, 74, 10], [172, 32, 0, 1], [100, 128, 0, 1], v6("2607:f8b0:4004::200a")] {
            #expect(PushAddressRules.refusal(address) == nil, "\(PushAddressRules.text(address)) was refused")
        }
        #expect(PushAddressRules.refusal([127, 0, 0, 1], allowsLoopback: true) == nil)
        #expect(PushAddressRules.refusal([10, 0, 0, 1], allowsLoopback: true) != nil)
    }

    @Test func hostSuffixesMatchWholeLabels() {
        var settings = PushSettings(vapidKey: .generate())
        settings.hosts = ["notify.windows.com", ".fcm.googleapis.com"]
        let policy = PushEndpointPolicy(settings: settings)
        func admitted(_ url: String) -> Bool { (try? policy.syntax(url).get()) != nil }
        #expect(admitted("https://wns2-par02p.notify.windows.com/w/?token=x"))
        #expect(admitted("https://notify.windows.com/x") && admitted("https://FCM.googleapis.com/fcm/send/x"))
        #expect(!admitted("https://evilnotify.windows.com/x") && !admitted("https://notify.windows.com.evil.example/x"))
        #expect(!admitted("https://fcm.googleapis.com.evil.example/x"))
        #expect(!admitted("https://localhost/x") && !admitted("ftp://fcm.googleapis.com/x"))
        #expect(PushSettings.defaultHosts.contains("web.push.apple.com"))
    }

    /// Text from agents and tasks reaches a lock screen as it is: control and bidi characters go, length is bounded.
    @Test func notificationTextIsCleaned() {
        #expect(PushMessages.clean("api\u{202E}gpj.exe\n\u{1B}[31mred\u{200F}") == "apigpj.exe[31mred")
        #expect(PushMessages.clean(String(repeating: "x", count: 500)).count == 80)
    }
}
