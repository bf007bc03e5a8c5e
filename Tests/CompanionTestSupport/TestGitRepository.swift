import Foundation

/// Git repositories made in a test with the real `git`: files written, then committed on `main`.
public enum TestGitRepository {
    /// A `git` command that failed; its description holds the command's status and output.
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Writes `files` (path relative to `directory` → contents) and commits them on a new `main` branch.
    @discardableResult
    public static func make(at directory: URL, files: [String: [UInt8]], message: String = "init") async throws -> URL {
        for (path, bytes) in files {
            let file = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try await git(directory, "init", "-q", "-b", "main")
        try await commit(directory, message)
        return directory
    }

    /// ``make(at:files:message:)`` with text files.
    @discardableResult
    public static func make(at directory: URL, files: [String: String], message: String = "init") async throws -> URL {
        try await make(at: directory, files: files.mapValues { Array($0.utf8) }, message: message)
    }

    /// Stages everything in `directory` and commits it as a fixed test author.
    public static func commit(_ directory: URL, _ message: String) async throws {
        try await git(directory, "add", "-A")
        try await git(directory, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", message)
    }

    /// Runs `git -C directory arguments…`; throws ``Failed`` unless it exits 0.
    @discardableResult
    public static func git(_ directory: URL, _ arguments: String...) async throws -> ProcessRunner.Result {
        try await git(directory, arguments)
    }

    /// The same, with the arguments as an array.
    @discardableResult
    public static func git(_ directory: URL, _ arguments: [String]) async throws -> ProcessRunner.Result {
        let result = try await ProcessRunner.run("git", ["-C", directory.path] + arguments)
        guard result.status == 0 else { throw Failed(description: result.description) }
        return result
    }
}
