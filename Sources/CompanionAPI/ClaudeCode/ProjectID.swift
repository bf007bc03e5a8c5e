import CompanionCrypto
import Foundation

/// The id of a project, derived from its path: the first 16 bytes of SHA-256 of the path's UTF-8, with the
/// version (5) and variant bits of a name-based UUID set, the derivation the ILS backend uses (so the ids
/// agree with it). The same path gives the same id on every request and every machine.
public enum ProjectID {
    /// The id of the project at `path`.
    public static func forPath(_ path: String) -> UUID {
        var bytes = Array(SHA256.hash(Array(path.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
