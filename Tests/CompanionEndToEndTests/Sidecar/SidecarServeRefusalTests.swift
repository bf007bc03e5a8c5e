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
}
