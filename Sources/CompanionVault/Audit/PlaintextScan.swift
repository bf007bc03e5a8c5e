import CompanionCrypto
import CompanionPaths
import Foundation

/// Looks for copies of a secret key, raw or base64 or hex encoded, in CompanionKit's own directories.
enum PlaintextScan {
    /// `$XDG_{DATA,STATE,CONFIG,CACHE}_HOME/companionkit` (with the XDG defaults), where every CompanionKit
    /// file lives, the sidecar's included.
    static func companionDirectories(_ profile: String) -> [URL] {
        let directories = CompanionDirectories()
        return CompanionDirectories.XDGBase.allCases.map { directories.applicationDirectory($0) }
    }

    /// Paths of regular files (at most 16 MiB each) under `directories` that contain the secret's seed: raw, as
    /// lowercase hex, or as base64 (its first 40 characters, which do not depend on what follows the seed). The
    /// encoded seeds live in buffers zeroed when released, and each file's contents are zeroed once searched.
    static func find(_ secret: SecureBytes, under directories: [URL], excluding excluded: String?) -> [String] {
        let seed = secret.prefix(32)
        let needles = [seed, seed.hexEncoded(), seed.base64Encoded().prefix(40)]
        var hits = Set<String>()
        for directory in directories {
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = directory.appendingPathComponent(relative).path
                guard path != excluded,
                    let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                    attributes[.type] as? FileAttributeType == .typeRegular,
                    (attributes[.size] as? Int ?? 0) <= 16 << 20,
                    var contents = FileManager.default.contents(atPath: path)
                else { continue }
                if needles.contains(where: { Self.contents(contents, contain: $0) }) { hits.insert(path) }
                contents.resetBytes(in: 0..<contents.count)
            }
        }
        return hits.sorted()
    }

    /// Whether `needle` (not empty) occurs in `contents`; the needle is searched for in place, never copied.
    static func contents(_ contents: Data, contain needle: SecureBytes) -> Bool {
        needle.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress, bytes.count > 0 else { return false }
            let borrowed = Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: bytes.count, deallocator: .none)
            return contents.range(of: borrowed) != nil
        }
    }
}
