import CompanionClaudeCode
import Foundation
import Testing

/// Options are validated before anything is spawned, and the argv is exactly what the CLI needs.
@Suite struct ClaudeRunRequestTests {
    let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
    let session = "5f0c2a1e-8d3b-4c7a-9e2f-1b6d4a8c0e93"

    @Test func modelNamesAreAliasesOrBoundedClaudeIDs() {
        for good in ["sonnet", "opus", "haiku", "claude-sonnet-4-5", "claude-opus-4-1-20250805", "claude-3.5-x[1m]"] {
            #expect(ClaudeModelName.isValid(good), "\(good)")
        }
        for bad in [
            "", "gpt-4", "claude-", "--dangerously-skip-permissions", "claude-sonnet 4", "claude-SONNET",
            "claude-\u{0}x", "sonnet;rm", "-m", "claude-" + String(repeating: "a", count: 100), "claude-é",
        ] {
            #expect(!ClaudeModelName.isValid(bad), "\(bad)")
            #expect(throws: ClaudeRunOptionError.invalidModel(bad)) { try ClaudeModelName(bad) }
        }
    }

    @Test func theArgvHasTheStreamFlagsSessionFlagsAndOptionsButNeverThePromptNorTheSystemPrompts() throws {
        let options = ClaudeRunOptions(
            model: try ClaudeModelName("sonnet"), permissionMode: .acceptEdits, systemPrompt: "-be brief",
            appendSystemPrompt: "and kind", maxTurns: 3, maxBudgetUSD: 0.5, allowedTools: ["Read", "Bash(git *)"],
            disallowedTools: ["WebFetch"], addDirectories: [directory])
        let request = ClaudeRunRequest(
            prompt: "--version", workingDirectory: directory, session: .fork(claudeSessionID: session), options: options
        )
        #expect(
            try request.arguments(promptFiles: ["--system-prompt-file", "/p/system.txt"]) == [
                "-p", "--output-format", "stream-json", "--verbose", "--include-partial-messages", "--resume", session,
                "--fork-session", "--model", "sonnet", "--permission-mode", "acceptEdits",
                "--system-prompt-file", "/p/system.txt", "--max-turns", "3",
                "--max-budget-usd", "0.5", "--allowed-tools=Read", "--allowed-tools=Bash(git *)",
                "--disallowed-tools=WebFetch", "--add-dir=\(directory)",
            ])
        let resumed = ClaudeRunRequest(
            prompt: "hi", workingDirectory: directory, session: .resume(claudeSessionID: session))
        #expect(try resumed.arguments().suffix(2) == ["--resume", session])
        #expect(try !ClaudeRunRequest(prompt: "hi", workingDirectory: directory).arguments().contains("--resume"))
        #expect(
            try !ClaudeRunRequest(prompt: "hi", workingDirectory: directory).arguments().contains("--setting-sources"))
        let confined = ClaudeRunOptions(permissionMode: .default, userSettingsOnly: true)
        #expect(
            try ClaudeRunRequest(prompt: "hi", workingDirectory: directory, options: confined).arguments().suffix(4)
                == ["--permission-mode", "default", "--setting-sources", "user"])
    }

    @Test func refusedOptions() {
        func refuses(_ error: ClaudeRunOptionError, _ request: ClaudeRunRequest) {
            #expect(throws: error) { try request.arguments() }
        }
        let base = ClaudeRunRequest(prompt: "hi", workingDirectory: directory)
        var request = base
        request.options.permissionMode = .bypassPermissions
        refuses(.bypassPermissionsNotAllowed, request)
        request.options.allowBypassPermissions = true
        #expect(throws: Never.self) { try request.validate() }
        refuses(
            .invalidSessionID("abc"),
            ClaudeRunRequest(prompt: "hi", workingDirectory: directory, session: .resume(claudeSessionID: "abc")))
        refuses(
            .invalidSessionID("--fork-session"),
            ClaudeRunRequest(
                prompt: "hi", workingDirectory: directory, session: .resume(claudeSessionID: "--fork-session")))
        refuses(.emptyPrompt, ClaudeRunRequest(prompt: " \n", workingDirectory: directory))
        refuses(.invalidWorkingDirectory("relative"), ClaudeRunRequest(prompt: "hi", workingDirectory: "relative"))
        refuses(
            .invalidWorkingDirectory("/no/such/dir"), ClaudeRunRequest(prompt: "hi", workingDirectory: "/no/such/dir"))
        request = base
        request.options.maxTurns = 0
        refuses(.invalidMaxTurns(0), request)
        request = base
        request.options.maxBudgetUSD = -1
        refuses(.invalidMaxBudget(-1), request)
        request = base
        request.options.allowedTools = ["-p"]
        refuses(.invalidToolRule("-p"), request)
        request.options.allowedTools = ["Bash\n(x)"]
        refuses(.invalidToolRule("Bash\n(x)"), request)
        request = base
        request.options.addDirectories = ["../up"]
        refuses(.invalidAddDirectory("../up"), request)
        request = base
        request.options.model = try? ClaudeModelName("sonnet")
        request.options.fallbackModel = try? ClaudeModelName("sonnet")
        refuses(.fallbackModelSameAsModel, request)
    }

    /// AC-3.6: the session's fallback model reaches the CLI as `--fallback-model`, right after `--model`.
    @Test func theFallbackModelIsPassedAsItsOwnArgument() throws {
        let options = ClaudeRunOptions(
            model: try ClaudeModelName("opus"), fallbackModel: try ClaudeModelName("claude-sonnet-4-5"))
        let arguments = try ClaudeRunRequest(prompt: "hi", workingDirectory: directory, options: options).arguments()
        #expect(arguments.suffix(4) == ["--model", "opus", "--fallback-model", "claude-sonnet-4-5"])
        #expect(
            try !ClaudeRunRequest(prompt: "hi", workingDirectory: directory).arguments().contains("--fallback-model"))
    }

    @Test func errorDescriptionsNeverQuoteThePrompt() {
        let error = ClaudeRunOptionError.promptTooLong(bytes: 2_000_000)
        #expect(!error.description.contains("secret"))
        #expect(ClaudeRunOptionError.invalidModel("x").description.contains("alias"))
    }
}

@Suite struct ClaudeRunEnvironmentTests {
    @Test func theCLIGetsWhatClaudeCodeNeedsAndNothingOfTheSidecarsOwn() {
        let filtered = ClaudeRunEnvironment.filtered([
            "PATH": "/bin", "HOME": "/h", "LC_ALL": "C", "ANTHROPIC_API_KEY": "k", "CLAUDE_CONFIG_DIR": "/c",
            "AWS_REGION": "eu", "COMPANION_API_KEY": "secret", "SIDECAR_TOKEN": "t", "XDG_RUNTIME_DIR": "/run",
        ])
        #expect(
            filtered == [
                "PATH": "/bin", "HOME": "/h", "LC_ALL": "C", "ANTHROPIC_API_KEY": "k", "CLAUDE_CONFIG_DIR": "/c",
                "AWS_REGION": "eu", "XDG_RUNTIME_DIR": "/run",
            ])
    }
}
