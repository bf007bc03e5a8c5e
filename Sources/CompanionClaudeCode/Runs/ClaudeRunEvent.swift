/// An event of a run, numbered: sequence numbers start at 1 and increase by one per event of that run, so a
/// consumer that saw up to N asks for what follows N (SSE `Last-Event-ID`).
public struct ClaudeRunEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A decoded stream-json line.
        case stream(ClaudeStreamEvent)
        /// The run is over; always the last event.
        case ended(ClaudeRunOutcome)
    }

    /// 1, 2, 3, … within the run.
    public let sequence: Int
    /// What happened.
    public let kind: Kind

    /// Creates a value.
    public init(sequence: Int, kind: Kind) {
        self.sequence = sequence
        self.kind = kind
    }
}

/// How a run ended.
public struct ClaudeRunOutcome: Sendable, Equatable {
    /// The process's exit status, or nil when it was killed by a signal (see ``signal``) or never started.
    public let exitStatus: Int32?
    /// The signal that ended the process, if one did.
    public let signal: Int32?
    /// True when ``ClaudeRun/cancel()`` ended it.
    public let cancelled: Bool
    /// The CLI's `result` line, when it wrote one.
    public let result: ClaudeResult?
    /// The session id the run wrote to (from `system/init`), if it got that far.
    public let sessionID: String?
    /// Standard output lines that were not stream-json (or too long).
    public let malformedLines: Int
    /// The end of the CLI's standard error (at most ``ClaudeRunOutcome/stderrTailBytes``), for diagnosis.
    /// It may quote the conversation: show it to the user, never log it.
    public let stderrTail: String
    /// A failure to spawn or run the process, if any.
    public let failure: String?

    /// How much of standard error is kept.
    public static let stderrTailBytes = 8192

    /// Creates a value.
    public init(
        exitStatus: Int32?, signal: Int32?, cancelled: Bool, result: ClaudeResult?, sessionID: String?,
        malformedLines: Int, stderrTail: String, failure: String?
    ) {
        self.exitStatus = exitStatus
        self.signal = signal
        self.cancelled = cancelled
        self.result = result
        self.sessionID = sessionID
        self.malformedLines = malformedLines
        self.stderrTail = stderrTail
        self.failure = failure
    }

    /// True when the CLI ended normally with a non-error result.
    public var succeeded: Bool { exitStatus == 0 && result?.isError == false && !cancelled }
}
