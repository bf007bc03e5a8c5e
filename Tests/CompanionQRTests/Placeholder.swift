import Testing

@testable import CompanionQR

@Test func buildsQRTests() {}
