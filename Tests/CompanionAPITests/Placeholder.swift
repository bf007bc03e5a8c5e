import Testing

@testable import CompanionAPI

@Test func buildsAPITests() {}
