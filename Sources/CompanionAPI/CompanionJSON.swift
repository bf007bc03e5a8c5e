import Foundation

/// JSON coders configured for the companion API: timestamps in ``Timestamp`` format,
/// keys as written in the contract (no key conversion).
public enum CompanionJSON {
    /// An encoder writing ``Timestamp`` dates and sorted keys (stable output for tests and `--json`).
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.string(from: date))
        }
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder reading ``Timestamp`` dates; an unparseable date is a decoding error.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription:
                        "Expected an ISO 8601 timestamp such as 2026-02-25T10:00:00.000Z, got \(text.prefix(40))")
            }
            return date
        }
        return decoder
    }

    /// Encodes a value with ``encoder(pretty:)``.
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        try encoder(pretty: pretty).encode(value)
    }

    /// Decodes a value with ``decoder()``.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decoder().decode(type, from: data)
    }
}
