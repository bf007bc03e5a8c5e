import CompanionVault
import Foundation

/// Formatting for `keys audit` and `keys show`.
enum AuditFormat {
    /// `yyyy-MM-dd HH:mm'Z'` in UTC, or `never`. Built from `gmtime_r`'s fields rather than with a
    /// `DateFormatter`, whose first use loads ICU's locale and calendar data (a tenth of the CPU time of a
    /// `keys show`, measured with `perf record`).
    static func date(_ date: Date?) -> String {
        guard let date else { return "never" }
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var utc = tm()
        guard gmtime_r(&seconds, &utc) != nil else { return "never" }
        let day = "\(padded(utc.tm_year + 1900, 4))-\(padded(utc.tm_mon + 1, 2))-\(padded(utc.tm_mday, 2))"
        return "\(day) \(padded(utc.tm_hour, 2)):\(padded(utc.tm_min, 2))Z"
    }

    /// `value` in decimal, zero-padded on the left to `width` digits.
    private static func padded(_ value: Int32, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func mode(_ mode: UInt16) -> String { VaultAuditReport.octal(mode) }

    /// Left-aligned columns separated by two spaces.
    static func table(_ header: [String], _ rows: [[String]]) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
    }
}
