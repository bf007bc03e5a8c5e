import Testing

@testable import CompanionPairing

@Test func PairingTestsBuilds() {}
