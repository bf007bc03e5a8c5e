import Dispatch
import Foundation

/// Lines gathered from the reader and parsed together on all cores (parsing is most of the indexing time; the
/// lines are independent), then folded in order. About 4 MiB of lines per batch.
struct LineBatch {
    static let byteLimit = 4 << 20
    private(set) var lines: [Data] = []
    private(set) var bytes = 0
    /// The file offset after the batch's last line.
    private(set) var endOffset: UInt64 = 0

    var isFull: Bool { bytes >= Self.byteLimit }
    var isEmpty: Bool { lines.isEmpty }

    mutating func append(_ line: UnsafeRawBufferPointer, start: UInt64) {
        lines.append(Data(line))
        bytes += line.count
        endOffset = start + UInt64(line.count) + 1
    }

    /// The parsed lines, in order; the batch is emptied.
    mutating func parse() -> [TranscriptLine] {
        defer {
            lines.removeAll(keepingCapacity: true)
            bytes = 0
        }
        let count = lines.count
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, max(count / 64, 1))
        guard workers > 1 else { return lines.map(TranscriptLineParser.parse) }
        var results = [TranscriptLine](repeating: .skipped, count: count)
        let input = lines
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: count, by: workers) {
                    output[index] = TranscriptLineParser.parse(input[index])
                }
            }
        }
        return results
    }
}
