/// Why a skill operation failed, with what to do next.
package enum SkillError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A name that cannot be used as a directory name.
    case invalidName(String, String)
    /// No installed skill of that name.
    case notFound(String)
    /// A skill of that name is installed already.
    case alreadyInstalled(String)
    /// Not a skill the user installed (a plugin's, or a project's through the user list).
    case notRemovable(String, String)
    /// git failed; its last words.
    case cloneFailed(String)
    /// git did not finish in time.
    case cloneTimedOut(seconds: Int)
    /// The clone grew past the size limit.
    case cloneTooLarge(limitBytes: Int)
    /// The repository has no usable skill where one was expected.
    case noSkill(String)
    /// A `skillPath` that is absolute, climbs out with `..` or does not exist.
    case invalidSkillPath(String)
    /// A file system operation failed.
    case fileSystem(String)
    /// A registered source that is unusable or unknown.
    case source(String)

    package var description: String {
        switch self {
        case .invalidName(let name, let why):
            "'\(name)' cannot be used as a skill name: \(why); use letters, digits, '-' and '_'"
        case .notFound(let name):
            "no installed skill named '\(name)'; `companion skills list` shows the installed ones"
        case .alreadyInstalled(let name):
            "a skill named '\(name)' is installed already; remove it first (`companion skills rm \(name)`) or "
                + "install under another name (--name)"
        case .notRemovable(let name, let why): "skill '\(name)' cannot be removed here: \(why)"
        case .cloneFailed(let detail):
            "git clone failed (\(detail)); check the URL and that the workstation can reach it (git credentials "
                + "come from its credential helper or ssh agent; nothing was installed)"
        case .cloneTimedOut(let seconds):
            "git clone did not finish within \(seconds) s and was stopped; nothing was installed. Try again, or clone "
                + "the repository on the workstation and install from a local path under a --clone-root directory"
        case .cloneTooLarge(let limit):
            "the repository is larger than the \(limit >> 20) MiB allowed for a skill and the clone was stopped; "
                + "nothing was installed"
        case .noSkill(let detail): "no skill to install: \(detail)"
        case .invalidSkillPath(let why): "skillPath is not usable: \(why)"
        case .fileSystem(let detail): "the skills directory could not be changed (\(detail)); nothing was installed"
        case .source(let detail): detail
        }
    }
}
