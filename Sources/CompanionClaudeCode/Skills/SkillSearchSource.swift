import Foundation

/// A place the user registered for skill search: a directory (often a local clone of a skills repository) whose
/// SKILL.md files are searched offline.
public struct SkillSearchSource: Codable, Sendable, Equatable {
    /// Its name in lists and commands (a ``SkillName``).
    public var name: String
    /// The directory's absolute path, resolved when it was registered.
    public var path: String
    public var addedAt: Date

    public init(name: String, path: String, addedAt: Date) {
        self.name = name
        self.path = path
        self.addedAt = addedAt
    }
}
