/// Why a SKILL.md cannot be used as Claude Code would use it (listed with the skill, never thrown past the listing).
public struct SkillDocumentProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
