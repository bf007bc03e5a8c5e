import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionKit
import CompanionPush
import CompanionTestSupport
import Foundation
import Hummingbird
import Testing

@testable import CompanionSidecar

/// The route table (``RouteScopes``) covers every route the router serves, and every scoped route refuses a
/// signed request from a device lacking its scope with 403 naming the scope.
@Suite struct RouteScopeTests {
    /// A sidecar with every feature on (identity, signed requests, the task routes, the Claude Code API, agent
    /// sessions), so its
    /// router holds every route there is.
    static func fullSidecar(_ directory: URL) throws -> Sidecar {
        var configuration = SidecarConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: directory.appendingPathComponent("sidecar"),
            hostName: "test-workstation", identity: Ed25519KeyPair.generate())
        configuration.requireSignedRequests = true
        configuration.claudeCode = ClaudeCodeSettings(
            executablePath: try ClaudeCLIBinary.locate(),
            environment: ["HOME": directory.appendingPathComponent("home").path])
        configuration.agents = AgentsSettings(tmuxSocket: "companion-scopes-\(UUID().uuidString.prefix(8))")
        configuration.push = PushSettings(vapidKey: .generate())
        return try Sidecar(configuration: configuration, logLevel: .warning)
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("companion-scopes-\(UUID().uuidString)")
    }

    /// `METHOD /path/{parameter}` of every route the router serves.
    static func servedRoutes(_ sidecar: Sidecar) -> [String] {
        SidecarRouter.build(sidecar).routes.map { route in
            let path = "\(route.path)"
            return "\(route.method.rawValue) \(path.hasPrefix("/") ? path : "/" + path)"
        }
    }

    @Test func everyServedRouteDeclaresItsScopeAndTheTableHasNoOthers() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let routes = Self.servedRoutes(try Self.fullSidecar(directory))
        let undeclared = routes.filter { RouteScopes.table[$0] == nil }
        #expect(undeclared.isEmpty, "routes without a scope in RouteScopes.table: \(undeclared)")
        let stale = RouteScopes.table.keys.filter { !routes.contains($0) }.sorted()
        #expect(stale.isEmpty, "RouteScopes.table names routes the router does not serve: \(stale)")
        #expect(Set(routes).count == routes.count && routes.count == RouteScopes.table.count)
    }

    @Test func everyScopedRouteRefusesADeviceLackingItsScope() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sidecar = try Self.fullSidecar(directory)
        let running = try await sidecar.start()
        defer { Task { await running.stop() } }
        let probe = HTTPProbe(baseURL: running.baseURL)
        let other = try await sidecar.registry.registerPairing(
            name: "other", publicKey: TestDevice().keys.publicKey.base64, at: Date(), peer: nil
        ).device.id
        var checked = 0
        for scope in DeviceScope.allCases {
            let routes = RouteScopes.table.filter { $0.value.scope == scope }.keys.sorted()
            guard !routes.isEmpty else { continue }
            let device = TestDevice(name: "lacks-\(scope.rawValue)")
            let id = try await sidecar.registry.registerPairing(
                name: device.name, publicKey: device.keys.publicKey.base64,
                scopes: DeviceScope.all.subtracting([scope]), at: Date(), peer: nil
            ).device.id
            for route in routes {
                let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
                let path = Self.concrete(parts[1], otherDevice: other)
                let body = parts[0] == "POST" ? Data("{}".utf8) : nil
                let reply = try await probe.send(
                    parts[0], path, body: body,
                    headers: device.signedHeaders(id: id, parts[0], path, body: body, now: Date()))
                #expect(reply.status == 403, "\(route) answered \(reply.status) to a device without '\(scope)'")
                // The companion routes answer the brief's error body, /api/v1 the ILS app's envelope: both name it.
                let answer = String(decoding: reply.body, as: UTF8.self)
                #expect(
                    answer.contains("'\(scope.rawValue)' scope") && answer.lowercased().contains("forbidden"),
                    "\(route): \(answer)")
                checked += 1
            }
        }
        #expect(checked == RouteScopes.table.values.filter { $0 != .open }.count)
        await running.stop()
    }

    @Test func aReadDeviceCannotStartATaskButCanListThemAndRevokeItself() async throws {
        let setup = try CompanionKitLiveTests.Setup()
        try await setup.run { url in
            let started = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start(scopes: [.read])
            let outcome = try await setup.companion.pair(
                try PairingInvitation(code: started.response.code), at: url,
                options: PairingV2LiveTests.noQuestions())
            let tasks = try TaskAccess.tasks(url: nil, apiKey: nil, store: setup.companion.store)
            #expect(try await tasks.list().isEmpty)
            do throws(CompanionError) {
                _ = try await tasks.create(CreateTaskRequest(title: "nope", description: "true"))
                Issue.record("a read-only device created a task")
            } catch {
                guard case .server(let status, let code, let message)? = error.clientError else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(status == 403 && code == "forbidden" && message.contains("'tasks' scope"))
            }
            // Revoking itself needs no admin scope.
            #expect(try await setup.companion.revoke(deviceID: outcome.device.id).thisDevice)
        }
    }

    @Test func theOwnerNarrowsAScopeAndTheNextRequestIsRefused() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sidecar = try Self.fullSidecar(directory)
        let running = try await sidecar.start()
        let probe = HTTPProbe(baseURL: running.baseURL)
        let device = TestDevice()
        let id = try await sidecar.registry.registerPairing(
            name: "phone", publicKey: device.keys.publicKey.base64, at: Date(), peer: nil
        ).device.id
        let list = {
            try await probe.get("/v1/tasks", headers: device.signedHeaders(id: id, "GET", "/v1/tasks", now: Date()))
        }
        #expect(try await list().status == 200)
        #expect(try await sidecar.registry.setScopes([.chat], deviceID: id, at: Date(), peer: nil)?.scopes == "chat")
        #expect(try await list().status == 403)
        #expect(try await sidecar.registry.setScopes([.read], deviceID: "nobody", at: Date(), peer: nil) == nil)
        await running.stop()
    }

    /// `path` with its parameters filled: a device route names another device, the rest a made-up id.
    static func concrete(_ path: String, otherDevice: String) -> String {
        var result = path
        if result.hasPrefix("/companion/devices/") {
            result = result.replacingOccurrences(of: "{id}", with: otherDevice)
        }
        while let open = result.firstIndex(of: "{"), let close = result[open...].firstIndex(of: "}") {
            result.replaceSubrange(open...close, with: "x1")
        }
        return result
    }
}

extension RouteScopes.Requirement {
    /// The scope required, nil for an open route.
    var scope: DeviceScope? {
        if case .scope(let scope, _) = self { return scope }
        return nil
    }
}
