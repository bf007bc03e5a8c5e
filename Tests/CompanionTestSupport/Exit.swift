/// The exit codes of `companion` as the tests expect them: the same cases and values as the CLI's `ExitStatus`
/// (Sources/CompanionCLI/Support/CLIFailure.swift) and docs/exit-codes.md's table, which
/// `ExitCodeTableTests` checks, so a code added to either is not forgotten here.
public enum Exit: Int32, CaseIterable, Sendable {
    case success = 0
    case failure = 1
    case vault = 3
    case network = 4
    case server = 5
    case pairing = 6
    case notPaired = 7
    case qrNotFound = 8
    case badImage = 9
    case imageTooLarge = 10
    case trust = 11
    case taskFailed = 12
    case unsafeDataDirectory = 13
    case chatFailed = 14
    case auditUnverified = 15
    case auditDiverged = 16
    case interrupted = 130
    case usage = 64

    /// `result.status == Exit.success`.
    public static func == (status: Int32, code: Exit) -> Bool { status == code.rawValue }
    public static func != (status: Int32, code: Exit) -> Bool { status != code.rawValue }
}
