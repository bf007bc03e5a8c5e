import Foundation

/// JSON coders of the Claude Code API (`/api/v1`): the ILS app's conventions, so that its own `APIClient`
/// (a `JSONDecoder` with `.iso8601` dates) decodes our answers unmodified.
///
/// Dates are ISO 8601 in UTC with whole seconds (`2026-11-23T19:40:00Z`): Foundation's `.iso8601` strategy
/// refuses fractional seconds, so we never write them. Reading accepts both forms, since other clients may
/// send either.
public enum ClaudeAPIJSON {
    /// An encoder writing whole-second ISO 8601 dates, keys as named in the contract, sorted for stable output.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(string(from: date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder reading ISO 8601 dates with or without fractional seconds.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 date such as 2026-11-23T19:40:00Z")
            }
            return date
        }
        return decoder
    }

    /// Encodes a value with ``encoder()``.
    public static func encode<T: Encodable>(_ value: T) throws -> Data { try encoder().encode(value) }

    /// Decodes a value with ``decoder()``.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decoder().decode(type, from: data)
    }

    /// `2026-11-23T19:40:00Z`: whole seconds (truncated), UTC; years past 9999 are clamped.
    public static func string(from date: Date) -> String {
        let seconds = min(max(date.timeIntervalSince1970.rounded(.down), -62_135_596_800), 253_402_300_799)
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM)`; nil for anything else.
    public static func date(from text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
