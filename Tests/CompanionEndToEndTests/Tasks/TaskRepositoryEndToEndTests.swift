import CompanionTestSupport
import Foundation
import Testing

/// `--repo-url` through the CLI and a real sidecar: credentials never leave the command line, and nothing that
/// git should not be given reaches the sidecar's database.
@Suite("Task repositories end to end", .serialized)
struct TaskRepositoryEndToEndTests {
    @Test func aURLWithAPasswordIsRefusedAndAppearsNowhere() async throws {
        let directory = try temporaryDirectory()
        let sidecar = try await SidecarProcess.start(.tasks(dataDirectory: directory))
        defer { sidecar.stop() }
        for url in ["https://alice:hunter2-secret@example.com/x.git", "https://hunter2-secret@example.com/x.git"] {
            let result = try await CompanionCLI.taskKey.run([
                "tasks", "create", "--url", sidecar.url, "--title", "clone", "--repo-url", url, "--json",
            ])
            #expect(result.status == 64, "\(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains("credential.helper"), "\(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains("hunter2"))
        }
        let list = try await CompanionCLI.taskKey.run(["tasks", "list", "--url", sidecar.url, "--json"])
        #expect(!list.stdout.contains("hunter2") && !list.stdout.contains("example.com"), "\(list.stdout)")
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory.path) {
            let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path)
            #expect(data?.range(of: Data("hunter2".utf8)) == nil, "\(file) holds the password")
        }
    }
}
