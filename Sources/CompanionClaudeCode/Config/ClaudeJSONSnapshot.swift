import CompanionFiles
import Foundation

/// One reading of a JSON file: its exact bytes, the object they hold and the file's stamp (inode, size,
/// modification time), which tells whether the file changed since.
package struct ClaudeJSONSnapshot: @unchecked Sendable {
    /// The file's bytes exactly as read (empty when the file does not exist).
    package let bytes: Data
    /// The top-level object (`[:]` for a missing or empty file). Values are Foundation's
    /// (`JSONSerialization`): `String`, `NSNumber`/`Bool`, `NSNull`, `[Any]`, `[String: Any]`.
    package let object: [String: Any]
    /// Whether the file existed.
    package let exists: Bool
    let stamp: FileStamp?
}
