import Foundation

/// The phone web app's files, as shipped inside the binary (the WebAppAssets plugin embeds `app/` at build time).
///
/// Paths are relative to `app/` with `/` separators (`index.html`, `js/app.js`); the sidecar serves them under
/// `/app/`. Nothing is read from the file system at run time, so a copied `companion` binary serves the same app.
public enum WebAppFiles {
    /// One file: its path and its bytes.
    public struct File: Sendable {
        public let path: String
        public let bytes: [UInt8]
    }

    /// Every file, by path; decoded once, on first use.
    public static let all: [String: File] = {
        var files: [String: File] = [:]
        for (path, base64) in generated {
            guard let data = Data(base64Encoded: base64) else { continue }
            files[path] = File(path: path, bytes: Array(data))
        }
        return files
    }()

    /// The file at `path` (relative to `app/`), or nil.
    public static func file(at path: String) -> File? { all[path] }
}
