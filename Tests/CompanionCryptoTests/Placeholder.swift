import Testing

@testable import CompanionCrypto

@Test func CryptoTestsBuilds() {}
