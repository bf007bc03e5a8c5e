import CSodium

/// Comparison whose running time does not depend on where the inputs differ (`sodium_memcmp`).
public enum ConstantTime {
    /// True when `a` and `b` hold the same bytes. False when their lengths differ (the length is not secret).
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        Sodium.ensureInitialized()
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in sodium_memcmp(x.baseAddress!, y.baseAddress!, a.count) == 0 }
        }
    }
}
