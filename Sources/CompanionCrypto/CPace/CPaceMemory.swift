import CSodium

/// Zeroing of temporary copies of secret bytes (`sodium_memzero`, which the compiler does not remove).
enum CPaceMemory {
    static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { sodium_memzero(base, raw.count) }
        }
    }
}
