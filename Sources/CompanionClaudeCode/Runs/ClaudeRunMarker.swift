import Foundation

/// The environment entry every run's CLI gets, `COMPANION_CLAUDE_RUN_ID=<run id>`, which its children inherit.
///
/// After a crash the recorded process group may have lost its leader; a later, unrelated process can then lead a
/// group with the same id once ours is gone, and leave members behind when it exits (a daemon's double fork).
/// A member that carries this entry proves the group is the run's, so recovery never signals anyone else's.
struct ClaudeRunMarker: Equatable {
    static let variable = "COMPANION_CLAUDE_RUN_ID"
    let runID: String

    /// The entry as it appears in `/proc/<pid>/environ`.
    var entry: String { "\(Self.variable)=\(runID)" }

    /// Whether process `pid`'s environment (`/proc/<pid>/environ`, readable for our own processes) has the entry.
    func isCarried(by pid: Int32) -> Bool {
        guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        let marker = Array(entry.utf8)
        return environment.split(separator: 0).contains { Array($0) == marker }
    }
}
