import Dispatch
import Foundation

/// Lines gathered from the reader and parsed together on all cores (parsing is most of the indexing time; the
/// lines are independent), then folded in order. About 4 MiB of lines per batch, kept in one buffer.
struct LineBatch {
    static let byteLimit = 4 << 20
    private var buffer: [UInt8] = []
    private var ranges: [Range<Int>] = []
    /// The file offset after the batch's last line.
    private(set) var endOffset: UInt64 = 0

    var isFull: Bool { buffer.count >= Self.byteLimit }
    var isEmpty: Bool { ranges.isEmpty }

    mutating func append(_ line: UnsafeRawBufferPointer, start: UInt64) {
        let from = buffer.count
        buffer.append(contentsOf: line)
        ranges.append(from..<buffer.count)
        endOffset = start + UInt64(line.count) + 1
    }

    /// The parsed lines, in order; the batch is emptied.
    mutating func parse() -> [TranscriptLine] {
        defer {
            buffer.removeAll(keepingCapacity: true)
            ranges.removeAll(keepingCapacity: true)
        }
        let count = ranges.count
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, max(count / 64, 1))
        let ranges = self.ranges
        return buffer.withUnsafeBytes { bytes in
            guard workers > 1 else { return ranges.map { TranscriptLineParser.parse(.init(rebasing: bytes[$0])) } }
            var results = [TranscriptLine](repeating: .skipped, count: count)
            results.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let output = buffer
                nonisolated(unsafe) let bytes = bytes
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    for index in stride(from: worker, to: count, by: workers) {
                        output[index] = TranscriptLineParser.parse(.init(rebasing: bytes[ranges[index]]))
                    }
                }
            }
            return results
        }
    }
}
