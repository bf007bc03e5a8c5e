import CompanionPaths
import Foundation
import Testing

/// The one XDG resolver: absolute variables win, relative ones are ignored, one application directory name, and
/// the sidecar's directory of earlier versions keeps being used while it is the only one.
@Suite struct CompanionDirectoriesTests {
    @Test func absoluteVariablesAreUsedAndRelativeOnesIgnored() {
        let directories = CompanionDirectories(environment: [
            "HOME": "/home/ada", "XDG_DATA_HOME": "/data", "XDG_STATE_HOME": "relative/state",
            "XDG_CONFIG_HOME": "", "XDG_RUNTIME_DIR": "/run/user/1000",
        ])
        #expect(directories.applicationDirectory(.data).path == "/data/companionkit")
        #expect(directories.applicationDirectory(.state).path == "/home/ada/.local/state/companionkit")
        #expect(directories.applicationDirectory(.config).path == "/home/ada/.config/companionkit")
        #expect(directories.applicationDirectory(.cache).path == "/home/ada/.cache/companionkit")
        #expect(directories.runtimeApplicationDirectory?.path == "/run/user/1000/companionkit")
    }

    @Test func noRuntimeDirectoryWithoutAnAbsoluteXDGRuntimeDir() {
        #expect(CompanionDirectories(environment: ["HOME": "/h"]).runtimeApplicationDirectory == nil)
        #expect(
            CompanionDirectories(environment: ["HOME": "/h", "XDG_RUNTIME_DIR": "run"]).runtimeApplicationDirectory
                == nil)
    }

    @Test func theSidecarLivesBesideTheVaultProfilesUnderTheOneApplicationName() {
        let directories = CompanionDirectories(environment: ["HOME": "/home/ada"])
        #expect(directories.sidecarDataDirectory.path == "/home/ada/.local/share/companionkit/sidecar")
        #expect(directories.legacySidecarDataDirectory.path == "/home/ada/.local/share/companion/sidecar")
        #expect(directories.sidecarDataDirectory(existingDirectory: { _ in false }) == directories.sidecarDataDirectory)
    }

    /// Real directories: an installation whose registry is in the earlier place keeps it until the new one exists.
    @Test func anExistingLegacySidecarDirectoryIsUsedUntilTheNewOneExists() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directories = CompanionDirectories(environment: ["HOME": root.path, "XDG_DATA_HOME": root.path + "/data"])
        #expect(directories.sidecarDataDirectory().path == root.path + "/data/companionkit/sidecar")

        try FileManager.default.createDirectory(
            at: directories.legacySidecarDataDirectory, withIntermediateDirectories: true)
        #expect(directories.sidecarDataDirectory().path == root.path + "/data/companion/sidecar")

        try FileManager.default.createDirectory(at: directories.sidecarDataDirectory, withIntermediateDirectories: true)
        #expect(directories.sidecarDataDirectory().path == root.path + "/data/companionkit/sidecar")
    }

    @Test func aLegacyPathThatIsAFileIsNotADataDirectory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directories = CompanionDirectories(environment: ["HOME": root.path])
        let legacy = directories.legacySidecarDataDirectory
        try FileManager.default.createDirectory(
            at: legacy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: legacy)
        #expect(directories.sidecarDataDirectory() == directories.sidecarDataDirectory)
    }
}
