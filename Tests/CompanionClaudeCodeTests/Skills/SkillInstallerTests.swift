import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// Installing skills with the real git from repositories made in the test: where the skill is found, and that
/// every failure (a refused address, a failed, oversized or hanging clone, no skill, a taken name) leaves the
/// configuration and skills directories exactly as they were.
@Suite struct SkillInstallerTests {
    func installer(_ world: SkillWorld) -> SkillInstaller { SkillInstaller(catalog: world.catalog) }

    @Test func installsASkillAtTheRepositoryRoot() async throws {
        let world = try SkillWorld()
        defer { world.remove() }
        let repo = try await world.repository(
            "root-skill.git",
            files: [
                "SKILL.md": SkillWorld.skillText(name: "reviewer", description: "Reviews code").bytes,
                "scripts/check.sh": "echo ok\n".bytes,
            ])
        let installed = try await installer(world).install(from: world.clone("file://" + repo.path))
        #expect(installed.name == "reviewer" && installed.scope == .user)
        #expect(installed.document.description == "Reviews code")
        let target = world.skills.appendingPathComponent("reviewer")
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("scripts/check.sh").path))
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent(".git").path))
        #expect(world.snapshot() == ["config/skills", "skills/reviewer"])
        #expect(world.catalog.list().map(\.name) == ["reviewer"])

        // The same name again is refused, and the installed one is untouched.
        await #expect(throws: SkillError.alreadyInstalled("reviewer")) {
            try await installer(world).install(from: world.clone("file://" + repo.path))
        }
        #expect(world.snapshot() == ["config/skills", "skills/reviewer"])
    }

    /// What git is really given (a recording `git` first on `PATH` that then runs the real one): the address and
    /// destination after `--`, the `ext`/`fd` transports off, and an environment in which it cannot prompt.
    @Test func gitGetsTheAddressAfterDashDashAndCannotPrompt() async throws {
        let world = try SkillWorld()
        defer { world.remove() }
        let repo = try await world.repository(
            "recorded.git", files: ["SKILL.md": SkillWorld.skillText(name: "recorded").bytes])
        let recorder = try await GitRecorder(in: world.root)
        var clone = world.clone("file://" + repo.path)
        clone.environment = recorder.environment(clone.environment)
        let installed = try await installer(world).install(from: clone)
        #expect(installed.name == "recorded")

        let runs = try recorder.invocations()
        let run = try #require(runs.first { $0.arguments.contains("clone") }, "git was not run: \(runs)")
        let arguments = run.arguments
        let dashDash = try #require(arguments.firstIndex(of: "--"), "\(arguments)")
        let cloneIndex = try #require(arguments.firstIndex(of: "clone"))
        #expect(cloneIndex < dashDash)
        #expect(arguments.count == dashDash + 3, "only the address and the destination follow --: \(arguments)")
        #expect(arguments[dashDash + 1] == "file://" + repo.path)
        #expect(arguments.contains("protocol.ext.allow=never") && arguments.contains("protocol.fd.allow=never"))
        #expect(run.environment["GIT_TERMINAL_PROMPT"] == "0")
        #expect(run.environment["GIT_ASKPASS"] == "/bin/false")
        #expect(run.environment["GIT_SSH_COMMAND"] == "ssh -o BatchMode=yes")
    }

    @Test func findsTheOnlySkillDirectoryOrTheOneAskedFor() async throws {
        let world = try SkillWorld()
        defer { world.remove() }
        let single = try await world.repository(
            "single",
            files: ["skills/formatter/SKILL.md": SkillWorld.skillText(name: "formatter").bytes, "README.md": "x".bytes])
        #expect(try await installer(world).install(from: world.clone("file://" + single.path)).name == "formatter")

        let several = try await world.repository(
            "several",
            files: [
                "one/SKILL.md": SkillWorld.skillText(name: "one").bytes,
                "two/SKILL.md": SkillWorld.skillText(name: "two").bytes,
            ])
        await #expect(throws: SkillError.self) {
            try await installer(world).install(from: world.clone("file://" + several.path))
        }
        let two = try await installer(world).install(from: world.clone("file://" + several.path), skillPath: "two")
        #expect(two.name == "two")
        let renamed = try await installer(world).install(
            from: world.clone("file://" + several.path), skillPath: "one/SKILL.md", name: "first")
        #expect(renamed.name == "first")
        #expect(world.catalog.list().map(\.name) == ["first", "formatter", "two"])
    }

    @Test func aRepositoryWithoutAUsableSkillInstallsNothing() async throws {
        let world = try SkillWorld()
        defer { world.remove() }
        let empty = try await world.repository("empty", files: ["README.md": "no skill".bytes])
        let broken = try await world.repository("broken", files: ["SKILL.md": "---\nname: x\n".bytes])
        let before = world.snapshot()
        for repo in [empty, broken] {
            await #expect(throws: SkillError.self) {
                try await installer(world).install(from: world.clone("file://" + repo.path))
            }
        }
        #expect(world.snapshot() == before)
    }

    @Test(arguments: ["../outside", "/etc", "a/../../b"])
    func aSkillPathCannotLeaveTheRepository(path: String) async throws {
        let world = try SkillWorld()
        defer { world.remove() }
        let repo = try await world.repository("repo", files: ["a/SKILL.md": SkillWorld.skillText(name: "a").bytes])
        await #expect(throws: SkillError.self) {
            try await installer(world).install(from: world.clone("file://" + repo.path), skillPath: path)
        }
        #expect(world.snapshot().isEmpty)
    }

    @Test func aSkillPathThatIsALinkOutOfTheRepositoryIsRefused() async throws {
        let world = try SkillWorld()
        defer { world.remove() }
        try SkillWorld.writeSkill(in: world.root, name: "secret")
        let repo = try await world.repository("linky", files: ["README.md": "x".bytes])
        try FileManager.default.createSymbolicLink(
            atPath: repo.appendingPathComponent("escape").path,
            withDestinationPath: world.root.appendingPathComponent("secret").path)
        _ = try await ProcessRunner.run("git", ["-C", repo.path, "add", "-A"])
        _ = try await ProcessRunner.run(
            "git", ["-C", repo.path, "-c", "user.email=t@e", "-c", "user.name=t", "commit", "-qm", "link"])
        await #expect(throws: SkillError.self) {
            try await installer(world).install(from: world.clone("file://" + repo.path), skillPath: "escape")
        }
        #expect(world.snapshot().isEmpty)
    }

    @Test func aFailedCloneLeavesNothing() async throws {
        let world = try SkillWorld()
        defer { world.remove() }
        do {
            _ = try await installer(world).install(from: world.clone("file://" + world.root.path + "/no-such-repo"))
            Issue.record("a missing repository installed something")
        } catch {
            guard case .cloneFailed(let detail) = error else { throw error }
            #expect(detail.contains("exit status 128"))
            #expect(error.description.contains("nothing was installed"))
        }
        #expect(world.snapshot().isEmpty)
    }

    @Test(arguments: ["-uhelp", "--upload-pack=touch /tmp/pwned", "ext::sh -c touch% /tmp/pwned", "fd::17"])
    func optionLikeAndTransportAddressesNeverReachGit(address: String) async throws {
        let world = try SkillWorld()
        defer { world.remove() }
        await #expect(throws: SkillError.self) { try await installer(world).install(from: world.clone(address)) }
        #expect(world.snapshot().isEmpty)
    }

    @Test func anOversizedRepositoryIsStoppedAndLeavesNothing() async throws {
        let world = try SkillWorld()
        defer { world.remove() }
        var random = SeededRandom(seed: 7)
        let noise = (0..<(3 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let repo = try await world.repository(
            "big", files: ["SKILL.md": SkillWorld.skillText(name: "big").bytes, "blob.bin": noise])
        await #expect(throws: SkillError.cloneTooLarge(limitBytes: 1 << 20)) {
            try await installer(world).install(from: world.clone("file://" + repo.path, sizeLimit: 1 << 20))
        }
        #expect(world.snapshot().isEmpty)
    }

    @Test func aCloneThatHangsIsStoppedAtItsTimeLimitAndLeavesNothing() async throws {
        let world = try SkillWorld()
        defer { world.remove() }
        let silent = try SilentTCPListener()
        await #expect(throws: SkillError.cloneTimedOut(seconds: 2)) {
            try await installer(world).install(
                from: world.clone("https://127.0.0.1:\(silent.port)/skills.git", timeLimit: .seconds(2)))
        }
        #expect(world.snapshot().isEmpty)
    }
}
