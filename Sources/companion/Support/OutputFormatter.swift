import CompanionAPI
import Foundation

/// `--json` output: the API's coders (timestamps with milliseconds and `Z`), pretty, sorted keys.
enum CompanionJSONOutput {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        try CompanionJSON.encode(value, pretty: true)
    }
}
