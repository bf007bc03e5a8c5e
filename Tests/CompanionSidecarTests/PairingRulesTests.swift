import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The pairing rules the product's security rests on, checked over real HTTP.
@Suite struct PairingRulesTests {
    @Test func fiveWrongAttemptsBurnThePairing() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            let started = try await probe.startPairing()
            let phone = TestDevice()
            let wrong = try phone.completeBody(code: otherCode(than: started.code))
            for attempt in 1...4 {
                let reply = try await probe.post("/companion/pairing/complete", wrong)
                #expect(reply.status == 401, "attempt \(attempt)")
                #expect(reply.errorCode == "wrong_code")
            }
            let fifth = try await probe.post("/companion/pairing/complete", wrong)
            #expect(fifth.status == 429 && fifth.errorCode == "pairing_burned")
            let right = try await probe.post("/companion/pairing/complete", try phone.completeBody(code: started.code))
            #expect(right.status == 429 && right.errorCode == "pairing_burned")
            #expect(try await probe.get("/companion/status").decode(CompanionStatusResponse.self).connected == false)
            let restarted = try await probe.startPairing()
            let ok = try await probe.post("/companion/pairing/complete", try phone.completeBody(code: restarted.code))
            #expect(ok.status == 200)
        }
    }

    @Test func wrongTokenCountsAsAFailedAttempt() async throws {
        let fixture = try SidecarFixture(policy: PairingPolicy(maxFailedAttempts: 2))
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            let started = try await probe.startPairing()
            let phone = TestDevice()
            let badToken = try phone.completeBody(
                code: started.code, token: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
            let first = try await probe.post("/companion/pairing/complete", badToken)
            #expect(first.status == 401 && first.errorCode == "wrong_token")
            let second = try await probe.post("/companion/pairing/complete", badToken)
            #expect(second.status == 429)
        }
    }

    @Test func expiredCodeIs410() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            let started = try await probe.startPairing(ttl: 30)
            fixture.clock.advance(by: 29.9)
            let phone = TestDevice()
            fixture.clock.advance(by: 0.1)
            let reply = try await probe.post("/companion/pairing/complete", try phone.completeBody(code: started.code))
            #expect(reply.status == 410 && reply.errorCode == "pairing_expired")
        }
    }

    @Test func codeIsValidJustBeforeExpiry() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            let started = try await probe.startPairing(ttl: 30)
            fixture.clock.advance(by: 29.5)
            let reply = try await probe.post(
                "/companion/pairing/complete", try TestDevice().completeBody(code: started.code))
            #expect(reply.status == 200)
        }
    }

    @Test func singleUse() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            let started = try await probe.startPairing()
            let first = try await probe.post(
                "/companion/pairing/complete", try TestDevice().completeBody(code: started.code))
            #expect(first.status == 200)
            let second = try await probe.post(
                "/companion/pairing/complete", try TestDevice().completeBody(code: started.code))
            #expect(second.status == 410 && second.errorCode == "pairing_used")
            #expect(try await probe.get("/companion/devices").decode(DevicesListResponse.self).devices.count == 1)
        }
    }

    @Test func newStartReplacesTheOldCode() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            var old = try await probe.startPairing()
            var new = try await probe.startPairing()
            while new.code == old.code {  // one chance in a million
                old = new
                new = try await probe.startPairing()
            }
            let phone = TestDevice()
            let stale = try await probe.post("/companion/pairing/complete", try phone.completeBody(code: old.code))
            #expect(stale.status == 401)
            let current = try await probe.post("/companion/pairing/complete", try phone.completeBody(code: new.code))
            #expect(current.status == 200)
        }
    }

    @Test(arguments: [(nil, 120), (5, 30), (-1, 30), (45, 45), (600, 600), (100_000, 600)] as [(Int?, Int)])
    func ttlIsBounded(requested: Int?, effective: Int) async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let started = try await fixture.sidecar.pairing.start(ttlSeconds: requested, peer: nil)
        #expect(started.expiresAt == Timestamp.truncated(fixture.clock.now.addingTimeInterval(Double(effective))))
    }

    @Test func concurrentCompletesOverHTTPExactlyOneWins() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            let started = try await probe.startPairing()
            // Children never throw: a throwing child would cancel its siblings mid-request (see HTTPProbe).
            let statuses = await withTaskGroup(of: Int.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        guard let body = try? TestDevice(name: "racer \(index)").completeBody(code: started.code),
                            let reply = try? await probe.post("/companion/pairing/complete", body)
                        else { return -1 }
                        return reply.status
                    }
                }
                return await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1)
            #expect(statuses.filter { $0 == 410 }.count == 15)
            #expect(try await probe.get("/companion/devices").decode(DevicesListResponse.self).devices.count == 1)
        }
    }

    @Test func concurrentCompletesOnTheManagerExactlyOneWins() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let pairing = fixture.sidecar.pairing
        let started = try await pairing.start(ttlSeconds: nil, peer: nil)
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let key = TestDevice().keys.publicKey.base64
                    do {
                        _ = try await pairing.complete(
                            code: started.code, token: nil, name: "racer \(index)", publicKey: key, peer: nil)
                        return "won"
                    } catch let error as SidecarError {
                        return error.code.rawValue
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == "won" }.count == 1)
        #expect(outcomes.filter { $0 == "pairing_used" }.count == 199)
    }
}
