import Foundation

/// The name this device gives itself when pairing: the one chosen, or the host name, so that pairing by QR
/// needs no typing.
public enum DeviceName {
    /// Longest name accepted, in characters.
    public static let maxLength = 64
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

    /// The host name without trailing dots or control characters, cut to ``maxLength``; ``fallback`` if empty.
    public static func fromHostName(_ hostName: String) -> String {
        var name = String(hostName.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) })
        name = name.trimmingCharacters(in: .whitespaces)
        while name.hasSuffix(".") { name.removeLast() }
        name = String(name.prefix(maxLength))
        return name.isEmpty ? fallback : name
    }

    /// True when `name` has 1 to ``maxLength`` characters and no control characters.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.count <= maxLength
            && !name.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) }
    }
}
