import ArgumentParser
import CompanionSidecar

/// `companion sidecar serve`'s connection limits (see SECURITY.md, "Connections").
struct SidecarConnectionOptions: ParsableArguments {
    @Option(
        name: .customLong("header-timeout"),
        help: "Seconds a client has to send a complete request head before its connection is closed.")
    var headerTimeout: Double = 10

    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may stay silent (not waiting for an answer) before it is closed.")
    var idleTimeout: Double = 60

    @Option(
        name: .customLong("max-connections"),
        help: "Most connections open at once; at the cap the longest-idle one is closed to make room.")
    var maxConnections = 4096

    /// The limits, or a usage failure naming the bad value.
    func limits() throws -> ConnectionLimits {
        guard headerTimeout > 0, headerTimeout <= 3600, idleTimeout > 0, idleTimeout <= 86_400 else {
            throw CLIFailure(
                .usage, "--header-timeout and --idle-timeout must be positive (at most 1 h and 1 day)",
                hint: "the defaults are 10 and 60 seconds")
        }
        guard maxConnections >= 16, maxConnections <= 1_000_000 else {
            throw CLIFailure(.usage, "--max-connections must be between 16 and 1000000", hint: "the default is 4096")
        }
        return ConnectionLimits(
            headerTimeout: .milliseconds(Int64(headerTimeout * 1000)),
            idleTimeout: .milliseconds(Int64(idleTimeout * 1000)), maxConnections: maxConnections)
    }
}
