import Foundation

/// A SKILL.md read and parsed: the frontmatter's `name`, `description` and `allowed-tools`, every other key kept,
/// and a bounded preview of the Markdown body. A file that cannot be used says why in ``problem`` instead.
package struct SkillDocument: Sendable, Equatable {
    /// Largest SKILL.md read.
    package static let maxFileBytes = 1 << 20

    /// `name:` of the frontmatter.
    package var name: String?
    /// `description:` of the frontmatter (Claude Code needs it to know when to use the skill).
    package var description: String?
    /// `allowed-tools:`, as a list (Claude Code accepts a comma-separated string or a YAML list).
    package var allowedTools: [String]
    /// `version:`, or `metadata.version:`.
    package var version: String?
    /// `tags:` (a list of strings), when given.
    package var tags: [String]
    /// Every other frontmatter key, unchanged.
    package var otherKeys: [String: FrontmatterValue]
    /// The Markdown after the frontmatter, at most the preview length asked for.
    package var body: String
    /// Whether ``body`` was cut.
    package var bodyTruncated: Bool
    /// What is wrong with the file, when something is.
    package var problem: SkillDocumentProblem?

    /// Parses `text`; `previewCharacters` bounds ``body``.
    package init(text: String, previewCharacters: Int) {
        name = nil
        description = nil
        allowedTools = []
        version = nil
        tags = []
        otherKeys = [:]
        let (yaml, body, unclosed) = SkillFrontmatter.split(text)
        self.body = String(body.prefix(previewCharacters))
        bodyTruncated = body.count > previewCharacters
        problem = nil
        if unclosed {
            problem = SkillDocumentProblem("the frontmatter starts with '---' but has no closing '---' line")
            return
        }
        guard let yaml else {
            problem = SkillDocumentProblem(
                "no frontmatter: a SKILL.md starts with '---', then name: and description:, then '---'")
            return
        }
        do {
            var keys = try SkillFrontmatter.parse(yaml)
            name = keys.removeValue(forKey: "name")?.text
            description = keys.removeValue(forKey: "description")?.text
            allowedTools = Self.tools(keys.removeValue(forKey: "allowed-tools"))
            if case .array(let values) = keys["tags"] { tags = values.compactMap(\.text) }
            version = Self.scalarText(keys["version"])
            if version == nil, case .object(let metadata) = keys["metadata"] {
                version = Self.scalarText(metadata["version"])
            }
            otherKeys = keys
            if description?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true {
                problem = SkillDocumentProblem("the frontmatter has no description: (Claude Code needs one)")
            }
        } catch {
            problem = error
        }
    }

    /// Reads `file` (at most ``maxFileBytes``); an unreadable or oversized file gives a document with its problem.
    package static func read(_ file: URL, previewCharacters: Int) -> SkillDocument {
        guard let handle = FileHandle(forReadingAtPath: file.path) else {
            return SkillDocument(problem: "SKILL.md cannot be read (permissions?)")
        }
        defer { try? handle.close() }
        return read(handle, previewCharacters: previewCharacters)
    }

    /// The document read from `handle` (left open).
    static func read(_ handle: FileHandle, previewCharacters: Int) -> SkillDocument {
        parse((try? handle.read(upToCount: maxFileBytes + 1)) ?? Data(), previewCharacters: previewCharacters)
    }

    /// The document of a file's bytes (more than ``maxFileBytes`` of them: a document with that problem).
    static func parse(_ data: Data, previewCharacters: Int) -> SkillDocument {
        if data.count > maxFileBytes {
            return SkillDocument(problem: "SKILL.md is larger than \(maxFileBytes >> 20) MiB")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return SkillDocument(problem: "SKILL.md is not UTF-8 text")
        }
        return SkillDocument(text: text, previewCharacters: previewCharacters)
    }

    private init(problem: String) {
        name = nil
        description = nil
        allowedTools = []
        version = nil
        tags = []
        otherKeys = [:]
        body = ""
        bodyTruncated = false
        self.problem = SkillDocumentProblem(problem)
    }

    private static func tools(_ value: FrontmatterValue?) -> [String] {
        switch value {
        case .string(let text):
            text.split(whereSeparator: { $0 == "," || $0 == "\n" }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        case .array(let values): values.compactMap(\.text)
        default: []
        }
    }

    private static func scalarText(_ value: FrontmatterValue?) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): number == number.rounded() ? String(Int64(number)) : String(number)
        default: nil
        }
    }
}
