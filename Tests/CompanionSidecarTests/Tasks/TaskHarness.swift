import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket

/// A task service on a real SQLite file in a temporary directory, served on an ephemeral loopback port behind
/// its `X-API-Key` (``apiKey``; task routes cannot be served without a guard). Signed task requests go through
/// the full sidecar: `TaskTrustTests`.
struct TaskHarness {
    /// The `X-API-Key` of every harness; ``client(port:apiKey:)`` and `rawRequest` send it unless told otherwise.
    static let apiKey = "task-harness-key-\(UUID().uuidString)"

    let directory: URL
    let databasePath: String
    let database: DatabaseQueue
    let service: TaskService

    init(
        command: String?, webSocketEnabled: Bool = true,
        killGrace: Duration = .seconds(2), directory: URL? = nil, cloneRoots: [URL] = [],
        cloneTimeLimit: Duration = TaskRunnerConfiguration.defaultCloneTimeLimit, git: String = "git",
        configure: (inout TaskRunnerConfiguration) -> Void = { _ in }
    ) throws {
        let directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("tasks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        databasePath = directory.appendingPathComponent("sidecar.sqlite").path
        database = try Self.openDatabase(at: databasePath)
        var configuration = TaskRunnerConfiguration(
            command: command, dataDirectory: directory, killGrace: killGrace, git: git, cloneRoots: cloneRoots,
            cloneTimeLimit: cloneTimeLimit)
        configure(&configuration)
        service = TaskService(writer: database, configuration: configuration, webSocketEnabled: webSocketEnabled)
    }

    /// Opens and migrates a database file the way the registry does.
    static func openDatabase(at path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        TaskStore.registerMigrations(in: &migrator)
        try migrator.migrate(queue)
        return queue
    }

    /// The HTTP and WebSocket routes on one router.
    func application() -> some ApplicationProtocol {
        let router = Router(context: BasicWebSocketRequestContext.self)
        let key = try! TaskAPIKey(Self.apiKey)
        service.addRoutes(to: router, guard: .apiKey(key))
        service.addWebSocketRoutes(to: router, guard: .apiKey(key))
        return Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// Runs `body` against a live server; returns when the body and every running task are done.
    func live<T: Sendable>(_ body: @Sendable @escaping (_ port: Int) async throws -> T) async throws -> T {
        let result = try await application().test(.live) { client in try await body(client.port!) }
        await service.runner.stopAll()
        return result
    }

    /// A client of the live server.
    static func client(port: Int, apiKey: String? = TaskHarness.apiKey) -> TaskClient {
        // swift-format-ignore: NeverUseForceTry
        try! TaskClient(baseURL: "http://127.0.0.1:\(port)", apiKey: apiKey, timeout: TestDeadline.seconds)
    }

    /// Waits (up to `timeout`) until the task is finished, and returns it.
    func waitForEnd(_ id: String, timeout: Duration = TestDeadline.duration) async throws -> AgentTask {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let task = try await service.store.task(id: id), task.status.isFinished { return task }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw HarnessError.timeout(id)
    }

    enum HarnessError: Error { case timeout(String) }
}

/// A shell command printing `line 1` … `line N`, one every `interval` seconds.
func numberedLines(_ count: Int, interval: Double = 0.01) -> String {
    "i=1; while [ $i -le \(count) ]; do echo \"line $i\"; i=$((i+1)); sleep \(interval); done"
}

/// The `line N` numbers in order, from log lines.
func numbers(_ lines: [TaskLogLine]) -> [Int] {
    lines.filter { $0.stream == .stdout && $0.text.hasPrefix("line ") }.compactMap { Int($0.text.dropFirst(5)) }
}
