import CompanionClaudeCode
import Foundation
import Testing

/// Parsing the transcripts the real CLI wrote (TestVectors/claude/transcripts, see its README).
@Suite struct RealTranscriptTests {
    static func read(_ relative: String) throws -> ParsedTranscript {
        try ParsedTranscript.read(path: Scratch.fixtures.appendingPathComponent(relative).path)
    }

    @Test func aResumedAndCompactedSessionNormalizes() throws {
        let transcript = try Self.read("-home-ada-src-my-app/686aaf26-cd89-48e4-a18e-c347f2ac02c8.jsonl")
        #expect(transcript.malformedLineCount == 0)
        #expect(transcript.oversizedLineCount == 0)
        let messages = transcript.messages
        #expect(messages.map(\.index) == Array(0..<messages.count))
        #expect(messages.first?.role == .user && messages.first?.text == "hi")
        #expect(
            messages.contains { $0.role == .assistant && $0.kind == .thinking && $0.text == "I should run a command." })
        let toolUses = messages.filter { $0.kind == .toolUse }
        #expect(toolUses.count == 2)
        for use in toolUses {
            #expect(use.toolName == "Bash")
            #expect(use.toolInput == #"{"command":"echo hello","description":"Print hello"}"#)
            #expect(use.toolResult == "hello")
            #expect(use.isError == false)
            #expect(use.model == "claude-opus-5-5")
        }
        #expect(!messages.contains { $0.kind == .toolResult })  // every result found its tool use
        // Nothing injected by Claude Code reads as the user's words.
        for message in messages {
            #expect(!message.text.contains("system-reminder"))
            #expect(!message.text.contains("<command-name>"))
            #expect(!message.text.contains("local-command-caveat"))
        }
        let notices = messages.filter { $0.role == .system }.map(\.text)
        #expect(notices.contains("/compact"))
        #expect(notices.contains("Compacted"))
        #expect(notices.contains("Conversation compacted"))
        #expect(messages.filter { $0.role == .user && $0.kind == .text }.map(\.text) == ["hi", "now RUNTOOL please"])
        let facts = transcript.facts
        #expect(facts.cwd == "/home/ada/src/my.app")
        #expect(facts.gitBranch == "feature/x")
        #expect(facts.version == "2.1.330")
        #expect(facts.title == "hi")
        #expect(facts.messageCount == messages.count)
        #expect(facts.createdAt! < facts.lastActivity!)
        #expect(facts.createdAt == ISO8601DateFormatter.fractional.date(from: "2026-11-23T19:31:11.527Z"))
    }

    @Test func aForkCarriesTheEarlierTurnsAndItsOwnPrompt() throws {
        let fork = try Self.read("-home-ada-src-my-app/673a48f1-3a61-4a43-b867-4c47c8602f18.jsonl")
        #expect(
            fork.messages.filter { $0.role == .user }.map(\.text) == ["hi", "now RUNTOOL please", "forked question"])
        #expect(fork.facts.title == "hi")
    }

    @Test func aFailedToolUseKeepsItsErrorText() throws {
        let transcript = try Self.read("-home-ada-src-my-app/1a7487be-ca8a-4819-a909-dffe274374c2.jsonl")
        let use = try #require(transcript.messages.first { $0.kind == .toolUse })
        #expect(use.isError)
        #expect(use.toolResult?.contains("was blocked") == true)
    }

    @Test func theCustomTitleWins() throws {
        let transcript = try Self.read("-home-ada-src-other-dir/334afabf-37d6-4c8a-859b-ffdb883c2cba.jsonl")
        #expect(transcript.facts.customTitle == "Named by me")
        #expect(transcript.facts.title == "Named by me")
        #expect(transcript.facts.firstPrompt == "hello there")
        #expect(transcript.facts.gitBranch == "HEAD")
    }

    @Test func aSubAgentRunShowsAsToolUseAndNoticeNotAsSidechainRows() throws {
        let transcript = try Self.read("-home-ada-src-other-dir/b6c7016c-66fb-4b07-a1ff-6e039ab5356e.jsonl")
        let use = try #require(transcript.messages.first { $0.kind == .toolUse })
        #expect(use.toolName == "Agent")
        #expect(use.toolResult?.contains("Async agent launched") == true)
        #expect(transcript.messages.contains { $0.role == .system && $0.text == #"Agent "Say hi" finished"# })
        #expect(!transcript.messages.contains { $0.text.contains("AGENTDONE") && $0.kind == .text })
    }
}

extension ISO8601DateFormatter {
    static var fractional: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
