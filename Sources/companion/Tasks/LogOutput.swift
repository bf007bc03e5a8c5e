import CompanionAPI
import CompanionClient
import Foundation

/// Writes log lines to standard output as they arrive (one write per batch, unbuffered).
struct LogOutput: Sendable {
    var json: Bool
    var timestamps: Bool

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
        if json { return String(decoding: (try? CompanionJSON.encode(line)) ?? Data(), as: UTF8.self) }
        var text = timestamps ? Terminal.styled(Timestamp.string(from: line.timestamp), "2") + " " : ""
        switch line.stream {
        case .stdout: text += line.text
        case .stderr: text += Terminal.styled(line.text, "31")
        case .system: text += "» " + line.text
        }
        return text
    }

    private func flush(_ text: String, system: Bool) {
        (system ? FileHandle.standardError : FileHandle.standardOutput).write(Data(text.utf8))
    }

    /// Transport changes, on standard error.
    static func report(_ event: LogFollower.Event) {
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
