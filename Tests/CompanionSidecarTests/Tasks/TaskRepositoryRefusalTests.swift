import CompanionAPI
import CompanionSidecar
import Foundation
import Testing

/// `repo_url` is checked when a task is created: only https, ssh and scp-style remotes without credentials
/// (local paths only under configured clone roots, see ``TaskClonePolicyTests``).
@Suite("Task repositories: refused at creation")
struct TaskRepositoryRefusalTests {
    static let refused = [
        "file:///etc", "file://localhost/tmp/x", "/tmp", "../..", "./repo", "repo", "~/repo", "fd::17", "foo::bar",
        "ext::sh -c touch% /tmp/pwned", "http://example.com/x.git", "git://example.com/x.git",
        "ftp://example.com/x.git", "gopher://example.com/x", "ssh://-oProxyCommand=touch%20x/y",
        "-oProxyCommand=x", "https://", "https:///path", "ssh://user@-host/x", "example.com:-x",
        "https://example.com/x\u{202E}.git", "https://example.com/ x",
    ]
    static let credentials = [
        "https://alice:hunter2-secret@example.com/x.git", "https://ghp_hunter2-secret@example.com/x.git",
        "https://alice:@example.com/x.git", "ssh://git:hunter2-secret@example.com/x.git",
        "alice:hunter2-secret@example.com:x.git",
    ]
    static let accepted = [
        "https://github.com/apple/swift.git", "https://example.com:8443/team/repo",
        "ssh://git@github.com/apple/swift.git", "ssh://example.com:2222/srv/repo.git", "git@github.com:apple/swift.git",
        "example.com:repo.git", "https://[::1]:8443/x.git", "ssh://git@[fe80::1]/x",
    ]

    @Test(arguments: refused + credentials)
    func refusedAtCreation(url: String) async throws {
        let harness = try TaskHarness(command: nil)
        try await harness.live { port in
            let body = try CompanionJSON.encode(CreateTaskRequest(title: "clone", repoURL: url))
            let (status, error) = try await rawRequest("POST", "http://127.0.0.1:\(port)/v1/tasks", body: body)
            #expect(status == 400)
            #expect(error?.error.code == "bad_request")
            #expect(error?.error.message.contains("repo_url") == true, "\(String(describing: error))")
            #expect(try await TaskHarness.client(port: port).list().isEmpty)
        }
    }

    @Test(arguments: credentials)
    func credentialsAreRefusedNeverStoredAndNeverEchoed(url: String) async throws {
        let harness = try TaskHarness(command: nil)
        try await harness.live { port in
            let body = try CompanionJSON.encode(CreateTaskRequest(title: "clone", repoURL: url))
            let (status, error) = try await rawRequest("POST", "http://127.0.0.1:\(port)/v1/tasks", body: body)
            #expect(status == 400)
            let message = error?.error.message ?? ""
            #expect(message.contains("credential.helper"), "\(message)")
            #expect(!message.contains("hunter2") && !message.contains("alice"), "\(message)")
        }
        for file in try FileManager.default.subpathsOfDirectory(atPath: harness.directory.path) {
            let data = FileManager.default.contents(atPath: harness.directory.appendingPathComponent(file).path)
            #expect(data?.range(of: Data("hunter2".utf8)) == nil, "\(file) holds the password")
        }
    }

    @Test(arguments: accepted)
    func remoteFormsAreAccepted(url: String) async throws {
        let harness = try TaskHarness(command: nil)
        try await harness.live { port in
            let task = try await TaskHarness.client(port: port).create(CreateTaskRequest(title: "ok", repoURL: url))
            #expect(task.repoURL == url)
        }
    }
}
