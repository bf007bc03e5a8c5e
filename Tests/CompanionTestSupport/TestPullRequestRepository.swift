import Foundation

/// A bare repository made in the test the way GitHub and GitLab keep pull requests: `main`, which moved on after
/// both changes branched off it, a change reachable only as `refs/pull/7/head` (GitHub) and another only as
/// `refs/merge-requests/8/head` (GitLab). The bare repository serves partial clones (`uploadpack.allowFilter`).
public struct TestPullRequestRepository: Sendable {
    /// The GitHub-style pull request's number and the line it adds to `greeting.swift`.
    public static let gitHubNumber = 7
    public static let gitHubLine = "let reviewedThroughRefsPull = 7"
    /// The GitLab-style merge request's number and the line it adds.
    public static let gitLabNumber = 8
    public static let gitLabLine = "let reviewedThroughRefsMergeRequests = 8"
    /// A line `main` gained after the changes branched off: in no pull request's diff (`BASE...HEAD`).
    public static let laterMainLine = "main moved on after the branches"

    /// The bare repository (`<root>/remote.git`), to clone from under a clone root.
    public let bare: URL

    /// Makes a working repository under `root/work` and the bare one under `root/remote.git`.
    public init(in root: URL) async throws {
        let work = root.appendingPathComponent("work")
        bare = root.appendingPathComponent("remote.git")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try Self.write("let greeting = \"hello\"\n", to: work.appendingPathComponent("greeting.swift"))
        try await Self.git(work, "init", "-q", "-b", "main")
        try await Self.commit(work, "greeting")
        for (branch, line) in [("github-change", Self.gitHubLine), ("gitlab-change", Self.gitLabLine)] {
            try await Self.git(work, "checkout", "-q", "-b", branch, "main")
            try Self.write("let greeting = \"hello\"\n\(line)\n", to: work.appendingPathComponent("greeting.swift"))
            try await Self.commit(work, branch)
        }
        try await Self.git(work, "checkout", "-q", "main")
        try Self.write(Self.laterMainLine + "\n", to: work.appendingPathComponent("later.txt"))
        try await Self.commit(work, "later")
        try await Self.git(root, "clone", "-q", "--bare", work.path, bare.path)
        try await Self.git(bare, "config", "uploadpack.allowFilter", "true")
        try await Self.git(bare, "update-ref", "refs/pull/\(Self.gitHubNumber)/head", "refs/heads/github-change")
        try await Self.git(
            bare, "update-ref", "refs/merge-requests/\(Self.gitLabNumber)/head", "refs/heads/gitlab-change")
        try await Self.git(bare, "branch", "-q", "-D", "github-change", "gitlab-change")
    }

    private static func write(_ text: String, to file: URL) throws {
        try Data(text.utf8).write(to: file)
    }

    private static func commit(_ directory: URL, _ message: String) async throws {
        try await TestGitRepository.commit(directory, message)
    }

    private static func git(_ directory: URL, _ arguments: String...) async throws {
        try await TestGitRepository.git(directory, arguments)
    }
}
