import Testing

@testable import CompanionVault

@Test func buildsVaultTests() {}
