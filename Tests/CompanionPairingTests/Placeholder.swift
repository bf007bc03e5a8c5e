import Testing

@testable import CompanionPairing

@Test func buildsPairingTests() {}
