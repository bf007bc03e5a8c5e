import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// `companion watch` and `agents tail --follow` across a real network failure: a `companion sidecar serve` (agent
/// sessions on a private tmux server, `cat` as the agent) reached through a loopback TCP proxy that breaks the
/// WebSocket mid-stream (both directions shut down, no close frame) and then refuses new upgrades for a while, as a
/// network that comes back later would. The companion is paired through the proxy, so every request is signed.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct AgentsReconnectCLITests {
    struct World {
        let sidecar: SidecarProcess
        let proxy: TCPProxy
        let cli: CompanionCLI
        let deviceID: String
        let tmuxSocket: String
        let project: URL

        static func start() async throws -> World {
            let tmuxSocket = "companion-reconnect-\(UUID().uuidString.prefix(8))"
            let sidecar = try await SidecarProcess.start(
                SidecarOptions(arguments: ["--log-level", "warning", "--tmux-socket", tmuxSocket]))
            let proxy = try TCPProxy(targetPort: sidecar.port)
            let cli = CompanionCLI()
            let start = try await sidecar.startPairing(scopes: [.read, .control])
            let (paired, json) = try await cli.json(
                ["pair", "code", start.code, "--url", "http://127.0.0.1:\(proxy.port)", "--name", "Laptop"],
                stdin: confirmsVerification)
            guard paired.status == Exit.success, let id = json["device"]?["id"]?.stringValue else {
                throw Failure(description: "pairing through the proxy: \(paired)")
            }
            let project = FileManager.default.temporaryDirectory.appendingPathComponent("reconnect-\(UUID())")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            return World(
                sidecar: sidecar, proxy: proxy, cli: cli, deviceID: id, tmuxSocket: tmuxSocket, project: project)
        }

        /// `companion agents new --project … --command cat`: the new session's id.
        func newSession() async throws -> String {
            let (created, session) = try await cli.json([
                "agents", "new", "--project", project.path, "--command", "cat",
            ])
            guard let id = session["id"]?.stringValue else { throw Failure(description: "agents new: \(created)") }
            return id
        }

        /// `companion agents tail ID --follow` once its stream is open and has shown `text`, typed into the session;
        /// returns the follower and the result of `agents send`.
        func follow(_ id: String, showing text: String) async throws -> (RunningProcess, ProcessRunner.Result) {
            let tail = try cli.spawn(["agents", "tail", id, "--follow"])
            do {
                // The rule above each update marks output of the stream (the first screen comes over REST, without
                // one).
                try await tail.waitForOutput { out, _ in out.contains("\u{2500}\u{2500} \(id)") }
                let sent = try await cli.run(["agents", "send", id, text])
                try await tail.waitForOutput { out, _ in out.contains(text) }
                return (tail, sent)
            } catch {
                tail.kill(SIGTERM)
                throw error
            }
        }

        /// Breaks the open WebSockets and refuses new ones until `restore` is called.
        func breakTheNetwork() {
            proxy.refuseWebSockets(true)
            proxy.dropWebSockets()
        }

        func restore() { proxy.refuseWebSockets(false) }

        func stop() {
            proxy.stop()
            sidecar.stop()
            ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", tmuxSocket, "kill-server"], timeout: 10)
            try? FileManager.default.removeItem(at: project)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The JSON lines `watch --json` printed.
    static func events(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test func watchResumesAfterTheConnectionBreaksAndMissesNothing() async throws {
        let world = try await World.start()
        defer { world.stop() }
        let watch = try world.cli.spawn(["watch", "--json"])
        defer { watch.kill(SIGTERM) }
        try await watch.waitForOutput { out, _ in out.contains("snapshot") }
        let first = try await world.newSession()
        try await watch.waitForOutput { out, _ in out.contains(first) }

        world.breakTheNetwork()
        // While the network is down (the proxy refuses the upgrade; plain requests still pass): two more sessions.
        let second = try await world.newSession()
        let third = try await world.newSession()
        #expect(watch.isRunning, "watch gave up on a broken connection: \(watch.stderr)")
        world.restore()
        try await watch.waitForOutput { out, _ in out.contains(second) && out.contains(third) }
        #expect(world.proxy.webSocketUpgrades >= 2, "a new connection was made")

        let events = Self.events(watch.stdout)
        let seqs = events.compactMap { $0["seq"] as? Int }
        #expect(seqs == Array((seqs.first ?? 0)...(seqs.last ?? 0)), "no event lost or repeated: \(seqs)")
        #expect(events.filter { $0["type"] as? String == "snapshot" }.count == 1, "resumed, not restarted")
        #expect(Set(events.compactMap { $0["epoch"] as? String }).count == 1)
        #expect(watch.isRunning)
    }

    @Test func tailFollowResumesAfterTheConnectionBreaks() async throws {
        let world = try await World.start()
        defer { world.stop() }
        let id = try await world.newSession()
        let (tail, before) = try await world.follow(id, showing: "typed before the break")
        defer { tail.kill(SIGTERM) }
        #expect(before.status == Exit.success, "\(before)")

        world.breakTheNetwork()
        let during = try await world.cli.run(["agents", "send", id, "typed while it was down"])
        #expect(during.status == Exit.success, "\(during)")
        #expect(tail.isRunning, "tail --follow gave up on a broken connection: \(tail.stderr)")
        world.restore()
        try await tail.waitForOutput { out, _ in out.contains("typed while it was down") }
        #expect(world.proxy.webSocketUpgrades >= 2)
        #expect(tail.isRunning)
    }

    /// A stream that goes silent for 12 s — longer than two pings of the clients' old 5 s period, shorter than one
    /// of their 20 s (`WebSocketKeepAlive`) — stays open: the follower neither drops it nor makes another. With the
    /// 5 s ping a healthy connection was closed "without a close frame" whenever a loaded machine left the client
    /// unscheduled that long; a `/ws` test client, which does not reconnect, then waited for events that never came
    /// (`HookEndpointTests.aResumeAcrossASidecarRestartGetsASnapshotAndLosesNothing`, 162 s, issue 33).
    @Test func aStreamSilentForTwelveSecondsStaysOpen() async throws {
        let world = try await World.start()
        defer { world.stop() }
        let id = try await world.newSession()
        let (tail, before) = try await world.follow(id, showing: "typed before the silence")
        defer { tail.kill(SIGTERM) }
        #expect(before.status == Exit.success, "\(before)")
        let upgrades = world.proxy.webSocketUpgrades
        world.proxy.holdTraffic(for: 12)
        // Sent at once, answered once the silence ends (its own request is held too).
        let after = try await world.cli.run(["agents", "send", id, "typed after the silence", "--timeout", "120"])
        #expect(after.status == Exit.success, "\(after)")
        try await tail.waitForOutput { out, _ in out.contains("typed after the silence") }
        #expect(world.proxy.webSocketUpgrades == upgrades, "the stream was dropped and made again: \(tail.stderr)")
        #expect(tail.isRunning, "\(tail.stderr)")
    }

    /// A device revoked while following: the sidecar closes the stream as unauthorized, which is "not paired"
    /// (exit 7) like a refused REST call, not a server error.
    @Test func tailFollowOfARevokedDeviceExitsNotPaired() async throws {
        let world = try await World.start()
        defer { world.stop() }
        let id = try await world.newSession()
        let (tail, _) = try await world.follow(id, showing: "typed before the revocation")
        defer { tail.kill(SIGTERM) }
        let revoke = try await CompanionCLI().run(
            ["sidecar", "devices", "revoke", world.deviceID, "--data-dir", world.sidecar.dataDirectory.path])
        #expect(revoke.status == Exit.success, "\(revoke)")
        let ended = try await tail.finish(timeout: 30)
        #expect(ended.status == Exit.notPaired, "\(ended)")
        #expect(ended.stderr.contains("revoked"), "\(ended.stderr)")

        // An unpaired companion's stream is refused at the upgrade: the same exit code.
        let watch = try await world.cli.run(["watch", "--json"], timeout: 60)
        #expect(watch.status == Exit.notPaired, "\(watch)")
    }

    /// `agents send`, `tail` (once and with --follow) and `rm` with --json: the API's JSON on standard output, and a
    /// failure as one JSON error document.
    @Test func sendTailAndRemoveSpeakJSON() async throws {
        let world = try await World.start()
        defer { world.stop() }
        let id = try await world.newSession()
        let follow = try world.cli.spawn(["agents", "tail", id, "--follow", "--json"])
        defer { follow.kill(SIGTERM) }
        try await follow.waitForOutput { out, _ in out.contains("\"seq\"") }  // the stream's first update
        let (sent, session) = try await world.cli.json(["agents", "send", id, "typed for json"])
        #expect(sent.status == Exit.success, "\(sent)")
        #expect(session["id"]?.stringValue == id && session["source"]?.stringValue == "tmux")
        try await follow.waitForOutput { out, _ in out.contains("typed for json") }
        let lines = follow.stdout.split(separator: "\n").map { try? JSONValue.parse(String($0)) }
        #expect(
            !lines.isEmpty && lines.allSatisfy { $0?["type"]?.stringValue == "terminal_output" }, "\(follow.stdout)")
        #expect(lines.allSatisfy { $0?["session_id"]?.stringValue == id })

        let (tailed, terminal) = try await world.cli.json(["agents", "tail", id, "--lines", "5"])
        #expect(tailed.status == Exit.success, "\(tailed)")
        #expect(terminal["session_id"]?.stringValue == id)
        #expect(terminal["lines"]?.arrayValue?.contains { $0.stringValue?.contains("typed for json") == true } == true)

        let (removed, answer) = try await world.cli.json(["agents", "rm", id])
        #expect(removed.status == Exit.success, "\(removed)")
        #expect(answer["deleted"] == .bool(true) && answer["id"]?.stringValue == id)
        let again = try await world.cli.run(["agents", "rm", id, "--json"])
        #expect(again.status == Exit.server, "\(again)")
        let failure = try JSONValue.parse(again.stdout)
        #expect(failure["ok"] == .bool(false) && failure["error"]?["exitCode"] == .integer(5), "\(again.stdout)")
    }
}
