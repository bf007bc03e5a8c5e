import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The registry and everything else the sidecar writes is private to its user (issue #11, defect 5): a 0700
/// directory, 0600 files (the database and SQLite's -wal and -shm too), and an existing directory other users
/// can enter is refused with what to do, as ssh does.
@Suite struct DataDirectoryPermissionTests {
    static func mode(_ path: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path.path)[.posixPermissions] as? Int)
    }

    static func configuration(_ directory: URL, taskCommand: String? = nil) -> SidecarConfiguration {
        var configuration = SidecarConfiguration(host: "127.0.0.1", port: 0, dataDirectory: directory)
        configuration.taskCommand = taskCommand
        return configuration
    }

    @Test func theDirectoryAndEveryFileArePrivateAfterTheSidecarWrote() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            _ = try await probe.startPairing()  // an audit row: the WAL now holds a write
        }
        #expect(try Self.mode(fixture.directory) == 0o700)
        for name in ["registry.sqlite", "registry.sqlite-wal", "registry.sqlite-shm", "sidecar.lock"] {
            let file = fixture.directory.appendingPathComponent(name)
            #expect(FileManager.default.fileExists(atPath: file.path), "\(name) exists")
            #expect(try Self.mode(file) == 0o600, "\(name)")
        }
    }

    @Test func taskWorkspacesArePrivate() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("companion-perm-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sidecar = try Sidecar(configuration: Self.configuration(directory, taskCommand: "true"), logLevel: .warning)
        let task = try await sidecar.tasks.store.create(CreateTaskRequest(title: "modes"))
        _ = try await sidecar.tasks.runner.start(id: task.id)
        let deadline = ContinuousClock.now + TestDeadline.duration
        while ContinuousClock.now < deadline, try await sidecar.tasks.store.task(id: task.id)?.status.isFinished != true
        {
            try await Task.sleep(for: .milliseconds(20))
        }
        let tasks = directory.appendingPathComponent("tasks")
        for path in [
            tasks, tasks.appendingPathComponent(task.id), tasks.appendingPathComponent("\(task.id)/workspace"),
        ] {
            #expect(try Self.mode(path) == 0o700, "\(path.path)")
        }
    }

    @Test func anExistingDirectoryOthersCanEnterIsRefusedWithTheFix() throws {
        for unsafe in [0o755, 0o750, 0o701, 0o707] {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("companion-perm-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            chmod(directory.path, mode_t(unsafe))
            do {
                _ = try Sidecar(configuration: Self.configuration(directory), logLevel: .warning)
                Issue.record("a \(String(unsafe, radix: 8)) data directory was used")
            } catch {
                let text = "\(error)"
                #expect(text.contains(directory.path))
                #expect(text.contains("0\(String(unsafe, radix: 8))"))
                #expect(text.contains("chmod 700 \(directory.path)"))
            }
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("registry.sqlite").path))
            #expect(try Self.mode(directory) == unsafe, "left as it was: we did not create it")
        }
    }

    @Test func existingDatabaseFilesWithOpenModesAreMadePrivate() throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let names = ["registry.sqlite", "registry.sqlite-wal", "registry.sqlite-shm", "sidecar.lock"]
        for name in names { chmod(fixture.directory.appendingPathComponent(name).path, 0o644) }
        _ = try Sidecar(configuration: Self.configuration(fixture.directory), logLevel: .warning)
        for name in names {
            let file = fixture.directory.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            #expect(try Self.mode(file) == 0o600, "\(name)")
        }
    }
}
