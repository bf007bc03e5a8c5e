import Testing

@testable import CompanionClient

@Test func buildsEndToEndTests() {}
