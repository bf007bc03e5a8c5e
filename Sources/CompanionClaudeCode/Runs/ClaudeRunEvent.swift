/// An event of a run, numbered: sequence numbers start at 1 and increase by one per event of that run, so a
/// consumer that saw up to N asks for what follows N (SSE `Last-Event-ID`).
package struct ClaudeRunEvent: Sendable, Equatable {
    /// What happened.
    package enum Kind: Sendable, Equatable {
        /// A decoded stream-json line.
        case stream(ClaudeStreamEvent)
        /// The run is over; always the last event.
        case ended(ClaudeRunOutcome)
    }

    /// 1, 2, 3, … within the run.
    package let sequence: Int
    /// What happened.
    package let kind: Kind

    /// Creates a value.
    package init(sequence: Int, kind: Kind) {
        self.sequence = sequence
        self.kind = kind
    }
}

/// How a run ended.
package struct ClaudeRunOutcome: Sendable, Equatable {
    /// The process's exit status, or nil when it was killed by a signal (see ``signal``) or never started.
    package let exitStatus: Int32?
    /// The signal that ended the process, if one did.
    package let signal: Int32?
    /// True when ``ClaudeRun/cancel()`` ended it.
    package let cancelled: Bool
    /// The CLI's `result` line, when it wrote one.
    package let result: ClaudeResult?
    /// The session id the run wrote to (from `system/init`), if it got that far.
    package let sessionID: String?
    /// Standard output lines that were not stream-json (or too long).
    package let malformedLines: Int
    /// The end of the CLI's standard error (at most ``ClaudeRunOutcome/stderrTailBytes``), for diagnosis.
    /// It may quote the conversation: show it to the user, never log it.
    package let stderrTail: String
    /// A failure to spawn or run the process, if any.
    package let failure: String?

    /// How much of standard error is kept.
    package static let stderrTailBytes = 8192

    /// Creates a value.
    package init(
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
    package var succeeded: Bool { exitStatus == 0 && result?.isError == false && !cancelled }
}
