import Foundation
import Subprocess

/// The repository `companion tasks review NUMBER` reviews when no `--repo-url` is given: the `origin` remote of the
/// git clone in the current directory, as `git remote get-url origin` reports it (after `url.*.insteadOf`). The
/// sidecar checks it like any `repo_url`; the CLI checks it before sending (`CreateTaskRequest.validationError`).
enum OriginRemote {
    /// The URL of `origin`; a usage failure (exit 64) saying what to do when there is none (not a clone, no
    /// `origin`, git missing).
    static func url() async throws -> String {
        let failure = CLIFailure(
            .usage, "no repository to review: this directory is not a git clone with an origin remote",
            hint: "run it in a clone of the repository, or give --repo-url URL "
                + "(e.g. companion tasks review 123 --repo-url https://github.com/me/repo.git)")
        let output: String?
        do {
            // Through swift-subprocess, not Foundation's `Process`, whose `run()` can crash on Linux.
            let result = try await Subprocess.run(
                .name("git"), arguments: ["remote", "get-url", "origin"], output: .string(limit: 8192),
                error: .discarded)
            output = result.terminationStatus.isSuccess ? result.standardOutput : nil
        } catch {
            throw failure
        }
        guard let url = output?.trimmingCharacters(in: .whitespacesAndNewlines), !url.isEmpty else { throw failure }
        return url
    }
}
