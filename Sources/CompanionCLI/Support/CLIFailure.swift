import Foundation

/// The exit codes of `companion`, documented in docs/exit-codes.md and by `companion help exit-codes`. Never change a value once released.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    /// Something failed that fits no other code.
    case failure = 1
    /// The vault is unreachable, locked, or its passphrase is wrong.
    case vault = 3
    /// The sidecar could not be reached (refused, offline, wrong URL, timeout).
    case network = 4
    /// The sidecar answered with an error.
    case server = 5
    /// Pairing failed: wrong, expired, used or burned code.
    case pairing = 6
    /// This companion is not paired (or its pairing was revoked).
    case notPaired = 7
    /// The image holds no readable QR code.
    case qrNotFound = 8
    /// The file is not a readable image (unknown format, truncated, corrupt, empty).
    case badImage = 9
    /// The image is too large to decode safely.
    case imageTooLarge = 10
    /// The sidecar's identity did not match the pinned or scanned fingerprint.
    case trust = 11
    /// A followed task ended in failure or was cancelled.
    case taskFailed = 12
    /// The sidecar's data directory (or a file in it) is open to other users or is not this user's.
    case unsafeDataDirectory = 13
    /// A chat answer ended in an error (Claude Code or the model failed; the partial answer was printed).
    case chatFailed = 14
    /// `sidecar audit --verify` found no break but could not check the keyed rows (the audit key was not at hand).
    case auditUnverified = 15
    /// `status`: the sidecar's audit log went back (rollback) or was rewritten (fork) since this device last saw it.
    case auditDiverged = 16
    /// Ctrl-C stopped a chat: the sidecar was asked to cancel the run first (the partial answer is kept).
    case interrupted = 130
    /// Invalid command-line usage (ArgumentParser's own code).
    case usage = 64
}

/// A user-facing failure: one line saying what happened, one saying what to do next.
struct CLIFailure: Error, CustomStringConvertible {
    var status: ExitStatus
    var message: String
    var hint: String?
    /// `companion status` with an unreachable workstation: the state last seen (the JSON document's `lastKnown`).
    var lastKnown: StaleStatus?

    init(_ status: ExitStatus, _ message: String, hint: String? = nil) {
        self.status = status
        self.message = message
        self.hint = hint
    }

    var description: String { message }
}

/// Errors from the libraries that know how to present themselves to a person.
protocol CLIFailureConvertible: Error {
    var cliFailure: CLIFailure { get }
}

/// Whether an unexpected error's details are shown: `COMPANION_LOG_LEVEL` set to `debug` or `trace`.
enum UnexpectedErrorDetails {
    static var enabled: Bool {
        ["debug", "trace"].contains(CLISettings.checked.resolve(.logLevel)?.value.lowercased() ?? "")
    }
}
