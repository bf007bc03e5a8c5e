import Foundation
import Logging
import Subprocess

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one ``ClaudeRun``'s process to its end: spawns it in its own process group, records the group, decodes
/// standard output line by line into the run's events, keeps the tail of standard error, tears it down on cancel,
/// and kills what is left of the group once the CLI exited.
struct ClaudeRunProcess {
    let executable: String
    let environment: [String: String]
    let registry: ClaudeRunRegistry
    let logger: Logger

    /// ``environment`` with the run's ``ProcessMarker/claudeRun(_:)``, by which recovery recognises its group.
    func markedEnvironment(_ run: ClaudeRun) -> [String: String] {
        var marked = environment
        marked[ProcessMarker.claudeRunVariable] = run.id.uuidString
        return marked
    }

    func execute(run: ClaudeRun, arguments: [String], prompt: String) async -> ClaudeRunOutcome {
        var platform = PlatformOptions()
        // Its own process group (pgid = its pid), so that cancel and clean-up reach the CLI's children too.
        platform.processGroupID = 0
        let state = RunState()
        do {
            let result = try await Subprocess.run(
                .path(.init(executable)), arguments: Arguments(arguments),
                environment: .exactly(markedEnvironment(run)),
                workingDirectory: .init(run.workingDirectory), platformOptions: platform,
                input: .string(prompt), output: .sequence, error: .sequence
            ) { execution in
                let pid = execution.processIdentifier.value
                run.started(processGroup: pid)
                record(run: run, pid: pid)
                let exitWatcher = ProcessExitWatcher(
                    pid: pid, descriptor: execution.processIdentifier.processDescriptor)
                await withTaskGroup(of: Bool.self) { group in
                    group.addTask {
                        var splitter = LineSplitter()
                        var decoder = ClaudeStreamDecoder()
                        do {
                            for try await buffer in execution.standardOutput {
                                let lines = buffer.withUnsafeBytes { splitter.append($0) }
                                for line in lines { deliver(line, decoder: &decoder, run: run, state: state) }
                            }
                        } catch {
                            state.note(failure: "reading standard output: \(error)")
                        }
                        if let last = splitter.finish() { deliver(last, decoder: &decoder, run: run, state: state) }
                        state.addMalformed(decoder.malformedLines + splitter.droppedLines)
                        return true
                    }
                    group.addTask {
                        do {
                            for try await buffer in execution.standardError {
                                buffer.withUnsafeBytes { state.appendStderr($0) }
                            }
                        } catch {}
                        return true
                    }
                    group.addTask {
                        // The CLI exited: kill whatever of its group is left (children that kept our pipes open
                        // would otherwise hold the run open, and must not outlive it).
                        await exitWatcher.waitForExit()
                        kill(-pid, SIGKILL)
                        return true
                    }
                    group.addTask {
                        guard await run.waitForCancelRequest() else { return false }
                        await execution.teardown(using: [
                            .send(
                                signal: .interrupt, toProcessGroup: false,
                                allowedDurationToNextStep: ClaudeRunSupervisor.interruptGrace),
                            .send(
                                signal: .terminate, toProcessGroup: true,
                                allowedDurationToNextStep: ClaudeRunSupervisor.terminateGrace),
                        ])
                        kill(-pid, SIGKILL)
                        return false
                    }
                    // The output readers and the exit watcher (true) end on their own; then stop waiting for a
                    // cancel request.
                    var ended = 0
                    while ended < 3, let finished = await group.next() {
                        if finished { ended += 1 }
                    }
                    group.cancelAll()
                }
                exitWatcher.stop()
                try? registry.remove(runID: run.id.uuidString)
            }
            var exitStatus: Int32?
            var signal: Int32?
            switch result.terminationStatus {
            case .exited(let code): exitStatus = code
            case .signaled(let number): signal = number
            }
            return state.outcome(
                exitStatus: exitStatus, signal: signal, cancelled: run.wasCancelled, sessionID: run.sessionID)
        } catch {
            logger.error("claude run failed to start", metadata: ["run": "\(run.id)", "error": "\(error)"])
            state.note(failure: "could not run \(executable): \(error)")
            return state.outcome(exitStatus: nil, signal: nil, cancelled: run.wasCancelled, sessionID: run.sessionID)
        }
    }

    private func record(run: ClaudeRun, pid: Int32) {
        let stat = ProcessStat(pid: pid)
        let entry = ClaudeRunRegistry.Entry(
            runID: run.id.uuidString, pid: pid, processGroup: pid, startTime: Int64(stat?.startTime ?? 0),
            bootID: ProcessStat.bootID, tag: run.tag, workingDirectory: run.workingDirectory, claudeSessionID: nil,
            startedAt: Date())
        do {
            try registry.record(entry)
        } catch {
            logger.error("claude run not recorded", metadata: ["run": "\(run.id)", "error": "\(error)"])
        }
    }

    private func deliver(_ line: String, decoder: inout ClaudeStreamDecoder, run: ClaudeRun, state: RunState) {
        guard let event = decoder.decode(line) else { return }
        if case .result(let result) = event { state.note(result: result) }
        if let sessionID = run.deliver(event) {
            try? registry.setSessionID(sessionID, runID: run.id.uuidString)
        }
    }
}

/// What a run's readers collect, shared between their tasks.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var stderrTail: [UInt8] = []
    private var result: ClaudeResult?
    private var malformed = 0
    private var failure: String?

    func appendStderr(_ bytes: UnsafeRawBufferPointer) {
        lock.withLock {
            stderrTail.append(contentsOf: bytes)
            if stderrTail.count > ClaudeRunOutcome.stderrTailBytes {
                stderrTail.removeFirst(stderrTail.count - ClaudeRunOutcome.stderrTailBytes)
            }
        }
    }

    func note(result: ClaudeResult) { lock.withLock { self.result = result } }
    func note(failure: String) { lock.withLock { self.failure = self.failure ?? failure } }
    func addMalformed(_ count: Int) { lock.withLock { malformed += count } }

    func outcome(exitStatus: Int32?, signal: Int32?, cancelled: Bool, sessionID: String?) -> ClaudeRunOutcome {
        lock.withLock {
            ClaudeRunOutcome(
                exitStatus: exitStatus, signal: signal, cancelled: cancelled, result: result, sessionID: sessionID,
                malformedLines: malformed, stderrTail: String(decoding: stderrTail, as: UTF8.self), failure: failure)
        }
    }
}
