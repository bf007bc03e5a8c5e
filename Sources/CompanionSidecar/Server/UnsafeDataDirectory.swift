import Foundation

/// The sidecar's data directory, or a file in it, could be read by other local users, or is not this user's.
/// The sidecar refuses to use it rather than expose the device registry, the audit log and task logs.
package struct UnsafeDataDirectory: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    package enum Problem: Sendable, Equatable {
        /// The existing directory grants permissions to its group or to others (its mode is given).
        case accessibleByOthers(mode: UInt16)
        /// The directory or file belongs to another user.
        case ownedByAnotherUser(uid: UInt32)
        /// The data directory's path exists but is not a directory.
        case notADirectory
        /// A file the sidecar keeps in it is not a regular file (e.g. a symbolic link).
        case notARegularFile
    }

    /// The directory or file concerned.
    package let path: String
    package let problem: Problem

    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// What is wrong, in one line.
    package var message: String {
        switch problem {
        case .accessibleByOthers(let mode):
            "the data directory \(path) is accessible by other users (mode \(Self.octal(mode))): the device "
                + "registry, audit log and task logs in it must be private"
        case .ownedByAnotherUser(let uid):
            "\(path) belongs to another user (uid \(uid)), not to you (uid \(geteuid()))"
        case .notADirectory:
            "the data directory \(path) is not a directory"
        case .notARegularFile:
            "\(path) is not a regular file (a symbolic link or special file where the sidecar keeps its data)"
        }
    }

    /// What to do about it.
    package var hint: String {
        switch problem {
        case .accessibleByOthers:
            "run `chmod 700 \(path)`, then start the sidecar again (or pass another --data-dir)"
        case .ownedByAnotherUser, .notADirectory, .notARegularFile:
            "use a data directory of your own: --data-dir DIR (a missing directory is created with mode 0700)"
        }
    }

    package var description: String { "\(message); \(hint)" }

    static func octal(_ mode: UInt16) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
