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

    /// A new buffer holding a copy of `bytes`, made straight into storage that is zeroed when released: no
    /// intermediate `Array` holds the secret on its way.
    package init(copying bytes: UnsafeRawBufferPointer) {
        Sodium.ensureInitialized()
        storage = [UInt8](repeating: 0, count: bytes.count)
        storage.withUnsafeMutableBytes { target in
            if let base = bytes.baseAddress, bytes.count > 0 {
                target.baseAddress!.copyMemory(from: base, byteCount: bytes.count)
            }
        }
    }

    /// An independent copy, made as ``init(copying:)`` makes one.
    package func copy() -> SecureBytes {
        storage.withUnsafeBytes { SecureBytes(copying: $0) }
    }

    deinit {
        storage.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { sodium_memzero(base, raw.count) }
        }
    }

    /// Number of bytes.
    public var count: Int { storage.count }

    /// Read access to the bytes. Do not let them escape the closure. `package`: no code outside CompanionKit's
    /// package reads a secret's bytes (ARCHITECTURE.md, "Secrets travel as `SecureBytes`").
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes(body)
    }

    /// Write access to the bytes, e.g. for a C function filling a key (`package`, as ``withUnsafeBytes(_:)``: a
    /// mutable pointer reads as well).
    package func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
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
