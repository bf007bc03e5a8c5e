import Foundation

/// A value of a SKILL.md frontmatter key, as JSON can carry it (YAML dates become ISO 8601 text).
package indirect enum FrontmatterValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([FrontmatterValue])
    case object([String: FrontmatterValue])

    /// The value Yams constructed for one YAML node.
    init(yaml value: Any?) {
        switch value {
        case nil, is NSNull: self = .null
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .number(Double(value))
        case let value as Double: self = .number(value)
        case let value as String: self = .string(value)
        case let value as Date: self = .string(ISO8601DateFormatter().string(from: value))
        case let value as Data: self = .string(value.base64EncodedString())
        case let value as [Any]: self = .array(value.map { FrontmatterValue(yaml: $0) })
        case let value as [AnyHashable: Any]:
            self = .object(
                Dictionary(
                    value.map { ("\($0.key.base)", FrontmatterValue(yaml: $0.value)) }, uniquingKeysWith: { a, _ in a })
            )
        case let value as [String: Any]:
            self = .object(value.mapValues { FrontmatterValue(yaml: $0) })
        case let value?: self = .string("\(value)")
        }
    }

    /// The text of a string value (numbers and booleans as YAML wrote them are not text).
    package var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
