/// What a device name may be: the one definition the companion (before sending) and the sidecar (at
/// `pairing/complete`) both apply.
public enum DeviceNameRule {
    /// Longest name accepted, in Unicode code points: what JSON Schema's `maxLength` counts (openapi.yaml), and a
    /// bound on combining marks too, which a count of visible characters would let pile up without limit.
    public static let maxLength = 64

    /// Why `name` (already trimmed of surrounding white space) is refused, in one sentence; nil when accepted.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "deviceName must not be empty" }
        if name.unicodeScalars.count > maxLength { return "deviceName is longer than \(maxLength) characters" }
        return HumanLabel.problem(name, field: "deviceName")
    }

    /// True when `name` has 1 to ``maxLength`` characters and none that ``HumanLabel`` forbids.
    public static func isValid(_ name: String) -> Bool { problem(name) == nil }
}
