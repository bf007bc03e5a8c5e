import CompanionClaudeCode
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The line reader on a file another writer is appending to.
@Suite struct LineReaderTests {
    /// A writer appends lines in small, uneven pieces while the reader tails the file; every line the reader
    /// hands over is complete, and together they are exactly the lines written, in order.
    @Test(.timeLimit(.minutes(1))) func aConcurrentWriterNeverYieldsAHalfLine() async throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        try scratch.write("p/a.jsonl", "")
        let path = scratch.path("p/a.jsonl")
        let count = 2000
        let flag = DoneFlag()
        Task.detached {
            defer { flag.set() }
            let descriptor = open(path, O_WRONLY | O_APPEND)
            defer { close(descriptor) }
            for index in 0..<count {
                let line =
                    Array(#"{"n":\#(index),"pad":"\#(String(repeating: "z", count: index % 97))"}"#.utf8) + [0x0A]
                var offset = 0
                while offset < line.count {
                    let piece = min(1 + (index * 7 + offset) % 13, line.count - offset)
                    _ = line[offset..<(offset + piece)].withUnsafeBytes { write(descriptor, $0.baseAddress, piece) }
                    offset += piece
                }
            }
        }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var offset: UInt64 = 0
        var seen: [Int] = []
        while true {
            let writerDone = flag.isSet
            let outcome = try JSONLLineReader.read(descriptor: descriptor, from: offset, chunkSize: 64) { line, _ in
                let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
                seen.append(try #require(object?["n"] as? Int))
            }
            offset = outcome.endOffset
            if writerDone { break }
            await Task.yield()
        }
        #expect(seen == Array(0..<count))
    }

    @Test func linesStraddlingChunksAreWhole() throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        let lines = (0..<100).map { String(repeating: Character(UnicodeScalar(65 + $0 % 26)!), count: $0 * 37) }
        try scratch.write("p/a.jsonl", lines.map { $0 + "\n" }.joined())
        let descriptor = open(scratch.path("p/a.jsonl"), O_RDONLY)
        defer { close(descriptor) }
        var read: [String] = []
        var starts: [UInt64] = []
        let outcome = try JSONLLineReader.read(descriptor: descriptor, from: 0, chunkSize: 100) { line, start in
            read.append(String(decoding: line, as: UTF8.self))
            starts.append(start)
        }
        #expect(read == lines)
        #expect(outcome.lineCount == 100)
        #expect(starts.first == 0)
        #expect(starts[1] == 1)
    }
}

/// A flag one task sets and another reads.
final class DoneFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    var isSet: Bool { lock.withLock { done } }
    func set() { lock.withLock { done = true } }
}
