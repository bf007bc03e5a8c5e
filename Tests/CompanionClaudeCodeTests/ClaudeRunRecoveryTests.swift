import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionClaudeCode

/// What recovery after a crash may signal, on real process groups: a recorded group is killed only while it is
/// provably the run's (leader alive with the recorded start time, or, with the leader gone, a member carrying the
/// run's marker), never a group that merely has the same id now.
@Suite struct ClaudeRunRecoveryTests {
    /// A process group whose leader (`sh`, in a session of its own) exited and left a `sleep` behind, as a
    /// daemon's double fork does; `environment` is added to both. The member holds `witness`'s write end.
    static func orphanedGroup(
        environment: [String: String?] = [:], witness: ExitWitness
    ) async throws -> (group: Int32, member: Int32) {
        let script = #"exec 3>"$0"; sleep infinity </dev/null >/dev/null 2>&1 & echo $$ $!"#
        let result = try await ProcessRunner.run(
            "/usr/bin/setsid", ["-w", "/bin/sh", "-c", script, witness.path],
            environment: environment, timeout: TestDeadline.seconds)
        let pids = result.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
        try #require(result.status == 0 && pids.count == 2, "\(result)")
        return (pids[0], pids[1])
    }

    /// A supervisor whose state directory holds one recorded run: `runID`, leader `pid`, group `group`.
    static func supervisor(
        in directory: URL, runID: UUID, pid: Int32, group: Int32, startTime: UInt64
    ) throws -> ClaudeRunSupervisor {
        let state = directory.appendingPathComponent("state")
        try ClaudeRunRegistry(directory: state).record(
            .init(
                runID: runID.uuidString, pid: pid, processGroup: group, startTime: Int64(startTime),
                bootID: ProcessStat.bootID, tag: "session-1", workingDirectory: directory.path,
                claudeSessionID: nil, startedAt: Date()))
        return try ClaudeRunSupervisor(executable: "/bin/false", stateDirectory: state, environment: [:])
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aGroupWhoseLeaderIsGoneIsLeftAloneWithoutTheRunsMarker() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let witness = try ExitWitness()
        let (group, member) = try await Self.orphanedGroup(witness: witness)
        defer { kill(member, SIGKILL) }
        #expect(ProcessStat(pid: group) == nil)
        let supervisor = try Self.supervisor(
            in: directory, runID: UUID(), pid: group, group: group, startTime: 1)

        let interrupted = try supervisor.recoverInterruptedRuns()
        #expect(interrupted.map(\.tag) == ["session-1"])
        #expect(interrupted.first?.killedProcesses == 0)
        #expect(processes(inGroup: group) == [member])
        #expect(try supervisor.recoverInterruptedRuns().isEmpty)
    }

    @Test func aGroupWhoseLeaderIsGoneIsKilledWhenAMemberCarriesTheRunsMarker() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let runID = UUID()
        let witness = try ExitWitness()
        let (group, member) = try await Self.orphanedGroup(
            environment: [ProcessMarker.claudeRunVariable: runID.uuidString], witness: witness)
        defer { kill(member, SIGKILL) }
        // Another run's marker is not this run's.
        let other = try Self.supervisor(in: directory, runID: UUID(), pid: group, group: group, startTime: 1)
        #expect(try other.recoverInterruptedRuns().first?.killedProcesses == 0)
        #expect(processes(inGroup: group) == [member])

        let supervisor = try Self.supervisor(in: directory, runID: runID, pid: group, group: group, startTime: 1)
        let interrupted = try supervisor.recoverInterruptedRuns()
        #expect(interrupted.first?.runID == runID)
        #expect(interrupted.first?.killedProcesses == 1)
        try witness.waitUntilAllExited()
    }

    @Test func aLiveLeaderIsKilledOnlyWithTheRecordedStartTime() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let runID = UUID()
        // The marker is there too: a leader with another start time is another process, whatever it carries.
        let witness = try ExitWitness()
        let leader = try ProcessRunner.spawn(
            "/usr/bin/setsid", ["/bin/sh", "-c", #"exec 3>"$0"; echo $$; exec sleep infinity"#, witness.path],
            environment: [ProcessMarker.claudeRunVariable: runID.uuidString])
        defer { leader.kill(SIGKILL) }
        try await leader.waitForOutput(timeout: TestDeadline.seconds) { out, _ in out.hasSuffix("\n") }
        let pid = try #require(Int32(leader.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(-pid, SIGKILL) }
        let stat = try #require(ProcessStat(pid: pid))
        #expect(stat.processGroup == pid)

        let stranger = try Self.supervisor(
            in: directory, runID: runID, pid: pid, group: pid, startTime: stat.startTime + 1)
        #expect(try stranger.recoverInterruptedRuns().first?.killedProcesses == 0)
        #expect(processes(inGroup: pid) == [pid])

        let ours = try Self.supervisor(in: directory, runID: runID, pid: pid, group: pid, startTime: stat.startTime)
        #expect(try ours.recoverInterruptedRuns().first?.killedProcesses == 1)
        try witness.waitUntilAllExited()
    }
}
