import CompanionAPI
import CompanionKit
import Foundation

/// Writes log lines to standard output as they arrive (one write per batch, unbuffered).
///
/// The lines are the task's own output, so anything may be in them: unless `raw`, each goes through
/// `TerminalSafeText.logLine` (colours kept only on a terminal that allows them, every other escape sequence
/// and control character shown escaped).
struct LogOutput: Sendable {
    var json: Bool
    var timestamps: Bool
    /// Print the lines unchanged (`--raw`).
    var raw = false

    /// Task output goes to standard output; the sidecar's own lines (`system`) to standard error, in order.
    func write(_ lines: [TaskLogLine]) {
        var pending = ""
        var pendingIsSystem = false
        for line in lines {
            let isSystem = line.stream == .system && !json
            if isSystem != pendingIsSystem && !pending.isEmpty {
                flush(pending, system: pendingIsSystem)
                pending = ""
            }
            pendingIsSystem = isSystem
            pending += render(line) + "\n"
        }
        if !pending.isEmpty { flush(pending, system: pendingIsSystem) }
    }

    private func render(_ line: TaskLogLine) -> String {
        if json { return (try? OutputFormatter.line(line)) ?? "" }
        var text = timestamps ? Terminal.styled(Timestamp.string(from: line.timestamp), "2") + " " : ""
        let rendering = Terminal.logRendering(raw: raw, standardError: line.stream == .system)
        let shown = TerminalSafeText.logLine(line.text, rendering: rendering)
        switch line.stream {
        case .stdout: text += shown
        case .stderr: text += Terminal.styled(shown, "31")
        case .system: text += "» " + shown
        }
        return text
    }

    private func flush(_ text: String, system: Bool) {
        if system { writeStandardError(text) } else { writeStandardOutput(text) }
    }

    /// Transport changes, on standard error.
    static func report(_ event: TaskLogTransportChange) {
        switch event {
        case .webSocketOpened:
            break
        case .fallingBackToPolling(let why):
            Terminal.printWarning("\(why); polling the log meanwhile")
        case .sidecarUnreachable(let why):
            Terminal.printWarning("cannot reach the sidecar (\(why)); retrying")
        }
    }
}
