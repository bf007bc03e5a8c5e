import CompanionAPI
import Foundation

/// The CLI's one output formatter: text, a JSON document (`--json`) and JSON lines (one event a line, for streams
/// such as `watch --json` and `tail --json`), in either JSON dialect. Every command writes its output through it;
/// `scripts/check-one-formatter.sh` fails on another JSON encoder in `Sources/CompanionCLI`.
///
/// Output is written to standard output at once, not through `print`'s buffer, so a pipe (`… --json | jq`) sees
/// each line as it is made.
enum OutputFormatter {
    /// Which dates a JSON output carries.
    enum Dialect {
        /// The companion API's (``CompanionJSON``: ISO 8601 with milliseconds and `Z`): status, devices, tasks,
        /// pairing, the sidecar's announcement.
        case companion
        /// The Claude Code API's (``ClaudeAPIJSON``: whole seconds): `/api/v1` values, agent events, settings.
        case claudeCode
    }

    /// `value` as a JSON document: sorted keys, indented, slashes as they are.
    static func document<T: Encodable>(_ value: T, _ dialect: Dialect = .companion) throws -> String {
        String(decoding: try encoder(dialect, pretty: true).encode(value), as: UTF8.self)
    }

    /// `value` as one JSON line (compact, sorted keys), without its newline.
    static func line<T: Encodable>(_ value: T, _ dialect: Dialect = .companion) throws -> String {
        String(decoding: try encoder(dialect, pretty: false).encode(value), as: UTF8.self)
    }

    /// Writes `value` as a JSON document and a newline to standard output.
    static func printJSON<T: Encodable>(_ value: T, _ dialect: Dialect = .companion) throws {
        write(try document(value, dialect) + "\n")
    }

    /// Writes `value` as one JSON line (and its newline) to standard output.
    static func printJSONLine<T: Encodable>(_ value: T, _ dialect: Dialect = .companion) throws {
        write(try line(value, dialect) + "\n")
    }

    /// Writes `text` to standard output as it is (the caller made what came from elsewhere safe).
    static func write(_ text: String) {
        writeStandardOutput(text)
    }

    private static func encoder(_ dialect: Dialect, pretty: Bool) -> JSONEncoder {
        switch dialect {
        case .companion:
            return CompanionJSON.encoder(pretty: pretty)
        case .claudeCode:
            let encoder = ClaudeAPIJSON.encoder()
            encoder.outputFormatting =
                pretty
                ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
            return encoder
        }
    }
}
