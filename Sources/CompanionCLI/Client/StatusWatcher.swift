import CompanionAPI
import CompanionKit
import Foundation

/// `status --watch`: polls until interrupted. On a terminal the block is redrawn in place; otherwise (and with
/// `--json`, one compact object per line) output is written only when something changed. An unreachable
/// sidecar is reported and retried, not fatal.
struct StatusWatcher {
    let json: Bool
    let interval: Double
    var interactive = Terminal.stdoutIsTTY

    func run(_ updates: AsyncStream<Result<StatusReport, CompanionError>>) async throws {
        var previous: Result<StatusCommand.Output, CLIFailure>?
        var drawnLines = 0
        for await update in updates {
            let current: Result<StatusCommand.Output, CLIFailure>
            switch update {
            case .success(let report): current = .success(StatusCommand.Output(report))
            case .failure(let error):
                guard error.kind == .network else { throw error.cliFailure }
                current = .failure(error.cliFailure)
            }
            // On a terminal, redraw every time (relative times move); elsewhere, only on change.
            if interactive && !json || !Self.same(current, previous) {
                let lines = try lines(for: current)
                if interactive && !json && drawnLines > 0 { write("\u{1B}[\(drawnLines)A\u{1B}[J") }
                write(lines.joined(separator: "\n") + "\n")
                drawnLines = lines.count
                previous = current
            }
        }
    }

    private func lines(for result: Result<StatusCommand.Output, CLIFailure>) throws -> [String] {
        switch result {
        case .success(let output): return json ? [try Self.compactJSON(output)] : ClientText.statusLines(output.report)
        case .failure(let failure):
            let message = "\(failure.message); retrying every \(ClientText.relativeInterval(interval))"
            if json {
                let detail = JSONErrorOutput.Body.Detail(
                    code: ClientFailures.name(of: failure.status), message: message, hint: failure.hint,
                    exitCode: failure.status.rawValue)
                return [try OutputFormatter.line(JSONErrorOutput.Body(error: detail))]
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
        try OutputFormatter.line(output)
    }

    private func write(_ text: String) {
        writeStandardOutput(text)
    }
}
