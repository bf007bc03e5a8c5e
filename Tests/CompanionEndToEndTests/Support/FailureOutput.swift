import CompanionTestSupport
import Foundation
import Testing

/// What every failure looks like: one `companion: error:` line on stderr, then a hint line, a documented
/// exit code, and never a crash.
enum FailureOutput {
    /// The first stderr line is the one-line error; a hint follows.
    static func expect(_ result: ProcessRunner.Result, status: Exit, mentioning text: String) {
        #expect(result.status == status, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("companion: error: ") == true, "\(result)")
        #expect(lines.first?.localizedCaseInsensitiveContains(text) == true, "\(result)")
        #expect(lines.count <= 2 && lines.last?.hasPrefix("  hint: ") == true, "\(result)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"))
    }
}
