import Foundation

/// The expiry countdown of `companion sidecar pair`: redrawn in place on a terminal, one plain line every
/// ten seconds otherwise (logs, pipes).
struct PairingCountdown {
    let expiresAt: Date
    let interactive: Bool
    private var lastPlainLine: Int?

    init(expiresAt: Date, interactive: Bool) {
        self.expiresAt = expiresAt
        self.interactive = interactive
    }

    /// Whole seconds left at `now`, never negative.
    func secondsLeft(at now: Date) -> Int {
        max(0, Int(expiresAt.timeIntervalSince(now).rounded(.up)))
    }

    /// `1:54` for 114 seconds.
    static func clock(_ seconds: Int) -> String {
        let rest = seconds % 60
        return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
    }

    /// Draws the countdown for `now`.
    mutating func draw(at now: Date) {
        let left = secondsLeft(at: now)
        if interactive {
            write("\r\u{1B}[2K  code expires in \(Self.clock(left))")
        } else if left % 10 == 0 || lastPlainLine == nil, lastPlainLine != left {
            lastPlainLine = left
            write("code expires in \(left) s\n")
        }
    }

    /// Ends the countdown line before other output.
    func finish() {
        if interactive { write("\r\u{1B}[2K") }
    }

    private func write(_ text: String) {
        writeStandardOutput(text)
    }
}
