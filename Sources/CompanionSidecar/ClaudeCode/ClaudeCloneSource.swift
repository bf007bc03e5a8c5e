import CompanionClaudeCode
import Foundation

/// What git (skills) and `claude plugin marketplace add` are given for a repository a device names: GitHub
/// `owner/repo`, https and ssh addresses, local repositories only under the clone roots (``ClonePolicy``).
enum ClaudeCloneSource {
    /// What git clones for `repository`: GitHub `owner/repo` as its https URL, everything else through the
    /// sidecar's ``ClonePolicy`` (which refuses `ext::`/`fd::`, `-…`, http, credentials, local paths outside the
    /// clone roots).
    static func source(for repository: String, roots: [URL]) throws(SidecarError) -> String {
        if let shorthand = gitHubShorthand(repository) { return "https://github.com/\(shorthand).git" }
        do {
            return try ClonePolicy(roots: roots).source(for: repository)
        } catch {
            throw .badRequest(
                error.description.replacingOccurrences(of: "repo_url", with: "repository")
                    .replacingOccurrences(
                        of: "--clone-root DIR` (none)", with: "--clone-root DIR` (none); or GitHub owner/repo"))
        }
    }

    /// True when git clones `source` from github.com (`https://github.com/…`, `ssh://git@github.com/…`,
    /// `git@github.com:…`).
    static func isGitHub(_ source: String) -> Bool {
        let lowered = source.lowercased()
        return lowered.hasPrefix("https://github.com/") || lowered.hasPrefix("ssh://git@github.com/")
            || lowered.hasPrefix("git@github.com:")
    }

    /// `owner/repo` (GitHub's short form): two names of letters, digits, `.`, `_`, `-`, neither starting with `.`
    /// or `-`.
    static func gitHubShorthand(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ part in
                !part.isEmpty && part.count <= 100 && !part.hasPrefix(".") && !part.hasPrefix("-")
                    && part.unicodeScalars.allSatisfy {
                        $0.isASCII
                            && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                                || "._-".unicodeScalars.contains($0))
                    }
            })
        else { return nil }
        return text
    }

    /// What `claude plugin marketplace add` is given: GitHub `owner/repo` and https/ssh addresses as they are, a
    /// local directory only under the clone roots, resolved.
    static func marketplaceSource(_ repo: String, roots: [URL]) throws(SidecarError) -> String {
        if gitHubShorthand(repo) != nil { return repo }
        let resolved = try source(for: repo, roots: roots)
        if resolved.hasPrefix("file://") {
            return String(resolved.dropFirst("file://".count)).removingPercentEncoding ?? resolved
        }
        return resolved
    }
}
