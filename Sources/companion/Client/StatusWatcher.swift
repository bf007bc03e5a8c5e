import CompanionAPI
import Foundation

/// `status --watch`: polls until interrupted. On a terminal the block is redrawn in place; otherwise (and with
/// `--json`, one compact object per line) output is written only when something changed. An unreachable
/// sidecar is reported and retried, not fatal.
struct StatusWatcher {
    let json: Bool
    let interval: Double
    var interactive = Terminal.stdoutIsTTY

    func run(_ fetch: () async throws -> StatusCommand.Output) async throws {
        var previous: Result<StatusCommand.Output, CLIFailure>?
        var drawnLines = 0
        while !Task.isCancelled {
            let current: Result<StatusCommand.Output, CLIFailure>
            do {
                current = .success(try await fetch())
            } catch {
                let failure = ClientFailures.failure(for: error)
                guard let failure = failure as? CLIFailure, failure.status == .network else { throw failure }
                current = .failure(failure)
            }
            // On a terminal, redraw every time (relative times move); elsewhere, only on change.
            if interactive && !json || !Self.same(current, previous) {
                let lines = try lines(for: current)
                if interactive && !json && drawnLines > 0 { write("\u{1B}[\(drawnLines)A\u{1B}[J") }
                write(lines.joined(separator: "\n") + "\n")
                drawnLines = lines.count
                previous = current
            }
            try await Task.sleep(for: .milliseconds(Int(interval * 1000)))
        }
    }

    private func lines(for result: Result<StatusCommand.Output, CLIFailure>) throws -> [String] {
        switch result {
        case .success(let output): return json ? [try Self.compactJSON(output)] : StatusCommand.lines(output)
        case .failure(let failure):
            let message = "\(failure.message); retrying every \(ClientText.relativeInterval(interval))"
            if json {
                let detail = ClientRun.ErrorOutput.Detail(
                    code: ClientFailures.name(of: failure.status), message: message, hint: failure.hint,
                    exitCode: failure.status.rawValue)
                return [String(decoding: try CompanionJSON.encode(ClientRun.ErrorOutput(error: detail)), as: UTF8.self)]
            }
            return ["companion: \(Terminal.safe(message, layout: .line))"]
                + (failure.hint.map { ["  hint: \(Terminal.safe($0, layout: .line))"] } ?? [])
        }
    }

    private static func same(
        _ a: Result<StatusCommand.Output, CLIFailure>, _ b: Result<StatusCommand.Output, CLIFailure>?
    ) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)?): x == y
        case (.failure(let x), .failure(let y)?): x.message == y.message
        default: false
        }
    }

    static func compactJSON(_ output: StatusCommand.Output) throws -> String {
        String(decoding: try CompanionJSON.encode(output), as: UTF8.self)
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
