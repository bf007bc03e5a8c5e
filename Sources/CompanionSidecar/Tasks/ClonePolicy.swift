import CompanionAPI
import Foundation

/// Which repositories the sidecar clones for tasks, and what git is told so that it cannot be talked into
/// anything else (see SECURITY.md, "Task repositories").
///
/// Remote repositories: https and ssh (URL or scp-style), without credentials (``RepositoryAddress``). Local
/// repositories: only when the workstation's owner configured clone roots, and only when the path, with every
/// symbolic link and `..` resolved, is an existing directory under one of them. git is given the resolved path
/// as a `file://` URL, so it uses its transport rather than the local-clone shortcut (hard links and copies of
/// the object directory).
package struct ClonePolicy: Sendable {
    /// The clone roots, resolved; empty when local repositories are refused.
    package let roots: [String]

    /// Resolves `roots` (symbolic links, `..`); a root that does not resolve to a directory is left out.
    package init(roots: [URL]) {
        self.roots = roots.compactMap { Self.resolvedDirectory($0.path) }
    }

    /// What git clones for `repoURL`: remote addresses as given, local ones as `file://` + the resolved path.
    /// Throws why the address is refused.
    package func source(for repoURL: String) throws(RepositoryAddressError) -> String {
        let address = try RepositoryAddress(parsing: repoURL)
        switch address {
        case .https(let url), .ssh(let url), .scp(let url):
            return url
        case .local(let path):
            guard !roots.isEmpty else { throw .localNotAllowed }
            guard let resolved = Self.resolvedDirectory(path), roots.contains(where: { Self.is(resolved, under: $0) })
            else { throw .outsideCloneRoots }
            return "file://" + (resolved.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? resolved)
        }
    }

    /// `GIT_ALLOW_PROTOCOL` for the clone: https and ssh, plus file when there are clone roots. It also stops
    /// `ext::`, `fd::` and remote helpers that `url.*.insteadOf` rewriting could otherwise bring back.
    package var allowedProtocols: String { roots.isEmpty ? "https:ssh" : "https:ssh:file" }

    /// Variables removed from git's environment for the clone: they would make it work on another repository
    /// or inject configuration (`GIT_CONFIG_PARAMETERS`, `GIT_CONFIG_COUNT`/`KEY_n`/`VALUE_n`).
    static let removedGitVariables: Set<String> = [
        "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
        "GIT_NAMESPACE", "GIT_COMMON_DIR", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_PROTOCOL_FROM_USER",
    ]

    /// The environment git clones with: `base` without ``removedGitVariables``, with ``allowedProtocols`` and
    /// no terminal prompts (credentials come from the owner's credential helper or ssh agent, or not at all).
    package func gitEnvironment(_ base: [String: String]) -> [String: String] {
        var environment = base.filter { key, _ in
            !Self.removedGitVariables.contains(key) && !key.hasPrefix("GIT_CONFIG_KEY_")
                && !key.hasPrefix("GIT_CONFIG_VALUE_")
        }
        environment["GIT_ALLOW_PROTOCOL"] = allowedProtocols
        environment["GIT_TERMINAL_PROMPT"] = "0"
        return environment
    }

    /// `path` with symbolic links and `..` resolved (realpath), when it is an existing directory.
    static func resolvedDirectory(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        let resolved = String(cString: pointer)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        return resolved
    }

    /// True when `path` is `root` or inside it (both resolved).
    static func `is`(_ path: String, under root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
