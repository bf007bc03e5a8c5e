import CompanionDiscovery
import Foundation

/// The question "which workstation?" when discovery finds several: asked on the terminal only.
enum WorkstationChooser {
    /// A chooser for `Companion.discoverOne(timeout:choose:)`, or nil when nobody can be asked (with `--json`, or
    /// when standard input or standard error is not a terminal): the several workstations are then the error.
    static func onTerminal(json: Bool) -> (@Sendable ([DiscoveryRecord]) async -> DiscoveryRecord?)? {
        guard !json, CommandContext.current.input.isTerminal, Terminal.stderrIsTTY else { return nil }
        return { records in
            writeStandardError(question(records))
            let answer = CommandContext.current.input.readLine(true)?.trimmingCharacters(in: .whitespaces) ?? ""
            guard let number = Int(answer), records.indices.contains(number - 1) else { return nil }
            return records[number - 1]
        }
    }

    /// The numbered list and the question. Names, addresses and fingerprints came over the network: escaped.
    static func question(_ records: [DiscoveryRecord]) -> String {
        var text = "Several workstations answered on this network:\n"
        for (index, record) in records.enumerated() {
            text += "  [\(index + 1)] \(Terminal.safe(record.workstation ?? record.instance)) at "
            text += Terminal.safe(record.url)
            if let key = record.shortFingerprint { text += " (key \(Terminal.safe(key)))" }
            text += "\n"
        }
        return text + "Which one? [1-\(records.count), anything else cancels] "
    }
}
