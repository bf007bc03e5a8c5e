import CompanionAPI
import Foundation

/// Follows a task's log to its end: over the WebSocket when it can, by tail polling when it cannot, and back to
/// the WebSocket (with backoff) once it opens again. Lines are delivered by cursor, so across every switch none is
/// lost or delivered twice.
public actor LogFollower {
    /// How the follower gets lines.
    public enum Transport: String, Sendable, CaseIterable {
        /// WebSocket first, polling while it is unavailable.
        case auto
        /// WebSocket only (fails when it cannot open).
        case websocket
        /// Tail polling only.
        case poll
    }

    /// What happened, for a person watching.
    public enum Event: Sendable, Equatable {
        case webSocketOpened
        case fallingBackToPolling(String)
        case sidecarUnreachable(String)
    }

    /// Tunables.
    public struct Options: Sendable {
        public var transport: Transport = .auto
        /// Time between two polls while nothing new came (at most 1 s, so the brief's 2 s update is met).
        public var pollInterval: Duration = .milliseconds(500)
        /// First and largest wait before trying the WebSocket again.
        public var initialBackoff: Duration = .milliseconds(500)
        public var maxBackoff: Duration = .seconds(8)
        /// Longest wait for the WebSocket upgrade before polling instead.
        public var connectTimeout: Duration = .seconds(2)
        /// How long the sidecar may stay unreachable before following gives up.
        public var giveUpAfter: Duration = .seconds(120)

        public init() {}
    }

    let client: TaskClient
    let taskID: String
    let options: Options
    /// Cursor of the last line delivered.
    public private(set) var cursor: Int
    let deliver: @Sendable ([TaskLogLine]) async -> Void
    let report: @Sendable (Event) async -> Void

    /// `deliver` receives lines in cursor order, each exactly once; `report` hears about transport changes.
    public init(
        client: TaskClient, taskID: String, after cursor: Int = 0, options: Options = Options(),
        deliver: @escaping @Sendable ([TaskLogLine]) async -> Void,
        report: @escaping @Sendable (Event) async -> Void = { _ in }
    ) {
        self.client = client
        self.taskID = taskID
        self.cursor = cursor
        self.options = options
        self.deliver = deliver
        self.report = report
    }

    /// Hands over the lines that follow the cursor; fetches any gap first, skips what was already delivered.
    func accept(_ lines: [TaskLogLine]) async throws {
        let fresh = lines.filter { $0.cursor > cursor }.sorted { $0.cursor < $1.cursor }
        while let first = fresh.first(where: { $0.cursor > cursor }), first.cursor > cursor + 1 {
            let gap = try await client.tail(id: taskID, after: cursor, limit: min(first.cursor - cursor - 1, 1000))
            let filling = gap.lines.filter { $0.cursor > cursor && $0.cursor < first.cursor }
            if filling.isEmpty { break }  // the sidecar has no such lines: do not wait for them forever
            await emit(filling)
        }
        await emit(fresh)
    }

    private func emit(_ lines: [TaskLogLine]) async {
        var ordered: [TaskLogLine] = []
        for line in lines where line.cursor > cursor {
            ordered.append(line)
            cursor = line.cursor
        }
        if !ordered.isEmpty { await deliver(ordered) }
    }
}
