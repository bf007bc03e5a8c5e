import CompanionClient

/// Every failure of the ``Companion`` API: what happened, in one sentence, and what to do next.
///
/// ``kind`` sorts failures into the groups a program (or the `companion` CLI, which maps each kind to a
/// documented exit code) acts on. Messages may quote the sidecar; they are plain text, not escaped for a
/// terminal — print them through `TerminalSafeText`.
public struct CompanionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The group a failure belongs to.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Something failed that fits no other kind.
        case failure
        /// The vault is unreachable, locked, or its passphrase is wrong.
        case vault
        /// The sidecar could not be reached (refused, offline, wrong URL, timeout, redirect).
        case network
        /// The sidecar answered with an error, or with something that is not the contract.
        case server
        /// Pairing failed: wrong, expired, used or burned code; not a pairing QR code.
        case pairing
        /// This companion is not paired with that sidecar, or its pairing was revoked.
        case notPaired
        /// The sidecar's identity could not be verified, or the person did not confirm it.
        case trust
        /// The input was refused before anything was sent (a code, a URL, a name, an id).
        case invalidInput
        /// The image holds no readable QR code.
        case qrNotFound
        /// The file is not a readable image.
        case badImage
        /// The image is too large to decode safely.
        case imageTooLarge
    }

    public var kind: Kind
    /// One line saying what happened.
    public var message: String
    /// What to do next, when there is something to say.
    public var hint: String?
    /// The client error behind this failure, for programs that need the HTTP status or server code.
    public var clientError: CompanionClientError?

    public init(_ kind: Kind, _ message: String, hint: String? = nil, clientError: CompanionClientError? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
        self.clientError = clientError
    }

    public var description: String { message }
}
