import Foundation

/// One chat run: a `claude -p` process in a project's directory, its numbered events and how it ended.
/// Created by ``ClaudeRunSupervisor/start(_:)``.
package final class ClaudeRun: @unchecked Sendable, Identifiable {
    /// The supervisor's id of this run (not Claude's session id).
    package let id: UUID
    /// The project directory it runs in.
    package let workingDirectory: String
    /// New, resumed or forked.
    package let session: ClaudeRunRequest.Session
    /// The caller's label (``ClaudeRunRequest/tag``).
    package let tag: String?

    let log: ClaudeRunEventLog
    private let lock = NSLock()
    private var knownSessionID: String?
    private var group: Int32?
    private var finalOutcome: ClaudeRunOutcome?
    private var cancelRequested = false
    private let cancelSignal: AsyncStream<Void>
    private let cancelContinuation: AsyncStream<Void>.Continuation

    init(request: ClaudeRunRequest, replayCapacity: Int) {
        id = UUID()
        workingDirectory = request.workingDirectory
        session = request.session
        tag = request.tag
        log = ClaudeRunEventLog(capacity: replayCapacity)
        (cancelSignal, cancelContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Claude's session id, once `system/init` arrived (for a fork: the new session's id).
    package var sessionID: String? { lock.withLock { knownSessionID } }
    /// The process group of the CLI (its pid), while it runs.
    package var processGroupID: Int32? { lock.withLock { group } }
    /// How it ended; nil while it runs.
    package var outcome: ClaudeRunOutcome? { lock.withLock { finalOutcome } }
    /// True once the run ended.
    package var isFinished: Bool { outcome != nil }

    /// The events after sequence `after` (every kept event when nil), then live ones; finishes after the
    /// ``ClaudeRunEvent/Kind/ended(_:)`` event. Any number of consumers may subscribe, at any time.
    package func events(after sequence: Int? = nil) -> AsyncStream<ClaudeRunEvent> {
        log.subscribe(after: sequence)
    }

    /// Waits for the end.
    package func wait() async -> ClaudeRunOutcome {
        for await event in events(after: nil) {
            if case .ended(let outcome) = event.kind { return outcome }
        }
        // The stream only finishes after the end event, which the buffer always keeps.
        return outcome ?? ClaudeRunOutcome.notStarted("the run's events ended without an outcome")
    }

    /// Claude's session id as soon as `system/init` arrives; nil when the run ended without one (it could not
    /// start, or failed before).
    package func waitForSessionID() async -> String? {
        for await event in events(after: nil) {
            switch event.kind {
            case .stream(.initialized(let info)): return info.sessionID
            case .ended(let outcome): return outcome.sessionID
            default: continue
            }
        }
        return sessionID
    }

    /// Cancels: SIGINT to the CLI (it stops the request, records the partial answer in the transcript and writes
    /// its result line), then SIGTERM to the process group, then SIGKILL (``ClaudeRunSupervisor/interruptGrace``,
    /// ``ClaudeRunSupervisor/terminateGrace``); whatever is left of the group is killed once the CLI exited.
    /// The events already streamed stay; the session stays resumable. Returns the outcome.
    @discardableResult
    package func cancel() async -> ClaudeRunOutcome {
        lock.withLock { cancelRequested = true }
        cancelContinuation.yield()
        return await wait()
    }

    // MARK: - Used by the supervisor

    var wasCancelled: Bool { lock.withLock { cancelRequested } }

    /// Returns when ``cancel()`` is called (or the waiting task is cancelled).
    func waitForCancelRequest() async -> Bool {
        for await _ in cancelSignal { return true }
        return false
    }

    func started(processGroup: Int32) {
        lock.withLock { group = processGroup }
    }

    /// Records and delivers a stream event; returns the session id when this event brought it.
    func deliver(_ event: ClaudeStreamEvent) -> String? {
        var newSessionID: String?
        if case .initialized(let info) = event {
            lock.withLock {
                if knownSessionID == nil {
                    knownSessionID = info.sessionID
                    newSessionID = info.sessionID
                }
            }
        }
        log.append(.stream(event))
        return newSessionID
    }

    func finish(_ outcome: ClaudeRunOutcome) {
        lock.withLock {
            finalOutcome = outcome
            group = nil
        }
        cancelContinuation.finish()
        log.append(.ended(outcome))
    }
}

extension ClaudeRunOutcome {
    static func notStarted(_ failure: String) -> ClaudeRunOutcome {
        ClaudeRunOutcome(
            exitStatus: nil, signal: nil, cancelled: false, result: nil, sessionID: nil, malformedLines: 0,
            stderrTail: "", failure: failure)
    }
}
