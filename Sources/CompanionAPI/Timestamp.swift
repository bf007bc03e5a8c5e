import Foundation

/// The wire format of every timestamp in the API: ISO 8601 in UTC with milliseconds and `Z`,
/// e.g. `2026-02-25T10:00:00.000Z`, exactly as the pairing brief writes them.
public enum Timestamp {
    private static let withMillis = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
    private static let withoutMillis = Date.ISO8601FormatStyle(includingFractionalSeconds: false, timeZone: .gmt)

    /// Formats a date as `yyyy-MM-ddTHH:mm:ss.SSSZ`.
    public static func string(from date: Date) -> String {
        date.formatted(withMillis)
    }

    /// Parses a timestamp with or without fractional seconds; nil when it is not ISO 8601.
    public static func date(from string: String) -> Date? {
        if let date = try? withMillis.parse(string) { return date }
        return try? withoutMillis.parse(string)
    }

    /// A date truncated to whole milliseconds, so that it survives a round trip through the wire format.
    public static func truncated(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
