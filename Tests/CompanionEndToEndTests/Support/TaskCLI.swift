import CompanionTestSupport
import Foundation

extension ProcessRunner.Result {
    /// The `line N` numbers printed, in order.
    var numbers: [Int] {
        stdout.split(separator: "\n").filter { $0.hasPrefix("line ") }.compactMap { Int($0.dropFirst(5)) }
    }
}

/// The `line N` numbers in `text`, in order.
func lineNumbers(_ text: String) -> [Int] {
    text.split(separator: "\n").filter { $0.hasPrefix("line ") }.compactMap { Int($0.dropFirst(5)) }
}

/// A private (0700) temporary directory for one test: a sidecar refuses a data directory others can enter.
func temporaryDirectory() throws -> URL {
    try TestPaths.temporaryDirectory("companion-e2e")
}
