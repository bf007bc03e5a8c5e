import Testing

@testable import CompanionCrypto

@Test func buildsCryptoTests() {}
