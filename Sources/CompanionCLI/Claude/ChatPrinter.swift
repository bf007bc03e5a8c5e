import CompanionAPI
import CompanionKit
import Foundation

/// Prints a chat stream: the answer's text as it arrives (escaped: it came from the network), tool calls as
/// short dim lines, or each event as JSON with `--json`. Owns the Ctrl-C handling of a chat.
struct ChatPrinter {
    let json: Bool

    enum Outcome: Equatable {
        case finished
        case failed(String)
        /// Ctrl-C: whether the sidecar confirmed the cancel.
        case interrupted(UUID, cancelled: Bool)
    }

    /// Follows `answer` to its end, or until Ctrl-C, which first cancels the run of `sessionID` on the sidecar.
    func follow(_ answer: ChatAnswer, sessionID: UUID, claude: WorkstationClaudeCode, interrupt: ChatInterrupt)
        async throws -> Outcome
    {
        let reader = Task { try await read(answer.events) }
        interrupt.onInterrupt {
            Task {
                let cancelled = (try? await claude.cancelChat(sessionId: sessionID))?.cancelled ?? false
                reader.cancel()
                await Interruption.shared.set(cancelled)
            }
        }
        let outcome: Outcome
        do {
            outcome = try await reader.value
        } catch  where interrupt.isRequested {
            // Stopped by the Ctrl-C: the read was cancelled (a cancellation or the transport's "request was
            // cancelled", depending on where it was waiting).
            outcome = .interrupted(sessionID, cancelled: await Interruption.shared.wait())
        }
        if case .interrupted = outcome {
        } else if interrupt.isRequested {
            // Ctrl-C was pressed: the stream may have ended because of its cancel before the sidecar's answer to
            // that cancel arrived, so wait for the answer rather than reading it now.
            return .interrupted(sessionID, cancelled: await Interruption.shared.wait())
        }
        return outcome
    }

    private func read(_ events: AsyncThrowingStream<ChatEvent, any Error>) async throws -> Outcome {
        var printedDeltas = false
        var outcome = Outcome.failed("the stream ended before the answer did")
        for try await event in events {
            try Task.checkCancellation()
            if json {
                if case .message(let message, _) = event { try printLine(message) }
            }
            switch event {
            case .message(.streamEvent(let event), _):
                if case .textDelta(let text)? = event.delta, !json {
                    write(Terminal.safe(text, layout: .block))
                    printedDeltas = true
                }
            case .message(.assistant(let message), _):
                for block in message.content where !json {
                    switch block {
                    case .text(let text) where !printedDeltas: write(Terminal.safe(text.text, layout: .block))
                    case .toolUse(let tool):
                        write("\n" + Terminal.styled("[tool: \(Terminal.safe(tool.name))]", "2") + "\n")
                    default: break
                    }
                }
                printedDeltas = false
            case .message(.result(let result), _):
                outcome = result.isError ? .failed(result.result ?? result.subtype) : .finished
                if result.subtype == "cancelled" { outcome = .finished }
            case .message(.error(let error), _):
                outcome = .failed(error.message)
            case .done:
                if !json { write("\n") }
                return outcome
            default: break
            }
        }
        if !json { write("\n") }
        return outcome
    }

    private func write(_ text: String) {
        writeStandardOutput(text)
    }

    private func printLine(_ message: StreamMessage) throws {
        try OutputFormatter.printJSONLine(message, .claudeCode)
    }
}

/// Whether the sidecar confirmed a Ctrl-C's cancel, handed from the signal handler to the command.
actor Interruption {
    static let shared = Interruption()
    private(set) var value: Bool?
    private var waiters: [CheckedContinuation<Bool, Never>] = []

    func set(_ cancelled: Bool) {
        value = cancelled
        for waiter in waiters { waiter.resume(returning: cancelled) }
        waiters.removeAll()
    }

    func wait() async -> Bool {
        if let value { return value }
        return await withCheckedContinuation { waiters.append($0) }
    }
}
