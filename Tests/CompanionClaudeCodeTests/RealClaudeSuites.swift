import Testing

/// The suites that run the real `claude` CLI, one at a time: each run is a process of its own, and a dozen of
/// them at once on a 2-core machine (beside the rest of the suite) is load the tests should not depend on.
@Suite(.serialized) enum RealClaudeSuites {}
