import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Terminal {
    /// The width tables are fitted to: `$COLUMNS` when set to a number, else the terminal's width when standard
    /// output is a terminal, else nil (output to a file or pipe is never cut).
    static var columns: Int? {
        if let text = CommandContext.current.variable("COLUMNS"), let value = Int(text), value > 0 { return value }
        guard stdoutIsTTY else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
