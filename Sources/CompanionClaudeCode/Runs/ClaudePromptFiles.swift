import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The system prompts of one run, given to `claude` as files (`--system-prompt-file`,
/// `--append-system-prompt-file`) instead of in its argv, which every local user can read (`ps`,
/// `/proc/PID/cmdline`). Each run's files are 0600 in a 0700 directory of their own under the supervisor's state
/// directory (itself 0700), created without following links, and removed when the run ends.
struct ClaudePromptFiles: Sendable {
    /// The run's directory, nil when it has no system prompt.
    let directory: URL?
    /// The `--system-prompt-file` and `--append-system-prompt-file` arguments.
    let arguments: [String]

    /// Writes the system prompts of `options` for run `runID` under `root` (`root/prompts/<runID>`).
    static func write(_ options: ClaudeRunOptions, runID: UUID, under root: URL) throws(ClaudeRunOptionError)
        -> ClaudePromptFiles
    {
        let prompts = [
            ("system", "--system-prompt-file", options.systemPrompt),
            ("append", "--append-system-prompt-file", options.appendSystemPrompt),
        ].compactMap { name, flag, text in text.map { (name, flag, $0) } }
        guard !prompts.isEmpty else { return ClaudePromptFiles(directory: nil, arguments: []) }
        let parent = root.appendingPathComponent("prompts", isDirectory: true)
        let directory = parent.appendingPathComponent(runID.uuidString, isDirectory: true)
        let files = ClaudePromptFiles(directory: directory, arguments: [])
        var arguments: [String] = []
        do {
            try makePrivateDirectory(parent.path, exclusive: false)
            try makePrivateDirectory(directory.path, exclusive: true)
            for (name, flag, text) in prompts {
                let path = directory.appendingPathComponent("\(name).txt").path
                try writePrivateFile(path, Array(text.utf8))
                arguments += [flag, path]
            }
        } catch {
            files.remove()
            throw .promptFileUnwritable(root.path)
        }
        return ClaudePromptFiles(directory: directory, arguments: arguments)
    }

    /// Removes the run's files and directory.
    func remove() {
        guard let directory else { return }
        try? FileManager.default.removeItem(at: directory)
    }

    private struct WriteFailure: Error {}

    /// A 0700 directory at `path`: made, or (unless `exclusive`) already there as a real directory of ours that
    /// grants nothing to others.
    private static func makePrivateDirectory(_ path: String, exclusive: Bool) throws {
        if mkdir(path, 0o700) == 0 { return }
        guard errno == EEXIST, !exclusive else { throw WriteFailure() }
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == getuid(),
            status.st_mode & 0o077 == 0
        else { throw WriteFailure() }
    }

    private static func writePrivateFile(_ path: String, _ bytes: [UInt8]) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteFailure() }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw WriteFailure() }
            written += count
        }
    }
}
