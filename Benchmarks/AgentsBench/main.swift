// Benchmark driver for Benchmarks/agents.sh (agent sessions); not a product.
//   agents-bench latency N            hook → session_update over /ws, N events each way: `companion hook` (the command
//                                     Claude Code's hooks run, a process per event) and a POST on the owner socket
//                                     from this process (the same delivery without the process); /health round trip
//                                     over loopback TCP as reference (what the earlier HTTP hook's POST cost)
//   agents-bench terminal N           tmux send-keys → terminal_output over /ws, N changes; capture-pane as reference
//   agents-bench idle SESSIONS SECS   sidecar CPU watching SESSIONS idle tmux sessions for SECS, then naive
//                                     capture-pane polling of the same sessions at 1 Hz each for SECS
import CompanionAPI
import CompanionAgents
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#endif

let apiKey = "agents-bench-key-0123456789abcdef"
let arguments = CommandLine.arguments
guard arguments.count >= 3, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: agents-bench latency|terminal N | idle SESSIONS SECONDS\n".utf8))
    exit(64)
}
let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("agents-bench-\(getpid())")
try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
let socketName = "agents-bench-\(getpid())"
defer {
    ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", socketName, "kill-server"])
    try? FileManager.default.removeItem(at: root)
}

var configuration = SidecarConfiguration(
    host: "127.0.0.1", port: 0, dataDirectory: root.appendingPathComponent("sidecar"), hostName: "bench")
configuration.taskAPIKey = try TaskAPIKey(apiKey)
configuration.taskAPIKey?.scopes = DeviceScope.all  // it starts agents (control); the default is read,tasks
configuration.agents = AgentsSettings(tmuxSocket: socketName, defaultCommand: ["cat"])
let sidecar = try Sidecar(configuration: configuration, logLevel: .error)
let running = try await sidecar.start()
let base = running.baseURL.absoluteString
let installer = ClaudeHookInstaller(
    settingsPath: root.appendingPathComponent("settings.json").path,
    stateDirectory: root.appendingPathComponent("sidecar").path)
let ownerSocket = OwnerSocket.path(in: root.appendingPathComponent("sidecar"))
let companion = TestPaths.companionBinary.path
_ = try installer.install(
    command: ClaudeHookInstaller.hookCommand(executable: companion, socketPath: ownerSocket))
let client = AgentClient(
    transport: try SidecarTransport(
        baseURL: base, authentication: SidecarAuthentication(apiKey: apiKey), timeout: .seconds(30)))

/// Events received on /ws with the time they arrived; a wait is registered before the action it times.
final class Arrivals: Sendable {
    typealias Waiter = (
        predicate: @Sendable (AgentEventMessage) -> Bool, continuation: AsyncStream<UInt64>.Continuation
    )
    let waiting = Mutex<[Waiter]>([])

    func arrived(_ event: AgentEventMessage) {
        let now = DispatchTime.now().uptimeNanoseconds
        let ready = waiting.withLock { waiting in
            let hit = waiting.filter { $0.predicate(event) }
            waiting.removeAll { $0.predicate(event) }
            return hit
        }
        for waiter in ready {
            waiter.continuation.yield(now)
            waiter.continuation.finish()
        }
    }

    /// Registers a wait now; the stream yields the arrival time of the first matching event.
    func expect(_ predicate: @escaping @Sendable (AgentEventMessage) -> Bool) -> AsyncStream<UInt64> {
        let (stream, continuation) = AsyncStream<UInt64>.makeStream()
        waiting.withLock { $0.append((predicate, continuation)) }
        return stream
    }
}

func arrival(_ stream: AsyncStream<UInt64>) async -> UInt64 {
    for await time in stream { return time }
    return 0
}

let arrivals = Arrivals()
func connect(terminals: [String] = []) -> Task<Void, Never> {
    Task {
        _ = try? await AgentEventSocket(transport: client.transport).run(
            after: nil, messages: terminals.map { AgentClientMessage(type: "subscribe_terminal", sessionId: $0) }
        ) { event in
            arrivals.arrived(event)
            return []
        }
    }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func report(_ name: String, _ samples: [Double], reference: [Double], referenceName: String) {
    let line = String(
        format: "%@: p50 %.2f ms, p99 %.2f ms (n=%d); %@: p50 %.2f ms, p99 %.2f ms; ratio p99 %.1fx\n",
        name, percentile(samples, 0.5), percentile(samples, 0.99), samples.count, referenceName,
        percentile(reference, 0.5), percentile(reference, 0.99), percentile(samples, 0.99) / percentile(reference, 0.99)
    )
    FileHandle.standardOutput.write(Data(line.utf8))
}

/// Runs tmux on the benchmark's server (posix_spawn through ProcessRunner, not Foundation's Process, whose run()
/// can crash on Linux: docs/testing.md).
func tmux(_ arguments: [String]) async throws {
    _ = try await ProcessRunner.run("/usr/bin/tmux", ["-L", socketName] + arguments)
}

func cpuSeconds(_ who: __rusage_who) -> Double {
    var usage = rusage()
    getrusage(Int32(who.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// CPU seconds of the tmux server so far (/proc/PID/stat utime + stime).
func tmuxServerCPU() async -> Double {
    let pid =
        ((try? await ProcessRunner.run("/usr/bin/tmux", ["-L", socketName, "display-message", "-p", "#{pid}"]))?
        .stdout ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / ticks
}

switch arguments[1] {
case "latency":
    let snapshot = arrivals.expect { $0.type == "snapshot" }
    let socket = connect()
    _ = await arrival(snapshot)
    var command: [Double] = []
    var direct: [Double] = []
    var reference: [Double] = []
    for i in 0..<count {
        func event(_ session: String) throws -> Data {
            try JSONSerialization.data(withJSONObject: [
                "hook_event_name": "UserPromptSubmit", "session_id": session, "cwd": "/bench",
            ])
        }
        let viaCommand = "bench-command-\(i)"
        var arrived = arrivals.expect { $0.type == "session_update" && $0.session?.id == viaCommand }
        var start = DispatchTime.now().uptimeNanoseconds
        _ = try await ProcessRunner.run(
            companion, ["hook", "--socket", ownerSocket], input: [UInt8](try event(viaCommand)), timeout: 30)
        command.append(Double(await arrival(arrived) - start) / 1e6)
        let viaSocket = "bench-socket-\(i)"
        arrived = arrivals.expect { $0.type == "session_update" && $0.session?.id == viaSocket }
        start = DispatchTime.now().uptimeNanoseconds
        _ = OwnerHookDelivery.deliver([UInt8](try event(viaSocket)), agent: nil, socketPath: ownerSocket)
        direct.append(Double(await arrival(arrived) - start) / 1e6)
        let healthStart = DispatchTime.now().uptimeNanoseconds
        _ = try await URLSession.shared.data(from: URL(string: base + "/health")!)
        reference.append(Double(DispatchTime.now().uptimeNanoseconds - healthStart) / 1e6)
    }
    report(
        "companion hook -> /ws session_update", command, reference: reference, referenceName: "GET /health round trip")
    report(
        "owner-socket POST -> /ws session_update", direct, reference: reference, referenceName: "GET /health round trip"
    )
    socket.cancel()
case "terminal":
    let project = root.path
    let session = try await client.create(CreateAgentSessionRequest(project: project, command: ["cat"]))
    let name = session.tmuxSession ?? ""
    let first = arrivals.expect { $0.type == "terminal_output" && $0.sessionId == session.id }
    let socket = connect(terminals: [session.id])
    _ = await arrival(first)
    var samples: [Double] = []
    var reference: [Double] = []
    for i in 0..<count {
        let marker = "mark\(i)x"
        let arrived = arrivals.expect { event in
            event.type == "terminal_output" && (event.lines ?? []).contains { $0.contains(marker) }
        }
        let start = DispatchTime.now().uptimeNanoseconds
        try await tmux(["send-keys", "-t", "=" + name + ":", "-l", marker + "\n"])
        samples.append(Double(await arrival(arrived) - start) / 1e6)
        let captureStart = DispatchTime.now().uptimeNanoseconds
        try await tmux(["capture-pane", "-p", "-t", "=" + name + ":"])
        reference.append(Double(DispatchTime.now().uptimeNanoseconds - captureStart) / 1e6)
    }
    report("pane change -> /ws terminal_output", samples, reference: reference, referenceName: "one tmux capture-pane")
    socket.cancel()
case "idle":
    let seconds = arguments.count > 3 ? Double(arguments[3]) ?? 60 : 60
    var names: [String] = []
    for _ in 0..<count {
        let session = try await client.create(CreateAgentSessionRequest(project: root.path, command: ["cat"]))
        names.append(session.tmuxSession ?? "")
    }
    let watched = await sidecar.agents?.tmuxAgents.watchedCount ?? 0
    let cpu0 = cpuSeconds(RUSAGE_SELF)
    let tmux0 = await tmuxServerCPU()
    try await Task.sleep(for: .seconds(seconds))
    let watching = cpuSeconds(RUSAGE_SELF) - cpu0
    let watchingTmux = await tmuxServerCPU() - tmux0
    // Naive: capture-pane of every session once a second, from this process (children's CPU counted).
    let child0 = cpuSeconds(RUSAGE_CHILDREN)
    let self0 = cpuSeconds(RUSAGE_SELF)
    let tmux1 = await tmuxServerCPU()
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        let round = Date()
        for name in names { try await tmux(["capture-pane", "-p", "-t", "=" + name + ":"]) }
        let rest = 1 - Date().timeIntervalSince(round)
        if rest > 0 { try await Task.sleep(for: .milliseconds(Int(rest * 1000))) }
    }
    let polling = cpuSeconds(RUSAGE_CHILDREN) - child0 + (cpuSeconds(RUSAGE_SELF) - self0)
    let pollingTmux = await tmuxServerCPU() - tmux1
    let line = String(
        format:
            "idle %d sessions for %.0f s: sidecar watching %d panes used %.3f CPU-s (%.2f %% of a core; tmux server %.2f %%); "
            + "naive capture-pane polling at 1 Hz each used %.3f CPU-s (%.2f %%; tmux server %.2f %%); ratio %.1fx\n",
        count, seconds, watched, watching, watching / seconds * 100, watchingTmux / seconds * 100, polling,
        polling / seconds * 100, pollingTmux / seconds * 100,
        (polling + pollingTmux) / max(watching + watchingTmux, 1e-6))
    FileHandle.standardOutput.write(Data(line.utf8))
default:
    FileHandle.standardError.write(Data("unknown benchmark \(arguments[1])\n".utf8))
}
await running.stop()
