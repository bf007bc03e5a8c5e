import CompanionAPI
import Foundation

/// The optional `X-API-Key` of the orchestrator brief: a shared secret the task routes accept when configured.
package struct TaskAPIKey: Sendable {
    /// The header that carries it.
    package static let headerName = "X-API-Key"
    /// Environment variable the sidecar reads the key from when no file is given.
    package static let environmentVariable = "COMPANION_SIDECAR_API_KEY"

    private let bytes: [UInt8]
    /// The scopes of a key configured without any: read and run tasks, nothing more. A bearer secret that an agent
    /// may read (from its file, or the sidecar's `/proc/PID/environ`) must not approve that agent's permission
    /// requests or reconfigure Claude Code.
    package static let defaultScopes: Set<DeviceScope> = [.read, .tasks]

    /// What a request carrying the key may do: ``defaultScopes`` unless configured otherwise (`sidecar serve
    /// --api-key-scopes`, `$COMPANION_SIDECAR_API_KEY_SCOPES`, `[sidecar] api-key-scopes`).
    package var scopes: Set<DeviceScope> = TaskAPIKey.defaultScopes

    /// A key of at least 16 characters, surrounding whitespace removed.
    package init(_ text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count >= 16 else { throw TaskAPIKeyError.tooShort }
        bytes = Array(trimmed.utf8)
    }

    /// Reads the key from a file (first line), e.g. `--api-key-file`.
    package init(contentsOfFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw TaskAPIKeyError.unreadable(path) }
        try self.init(String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "")
    }

    /// True when `candidate` is the key; the comparison takes the same time wherever they differ.
    package func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let other = Array(candidate.utf8)
        var difference: UInt8 = other.count == bytes.count ? 0 : 1
        for index in 0..<bytes.count {
            difference |= bytes[index] ^ (index < other.count ? other[index] : 0)
        }
        return difference == 0
    }
}

/// Why an API key could not be used.
package enum TaskAPIKeyError: Error, CustomStringConvertible {
    case tooShort
    case unreadable(String)

    package var description: String {
        switch self {
        case .tooShort: "the API key must be at least 16 characters"
        case .unreadable(let path): "cannot read the API key file \(path)"
        }
    }
}
