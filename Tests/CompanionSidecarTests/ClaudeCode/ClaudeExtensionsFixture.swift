import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation

extension ClaudeAPIFixture {
    /// Serves a sidecar whose clone roots are the sandbox (so local repositories made in the test may be
    /// installed from), for `body`.
    func liveWithCloneRoots<T>(_ body: (Live) async throws -> T) async throws -> T {
        var configuration = try configuration()
        configuration.taskCloneRoots = [sandbox.root]
        let sidecar = try Sidecar(configuration: configuration, logLevel: .warning)
        let running = try await sidecar.start()
        do {
            let result = try await body(try Live(running: running, sidecar: sidecar))
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }

    /// A git repository under the sandbox with `files`, committed.
    func repository(_ name: String, files: [String: String]) async throws -> URL {
        try await TestGitRepository.make(at: sandbox.root.appendingPathComponent("repos/\(name)"), files: files)
    }

    static func skillText(_ name: String, _ description: String, body: String = "Do the thing.") -> String {
        "---\nname: \(name)\ndescription: \(description)\nallowed-tools: Read, Grep\n---\n\(body)\n"
    }

    /// The real CLI run in the sandbox; its standard output.
    func claude(_ arguments: [String], input: String = "") async throws -> String {
        let result = try await ProcessRunner.run(
            "/usr/bin/env", ["-C", sandbox.home.path, try ClaudeCLIBinary.locate()] + arguments, input: input,
            environment: sandbox.environment.mapValues { Optional($0) })
        guard result.status == 0 else { throw CLIFailed(description: result.description) }
        return result.stdout
    }

    /// `claude plugin list --json`: plugin id → enabled.
    func pluginStates() async throws -> [String: Bool] {
        guard case .array(let items) = try JSONValue.parse(try await claude(["plugin", "list", "--json"])) else {
            return [:]
        }
        var states: [String: Bool] = [:]
        for case .object(let item) in items {
            if case .string(let id)? = item["id"], case .bool(let enabled)? = item["enabled"] { states[id] = enabled }
        }
        return states
    }

    /// The `system/init` of a real `claude -p` run against the scripted endpoint: plugin sources and skills.
    func loaded() async throws -> (plugins: [String], skills: [String]) {
        let text = try await claude(["-p", "--output-format", "stream-json", "--verbose"], input: "what is loaded?")
        for line in text.split(separator: "\n") {
            guard case .object(let object) = try? JSONValue.parse(String(line)), object["subtype"] == .string("init")
            else { continue }
            var plugins: [String] = []
            var skills: [String] = []
            if case .array(let items)? = object["plugins"] {
                for case .object(let plugin) in items {
                    if case .string(let source)? = plugin["source"] { plugins.append(source) }
                }
            }
            if case .array(let items)? = object["skills"] {
                for case .string(let skill) in items { skills.append(skill) }
            }
            return (plugins, skills)
        }
        throw CLIFailed(description: "no system/init in: \(text.prefix(2000))")
    }

    /// The user skills directory's entries (what a refused install must leave as it was).
    func userSkillEntries() -> [String] {
        let config = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.configDirectory.path)) ?? []
        let skills =
            (try? FileManager.default.contentsOfDirectory(
                atPath: sandbox.configDirectory.appendingPathComponent("skills").path))
            ?? []
        return (config.filter { $0.hasPrefix(".companion") } + skills).sorted()
    }

    struct CLIFailed: Error, CustomStringConvertible { let description: String }
}

extension HTTPReply {
    /// The `/api/v1` envelope of this answer, with `T` as its data.
    func envelope<T: Codable & Sendable>(_ type: T.Type) throws -> APIResponse<T> {
        try ClaudeAPIJSON.decode(APIResponse<T>.self, from: body)
    }
}
