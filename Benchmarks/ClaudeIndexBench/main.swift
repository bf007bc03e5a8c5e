// Benchmark driver for Benchmarks/claude-index.sh: the Claude transcript index over a generated projects tree.
// Usage: claude-index-bench PROJECTS_DIR DATABASE BIG_PROJECT_DIR BIG_SESSION_ID
// Prints one "name value unit" line per figure.
import CompanionClaudeCode
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 5 else {
    FileHandle.standardError.write(Data("usage: claude-index-bench PROJECTS DATABASE BIG_PROJECT BIG_SESSION\n".utf8))
    exit(2)
}
let (projects, database, bigProject, bigSession) = (arguments[1], arguments[2], arguments[3], arguments[4])
let clock = ContinuousClock()

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// This process's CPU time (user + system), in milliseconds: a figure the other loads on the machine disturb less.
func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
    return user + Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
}

func percentile(_ samples: [Duration], _ p: Double) -> Double {
    let sorted = samples.sorted()
    return milliseconds(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))])
}

func benchmark() async throws {
    try? FileManager.default.removeItem(atPath: database)
    let index = try ClaudeIndex(databasePath: database, projectsDirectory: projects)

    // Parsing alone (no SQLite): the big transcript read and normalized in memory.
    let bigPath = "\(projects)/\(bigProject)/\(bigSession).jsonl"
    let bigBytes = (try FileManager.default.attributesOfItem(atPath: bigPath)[.size] as? Int) ?? 0
    let parse = try clock.measure { _ = try ParsedTranscript.read(path: bigPath) }
    print("parse_only_big_ms \(milliseconds(parse)) ms")
    print("parse_only_big_throughput \(Double(bigBytes) / milliseconds(parse) / 1000) MB/s")

    // Cold build: an empty database, every transcript read.
    let cpuBefore = cpuMilliseconds()
    let cold = try await clock.measure { try await index.refresh() }
    let coldCPU = cpuMilliseconds() - cpuBefore
    let sessions = try await index.sessions()
    print("cold_build_ms \(milliseconds(cold)) ms")
    print("cold_build_cpu_ms \(coldCPU) ms")
    print("sessions \(sessions.count) count")
    print("indexed_bytes \(sessions.reduce(0) { $0 + $1.indexedBytes }) bytes")

    // Warm listing without the watcher (every query checks every transcript's stat).
    var unwatched: [Duration] = []
    for _ in 0..<50 { unwatched.append(try await clock.measure { _ = try await index.sessions() }) }
    print("sessions_list_unwatched_p50_ms \(percentile(unwatched, 0.5)) ms")

    try await index.startWatching()
    var watched: [Duration] = []
    for _ in 0..<200 { watched.append(try await clock.measure { _ = try await index.sessions() }) }
    print("sessions_list_p50_ms \(percentile(watched, 0.5)) ms")
    print("sessions_list_p95_ms \(percentile(watched, 0.95)) ms")

    // Last page of the big transcript.
    var pages: [Duration] = []
    for _ in 0..<100 {
        pages.append(try await clock.measure { _ = try await index.messages(claudeSessionId: bigSession, limit: 50) })
    }
    let total = try await index.messages(claudeSessionId: bigSession, limit: 1)?.total ?? 0
    print("big_transcript_messages \(total) count")
    print("big_transcript_last_page_p50_ms \(percentile(pages, 0.5)) ms")

    // Append one line → the watcher's change notification, then visible through a query.
    let changes = await index.changes()
    var iterator = changes.makeAsyncIterator()
    let marker = UUID().uuidString
    let line = """
        {"type":"user","isSidechain":false,"message":{"role":"user","content":"appended \(marker)"},"uuid":"\(marker)",\
        "timestamp":"2027-01-01T00:00:00.000Z","cwd":"/bench","sessionId":"\(bigSession)"}\n
        """
    let path = "\(projects)/\(bigProject)/\(bigSession).jsonl"
    let start = clock.now
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(line.utf8))
    try handle.close()
    while let change = await iterator.next(), !change.updatedSessionIds.contains(bigSession) {}
    let notified = clock.now - start
    let visible =
        try await index.messages(claudeSessionId: bigSession, limit: 1)?.messages.last?.text == "appended \(marker)"
    print("append_to_notification_ms \(milliseconds(notified)) ms")
    print("append_visible \(visible ? 1 : 0) bool")
    await index.stop()
}

try await benchmark()
