import Testing

@testable import CompanionSidecar

@Test func buildsSidecarTests() {}
