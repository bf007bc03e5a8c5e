import CompanionKit
import Foundation

/// Shows the time left on a pairing code: redrawn in place on a terminal, plain lines otherwise.
struct CountdownDisplay {
    /// True when standard output is a terminal (redraw in place).
    let interactive: Bool

    init(interactive: Bool = Terminal.stdoutIsTTY) { self.interactive = interactive }

    /// The countdown text for `seconds` left.
    static func text(_ seconds: Int, prompt: String) -> String {
        "\(prompt) (code expires in \(ClientText.countdown(seconds)))"
    }

    /// Draws the countdown: overwrites the current line on a terminal; otherwise prints a line when `force` is
    /// set or on every tenth second, so that logs show progress without flooding.
    func draw(_ seconds: Int, prompt: String, force: Bool = false) {
        let line = Self.text(seconds, prompt: prompt)
        if interactive {
            write("\r\u{1B}[2K" + line)
        } else if force || seconds % 10 == 0 {
            write(line + "\n")
        }
    }

    /// Ends an in-place line so the next output starts on a fresh line.
    func finish() {
        if interactive { write("\r\u{1B}[2K") }
    }

    /// Waits until the person presses Enter, redrawing the countdown each second.
    /// Returns false when the code expired first, or standard input ended without a line.
    func waitForEnter(_ prompt: PairingPrompt, text: String) async -> Bool {
        let waiter = LineWaiter()
        waiter.start()
        var first = true
        var lastDrawn: Int?
        while true {
            let seconds = prompt.secondsRemaining()
            if let expiresAt = prompt.expiresAt, Date() >= expiresAt {
                finish()
                return false
            }
            if let seconds, seconds != lastDrawn {
                draw(seconds, prompt: text, force: first)
                lastDrawn = seconds
            } else if seconds == nil && first {
                write(text + (interactive ? " " : "\n"))  // no known expiry: the prompt alone
            }
            first = false
            if let result = waiter.result {
                finish()
                return result
            }
            try? await Task.sleep(for: .milliseconds(200))
        }
    }

    private func write(_ text: String) {
        writeStandardOutput(text)
    }
}

/// Reads one line from standard input on its own thread (reading blocks; the countdown must not).
private final class LineWaiter: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Bool?

    /// nil while waiting; true once a line was read; false at end of input.
    var result: Bool? { lock.withLock { outcome } }

    func start() {
        Thread { [self] in
            let line = CommandContext.current.input.readLine(true)
            lock.withLock { outcome = line != nil }
        }.start()
    }
}
