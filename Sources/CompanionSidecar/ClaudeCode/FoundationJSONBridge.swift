import CompanionAPI
import CompanionClaudeCode
import Foundation

/// Between the API's ``ArbitraryJSON`` and the Foundation values `JSONSerialization` reads and writes (what
/// `CompanionClaudeCode` edits Claude Code's files with).
enum FoundationJSONBridge {
    static func json(_ value: Any) -> ArbitraryJSON {
        switch value {
        case is NSNull: return .null
        case let text as String: return .string(text)
        case let number as NSNumber:
            return ClaudeSettingsValidation.isBool(number) ? .bool(number.boolValue) : .number(number.doubleValue)
        case let array as [Any]: return .array(array.map(json))
        case let object as [String: Any]: return .object(object.mapValues(json))
        default: return .null
        }
    }

    static func foundation(_ value: ArbitraryJSON) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .number(let number):
            if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return Int64(number) }
            return number
        case .string(let text): return text
        case .array(let values): return values.map(foundation)
        case .object(let members): return members.mapValues(foundation)
        }
    }
}
