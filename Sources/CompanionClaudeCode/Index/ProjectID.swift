import CompanionCrypto
import Foundation

/// Project identifiers, derived from the project's real path (``NameBasedUUID``: the ILS backend's
/// derivation, so the ids agree with it). The same path gives the same id on every request, every machine and
/// after every index rebuild.
package enum ProjectID {
    /// The id of the project whose real path is `path`.
    package static func forPath(_ path: String) -> UUID { NameBasedUUID.make(path) }
}

/// A UUID that is a function of a name: the first 16 bytes of SHA-256 of the name's UTF-8, with the version (5)
/// and variant bits of a name-based UUID set.
package enum NameBasedUUID {
    package static func make(_ name: String) -> UUID {
        var bytes = Array(SHA256.hash(Array(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
