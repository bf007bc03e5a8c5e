import CompanionCrypto
import Foundation
import Testing

@testable import CompanionSidecar

/// Device keys are served from memory, and every pairing or revocation is visible on the very next lookup.
@Suite struct TrustedKeyCacheTests {
    @Test func revocationAndRepairingAreSeenByTheNextLookup() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let registry = fixture.sidecar.registry
        let phone = Ed25519KeyPair.generate()
        let paired = try await registry.registerPairing(
            name: "phone", publicKey: phone.publicKey.base64, at: Date(), peer: nil)
        let id = paired.device.id
        #expect(try await registry.trustedKey(deviceID: id) == phone.publicKey)
        #expect(registry.trustedKeys.key(for: id) == phone.publicKey, "kept in memory after the first read")
        try await registry.touch(deviceID: id, at: Date().addingTimeInterval(5))
        #expect(registry.trustedKeys.key(for: id) == phone.publicKey, "lastSeenAt writes keep the cache")

        _ = try await registry.revoke(id: id, at: Date(), peer: nil)
        #expect(registry.trustedKeys.key(for: id) == nil)
        #expect(try await registry.trustedKey(deviceID: id) == nil)
        #expect(try await registry.trustedKey(deviceID: "unknown") == nil)
    }

    @Test func aReadThatRacedAChangeIsNotKept() {
        let cache = TrustedKeyCache()
        let key = Ed25519KeyPair.generate().publicKey
        let before = cache.generation
        cache.invalidate()  // a revocation commits while the read is in flight
        cache.store(key, scopes: [.read], for: "dev", readAt: before)
        #expect(cache.key(for: "dev") == nil)
        cache.store(key, scopes: [.read], for: "dev", readAt: cache.generation)
        #expect(cache.key(for: "dev") == key)
    }
}
