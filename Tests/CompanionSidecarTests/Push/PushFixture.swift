import CompanionAPI
import CompanionAgents
import CompanionClient
import CompanionPush
import CompanionTestSupport
import Foundation

@testable import CompanionSidecar

/// A real sidecar on loopback with agent sessions, tasks and Web Push on, and the test push service
/// (`Tests/push/push_service.py`: Python, HTTPS with a CA of its own, http-ece and cryptography) on `localhost`.
/// The sidecar reaches it only through ``PushSettings/Testing``: loopback admitted, the service's CA trusted; both
/// are settable in code only (no option of `companion sidecar serve` reaches them).
struct PushFixture {
    static let apiKey = "push-api-test-key-0123456789"

    let directory: URL
    let service: RunningProcess
    let port: Int
    /// The subscription keys the push service holds, by path.
    let keys: [String: PushSubscriptionRequest.Keys]
    let caPEM: String

    init(plans: [String: [Int]] = [:]) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("companion-push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        service = try WebPushPeer.startService(in: directory, plans: plans)
        try await service.waitForOutput(timeout: TestDeadline.seconds) { out, _ in out.contains("\n") }
        let first = String(service.stdout.split(separator: "\n")[0])
        struct Ready: Decodable {
            let port: Int
            let subscriptions: [String: PushSubscriptionRequest.Keys]
        }
        let ready = try JSONDecoder().decode(Ready.self, from: Data(first.utf8))
        port = ready.port
        keys = ready.subscriptions
        caPEM = try String(contentsOf: directory.appendingPathComponent("ca.pem"), encoding: .utf8)
    }

    /// The subscription a browser would submit for `path` of the push service.
    func subscription(_ path: String = "/push/main") -> PushSubscriptionRequest {
        PushSubscriptionRequest(endpoint: "https://localhost:\(port)\(path)", keys: keys[path]!)
    }

    func settings(detail: PushDetail = .none, allowsLoopback: Bool = true) -> PushSettings {
        var settings = PushSettings(vapidKey: .generate())
        settings.hosts = ["localhost"]
        settings.detail = detail
        settings.retryDelays = [.milliseconds(100), .milliseconds(200)]
        settings.testing = PushSettings.Testing(allowsLoopback: allowsLoopback, trustRootsPEM: caPEM)
        return settings
    }

    /// Serves a sidecar for `body`, then stops it; `adjust` changes its push settings first.
    func live<T>(
        detail: PushDetail = .none, allowsLoopback: Bool = true, adjust: (inout PushSettings) -> Void = { _ in },
        _ body: (Live) async throws -> T
    ) async throws -> T {
        var configuration = SidecarConfiguration(
            port: 0, dataDirectory: directory.appendingPathComponent("sidecar"), hostName: "test-workstation")
        configuration.taskAPIKey = try TaskAPIKey(Self.apiKey)
        configuration.taskAPIKey?.scopes = DeviceScope.all
        configuration.taskCommand = "true"
        configuration.agents = AgentsSettings(
            tmuxSocket: "companion-push-\(UUID().uuidString.prefix(8))", approvalHoldTime: .seconds(60))
        configuration.push = settings(detail: detail, allowsLoopback: allowsLoopback)
        adjust(&configuration.push!)
        let sidecar = try Sidecar(configuration: configuration, logLevel: .critical)
        let running = try await sidecar.start()
        do {
            let result = try await body(try await Live(running: running, sidecar: sidecar))
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }

    /// The messages the push service received so far, one object per message.
    func received() -> [[String: Any]] {
        service.stdout.split(separator: "\n").dropFirst().compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Waits until `count` messages arrived on `path`; returns them.
    func messages(on path: String, count: Int = 1) async throws -> [[String: Any]] {
        try await service.waitForOutput(timeout: TestDeadline.seconds) { out, _ in
            out.components(separatedBy: "\"path\": \"\(path)\"").count - 1 >= count
        }
        return received().filter { $0["path"] as? String == path }
    }

    func remove() {
        service.closeInput()
        service.kill(SIGKILL)
        try? FileManager.default.removeItem(at: directory)
    }

    struct Live {
        let running: RunningSidecar
        let sidecar: Sidecar
        let probe: HTTPProbe
        let device = TestDevice(name: "phone")
        let deviceID: String
        let hooks: OwnerHookPoster
        let agents: AgentClient

        init(running: RunningSidecar, sidecar: Sidecar) async throws {
            self.running = running
            self.sidecar = sidecar
            probe = HTTPProbe(baseURL: running.baseURL)
            deviceID = try await sidecar.registry.registerPairing(
                name: device.name, publicKey: device.keys.publicKey.base64, at: Date(), peer: nil
            ).device.id
            hooks = OwnerHookPoster(socketPath: OwnerSocket.path(in: sidecar.configuration.dataDirectory))
            agents = AgentClient(
                transport: try SidecarTransport(
                    baseURL: running.baseURL.absoluteString,
                    authentication: SidecarAuthentication(apiKey: PushFixture.apiKey), timeout: TestDeadline.duration))
        }

        /// A request signed by `device` (this fixture's phone by default).
        func signed(
            _ method: String, _ path: String, body: Data? = nil, as other: (TestDevice, String)? = nil
        ) async throws -> HTTPReply {
            let (signer, id) = other ?? (device, deviceID)
            return try await probe.send(
                method, path, body: body, headers: signer.signedHeaders(id: id, method, path, body: body, now: Date()))
        }

        /// Subscribes `request` as this fixture's phone.
        func subscribe(_ request: PushSubscriptionRequest) async throws -> HTTPReply {
            try await signed("POST", "/companion/push/subscriptions", body: try CompanionJSON.encode(request))
        }

        /// `GET /health`'s push counts.
        func pushHealth() async throws -> PushHealth? {
            try await probe.get("/health").decode(HealthResponse.self).push
        }

        /// Waits until `/health`'s push counts satisfy `condition`.
        func waitForHealth(_ condition: (PushHealth) -> Bool) async throws -> PushHealth {
            let deadline = Date().addingTimeInterval(TestDeadline.seconds)
            while true {
                if let health = try await pushHealth(), condition(health) { return health }
                guard Date() < deadline else {
                    throw Timeout(what: "push counts: \(String(describing: try await pushHealth()))")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        let what: String
        var description: String { "timed out waiting for \(what)" }
    }
}
