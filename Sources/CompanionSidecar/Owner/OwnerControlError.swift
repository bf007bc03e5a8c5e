/// Why an owner command (``OwnerControl``) failed: what happened and what to do next, never a raw library error.
package struct OwnerControlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, which the CLI maps to its exit code.
    package enum Kind: Sendable, Equatable {
        /// No sidecar has ever used this data directory.
        case noDataDirectory
        /// The sidecar runs but its owner socket cannot be reached (still starting, or the socket was removed).
        case unreachable
        /// The sidecar refused: not the sidecar's user, or not a device it knows.
        case refused
        /// No trusted device has the id given.
        case notFound
        /// Bad input (e.g. a limit out of range).
        case invalidInput
        /// The answer was not what the owner socket sends.
        case badAnswer
    }

    /// The kind of failure.
    package var kind: Kind
    /// What happened, one line.
    package var message: String
    /// What to do next.
    package var hint: String

    /// A failure of `kind`.
    package init(_ kind: Kind, _ message: String, hint: String) {
        self.kind = kind
        self.message = message
        self.hint = hint
    }

    package var description: String { message }
}
