import Foundation

/// How long a test's client waits for an answer when the test measures no time.
///
/// The suite runs hundreds of tests at once in one process on a small machine, often beside a build. An in-process
/// sidecar answers on the same concurrency pool as all of them, so one answer can wait many seconds for a thread:
/// the clients' 10 s default failed tests under load ("the sidecar did not answer in time") although nothing was
/// wrong. A test that is about timing sets its own, short deadline instead.
public enum TestDeadline {
    /// In seconds, for the `timeout:` of `CompanionAPIClient`, `TaskClient`, `WorkstationPairing`, `Companion` and
    /// `OwnerControl`.
    public static let seconds: TimeInterval = 300
    /// The same, for `SidecarTransport`.
    public static let duration: Duration = .seconds(300)
}
