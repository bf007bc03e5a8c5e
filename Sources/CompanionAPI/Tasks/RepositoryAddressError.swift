/// Why a task's `repo_url` is refused; each description names the field and says what to do instead.
public enum RepositoryAddressError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong
    /// Starts with `-`: git would read it as an option.
    case optionLike
    /// Holds a control, format or line separator character.
    case controlCharacter
    /// A password, or a user name in an https URL (where it is a token): it would be stored and logged.
    case credentials
    /// `name::address`: git runs `git-remote-name` (or the `fd`/`ext` transports, which run commands).
    case remoteHelper(String)
    /// `http://`: readable and changeable by anyone on the way.
    case plainHTTP
    /// Another `scheme://` than https, ssh or file.
    case unsupportedScheme(String)
    /// Not a URL git and the sidecar would read the same way.
    case malformed(String)
    /// A local path that is not absolute.
    case relativePath
    /// A local path (or `file://`) on a sidecar without clone roots.
    case localNotAllowed
    /// A local path that does not resolve to an existing directory under a clone root.
    case outsideCloneRoots

    static let allowedForms = "use https://HOST/PATH, ssh://[USER@]HOST/PATH or USER@HOST:PATH"

    public var description: String {
        switch self {
        case .empty: "repo_url must not be empty when given"
        case .tooLong: "repo_url is longer than \(CreateTaskRequest.maxRepoURLLength) characters"
        case .optionLike: "repo_url must not start with '-'"
        case .controlCharacter: "repo_url must not contain control, format or line separator characters"
        case .credentials:
            "repo_url must not contain credentials (a password, or a user name or token in an https URL): they "
                + "would be stored and shown in the task's log. Give the URL without them and let git supply them "
                + "on the workstation, e.g. git config --global credential.helper store (or cache, or libsecret)"
        case .remoteHelper(let name):
            "repo_url uses git's '\(name)::' transport, which runs a helper program; \(Self.allowedForms)"
        case .plainHTTP: "repo_url uses plain http://, which anyone on the network can read and change; use https://"
        case .unsupportedScheme(let scheme): "repo_url scheme '\(scheme)://' is not allowed; \(Self.allowedForms)"
        case .malformed(let why): "repo_url is not a usable repository address (\(why)); \(Self.allowedForms)"
        case .relativePath:
            "repo_url is a relative path; \(Self.allowedForms), or an absolute path under one of the sidecar's "
                + "clone roots"
        case .localNotAllowed:
            "repo_url names a local repository, and this sidecar clones local repositories only under the "
                + "directories its owner gave with `companion sidecar serve --clone-root DIR` (none); "
                + Self.allowedForms
        case .outsideCloneRoots:
            "repo_url is not an existing directory under one of the sidecar's clone roots (symbolic links and '..' "
                + "resolved); move the repository under a --clone-root directory, or \(Self.allowedForms)"
        }
    }
}
