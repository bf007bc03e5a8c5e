import CompanionCrypto
import Foundation

/// The per-install secret Claude Code sends with every hook (``CompanionAgents/secretHeader``), kept in the
/// sidecar's data directory (mode 0600) and in the user's settings file. Never logged or printed.
public struct HookSecret: Sendable {
    static let fileName = "claude-hooks-secret"
    private let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// A new random secret (32 bytes, base64url).
    static func generate() -> HookSecret { HookSecret(bytes: Array(SecureRandom.token(byteCount: 32).utf8)) }

    /// The secret stored in `stateDirectory`, or nil when hooks were never installed from there.
    public static func load(stateDirectory: String) -> HookSecret? {
        guard let bytes = try? AtomicFile.read(stateDirectory + "/" + fileName), !bytes.isEmpty else { return nil }
        return HookSecret(bytes: bytes)
    }

    func save(stateDirectory: String) throws(SettingsFileError) {
        try AtomicFile.write(bytes, to: stateDirectory + "/" + Self.fileName)
    }

    static func remove(stateDirectory: String) throws(SettingsFileError) {
        try AtomicFile.remove(stateDirectory + "/" + fileName)
    }

    /// True when `presented` is this secret (compared in constant time).
    public func matches(_ presented: String?) -> Bool {
        guard let presented else { return false }
        return ConstantTime.equals(Array(presented.utf8), bytes)
    }

    /// True when `text` holds this secret anywhere (every window compared in constant time, whatever matched):
    /// how the sidecar finds the secret wherever it wrote it, to mask it.
    public func occurs(in text: String) -> Bool {
        let haystack = Array(text.utf8)
        guard !bytes.isEmpty, haystack.count >= bytes.count else { return false }
        var found = false
        for start in 0...(haystack.count - bytes.count) {
            let window = Array(haystack[start..<(start + bytes.count)])
            found = ConstantTime.equals(window, bytes) || found
        }
        return found
    }

    /// The text written into the settings file.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
