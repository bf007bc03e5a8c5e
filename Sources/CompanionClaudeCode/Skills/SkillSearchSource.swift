import Foundation

/// A place the user registered for skill search: a directory (often a local clone of a skills repository) whose
/// SKILL.md files are searched offline.
package struct SkillSearchSource: Codable, Sendable, Equatable {
    /// Its name in lists and commands (a ``SkillName``).
    package var name: String
    /// The directory's absolute path, resolved when it was registered.
    package var path: String
    package var addedAt: Date

    package init(name: String, path: String, addedAt: Date) {
        self.name = name
        self.path = path
        self.addedAt = addedAt
    }
}
