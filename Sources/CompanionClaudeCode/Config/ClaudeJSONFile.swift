import CompanionFiles
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One of Claude Code's JSON files (`~/.claude.json`, `settings.json`, `.claude/settings.json`, `.mcp.json`),
/// read and updated without losing anyone's change.
///
/// This is the one writer of Claude Code's files in the package (`scripts/check-one-writer.sh`): config, MCP,
/// skills, plugins and hooks all write through it. An update reads the file, applies a change to its object, and
/// writes the result atomically (the package's one atomic writer, `AtomicFile`) under Claude Code's own lock (`<file>.lock`, see ``ClaudeConfigLock``). If the file's
/// inode, size or modification time changed between the read and the write (a writer that does not take the
/// lock), the change is applied again to the new version (optimistic concurrency), up to ``maxAttempts`` times;
/// that check and the replacement are one step (`renameat2(RENAME_EXCHANGE)`: the version swapped out is the
/// one checked, and swapped back if it is not the one read), so no rename of another writer falls between them.
/// Every key the change does not touch is kept with its value; key order is not (Foundation's
/// `JSONSerialization` does not keep it: the file is written with sorted keys and two-space indentation, and an
/// update that changes nothing writes nothing, so its bytes stay exactly as they were). The previous version is
/// kept as `<name>.companion-backup` beside the file. A file that is not a JSON object is reported
/// (``ClaudeConfigFileError/malformed(path:reason:)``) and never overwritten.
package struct ClaudeJSONFile: Sendable {
    /// Largest file accepted (Claude Code's `~/.claude.json` grows with projects; 64 MiB is far beyond it).
    package static let maxBytes = 64 << 20
    /// How many times an update re-reads and re-applies its change when the file changed under it.
    package static let maxAttempts = 8

    /// The file.
    package let url: URL
    /// Permission bits of a file this creates (`~/.claude.json` is private: 0600).
    package let creationMode: mode_t

    /// The project directory a project's file must really lie in (``ContainedFile``), nil for the user's own
    /// files: then a link at the file's place is refused, and so is a directory leading outside the project.
    package let project: String?

    /// Runs after the new version is written and before it is swapped in (tests play a concurrent writer here).
    var beforeSwap: (@Sendable () -> Void)?

    package init(url: URL, creationMode: mode_t = 0o600, project: String? = nil) {
        self.url = url
        self.creationMode = creationMode
        self.project = project
    }

    /// Where the previous version is kept.
    package var backupURL: URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".companion-backup")
    }

    /// Reads the file; a missing or empty file is an empty object.
    package func read() throws(ClaudeConfigFileError) -> ClaudeJSONSnapshot {
        let path = url.path
        let descriptor: Int32
        if let project {
            do { descriptor = try ContainedFile.openForReading(path, within: project) } catch {
                switch error {
                case .missing: return ClaudeJSONSnapshot(bytes: Data(), object: [:], exists: false, stamp: nil)
                case .outside(let reason): throw .outsideProject(path: path, reason: reason)
                case .failed(let code): throw .unreadable(path: path, errno: code)
                }
            }
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return ClaudeJSONSnapshot(bytes: Data(), object: [:], exists: false, stamp: nil) }
            throw .unreadable(path: path, errno: code)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, errno: EISDIR) }
        guard Int(info.st_size) <= Self.maxBytes else { throw .tooLarge(path: path, limit: Self.maxBytes) }
        let bytes: Data
        do { bytes = try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readToEnd() ?? Data() } catch {
            throw .unreadable(path: path, errno: EIO)
        }
        guard bytes.count <= Self.maxBytes else { throw .tooLarge(path: path, limit: Self.maxBytes) }
        return ClaudeJSONSnapshot(
            bytes: bytes, object: try Self.parse(bytes, path: path), exists: true, stamp: FileStamp(info))
    }

    /// The object `bytes` hold; an empty or all-whitespace file is an empty object.
    static func parse(_ bytes: Data, path: String) throws(ClaudeConfigFileError) -> [String: Any] {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        let value: Any
        do { value = try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]) } catch {
            throw .malformed(path: path, reason: "it does not parse as JSON")
        }
        guard let object = value as? [String: Any] else {
            throw .malformed(path: path, reason: "its top level is not an object")
        }
        return object
    }

    /// Two-space indented JSON with sorted keys and a final newline.
    static func serialize(_ object: [String: Any]) throws -> Data {
        var data = try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }
}
