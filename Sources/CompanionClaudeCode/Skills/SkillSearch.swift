import Foundation

/// A skill found in a registered source.
package struct SkillSearchHit: Sendable, Equatable {
    package var source: SkillSearchSource
    /// The skill's directory relative to the source (empty: the source itself).
    package var skillPath: String
    package var document: SkillDocument
    package var modified: Date?
}

/// Offline search of the registered sources' SKILL.md files: no network, never GitHub. Every word of the query
/// must appear (case-insensitively) in the skill's name, description, tags or directory name. The walk is
/// bounded (depth, directory entries per source) and skips `.git`, `node_modules` and hidden directories.
package enum SkillSearch {
    package static let maxDepth = 6
    package static let maxEntriesPerSource = 20_000

    /// Up to `limit` hits across `sources`, in source order, then path order.
    package static func search(_ query: String, in sources: [SkillSearchSource], limit: Int = 100) -> [SkillSearchHit] {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        var hits: [SkillSearchHit] = []
        for source in sources {
            for directory in skillDirectories(in: URL(fileURLWithPath: source.path, isDirectory: true)) {
                let file = directory.appendingPathComponent("SKILL.md")
                let document = SkillDocument.read(file, previewCharacters: 0)
                let relative = String(directory.path.dropFirst(source.path.count)).trimmingCharacters(
                    in: CharacterSet(charactersIn: "/"))
                let haystack =
                    ([document.name, document.description, directory.lastPathComponent].compactMap { $0 }
                    + document.tags).joined(separator: "\n").lowercased()
                guard words.allSatisfy({ haystack.contains($0) }) else { continue }
                let modified =
                    (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
                hits.append(SkillSearchHit(source: source, skillPath: relative, document: document, modified: modified))
                if hits.count >= limit { return hits }
            }
        }
        return hits
    }

    /// Directories under `root` (and `root` itself) that hold a SKILL.md file, sorted by path.
    static func skillDirectories(in root: URL) -> [URL] {
        var found: [URL] = []
        var queue: [(URL, Int)] = [(root, 0)]
        var seen = 0
        let manager = FileManager.default
        while !queue.isEmpty, seen < maxEntriesPerSource {
            let (directory, depth) = queue.removeFirst()
            guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { continue }
            seen += names.count
            if names.contains("SKILL.md") { found.append(directory) }
            guard depth < maxDepth else { continue }
            for name in names.sorted() where !name.hasPrefix(".") && name != "node_modules" {
                let child = directory.appendingPathComponent(name, isDirectory: true)
                let attributes = try? manager.attributesOfItem(atPath: child.path)
                if attributes?[.type] as? FileAttributeType == .typeDirectory { queue.append((child, depth + 1)) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
