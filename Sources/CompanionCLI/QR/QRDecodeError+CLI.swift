import CompanionKit
import CompanionQR

extension QRDecodeError: CLIFailureConvertible {
    /// The documented exit code for this failure.
    var exitStatus: ExitStatus { CompanionError.from(self).exitStatus }

    var cliFailure: CLIFailure { CompanionError.from(self).cliFailure }

    /// True when the description already includes the file's path.
    var mentionsPath: Bool {
        if case .unreadable = self { return true }
        return false
    }
}

extension QREncodeError: CLIFailureConvertible {
    var cliFailure: CLIFailure {
        switch self {
        case .empty: CLIFailure(.usage, description, hint: "give the text as an argument or with --stdin")
        case .tooLong: CLIFailure(.usage, description, hint: "shorten the text or use a lower --level (L)")
        case .invalidOption: CLIFailure(.usage, description, hint: "see `companion qr encode --help`")
        case .failed: CLIFailure(.failure, description, hint: "please report this with the command you ran")
        case .libraryUnavailable(let missing):
            CLIFailure(.failure, description, hint: "install it: apt-get install \(missing.package)")
        }
    }
}
