import ArgumentParser
import Foundation

/// The one place the CLI ends its process: the program's end of a command (``CommandContext/end(_:)``) and of a
/// command line ArgumentParser refused (``CompanionCommandLine/runAsProgram()``).
enum ProgramEnd {
    /// Ends the process with `status`, on the calling thread. Returning instead would end it from the main queue,
    /// which dispatch_main serves from a newly started thread (strace -f of `keys show`): one more thread to start
    /// and be scheduled at the very end, which on a loaded machine is a wait of its own.
    static func exit(_ status: Int32) -> Never {
        Foundation.exit(status)
    }
}

extension CommandContext {
    /// A command ended with `status`: the program ends now (``ProgramEnd``); in-process, the status is thrown as an
    /// `ExitCode`, which ``CompanionCommandLine/run(_:context:)`` returns.
    func end(_ status: Int32) throws(ExitCode) {
        if endsProcess { ProgramEnd.exit(status) }
        throw ExitCode(status)
    }
}
