import Foundation

/// The wire format of every timestamp in the API: ISO 8601 in UTC with milliseconds and `Z`,
/// e.g. `2026-02-25T10:00:00.000Z`, exactly as the pairing brief writes them.
///
/// Milliseconds are computed from the date rounded to the microsecond, not by the formatter's truncation of
/// the binary floating-point value (which printed `…00.122Z` for `…00.123`), and parsed dates are snapped to
/// whole milliseconds, so `date(from: string(from: truncated(d))) == truncated(d)` holds exactly.
public enum Timestamp {
    private static let withMillis = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
    private static let withoutMillis = Date.ISO8601FormatStyle(includingFractionalSeconds: false, timeZone: .gmt)

    /// Formats a date as `yyyy-MM-ddTHH:mm:ss.SSSZ`.
    public static func string(from date: Date) -> String {
        let millis = milliseconds(of: date)
        let seconds = floorDivide(millis, 1000)
        let whole = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(withoutMillis)
        return String(whole.dropLast()) + String(format: ".%03dZ", Int(millis - seconds * 1000))
    }

    /// The latest instant the wire format is read for: 9999-12-31T23:59:59.999Z. Later years are refused, not
    /// converted: their microseconds overflow Int64, which trapped (a QR payload with year 393940 stopped the CLI;
    /// found by FuzzQRPayload).
    public static let latest = Date(timeIntervalSince1970: 253_402_300_799.999)

    /// Parses a timestamp with or without fractional seconds; nil when it is not ISO 8601 or lies outside
    /// 0001…9999.
    public static func date(from string: String) -> Date? {
        guard let parsed = (try? withMillis.parse(string)) ?? (try? withoutMillis.parse(string)) else { return nil }
        guard parsed.timeIntervalSince1970.magnitude <= latest.timeIntervalSince1970 else { return nil }
        let millis = Int64((parsed.timeIntervalSince1970 * 1000).rounded())
        return Date(timeIntervalSince1970: TimeInterval(millis) / 1000)
    }

    /// A date truncated to whole milliseconds, so that it survives a round trip through the wire format.
    public static func truncated(_ date: Date) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds(of: date)) / 1000)
    }

    /// Whole milliseconds since 1970 (rounded down), from the date rounded to the microsecond.
    /// Dates beyond ±9999 years are clamped there first, so the conversion cannot overflow.
    private static func milliseconds(of date: Date) -> Int64 {
        let limit = latest.timeIntervalSince1970
        let seconds = min(max(date.timeIntervalSince1970, -limit), limit)
        return floorDivide(Int64((seconds * 1_000_000).rounded()), 1000)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
