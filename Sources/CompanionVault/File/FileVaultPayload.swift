import CompanionCrypto
import Foundation

/// One item inside the encrypted payload.
struct FileVaultEntry {
    var metadata: VaultItemMetadata
    var secret: SecureBytes
}

/// The decrypted payload of a file vault: a binary list of items, parsed straight from and into
/// ``SecureBytes`` so secrets never pass through Swift strings or JSON.
///
/// ```
/// u32 count, then per item:
///   u16+utf8 name, u16+utf8 label, u16+utf8 kind,
///   u64 created, u64 modified (milliseconds since 1970), u32 secret length, secret bytes
/// ```
enum FileVaultPayload {
    static func encode(_ entries: [FileVaultEntry]) -> SecureBytes {
        var total = 4
        for entry in entries {
            let m = entry.metadata
            total += 6 + m.name.utf8.count + m.label.utf8.count + m.kind.rawValue.utf8.count + 20 + entry.secret.count
        }
        let out = SecureBytes(count: total)
        out.withUnsafeMutableBytes { raw in
            var offset = 0
            func put(_ bytes: [UInt8]) {
                raw.baseAddress!.advanced(by: offset).copyMemory(from: bytes, byteCount: bytes.count)
                offset += bytes.count
            }
            var header = ByteWriter()
            header.u32(UInt32(entries.count))
            put(header.bytes)
            for entry in entries {
                var fields = ByteWriter()
                fields.string(entry.metadata.name)
                fields.string(entry.metadata.label)
                fields.string(entry.metadata.kind.rawValue)
                fields.u64(UInt64(max(0, entry.metadata.created.timeIntervalSince1970 * 1000)))
                fields.u64(UInt64(max(0, entry.metadata.modified.timeIntervalSince1970 * 1000)))
                fields.u32(UInt32(entry.secret.count))
                put(fields.bytes)
                entry.secret.withUnsafeBytes { secret in
                    if secret.count > 0 {
                        raw.baseAddress!.advanced(by: offset).copyMemory(
                            from: secret.baseAddress!, byteCount: secret.count)
                    }
                    offset += secret.count
                }
            }
        }
        return out
    }

    static func decode(_ payload: SecureBytes) throws -> [FileVaultEntry] {
        try payload.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            let count = Int(try reader.u32())
            var entries: [FileVaultEntry] = []
            for _ in 0..<count {
                let name = try reader.string()
                let label = try reader.string()
                let kind = VaultItemKind(rawValue: try reader.string()) ?? .other
                let created = Date(timeIntervalSince1970: Double(try reader.u64()) / 1000)
                let modified = Date(timeIntervalSince1970: Double(try reader.u64()) / 1000)
                let secret = SecureBytes(copying: try reader.take(Int(try reader.u32())))
                entries.append(
                    FileVaultEntry(
                        metadata: VaultItemMetadata(
                            name: name, label: label, kind: kind, created: created, modified: modified),
                        secret: secret))
            }
            guard reader.remaining == 0 else { throw ByteReader.Truncated() }
            return entries
        }
    }
}
