import CompanionAgents
import CompanionClaudeCode
import Foundation

/// Whether a process on the owner socket runs under an agent: Claude Code itself, a tool Claude Code runs, or a
/// run, task or agent pane the sidecar started, or anything the agents' tmux server started. Such a process may lower scopes, revoke and read, but not add power
/// (raise a device's scopes, start a pairing with `control` or `admin`): a runaway or prompt-injected agent holding a
/// shell must not pair itself or widen a device.
///
/// The process and each of its ancestors (the parent chain in `/proc`, up to init) are checked: a `claude` command
/// name or executable, Claude Code's tool environment (`CLAUDECODE=1`), or one of the sidecar's own markers
/// (``ProcessMarker/claudeRunVariable``, the task marker, ``CompanionAgents/agentEnvironmentVariable``,
/// ``CompanionAgents/agentServerVariable``: the agents' tmux server itself carries it, so a process an agent starts
/// with `tmux new-window`, `run-shell` or `display-popup`, whose parent is that server, is refused too) in its
/// initial environment (`/proc/PID/environ`, which a child cannot rewrite for its ancestors). A process of the chain
/// that vanished meanwhile refuses, and so does a caller whose own environment cannot be read (it made itself
/// non-dumpable). An ancestor whose environment cannot be read (root's `sshd`, init, a non-dumpable process: all
/// more privileged than the caller, which an agent of the owner cannot arrange for its ancestors) is checked by
/// name only.
///
/// This is defence in depth, not a boundary: a process of the owner's user can escape it (SECURITY.md says how).
enum PeerAncestry {
    /// Command names (and executable base names) of Claude Code.
    static let agentNames: Set<String> = ["claude"]
    /// Environment entries that mark an agent's process: the variable, and the value it must have (nil: any).
    static let markers: [(variable: String, value: String?)] = [
        ("CLAUDECODE", "1"), (ProcessMarker.claudeRunVariable, nil), (OrphanReaper.taskVariable, nil),
        (CompanionAgents.agentEnvironmentVariable, nil), (CompanionAgents.agentServerVariable, nil),
    ]
    /// Most ancestors walked (a chain longer than this is refused).
    static let maxDepth = 512

    /// Why process `pid` may not add power, or nil when neither it nor any ancestor is an agent's.
    static func refusal(pid: Int32, proc: String = "/proc") -> String? {
        var current = pid
        for _ in 0..<maxDepth {
            guard current > 0, let process = ProcessEntry.read(pid: current, proc: proc) else {
                return "process \(current) of the caller's ancestry could not be read (it may have exited)"
            }
            if agentNames.contains(process.name) || process.executable.map(agentNames.contains) == true {
                return "the caller runs under Claude Code (process \(current), \(process.name))"
            }
            if let environment = process.environment {
                if let marker = markers.first(where: { carried($0, in: environment) }) {
                    return "the caller runs under an agent (process \(current) carries \(marker.variable))"
                }
            } else if current == pid {
                return "the environment of the calling process \(current) could not be read"
            }
            if current == 1 || process.parent <= 0 { return nil }
            current = process.parent
        }
        return "the caller's process ancestry is deeper than \(maxDepth)"
    }

    /// Whether `environment` (`/proc/PID/environ`: NUL-separated `NAME=value`) has `marker`.
    static func carried(_ marker: (variable: String, value: String?), in environment: [UInt8]) -> Bool {
        let prefix = Array((marker.variable + "=").utf8)
        return environment.split(separator: 0).contains { entry in
            guard entry.starts(with: prefix) else { return false }
            guard let value = marker.value else { return true }
            return entry.dropFirst(prefix.count).elementsEqual(value.utf8)
        }
    }

    /// What `/proc/PID` tells about one process.
    struct ProcessEntry {
        var name: String
        var parent: Int32
        var executable: String?
        var environment: [UInt8]?

        /// The entry of `pid`, nil when its `stat` cannot be read or parsed.
        static func read(pid: Int32, proc: String) -> ProcessEntry? {
            let directory = "\(proc)/\(pid)"
            guard let line = FileManager.default.contents(atPath: directory + "/stat"),
                let open = line.firstIndex(of: UInt8(ascii: "(")), let close = line.lastIndex(of: UInt8(ascii: ")")),
                open < close
            else { return nil }
            let fields = line[(close + 1)...].split(separator: UInt8(ascii: " "))
            guard fields.count > 2, let parent = Int32(String(decoding: fields[1], as: UTF8.self)) else { return nil }
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/exe")).map {
                ($0 as NSString).lastPathComponent.replacingOccurrences(of: " (deleted)", with: "")
            }
            return ProcessEntry(
                name: String(decoding: line[(open + 1)..<close], as: UTF8.self), parent: parent,
                executable: executable,
                environment: FileManager.default.contents(atPath: directory + "/environ").map { [UInt8]($0) })
        }
    }
}
