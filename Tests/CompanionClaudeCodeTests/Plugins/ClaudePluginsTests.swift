import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSuites {
    /// Plugins and marketplaces through the real `claude plugin` commands, against a marketplace made in the test
    /// as a local git repository; every change checked with the CLI itself (`plugin list --json`, `plugin
    /// marketplace list`) and a `claude -p` run whose `system/init` lists the plugin and its skill.
    @Suite(.serialized) struct ClaudePluginsTests {
        @Test func marketplaceInstallDisableEnableUninstallRemove() async throws {
            let world = try RealClaude { _ in .text("plugin world") }
            defer { world.tearDown() }
            let marketplace = try await TestPluginMarketplace(in: world.sandbox.root)
            let plugins = ClaudePlugins(executable: world.executable, environment: world.sandbox.environment)

            #expect(try await plugins.installed().isEmpty)
            let name = try await plugins.addMarketplace(source: marketplace.repository.path)
            #expect(name == TestPluginMarketplace.marketplaceName)
            #expect(
                try await claudeText(world, ["plugin", "marketplace", "list"]).contains(
                    TestPluginMarketplace.marketplaceName)
            )
            let known = try await plugins.marketplaces()
            #expect(known.map(\.name).contains(name))
            let available = try await plugins.available()
            #expect(available.map(\.pluginId).contains("hello@test-market"))

            let id = try PluginID(name: "hello", marketplace: name)
            try await plugins.install(id)
            let installed = try await plugins.resolveInstalled("hello")
            #expect(installed.id == "hello@test-market" && installed.enabled && installed.scope == "user")
            let contents = PluginContents(installPath: installed.installPath, pluginName: installed.name)
            #expect(contents.description == "Says hello" && contents.commands == ["/hello:wave"])
            #expect(contents.skills == ["hello:greet"])
            await #expect(try cliList(world)["hello@test-market"] == true)

            // The plugin and its skill are what a real run loads.
            let initMessage = try await systemInit(world)
            #expect(initMessage.plugins.contains("hello@test-market"))
            #expect(initMessage.skills.contains("hello:greet"))

            try await plugins.setEnabled(false, installed)
            await #expect(try cliList(world)["hello@test-market"] == false)
            #expect(try await plugins.resolveInstalled("hello@test-market").enabled == false)
            try await plugins.setEnabled(true, installed)
            await #expect(try cliList(world)["hello@test-market"] == true)

            try await plugins.uninstall(installed)
            await #expect(try cliList(world).isEmpty)
            await #expect(throws: ClaudePluginError.notInstalled("hello")) {
                try await plugins.resolveInstalled("hello")
            }

            try await plugins.removeMarketplace(name: name)
            await #expect(
                try !claudeText(world, ["plugin", "marketplace", "list"]).contains(
                    TestPluginMarketplace.marketplaceName))
        }

        /// A marketplace added from a git address is cloned by the real `claude` with the real git, which cannot
        /// prompt: the https address is mapped to the repository made in the test by the sandbox's git
        /// configuration (`url.<file URL>.insteadOf`), so nothing leaves the machine, and a recording `git` first on
        /// `PATH` shows what the CLI's git runs were given.
        @Test func aMarketplaceFromAGitAddressIsClonedWithoutPrompts() async throws {
            let world = try RealClaude { _ in .text("unused") }
            defer { world.tearDown() }
            let marketplace = try await TestPluginMarketplace(in: world.sandbox.root)
            let address = "https://git.example.test/team/market.git"
            let configured = try await ProcessRunner.run(
                "git",
                [
                    "config", "--file", world.sandbox.home.appendingPathComponent(".gitconfig").path,
                    "url.file://\(marketplace.repository.path).insteadOf", address,
                ])
            #expect(configured.status == 0, "\(configured)")
            let recorder = try await GitRecorder(in: world.sandbox.root)
            let plugins = ClaudePlugins(
                executable: world.executable, environment: recorder.environment(world.sandbox.environment))

            let name = try await plugins.addMarketplace(source: address)
            #expect(name == TestPluginMarketplace.marketplaceName)
            let known = try #require(try await plugins.marketplaces().first { $0.name == name })
            #expect(known.location == address, "\(known)")
            #expect(try await plugins.available().map(\.pluginId).contains("hello@test-market"))

            let runs = try recorder.invocations()
            let clones = runs.filter { $0.arguments.contains("clone") }
            #expect(!clones.isEmpty, "the CLI ran no git clone: \(runs.map(\.arguments))")
            #expect(clones.allSatisfy { $0.arguments.contains(address) })
            // No run can prompt: never on the terminal, and no askpass helper (ours, /bin/false, or the empty one
            // the CLI sets itself for some runs, which git takes as none).
            for run in runs {
                #expect(run.environment["GIT_TERMINAL_PROMPT"] == "0", "\(run.arguments)")
                #expect(["/bin/false", ""].contains(run.environment["GIT_ASKPASS"]), "\(run.environment)")
            }
            // The same marketplace through the installed plugin works as one from a directory does.
            try await plugins.install(try PluginID(name: "hello", marketplace: name))
            await #expect(try cliList(world)["hello@test-market"] == true)
        }

        @Test func theCLIsRefusalsComeBackAsErrorsWithItsMessage() async throws {
            let world = try RealClaude { _ in .text("unused") }
            defer { world.tearDown() }
            let plugins = ClaudePlugins(executable: world.executable, environment: world.sandbox.environment)
            do {
                try await plugins.install(try PluginID(parsing: "nope@no-market"))
                Issue.record("installing from an unknown marketplace succeeded")
            } catch {
                guard case .refused(let command, _, let message) = error else { throw error }
                #expect(command == "install" && !message.isEmpty)
            }
            do {
                _ = try await plugins.addMarketplace(source: world.sandbox.root.appendingPathComponent("missing").path)
                Issue.record("a missing directory was added as a marketplace")
            } catch {
                guard case .refused(_, let code, _) = error else { throw error }
                #expect(code == "invalid_source")
            }
            await #expect(throws: ClaudePluginError.self) { _ = try await plugins.addMarketplace(source: "--help") }
            #expect(throws: ClaudePluginError.self) { try PluginID(parsing: "../x@market") }
            #expect(throws: ClaudePluginError.self) { try PluginID(parsing: "-rf@market") }
            #expect(throws: ClaudePluginError.self) { try PluginID(parsing: "hello") }
            await #expect(try cliList(world).isEmpty)
        }
    }
}

/// `claude plugin list --json` as the CLI prints it: plugin id → enabled.
func cliList(_ world: RealClaude) async throws -> [String: Bool] {
    let text = try await claudeText(world, ["plugin", "list", "--json"])
    guard case .array(let items) = try JSONValue.parse(text) else { return [:] }
    var enabled: [String: Bool] = [:]
    for item in items {
        if case .object(let object) = item, case .string(let id)? = object["id"],
            case .bool(let on)? = object["enabled"]
        {
            enabled[id] = on
        }
    }
    return enabled
}

/// Runs the real CLI in the sandbox; its standard output.
func claudeText(_ world: RealClaude, _ arguments: [String], input: String? = nil) async throws -> String {
    let result = try await ProcessRunner.run(
        "/usr/bin/env", ["-C", world.sandbox.home.path, world.executable] + arguments, input: input,
        environment: world.sandbox.environment.mapValues { Optional($0) })
    guard result.status == 0 else { throw TestPluginMarketplace.Failed(description: result.description) }
    return result.stdout
}

/// The plugins (`source`, i.e. `name@marketplace`) and skills a real `claude -p` run's `system/init` lists.
func systemInit(_ world: RealClaude) async throws -> (plugins: [String], skills: [String]) {
    let result = try await ProcessRunner.run(
        "/usr/bin/env",
        ["-C", world.sandbox.home.path, world.executable, "-p", "--output-format", "stream-json", "--verbose"],
        input: "which plugins?", environment: world.sandbox.environment.mapValues { Optional($0) })
    for line in result.stdout.split(separator: "\n") {
        guard case .object(let object) = try? JSONValue.parse(String(line)), object["type"] == .string("system"),
            object["subtype"] == .string("init")
        else { continue }
        var plugins: [String] = []
        if case .array(let items)? = object["plugins"] {
            for case .object(let plugin) in items {
                if case .string(let source)? = plugin["source"] { plugins.append(source) }
            }
        }
        var skills: [String] = []
        if case .array(let items)? = object["skills"] { for case .string(let skill) in items { skills.append(skill) } }
        return (plugins, skills)
    }
    throw TestPluginMarketplace.Failed(description: "no system/init in the run's output: \(result.description)")
}
