import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Local repositories only under clone roots (resolved), git's environment, and the clone time limit.
@Suite("Task repositories: clone roots, git's environment, time limit", .serialized)
struct TaskClonePolicyTests {
    /// A temporary directory with a clone root (its name has a space and a `%`, which the file URL must encode)
    /// holding a repository, a repository outside it, and a link from inside the root to the outside one.
    struct Layout {
        let base: URL
        let root: URL
        let repo: URL
        let outside: URL
        let link: URL

        init() async throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("clone-\(UUID().uuidString)")
            root = base.appendingPathComponent("root dir%41")
            repo = root.appendingPathComponent("repo")
            outside = base.appendingPathComponent("outside")
            link = root.appendingPathComponent("link")
            for repository in [repo, outside] {
                try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
                try "content of \(repository.lastPathComponent)\n".write(
                    to: repository.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
                try await shell(
                    "git init -q && git add README.md && git -c user.name=t -c user.email=t@e commit -qm one",
                    in: repository)
            }
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        }
    }

    @Test func localPathsAreAcceptedOnlyWhenTheyResolveUnderACloneRoot() async throws {
        let layout = try await Layout()
        let harness = try TaskHarness(
            command: nil, directory: layout.base.appendingPathComponent("data"), cloneRoots: [layout.root])
        let accepted = [
            layout.repo.path,
            "file://" + layout.repo.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!,
            layout.root.path + "/./repo", layout.root.path,
        ]
        let refused = [
            layout.link.path, layout.root.path + "/../outside", layout.outside.path, layout.root.path + "/missing",
            "/etc", "file:///etc", layout.root.path + "/repo/../../outside", "../outside",
        ]
        try await harness.live { port in
            let client = TaskHarness.client(port: port)
            for url in accepted {
                let task = try await client.create(CreateTaskRequest(title: "local", repoURL: url))
                #expect(task.repoURL == url)
            }
            for url in refused {
                do {
                    _ = try await client.create(CreateTaskRequest(title: "escape", repoURL: url))
                    Issue.record("\(url) must be refused")
                } catch CompanionClientError.server(let status, let code, let message) {
                    #expect(status == 400 && code == "bad_request")
                    #expect(message.hasPrefix("repo_url"), "\(message)")
                }
            }
        }
    }

    @Test func localCloneFromACloneRootWorks() async throws {
        let layout = try await Layout()
        let harness = try TaskHarness(
            command: "cat README.md; git log --oneline | wc -l", directory: layout.base.appendingPathComponent("data"),
            cloneRoots: [layout.root])
        let task = try await harness.service.store.create(CreateTaskRequest(title: "clone", repoURL: layout.repo.path))
        _ = try await harness.service.runner.start(id: task.id)
        let done = try await harness.waitForEnd(task.id)
        #expect(done.status == .succeeded, "\(done)")
        let texts = try #require(try await harness.service.store.tail(taskID: task.id, .after(0))).lines.map(\.text)
        #expect(texts.contains("content of repo"), "\(texts)")
    }

    @Test func aStoredAddressIsCheckedAgainWhenTheTaskStarts() async throws {
        // Rows written before this policy (or a root gone since): the clone step refuses them, git never runs.
        let harness = try TaskHarness(command: "true")
        for url in ["fd::17", "file:///etc", "https://alice:pw@example.com/x.git"] {
            let task = try await harness.service.store.create(CreateTaskRequest(title: "old", repoURL: url))
            _ = try await harness.service.runner.start(id: task.id)
            let done = try await harness.waitForEnd(task.id, timeout: .seconds(20))
            #expect(done.status == .failed)
            #expect(done.failureReason?.hasPrefix("the repository was refused: repo_url") == true, "\(done)")
            #expect(done.steps?.map(\.status) == [.failed, .cancelled])
        }
    }

    @Test func gitRunsWithTheProtocolAllowListAndNoPrompt() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("fake-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let fakeGit = base.appendingPathComponent("git")
        try await ExecutableScript.write(
            "#!/bin/sh\necho \"allow=$GIT_ALLOW_PROTOCOL prompt=$GIT_TERMINAL_PROMPT dir=${GIT_DIR-unset}\"\necho \"$@\"\n",
            to: fakeGit)
        // GIT_DIR and the other removed variables are given to gitEnvironment below, not set in this process:
        // `setenv` here reached every test running git in parallel (a skill install's repository was made in
        // /tmp/not-this-one and failed with exit 128).
        for (roots, allowed) in [([URL](), "https:ssh"), ([base], "https:ssh:file")] {
            let harness = try TaskHarness(command: "true", cloneRoots: roots, git: fakeGit.path)
            let task = try await harness.service.store.create(
                CreateTaskRequest(title: "env", repoURL: "git@example.com:team/repo.git"))
            _ = try await harness.service.runner.start(id: task.id)
            _ = try await harness.waitForEnd(task.id)
            let texts = try #require(try await harness.service.store.tail(taskID: task.id, .after(0))).lines.map(\.text)
            #expect(texts.contains("allow=\(allowed) prompt=0 dir=unset"), "\(texts)")
            #expect(texts.contains { $0.hasPrefix("clone --depth 1 -- git@example.com:team/repo.git ") }, "\(texts)")
        }
        let environment = ClonePolicy(roots: []).gitEnvironment([
            "PATH": "/bin", "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "protocol.allow",
            "GIT_CONFIG_VALUE_0": "always",
            "GIT_CONFIG_PARAMETERS": "'protocol.allow'='always'", "GIT_WORK_TREE": "/", "GIT_ALLOW_PROTOCOL": "ext",
            "GIT_DIR": "/tmp/not-this-one",
        ])
        #expect(environment == ["PATH": "/bin", "GIT_ALLOW_PROTOCOL": "https:ssh", "GIT_TERMINAL_PROMPT": "0"])
    }

    @Test func aCloneThatRunsPastItsTimeLimitIsStoppedAndFailsTheTask() async throws {
        // An https server that accepts the connection and never answers: git waits in the TLS handshake.
        let silent = try LoopbackHTTPServer { _ in nil }
        defer { silent.stop() }
        let harness = try TaskHarness(command: "true", killGrace: .milliseconds(500), cloneTimeLimit: .seconds(2))
        let task = try await harness.service.store.create(
            CreateTaskRequest(title: "slow", repoURL: "https://127.0.0.1:\(silent.port)/repo.git"))
        let started = ContinuousClock.now
        _ = try await harness.service.runner.start(id: task.id)
        let done = try await harness.waitForEnd(task.id, timeout: .seconds(60))
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(done.status == .failed)
        #expect(done.failureReason == "git clone timed out after 2 s and was stopped", "\(done)")
        #expect(done.steps?.map(\.status) == [.failed, .cancelled])
        let texts = try #require(try await harness.service.store.tail(taskID: task.id, .after(0))).lines.map(\.text)
        #expect(texts.contains { $0.hasPrefix("step clone failed (stopped after its time limit") }, "\(texts)")
        #expect(harness.service.runner.clonePolicy.roots.isEmpty)
        #expect(await harness.service.runner.runningTaskIDs.isEmpty)
    }
}
