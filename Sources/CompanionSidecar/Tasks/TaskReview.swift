import Foundation

/// What a pull request review runs (docs/tasks.md, "Reviewing a pull request"): the checkout script, the
/// built-in `claude` command line, and the prompt with the diff.
enum TaskReview {
    /// The built-in review: `claude -p` with only the user's own settings (`--setting-sources user`: not the
    /// pull request's `.claude/` or `.mcp.json`), no MCP server (`--strict-mcp-config`: a server of the user's
    /// could write), only the read-only file tools, and the normal permission mode, so nothing can change a
    /// file or run a command. The prompt is on standard input. The answer comes as stream-json, so that each of
    /// its lines reaches the log as it is written (``ReviewAnswerLines``).
    static let claudeArguments = [
        "-p", "--setting-sources", "user", "--strict-mcp-config", "--tools", "Read,Grep,Glob",
        "--permission-mode", "default", "--output-format", "stream-json", "--verbose", "--include-partial-messages",
    ]

    /// The largest diff given to the review command; a larger one is cut at a line end, and the prompt says so.
    static let maxDiffBytes = 256 * 1024

    /// Exit status of ``checkoutScript`` when the remote has neither ref of the pull request.
    static let notFoundStatus: Int32 = 100
    /// Exit status of ``checkoutScript`` when `git ls-remote` failed (the remote cannot be read).
    static let listFailedStatus: Int32 = 101
    /// Exit status of ``checkoutScript`` when the remote has no default branch (`origin/HEAD`) to diff against.
    static let noBaseStatus: Int32 = 103

    /// Run with `/bin/sh -c SCRIPT sh NUMBER DIFF-FILE GIT` in the clone. It asks the remote, in one
    /// `git ls-remote`, for `refs/pull/N/head` (GitHub, Gitea, Forgejo) and `refs/merge-requests/N/head`
    /// (GitLab), whatever the host (a self-hosted GitLab has no telling name), preferring the first when both
    /// exist; fetches the one found, checks it out detached, logs the diffstat against the remote's default
    /// branch and writes the diff (`BASE...HEAD`: from the merge base, what the pull request changes) to
    /// DIFF-FILE and the base's name to DIFF-FILE.base. No external diff driver or text conversion runs.
    static let checkoutScript = """
        n=$1 out=$2 git=$3
        refs=$("$git" ls-remote origin "refs/pull/$n/head" "refs/merge-requests/$n/head") || exit 101
        case "$refs" in
        *"refs/pull/$n/head"*) ref="refs/pull/$n/head" ;;
        *"refs/merge-requests/$n/head"*) ref="refs/merge-requests/$n/head" ;;
        *) echo "the remote has neither refs/pull/$n/head nor refs/merge-requests/$n/head" >&2; exit 100 ;;
        esac
        "$git" fetch --no-tags --quiet origin "+$ref:refs/remotes/origin/pr/$n" || exit 102
        "$git" checkout --quiet --detach "refs/remotes/origin/pr/$n" || exit 102
        base=$("$git" rev-parse --abbrev-ref origin/HEAD) || exit 103
        echo "pull request $n ($ref) is checked out at $("$git" rev-parse --short HEAD); its diff against $base:"
        "$git" diff --no-color --no-ext-diff --no-textconv --stat "$base...HEAD" || exit 102
        "$git" diff --no-color --no-ext-diff --no-textconv "$base...HEAD" > "$out" || exit 102
        printf '%s\\n' "$base" > "$out.base"
        """

    /// Why the checkout step failed, from its exit status.
    static func checkoutFailure(_ status: Int32, number: Int) -> String {
        switch status {
        case notFoundStatus:
            "pull request \(number) was not found: the repository has neither refs/pull/\(number)/head (GitHub) "
                + "nor refs/merge-requests/\(number)/head (GitLab); check the number and the repository"
        case listFailedStatus:
            "git ls-remote could not read the repository's pull requests (exit status \(status)); see the log"
        case noBaseStatus:
            "the repository has no default branch (origin/HEAD) to compare pull request \(number) with"
        default:
            "fetching and checking out pull request \(number) failed with exit status \(status); see the log"
        }
    }

    /// The review prompt: what to do, then the diff (its first bytes, read up to ``maxDiffBytes`` + 1, cut at
    /// the last line end within ``maxDiffBytes``); `totalBytes` is the whole diff's size.
    static func prompt(number: Int, repoURL: String, base: String, diff: Data, totalBytes: Int) -> String {
        var kept = diff
        var note = ""
        if diff.count > maxDiffBytes {
            let head = diff.prefix(maxDiffBytes)
            kept = head.lastIndex(of: UInt8(ascii: "\n")).map { head.prefix(through: $0) } ?? head
            note = "\nThe diff is cut after \(kept.count) of its \(totalBytes) bytes; read the files for the rest.\n"
        }
        return """
            Review pull request #\(number) of \(repoURL). It is checked out in the current directory; the diff \
            below is what it changes against \(base) (git diff \(base)...HEAD). Report, most important first, \
            bugs, security problems, missing tests and unclear code, each with its file and line, after one \
            sentence on what the change does. Do not change any file.
            \(note)
            <diff>
            \(String(decoding: kept, as: UTF8.self))</diff>

            """
    }
}
