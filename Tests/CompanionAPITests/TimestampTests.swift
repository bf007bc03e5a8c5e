import Foundation
import Testing

@testable import CompanionAPI

struct TimestampTests {
    @Test func formatsWithMillisecondsAndZ() {
        let date = Date(timeIntervalSince1970: 1_772_013_600.123)
        #expect(Timestamp.string(from: date) == "2026-02-25T10:00:00.123Z")
        #expect(Timestamp.string(from: Timestamp.date(from: "2026-02-25T10:00:00.000Z")!) == "2026-02-25T10:00:00.000Z")
    }

    @Test func parsesWithAndWithoutFraction() {
        #expect(Timestamp.date(from: "2026-02-25T10:00:00Z") == Timestamp.date(from: "2026-02-25T10:00:00.000Z"))
        #expect(Timestamp.date(from: "2026-02-25T10:00:00.000Z")?.timeIntervalSince1970 == 1_772_013_600)
    }

    @Test(arguments: ["", "yesterday", "2026-02-25", "2026-13-25T10:00:00.000Z", "10:00:00"])
    func rejectsNonTimestamps(text: String) {
        #expect(Timestamp.date(from: text) == nil)
    }

    @Test func decoderRejectsBadTimestamp() {
        let body = #"{"id":"a","name":"n","lastSeenAt":"soon"}"#
        #expect(throws: DecodingError.self) { try CompanionJSON.decode(CompanionDevice.self, from: Data(body.utf8)) }
    }

    @Test func truncationSurvivesTheWire() throws {
        let date = Timestamp.truncated(Date(timeIntervalSince1970: 1_772_013_600.123_456))
        #expect(Timestamp.date(from: Timestamp.string(from: date)) == date)
    }
}

/// Dates that binary floating point cannot hold exactly still format and round-trip to the right millisecond.
struct TimestampPrecisionTests {
    @Test(arguments: 0..<1000)
    func everyMillisecondRoundTrips(millis: Int) throws {
        let text = String(format: "2026-02-25T10:00:00.%03dZ", millis)
        let date = try #require(Timestamp.date(from: text))
        #expect(Timestamp.string(from: date) == text)
        #expect(Timestamp.truncated(date) == date)
        let shifted = Date(timeIntervalSince1970: 1_772_013_600 + Double(millis) / 1000 + 0.000_4)
        #expect(Timestamp.string(from: Timestamp.truncated(shifted)) == text)
        #expect(
            Timestamp.date(from: Timestamp.string(from: Timestamp.truncated(shifted))) == Timestamp.truncated(shifted))
    }

    @Test func beforeTheEpoch() {
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
        #expect(Timestamp.date(from: "1969-12-31T23:59:59.500Z") == Date(timeIntervalSince1970: -0.5))
    }
}
