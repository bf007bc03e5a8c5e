import Testing

@testable import CompanionAPI

@Test func APITestsBuilds() {}
