/// Why a SKILL.md cannot be used as Claude Code would use it (listed with the skill, never thrown past the listing).
package struct SkillDocumentProblem: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
