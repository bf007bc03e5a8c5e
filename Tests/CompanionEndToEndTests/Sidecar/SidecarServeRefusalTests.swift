import CompanionTestSupport
import Foundation
import Testing

/// `companion sidecar serve` refuses to start, with the documented exit status and message, on an unsafe data
/// directory and on invalid audit-retention flags.
@Suite struct SidecarServeRefusalTests {
    @Test func anUnsafeDataDirectoryExitsWithTheDocumentedStatusAndMessage() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("companion-perm-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        chmod(directory.path, 0o755)
        // A sidecar that wrongly started serving would outlive the deadline and fail the test with a timeout.
        let result = try await ProcessRunner.run(
            TestPaths.companionBinary.path,
            ["sidecar", "serve", "--port", "0", "--data-dir", directory.path, "--ephemeral-identity"], timeout: 30)
        #expect(result.status == Exit.unsafeDataDirectory, "\(result.stderr)")
        #expect(result.stderr.contains("the data directory \(directory.path) is accessible by other users (mode 0755)"))
        #expect(result.stderr.contains("hint: run `chmod 700 \(directory.path)`"))
        #expect(!result.stderr.contains("unexpected error"))
    }

    @Test func invalidRetentionFlagsAreUsageErrors() async throws {
        for arguments in [["--audit-max-age-days", "0"], ["--audit-max-rows", "1"], ["--audit-max-rows", "x"]] {
            let result = try await ProcessRunner.run(
                TestPaths.companionBinary.path, ["sidecar", "serve"] + arguments, timeout: 30)
            #expect(result.status == Exit.usage, "\(arguments): \(result.stderr)")
        }
    }

    /// A missing or short `--api-key-file` is named for what it is (not "use a key of 16 characters" for a file
    /// that does not exist).
    @Test func aMissingOrShortAPIKeyFileSaysWhich() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("companion-key-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.key").path
        let short = directory.appendingPathComponent("short.key")
        try Data("short\n".utf8).write(to: short)
        let serve = ["sidecar", "serve", "--port", "0", "--ephemeral-identity", "--data-dir"]
        let absent = try await ProcessRunner.run(
            TestPaths.companionBinary.path,
            serve + [directory.appendingPathComponent("data").path, "--api-key-file", missing], timeout: 30)
        #expect(absent.status == Exit.usage, "\(absent)")
        #expect(absent.stderr.contains("cannot read the API key file \(missing): it does not exist"), "\(absent)")
        #expect(!absent.stderr.contains("16 characters"), "\(absent)")
        let tooShort = try await ProcessRunner.run(
            TestPaths.companionBinary.path,
            serve + [directory.appendingPathComponent("data").path, "--api-key-file", short.path], timeout: 30)
        #expect(tooShort.status == Exit.usage, "\(tooShort)")
        #expect(tooShort.stderr.contains("shorter than 16 characters"), "\(tooShort)")
    }
}
