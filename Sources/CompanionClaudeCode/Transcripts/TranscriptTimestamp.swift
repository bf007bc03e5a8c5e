import Foundation

/// Parses the transcripts' timestamps (`2026-11-23T19:31:11.527Z`: ISO 8601, UTC, optional fraction) without a
/// formatter, since every record carries one. Other offsets than `Z` and `±hh:mm` are rejected (`nil`).
enum TranscriptTimestamp {
    static func parse(_ text: String) -> Date? {
        var utf8 = text.utf8.makeIterator()
        func number(_ digits: Int) -> Int? {
            var value = 0
            for _ in 0..<digits {
                guard let byte = utf8.next(), byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func expect(_ character: UInt8) -> Bool { utf8.next() == character }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2), expect(UInt8(ascii: "T")), let hour = number(2), expect(UInt8(ascii: ":")),
            let minute = number(2), expect(UInt8(ascii: ":")), let second = number(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        var next = utf8.next()
        if next == UInt8(ascii: ".") {
            var scale = 0.1
            next = utf8.next()
            while let byte = next, byte >= 48, byte <= 57 {
                fraction += Double(byte - 48) * scale
                scale /= 10
                next = utf8.next()
            }
        }
        var offsetSeconds = 0
        switch next {
        case UInt8(ascii: "Z"):
            break
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let hours = number(2), expect(UInt8(ascii: ":")), let minutes = number(2) else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (next == UInt8(ascii: "+") ? 1 : -1)
        default:
            return nil
        }
        guard utf8.next() == nil else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
