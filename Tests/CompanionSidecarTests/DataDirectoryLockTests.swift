import CompanionSidecar
import Foundation
import Testing

/// One sidecar per data directory: a second one refuses to start (it would fail the first one's running tasks
/// and miss its revocations), and the directory is free again once the first one stops.
@Suite struct DataDirectoryLockTests {
    @Test func aSecondSidecarOnTheSameDirectoryRefusesToStart() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let first = try await fixture.sidecar.start()
        let second = try Sidecar(configuration: fixture.sidecar.configuration, logLevel: .warning)
        await #expect(throws: DataDirectoryInUse.self) { _ = try await second.start() }
        do {
            _ = try await second.start()
        } catch let error as DataDirectoryInUse {
            #expect(error.description.contains("another sidecar is already serving from"))
        }
        await first.stop()
        let again = try await second.start()
        await again.stop()
    }

    /// A process spawned while the sidecar served holds a copy of every descriptor until it execs or closes
    /// them (the test runner spawns many; a sidecar spawns tasks and git). Such a copy must not keep the
    /// directory locked once the sidecar stopped: with a `flock` it did, and a restart right after `stop()`
    /// was refused while a concurrent spawn was still under way.
    @Test func aChildHoldingACopyOfTheLockDescriptorDoesNotKeepTheDirectoryLocked() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let first = try await fixture.sidecar.start()
        let lockPath = fixture.directory.appendingPathComponent("sidecar.lock").resolvingSymlinksInPath().path
        let descriptor = try #require(Self.openDescriptor(of: lockPath))
        // The child keeps the descriptor (as fd 3, without close-on-exec) for as long as it runs.
        let child = try DescriptorHolder(copyOf: descriptor)
        defer { child.stop() }
        await first.stop()
        let again = try await fixture.sidecar.start()
        await again.stop()
    }

    /// The descriptor this process has open on `path`, found in `/proc/self/fd`.
    private static func openDescriptor(of path: String) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.compactMap(Int32.init).first { fd in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) == path
        }
    }
}

/// `sleep` with a copy of one of our descriptors as its fd 3, standing in for any child spawned while it was open.
private struct DescriptorHolder {
    let pid: pid_t

    init(copyOf descriptor: Int32) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptor, 3)
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("300"), nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, "sleep", &actions, nil, argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        self.pid = pid
    }

    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
