import Testing

@testable import CompanionAPI

/// The replay memory behind signed requests: exact within the window, bounded, and cheap to prune.
struct NonceCacheTests {
    @Test func replaysAreRefusedForAsLongAsTheTimestampCouldBeAccepted() {
        var cache = NonceCache(windowMillis: 60_000)
        let first = cache.insert(deviceID: "d", nonce: "n", timestampMillis: 1_000_000, nowMillis: 1_000_000)
        #expect(first)
        // The same signed timestamp seen later (even with the clock stepped back) is still a replay.
        for now in [1_000_000, 1_059_999, 1_060_000, 940_000, 1_119_999] as [Int64] {
            let again = cache.insert(deviceID: "d", nonce: "n", timestampMillis: 1_000_000, nowMillis: now)
            #expect(!again, "\(now)")
        }
        let otherNonce = cache.insert(deviceID: "d", nonce: "n2", timestampMillis: 1_000_001, nowMillis: 1_000_001)
        let otherDevice = cache.insert(deviceID: "e", nonce: "n", timestampMillis: 1_000_000, nowMillis: 1_000_001)
        #expect(otherNonce && otherDevice)
        #expect(cache.count == 3)
    }

    @Test func bucketsAreDroppedWholeOnceOlderThanTwoWindows() {
        var cache = NonceCache(windowMillis: 60_000)
        var accepted = 0
        for i in 0..<1_000 {
            let time = Int64(i) * 100
            if cache.insert(deviceID: "d", nonce: "a\(i)", timestampMillis: time, nowMillis: time) { accepted += 1 }
        }
        #expect(accepted == 1_000 && cache.count == 1_000)
        _ = cache.insert(deviceID: "d", nonce: "late", timestampMillis: 400_000, nowMillis: 400_000)
        #expect(cache.count == 1, "everything before 400 s - 120 s is gone")
    }

    @Test func aFullCacheRefusesNewNoncesUntilOldOnesExpire() {
        var cache = NonceCache(windowMillis: 60_000, capacity: 3)
        var accepted = 0
        for i in 0..<3 where cache.insert(deviceID: "d", nonce: "\(i)", timestampMillis: 0, nowMillis: 0) {
            accepted += 1
        }
        let overflow = cache.insert(deviceID: "d", nonce: "x", timestampMillis: 0, nowMillis: 0)
        let later = cache.insert(deviceID: "d", nonce: "x", timestampMillis: 200_000, nowMillis: 200_000)
        #expect(accepted == 3 && !overflow && later)
    }
}

/// Clock steps: a nonce forgotten after a jump forward cannot be replayed once the clock comes back.
struct NonceCacheClockStepTests {
    @Test func timestampsOfDroppedBucketsStayRefusedAfterTheClockStepsBack() {
        var cache = NonceCache(windowMillis: 60_000)
        let first = cache.insert(deviceID: "d", nonce: "n", timestampMillis: 1_000_000, nowMillis: 1_000_000)
        // The clock jumps ten minutes ahead (dropping the bucket), then back to where it was.
        _ = cache.insert(deviceID: "d", nonce: "other", timestampMillis: 1_600_000, nowMillis: 1_600_000)
        let replay = cache.insert(deviceID: "d", nonce: "n", timestampMillis: 1_000_000, nowMillis: 1_000_500)
        let fresh = cache.insert(deviceID: "d", nonce: "new", timestampMillis: 1_000_400, nowMillis: 1_000_500)
        #expect(first && !replay && !fresh, "old timestamps are refused (a false refusal, never a replay)")
    }
}
