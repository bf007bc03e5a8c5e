import Foundation

/// Whether a tmux server carries the agent server's marker (``CompanionAgents/agentServerVariable``) in its initial
/// environment (`/proc/PID/environ`, which the server's clients cannot rewrite): only a server the sidecar started
/// does, and only then can the owner socket tell the processes it starts (agents, and whatever they start through it)
/// from the owner's own.
enum TmuxServerMark {
    /// True when process `pid`'s initial environment has `COMPANION_AGENT_SERVER=socket`.
    static func isMarked(pid: Int32, socket: String, proc: String = "/proc") -> Bool {
        guard pid > 0, let environ = FileManager.default.contents(atPath: "\(proc)/\(pid)/environ") else {
            return false
        }
        let entry = Array("\(CompanionAgents.agentServerVariable)=\(socket)".utf8)
        return [UInt8](environ).split(separator: 0).contains { $0.elementsEqual(entry) }
    }
}

extension Tmux {
    /// This tmux with the agent server's marker added to its environment, so a server it starts carries it.
    var markedAsAgentServer: Tmux {
        var environment = self.environment
        environment[CompanionAgents.agentServerVariable] = socketName ?? ""
        return Tmux(executable: executable, socketName: socketName, environment: environment)
    }

    /// The process id of the server session `name` runs on.
    func serverPID(session name: String) async throws(TmuxError) -> Int32 {
        let output = try await run(["display-message", "-p", "-t", "=" + name + ":", "#{pid}"])
        guard let pid = Int32(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw .failed(command: "display-message", detail: "no server pid in \(output.prefix(40))")
        }
        return pid
    }

    /// Whether the server session `name` runs on was started with the agent server's marker for this socket.
    func serverIsMarked(session name: String) async -> Bool {
        guard let socketName, let pid = try? await serverPID(session: name) else { return false }
        return TmuxServerMark.isMarked(pid: pid, socket: socketName)
    }
}
