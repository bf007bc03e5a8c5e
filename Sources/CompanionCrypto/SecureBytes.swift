import CSodium

/// Secret bytes that are zeroed (`sodium_memzero`) when released, never printed, never encoded,
/// and compared only in constant time (``constantTimeEquals(_:)``).
public final class SecureBytes: @unchecked Sendable {
    private var storage: [UInt8]

    /// Takes ownership of `bytes`; the caller should not keep other copies.
    public init(_ bytes: [UInt8]) {
        Sodium.ensureInitialized()
        storage = bytes
    }

    /// A buffer of `count` zero bytes to be filled through ``withUnsafeMutableBytes(_:)``.
    public init(count: Int) {
        Sodium.ensureInitialized()
        storage = [UInt8](repeating: 0, count: count)
    }

    deinit {
        storage.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { sodium_memzero(base, raw.count) }
        }
    }

    /// Number of bytes.
    public var count: Int { storage.count }

    /// Read access to the bytes. Do not let them escape the closure.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes(body)
    }

    /// Write access to the bytes, e.g. for a C function filling a key.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeMutableBytes(body)
    }

    /// Constant-time comparison (`sodium_memcmp`); false when lengths differ.
    public func constantTimeEquals(_ other: SecureBytes) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBytes { a in
            other.withUnsafeBytes { b in
                count == 0 || sodium_memcmp(a.baseAddress!, b.baseAddress!, count) == 0
            }
        }
    }
}

extension SecureBytes: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "SecureBytes(\(count) bytes, redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
