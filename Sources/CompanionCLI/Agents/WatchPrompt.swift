import ArgumentParser
import CompanionAPI
import CompanionKit
import Foundation
import Subprocess
import Synchronization

/// The prompt of `companion watch`: reads answers from standard input (on a thread of its own) and sends them.
struct WatchPrompt: Sendable {
    let agents: WorkstationAgents
    let view: WatchView

    func run() async {
        let (lines, continuation) = AsyncStream<String>.makeStream()
        let input = CommandContext.current.input
        Thread.detachNewThread {
            while let line = input.readLine(true) { continuation.yield(line) }
            continuation.finish()
        }
        for await line in lines {
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 2, ["a", "A", "d"].contains(words[0]) else {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    view.show("type a N, A N or d N (N: the request's number or id)")
                }
                continue
            }
            let id = view.approval(words[1])
            // The digest of the request as listed (shown): the sidecar refuses the answer if it now holds another.
            let digest = view.digest(of: id)
            do {
                let answer =
                    words[0] == "d"
                    ? try await agents.deny(id: id, digest: digest)
                    : try await agents.approve(id: id, digest: digest, always: words[0] == "A")
                let verb = answer.decision == "deny" ? "Denied" : "Allowed"
                view.show("\(verb) \(Terminal.safe(answer.approvalId)) (session \(Terminal.safe(answer.sessionId)))")
            } catch {
                view.show("could not answer \(Terminal.safe(id)): " + Terminal.safe(CompanionError.from(error).message))
            }
        }
    }
}

/// Desktop notifications through `notify-send`, when there is a desktop session.
enum DesktopNotifier {
    static let path = "/usr/bin/notify-send"

    static var isAvailable: Bool {
        let environment = CommandContext.current.environment
        let desktop = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
        return desktop && FileManager.default.isExecutableFile(atPath: path)
    }

    /// Runs `notify-send TITLE BODY` (an argument vector, no shell) in the background; failures are ignored.
    /// Through swift-subprocess, not Foundation's `Process`, whose `run()` can crash on Linux (docs/testing.md).
    static func send(title: String, body: String) {
        let arguments = Arguments(["--app-name=companion", "--", title, Terminal.safe(body)])
        Task.detached {
            _ = try? await Subprocess.run(
                .path(.init(path)), arguments: arguments, output: .discarded, error: .discarded)
        }
    }
}

extension Terminal {
    /// True when standard input is a terminal (someone can type answers).
    static var stdinIsTTY: Bool { CommandContext.current.input.isTerminal }
}
