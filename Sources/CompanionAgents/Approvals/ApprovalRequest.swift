import CompanionCrypto
import Foundation

/// A permission request held for a paired device to decide.
package struct ApprovalRequest: Sendable, Equatable {
    /// Random id a device decides by.
    package var id: String
    /// The session it belongs to (an agent id or Claude Code's `session_id`).
    package var sessionKey: String
    package var toolName: String?
    package var inputSummary: String?
    /// The whole tool input as JSON, what a device is shown before it decides; nil when it is longer than
    /// ``maxShownInputBytes`` (such a request can be denied from a device, not allowed).
    package var input: String?
    /// How long the tool input is, in bytes of its JSON.
    package var inputBytes: Int
    /// The rules `allow always` keeps for the session: the ones Claude Code suggested (none: `always` is refused).
    package var alwaysRules: [PermissionRule]
    package var project: String?
    package var since: Date
    /// SHA-256 (hex) of the tool name and input, recorded in the audit log with the decision.
    package var digest: String

    /// Longest tool input a device is shown (and may allow): 64 KiB of JSON.
    package static let maxShownInputBytes = 64 << 10

    package init(
        id: String = ApprovalRequest.newID(), sessionKey: String, toolName: String?, inputSummary: String?,
        input: String? = nil, alwaysRules: [PermissionRule] = [], project: String?, since: Date, digestSource: [UInt8]
    ) {
        self.id = id
        self.sessionKey = sessionKey
        self.toolName = toolName
        self.inputSummary = inputSummary
        self.inputBytes = input?.utf8.count ?? 0
        self.input = inputBytes <= Self.maxShownInputBytes ? input : nil
        self.alwaysRules = alwaysRules
        self.project = project
        self.since = since
        self.digest = HexEncoding.lowercase(SHA256.hash(digestSource))
    }

    /// `ap-` and 12 random base64url characters.
    package static func newID() -> String { "ap-" + SecureRandom.token(byteCount: 9) }

    /// Whether `shown` (hex, any case) is the digest `held`: the device decides the request it showed. A digest is
    /// public (it is in every listing), so an ordinary comparison is enough.
    package static func digestsMatch(_ held: String, _ shown: String) -> Bool {
        shown.utf8.count == held.utf8.count && shown.lowercased() == held
    }
}
