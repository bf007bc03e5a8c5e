import Foundation

/// `systemd-analyze --user verify UNIT` with a private runtime directory; its status and warnings.
public enum SystemdVerify {
    public static func run(_ unit: URL, root: URL) async throws -> ProcessRunner.Result {
        let runtime = root.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        return try await ProcessRunner.run(
            "/usr/bin/systemd-analyze", ["--user", "verify", unit.path],
            environment: ["XDG_RUNTIME_DIR": runtime.path, "SYSTEMD_LOG_LEVEL": "warning"])
    }
}
