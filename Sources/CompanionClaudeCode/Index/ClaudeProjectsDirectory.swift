#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Claude Code's `projects` directory (`$CLAUDE_CONFIG_DIR/projects`, else `~/.claude/projects`): its project
/// directories and their top-level transcripts, and the path-safe resolution of a project name and session id to
/// a transcript file.
///
/// Only `<project>/<session id>.jsonl` files directly in a project directory are transcripts: sub-agent
/// transcripts (`<session>/subagents/agent-….jsonl`) and tool-result side files repeat their parent's session id
/// and are not sessions; `memory/` and other directories are ignored. An entry that is a symbolic link is followed
/// only when its target stays inside the projects directory.
package struct ClaudeProjectsDirectory: Sendable, Hashable {
    /// The directory's path.
    package let path: String

    /// The projects directory at `path`.
    package init(path: String) {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.path = trimmed
    }

    /// Whether the directory exists (Claude Code makes it the first time it writes a transcript).
    package var exists: Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `name` can be a project directory's name: one path component, not `.` or `..`, no NUL.
    package static func isValidProjectName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && name != "." && name != ".." && !name.contains("/")
            && !name.utf8.contains(0)
    }

    /// Whether `id` can be a session id: 1 to 128 ASCII letters, digits, `-` or `_` (Claude Code's are UUIDs).
    package static func isValidSessionId(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45
                    || byte == 95
            }
    }

    /// The transcript file of session `sessionId` in project directory `encodedProjectPath`, or `nil` when either
    /// name is invalid (`..`, a `/`, an absolute path), the file does not exist, is not a regular file, or
    /// resolves (through symbolic links) outside the projects directory.
    package func transcriptPath(encodedProjectPath: String, sessionId: String) -> String? {
        guard Self.isValidProjectName(encodedProjectPath), Self.isValidSessionId(sessionId),
            let root = Self.realPath(path)
        else { return nil }
        let candidate = "\(path)/\(encodedProjectPath)/\(sessionId).jsonl"
        guard let resolved = Self.realPath(candidate), resolved.hasPrefix(root + "/"), Self.isRegularFile(resolved)
        else { return nil }
        return candidate
    }

    /// The names of the project directories (hidden entries and entries escaping the directory left out).
    func projectNames() -> [String] {
        entries(of: path).filter(hasProject)
    }

    /// Whether `name` is a project directory.
    func hasProject(_ name: String) -> Bool {
        !name.hasPrefix(".") && Self.isValidProjectName(name)
            && isInsideDirectory("\(path)/\(name)", wantDirectory: true)
    }

    /// The session ids of the transcripts directly in project directory `project`.
    func sessionIds(inProject project: String) -> [String] {
        let directory = "\(path)/\(project)"
        return entries(of: directory).compactMap { name in
            guard name.hasSuffix(".jsonl") else { return nil }
            let id = String(name.dropLast(6))
            guard Self.isValidSessionId(id), isInsideDirectory("\(directory)/\(name)", wantDirectory: false) else {
                return nil
            }
            return id
        }
    }

    /// Whether `entry` is a directory (or regular file) inside the projects directory: a plain entry is, a
    /// symbolic link only when its target is.
    private func isInsideDirectory(_ entry: String, wantDirectory: Bool) -> Bool {
        var info = stat()
        guard lstat(entry, &info) == 0 else { return false }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let root = Self.realPath(path), let resolved = Self.realPath(entry), resolved.hasPrefix(root + "/"),
                stat(resolved, &info) == 0
            else { return false }
        }
        return info.st_mode & S_IFMT == (wantDirectory ? S_IFDIR : S_IFREG)
    }

    private func entries(of directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
