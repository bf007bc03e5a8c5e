import Testing

@testable import CompanionAgents

/// Screens as Claude Code 2.1 draws them (copied from a real session in tmux).
@Suite struct PaneClassifierTests {
    static let dialog = [
        "❯ please make the file", "● Creating file", "  ⎿  $ touch /tmp/agx/created.txt",
        "────────────────", " Bash command", " touch /tmp/agx/created.txt", " Do you want to proceed?",
        " ❯ 1. Yes", "   2. Yes, and always allow access to /tmp/agx from this project", "   4. No",
        " Esc to cancel · Tab to amend",
    ]
    static let prompt = [
        "❯ please make the file", "● All done.", "✻ Brewed for 0s · done 10:31 PM", "────────────────", "❯ ",
        "────────────────", "  ⏸ manual mode on · ? for shortcuts",
    ]
    static let busy = [
        "❯ please make the file", "✻ Brewing… (3s · ↓ 12 tokens · esc to interrupt)", "────────────────", "❯ ",
        "────────────────",
    ]
    static let error = ["❯ hello", "  ⎿  API Error: 500 scripted 500", "────────────────", "❯ ", "────────────────"]

    @Test func eachScreenIsRecognised() {
        #expect(PaneClassifier.classify(Self.dialog) == .permissionDialog)
        #expect(PaneClassifier.classify(Self.prompt) == .prompt)
        #expect(PaneClassifier.classify(Self.busy) == .busy)
        #expect(PaneClassifier.classify(Self.error) == .error)
        #expect(PaneClassifier.classify(["user@host:~/p$"]) == .prompt)
        #expect(PaneClassifier.classify(["compiling", "still compiling"]) == .unknown)
        #expect(PaneClassifier.classify([]) == .unknown)
    }

    @Test func aFinishedSpinnerLineIsNotBusy() {
        #expect(!PaneClassifier.isBusyLine("✻ Brewed for 0s · done 10:31 PM"))
        #expect(PaneClassifier.isBusyLine("✶ Sautéing…"))
    }
}
