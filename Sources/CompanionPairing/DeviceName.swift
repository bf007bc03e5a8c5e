import CompanionAPI
import Foundation

/// The name this device gives itself when pairing: the one chosen, or the host name, so that pairing by QR
/// needs no typing. What a name may be is ``DeviceNameRule`` (shared with the sidecar).
public enum DeviceName {
    /// Longest name accepted, in characters (``DeviceNameRule/maxLength``).
    public static let maxLength = DeviceNameRule.maxLength
    /// Used when the host name is empty or unusable.
    public static let fallback = "companion"

    /// The explicit name if given (trimmed; nil if unusable), else the host name made presentable.
    public static func resolve(explicit: String?, hostName: String) -> String? {
        if let explicit {
            let trimmed = explicit.trimmingCharacters(in: .whitespacesAndNewlines)
            return isValid(trimmed) ? trimmed : nil
        }
        return fromHostName(hostName)
    }

    /// The host name without trailing dots or the characters labels may not hold, cut to ``maxLength``;
    /// ``fallback`` if empty.
    public static func fromHostName(_ hostName: String) -> String {
        var name = String(String.UnicodeScalarView(hostName.unicodeScalars.filter { !HumanLabel.isForbidden($0) }))
        name = name.trimmingCharacters(in: .whitespaces)
        while name.hasSuffix(".") { name.removeLast() }
        name = String(name.prefix(maxLength)).trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? fallback : name
    }

    /// True when `name` is accepted by ``DeviceNameRule``.
    public static func isValid(_ name: String) -> Bool { DeviceNameRule.isValid(name) }
}
