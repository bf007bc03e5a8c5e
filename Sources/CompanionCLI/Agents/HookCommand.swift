import ArgumentParser
import CompanionAgents
import CompanionSidecar
import Foundation

/// `companion hook --socket PATH`: the command `companion sidecar hooks install` registers for Claude Code's hooks.
/// Reads the event Claude Code writes on standard input, hands it to the sidecar over its owner socket, and prints the
/// sidecar's answer on standard output. Always exits 0: with no sidecar answering it prints nothing, which Claude Code
/// reads as "no decision" (the permission dialog stays in the terminal).
struct HookCommand: BlockingCompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "hook",
        abstract: "Deliver one Claude Code hook event to the sidecar's owner socket (run by Claude Code's hooks).",
        discussion: """
            Installed by `companion sidecar hooks install`; not meant to be run by hand. Exits 0 in every case: \
            when the sidecar does not answer it prints nothing (no decision), and a note on standard error.

            Examples:
              echo '{"hook_event_name":"Stop","session_id":"s"}' | companion hook --socket ~/.local/share/companionkit/sidecar/owner.sock
            """)

    @Option(help: "The sidecar's owner socket (owner.sock in its data directory).", completion: .file())
    var socket: String

    func execute() throws {
        var body: [UInt8] = []
        while let chunk = try? FileHandle.standardInput.read(upToCount: 64 * 1024), !chunk.isEmpty {
            body += chunk
            if body.count > OwnerHookDelivery.maxBodyBytes { break }
        }
        let agent = CommandContext.current.environment[CompanionAgents.agentEnvironmentVariable]
        guard let answer = OwnerHookDelivery.deliver(body, agent: agent, socketPath: socket) else {
            writeStandardError("companion hook: the sidecar did not answer (not running?); no decision\n")
            return
        }
        writeStandardOutput(String(decoding: answer, as: UTF8.self))
    }
}
