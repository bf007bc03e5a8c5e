extension ExitStatus {
    /// The code's name as written in docs/exit-codes.md and `--json` errors. Spelled out rather than
    /// `String(describing:)`, whose reflection scans every protocol conformance of the binary: the table is built
    /// for every command, because `exit-codes`'s help text is part of the command tree (docs/startup.md).
    var name: String {
        switch self {
        case .success: "success"
        case .failure: "failure"
        case .vault: "vault"
        case .network: "network"
        case .server: "server"
        case .pairing: "pairing"
        case .notPaired: "notPaired"
        case .qrNotFound: "qrNotFound"
        case .badImage: "badImage"
        case .imageTooLarge: "imageTooLarge"
        case .trust: "trust"
        case .taskFailed: "taskFailed"
        case .unsafeDataDirectory: "unsafeDataDirectory"
        case .chatFailed: "chatFailed"
        case .auditUnverified: "auditUnverified"
        case .auditDiverged: "auditDiverged"
        case .interrupted: "interrupted"
        case .usage: "usage"
        }
    }

    /// The short meaning shown by `companion exit-codes` (docs/exit-codes.md has the long form).
    var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "a failure that fits no other code"
        case .vault: "the vault is unreachable, locked, damaged, or its passphrase is wrong"
        case .network: "the sidecar could not be reached (refused, offline, unknown host, timeout, not a sidecar)"
        case .server: "the sidecar answered with an error"
        case .pairing: "pairing failed: wrong, expired, used or burned code"
        case .notPaired: "not paired, pairing revoked, or a task request without a valid signature or API key"
        case .qrNotFound: "the image holds no readable QR code"
        case .badImage: "the file is not a readable image"
        case .imageTooLarge: "the image is too large to decode safely"
        case .trust: "the sidecar's identity does not match the pinned or scanned fingerprint"
        case .taskFailed: "a followed task failed or was cancelled"
        case .unsafeDataDirectory: "the sidecar's data directory is open to other users or not yours"
        case .chatFailed: "a chat answer ended in an error"
        case .auditUnverified: "the audit log's keyed rows could not be checked: its key was not available"
        case .auditDiverged: "the sidecar's audit log went back or was rewritten since this device last saw it"
        case .interrupted: "Ctrl-C: the chat run or the pairing was cancelled on the sidecar first"
        case .usage: "invalid command-line usage"
        }
    }

    /// The table as text, one line per code (code, name, meaning), without a final newline.
    ///
    /// Built with `+=` of strings and `description` only: `joined(separator:)`, `String(_:)` of an integer and
    /// interpolation each do dynamic casts, each a scan of every protocol-conformance record of the binary, and
    /// this text is built for every command (it is `exit-codes`'s help; docs/startup.md). They cost a `keys show`
    /// about 0.3 ms of its 8.5 ms of CPU.
    static var tableText: String {
        var text = ""
        for status in allCases {
            if !text.isEmpty { text += "\n" }
            let code = status.rawValue.description
            text += code
            text += String(repeating: " ", count: max(1, 5 - code.utf8.count))
            text += status.name
            text += String(repeating: " ", count: max(1, 21 - status.name.utf8.count))
            text += status.meaning
        }
        return text
    }
}
