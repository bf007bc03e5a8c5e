import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Parsed SKILL.md files, kept while the file is unchanged: an entry is used only when the file's size, inode,
/// modification and change times are the ones seen when it was read (they are taken before reading, so a change
/// during the read shows as a changed file next time). Listing many skills then costs one `stat` each instead of
/// a read and a YAML parse. Bounded; process-wide (keys are absolute paths).
final class SkillDocumentCache: @unchecked Sendable {
    static let shared = SkillDocumentCache(limit: 8192)
    /// How old a file's modification must be before its document is kept.
    static let settleSeconds: TimeInterval = 2
    /// Most bytes of a SKILL.md's raw text returned (``InstalledSkill/rawContent``).
    package static let rawBytes = 128 * 1024

    /// What identifies one version of a file.
    struct Stamp: Equatable {
        var size: Int64
        var inode: UInt64
        var modified: timespec
        var changed: timespec

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.size == b.size && a.inode == b.inode && a.modified.tv_sec == b.modified.tv_sec
                && a.modified.tv_nsec == b.modified.tv_nsec && a.changed.tv_sec == b.changed.tv_sec
                && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    private struct Entry {
        var stamp: Stamp
        var preview: Int
        var document: SkillDocument
    }

    private let lock = NSLock()
    private let limit: Int
    private var entries: [String: Entry] = [:]

    init(limit: Int) { self.limit = limit }

    /// The document of the regular file at `path`, its modification time, and with `raw` its text from the same read
    /// (never from the cache); nil when it is not a regular file. Links are followed for the user's own skills
    /// (`project` nil); a project's or plugin's skill must really lie in `project` (``ContainedFile``: no link as
    /// SKILL.md, no directory leading outside), else it is nil too.
    func document(atPath path: String, previewCharacters: Int, project: String? = nil, raw: Bool = false)
        -> (SkillDocument, Date, String?)?
    {
        var info = stat()
        var handle: FileHandle?
        if let project {
            guard let descriptor = try? ContainedFile.openForReading(path, within: project) else { return nil }
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            guard fstat(descriptor, &info) == 0 else { return nil }
        } else {
            guard stat(path, &info) == 0 else { return nil }
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let stamp = Stamp(
            size: Int64(info.st_size), inode: UInt64(info.st_ino), modified: info.st_mtim, changed: info.st_ctim)
        let modified = Date(
            timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
        if raw {
            // One read: the document and the raw text are the same bytes, from the descriptor opened (and, for a
            // project's or plugin's skill, checked) above; the file is never opened again by path.
            guard let handle = handle ?? FileHandle(forReadingAtPath: path) else { return nil }
            let data = (try? handle.read(upToCount: SkillDocument.maxFileBytes + 1)) ?? Data()
            let text =
                data.count > SkillDocument.maxFileBytes
                ? nil : String(decoding: data.prefix(Self.rawBytes), as: UTF8.self)
            return (SkillDocument.parse(data, previewCharacters: previewCharacters), modified, text)
        }
        if let entry = lock.withLock({ entries[path] }), entry.stamp == stamp, entry.preview == previewCharacters {
            return (entry.document, modified, nil)
        }
        let document =
            handle.map { SkillDocument.read($0, previewCharacters: previewCharacters) }
            ?? SkillDocument.read(URL(fileURLWithPath: path), previewCharacters: previewCharacters)
        // A file changed in the last seconds is not kept: file system clocks are coarse (a few milliseconds), so
        // a rewrite of the same size right after this read could keep the same stamp (git's "racily clean").
        guard Date().timeIntervalSince(modified) > Self.settleSeconds else { return (document, modified, nil) }
        lock.withLock {
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[path] = Entry(stamp: stamp, preview: previewCharacters, document: document)
        }
        return (document, modified, nil)
    }
}
