import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What `/proc/<pid>/stat` says about a process: its process group and its start time (clock ticks since boot),
/// which tells a live process from a later one that reuses its pid.
struct ProcessStat: Equatable {
    let pid: Int32
    let processGroup: Int32
    let startTime: UInt64

    /// Reads `/proc/<pid>/stat`; nil when there is no such process (or it is a zombie).
    init?(pid: Int32) {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm) ": field 3 (state) is index 0, so field N is index N - 3.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, fields[0] != "Z", let group = Int32(fields[2]), let start = UInt64(fields[19]) else {
            return nil
        }
        self.pid = pid
        processGroup = group
        startTime = start
    }

    /// Every live process in process group `group`.
    static func members(ofGroup group: Int32) -> [ProcessStat] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.compactMap { ProcessStat(pid: $0) }.filter {
            $0.processGroup == group
        }
    }

    /// This boot's id (`/proc/sys/kernel/random/boot_id`): no process of another boot is alive.
    static var bootID: String {
        ((try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
