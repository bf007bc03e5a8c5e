import CompanionCrypto
import Foundation
import Synchronization
import Testing

@testable import CompanionAPI

/// The authenticator with a nonce journal: what it records, what it restores, and that it refuses rather than
/// admits a request whose nonce could not be recorded. (The sidecar's SQLite journal is tested across a real
/// restart in `ReplayAcrossRestartTests`.)
struct RequestAuthenticatorJournalTests {
    /// An in-memory journal that can be told to fail.
    final class MemoryJournal: NonceJournal {
        let state = Mutex<(records: [NonceRecord], durable: [Bool], failing: Bool)>(([], [], false))

        func record(_ record: NonceRecord, durable: Bool) async throws {
            try state.withLock {
                if $0.failing { throw CocoaError(.fileWriteOutOfSpace) }
                $0.records.append(record)
                $0.durable.append(durable)
            }
        }

        func records(sinceMillis: Int64) throws -> [NonceRecord] {
            state.withLock { $0.records.filter { $0.timestampMillis >= sinceMillis } }
        }

        func prune(beforeMillis: Int64) async throws {
            try pruneNow(beforeMillis: beforeMillis)
        }

        func pruneNow(beforeMillis: Int64) throws {
            state.withLock { $0.records.removeAll { $0.timestampMillis < beforeMillis } }
        }
    }

    let device = Ed25519KeyPair.generate()
    let now = Date(timeIntervalSince1970: 1_772_013_600)

    func authenticator(_ journal: MemoryJournal, at date: Date? = nil) throws -> RequestAuthenticator {
        let key = device.publicKey
        let instant = date ?? now
        return try RequestAuthenticator(
            windowSeconds: 60, now: { instant }, lookup: { $0 == "dev_1" ? key : nil }, journal: journal)
    }

    func check(_ auth: RequestAuthenticator, _ method: String, _ headers: [String: String]) async
        -> Result<String, AuthenticationFailure>
    {
        await auth.authenticate(method: method, pathAndQuery: "/companion/devices", body: []) { name in
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    func signed(_ method: String, at date: Date? = nil) -> [String: String] {
        RequestSigner(keyPair: device, deviceID: "dev_1")
            .headers(method: method, pathAndQuery: "/companion/devices", body: [], now: date ?? now)
    }

    @Test func aRestartedAuthenticatorRefusesWhatTheFirstOneAccepted() async throws {
        let journal = MemoryJournal()
        let get = signed("GET")
        let delete = signed("DELETE")
        let first = try authenticator(journal)
        #expect(await check(first, "GET", get) == .success("dev_1"))
        #expect(await check(first, "DELETE", delete) == .success("dev_1"))
        #expect(journal.state.withLock { $0.durable } == [false, true], "only state changes are fsynced")

        let restarted = try authenticator(journal, at: now.addingTimeInterval(30))
        #expect(restarted.rememberedNonces == 2)
        #expect(await check(restarted, "GET", get) == .failure(.replayedNonce))
        #expect(await check(restarted, "DELETE", delete) == .failure(.replayedNonce))
        #expect(await check(restarted, "GET", signed("GET", at: now.addingTimeInterval(30))) == .success("dev_1"))
    }

    @Test func nonceOlderThanTwoWindowsAreNotRestored() async throws {
        let journal = MemoryJournal()
        #expect(await check(try authenticator(journal), "GET", signed("GET")) == .success("dev_1"))
        let muchLater = try authenticator(journal, at: now.addingTimeInterval(121))
        #expect(muchLater.rememberedNonces == 0, "its timestamp is refused as stale anyway")
    }

    @Test func aNonceThatCannotBeRecordedIsRefusedNotAdmitted() async throws {
        let journal = MemoryJournal()
        journal.state.withLock { $0.failing = true }
        let auth = try authenticator(journal)
        let failure = await check(auth, "POST", signed("POST"))
        #expect(failure == .failure(.journalUnavailable))
        #expect(AuthenticationFailure.journalUnavailable.isServerSide)
        #expect(!AuthenticationFailure.replayedNonce.isServerSide)
    }

    @Test func fingerprintsAreStableAndSeparateDeviceFromNonce() {
        let one = NonceCache.fingerprint(deviceID: "dev_1", nonce: "abcdefghijklmnop")
        #expect(one == NonceCache.fingerprint(deviceID: "dev_1", nonce: "abcdefghijklmnop"))
        #expect(one != NonceCache.fingerprint(deviceID: "dev_1a", nonce: "bcdefghijklmnop"))
        // SHA-256(00 05 "dev_1" "abcdefghijklmnop"), first 8 bytes: the same value in every process and release.
        let message: [UInt8] = [0, 5] + Array("dev_1abcdefghijklmnop".utf8)
        let expected = SHA256.hash(message).prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(one == expected)
    }
}
