import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opening a file of a project on a device's behalf: the file must really lie inside the project directory.
///
/// A project is often a repository someone else wrote (a task clones it): its `.claude/skills/k/SKILL.md`,
/// `.claude/settings.json` or `.mcp.json` can be a symbolic link to `~/.ssh/id_ed25519`, and `.claude` itself a
/// link to the user's `~/.claude`. So the file's directory is resolved (`realpath`) and must be the project's
/// real directory or below it, the file is opened with `O_NOFOLLOW` (a link as the last component is refused),
/// and the descriptor's own path (`/proc/self/fd/N`) is checked again against the project, which catches a
/// directory swapped for a link between the two steps.
package enum ContainedFile {
    /// Why a project file was not opened.
    package enum Refusal: Error, Sendable, Equatable {
        /// The file does not exist (nor, maybe, its directory).
        case missing
        /// The file or one of its directories leads outside the project, or the file is a symbolic link.
        case outside(String)
        /// Another error of `open`.
        case failed(Int32)
    }

    /// The real path of `directory` (links resolved); nil when it does not exist.
    package static func realPath(_ directory: String) -> String? {
        guard let resolved = realpath(directory, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// True when `path` is `root` or lies below it (both real paths).
    static func isWithin(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Checks that `path`'s directory really lies inside `root` and returns the path with that directory
    /// resolved (the file itself is not resolved: it must not be a link).
    package static func resolvedPath(_ path: String, within root: String) throws(Refusal) -> String {
        guard let realRoot = realPath(root) else { throw .missing }
        let url = URL(fileURLWithPath: path)
        guard let directory = realPath(url.deletingLastPathComponent().path) else { throw .missing }
        guard isWithin(directory, root: realRoot) else {
            throw .outside("\(url.deletingLastPathComponent().path) leads outside the project \(root)")
        }
        return directory == "/" ? "/" + url.lastPathComponent : directory + "/" + url.lastPathComponent
    }

    /// Opens `path` for reading when it really lies inside `root` and is not a symbolic link; the caller closes
    /// the descriptor.
    package static func openForReading(_ path: String, within root: String) throws(Refusal) -> Int32 {
        let resolved = try resolvedPath(path, within: root)
        let descriptor = open(resolved, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing }
            if code == ELOOP { throw .outside("\(path) is a symbolic link") }
            throw .failed(code)
        }
        guard let real = realPath("/proc/self/fd/\(descriptor)"), let realRoot = realPath(root),
            isWithin(real, root: realRoot)
        else {
            close(descriptor)
            throw .outside("\(path) leads outside the project \(root)")
        }
        return descriptor
    }
}
