import CompanionClaudeCode
import Testing

/// SKILL.md frontmatter read with Yams: the keys Claude Code uses, every other key kept, and a problem (never a
/// crash) for each way a file can be malformed.
@Suite struct SkillDocumentTests {
    @Test func readsTheKeysClaudeCodeUsesAndKeepsTheRest() {
        let document = SkillDocument(
            text: """
                ---
                name: pdf-tools
                description: "Extract text: from PDFs"
                allowed-tools: Read, Grep,  Bash(pdftotext:*)
                license: MIT
                metadata:
                  version: 2
                  author: Ada
                tags: [pdf, text]
                ---
                # PDF tools

                Use pdftotext.
                """, previewCharacters: 12)
        #expect(document.problem == nil)
        #expect(document.name == "pdf-tools")
        #expect(document.description == "Extract text: from PDFs")
        #expect(document.allowedTools == ["Read", "Grep", "Bash(pdftotext:*)"])
        #expect(document.version == "2")
        #expect(document.tags == ["pdf", "text"])
        #expect(document.otherKeys["license"] == .string("MIT"))
        #expect(document.otherKeys["metadata"] == .object(["version": .number(2), "author": .string("Ada")]))
        #expect(document.body == "# PDF tools\n")
        #expect(document.bodyTruncated)
    }

    @Test func allowedToolsAsAYAMLList() {
        let document = SkillDocument(
            text: "---\nname: a\ndescription: b\nallowed-tools:\n  - Read\n  - Write\n---\nx", previewCharacters: 100)
        #expect(document.allowedTools == ["Read", "Write"])
        #expect(document.body == "x" && !document.bodyTruncated)
    }

    @Test(arguments: [
        ("no frontmatter at all\n", "no frontmatter"),
        ("---\nname: a\ndescription: b\n", "no closing"),
        ("---\nname: [unclosed\n---\nbody", "not valid YAML"),
        ("---\n- a\n- b\n---\nbody", "not a YAML mapping"),
        ("---\nname: only-a-name\n---\nbody", "no description"),
        ("---\nname: a\ndescription: b\nname: c\n---\n", "not valid YAML"),
    ])
    func malformedFilesSayWhatIsWrong(text: String, problem: String) {
        let document = SkillDocument(text: text, previewCharacters: 100)
        #expect(document.problem?.description.contains(problem) == true, "\(document.problem?.description ?? "nil")")
    }

    /// Nine levels of ten aliases each would be 10⁹ strings; refused at once instead.
    @Test func anAliasBombIsRefusedBeforeConstruction() {
        var yaml =
            "name: bomb\ndescription: laughs\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        var previous = "a"
        for level in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            yaml += "\(level): &\(level) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ",") + "]\n"
            previous = level
        }
        let document = SkillDocument(text: "---\n\(yaml)---\nbody", previewCharacters: 10)
        #expect(
            document.problem?.description.contains("more than") == true, "\(document.problem?.description ?? "nil")")
    }

    @Test func anOversizedFrontmatterIsReportedNotParsed() {
        let huge = String(repeating: "k: v\n", count: 20_000)
        let document = SkillDocument(text: "---\n\(huge)---\nbody", previewCharacters: 10)
        #expect(document.problem?.description.contains("larger than") == true)
    }

    @Test(arguments: [
        "", ".", "..", "../x", "a/b", ".hidden", "-rf", "a\u{0}b", "a\nb", " a", String(repeating: "x", count: 200),
    ])
    func namesThatWouldEscapeOrMisleadAreRefused(name: String) {
        #expect(throws: SkillError.self) { try SkillName.validate(name) }
    }

    @Test(arguments: ["pdf-tools", "my_skill.v2", "Ünïcode"])
    func ordinaryNamesPass(name: String) throws {
        #expect(try SkillName.validate(name) == name)
    }
}
