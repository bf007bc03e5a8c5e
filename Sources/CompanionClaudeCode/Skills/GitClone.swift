import Foundation

/// `git clone --depth 1` of a vetted address into a new directory, bounded in time and size: git runs from an
/// argument array with `--` before the positional arguments, without terminal prompts, with the `ext` and `fd`
/// transports and submodules off, and is killed (its whole process group) at the time limit or when the
/// directory grows past the size limit.
package struct GitClone: Sendable {
    /// The address git is given: already checked by the caller's policy (https, ssh, scp-style, or a `file://`
    /// URL of an allowed local repository). Refused here too when it starts with `-` or names a `::` transport.
    package var source: String
    /// git's environment (the caller's policy: `GIT_ALLOW_PROTOCOL`, no `GIT_DIR`…); `GIT_TERMINAL_PROMPT=0` is
    /// always set.
    package var environment: [String: String]
    package var timeLimit: Duration
    package var sizeLimitBytes: Int

    package init(source: String, environment: [String: String], timeLimit: Duration, sizeLimitBytes: Int) {
        self.source = source
        self.environment = environment
        self.timeLimit = timeLimit
        self.sizeLimitBytes = sizeLimitBytes
    }

    /// Clones into `destination` (which must not exist). On any failure `destination` is removed.
    func run(into destination: URL) async throws(SkillError) {
        if source.hasPrefix("-") || source.contains("::") {
            throw .cloneFailed("the address starts with '-' or names a '::' transport")
        }
        var environment = environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "/bin/false"
        environment["SSH_ASKPASS"] = "/bin/false"
        environment["GCM_INTERACTIVE"] = "never"
        if environment["GIT_SSH_COMMAND"] == nil { environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes" }
        let limit = sizeLimitBytes
        let path = destination.path
        let command = BoundedCommand(
            executable: "/usr/bin/env",
            arguments: [
                "git", "-c", "protocol.ext.allow=never", "-c", "protocol.fd.allow=never", "-c",
                "submodule.recurse=false", "-c", "core.hooksPath=/dev/null", "-c", "advice.detachedHead=false",
                "clone", "--depth", "1", "--single-branch", "--no-tags", "--quiet", "--", source, path,
            ],
            environment: environment, workingDirectory: destination.deletingLastPathComponent().path,
            timeLimit: timeLimit, outputLimit: 16 * 1024,
            watch: { Self.size(of: path) > limit ? "size" : nil })
        let result: BoundedCommandResult
        do {
            result = try await command.run()
        } catch {
            try? FileManager.default.removeItem(at: destination)
            throw .cloneFailed("git could not be started: \(type(of: error))")
        }
        let seconds = Int(timeLimit.components.seconds)
        switch result.ending {
        case .exited(0):
            if Self.size(of: path) > limit {
                try? FileManager.default.removeItem(at: destination)
                throw .cloneTooLarge(limitBytes: limit)
            }
        case .timedOut:
            try? FileManager.default.removeItem(at: destination)
            throw .cloneTimedOut(seconds: seconds)
        case .stopped:
            try? FileManager.default.removeItem(at: destination)
            throw .cloneTooLarge(limitBytes: limit)
        case .exited(let code):
            try? FileManager.default.removeItem(at: destination)
            throw .cloneFailed("exit status \(code): \(Self.lastLine(result.errorText))")
        case .signaled(let signal):
            try? FileManager.default.removeItem(at: destination)
            throw .cloneFailed("git was killed by signal \(signal)")
        }
    }

    /// Bytes in the files under `path` (links not followed).
    static func size(of path: String) -> Int {
        guard
            let enumerator = FileManager.default.enumerator(
                at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey],
                options: [], errorHandler: { _, _ in true })
        else { return 0 }
        var total = 0
        for case let url as URL in enumerator {
            guard let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]),
                values.isRegularFile == true
            else { continue }
            total += values.fileSize ?? 0
        }
        return total
    }

    /// git's last line of standard error, bounded (it names the failure: "repository not found"…).
    static func lastLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).last.map(String.init) ?? "no message"
        return String(line.prefix(300))
    }
}
