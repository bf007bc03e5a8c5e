import Foundation
import Subprocess

/// The Claude Code CLI found on this workstation: its path and version.
package struct ClaudeCLI: Sendable, Equatable {
    /// Absolute path of the `claude` executable.
    package let executable: String
    /// The version `claude --version` printed, e.g. `2.1.330`.
    package let version: String

    /// Creates a value from known facts (tests, or a caller that already checked them).
    package init(executable: String, version: String) {
        self.executable = executable
        self.version = version
    }

    /// Finds `claude` (``findExecutable(explicitPath:environment:)``) and reads its version.
    package static func locate(explicitPath: String? = nil, environment: [String: String]) async throws(ClaudeCLIError)
        -> ClaudeCLI
    {
        let path = try findExecutable(explicitPath: explicitPath, environment: environment)
        return ClaudeCLI(executable: path, version: try await version(of: path, environment: environment))
    }

    /// The executable: `explicitPath` when given (`--claude-path`), else the first `claude` on `environment`'s
    /// `PATH`. Does not run it.
    package static func findExecutable(explicitPath: String?, environment: [String: String]) throws(ClaudeCLIError)
        -> String
    {
        let manager = FileManager.default
        if let explicitPath {
            let path = URL(fileURLWithPath: explicitPath).standardizedFileURL.path
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .notFound(searched: [path])
            }
            guard !isDirectory.boolValue, isExecutable(path) else {
                throw .notExecutable(path: path)
            }
            return path
        }
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter {
            $0.hasPrefix("/")
        }
        for directory in directories {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent("claude").path
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                isExecutable(candidate)
            {
                return candidate
            }
        }
        throw .notFound(searched: directories.isEmpty ? ["PATH (empty)"] : directories)
    }

    /// An execute bit is set (root may "execute" anything by `access(2)`, so that is not asked).
    static func isExecutable(_ path: String) -> Bool {
        let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0
        return mode & 0o111 != 0
    }

    /// Runs `executable --version` and returns the version number it prints (`2.1.330 (Claude Code)` → `2.1.330`).
    package static func version(of executable: String, environment: [String: String]) async throws(ClaudeCLIError)
        -> String
    {
        let output: String
        do {
            let result = try await Subprocess.run(
                .path(.init(executable)), arguments: ["--version"], environment: .exactly(environment),
                output: .string(limit: 4096), error: .discarded)
            guard result.terminationStatus.isSuccess else {
                throw ClaudeCLIError.versionUnreadable(path: executable, detail: "\(result.terminationStatus)")
            }
            output = result.standardOutput
        } catch let error as ClaudeCLIError {
            throw error
        } catch {
            throw .versionUnreadable(path: executable, detail: "\(error)")
        }
        guard let version = parseVersion(output) else {
            throw .versionUnreadable(path: executable, detail: "unexpected output")
        }
        return version
    }

    /// The first dotted number in `output` (`2.1.330 (Claude Code)` → `2.1.330`), or nil.
    static func parseVersion(_ output: String) -> String? {
        output.split(whereSeparator: { $0 == " " || $0 == "\n" }).first {
            $0.first?.isNumber == true && $0.contains(".")
                && $0.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" || $0.isLetter }
        }.map(String.init)
    }
}
