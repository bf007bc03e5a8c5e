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

    /// Paths of regular files (at most 16 MiB each) under `directories` that contain the secret's seed.
    static func find(_ secret: SecureBytes, under directories: [URL], excluding excluded: String?) -> [String] {
        let seed = secret.withUnsafeBytes { Array($0.prefix(32)) }
        let needles: [[UInt8]] = [
            seed, Array(Data(seed).base64EncodedString().prefix(40).utf8),
            Array(seed.map { String(format: "%02x", $0) }.joined().utf8),
        ]
        var hits = Set<String>()
        for directory in directories {
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = directory.appendingPathComponent(relative).path
                guard path != excluded,
                    let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                    attributes[.type] as? FileAttributeType == .typeRegular,
                    (attributes[.size] as? Int ?? 0) <= 16 << 20,
                    let data = FileManager.default.contents(atPath: path)
                else { continue }
                if needles.contains(where: { data.range(of: Data($0)) != nil }) { hits.insert(path) }
            }
        }
        return hits.sorted()
    }
}
