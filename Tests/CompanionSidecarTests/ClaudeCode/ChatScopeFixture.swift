import CompanionAPI
import CompanionCrypto
import CompanionSidecar
import CompanionTestSupport
import Foundation

/// A real sidecar (identity, signed requests, the real `claude` against the scripted model) with two paired
/// devices: `chat` (the pairing default: read, tasks, chat) and `control` (the same and control). The model asks
/// for Bash `touch chat-scope-marker` (in the run's directory, the sandbox's HOME) when told "please make the
/// marker", and the hooks, helpers and MCP servers a test plants touch the same file: the marker's existence is
/// the proof that something ran.
struct ChatScopeFixture {
    static let markerName = "chat-scope-marker"
    let api: ClaudeAPIFixture
    /// The file whose existence means a command ran on the workstation.
    var marker: URL { api.sandbox.home.appendingPathComponent(Self.markerName) }

    /// With `rule`, the model answers by it instead.
    init(rule: (@Sendable (ScriptedModelRequest) -> ScriptedModelReply)? = nil) throws {
        if let rule {
            api = try ClaudeAPIFixture(rule: rule)
            return
        }
        api = try ClaudeAPIFixture { request in
            if request.answersToolUse { return .text("Done.", pieces: 1) }
            if request.lastUserPrompt == "please make the marker" {
                return .bash("touch \(ChatScopeFixture.markerName)", description: "Create the marker")
            }
            return .text("OK", pieces: 1)
        }
    }

    var markerExists: Bool { FileManager.default.fileExists(atPath: marker.path) }

    func removeMarker() { try? FileManager.default.removeItem(at: marker) }

    /// An executable script (written by a child process) that touches the marker, then runs `then`.
    func touchingScript(_ name: String, then: String = "") async throws -> String {
        let url = api.sandbox.root.appendingPathComponent(name)
        try await ExecutableScript.write("#!/bin/sh\ntouch '\(marker.path)'\n\(then)\n", to: url)
        return url.path
    }

    func remove() { api.remove() }

    /// Serves the sidecar (bypassPermissions allowed, so that only the scope stands in the way; clone roots the
    /// sandbox) for `body`, then stops it.
    func live<T>(_ body: (Live) async throws -> T) async throws -> T {
        var configuration = try api.configuration()
        configuration.identity = Ed25519KeyPair.generate()
        configuration.requireSignedRequests = true
        configuration.taskCloneRoots = [api.sandbox.root]
        configuration.claudeCode?.allowBypassPermissions = true
        let sidecar = try Sidecar(configuration: configuration, logLevel: .warning)
        let running = try await sidecar.start()
        do {
            let live = try await Live(running: running, sidecar: sidecar)
            let result = try await body(live)
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }

    struct Live {
        let running: RunningSidecar
        let sidecar: Sidecar
        let probe: HTTPProbe
        let chat: Device
        let control: Device

        init(running: RunningSidecar, sidecar: Sidecar) async throws {
            self.running = running
            self.sidecar = sidecar
            probe = HTTPProbe(baseURL: running.baseURL)
            chat = try await Device.register("chat-phone", scopes: DeviceScope.pairingDefault, in: sidecar)
            control = try await Device.register(
                "control-phone", scopes: DeviceScope.pairingDefault.union([.control]), in: sidecar)
        }

        /// A signed request of `device`.
        func send(_ device: Device, _ method: String, _ path: String, _ body: String? = nil) async throws
            -> HTTPReply
        {
            let data = body.map { Data($0.utf8) }
            return try await probe.send(
                method, path, body: data,
                headers: device.keys.signedHeaders(id: device.id, method, path, body: data, now: Date()))
        }
    }

    /// A paired device: its keys and id.
    struct Device {
        let keys: TestDevice
        let id: String

        static func register(_ name: String, scopes: Set<DeviceScope>, in sidecar: Sidecar) async throws -> Device {
            let keys = TestDevice(name: name)
            let id = try await sidecar.registry.registerPairing(
                name: name, publicKey: keys.keys.publicKey.base64, scopes: scopes, at: Date(), peer: nil
            ).device.id
            return Device(keys: keys, id: id)
        }
    }
}

extension HTTPReply {
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// A 403 whose message names `scope` and `field`.
    func refuses(_ scope: DeviceScope, naming field: String) -> Bool {
        status == 403 && text.contains("'\(scope.rawValue)' scope") && text.contains(field)
    }
}
