import CompanionTestSupport
import Foundation

/// A LAN that exists only for one test: a network namespace with a veth pair, its own system D-Bus and an
/// avahi-daemon allowed only on the veth (`scripts/netns-avahi.sh`). Processes run inside it with ``run(_:)``
/// and ``spawn(_:)``; nothing multicasts on a real interface. Needs root and avahi-daemon.
final class ConfinedLAN: @unchecked Sendable {
    /// True when this machine can make one (root, `ip`, `avahi-daemon`, `dbus-daemon`).
    static let isAvailable: Bool = {
        getuid() == 0 && ["ip", "avahi-daemon", "dbus-daemon"].allSatisfy(ProcessRunner.exists)
    }()

    /// The address of the namespace's first interface, where a sidecar bound to 0.0.0.0 is found.
    static let address = "10.77.0.1"

    let name: String
    let directory: URL
    /// `DBUS_SYSTEM_BUS_ADDRESS` of the namespace's bus (the avahi client finds the daemon through it).
    let bus: String

    /// Namespaces being torn down: the next one waits for them (they may share the host side's addresses).
    private static let teardowns = Teardowns()

    init() async throws {
        await Self.teardowns.finishAll()
        name = "ckt\(UInt32.random(in: 0..<1_000_000))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("confined-lan-\(name)")
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/netns-avahi.sh").path
        let result = try await ProcessRunner.run(script, ["up", name, directory.path], timeout: 30)
        guard result.status == 0 else {
            _ = try? await ProcessRunner.run(script, ["down", name, directory.path])
            throw ConfinedLANError(detail: result.description)
        }
        bus = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Tears the namespace down (its daemons, the veth pair, the state directory).
    /// Returns at once (a `defer` may call it); the next ``init()`` waits until it is done. `processes` (the
    /// programs the test ran inside, already signalled) end first, then the namespace goes, then `paths` are removed.
    func remove(after processes: [RunningProcess] = [], removing paths: [URL] = []) {
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/netns-avahi.sh").path
        let (name, directory) = (name, directory)
        Self.teardowns.start {
            for process in processes { _ = try? process.finishBlocking(timeout: 30) }
            _ = try? ProcessRunner.runBlocking(script, ["down", name, directory.path], timeout: 30)
            for path in paths { try? FileManager.default.removeItem(at: path) }
        }
    }

    /// `command` inside the namespace, with the namespace's bus and `environment`.
    func run(
        _ command: [String], environment: [String: String?] = [:], input: String? = nil,
        timeout: Double = TestDeadline.seconds
    )
        async throws -> ProcessRunner.Result
    {
        try await ProcessRunner.run(
            "ip", ["netns", "exec", name] + command, input: input, environment: self.environment(environment),
            timeout: timeout)
    }

    /// Starts `command` inside the namespace.
    func spawn(_ command: [String], environment: [String: String?] = [:]) throws -> RunningProcess {
        try ProcessRunner.spawn("ip", ["netns", "exec", name] + command, environment: self.environment(environment))
    }

    private func environment(_ extra: [String: String?]) -> [String: String?] {
        var environment = extra
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = bus
        return environment
    }
}

struct ConfinedLANError: Error, CustomStringConvertible {
    let detail: String
    var description: String { "cannot make the confined LAN: \(detail)" }
}
