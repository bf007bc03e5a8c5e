import Foundation
import Synchronization
import Testing

@testable import CompanionAgents

/// The session model fed with hook bodies shaped as Claude Code 2.1.330 posts them.
@Suite struct SessionStoreTests {
    final class Changes: Sendable {
        let all = Mutex<[AgentChange]>([])
        func append(_ change: AgentChange) { all.withLock { $0.append(change) } }
        var states: [AgentState] {
            all.withLock { $0 }.compactMap { if case .session(let s) = $0 { s.state } else { nil } }
        }
    }

    final class Clock: Sendable {
        let value = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        func advance(_ seconds: TimeInterval) { value.withLock { $0 += seconds } }
        var now: Date { value.withLock { $0 } }
    }

    static func hook(_ name: String, session: String = "sess-1", agent: String? = nil, extra: [String: Any] = [:])
        -> ClaudeHookEvent
    {
        var body: [String: Any] = [
            "hook_event_name": name, "session_id": session, "cwd": "/work/p1", "transcript_path": "/t.jsonl",
            "permission_mode": "default",
        ]
        body.merge(extra) { $1 }
        let data = try! JSONSerialization.data(withJSONObject: body)
        return ClaudeHookEvent(body: [UInt8](data), agentHeader: agent)!
    }

    @Test func hooksDriveRunningNeedsInputRunningIdleDead() async {
        let changes = Changes()
        let store = AgentSessionStore { changes.append($0) }
        await store.apply(Self.hook("UserPromptSubmit", extra: ["prompt": "secret words"]))
        await store.apply(
            Self.hook(
                "PermissionRequest", extra: ["tool_name": "Bash", "tool_input": ["command": "touch /tmp/x"]]))
        var session = await store.session("sess-1")
        #expect(session?.state == .needsInput)
        #expect(session?.attention?.toolName == "Bash")
        #expect(session?.attention?.inputSummary == "touch /tmp/x")
        await store.apply(Self.hook("PostToolUse", extra: ["tool_name": "Bash"]))
        await store.apply(Self.hook("Stop", extra: ["last_assistant_message": "All\n done."]))
        session = await store.session("sess-1")
        #expect(session?.summary == "All done.")
        #expect(session?.attention == nil)
        await store.apply(Self.hook("SessionEnd", extra: ["reason": "prompt_input_exit"]))
        #expect(changes.states == [.running, .needsInput, .running, .idle, .dead])
        #expect(changes.all.withLock { $0 }.contains(.summary(id: "sess-1", summary: "All done.")))
        #expect(await store.session("sess-1")?.project == "/work/p1")
    }

    @Test func aHookNamingAnAgentUpdatesThatTmuxSession() async {
        let store = AgentSessionStore { _ in }
        await store.registerTmux(id: "ag-1", tmuxSession: "companion-ag-1", project: "/work/p1", command: ["claude"])
        await store.apply(Self.hook("UserPromptSubmit", session: "claude-uuid", agent: "ag-1"))
        #expect(await store.list().count == 1)
        #expect(await store.session("claude-uuid")?.id == "ag-1")
        // Later hooks of the same claude session find it without the header too.
        await store.apply(Self.hook("Stop", session: "claude-uuid"))
        #expect(await store.session("ag-1")?.state == .idle)
    }

    @Test func paneDetectionYieldsToAFreshHookAndTakesOverWhenItIsStale() async {
        let clock = Clock()
        let store = AgentSessionStore(hookFreshness: 10, now: { clock.now }, publish: { _ in })
        await store.registerTmux(id: "ag-1", tmuxSession: "companion-ag-1", project: "/p", command: ["claude"])
        await store.apply(pane: .prompt, to: "ag-1")
        #expect(await store.session("ag-1")?.state == .idle)
        await store.apply(Self.hook("UserPromptSubmit", session: "c-1", agent: "ag-1"))
        await store.apply(pane: .prompt, to: "ag-1")
        #expect(await store.session("ag-1")?.state == .running)
        #expect(!(await store.needsPaneDetection("ag-1")))
        clock.advance(11)
        await store.apply(pane: .permissionDialog, to: "ag-1")
        #expect(await store.session("ag-1")?.state == .needsInput)
        #expect(await store.session("ag-1")?.attention?.kind == .input)
        await store.apply(pane: .busy, to: "ag-1")
        #expect(await store.session("ag-1")?.state == .running)
        await store.markDead("ag-1")
        await store.apply(pane: .busy, to: "ag-1")
        #expect(await store.session("ag-1")?.state == .dead)
    }

    @Test func malformedHookBodiesAreRefused() {
        #expect(ClaudeHookEvent(body: Array("not json".utf8), agentHeader: nil) == nil)
        #expect(ClaudeHookEvent(body: Array("{\"session_id\":\"a\"}".utf8), agentHeader: nil) == nil)
        #expect(
            ClaudeHookEvent(
                body: Array("{\"hook_event_name\":\"Stop\",\"session_id\":\"../x\"}".utf8), agentHeader: nil)
                == nil)
        #expect(
            ClaudeHookEvent(body: [UInt8](repeating: 0x20, count: ClaudeHookEvent.maxBodyBytes + 1), agentHeader: nil)
                == nil)
        let event = ClaudeHookEvent(
            body: Array("{\"hook_event_name\":\"Stop\",\"session_id\":\"a-1\"}".utf8), agentHeader: "bad header!")
        #expect(event?.agentID == nil)
        // The description names the event and the session only, never the body.
        #expect(
            Self.hook("UserPromptSubmit", extra: ["prompt": "my secret plan"]).description
                == "hook UserPromptSubmit for session sess-1")
    }
}
