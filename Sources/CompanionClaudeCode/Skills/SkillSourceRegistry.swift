import CompanionFiles
import Foundation

/// The registered skill sources, in a small JSON file of CompanionKit's (`skill-sources.json` in the sidecar's
/// data directory), written atomically (temporary file, then rename). Claude Code does not read it.
package struct SkillSourceRegistry: Sendable {
    package let file: URL
    /// Most sources kept.
    package static let maxSources = 64

    package init(file: URL) {
        self.file = file
    }

    /// The sources, in the order they were added; none when the file does not exist.
    package func list() throws(SkillError) -> [SkillSearchSource] {
        guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode([SkillSearchSource].self, from: data)
        } catch {
            throw .source(
                "the skill source list \(file.path) is not readable JSON; fix or delete it (it only lists search "
                    + "directories)")
        }
    }

    /// Registers the directory at `path` (absolute, existing; links resolved) under `name` (default: its last
    /// path component).
    @discardableResult
    package func add(path: String, name: String? = nil, now: Date = Date()) throws(SkillError) -> SkillSearchSource {
        guard path.hasPrefix("/") else {
            throw .source("the source path '\(path.prefix(200))' is not absolute; give the directory's full path")
        }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw .source(
                "'\(path.prefix(200))' is not a directory on the workstation; clone the repository there first")
        }
        let chosen = try SkillName.validate(name ?? resolved.lastPathComponent)
        var sources = try list()
        if sources.contains(where: { $0.name == chosen }) {
            throw .source(
                "a skill source named '\(chosen)' is registered already; remove it first or choose another name")
        }
        if sources.count >= Self.maxSources {
            throw .source("\(Self.maxSources) skill sources are registered already; remove one first")
        }
        let source = SkillSearchSource(name: chosen, path: resolved.path, addedAt: now)
        sources.append(source)
        try write(sources)
        return source
    }

    /// Unregisters `name` (the directory itself is not touched).
    package func remove(name: String) throws(SkillError) {
        var sources = try list()
        guard let index = sources.firstIndex(where: { $0.name == name }) else {
            throw .source("no skill source named '\(name.prefix(80))'; `companion skills sources list` shows them")
        }
        sources.remove(at: index)
        try write(sources)
    }

    private func write(_ sources: [SkillSearchSource]) throws(SkillError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.replace(file.path, with: try encoder.encode(sources), mode: .keeping(orNew: 0o600))
        } catch let error as FileWriteError {
            throw .fileSystem("the skill source list could not be written: \(String(cString: strerror(error.errno)))")
        } catch {
            throw .fileSystem("the skill source list could not be written: \(SkillCatalog.reason(error))")
        }
    }
}
